/// A chunk's movements and records with their ids rewritten into one
/// compile's tables (records placed as if the chunk came first), and the
/// maps that rewrote them (`LetGoTransactions.absorb`).
typealias RemappedLetGo = (accounts: [Int32], commodities: [Int32], payees: [Int32],
                           moves: [LetGoTransactions.StoredMove], records: [LetGoTransactions.Record])

/// What is left of the transactions a streaming check let go of (see
/// `CheckStream`): the balance events later stages still read.
///
/// - each posting's movement (account, commodity, amount), for balance
///   assertions and positions, which run in date order over everything;
/// - each transaction's date, file-order number and payee (and a `repeat:`
///   tag), for the fulfilment of repeat rules;
/// - which (account, commodity) pairs were moved.
///
/// 8 bytes a posting and 32 a transaction instead of a whole `Transaction`
/// (`StoredMove`, `Record`).
package final class LetGoTransactions: @unchecked Sendable {
    /// One posting of a transaction that was let go, as stored, in 8 bytes:
    /// its account and its mantissa, at its record's scale and in its
    /// record's commodity (a transaction let go moves one commodity at one
    /// scale). A transaction with an amount whose mantissa does not fit in
    /// 32 bits (more than 21,474,836.47 at two places) is kept whole.
    struct StoredMove {
        var account: Int32
        var mantissa: Int32
    }

    /// One posting of a transaction that was let go, as read (`moves(of:)`).
    struct Move {
        var account: Int32
        var commodity: Int32
        var mantissa: Int64
        var scale: Int8

        var quantity: ExactDecimal { ExactDecimal(mantissa: Int128(mantissa), scale: Int(scale)) }
    }

    /// A transaction that was let go, in 32 bytes: its date (4 bytes; for
    /// assertions and fulfilment, in date order), its place in the file order
    /// (4; among the transactions kept whole), where its movements end
    /// (4: `moves[previous record's end..<end]`), its payee (4; fulfilment),
    /// where it starts (8: a warning about it found later), the commodity its
    /// movements are in (4), and their scale (1, then padding).
    struct Record {
        var day: Int32
        var seq: Int32
        var end: Int32
        var payee: Int32
        var location: SourceLocation
        var commodity: Int32
        /// The scale of its movements' mantissas.
        var scale: Int8
    }

    /// Recorded transactions seen so far, kept or not (the next one's file-order number).
    @exclusivity(unchecked) var seen: Int32 = 0
    /// The file-order number of each transaction kept in `journal.transactions`.
    @exclusivity(unchecked) var keptSeq: [Int32] = []
    @exclusivity(unchecked) var moves: [StoredMove] = []
    @exclusivity(unchecked) var records: [Record] = []
    /// Payees of records, interned as written.
    @exclusivity(unchecked) var payees = NameTable()
    /// `repeat: NAME` tags of records: the day and the name.
    @exclusivity(unchecked) var repeatTags: [(day: Int32, name: String)] = []
    /// The (account, commodity) pairs that records moved.
    @exclusivity(unchecked) var touched = AccountCommoditySet()
    /// Each record's header as a diff matches it (the fingerprint of its
    /// date, status, code, description and tags: `Fingerprint.header`), when the
    /// compile was asked to keep them (`CompileOptions.keepsLetGoHeaders`,
    /// for `ledgerc diff`); else nil. The header itself is read again from
    /// the file when a diff shows it.
    @exclusivity(unchecked) var headers: [Fingerprint]?
    /// The records each chunk taken in as it was read brought, in a compile
    /// in chunks for a diff (with `headers`): the same chunk taken in by two
    /// compiles brings the same transactions, so a diff need not compare
    /// them. The chunks are held, so that no other chunk can take the place
    /// (and identity) of one while the compile lives.
    @exclusivity(unchecked) var chunkRecords: [(chunk: AnyObject, records: Range<Int>)] = []

    init() {}

    /// Makes room for the movements of this many more bytes of input (capacity
    /// never written costs no memory, and nothing is copied as it grows).
    func makeRoom(forBytes bytes: Int) {
        growCapacity(&moves, by: bytes / 24)
        growCapacity(&records, by: bytes / 80)
        if headers != nil { growCapacity(&headers!, by: bytes / 80) }
    }

    /// Takes in what a second parser's stream let go after everything this one did.
    /// `consuming`: `other` is not read again, and the pages of its movements and
    /// records are given back as they are copied (else a merge of a large file
    /// holds the second parser's part twice at its peak).
    ///
    /// `remapped`, for the stream of a chunk kept between compiles
    /// (`ParsedChunk`): its movements and records with their names' ids
    /// rewritten as the last compile that took it in rewrote them, and the
    /// maps it used. A compile whose maps are the same copies them as they
    /// are and moves only their places in the file order and the movements.
    func absorb(_ other: LetGoTransactions, accounts: [Int32], commodities: [Int32], consuming: Bool,
                remapped: Guarded<RemappedLetGo?>? = nil) {
        let seqBase = seen, moveBase = Int32(moves.count)
        keptSeq.append(contentsOf: other.keptSeq.lazy.map { $0 + seqBase })
        other.touched.forEach { touched.insert(accounts[Int($0)], commodities[Int($1)]) }
        var payeeMap = [Int32](repeating: 0, count: other.payees.count)
        for id in 0..<other.payees.count { payeeMap[id] = payees.intern(other.payees[Int32(id)]) }
        growCapacity(&moves, by: other.moves.count)
        growCapacity(&records, by: other.records.count)
        if let cached = remapped?.withLock({ $0 }), cached.accounts == accounts, cached.commodities == commodities, cached.payees == payeeMap {
            moves.append(contentsOf: cached.moves)
            let first = records.count
            records.append(contentsOf: cached.records)
            records.withUnsafeMutableBufferPointer { r in
                for i in first..<r.count {
                    r[i].seq += seqBase
                    r[i].end += moveBase
                }
            }
        } else {
            let (firstMove, firstRecord) = (moves.count, records.count)
            LetGoTransactions.append(&other.moves, to: &moves, consuming: consuming) { (m: inout StoredMove) in
                m.account = accounts[Int(m.account)]
            }
            LetGoTransactions.append(&other.records, to: &records, consuming: consuming) { (r: inout Record) in
                r.seq += seqBase
                r.end += moveBase
                r.payee = payeeMap[Int(r.payee)]
                r.commodity = commodities[Int(r.commodity)]
            }
            if let remapped {
                let kept = records[firstRecord...].map { var r = $0; r.seq -= seqBase; r.end -= moveBase; return r }
                remapped.withLock { $0 = (accounts, commodities, payeeMap, Array(moves[firstMove...]), kept) }
            }
        }
        repeatTags.append(contentsOf: other.repeatTags)
        if headers != nil { headers!.append(contentsOf: other.headers ?? []) }
        seen += other.seen
    }

    /// Appends `items` to `destination`, each changed by `change`; when
    /// `consuming`, gives back the whole pages of each megabyte of `items`
    /// as it is copied, then empties `items` (a merge of a large file does
    /// not hold both copies at its peak). Kept items are copied at once and
    /// changed in place (an append each cost a uniqueness test).
    private static func append<T>(_ items: inout [T], to destination: inout [T], consuming: Bool, _ change: (inout T) -> Void) {
        guard consuming else {
            let start = destination.count
            destination.append(contentsOf: items)
            destination.withUnsafeMutableBufferPointer { d in
                for i in start..<d.count { change(&d[i]) }
            }
            return
        }
        // Pages given back are zero: only for plain values, which nothing destroys.
        precondition(_isPOD(T.self), "only plain values are copied this way")
        let block = max(1, (1 << 20) / MemoryLayout<T>.stride)
        items.withUnsafeMutableBufferPointer { all in
            var start = 0
            while start < all.count {
                let end = min(all.count, start + block)
                let first = destination.count
                destination.append(contentsOf: UnsafeBufferPointer(rebasing: all[start..<end]))
                destination.withUnsafeMutableBufferPointer { d in
                    for i in first..<d.count { change(&d[i]) }
                }
                releasePages(UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: all[start..<end])))
                start = end
            }
        }
        items = []
    }

    /// Records in date order (file order for equal dates), as indices into `records`.
    func recordsInDateOrder() -> RecordOrder {
        var sorted = true
        for i in records.indices.dropFirst() where records[i].day < records[i - 1].day {
            sorted = false
            break
        }
        if sorted { return RecordOrder(count: records.count) }
        return RecordOrder(records.indices.sorted { records[$0].day == records[$1].day ? $0 < $1 : records[$0].day < records[$1].day })
    }

    /// An order of records: file order (a journal written in date order, with
    /// no array of a million indices), or a permutation.
    struct RecordOrder: RandomAccessCollection {
        private let permutation: [Int]?
        let endIndex: Int
        var startIndex: Int { 0 }

        /// No records.
        init() { self.init(count: 0) }
        /// Records `0..<count` in file order.
        init(count: Int) { permutation = nil; endIndex = count }
        /// Records in the order of `permutation`.
        init(_ permutation: [Int]) { self.permutation = permutation; endIndex = permutation.count }

        subscript(position: Int) -> Int { permutation?[position] ?? position }
    }

    /// The movements of record `i`.
    func moves(of i: Int) -> LazyMapCollection<ArraySlice<StoredMove>, Move> {
        let (scale, commodity) = (records[i].scale, records[i].commodity)
        return moves[Int(i == 0 ? 0 : records[i - 1].end)..<Int(records[i].end)].lazy.map {
            Move(account: $0.account, commodity: commodity, mantissa: Int64($0.mantissa), scale: scale)
        }
    }
}
