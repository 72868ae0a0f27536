#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One large journal file, compiled again after every edit (the language
/// server's check as the user types).
///
/// The same stages as `compile`, over a file read as a head and chunks of
/// about `chunkSize` bytes, each starting at a transaction header. A chunk
/// is read once, on its own (`ParsedChunk`), and kept; an edit re-reads only
/// the chunks it touched, and every other chunk's work (its transactions, its
/// check stream, its diagnostics) is taken in as it was read. The head is
/// read again in every compile: an edit in it only moves where it ends. The
/// diagnostics are those `compile` gives, at the same places
/// (`IncrementalCompileTests` compares them after random edits).
///
/// Inside a chunk, the ledger's locations are offsets into the chunk (a
/// source file of its own in `sources`): the diagnostics are moved to the
/// file's own places, and `Compilation.placeInFile` moves any other; use
/// `compile` for a ledger to report on. `ledgerc diff` compiles one side,
/// then lays the other out over the same chunks (`realign`), so that the text
/// two versions share is read once.
public final class ChunkedJournal {
    public let path: String
    /// Where chunks are cut: at the first transaction header this far past the last cut.
    let chunkSize: Int

    /// A chunk in file order; its index in `slots` is its file index in every
    /// compile (less one), fixed until the chunks are planned again. A slot
    /// emptied by an edit that joined chunks holds no chunk.
    struct Slot {
        var start: Int
        var end: Int
        var chunk: ParsedChunk?
    }

    /// How much of the new text is as `text` at its start and end, when the caller knew (`compile(_:options:unchanged:)`).
    private var editedEnds: (prefix: Int, suffix: Int)?
    /// How many bytes the text the chunks were cut from had. That text is
    /// not kept: its head is (`head`), and each chunk holds its own part, so
    /// that an editor's document held by nothing else is edited where it lies.
    var textCount = 0
    /// The bytes of the head of that text.
    private var head: [UInt8] = []
    /// The serial number of the source file that text came as, when it came
    /// as one (an editor's document: `SourceFile.serial`).
    private var textSerial: Int?
    /// The head, read in every compile, ends here (the first chunk's start).
    var headEnd = 0
    var slots: [Slot] = []
    /// What the chunks were read with: the year of year-less dates, a check
    /// stream or not, and whether the stream keeps its headers' fingerprints
    /// (`CompileOptions.keepsLetGoHeaders`).
    var year: Int?
    var streaming = false
    var keepsHeaders = false
    /// How many slots in a row a group of chunks spans (`ChunkGroup`), set
    /// when the chunks are planned; 0: each chunk is taken in on its own.
    private var groupSize = 0
    /// The groups the last compile took in, by the slots they span (`groupSize` each).
    private var groups: [ChunkGroup?] = []
    /// What the last compile's stages found (`CompileMemo`): the position
    /// check's errors, said again when an edit left the trades as they were.
    let compileMemo = CompileMemo()
    /// The last compile's check stream (`compile(_:options:unchanged:)`).
    private var lastLetGo: LetGoTransactions?
    /// The last compile's ledger's transactions, taken over by the next (`TransactionsTakenOver`).
    private var lastTransactions: TransactionsTakenOver?
    /// Whether a compile takes over the last one's transactions (a test compares with one that does not).
    var takesOverTransactions = true
    /// How many chunk parts compiles left where the last compile put them (`TransactionsTakenOver`).
    var transactionPartsLeft = 0
    /// How many chunks were read so far (a test sees that an edit reads one).
    public internal(set) var chunksRead = 0
    /// How many chunks compiles took in as they were read, without reading them again.
    public private(set) var chunksTakenIn = 0
    /// How many bytes the last `realign` read and compared to find the chunks again.
    var searchWork = 0

    /// How a new text is matched with the chunks: as one edit first (the
    /// editor's, `patch`), or, when set, at once as another version of the
    /// file edited anywhere (`ledgerc diff`'s, `realign`).
    public var findsMovedChunks = false

    public init(path: String, chunkSize: Int = 64 << 10) {
        self.path = path
        self.chunkSize = max(chunkSize, 1)
    }

    /// The compile of `bytes` (the file's whole new text), as
    /// `compile([InputFile(path: path, bytes: bytes)], options: options)` gives it.
    public func compile(_ bytes: [UInt8], options: CompileOptions) -> Compilation {
        compile(SourceFile(path: path, bytes: bytes), options: options)
    }

