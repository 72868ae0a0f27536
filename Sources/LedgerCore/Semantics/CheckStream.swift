/// What `ledgerc check` keeps of the transactions it no longer needs whole.
///
/// `check` prints only diagnostics, so most transactions can be checked as
/// soon as they are read and then let go: a transaction whose real postings
/// are of one commodity, with no cost, no assertion and at most one elided
/// amount, balances exactly (its sum is zero at any precision, so no later
/// `commodity` directive can change the verdict). Of such a transaction the
/// stream keeps only what later stages need:
///
/// - its postings' movements (account, commodity, amount), for balance
///   assertions, which run in date order over everything;
/// - its date and payee (and a `repeat:` tag), for the fulfilment of repeat rules;
/// - which (account, commodity) pairs it touched: if one of them turns out to
///   hold a traded position (a later posting with a cost), the compile is run
///   again keeping everything, since positions need whole transactions.
///
/// Every other transaction is kept whole and checked as usual. The stream
/// keeps 24 bytes a posting and 16 a transaction instead of a whole `Transaction`.
public final class CheckStream: @unchecked Sendable {
    /// One posting of a transaction that was let go.
    struct Movement {
        var account: Int32
        var commodity: Int32
        var mantissa: Int64
        var scale: Int8

        var quantity: ExactDecimal { ExactDecimal(mantissa: Int128(mantissa), scale: Int(scale)) }
    }

    /// A transaction that was let go: its place in the file order, its date,
    /// its movements (`moves[previous record's end..<end]`) and its payee.
    struct Record {
        var day: Int32
        var seq: Int32
        var end: Int32
        var payee: Int32
    }

    /// Recorded transactions seen so far, kept or not (the next one's file-order number).
    @exclusivity(unchecked) var seen: Int32 = 0
    /// The file-order number of each transaction kept in `journal.transactions`.
    @exclusivity(unchecked) var keptSeq: [Int32] = []
    @exclusivity(unchecked) var moves: [Movement] = []
    @exclusivity(unchecked) var records: [Record] = []
    /// Payees of records, interned as written.
    @exclusivity(unchecked) var payees = NameTable()
    /// `repeat: NAME` tags of records: the day and the name.
    @exclusivity(unchecked) var repeatTags: [(day: Int32, name: String)] = []
    /// The (account, commodity) pairs that records moved.
    @exclusivity(unchecked) var touched = PairSet()

    public init() {}

    /// Makes room for the movements of this many more bytes of input (capacity
    /// never written costs no memory, and nothing is copied as it grows).
    func makeRoom(forBytes bytes: Int) {
        growCapacity(&moves, by: bytes / 24)
        growCapacity(&records, by: bytes / 80)
    }

    /// Takes a transaction just read. Returns true when it must be kept whole
    /// (the caller stores it); false when the stream has checked and recorded it.
    func offer(_ t: inout Transaction, broken: Bool, tradedPairs: Set<Int64>) -> Bool {
        let seq = seen
        seen += 1
        let before = moves.count
        guard !broken, letGo(&t, tradedPairs: tradedPairs) else {
            moves.removeSubrange(before...)
            keptSeq.append(seq)
            return true
        }
        for m in moves[before...] { touched.insert(m.account, m.commodity) }
        records.append(Record(day: t.date.day, seq: seq, end: Int32(moves.count), payee: payees.intern(t.payee)))
        if let tagged = t.tag("repeat") { repeatTags.append((t.date.day, tagged)) }
        return false
    }

    /// Records the movements of `t` if it balances exactly and is of the simple
    /// kind; false when it must be kept (the caller drops what was recorded).
    private func letGo(_ t: inout Transaction, tradedPairs: Set<Int64>) -> Bool {
        hit = false
        // `print` output read back: its occurrences must stay out of assertions.
        if let c = t.comment, containsIgnoringASCIICase(c, "generated:") { return false }
        var commodity: Int32 = -1
        var scale = -1
        var sum: Int64 = 0
        var elided = -1
        for i in t.postings.indices {
            guard t.postings[i].isPlain else { return false }
            guard let a = t.postings[i].amount else {
                if elided >= 0 { return false }
                elided = i
                continue
            }
            // One commodity at one scale, within 64 bits: the sum is exact.
            guard let m = a.quantity.mantissa64 else { return false }
            if commodity < 0 {
                commodity = a.commodity
                scale = a.quantity.scale
            } else if commodity != a.commodity || scale != a.quantity.scale {
                return false
            }
            let (s, overflow) = sum.addingReportingOverflow(m)
            if overflow { return false }
            sum = s
            record(t.postings[i].account, commodity, m, scale, tradedPairs)
        }
        guard commodity >= 0 else { return false }
        if elided >= 0 {
            guard sum != Int64.min else { return false }
            let q = ExactDecimal(mantissa: Int128(-sum), scale: scale)
            t.postings[elided].amount = Amount(q, commodity)
            t.postings[elided].isInferred = true
            record(t.postings[elided].account, commodity, -sum, scale, tradedPairs)
        } else if sum != 0 {
            return false
        }
        return !hit
    }

