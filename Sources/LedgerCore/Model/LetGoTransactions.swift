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
/// 8 bytes a posting and 24 a transaction instead of a whole `Transaction`
/// (`StoredMove`, `Record`).
package final class LetGoTransactions: @unchecked Sendable {
    /// One posting of a transaction that was let go, as stored, in 8 bytes:
    /// its account and its mantissa, at its record's scale and in its
    /// record's commodity (a transaction let go moves one commodity at one
    /// scale). A transaction with an amount whose mantissa does not fit in
    /// 32 bits (more than 21,474,836.47 at two places) is kept whole.
    struct StoredMove: Equatable {
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

    /// A transaction that was let go, in 24 bytes: its date and the scale of
    /// its movements' mantissas (4 bytes, the day in the top 24 bits; for
    /// assertions and fulfilment, in date order), where its movements end
    /// (4: `moves[previous record's end..<end]`), its payee (4; fulfilment),
    /// where it starts (8: a warning about it found later), and the
    /// commodity its movements are in (4).
    ///
    /// Its place in the file order among the transactions kept whole is not
    /// stored: records are in file order, so the records before a kept
    /// transaction are the first `recordsBefore(kept:)`.
    struct Record: Equatable {
        /// The day (`CivilDate.day`) times 256, plus the scale as a byte.
        private var dayAndScale: Int32
        var end: Int32
        var payee: Int32
        var location: SourceLocation
        var commodity: Int32

        /// `day` must be one of `Record.days` (the caller keeps a transaction
        /// of another day whole).
        init(day: Int32, end: Int32, payee: Int32, location: SourceLocation, commodity: Int32, scale: Int8) {
            assert(Record.days.contains(day), "a record's day past 24 bits")
            dayAndScale = day << 8 | Int32(UInt8(bitPattern: scale))
            self.end = end
            self.payee = payee
            self.location = location
            self.commodity = commodity
        }

        /// The days a record can hold: every day of the years 1 to 9999 (and more).
        static let days = -(Int32(1) << 23)..<(Int32(1) << 23)

        var day: Int32 { dayAndScale >> 8 }
        /// The scale of its movements' mantissas.
        var scale: Int8 { Int8(truncatingIfNeeded: dayAndScale) }
    }

    /// Recorded transactions seen so far, kept or not (the next one's file-order number).
    @exclusivity(unchecked) var seen: Int32 = 0
    /// The file-order number of each transaction kept in `journal.transactions`.
    @exclusivity(unchecked) var keptSeq: [Int32] = []
    @exclusivity(unchecked) var moves = PagedArray<StoredMove>()
    @exclusivity(unchecked) var records = PagedArray<Record>()
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

    /// Where `absorb` put each kept chunk's movements and records, and the
    /// maps it rewrote them with: the next compile over the same chunks
    /// writes only what changed over these arrays (`reusable`).
    struct PlacedChunk {
        /// The chunk's own stream (held, so that no other takes its identity).
        let stream: LetGoTransactions
        let accounts: [Int32]
        let commodities: [Int32]
        let payees: [Int32]
        let moves: Range<Int>
        let records: Range<Int>
    }
    @exclusivity(unchecked) private(set) var placed: [PlacedChunk] = []
    /// The last compile's stream over the same chunks, when nothing else
    /// holds it (`ChunkedJournal`): this one takes its arrays over when its
    /// head read the same, and writes only the chunks that changed.
    @exclusivity(unchecked) var reusable: LetGoTransactions?
    /// While the arrays taken over are written: the next old chunk, and
    /// where this compile's movements and records end (the arrays hold the
    /// old ones' after that, until `endReuse`).
    private struct Reuse {
        let old: [PlacedChunk]
        var next = 0
        var moves: Int
        var records: Int
    }
    @exclusivity(unchecked) private var reuse: Reuse?
    /// How many chunks' movements and records were found where the last
    /// compile put them, and not copied (a test sees an edit copy one).
    @exclusivity(unchecked) private(set) var chunksFoundInPlace = 0
    /// How many records this compile has so far (`records.count`, but for arrays taken over).
    var recordCount: Int { reuse?.records ?? records.count }

    init() {}

    /// Whether a comment may hold one of the tags a check stream reads
    /// (`generated:`, `receipt:`, `repeat:`): a transaction whose header
    /// comment may is offered whole, not read as plain.
    /// (The three end in a colon: the bytes before each colon are compared,
    /// in one pass. A comment is short: a loop, not `memchr`'s call.)
    static func commentMayHoldReadTags(_ comment: UnsafeBufferPointer<UInt8>) -> Bool {
        for colon in comment.indices where comment[colon] == 0x3A {
            if comment.ends(at: colon, with: "repeat") || comment.ends(at: colon, with: "receipt")
                || comment.ends(at: colon, with: "generated") { return true }
        }
        return false
    }

    /// Lets go of a plain transaction the parser read straight into
    /// `moves[before...]` (`JournalParser.readPlainTransaction`), as a check
    /// stream's `offer` lets go of one: it takes the next file-order number,
    /// and its record is the one `offer` would make.
    func takePlain(movesFrom before: Int, day: Int32, payee: UnsafeBufferPointer<UInt8>, location: SourceLocation,
                   commodity: Int32, scale: Int8) {
        seen += 1
        record(movesFrom: before, day: day, payee: payees.intern(payee), location: location, commodity: commodity, scale: scale)
    }

    /// The record of a transaction let go, whose movements are `moves[before...]`
    /// (its file-order number taken: `seen` counted it).
    @inline(__always)
    func record(movesFrom before: Int, day: Int32, payee: Int32, location: SourceLocation, commodity: Int32, scale: Int8) {
        assert(recordCount == records.count, "a record appended over arrays taken over (`endReuse` first)")
        for i in before..<moves.count { touched.insert(moves[i].account, commodity) }
        records.append(Record(day: day, end: Int32(moves.count), payee: payee, location: location, commodity: commodity, scale: scale))
    }

    /// How many records come before the transaction kept whole at index `k`
    /// of `journal.transactions`, in file order; all of them when `k` is past
    /// the kept ones (an occurrence made after the read). Of the file-order
    /// numbers below a kept one's, `k` are the kept ones before it and the
    /// rest are records, which are in file order.
    @inline(__always)
    func recordsBefore(kept k: Int) -> Int {
        k < keptSeq.count ? Int(keptSeq[k]) - k : Int.max
    }

    /// How many records have a file-order number below `seq`: the numbers
    /// below it that no kept transaction has.
    func recordsBefore(seq: Int32) -> Int {
        var low = 0, high = keptSeq.count
        while low < high {
            let mid = (low + high) / 2
            if keptSeq[mid] < seq { low = mid + 1 } else { high = mid }
        }
        return Int(seq) - low
    }

    /// Makes room for the movements of this many more bytes of input (capacity
    /// never written costs no memory, and nothing is copied as it grows).
    /// `inPages`: in pages of their own (`PagedArray`), which a split
    /// file's parsers fill and the first takes in by moving them.
    func makeRoom(forBytes bytes: Int, inPages: Bool = false) {
        growCapacity(&moves, by: bytes / 24, inPages: inPages)
        growCapacity(&records, by: bytes / 80, inPages: inPages)
        if headers != nil { growCapacity(&headers!, by: bytes / 80) }
    }

    /// Takes in what a second parser's stream let go after everything this one did.
    /// `consuming`: `other` is not read again, and its movements and records
    /// are moved here, their pages with them where both are in pages
    /// (`PagedArray.append(emptying:_:)`), else copied.
    ///
    /// `remapped`, for the stream of a chunk kept between compiles
    /// (`ParsedChunk`): its movements and records with their names' ids
    /// rewritten as the last compile that took it in rewrote them, and the
    /// maps it used. A compile whose maps are the same copies them as they
    /// are and moves only their places in the file order and the movements;
    /// one that took over the last compile's arrays (`reusable`) finds them
    /// in place (`placeChunk`).
    func absorb(_ other: LetGoTransactions, accounts: [Int32], commodities: [Int32], consuming: Bool,
                remapped: Guarded<RemappedLetGo?>? = nil) {
        let seqBase = seen
        keptSeq.append(contentsOf: other.keptSeq.lazy.map { $0 + seqBase })
        other.touched.forEach { touched.insert(accounts[Int($0)], commodities[Int($1)]) }
        var payeeMap = [Int32](repeating: 0, count: other.payees.count)
        // (By their bytes: a payee's String is not made again for each chunk taken in.)
        for id in 0..<other.payees.count { payeeMap[id] = other.payees.withBytes(of: Int32(id)) { payees.intern($0) } }
        if let remapped {
            placeChunk(other, accounts: accounts, commodities: commodities, payees: payeeMap, remapped: remapped)
        } else {
            let moveBase = Int32(moves.count)
            growCapacity(&moves, by: other.moves.count)
            growCapacity(&records, by: other.records.count)
            LetGoTransactions.append(&other.moves, to: &moves, consuming: consuming) { (m: inout StoredMove) in
                m.account = accounts[Int(m.account)]
            }
            LetGoTransactions.append(&other.records, to: &records, consuming: consuming) { (r: inout Record) in
                r.end += moveBase
                r.payee = payeeMap[Int(r.payee)]
                r.commodity = commodities[Int(r.commodity)]
            }
        }
        repeatTags.append(contentsOf: other.repeatTags)
        if headers != nil { headers!.append(contentsOf: other.headers ?? []) }
        seen += other.seen
    }

    /// Puts a kept chunk's movements and records after everything so far:
    /// where the last compile put them, untouched, when they are the same
    /// chunk's at the same places rewritten by the same maps; over the last
    /// compile's when they are as many; else appended (the arrays taken over
    /// are cut where this compile has written to).
    private func placeChunk(_ other: LetGoTransactions, accounts: [Int32], commodities: [Int32], payees: [Int32],
                            remapped: Guarded<RemappedLetGo?>) {
        if reuse == nil, reusable != nil, headers == nil { takeOver() }
        let count = (moves: other.moves.count, records: other.records.count)
        let at: (moves: Int, records: Int)
        // The old chunk at this place, when it had as many movements and records.
        if var r = reuse, r.next < r.old.count, r.old[r.next].moves == r.moves..<(r.moves + count.moves),
           r.old[r.next].records == r.records..<(r.records + count.records) {
            let part = r.old[r.next]
            at = (r.moves, r.records)
            if part.stream === other, part.accounts == accounts, part.commodities == commodities, part.payees == payees {
                chunksFoundInPlace += 1
            } else {
                write(other, accounts: accounts, commodities: commodities, payees: payees, at: at, remapped: remapped)
            }
            r.next += 1
            r.moves += count.moves
            r.records += count.records
            reuse = r
        } else {
            endReuse()
            at = (moves.count, records.count)
            write(other, accounts: accounts, commodities: commodities, payees: payees, at: at, remapped: remapped)
        }
        placed.append(PlacedChunk(stream: other, accounts: accounts, commodities: commodities, payees: payees,
                                  moves: at.moves..<(at.moves + count.moves), records: at.records..<(at.records + count.records)))
    }

    /// Writes a kept chunk's movements and records, rewritten by the maps,
    /// at `at` (over what is there, or appended at the end): from the
    /// chunk's copy of the last compile's rewrite when its maps were the
    /// same, else rewritten here and kept in that copy.
    private func write(_ other: LetGoTransactions, accounts: [Int32], commodities: [Int32], payees: [Int32],
                       at: (moves: Int, records: Int), remapped: Guarded<RemappedLetGo?>) {
        var source: RemappedLetGo
        if let cached = remapped.withLock({ $0 }), cached.accounts == accounts, cached.commodities == commodities, cached.payees == payees {
            source = cached
        } else {
            source = (accounts, commodities, payees, other.moves.array, other.records.array)
            source.moves.withUnsafeMutableBufferPointer { m in
                for i in m.indices { m[i].account = accounts[Int(m[i].account)] }
            }
            source.records.withUnsafeMutableBufferPointer { r in
                for i in r.indices {
                    r[i].payee = payees[Int(r[i].payee)]
                    r[i].commodity = commodities[Int(r[i].commodity)]
                }
            }
            remapped.withLock { [source] in $0 = source }
        }
        if at.moves == moves.count, at.records == records.count {
            moves.append(contentsOf: source.moves)
            records.append(contentsOf: source.records)
        } else {
            moves.withUnsafeMutableBufferPointer { m in
                source.moves.withUnsafeBufferPointer { s in
                    _ = UnsafeMutableBufferPointer(rebasing: m[at.moves..<(at.moves + s.count)]).update(fromContentsOf: s)
                }
            }
            records.withUnsafeMutableBufferPointer { m in
                source.records.withUnsafeBufferPointer { s in
                    _ = UnsafeMutableBufferPointer(rebasing: m[at.records..<(at.records + s.count)]).update(fromContentsOf: s)
                }
            }
        }
        let moveBase = Int32(at.moves)
        records.withUnsafeMutableBufferPointer { r in
            for i in at.records..<(at.records + source.records.count) {
                r[i].end += moveBase
            }
        }
    }

    /// Takes over the arrays of the last compile's stream (`reusable`) when
    /// everything before its first chunk is what this stream holds now (the
    /// head read the same).
    private func takeOver() {
        guard let old = reusable else { return }
        reusable = nil
        guard let first = old.placed.first, first.moves.lowerBound == moves.count, first.records.lowerBound == records.count,
              old.moves.count >= moves.count, old.records.count >= records.count,
              old.moves[..<moves.count].elementsEqual(moves), old.records[..<records.count].elementsEqual(records) else { return }
        let head = (moves: moves.count, records: records.count)
        swap(&moves, &old.moves)
        swap(&records, &old.records)
        reuse = Reuse(old: old.placed, moves: head.moves, records: head.records)
    }

    /// Ends the writing over arrays taken over: what the last compile put
    /// after this compile's end goes. Called before anything is appended
    /// another way, and when the file is read.
    func endReuse() {
        guard let r = reuse else { return }
        reuse = nil
        moves.removeSubrange(r.moves...)
        records.removeSubrange(r.records...)
    }

    /// Appends `items` to `destination`, each changed by `change`. When
    /// `consuming`, `items` is left empty, and its pages are moved rather
    /// than copied where the system can (`PagedArray.append(emptying:_:)`).
    /// Kept items are copied, then changed in place.
    private static func append<T>(_ items: inout PagedArray<T>, to destination: inout PagedArray<T>, consuming: Bool,
                                  _ change: (inout T) -> Void) {
        guard consuming else {
            let start = destination.count
            destination.append(contentsOf: items)
            destination.withUnsafeMutableBufferPointer { d in
                for i in start..<d.count { change(&d[i]) }
            }
            return
        }
        destination.append(emptying: &items, change)
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
    func moves(of i: Int) -> LazyMapCollection<Slice<PagedArray<StoredMove>>, Move> {
        let (scale, commodity) = (records[i].scale, records[i].commodity)
        return moves[Int(i == 0 ? 0 : records[i - 1].end)..<Int(records[i].end)].lazy.map {
            Move(account: $0.account, commodity: commodity, mantissa: Int64($0.mantissa), scale: scale)
        }
    }
}