    /// The compile of the file's whole new text, given as a source file (an
    /// editor's document, whose line starts are known already).
    ///
    /// `unchanged`, when given, says how much of the text is as it was in
    /// the file `since`: at least its first `prefix` and last `suffix` bytes
    /// (an editor knows where it edited). When `since` is the text last
    /// compiled, the chunks are moved by it, and the texts are not compared.
    public func compile(_ file: SourceFile, options: CompileOptions,
                        unchanged: (since: Int, prefix: Int, suffix: Int)? = nil) -> Compilation {
        editedEnds = unchanged.flatMap { u in
            guard let last = textSerial, u.since == last else { return nil }
            let n = min(textCount, file.byteCount)
            let prefix = min(u.prefix, n)
            return (prefix, min(u.suffix, n - prefix))
        }
        // The last compile's check stream, when nothing else holds it: this
        // one writes over its arrays only what changed (`LetGoTransactions.reusable`).
        var last = lastLetGo
        lastLetGo = nil
        let transactions = lastTransactions
        lastTransactions = nil
        let compiled = layOut(file, options: options, reusing: isKnownUniquelyReferenced(&last) ? last : nil, transactions: transactions)()
        lastLetGo = compiled.compilation.ledger.journal.letGo
        transactionPartsLeft += transactions?.partsLeft ?? 0
        // (A diff lays its two sides out over the same chunks: neither takes over the other's.)
        let ledger = compiled.compilation.ledger
        lastTransactions = findsMovedChunks || !takesOverTransactions ? nil : TransactionsTakenOver(ledger.transactions, of: ledger.journal)
        textSerial = file.serial
        chunksTakenIn += compiled.chunksTakenIn
        return compiled.compilation
    }

    /// Lays the chunks out over the file's new text, reading again the
    /// chunks it needs, and returns the rest of its compile: that reads only
    /// what it is given (the chunks as laid out now, read by no one after),
    /// so it may run on another thread while this journal lays out another
    /// text (`ledgerc diff`'s two sides).
    func layOut(_ file: SourceFile, options: CompileOptions, reusing: LetGoTransactions? = nil,
                transactions: TransactionsTakenOver? = nil) -> () -> (compilation: Compilation, chunksTakenIn: Int) {
        // The file is read here only where an edit touched it, and its head:
        // an editor's document keeps its gap (`SourceFile.replace`).
        let year = options.today?.year
        let keepsHeaders = streams(options) && options.keepsLetGoHeaders
        if year != self.year || streams(options) != streaming || keepsHeaders != self.keepsHeaders
            || !moveChunks(to: file) {
            self.year = year
            streaming = streams(options)
            self.keepsHeaders = keepsHeaders
            plan(file.bytes)
        }
        textCount = file.byteCount
        head = file.bytes(in: 0..<headEnd)
        let runs = takenInRuns()
        let (slots, headEnd, streaming, path, compileMemo, head) = (slots, headEnd, streaming, path, compileMemo, head)
        return {
            // Bytes that are not UTF-8 are reported for the whole file, first: such a file is read at once.
            let headIsUTF8 = head.withUnsafeBufferPointer { invalidUTF8Offsets($0, from: 0, limit: 1).isEmpty }
            guard headIsUTF8, !slots.contains(where: { $0.chunk?.hasInvalidUTF8 ?? false }) else { return (ChunkedJournal.whole(file, options), 0) }

            let sources = SourceManager(), diagnostics = DiagnosticEngine()
            // The parser reads the root's head from a file of its own: the
            // file itself takes its place once read (or when a chunk must be
            // read from it: `JournalParser.parse(fileIndex:headEnd:whole:runs:)`).
            let root = sources.add(SourceFile(path: path, bytes: head))
            for slot in slots { sources.add(slot.chunk?.file ?? SourceFile(path: path, bytes: [])) }
            let parser = JournalParser(sources: sources, diagnostics: diagnostics)
            parser.configuration = ParserConfiguration(options)
            parser.currentYear = year
            if streaming {
                let stream = CheckStream(keepingHeaders: keepsHeaders)
                stream.letGo.reusable = reusing
                parser.sink = stream
            }
            parser.transactionsTakenOver = transactions
            parser.parse(fileIndex: root, headEnd: headEnd, whole: file, runs: runs)
            parser.transactionsTakenOver = nil
            // (Set in the parser's journal: a journal copied here would be copied whole when the checker changes it.)
            parser.journal.compileMemo = compileMemo
            let compilation = compileRead(parser.finish(), sources: sources, diagnostics: diagnostics, rootFiles: [root], options: options)
            sources.replace(root, with: file)
            // Automated transactions and splits need every transaction kept: read at once.
            if mustKeepEverything(compilation) { return (ChunkedJournal.whole(file, options), parser.chunksTakenIn) }
            var chunked = compilation
            chunked.chunkStarts = slots.map(\.start)
            return (Compilation(sources: sources, diagnostics: compilation.diagnostics.relocated(chunked.placeInFile),
                                ledger: compilation.ledger, rootFiles: [root], chunkStarts: chunked.chunkStarts), parser.chunksTakenIn)
        }
    }

