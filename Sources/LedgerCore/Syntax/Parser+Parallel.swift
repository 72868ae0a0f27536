#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a large file with two parsers at once.
///
/// The file is cut into pieces, each starting at a transaction header. This
/// parser reads them from the front, one after another; a second thread
/// reads them from the back, each with a parser of its own, until the two
/// meet. Whichever thread is faster reads more pieces, so neither waits long
/// for the other (the two cores of a shared machine seldom run at the same
/// speed).
///
/// A piece's own parser starts in the state a file starts in (no `decimal-mark
/// ,`, aliases, `apply account`, `D`, comma-format commodities, and the year
/// the file started with), so its work counts only when everything before it
/// ends in that same state, outside a `comment` block; and it stops ("bails
/// out") at any directive other than `P`, since a directive may change how
/// the lines after it read. From the first piece whose work does not count,
/// this parser reads the rest itself: the result is the same either way,
/// only slower.
///
/// A piece's parser interns names into tables of its own; `absorb` maps its
/// ids into this parser's tables in the order the names first appear, which
/// gives every account and commodity the id a single parser would give it.
extension JournalParser {
    /// Files at least this large are split, unless `CheckOptions` says otherwise.
    public static let defaultParallelThreshold = 1 << 20
    /// About how large a piece of a split file's middle is.
    public static let defaultPieceBytes = 2 << 20

    static var cores: Int { onlineCores }

    /// The fewest pieces the middle fifth of a split file is cut into: a
    /// twentieth of the file each at most, so that the two threads end
    /// within about that of each other. (Cut in one, a file of 12 MB, as
    /// each of a 1M journal's 10 included files is, was read three fifths by
    /// this thread and two by the other.)
    static let fewestMiddlePieces = 4

