/// What a compile tells its parsers, as one value given to each of them:
/// the first parser (`readJournal`), the editor's chunked compile
/// (`ChunkedJournal`) and a split read's second parser (which takes its
/// first's). A new option is a field here, so no setup can forget it. Made
/// from `CompileOptions` by `init(_:)` (in Compile). `ParsedChunk`, which
/// reads one chunk's lines and no directive but `P`, needs none of it.
struct ParserConfiguration {
    /// Files at least this large are read by two parsers at once.
    var parallelThreshold = JournalParser.defaultParallelThreshold
    /// Where a second parser starts, in thousandths of the file.
    var splitPermille = 500
    /// Texts that take the place of files on disk, by path as joined from
    /// `include` (an editor's unsaved buffers, a write being checked).
    var overlay: [String: [UInt8]] = [:]
    /// Included files from elsewhere than the disk (`CompileOptions.files`).
    var files: IncludedFiles?
    /// How an `include` on disk is read (`CompileOptions.readsInclude`).
    var readsInclude: (@Sendable (String) -> Result<FileBytes, FileError>)?
    /// Plain transactions are read straight into the check stream (tests turn
    /// it off to compare with the general path).
    var readsPlainDirectly = true
}
