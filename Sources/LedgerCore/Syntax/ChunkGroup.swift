/// What a compile takes in after the head as it was read: one chunk
/// (`ParsedChunk`), or a run of chunks taken in together once (`ChunkGroup`).
protocol ChunkWork: AnyObject {
    /// The parser that holds the work: its journal, its check stream and its diagnostics.
    var parser: JournalParser { get }
    /// The year of dates written without one that it was read with.
    var year: Int? { get }
    /// Read with a check stream (the `diagnosticsOnly` mode).
    var streaming: Bool { get }
    /// Its transactions as the last compile that took it in rewrote their ids (`Journal.append(keeping:remapped:)`).
    var remapped: Guarded<RemappedTransactions?> { get }
    /// Its check stream's movements and records as the last compile rewrote them (`LetGoTransactions.absorb`).
    var remappedLetGo: Guarded<RemappedLetGo?> { get }
}

extension ParsedChunk: ChunkWork {}

/// A run of consecutive chunks taken in together, once, by a parser of its
/// own: a compile then takes in the run as one chunk (issue 61).
///
/// A compile takes in every chunk after the head, and each taking-in costs
/// the same (the chunk's names looked up, its check stream placed, its
/// transactions' part noted for the stages after). At 100,000 transactions
/// that was 190 chunks, a quarter of an edit. Taken in runs of about the
/// square root of half their number, an edit takes in the runs (19 at
/// 100,000) and the chunks of the one run it touched (10), once more.
///
/// Taking in is associative: a run's journal, check stream and diagnostics
/// taken in after the head are those its chunks give taken in one by one
/// (`Journal.append`, `LetGoTransactions.absorb` and
/// `DiagnosticEngine.absorb` keep order and first uses, and join the
/// rest), so the compile is the same (`IncrementalCompileTests`).
final class ChunkGroup: ChunkWork {
    let parser: JournalParser
    let year: Int?
    let streaming: Bool
    let remapped = Guarded<RemappedTransactions?>(nil)
    let remappedLetGo = Guarded<RemappedLetGo?>(nil)

    /// Takes in `members` in order; nil when one of them is not taken in
    /// as it was read (a compile reads such a chunk itself), when they were
    /// read differently, or when their errors pass `limit` (the compile
    /// stops at an exact line: it takes them in one by one).
    init?(_ members: [ParsedChunk], limit: Int) {
        guard members.count > 1, let first = members.first,
              members.allSatisfy({ $0.year == first.year && $0.streaming == first.streaming && !$0.parser.bailedOut && !$0.hasInvalidUTF8 })
        else { return nil }
        let errors = members.reduce(0) { $0 + $1.parser.diagnostics.errorCount }
        guard errors <= limit else { return nil }
        let parser = JournalParser(sources: SourceManager(), diagnostics: DiagnosticEngine(limit: limit))
        parser.speculative = true
        parser.sink = first.parser.sink?.makeSecond()
        if parser.sink?.letGo.headers != nil { return nil }
        parser.makeRoom(forBytes: members.reduce(0) { $0 + $1.file.byteCount })
        var placed: [Placed] = []
        for chunk in members {
            let before = (parser.journal.transactions.count, parser.sink?.letGo.recordCount ?? 0)
            parser.absorb(chunk.parser, keepingIt: chunk)
            // The maps the taking-in used are those the chunk keeps now.
            let maps = chunk.remapped.withLock { $0.map { ($0.accounts, $0.commodities) } } ?? ([], [])
            placed.append(Placed(chunk: chunk, transactions: before.0..<parser.journal.transactions.count,
                                 records: before.1..<(parser.sink?.letGo.recordCount ?? 0), accounts: maps.0, commodities: maps.1,
                                 payees: chunk.remappedLetGo.withLock { $0?.payees } ?? []))
        }
        self.placed = placed
        self.parser = parser
        self.year = first.year
        self.streaming = first.streaming
    }

    /// How many chunks it took in.
    var memberCount: Int { placed.count }

    /// Where a chunk went in the run's journal and check stream, and the maps from its ids to the run's.
    private struct Placed {
        let chunk: ParsedChunk
        let transactions: Range<Int>
        let records: Range<Int>
        let accounts: [Int32]
        let commodities: [Int32]
        let payees: [Int32]
    }
    /// Its chunks, in order.
    private let placed: [Placed]
    /// The members' parts made for the run's part with this memo (`memberParts`).
    private let lastParts = Guarded<(memo: ChunkMemo, parts: [ChunkPart])?>(nil)

    /// Its chunks' parts, at places counted from the run's start, for the
    /// run's part with `memo` in a compile: each with the memo the chunk kept
    /// for its ids as that compile numbers them (the run's maps to the
    /// compile after the chunk's to the run), so that what the stages found
    /// in a chunk is kept while another chunk of its run is edited.
    func memberParts(for memo: ChunkMemo) -> [ChunkPart] {
        if let last = lastParts.withLock({ $0 }), last.memo === memo { return last.parts }
        let maps = remapped.withLock { $0.map { ($0.accounts, $0.commodities) } } ?? ([], [])
        let payees = remappedLetGo.withLock { $0?.payees } ?? []
        func composed(_ inner: [Int32], _ outer: [Int32]) -> [Int32] {
            inner.map { Int($0) < outer.count ? outer[Int($0)] : -1 }
        }
        let parts = placed.map { p in
            let key = (composed(p.accounts, maps.0), composed(p.commodities, maps.1), composed(p.payees, payees))
            let memo = p.chunk.memoAsNumbered.withLock { kept in
                if let k = kept, k.accounts == key.0, k.commodities == key.1, k.payees == key.2 { return k.memo }
                let made = ChunkMemo()
                kept = (key.0, key.1, key.2, made)
                return made
            }
            return ChunkPart(memo: memo, transactions: p.transactions, records: p.records)
        }
        lastParts.withLock { $0 = (memo, parts) }
        return parts
    }

    /// True when it took in exactly these chunks.
    func holds(_ chunks: [ParsedChunk]) -> Bool {
        // By index: a zip copied each member's place (its three maps retained and released).
        chunks.count == placed.count && chunks.indices.allSatisfy { chunks[$0] === placed[$0].chunk }
    }
}