    /// The chunks in file order, in runs of `groupSize` slots, with the
    /// group that took each run in: the last compile's when it holds the
    /// same chunks, else made now. A diff's sides take each chunk in on its own.
    private func takenInRuns() -> [(group: ChunkGroup?, chunks: [(chunk: ParsedChunk, start: Int)])] {
        func chunks(_ range: Range<Int>) -> [(chunk: ParsedChunk, start: Int)] {
            slots[range].compactMap { s in s.chunk.map { ($0, s.start) } }
        }
        guard groupSize > 1, !findsMovedChunks, !keepsHeaders else {
            groups = []
            return [(nil, chunks(slots.indices))]
        }
        var runs: [(group: ChunkGroup?, chunks: [(chunk: ParsedChunk, start: Int)])] = []
        var made: [ChunkGroup?] = []
        for (g, start) in stride(from: 0, to: slots.count, by: groupSize).enumerated() {
            let run = chunks(start..<min(start + groupSize, slots.count))
            let members = run.map(\.chunk)
            var group = g < groups.count ? groups[g] : nil
            if let last = group, !last.holds(members) { group = nil }
            if group == nil { group = ChunkGroup(members, limit: DiagnosticEngine().limit) }
            made.append(group)
            runs.append((group, run))
        }
        groups = made
        return runs
    }

    /// Moves the chunks to the new text: as one edit (`patch`), else as
    /// another version edited in several places (`realign`, which
    /// `findsMovedChunks` asks for at once); false when they must be planned again.
    private func moveChunks(to file: SourceFile) -> Bool {
        if findsMovedChunks { return realign(to: file.bytes) }
        let (laidOut, head) = (slots, headEnd)
        if patch(to: file) { return true }
        // Edits far apart (a burst of them, a replacement of every match) make one
        // span too large to patch: the chunks between them are found again.
        (slots, headEnd) = (laidOut, head)
        return realign(to: file.bytes)
    }

    private static func whole(_ file: SourceFile, _ options: CompileOptions) -> Compilation {
        LedgerCore.compile([InputFile(path: file.path, bytes: file.bytes)], options: options)
    }

    /// Cuts `bytes` into a head and chunks, and reads the chunks (on two threads).
    private func plan(_ bytes: [UInt8]) {
        let contentStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        headEnd = ChunkedJournal.headerStart(in: bytes, from: contentStart + chunkSize) ?? bytes.count
        var planned: [(Int, Int)] = []
        var start = headEnd
        while start < bytes.count {
            let end = ChunkedJournal.headerStart(in: bytes, from: start + chunkSize) ?? bytes.count
            planned.append((start, end))
            start = end
        }
        let (cuts, year, path) = (planned, year, path)
        let sink = self.sink
        func read(_ k: Int) -> ParsedChunk {
            let (s, e) = cuts[k]
            return ChunkedJournal.read(bytes[s..<e], path: path, fileIndex: k + 1, year: year, sink: sink())
        }
        let half = cuts.count / 2
        let (first, second) = bothAtOnce({ (0..<half).map(read) }, { (half..<cuts.count).map(read) })
        slots = zip(cuts, first + second).map { Slot(start: $0.0, end: $0.1, chunk: $1) }
        // Runs of about the square root of half the chunks' number: a compile takes in the runs, and the chunks of the one
        // run an edit touched (which cost more each: their records are written again). Measured best of n and n/2 at 100,000.
        groupSize = slots.count >= 4 ? Int((Double(slots.count) / 2).squareRoot().rounded()) : 0
        groups = []
        chunksRead += cuts.count
    }

    /// A chunk of the file read on its own (`ParsedChunk`), its transactions
    /// balanced there where they balance exactly (`Checker.balanceExactly`):
    /// once, not in every compile that takes the chunk in.
    static func read(_ bytes: ArraySlice<UInt8>, path: String, fileIndex: Int, year: Int?, sink: (any EntrySink)?) -> ParsedChunk {
        read(Array(bytes), path: path, fileIndex: fileIndex, year: year, sink: sink)
    }

    /// The same, of bytes already copied out of the file.
    static func read(_ bytes: [UInt8], path: String, fileIndex: Int, year: Int?, sink: (any EntrySink)?) -> ParsedChunk {
        let chunk = ParsedChunk(SourceFile(path: path, bytes: bytes), fileIndex: fileIndex, year: year, sink: sink, limit: DiagnosticEngine().limit)
        Checker.balanceExactly(&chunk.parser.journal)
        return chunk
    }

    /// What takes a chunk's transactions: a check stream when the compiles stream.
    var sink: @Sendable () -> (any EntrySink)? {
        let (streaming, keepsHeaders) = (streaming, keepsHeaders)
        return { streaming ? CheckStream(keepingHeaders: keepsHeaders) : nil }
    }

