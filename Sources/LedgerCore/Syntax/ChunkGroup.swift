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
/// square root of their number, an edit takes in the runs (14 at 100,000)
/// and the chunks of the one run it touched, once more.
///
/// Taking in is associative: a run's journal, check stream and diagnostics
/// taken in after the head are those its chunks give taken in one by one
/// (`Journal.append`, `LetGoTransactions.absorb` and
/// `DiagnosticEngine.absorb` keep order and first uses, and join the
/// rest), so the compile is the same (`IncrementalCompileTests`).
final class ChunkGroup: ChunkWork {
    /// The chunks it took in, in order.
    let members: [ParsedChunk]
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
        for chunk in members { parser.absorb(chunk.parser, keepingIt: chunk) }
        self.members = members
        self.parser = parser
        self.year = first.year
        self.streaming = first.streaming
    }

    /// True when it took in exactly these chunks.
    func holds(_ chunks: [ParsedChunk]) -> Bool {
        chunks.count == members.count && zip(chunks, members).allSatisfy { $0 === $1 }
    }
}
