/// The checker's running balances, exposed once: recorded transactions in
/// date order (file order on one date), the transactions a streaming check
/// let go in their place, each `split`'s new shares at the open of its day,
/// and no `generated:` read-back (a printed occurrence moves and checks no
/// assertion). The checker verifies assertions along this walk, and the
/// editor's inlay hints read the balances it reaches, so the two never disagree.
///
///     var walk = AssertionWalk(transactions, journal: journal)
///     while let i = walk.next(transactions) {
///         // walk.balances: before transactions[i]; post its amounts with walk.post
///     }
package struct AssertionWalk {
    /// The balances before the transaction `next` returned (after it, once posted).
    package var balances = RunningBalances()
    private let order: [Int]
    private var position = 0
    private let letGo: LetGoTransactions?
    private let records: LetGoTransactions.RecordOrder
    private var nextRecord = 0
    private let splits: [StockSplit]
    private var nextSplit = 0
    private let accounts: AccountTable

    /// A walk over the recorded transactions of `transactions` (neither a
    /// rule's occurrence nor a split's shares), with `journal`'s splits and let-go records.
    package init(_ transactions: [Transaction], journal: Journal) {
        order = transactions.indices.filter { transactions[$0].generated == nil && !transactions[$0].isSplit }.sorted {
            let a = transactions[$0].date, b = transactions[$1].date
            return a == b ? $0 < $1 : a < b
        }
        letGo = journal.letGo
        records = journal.letGo?.recordsInDateOrder() ?? LetGoTransactions.RecordOrder()
        splits = journal.splits.indices.sorted {
            journal.splits[$0].date != journal.splits[$1].date ? journal.splits[$0].date < journal.splits[$1].date : $0 < $1
        }.map { journal.splits[$0] }
        accounts = journal.accounts
    }

    /// Whether `t` is a transaction `print` wrote from a rule's occurrence
    /// (a `generated:` tag) with no balance assignment to work out: read
    /// back, it is still a projection. (An assignment already worked out is
    /// an inferred amount with the assertion.)
    package static func isReadBack(_ t: Transaction) -> Bool {
        t.tag("generated") != nil && !t.postings.contains { $0.assertion != nil && ($0.amount == nil || $0.isInferred) }
    }

    /// The next transaction to post (an index into `transactions`), with
    /// the balances brought to the moment before it; nil at the end.
    package mutating func next(_ transactions: [Transaction]) -> Int? {
        while position < order.count {
            let i = order[position]
            position += 1
            let t = transactions[i]
            applySplits(through: t.date)
            // (A transaction past the kept ones, which this walk's order leaves out as it stands, is
            // placed as before: its index read as a file-order number.)
            replayRecords(before: t.date.day, letGo.map { i < $0.keptSeq.count ? $0.recordsBefore(kept: i) : $0.recordsBefore(seq: Int32(i)) } ?? 0)
            if AssertionWalk.isReadBack(t) { continue }
            return i
        }
        return nil
    }

    /// Adds a posting's amount to the balances.
    package mutating func post(_ p: Posting) {
        if let a = p.amount { balances.add(a.quantity, to: AccountCommodity(p.account, a.commodity)) }
    }

    /// The records a streaming check let go that come before a day, or on
    /// it and before the first `recordsBefore` records in file order.
    private mutating func replayRecords(before day: Int32, _ recordsBefore: Int) {
        guard let letGo else { return }
        while nextRecord < records.count {
            let r = letGo.records[records[nextRecord]]
            guard r.day < day || r.day == day && records[nextRecord] < recordsBefore else { return }
            for m in letGo.moves(of: records[nextRecord]) {
                balances.add(m.quantity, to: AccountCommodity(m.account, m.commodity))
            }
            nextRecord += 1
        }
    }

    /// A `split` gives each asset account holding its commodity the new
    /// shares at the open of its day, as `Ledger.withSplits` does for reports.
    private mutating func applySplits(through day: CivilDate) {
        while nextSplit < splits.count, splits[nextSplit].date <= day {
            let split = splits[nextSplit]
            nextSplit += 1
            replayRecords(before: split.date.day, 0)
            let holdings = balances.keys.filter { $0.commodity == split.commodity && accounts.type(of: $0.account) == .asset }
            for key in holdings {
                // A split that does not fit is an error where the reports add its shares.
                guard let held = balances.value(key), held.signum > 0, let delta = try? split.newShares(for: held) else { continue }
                balances.add(delta, to: key)
            }
        }
    }
}
