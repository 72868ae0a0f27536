/// What is left of the transactions a streaming check let go of (see
/// `CheckStream`): the balance events later stages still read.
///
/// - each posting's movement (account, commodity, amount), for balance
///   assertions and positions, which run in date order over everything;
/// - each transaction's date, file-order number and payee (and a `repeat:`
///   tag), for the fulfilment of repeat rules;
/// - which (account, commodity) pairs were moved.
///
/// 16 bytes a posting and 28 a transaction instead of a whole `Transaction`.
package final class LetGoTransactions: @unchecked Sendable {
    /// One posting of a transaction that was let go, as stored: its mantissa
    /// is at its record's scale (a transaction let go moves one commodity at one scale).
    struct Movement {
        var account: Int32
        var commodity: Int32
        var mantissa: Int64
    }

    /// One posting of a transaction that was let go, as read (`moves(of:)`).
    struct Move {
        var account: Int32
        var commodity: Int32
        var mantissa: Int64
        var scale: Int8

        var quantity: ExactDecimal { ExactDecimal(mantissa: Int128(mantissa), scale: Int(scale)) }
    }

    /// A transaction that was let go: its place in the file order, its date,
    /// its movements (`moves[previous record's end..<end]`), its payee, and
    /// where it starts (for a warning about it found later).
    struct Record {
        var day: Int32
        var seq: Int32
        var end: Int32
        var payee: Int32
        var location: SourceLocation
        /// The scale of its movements' mantissas.
        var scale: Int8
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
    @exclusivity(unchecked) var touched = AccountCommoditySet()
    /// Each record's transaction without its postings (its date, status,
    /// code, description and comment), when the compile was asked to keep
    /// them (`CompileOptions.keepsLetGoHeaders`, for `ledgerc diff`); else nil.
    @exclusivity(unchecked) var headers: [Transaction]?

    init() {}

    /// Makes room for the movements of this many more bytes of input (capacity
    /// never written costs no memory, and nothing is copied as it grows).
    func makeRoom(forBytes bytes: Int) {
        growCapacity(&moves, by: bytes / 24)
        growCapacity(&records, by: bytes / 80)
        if headers != nil { growCapacity(&headers!, by: bytes / 80) }
    }

    /// Takes in what a second parser's stream let go after everything this one did.
    func absorb(_ other: LetGoTransactions, accounts: [Int32], commodities: [Int32]) {
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
        if headers != nil { headers!.append(contentsOf: other.headers ?? []) }
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
    func moves(of i: Int) -> LazyMapCollection<ArraySlice<Movement>, Move> {
        let scale = records[i].scale
        return moves[Int(i == 0 ? 0 : records[i - 1].end)..<Int(records[i].end)].lazy.map {
            Move(account: $0.account, commodity: $0.commodity, mantissa: $0.mantissa, scale: scale)
        }
    }
}
