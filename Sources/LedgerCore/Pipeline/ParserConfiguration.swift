/// What a compile tells its parsers, as one value given to each of them:
/// the first parser (`readJournal`), the editor's chunked compile
/// (`ChunkedJournal`) and a split read's second parser (which takes its
/// first's). A new option is a field here, so no setup can forget it.
/// (`ParsedChunk`, which reads one chunk's lines and no directive but `P`,
/// needs only the year and the check stream.)
struct ParserConfiguration {
    var currentYear: Int?
    var parallelThreshold = JournalParser.defaultParallelThreshold
    var splitPermille = 500
    var overlay: [String: [UInt8]] = [:]
    var files: IncludedFiles?
    var readsInclude: (@Sendable (String) -> Result<FileBytes, FileError>)?
    var readsPlainDirectly = true

    init(_ options: CompileOptions) {
        currentYear = options.today?.year
        parallelThreshold = options.parallelThreshold
        splitPermille = options.splitPermille
        overlay = options.overlay
        files = options.files
        readsInclude = options.readsInclude
        readsPlainDirectly = options.readsPlainTransactionsDirectly
    }
}

extension JournalParser {
    /// The parser's configuration, read from and written to its fields.
    var configuration: ParserConfiguration {
        get {
            var c = ParserConfiguration(CompileOptions())
            c.currentYear = currentYear
            c.parallelThreshold = parallelThreshold
            c.splitPermille = splitPermille
            c.overlay = overlay
            c.files = files
            c.readsInclude = readsInclude
            c.readsPlainDirectly = readsPlainDirectly
            return c
        }
        set {
            currentYear = newValue.currentYear
            parallelThreshold = newValue.parallelThreshold
            splitPermille = newValue.splitPermille
            overlay = newValue.overlay
            files = newValue.files
            readsInclude = newValue.readsInclude
            readsPlainDirectly = newValue.readsPlainDirectly
        }
    }
}