    /// Where the pieces after the first start: transaction headers, in
    /// order; nil for small files or one core. A file of less than three
    /// pieces' size is cut once, at `splitPermille` of it. A larger one has
    /// a large piece at each end, two fifths of it each (each thread's first,
    /// read with no piece's cost), and the fifth between them in pieces of
    /// about `pieceBytes` (smaller where that makes fewer than
    /// `fewestMiddlePieces`), which the faster thread reads more of.
    func pieceStarts(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> [Int]? {
        let n = buf.count, span = n - start, pieceBytes = max(1, configuration.pieceBytes)
        guard span >= configuration.parallelThreshold, JournalParser.cores > 1, !speculative else { return nil }
        var targets: [Int]
        if span < 3 * pieceBytes {
            targets = [start + span * min(max(configuration.splitPermille, 0), 1000) / 1000]
        } else {
            let outer = span * 2 / 5, middle = span - 2 * outer
            let pieces = min(1_000, max(JournalParser.fewestMiddlePieces, middle / pieceBytes))
            targets = (0...pieces).map { start + outer + middle * $0 / pieces }
        }
        // Each after the one before (the first after the file's first byte).
        var starts: [Int] = [], before = start
        for target in targets {
            guard let header = header(buf, atOrAfter: max(target, before + 1)) else { break }
            starts.append(header)
            before = header
        }
        return starts.isEmpty ? nil : starts
    }

    /// The first transaction header at or after `i` (a line that starts with a digit).
    private func header(_ buf: UnsafeBufferPointer<UInt8>, atOrAfter i: Int) -> Int? {
        guard let base = buf.baseAddress else { return nil }
        let n = buf.count
        var i = i
        while i < n {
            guard let p = memchr(base + i, 0x0A, n - i) else { return nil }
            let next = base.distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
            if next < n, Lexer.isDigit(buf[next]) { return next }
            i = next
        }
        return nil
    }

    /// The state every file starts in: nothing carried over that changes how a line reads.
    var inStartingState: Bool {
        reader.isFresh && entry == nil
    }

    /// Reads the file from `contentStart` in pieces (`starts`: where each
    /// after the first begins), here and on a second thread at once; returns
    /// where this parser must read on from itself (the file's end when
    /// every piece's work was taken), with `block` as it stands.
    /// `prepared`: the file's pieces, which a thread is already reading
    /// from the back (`Parser+NextInclude.swift`).
    func readInParallel(_ buf: UnsafeBufferPointer<UInt8>, pieceStarts starts: [Int], block: inout BlockComment?,
                        prepared: PreparedInclude? = nil) -> Int {
        let startedClean = inStartingState, startYear = reader.file.defaultYear
        let pieced: PiecedFile
        if let prepared {
            // (Read with another year: this parser reads the whole file.)
            guard prepared.defaultYear == startYear else {
                prepared.pieced.pieces.cancel()
                return currentFile.contentStart
            }
            pieced = prepared.pieced
        } else {
            pieced = PiecedFile(file: currentFile, bounds: [currentFile.contentStart] + starts + [buf.count],
                                makeParser: pieceParserMaker(fileIndex: fileIndex, file: currentFile,
                                                             defaultYear: startYear, releasesReadPages: releasesReadPages))
            startPieceThread(pieced)
        }
        // The file the next line includes, read on by the same thread.
        if let upcoming = upcomingInclude {
            upcomingInclude = nil
            nextInclude?.pieced.pieces.cancel()
            nextInclude = pieced.offerNext(upcoming.pieced) ? upcoming : nil
        }
        let bounds = pieced.bounds, pieces = pieced.pieces
        // This thread's pieces, from the front: the first, then each it takes.
        var piece: Int? = 0, next = 0
        while let j = piece {
            parseLines(buf, from: bounds[j], to: bounds[j + 1], block: &block)
            flushEntry()
            next = j + 1
            piece = pieces.takeFirst()
        }
        pieced.backRead.wait()
        // The other's pieces, in order, while each starts where the one before it ended clean.
        guard startedClean, inStartingState, reader.file.defaultYear == startYear, block == nil,
              !commandAliasesEnded || configuration.aliases.isEmpty else { return bounds[next] }
        var errors = diagnostics.errorCount
        for j in next..<(bounds.count - 1) {
            guard let (parser, open) = pieces.read(j), !parser.bailedOut else { return bounds[j] }
            let last = j == bounds.count - 2
            // (Past the error limit a single parser stops at an exact line: read on here to stop at the same one.)
            errors += parser.diagnostics.errorCount
            // (As the bail-out rules stand, a piece that did not bail out ends in
            // the starting state: this keeps the rule whole should they change.)
            guard errors <= diagnostics.limit,
                  last || (parser.inStartingState && parser.reader.file.defaultYear == startYear && open == nil) else { return bounds[j] }
            if parser.mustReadAgain { mustReadAgain = true }
            if last, let open {
                parser.diagnostics.warning(Messages.unclosedBlockComment, at: parser.location(open.start))
            }
            absorb(parser)
            piecesReadElsewhere += 1
        }
        return buf.count
    }

    /// Makes the parser of a piece on the other thread: this one's settings,
    /// taken now, with the file's own (its index, the file, the year it
    /// starts with, whether its pages are given back), and a sink of its own.
    func pieceParserMaker(fileIndex: Int, file: SourceFile, defaultYear: Int?, releasesReadPages: Bool) -> @Sendable () -> JournalParser {
        let setup = PieceSetup(sources: sources, errorLimit: diagnostics.limit, configuration: configuration,
                               releasesReadPages: releasesReadPages, checksUTF8AsItReads: checksUTF8AsItReads,
                               fileIndex: fileIndex, file: file, currentYear: currentYear,
                               defaultYear: defaultYear, sink: sink?.makeSecond())
        return {
            let parser = JournalParser(sources: setup.sources, diagnostics: DiagnosticEngine(limit: setup.errorLimit))
            parser.configuration = setup.configuration
            parser.speculative = true
            parser.releasesReadPages = setup.releasesReadPages
            parser.checksUTF8AsItReads = setup.checksUTF8AsItReads
            parser.fileIndex = setup.fileIndex
            parser.currentFile = setup.file
            parser.currentYear = setup.currentYear
            parser.reader.file.defaultYear = setup.defaultYear
            parser.sink = setup.sink?.makeSecond()
            return parser
        }
    }

    /// Takes in what a second parser read after everything this one read;
    /// `keepingIt`: the chunk whose parser it is, which keeps its journal
    /// between compiles, so the ids are rewritten in a copy (kept in the chunk).
    func absorb(_ other: JournalParser, keepingIt chunk: (any ChunkWork)? = nil) {
        let keepingIt = chunk != nil
        let (accounts, commodities): ([Int32], [Int32])
        if let chunk {
            // Read where it is: the chunk keeps its journal, and a copy of the whole would be taken in every compile.
            (accounts, commodities) = journal.append(keeping: other.journal, remapped: chunk.remapped, takenOver: transactionsTakenOver)
        } else {
            // Moved out, so that the ids in it are rewritten in place, not copied.
            let theirs = other.journal
            other.journal = Journal()
            (accounts, commodities) = journal.append(consume theirs)
        }
        if let mine = sink, let their = other.sink {
            mine.absorb(their, accounts: accounts, commodities: commodities, consuming: !keepingIt, remapped: chunk?.remappedLetGo)
        }
        diagnostics.absorb(other.diagnostics)
    }
}

/// What a piece's parser takes from the parser that splits the file, taken
/// before the pieces are read (the other thread never reads that parser).
private struct PieceSetup: @unchecked Sendable {
    let sources: SourceManager
    let errorLimit: Int
    let configuration: ParserConfiguration
    let releasesReadPages: Bool
    let checksUTF8AsItReads: Bool
    let fileIndex: Int
    let file: SourceFile?
    let currentYear: Int?
    let defaultYear: Int?
    /// A sink no parser writes to: each piece's is made from it.
    let sink: (any EntrySink)?
}

/// The pieces of a file read at once: which are still to be read (this
/// thread takes them from the front, the other from the back), and the
/// other thread's reads of its own.
final class PieceReads: @unchecked Sendable {
    private struct State {
        var front: Int
        var back: Int
        var cancelled = false
        var reads: [(parser: JournalParser, open: JournalParser.BlockComment?)?]
    }
    private let state: Guarded<State>

    /// `count` pieces (at least two); the first is this thread's, the last the other's.
    init(count: Int) {
        state = Guarded(State(front: 1, back: count - 2, reads: Array(repeating: nil, count: count)))
    }

    /// The next piece from the front, or nil when none is left.
    func takeFirst() -> Int? {
        state.withLock { s in
            guard s.front <= s.back else { return nil }
            s.front += 1
            return s.front - 1
        }
    }

    /// The next piece from the back, or nil when none is left.
    func takeLast() -> Int? {
        state.withLock { s in
            guard s.back >= s.front else { return nil }
            s.back -= 1
            return s.back + 1
        }
    }

    /// No more pieces from the back: the file's reading was dropped (a
    /// prepared file the `include` did not take).
    func cancel() {
        state.withLock { s in
            s.cancelled = true
            s.back = s.front - 1
        }
    }

    /// Whether the reading was dropped.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Keeps the other thread's read of piece `j`.
    func finish(_ j: Int, _ parser: JournalParser, endsInBlock open: JournalParser.BlockComment?) {
        state.withLock { $0.reads[j] = (parser, open) }
    }

    /// The other thread's read of piece `j`, once it has ended; nil for a piece this thread read.
    func read(_ j: Int) -> (parser: JournalParser, open: JournalParser.BlockComment?)? {
        state.withLock { $0.reads[j] }
    }
}
