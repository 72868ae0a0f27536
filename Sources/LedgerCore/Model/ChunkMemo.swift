#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the stages after the parse found in one chunk's transactions (a
/// chunk of a large file, read once and kept between compiles:
/// `ParsedChunk`), kept with it: a compile after an edit asks each stage's
/// question of the chunks it touched only (issue 61's check after the parse).
///
/// An answer is the indices, counted from the chunk's first transaction, of
/// the transactions a test holds for. It is kept under a key that names the
/// stage and everything its test reads besides a transaction (the rules'
/// names, the traded commodities), and it belongs to the chunk's transactions
/// as one compile's names numbered them (`RemappedTransactions`): a compile
/// that numbers them otherwise starts a new memo.
final class ChunkMemo: Sendable {
    /// No stage after the parse changes these transactions: each was
    /// balanced where its chunk was read, and none has a balance assertion
    /// (`TransactionsTakenOver` leaves them where the last compile put them).
    let unchangedByTheCheck: Bool
    private let answers = Guarded<[MemoKey: [Int32]]>([:])
    private let kept = Guarded<[MemoKey: [Transaction]]>([:])

    init(unchangedByTheCheck: Bool = false) {
        self.unchangedByTheCheck = unchangedByTheCheck
    }

    /// The answer kept under `key`, made by `make` when there is none.
    func indices(_ key: MemoKey, _ make: () -> [Int32]) -> [Int32] {
        if let known = answers.withLock({ $0[key] }) { return known }
        let made = make()
        answers.withLock { $0[key] = made }
        return made
    }

    /// The transactions kept under `key` (a stage that compares them with
    /// another version of the chunk's: `KeptPositionsCheck`), made by `make`
    /// when there are none.
    func transactions(_ key: MemoKey, _ make: () -> [Transaction]) -> [Transaction] {
        if let known = kept.withLock({ $0[key] }) { return known }
        let made = make()
        kept.withLock { $0[key] = made }
        return made
    }
}

/// A memo's key: its text, hashed once. A compile asks each of a few
/// hundred chunks the same question, and a `String` key was hashed (and
/// checked for its normal form) at every one of them.
struct MemoKey: Hashable, Sendable {
    let text: String
    private let hashed: Int

    init(_ text: String) {
        var text = text
        var hasher = Hasher()
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        self.text = text
        hashed = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hashed) }

    /// Byte for byte, as hashed: compared a block at a time (a rule's key
    /// names every rule's postings, and was compared a byte at a time at
    /// every chunk).
    static func == (a: MemoKey, b: MemoKey) -> Bool {
        guard a.hashed == b.hashed, a.text.utf8.count == b.text.utf8.count else { return false }
        var (x, y) = (a.text, b.text)
        return x.withUTF8 { p in
            y.withUTF8 { q in
                guard let a = p.baseAddress, let b = q.baseAddress else { return p.count == q.count }
                return memcmp(a, b, p.count) == 0
            }
        }
    }
}

/// What a stage found in the last compile of a journal read in kept chunks,
/// kept for the next one (`ChunkMemo` is one chunk's; this is the whole's),
/// by the stage's name: the next compile uses it only where it read the same
/// (`KeptPositionsCheck`).
final class CompileMemo: Sendable {
    private let kept = Guarded<[String: any Sendable]>([:])
    private let uses = Guarded<[String: Int]>([:])

    init() {}

    /// What the stage `key` kept, if it was a `T`.
    func found<T: Sendable>(_ key: String, as: T.Type) -> T? { kept.withLock { $0[key] as? T } }

    /// Keeps what the stage `key` found (nil: nothing to use next time).
    func keep(_ key: String, _ value: (any Sendable)?) { kept.withLock { $0[key] = value } }

    /// Notes that the stage `key` used what it kept.
    func noteUse(_ key: String) { uses.withLock { $0[key, default: 0] += 1 } }

    /// How many times the stage `key` used what it kept (a test sees an edit redo nothing).
    func timesUsed(_ key: String) -> Int { uses.withLock { $0[key] ?? 0 } }
}

/// Which of a chunk's items a question is asked of.
enum ChunkItems {
    /// The transactions kept whole (`Journal.transactions`).
    case transactions
    /// The records of those a check stream let go (`LetGoTransactions.records`).
    case records
}

/// Where a chunk's transactions are in a journal taken in from chunks (those
/// kept whole, and the records of those a check stream let go), and their memo.
struct ChunkPart: Sendable {
    let memo: ChunkMemo
    let transactions: Range<Int>
    var records: Range<Int> = 0..<0
    /// The chunks of a run taken in at once (`ChunkGroup`), each with its
    /// own memo, at places counted from the part's start: a question the
    /// part's memo has no answer for is asked of each of them, so that an
    /// edit in one chunk of a run asks it again of that chunk only.
    var members: [ChunkPart] = []

    /// The answer to the question `key` for this part (indices from its
    /// start), kept in its memo, else put together from its members'.
    func indices(_ key: MemoKey, in items: ChunkItems, where test: (Int) -> Bool) -> [Int32] {
        let range = items == .transactions ? transactions : records
        return memo.indices(key) {
            guard !members.isEmpty else { return range.filter(test).map { Int32($0 - range.lowerBound) } }
            var found: [Int32] = []
            for member in members {
                let mine = items == .transactions ? member.transactions : member.records
                let base = range.lowerBound + mine.lowerBound
                let kept = member.memo.indices(key) { (base..<(base + mine.count)).filter(test).map { Int32($0 - base) } }
                found.append(contentsOf: kept.lazy.map { $0 + Int32(mine.lowerBound) })
            }
            return found
        }
    }
}

/// The indices, in file order, of the transactions among `count` for which
/// `test` holds, asked of each chunk part (`parts`, in order) once and kept
/// under `key`; the others (the head, a chunk read again) are tested here.
/// `test` may read only what is the same in every compile that takes a chunk
/// in as it was: a transaction's text, not what the check works out from the
/// journal's other transactions (a balance assignment's amount, whether it balances).
/// `in`: which of a part's items are counted (the answers for each are kept apart).
func chunkedIndices(count: Int, parts: [ChunkPart], in items: ChunkItems = .transactions,
                    key: String, where test: (Int) -> Bool) -> [Int] {
    var found: [Int] = []
    var at = 0
    let key = MemoKey((items == .transactions ? "transactions\u{0}" : "records\u{0}") + key)
    for part in parts {
        let range = items == .transactions ? part.transactions : part.records
        guard range.lowerBound >= at, range.upperBound <= count else { continue }
        for i in at..<range.lowerBound where test(i) { found.append(i) }
        let base = range.lowerBound
        found.append(contentsOf: part.indices(key, in: items, where: test).lazy.map { base + Int($0) })
        at = range.upperBound
    }
    for i in at..<count where test(i) { found.append(i) }
    return found
}