    /// Moves the chunks to `bytes` and reads again those the edit touched;
    /// false when the chunks must be planned again.
    private func patch(to file: SourceFile) -> Bool {
        guard !slots.isEmpty else { return false }
        let (p, s) = editedEnds ?? ChunkedJournal.commonEnds(lastText(), file.bytes)
        let count = file.byteCount
        if p == textCount && textCount == count { return true }
        let oldEnd = textCount - s, delta = count - textCount
        // A part is untouched when it ends before the edit (a part at the end
        // of the text grows with what is typed after it), or starts after it
        // with the line break before it untouched.
        func before(_ end: Int) -> Bool { end < p || end == p && end < textCount }
        var touched: [Int] = []
        for i in slots.indices where slots[i].chunk != nil {
            if before(slots[i].end) { continue }
            if slots[i].start > oldEnd {
                slots[i].start += delta
                slots[i].end += delta
                continue
            }
            touched.append(i)
        }
        let newEnd = touched.last.map { slots[$0].end + delta }
        // A chunk must start at a transaction header: else it joins the chunk before it.
        var first = touched.first
        while let f = first, !before(headEnd) || !ChunkedJournal.isHeader(file, at: slots[f].start) {
            if before(headEnd), let previous = slots[..<f].lastIndex(where: { $0.chunk != nil }) {
                first = previous
            } else {
                first = nil
            }
        }
        guard let first, let newEnd else {
            // The head takes in the edit and every chunk it touched.
            headEnd = newEnd ?? (headEnd + delta)
            for i in touched { slots[i] = Slot(start: headEnd, end: headEnd, chunk: nil) }
            // A head grown large is read in every compile: plan again.
            return headEnd <= 8 * chunkSize
        }
        let joined = slots[first...].indices.filter { slots[$0].chunk != nil && $0 <= touched.last! }
        let start = slots[first].start
        for i in joined.dropFirst() { slots[i] = Slot(start: newEnd, end: newEnd, chunk: nil) }
        if start < newEnd { chunksRead += 1 }
        slots[first] = Slot(start: start, end: newEnd, chunk: start < newEnd
            ? ChunkedJournal.read(file.bytes(in: start..<newEnd), path: path, fileIndex: first + 1, year: year, sink: sink()) : nil)
        // Chunks that grew large, or many emptied slots: plan again.
        return newEnd - start <= 8 * chunkSize && slots.filter({ $0.chunk == nil }).count <= slots.count / 2
    }

    /// The text the chunks were cut from, put together again from the head
    /// and the chunks (when the caller did not say where it changed).
    private func lastText() -> [UInt8] {
        var text = head
        text.reserveCapacity(textCount)
        for slot in slots { if let chunk = slot.chunk { chunk.file.withBytes { text.append(contentsOf: $0) } } }
        assert(text.count == textCount, "the chunks cover the text after the head")
        return text
    }

    /// True when a transaction header starts at `i`: a digit at a line's start.
    static func isHeader(_ file: SourceFile, at i: Int) -> Bool {
        guard i < file.byteCount, i > 0 else { return false }
        let two = file.bytes(in: (i - 1)..<(i + 1))
        return two[0] == 0x0A && Lexer.isDigit(two[1])
    }

    /// The first transaction header at or after `from`, if any.
    static func headerStart(in bytes: [UInt8], from: Int) -> Int? {
        guard from < bytes.count else { return nil }
        return bytes.withUnsafeBufferPointer { buf in
            var i = max(from - 1, 0)
            while i < buf.count {
                guard let nl = memchr(buf.baseAddress! + i, 0x0A, buf.count - i) else { return nil }
                let next = buf.baseAddress!.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
                if next < buf.count, Lexer.isDigit(buf[next]) { return next }
                i = next
            }
            return nil
        }
    }

    /// How many bytes `a` and `b` share at the start, and then at the end.
    static func commonEnds(_ a: [UInt8], _ b: [UInt8]) -> (prefix: Int, suffix: Int) {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let n = min(x.count, y.count)
                guard n > 0 else { return (0, 0) }
                let px = x.baseAddress!, py = y.baseAddress!
                // Whole blocks with memcmp, then bytes in the block that differs.
                let block = 4096
                var p = 0
                while p + block <= n, memcmp(px + p, py + p, block) == 0 { p += block }
                while p < n, x[p] == y[p] { p += 1 }
                let room = n - p
                var s = 0
                while s + block <= room, memcmp(px + x.count - s - block, py + y.count - s - block, block) == 0 { s += block }
                while s < room, x[x.count - 1 - s] == y[y.count - 1 - s] { s += 1 }
                return (p, s)
            }
        }
    }
}
