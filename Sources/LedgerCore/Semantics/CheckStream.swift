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
/// - its movements again, for positions: a transaction let go has no cost,
///   so where it moves a traded commodity it is a transfer, replayed in its
///   place by date (a transaction that moves a pair already known to be
///   traded is kept whole).
///
/// Every other transaction is kept whole and checked as usual. The stream
/// keeps 8 bytes a posting and 32 a transaction instead of a whole
/// `Transaction` (`LetGoTransactions.StoredMove`, `.Record`).
package final class CheckStream: EntrySink, @unchecked Sendable {
    /// What this stream let go of.
    public let letGo = LetGoTransactions()

    /// With `keepingHeaders`, each transaction let go keeps its header's
    /// fingerprint (`LetGoTransactions.headers`), and one whose postings carry a status is kept whole.
    public init(keepingHeaders: Bool = false) {
        if keepingHeaders { letGo.headers = [] }
    }

    func makeRoom(forBytes bytes: Int, inPages: Bool) { letGo.makeRoom(forBytes: bytes, inPages: inPages) }

    /// A stream for a second parser reading part of the same file.
    func makeSecond() -> any EntrySink { CheckStream(keepingHeaders: letGo.headers != nil) }

    /// Takes in what a second parser's stream let go of, after everything this one did.
    func absorb(_ other: any EntrySink, accounts: [Int32], commodities: [Int32], consuming: Bool, remapped: Guarded<RemappedLetGo?>?) {
        if let other = other as? CheckStream {
            letGo.absorb(other.letGo, accounts: accounts, commodities: commodities, consuming: consuming, remapped: remapped)
        }
    }

    /// A header is read from its bytes unless the stream keeps header fingerprints (a diff's).
    var readsHeaderBytes: Bool { letGo.headers == nil }

    /// Takes a transaction just read. Returns true when it must be kept whole
    /// (the caller stores it); false when the stream has checked and recorded it.
    func offer(_ t: inout Transaction, header: HeaderBytes?, broken: Bool, tradedPairs: Set<AccountCommodity>) -> Bool {
        var header = header
        // The tags this stream reads are rare: a header that may have one (the
        // tests of `generated:`, `Transaction.receipt` and `tag("repeat")`, on
        // the bytes) is made strings, and read as such.
        if let h = header, LetGoTransactions.commentMayHoldReadTags(h.comment) {
            h.fill(&t)
            header = nil
        }
        let seq = letGo.seen
        letGo.seen += 1
        let before = letGo.moves.count
        // A transaction with a receipt is kept whole: the compile checks that the file is there.
        // A header keeps no posting's status: such a transaction stays whole.
        let keepsStatus = letGo.headers != nil && t.postings.contains { $0.status != .unmarked }
        // Read as bytes, the header has no receipt; a posting's would be in a
        // comment, and `balancesExactly` lets go of no posting with a comment.
        guard !broken, !keepsStatus, header != nil || t.receipt == nil, LetGoTransactions.Record.days.contains(t.date.day),
              balancesExactly(&t, generated: header == nil, tradedPairs: tradedPairs) else {
            letGo.moves.removeSubrange(before...)
            letGo.keptSeq.append(seq)
            return true
        }
        let payee = header.map { letGo.payees.intern($0.payee) } ?? letGo.payees.intern(t.payee)
        letGo.record(movesFrom: before, day: t.date.day, payee: payee, location: t.location, commodity: recordedCommodity, scale: recordedScale)
        if header == nil, let tagged = t.tag("repeat") { letGo.repeatTags.append((t.date.day, tagged)) }
        if letGo.headers != nil { letGo.headers!.append(Fingerprint.header(t.date, t.status, t.code, t.description, t.comment)) }
        return false
    }

    /// Records the movements of `t` if it balances exactly by the one rule
    /// (`SimpleBalance`) and can be stored compactly; false when it must be
    /// kept (the caller drops what was recorded).
    /// `generated`: the comment may say `generated:` (it is a string in `t`).
    private func balancesExactly(_ t: inout Transaction, generated: Bool, tradedPairs: Set<AccountCommodity>) -> Bool {
        hit = false
        // `print` output read back: its occurrences must stay out of assertions.
        if generated, let c = t.comment, containsIgnoringASCIICase(c, "generated:") { return false }
        // Only plain postings (no virtual account, cost, lot, assertion or comment) are let go.
        guard let simple = SimpleBalance(t.postings, plainOnly: true), simple.commodity >= 0, simple.scale >= 0 else { return false }
        // Exactly zero: a later `commodity` directive cannot change the verdict.
        guard simple.elided >= 0 || simple.sum.isZero else { return false }
        if simple.elided >= 0 { simple.infer(into: &t.postings) }
        // Stored as 32-bit mantissas at one scale and in one commodity, which the record keeps.
        recordedScale = Int8(truncatingIfNeeded: simple.scale)
        recordedCommodity = simple.commodity
        // Read in place: a copy of each posting would cost more than what is read.
        let fits = t.postings.withUnsafeBufferPointer { postings in
            for i in postings.indices {
                guard let amount = postings[i].amount, let wide = amount.quantity.mantissa64, let m = Int32(exactly: wide) else { return false }
                record(postings[i].account, simple.commodity, m, tradedPairs)
            }
            return true
        }
        return fits && !hit
    }

    /// The scale and commodity of the movements `balancesExactly` recorded last.
    @exclusivity(unchecked) private var recordedScale: Int8 = 0
    @exclusivity(unchecked) private var recordedCommodity: Int32 = 0

    /// Set when a posting of a transaction being let go moves a traded position.
    @exclusivity(unchecked) private var hit = false

    /// The parser's traded pairs as a set that does not hash (hashing each posting's pair is slow),
    /// rebuilt when that set grows.
    @exclusivity(unchecked) private var traded = AccountCommoditySet()
    @exclusivity(unchecked) private var tradedCount = 0

    @inline(__always)
    private func record(_ account: Int32, _ commodity: Int32, _ mantissa: Int32, _ tradedPairs: Set<AccountCommodity>) {
        if movesTradedPosition(account, commodity, tradedPairs) { hit = true }
        letGo.moves.append(LetGoTransactions.StoredMove(account: account, mantissa: mantissa))
    }

    /// Whether a movement of `commodity` in `account` moves a traded position
    /// (a transaction that does is kept whole).
    @inline(__always)
    func movesTradedPosition(_ account: Int32, _ commodity: Int32, _ tradedPairs: Set<AccountCommodity>) -> Bool {
        if tradedPairs.isEmpty { return false }
        if tradedCount != tradedPairs.count {
            traded = AccountCommoditySet(tradedPairs)
            tradedCount = tradedPairs.count
        }
        return traded.contains(account, commodity)
    }
}
