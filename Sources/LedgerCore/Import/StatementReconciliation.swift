/// `reconcile --statement FILE` (CLI.md): the statement itself says which
/// postings it holds, so nothing is guessed from a sum. Each of its rows is
/// matched as `import` matches one (the account's posting of the same
/// amount on the same day, within `matchDays`, each posting once); the
/// matched postings not yet cleared are the ones to clear, and the
/// statement's last balance on DATE is the balance to assert.
extension Reconciliation {
    /// What a statement's rows did not find in the journal: rows to import first.
    public struct StatementMatch {
        public var reconciliation: Reconciliation
        /// Rows of the account with no posting in the journal.
        public var missing: [ImportedRow]
        /// The rows read up to DATE.
        public var rows: Int
        public var to: CivilDate
    }

    /// The reconciliation of the account the statement's rows are for
    /// (`accountName`, else their one account1, as the journal resolves it
    /// in `resolved`), up to `to` (else the last row's day), against the
    /// last balance the rows give on or before it (else `balanceText`).
    public static func make(_ c: Compilation, statement rows: [ImportedRow], accountName: String?, resolved: [String: String],
                            to: CivilDate?, balanceText: String?, matchDays: Int) -> Result<StatementMatch, ReconcileProblem> {
        let journal = c.ledger.journal
        let names = Set(rows.map { resolved[$0.account1] ?? $0.account1 })
        guard let name = accountName ?? names.first, accountName != nil || names.count == 1 else {
            return .failure(ReconcileProblem(names.isEmpty ? "the statement has no rows" : "the statement's rows are for \(names.count) accounts: give --account"))
        }
        guard let account = journal.accounts.lookup(name) else { return .failure(ReconcileProblem("the journal has no account '\(name)'")) }
        let mine = rows.filter { journal.accounts.lookup(resolved[$0.account1] ?? $0.account1).map { journal.accounts.isSelfOrDescendant($0, of: account) } ?? false }
        guard let last = (to.map { day in mine.filter { $0.date <= day } } ?? mine).map(\.date).max() else {
            return .failure(ReconcileProblem("the statement has no rows for '\(name)'\(to.map { " up to \($0)" } ?? "")"))
        }
        let day = to ?? last
        let held = mine.filter { $0.date <= day }
        // The balance: the last row on or before the day that gives one (rows in the statement's order).
        let balance: String
        if let text = balanceText {
            balance = text
        } else if let row = held.last(where: { $0.balanceQuantity != nil }), let q = row.balanceQuantity {
            balance = CSVStatement.amountText(q, row.commodity)
        } else {
            return .failure(ReconcileProblem("the statement gives no balance up to \(day): give --balance AMOUNT"))
        }
        var r: Reconciliation
        switch make(c, accountName: name, to: day, balanceText: balance, searching: false) {
        case .success(let made): r = made
        case .failure(let problem): return .failure(problem)
        }
        // Every posting of the account up to the day, cleared ones first: a row that a cleared posting answers was reconciled before.
        struct Key: Hashable { var mantissa: Int128, scale: Int }
        func key(_ q: ExactDecimal) -> Key { let n = q.normalized; return Key(mantissa: n.mantissa, scale: n.scale) }
        var cleared: [Key: [Int32]] = [:]
        for t in c.ledger.ordered where t.generated == nil && t.date <= day {
            for p in t.postings where journal.accounts.isSelfOrDescendant(p.account, of: account) && (p.status == .cleared || t.status == .cleared) {
                if let a = p.amount, a.commodity == r.commodity { cleared[key(a.quantity), default: []].append(t.date.day) }
            }
        }
        var open: [Key: [Int]] = [:]
        for (k, p) in r.uncleared.enumerated() { open[key(p.amount.quantity), default: []].append(k) }
        var claimed = Set<Int>(), missing: [ImportedRow] = []
        for row in held {
            let k = key(row.quantity)
            if let days = cleared[k], let i = days.indices.min(by: { abs(days[$0] - row.date.day) < abs(days[$1] - row.date.day) }),
               abs(days[i] - row.date.day) <= Int32(matchDays) {
                cleared[k]?.remove(at: i)
                continue
            }
            let near = (open[k] ?? []).filter { !claimed.contains($0) && abs(r.uncleared[$0].date.day - row.date.day) <= Int32(matchDays) }
            if let j = near.min(by: { abs(r.uncleared[$0].date.day - row.date.day) < abs(r.uncleared[$1].date.day - row.date.day) }) {
                claimed.insert(j)
            } else {
                missing.append(row)
            }
        }
        let marked = claimed.sorted()
        r.explaining = marked
        r.alternatives = [marked]
        r.sets = 1
        r.searchedExactly = true
        r.cancellingPairs = []
        return .success(StatementMatch(reconciliation: r, missing: missing, rows: held.count, to: day))
    }

    /// The sum of the marked postings less the difference: zero when they make it up exactly.
    public var unexplained: ExactDecimal? {
        var sum = ExactDecimal.zero
        for k in explaining ?? [] { guard let s = sum.adding(uncleared[k].amount.quantity) else { return nil }; sum = s }
        return difference.subtracting(sum)
    }
}
