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
    /// About how large a piece of a file read at once is (a file of up to
    /// two pieces is cut once, at `splitPermille`).
    var pieceBytes = JournalParser.defaultPieceBytes
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
    /// The work `/REGEX/` aliases may take (`CompileOptions.mostPatternSteps`).
    var mostPatternSteps = PatternWork.most
    /// Aliases from the command line (`CompileOptions.aliases`).
    var aliases: [AccountAlias] = []
}

/// An account alias given on the command line (hledger's `--alias`):
/// `OLD=NEW` renames OLD and its subaccounts, `/REGEX/=NEW` replaces what
/// the regular expression matches (case-insensitive, `\1` for its groups).
public struct AccountAlias: Sendable {
    let old: String
    let new: String
    let regex: LinearRegex?

    /// Nil when the text is not `OLD=NEW`, or its regular expression does not read.
    public init?(_ text: String) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        old = String(parts[0]).trimmingSpaces
        new = String(parts[1]).trimmingSpaces
        guard !old.isEmpty else { return nil }
        if old.count >= 2, old.hasPrefix("/"), old.hasSuffix("/") {
            guard let r = try? LinearRegex(String(old.dropFirst().dropLast())) else { return nil }
            regex = r
        } else {
            regex = nil
        }
    }
}
