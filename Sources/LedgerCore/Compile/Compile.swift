/// One input: a path as the user gave it and the file's bytes.
public struct InputFile: Sendable {
    public var path: String
    /// The bytes as read or mapped (`FileIO.readForReading`).
    public var contents: FileBytes
    /// The bytes as an array (for a mapped file, a copy made once).
    public var bytes: [UInt8] {
        get { contents.array }
        set { contents = FileBytes(newValue) }
    }

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, contents: FileBytes(bytes))
    }

    public init(path: String, contents: FileBytes) {
        self.path = path
        self.contents = contents
    }
}

/// The result of one compile: the sources, every diagnostic, and the ledger.
public struct Compilation {
    public let sources: SourceManager
    public let diagnostics: DiagnosticEngine
    public private(set) var ledger: Ledger
    /// Indices in `sources` of the files given to `compile` (the others were included).
    public let rootFiles: [Int]
    /// For a compile in chunks (`ChunkedJournal`): where in the first root
    /// file each chunk starts; chunk `k` is the source file `k + 1`, and the
    /// ledger's places in it are offsets into the chunk. Empty otherwise.
    var chunkStarts: [Int] = []

    public var hasErrors: Bool { diagnostics.hasErrors }

    /// `location` in the file the user wrote: a place in a chunk moved to
    /// its place in the whole file; any other place as it is.
    public func placeInFile(_ location: SourceLocation) -> SourceLocation {
        let k = Int(location.file) - 1
        guard chunkStarts.indices.contains(k) else { return location }
        return SourceLocation(file: rootFiles[0], offset: chunkStarts[k] + Int(location.offset))
    }

    /// The indices in `sources` of the files the journal was read from, in
    /// order: a chunked compile's chunks left out (they are parts of the first).
    public var ownFiles: [Int] {
        sources.files.indices.filter { $0 == 0 || $0 > chunkStarts.count }
    }

    /// Whether this compile was read in chunks (`ChunkedJournal`), its places inside them.
    public var isChunked: Bool { !chunkStarts.isEmpty }

    /// Lets go of what the next compile of the `ChunkedJournal` that made
    /// this one takes over, its ledger's transactions and its check stream,
    /// so that the next compile writes over them where they are instead of
    /// copying them (`TransactionsTakenOver`, `LetGoTransactions.reusable`).
    /// What is left has no transactions: a holder that must keep answering
    /// (serve) lets go only just before it compiles the next text.
    package mutating func letGoOfTransactions() {
        ledger.transactions = []
        ledger.order = []
        ledger.journal.letGo = nil
    }
}

/// Compiles journals: its stages in order, each one named call.
///
/// 1. read and parse the inputs with their includes (`JournalParser`);
/// 2. check: balance every transaction, infer elided amounts, run balance
///    assertions (`Checker`);
/// 3. expand: materialize repeat rules up to the horizon (`Expander`);
/// 4. positions: replay holdings in date order for the oversell check (`Portfolio`).
///
/// Every stage records its problems in the compilation's diagnostics and goes on.
public func compile(_ inputs: [InputFile], options: CompileOptions) -> Compilation {
    let first = compileOnce(inputs, options: options)
    // Automated transactions add postings to transactions read before them:
    // a streaming check that let go of transactions reads again, keeping them.
    if mustKeepEverything(first) {
        var keeping = options
        keeping.mode = .everything
        return compileOnce(inputs, options: keeping)
    }
    return first
}

private func compileOnce(_ inputs: [InputFile], options: CompileOptions) -> Compilation {
    // Mapped files are checked to be UTF-8 as they are read; one that is not
    // (or that stopped early) is read again, checked first.
    var sources = SourceManager(), diagnostics = DiagnosticEngine()
    var read = readJournal(inputs, into: sources, diagnostics: diagnostics, options: options, checksUTF8AsItReads: true)
    if read.mustReadAgain {
        (sources, diagnostics) = (SourceManager(), DiagnosticEngine())
        read = readJournal(inputs, into: sources, diagnostics: diagnostics, options: options)
    }
    // Taken out of `read`, not copied: a journal held twice has its
    // transactions copied at the first change, and each transaction's
    // postings at the balancing of it.
    var journal = Journal()
    swap(&journal, &read.journal)
    return compileRead(consume journal, sources: sources, diagnostics: diagnostics, rootFiles: read.rootFiles, options: options)
}

