/// Actual postings against the goals of the `~` rules, per period and
/// budgeted account, with the meaning hledger's `balance --budget` gives them:
/// each posting of a rule (an inferred amount too) is a goal for its account
/// once per occurrence of the rule that falls in the period. A budgeted
/// account's actual and budget include its sub-accounts'; postings under no
/// budgeted account are summed in one `<unbudgeted>` row per commodity.
public struct BudgetReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    /// One row: a period, a budgeted account (nil: `<unbudgeted>`) and a commodity.
    public struct Row {
        public var period: Int
        public var account: Int32?
        public var commodity: Int32
        public var actual: ExactDecimal
        public var budget: ExactDecimal
        public var remaining: ExactDecimal
        /// actual ÷ budget to 4 places, half away from zero; nil when the budget is 0.
        public var used: ExactDecimal?
    }

    public var length: CalendarUnit { options.grouping ?? .month }

    public func rows() throws(AmountOverflow) -> (periods: [DateSpan], rows: [Row]) {
        var ledger = self.ledger
        let journal = ledger.journal
        let accounts = journal.accounts, commodities = journal.commodities
        let matcher = QueryMatcher(options.query, journal: ledger.journal)
        let periods = options.periods(length, over: ledger, matcher: matcher)
        guard let first = periods.first?.first, let last = periods.last?.last else { return ([], []) }
        let valuer = options.valuer
        if let valuer, !valuer.valuesSums { ledger = try ledger.valued(by: valuer) { d in column(d).map { periods[$0].last } } }
        func column(_ d: CivilDate) -> Int? {
            guard d >= first, d <= last else { return nil }
            // The last period starting on or before `d` (the first starts on or before it).
            return periods.partitionIndex { $0.first > d } - 1
        }
        func rolled(_ id: Int32) -> Int32 { options.depth.map { accounts.ancestor(of: id, atDepth: $0) } ?? id }
        // The budgeted accounts: every account a goal names.
        var budgeted = [Bool](repeating: false, count: accounts.count)
        for rule in journal.periodic where rule.schedule != nil {
            for p in rule.template.postings where p.amount != nil && matcher.keeps(account: p.account) { budgeted[Int(rolled(p.account))] = true }
        }
        // For each account, the budgeted accounts it counts toward: itself and its ancestors.
        var toward = [[Int32]](repeating: [], count: accounts.count)
        for id in 0..<Int32(accounts.count) {
            var a = rolled(id)
            while a >= 0 {
                if budgeted[Int(a)] { toward[Int(id)].append(a) }
                a = accounts.parent[Int(a)]
            }
        }
        // Goals and actuals are both gathered into the budgeted accounts
        // above them; actual postings under none into `<unbudgeted>` (row `accounts.count`).
        let unbudgetedRow = Int32(accounts.count)
        var goals = Balances(accounts: accounts.count, columns: periods)
        for rule in journal.periodic {
            guard let schedule = rule.schedule else { continue }
            let dates = schedule.dates(from: first, through: last)
            for p in rule.template.postings {
                guard let goal = p.amount, matcher.keeps(account: p.account) else { continue }
                for d in dates {
                    guard let k = column(d) else { continue }
                    var a = goal
                    if let valuer, !valuer.valuesSums, let day = valuer.day(of: d, periodEnd: periods[k].last) { a = try valuer.value(a, on: day, at: p.amountLocation) }
                    try goals.add(a, to: p.account, column: k + 1, at: p.amountLocation)
                }
            }
        }
        var budget = try goals.gathered(into: accounts.count) { toward[Int($0)] }
        // Whole periods, as hledger widens them: a posting before --from in the first period counts.
        var movements = Movements(ledger)
        movements.matcher = matcher
        var actual = try Balances.summing(movements, in: periods).gathered(into: accounts.count + 1) {
            toward[Int($0)].isEmpty ? [unbudgetedRow] : toward[Int($0)]
        }
        if let valuer, valuer.valuesSums {
            // Actual and goal of each period valued on the period's end.
            let days = periods.map { valuer.day(of: $0.last, periodEnd: $0.last)! }
            try actual.value(by: valuer, on: days)
            try budget.value(by: valuer, on: days)
        }
        // Rows: budgeted accounts in tree order, `<unbudgeted>` placed by its name as hledger sorts it.
        var keyed: [(key: [Substring], account: Int32?)] = (0..<Int32(accounts.count)).filter { budgeted[Int($0)] }.map {
            (accounts[$0].split(separator: ":"), $0)
        }
        keyed.append((["<unbudgeted>"], nil))
        keyed.sort { $0.key.lexicographicallyPrecedes($1.key) }
        // Each row's commodities, once over all periods (not once per period:
        // that was quadratic in the periods, 8 s for a mistyped year).
        // Each row's columns, taken out once (not once per period: quadratic, a fuzz finding).
        let actuals = keyed.map { actual.columns(Int($0.account ?? unbudgetedRow)) }
        let targets = keyed.map { entry in entry.account.map { budget.columns(Int($0)) } ?? [] }
        let shown = keyed.indices.map { nonZeroCommodities(actuals[$0] + targets[$0], commodities) }
        var rows: [Row] = []
        for k in periods.indices {
            for (n, entry) in keyed.enumerated() {
                let a = actuals[n], b = targets[n]
                for c in shown[n] {
                    let x = a.isEmpty ? .zero : a[k].quantity(c)
                    let y = b.isEmpty ? .zero : b[k].quantity(c)
                    let remaining = try y.minus(x, at: nil)
                    var used: ExactDecimal?
                    if !y.isZero {
                        guard let u = x.divided(by: y, places: 4) else { throw AmountOverflow(at: nil, "the share of the budget used") }
                        used = u
                    }
                    rows.append(Row(period: k, account: entry.account, commodity: c, actual: x, budget: y, remaining: remaining, used: used))
                }
            }
        }
        return (periods, rows)
    }

    /// Each period's rows, in one pass (a filter per period was quadratic in
    /// the periods: a fuzz finding, 21 s for a year mistyped as 4050).
    public static func byPeriod(_ rows: [Row], count: Int) -> [[Row]] {
        var out = [[Row]](repeating: [], count: count)
        for r in rows { out[r.period].append(r) }
        return out
    }

    /// CSV `period,account,commodity,actual,budget,remaining,used`; JSON
    /// `periods`, each with its `accounts`; text one table per period.
    public func document() throws(AmountOverflow) -> ReportDocument {
        let (periods, rows) = try rows()
        let length = self.length
        func accountCell(_ r: Row) -> Cell { r.account.map { .account($0) } ?? .text("<unbudgeted>") }
        let csvColumns = ["period", "account", "commodity", "actual", "budget", "remaining", "used"].map {
            Column($0, $0, numeric: !["period", "account", "commodity"].contains($0))
        }
        let csv = ReportTable(name: "budget", columns: csvColumns, rows: rows.map { r in
            [.text(length.label(of: periods[r.period].first)), accountCell(r), .commodity(r.commodity),
             .amount(r.actual, r.commodity), .amount(r.budget, r.commodity), .amount(r.remaining, r.commodity),
             .fraction(r.used, fourPlaces: true)]
        })
        let accountColumns = [
            Column("account", "Account"), Column("commodity", "Commodity", in: .json),
            Column("actual", "Actual", numeric: true), Column("budget", "Budget", numeric: true),
            Column("remaining", "Remaining", numeric: true), Column("used", "Used", numeric: true),
            Column("bar", "", in: .text), Column("over", "", in: .text),
        ]
        var periodRows: [[Cell]] = []
        let byPeriod = BudgetReport.byPeriod(rows, count: periods.count)
        for (k, p) in periods.enumerated() {
            let label = length.label(of: p.first)
            let mine = byPeriod[k]
            let table = ReportTable(name: "accounts", columns: accountColumns, rows: mine.map { r in
                let over = r.used.map { ExactDecimal(1) < $0 } ?? false
                return [accountCell(r), .commodity(r.commodity), .amount(r.actual, r.commodity), .amount(r.budget, r.commodity),
                        .amount(r.remaining, r.commodity), .fraction(r.used, fourPlaces: true),
                        .bar(r.actual.magnitude, of: r.budget.magnitude), .text(over ? "over budget" : "")]
            }, title: "Budget \(label)")
            periodRows.append([.text(label), .date(p.first), .date(p.last), .table(table)])
        }
        let outer = ReportTable(name: "periods", columns: [
            Column("period", "Period", in: .json), Column("start", "", in: .json), Column("end", "", in: .json), Column("accounts", ""),
        ], rows: periodRows)
        var document = ReportDocument([outer], until: ledger.until, text: .tables(empty: Language.text("No budget goals or postings in the period.\n", ko: "기간에 예산 목표나 포스팅이 없습니다.\n")))
        document.csv = csv
        return document
    }
}
