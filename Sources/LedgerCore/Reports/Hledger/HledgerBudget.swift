/// hledger 1.25's `balance --budget` as its CSV lays it out: a row per
/// budgeted account and each of its parents the query keeps, but a parent
/// with no goal whose one child row holds all it holds (the actual amount of it and
/// everything under it; the goal where it is budgeted or has more than one
/// budgeted child), `<unbudgeted>` first for what falls under none of them,
/// and a `Total:` row; an `actual` and a `budget` column per period. hledger
/// writes these amounts with their digit groups.
extension BudgetReport {
    /// The cells, row by row, as hledger's `-O csv` writes them.
    public func hledgerCells() throws(AmountOverflow) -> [[String]] {
        let journal = ledger.journal, accounts = journal.accounts, commodities = journal.commodities
        let matcher = QueryMatcher(options.query, journal: journal)
        // The columns: the report's periods, or its days.
        var columns: [DateSpan]
        var headers: [String]
        if let unit = options.grouping {
            columns = options.periods(unit, over: ledger, matcher: matcher)
            headers = columns.map { options.groupingEvery > 1 ? HledgerStatement.spanText($0) : HledgerStatement.label(unit, $0.first, compound: false) }
        } else {
            let span = options.days(over: ledger, matcher: matcher) ?? DateSpan(first: ledger.until, last: ledger.until)
            columns = [span]
            headers = [HledgerStatement.spanText(span)]
        }
        guard !columns.isEmpty else { return [["Account"]] }
        // The budgeted accounts, and their parents: the rows.
        var budgeted = Set<Int32>(), rows = Set<Int32>()
        for rule in journal.periodic where rule.schedule != nil {
            for p in rule.template.postings where p.amount != nil && matcher.keeps(account: p.account) {
                budgeted.insert(p.account)
                // Its parents too, those the query keeps (`food` keeps `expenses:food`, not `expenses`).
                var a = p.account
                while a >= 0 { if matcher.keeps(account: a) { rows.insert(a) }; a = accounts.parent[Int(a)] }
            }
        }
        func rowsAbove(_ id: Int32) -> [Int32] {
            var out: [Int32] = [], a = id
            while a >= 0 { if rows.contains(a) { out.append(a) }; a = accounts.parent[Int(a)] }
            return out
        }
        let unbudgeted = Int32(accounts.count)
        var movements = Movements(ledger)
        movements.matcher = matcher
        let actual = try Balances.summing(movements, in: columns).gathered(into: accounts.count + 1) { id in
            let above = rowsAbove(id)
            return above.isEmpty ? [unbudgeted] : above
        }
        var goals = Balances(accounts: accounts.count, columns: columns)
        for rule in journal.periodic {
            guard let schedule = rule.schedule else { continue }
            for p in rule.template.postings {
                guard let goal = p.amount, matcher.keeps(account: p.account) else { continue }
                for d in schedule.dates(from: columns[0].first, through: columns[columns.count - 1].last) {
                    let k = columns.partitionIndex { $0.first > d } - 1
                    try goals.add(goal, to: p.account, column: k + 1, at: p.amountLocation)
                }
            }
        }
        let budget = try goals.gathered(into: accounts.count) { rowsAbove($0) }
        let children = Dictionary(grouping: rows, by: { accounts.parent[Int($0)] })
        func text(_ s: AmountSums) -> String { commodities.hledgerText(s, grouped: true) }
        var out = [["Account"] + headers.flatMap { [$0, "budget"] }]
        let width = columns.count
        func cells(_ a: [AmountSums], _ b: [AmountSums]?) -> [String] {
            (0..<width).flatMap { k in [a.isEmpty ? "0" : text(a[k]), b.map { $0.isEmpty ? "0" : text($0[k]) } ?? ""] }
        }
        if actual.reached(Int(unbudgeted)) { out.append(["<unbudgeted>"] + cells(actual.columns(Int(unbudgeted)), nil)) }
        for id in rows.sorted(by: { accounts.inHledgerOrder($0, $1) }) {
            // A parent with no goal of its own whose one child row holds all it holds is left out, as hledger elides it (`assets` over `assets:bank`).
            if !budgeted.contains(id), let kids = children[id], kids.count == 1,
               zip(actual.columns(Int(id)), actual.columns(Int(kids[0]))).allSatisfy({ $0.nonZero(commodities) == $1.nonZero(commodities) }) { continue }
            let showsGoal = budgeted.contains(id) || (children[id]?.count ?? 0) > 1
            out.append([accounts[id]] + cells(actual.columns(Int(id)), showsGoal ? budget.columns(Int(id)) : nil))
        }
        // The total: the unbudgeted and the rows at the top.
        let tops = rows.filter { !rows.contains(accounts.parent[Int($0)]) }
        let totalActual = try BalanceRows.columnTotals(tops.map { actual.columns(Int($0)) } + [actual.columns(Int(unbudgeted))], width: width, "the budget's total")
        let totalGoal = try BalanceRows.columnTotals(tops.map { budget.columns(Int($0)) }, width: width, "the budget's total")
        out.append(["Total:"] + cells(totalActual, totalGoal))
        return out
    }
}