    /// Set when a posting of a transaction being let go moves a traded position.
    @exclusivity(unchecked) private var hit = false

    /// The parser's traded pairs as a `PairSet` (hashing each posting's pair is slow),
    /// rebuilt when that set grows.
    @exclusivity(unchecked) private var traded = PairSet()
    @exclusivity(unchecked) private var tradedCount = 0

    @inline(__always)
    private func record(_ account: Int32, _ commodity: Int32, _ mantissa: Int64, _ scale: Int, _ tradedPairs: Set<Int64>) {
        if !tradedPairs.isEmpty {
            if tradedCount != tradedPairs.count {
                traded = PairSet(tradedPairs)
                tradedCount = tradedPairs.count
            }
            if traded.contains(account, commodity) { hit = true }
        }
        moves.append(Movement(account: account, commodity: commodity, mantissa: mantissa, scale: Int8(truncatingIfNeeded: scale)))
    }

    /// True when a transaction let go touched one of these (account, commodity) pairs.
    func touchedAny(_ pairs: Set<Int64>) -> Bool {
        pairs.contains { touched.contains(PairSet.account(of: $0), PairSet.commodity(of: $0)) }
    }

    /// Takes in what a second parser's stream recorded after everything this one did.
    func absorb(_ other: CheckStream, accounts: [Int32], commodities: [Int32]) {
        let seqBase = seen, moveBase = Int32(moves.count)
        keptSeq.append(contentsOf: other.keptSeq.lazy.map { $0 + seqBase })
        growCapacity(&moves, by: other.moves.count)
        for var m in other.moves {
            m.account = accounts[Int(m.account)]
            m.commodity = commodities[Int(m.commodity)]
            moves.append(m)
        }
        other.touched.forEach { touched.insert(accounts[Int($0)], commodities[Int($1)]) }
        var payeeMap = [Int32](repeating: 0, count: other.payees.count)
        for id in 0..<other.payees.count { payeeMap[id] = payees.intern(other.payees[Int32(id)]) }
        growCapacity(&records, by: other.records.count)
        for var r in other.records {
            r.seq += seqBase
            r.end += moveBase
            r.payee = payeeMap[Int(r.payee)]
            records.append(r)
        }
        repeatTags.append(contentsOf: other.repeatTags)
        seen += other.seen
    }

    /// Records in date order (file order for equal dates), as indices into `records`.
    func recordsInDateOrder() -> [Int] {
        var sorted = true
        for i in records.indices.dropFirst() where records[i].day < records[i - 1].day {
            sorted = false
            break
        }
        if sorted { return Array(records.indices) }
        return records.indices.sorted { records[$0].day == records[$1].day ? $0 < $1 : records[$0].day < records[$1].day }
    }

    /// The movements of record `i`.
    func moves(of i: Int) -> ArraySlice<Movement> {
        moves[Int(i == 0 ? 0 : records[i - 1].end)..<Int(records[i].end)]
    }
}

/// A set of (account, commodity) pairs, keyed as `AssertionChecker.key` packs
/// them: per account a bit for each commodity id below 64 (nearly all), a hash
/// set for the rest. Looked up once a posting, so it must not hash.
struct PairSet {
    private var bits: [UInt64] = []
    private var wide: Set<Int64> = []

    init() {}

    init(_ keys: Set<Int64>) {
        for key in keys { insert(PairSet.account(of: key), PairSet.commodity(of: key)) }
    }

    static func account(of key: Int64) -> Int32 { Int32(truncatingIfNeeded: key >> 32) }
    static func commodity(of key: Int64) -> Int32 { Int32(truncatingIfNeeded: key) }

    mutating func insert(_ account: Int32, _ commodity: Int32) {
        guard commodity < 64 else {
            wide.insert(AssertionChecker.key(account, commodity))
            return
        }
        let a = Int(account)
        if a >= bits.count { bits.append(contentsOf: repeatElement(0, count: a - bits.count + 1)) }
        bits[a] |= 1 << UInt64(commodity)
    }

    func contains(_ account: Int32, _ commodity: Int32) -> Bool {
        guard commodity < 64 else { return wide.contains(AssertionChecker.key(account, commodity)) }
        let a = Int(account)
        return a < bits.count && bits[a] & (1 << UInt64(commodity)) != 0
    }

    /// Calls `body` with each pair (account, commodity).
    func forEach(_ body: (Int32, Int32) -> Void) {
        for (a, word) in bits.enumerated() where word != 0 {
            for c in 0..<64 where word & (1 << UInt64(c)) != 0 { body(Int32(a), Int32(c)) }
        }
        for key in wide { body(PairSet.account(of: key), PairSet.commodity(of: key)) }
    }
}
