/// hledger 1.25's `balance --budget` as its CSV lays it out: a row per
/// budgeted account and each of its parents the query keeps, but a parent
/// with no goal whose one child row holds all it holds (the actual amount of it and
/// everything under it; the goal where it is budgeted or has more than one
/// budgeted child), `<unbudgeted>` first for what falls under none of them,
/// and a `Total:` row; an `actual` and a `budget` column per period. hledger
/// writes these amounts with their digit groups.
extension BudgetReport {
    /// The cells, row by row, as hledger's `-O csv` writes them.
    public func hledgerCells(rowTotal: Bool = false, average: Bool = false) throws(AmountOverflow) -> [[String]] {
        try hledgerTable(rowTotal: rowTotal, average: average).cells
    }

    /// The cells, and beside each budget cell the percentage of it the
    /// actual amount is (hledger's text shows `[60% of $-25]`): 100 × actual ÷
    /// goal rounded half to even, where both are of one commodity (or the
    /// actual is zero) and the goal is not zero; nil elsewhere. A period
    /// outside the first and last that any goal falls in has no goal cells
    /// (as hledger's budget columns span only its goals). `rowTotal`,
    /// `average`: `-T` and `-A`, a `Total` and an `Average` pair of columns;
    /// `sortByAmount`: `-S`, the rows largest actual amount first. With
    /// `--cumulative`, each actual amount is the sum up to its column's end
    /// (headed by that day; the goals stay each period's); with a valuation
    /// at period ends (`-V`), the amounts are valued on each column's last
    /// day. `title`: hledger's, the days the columns span and the valuation.
    ///
    /// `writtenGrouped` says whether a goal's amount was written with digit
    /// groups (`$1,000.00`): hledger 1.25 shows a goal as its rule wrote it
    /// (its rules are not restyled), and a sum of goals in the style of the
    /// last one summed: the row's own first, then its subaccounts' by name,
    /// so the goal of the account last by name (an inferred goal has the
    /// commodity's style as the transactions write it).
    public func hledgerTable(rowTotal: Bool = false, average: Bool = false, sortByAmount: Bool = false,
                             writtenGrouped: (Posting) -> Bool = { _ in true }) throws(AmountOverflow)
        -> (cells: [[String]], percents: [[String?]], title: String) {
        let journal = ledger.journal, accounts = journal.accounts, commodities = journal.commodities
        let matcher = QueryMatcher(options.query, journal: journal)
        // The columns: the report's periods, or its days.
        var columns: [DateSpan]
        var headers: [String]
        if let unit = options.grouping {
            columns = options.periods(unit, over: ledger, matcher: matcher)
            headers = columns.map { options.groupingEvery > 1 || options.weekStart != nil ? HledgerStatement.spanText($0) : HledgerStatement.label(unit, $0.first, compound: false) }
        } else {
            let span = options.days(over: ledger, matcher: matcher) ?? DateSpan(first: ledger.until, last: ledger.until)
            columns = [span]
            headers = [HledgerStatement.spanText(span)]
        }
        guard !columns.isEmpty else { return ([["Account"]], [[nil]], "") }
        let title = "Budget performance in \(HledgerStatement.spanText(DateSpan(first: columns[0].first, last: columns[columns.count - 1].last)))"
            + HledgerStatement.valuedSuffix(options.valuation) + ":"
        if options.cumulative { headers = columns.map(\.last.description) }
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
        let moved = try Balances.summing(movements, in: columns)
        // The rows with goals, and the parents over them: which rows show a goal.
        let goalChildren = Dictionary(grouping: rows, by: { accounts.parent[Int($0)] })
        if options.empty {
            // -E: every account posted to under a row is a row too, with its parents up to that row (no goal of its own).
            for id in 0..<Int32(accounts.count) where moved.moved(id) && matcher.keeps(account: id) && !rowsAbove(id).isEmpty {
                var a = id
                while a >= 0, !rows.contains(a) { rows.insert(a); a = accounts.parent[Int(a)] }
            }
        }
        let actual = try moved.gathered(into: accounts.count + 1) { id in
            let above = rowsAbove(id)
            return above.isEmpty ? [unbudgeted] : above
        }
        var goals = Balances(accounts: accounts.count, columns: columns)
        var goalColumns: ClosedRange<Int>?
        /// Per (row, column) cell (row -1: the total), the goal summed last into it, whose digit groups the cell shows.
        var last: [[Int]: (account: Int32, grouped: Bool)] = [:]
        func later(_ a: Int32, _ b: Int32) -> Bool {
            !accounts[a].split(separator: ":").lexicographicallyPrecedes(accounts[b].split(separator: ":"))
        }
        for rule in journal.periodic {
            guard let schedule = rule.schedule else { continue }
            for p in rule.template.postings {
                guard let goal = p.amount, matcher.keeps(account: p.account) else { continue }
                let grouped = writtenGrouped(p)
                for d in schedule.dates(from: columns[0].first, through: columns[columns.count - 1].last) {
                    let k = columns.partitionIndex { $0.first > d } - 1
                    try goals.add(goal, to: p.account, column: k + 1, at: p.amountLocation)
                    for row in rowsAbove(p.account) + [-1] where last[[Int(row), k]].map({ later(p.account, $0.account) }) ?? true {
                        last[[Int(row), k]] = (p.account, grouped)
                    }
                    goalColumns = goalColumns.map { min($0.lowerBound, k)...max($0.upperBound, k) } ?? k...k
                }
            }
        }
        let budget = try goals.gathered(into: accounts.count) { rowsAbove($0) }
        let children = Dictionary(grouping: rows, by: { accounts.parent[Int($0)] })
        func text(_ s: AmountSums, grouped: Bool = true) -> String { commodities.hledgerText(s, grouped: grouped) }
        var out = [["Account"] + headers.flatMap { [$0, "budget"] } + (rowTotal ? ["Total", "budget"] : []) + (average ? ["Average", "budget"] : [])]
        var percents: [[String?]] = [Array(repeating: nil, count: out[0].count)]
        let width = columns.count
        func percent(_ a: AmountSums?, _ b: AmountSums?) throws(AmountOverflow) -> String? {
            guard let b else { return nil }
            let goals = b.amounts.filter { !$0.quantity.isZero }, actuals = (a?.amounts ?? []).filter { !$0.quantity.isZero }
            guard goals.count == 1, actuals.count <= 1, actuals.first.map({ $0.commodity == goals[0].commodity }) ?? true else { return nil }
            // No amount that is not zero: the actual is zero (`0 [0% of $15]`).
            let q = actuals.isEmpty ? ExactDecimal.zero : actuals[0].quantity
            let ratio = try q.times(ExactDecimal(100), at: nil).quotient(over: goals[0].quantity, at: nil)
            return ratio.roundedHalfEven(to: 0).description
        }
        /// Each column's amounts valued on its last day, with a valuation at period ends.
        func valued(_ sums: [AmountSums]) throws(AmountOverflow) -> [AmountSums] {
            guard let valuer = options.valuer, valuer.valuesSums else { return sums }
            var out: [AmountSums] = []
            for (k, s) in sums.enumerated() { out.append(k < columns.count ? try valuer.value(s, on: columns[k].last) : s) }
            return out
        }
        /// `row`: the row's account (-1: the total), whose goals' digit groups its cells follow.
        func cells(_ a: [AmountSums], _ b: [AmountSums]?, row id: Int32) throws(AmountOverflow) -> [String] {
            var row: [String] = [], pcts: [String?] = [nil]
            var actuals = a.isEmpty ? Array(repeating: AmountSums(), count: width) : a
            if options.cumulative {
                // Each column the sum up to its end.
                for k in actuals.indices.dropFirst() {
                    var sum = actuals[k - 1]
                    guard sum.add(actuals[k]) else { throw AmountOverflow(at: nil, "the budget's cumulative sum") }
                    actuals[k] = sum
                }
            }
            actuals = try valued(actuals)
            var b = b
            if let goals = b { b = try valued(goals) }
            // A goal where the row has one, in the periods the goals span.
            let goals: [AmountSums?] = (0..<width).map { k in
                guard let b, let span = goalColumns, span.contains(k) else { return nil }
                return b.isEmpty ? AmountSums() : b[k]
            }
            var pairs = (0..<width).map { (actuals[$0], goals[$0]) }
            var grouped = (0..<width).map { last[[Int(id), $0]]?.grouped ?? true }
            if rowTotal || average {
                let total = try BalanceRows.rowTotal(actuals)
                let goalTotal = goals.contains { $0 != nil } ? try BalanceRows.rowTotal(goals.compactMap { $0 }) : nil
                if rowTotal { pairs.append((total, goalTotal)) }
                if average {
                    pairs.append((try BalanceRows.rowAverage(total, over: width),
                                  try goalTotal.map { g throws(AmountOverflow) in try BalanceRows.rowAverage(g, over: width) }))
                }
                // A row's total and average: its goals summed over the columns, the last column's last.
                let lastColumn = (0..<width).last { last[[Int(id), $0]] != nil }.map { grouped[$0] } ?? true
                grouped += [lastColumn, lastColumn]
            }
            for (k, (actual, goal)) in pairs.enumerated() {
                // A row nothing was posted to has no actual amount (hledger's CSV leaves it empty; its text shows 0).
                row += [a.isEmpty ? "" : text(actual), goal.map { text($0, grouped: grouped[k]) } ?? ""]
                pcts += [nil, try percent(actual, goal)]
            }
            percents.append(pcts)
            return row
        }
        // The rows: `<unbudgeted>` (no account), then the accounts in hledger's order.
        var shown: [(account: Int32?, actual: [AmountSums], goal: [AmountSums]?)] = []
        if actual.reached(Int(unbudgeted)) { shown.append((nil, actual.columns(Int(unbudgeted)), nil)) }
        for id in rows.sorted(by: { accounts.inHledgerOrder($0, $1) }) {
            // A parent with no goal of its own whose one child row holds all it holds is left out, as hledger elides it (`assets` over `assets:bank`).
            if !budgeted.contains(id), let kids = children[id], kids.count == 1,
               zip(actual.columns(Int(id)), actual.columns(Int(kids[0]))).allSatisfy({ $0.nonZero(commodities) == $1.nonZero(commodities) }) { continue }
            let showsGoal = budgeted.contains(id) || (goalChildren[id]?.count ?? 0) > 1
            shown.append((id, actual.columns(Int(id)), showsGoal ? budget.columns(Int(id)) : nil))
        }
        if sortByAmount {
            // `-S`: by the actual amounts' row total, largest first.
            var totals: [(account: Int32?, total: AmountSums)] = []
            for r in shown { totals.append((r.account, try BalanceRows.rowTotal(r.actual))) }
            shown = ledger.orderByAmount(totals, flat: options.flat, negated: false).map { shown[$0] }
        }
        for r in shown { out.append([r.account.map { accounts[$0] } ?? "<unbudgeted>"] + (try cells(r.actual, r.goal, row: r.account ?? -2))) }
        // The total: the unbudgeted and the rows at the top.
        let tops = rows.filter { !rows.contains(accounts.parent[Int($0)]) }
        let totalActual = try BalanceRows.columnTotals(tops.map { actual.columns(Int($0)) } + [actual.columns(Int(unbudgeted))], width: width, "the budget's total")
        let totalGoal = try BalanceRows.columnTotals(tops.map { budget.columns(Int($0)) }, width: width, "the budget's total")
        out.append(["Total:"] + (try cells(totalActual, totalGoal, row: -1)))
        return (out, percents, title)
    }
}
