/// One input: a path as the user gave it and the file's bytes.
public struct InputFile: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// The result of one compile: the sources, every diagnostic, and the ledger.
public struct Compilation {
    public let sources: SourceManager
    public let diagnostics: DiagnosticEngine
    public let ledger: Ledger
    /// Indices in `sources` of the files given to `compile` (the others were included).
    public let rootFiles: [Int]

    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// Runs the pipeline: parse (with includes) → check → expand.
public func compile(_ inputs: [InputFile], until: CivilDate, options: CheckOptions = CheckOptions()) -> Compilation {
    let sources = SourceManager()
    let diagnostics = DiagnosticEngine()
    let parser = JournalParser(sources: sources, diagnostics: diagnostics)
    parser.currentYear = options.today?.year
    parser.parallelThreshold = options.parallelThreshold
    parser.splitPermille = options.splitPermille
    parser.overlay = options.overlay
    if options.onlyChecks && !options.strict && !options.checkPayees { parser.stream = CheckStream() }
    var rootFiles: [Int] = []
    for input in inputs {
        let index = sources.add(SourceFile(path: input.path, bytes: input.bytes))
        rootFiles.append(index)
        parser.parse(fileIndex: index)
    }
    var journal = parser.finish()
    if let stream = journal.stream, stream.touchedAny(journal.tradedPairs) {
        // A transaction let go moved a position that turned out to be traded
        // later in the input: positions need it whole, so read everything again.
        var keepAll = options
        keepAll.onlyChecks = false
        return compile(inputs, until: until, options: keepAll)
    }
    Checker(diagnostics: diagnostics, options: options).check(&journal)
    let ledger = Expander(until: until, diagnostics: diagnostics).expand(consume journal)
    // The oversell check: positions replayed in date order.
    if !ledger.journal.tradedPairs.isEmpty {
        _ = Portfolio(ledger, diagnostics: diagnostics)
    }
    return Compilation(sources: sources, diagnostics: diagnostics, ledger: ledger, rootFiles: rootFiles)
}