/// Stages 2 to 4 over a journal read (by `readJournal`, or by a `ChunkedJournal`).
func compileRead(_ journal: consuming Journal, sources: SourceManager, diagnostics: DiagnosticEngine,
                 rootFiles: [Int], options: CompileOptions) -> Compilation {
    // Each stage takes the journal over (`consume`): its transactions move, never copy.
    let checked = checkJournal(consume journal, diagnostics: diagnostics, options: options)
    checkReceipts(checked, sources: sources, diagnostics: diagnostics)
    let ledger = expandRules(consume checked, until: options.horizon, most: options.mostOccurrences, diagnostics: diagnostics)
    checkPositions(ledger, diagnostics: diagnostics)
    FixIts.attach(to: diagnostics, ledger: ledger, sources: sources)
    return Compilation(sources: sources, diagnostics: diagnostics, ledger: ledger, rootFiles: rootFiles)
}

/// Whether a compile in `options` reads with a check stream (`CheckStream`):
/// declarations are checked over whole transactions, so strict modes keep everything.
func streams(_ options: CompileOptions) -> Bool {
    options.mode == .diagnosticsOnly && !options.strict && !options.checkPayees
}

/// Whether a compile that let transactions go must read again, keeping them:
/// automated transactions and splits add postings to transactions read before them,
/// and a card's cycles sum its postings.
func mustKeepEverything(_ c: Compilation) -> Bool {
    c.ledger.journal.letGo != nil && (!c.ledger.journal.automatedRules.isEmpty || !c.ledger.journal.splits.isEmpty || !c.ledger.journal.cardTags.isEmpty)
}

/// `compile` with the horizon given apart (the common call).
public func compile(_ inputs: [InputFile], until: CivilDate, options: CompileOptions = CompileOptions()) -> Compilation {
    var options = options
    options.horizon = until
    return compile(inputs, options: options)
}

/// Stage 1: the inputs, parsed with their includes, in one journal.
/// `mustReadAgain`: `checksUTF8AsItReads` found a mapped file that is not
/// UTF-8, or that stopped early (`JournalParser.mustReadAgain`).
func readJournal(_ inputs: [InputFile], into sources: SourceManager, diagnostics: DiagnosticEngine, options: CompileOptions,
                 checksUTF8AsItReads: Bool = false) -> (journal: Journal, rootFiles: [Int], mustReadAgain: Bool) {
    let parser = JournalParser(sources: sources, diagnostics: diagnostics)
    parser.checksUTF8AsItReads = checksUTF8AsItReads
    parser.configuration = ParserConfiguration(options)
    parser.currentYear = options.today?.year
    if streams(options) { parser.sink = CheckStream(keepingHeaders: options.keepsLetGoHeaders) }
    var rootFiles: [Int] = []
    for input in inputs {
        let index = sources.add(SourceFile(path: input.path, contents: input.contents))
        rootFiles.append(index)
        parser.parse(fileIndex: index)
    }
    return (parser.finish(), rootFiles, parser.mustReadAgain)
}

/// Stage 2: balanced, inferred and asserted.
func checkJournal(_ journal: consuming Journal, diagnostics: DiagnosticEngine, options: CompileOptions) -> Journal {
    Checker(diagnostics: diagnostics, options: options.checks).check(&journal)
    return journal
}

/// Stage 3: the ledger, with each rule's unfulfilled occurrences up to the horizon.
func expandRules(_ journal: consuming Journal, until horizon: CivilDate?, most: Int = Expander.mostOccurrences, diagnostics: DiagnosticEngine) -> Ledger {
    // No horizon: a day before any date, so that no occurrence is generated.
    let until = horizon ?? CivilDate(day: Int32.min)
    var journal = journal
    journal.declareCards(diagnostics: diagnostics)
    let expander = Expander(until: until, diagnostics: diagnostics, most: most)
    return Ledger(expanding: consume journal, with: expander).billingCards(expander).withSplits(diagnostics: diagnostics)
}

/// Stage 4: positions replayed in date order; selling more than was bought is an error.
func checkPositions(_ ledger: Ledger, diagnostics: DiagnosticEngine) {
    guard !ledger.journal.tradedPairs.isEmpty else { return }
    if let memo = ledger.journal.compileMemo, !ledger.journal.chunkParts.isEmpty {
        KeptPositionsCheck.check(ledger, diagnostics: diagnostics, memo: memo)
    } else {
        _ = Portfolio(ledger, diagnostics: diagnostics, keepsTrades: false)
    }
}
