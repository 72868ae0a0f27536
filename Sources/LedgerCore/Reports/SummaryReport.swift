/// One month (or `--period`) and commodity of the summary: what came in, what went out.
public struct MonthSummary: Sendable {
    /// The first day of the row's month (of its week, quarter or year with `--period`).
    public var month: CivilDate
    public var commodity: Int32
    /// Income as a positive number (income postings are negative in the journal).
    public var income = ExactDecimal.zero
    public var expenses = ExactDecimal.zero
    public var transactions = 0
    public var generated = 0
    /// Expense accounts rolled up to the category depth, largest first.
    public var categories: [(account: Int32, amount: ExactDecimal)] = []

    /// income − expenses, computed when the row is built (exactly, or the report stops).
    public var net = ExactDecimal.zero

    /// net ÷ income to 4 places (half away from zero; more when 4 would show
    /// a rate that is not zero as zero), nil without income.
    public var savingsRate: ExactDecimal?
}

/// Builds month summaries: one row per month and commodity that has income or
/// expenses in the period, in month order and then commodity name order.
public struct MonthSummaryReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions
    /// Depth of the expense categories (default 2).
    public var categoryDepth: Int { options.depth ?? 2 }
    /// What a row covers: `--period`, by default a month.
    public var length: CalendarUnit { options.grouping ?? .month }

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    public func rows() throws(AmountOverflow) -> [MonthSummary] {
        let accounts = ledger.journal.accounts
        let commodities = ledger.journal.commodities
        let filter = QueryMatcher(options.query, journal: ledger.journal)
        let types = accounts.types()
        let categoryOf = (0..<Int32(accounts.count)).map { accounts.ancestor(of: $0, atDepth: categoryDepth) }
        var result: [MonthSummary] = []
        // Transactions come in date order: only the current month's rows (one
        // per commodity, so few) are open at a time, in small arrays.
        var open: [MonthSummary] = []
        var openCategories: [[(account: Int32, amount: ExactDecimal)]] = []
        var lastCounted: [Int32] = []
        var month = CivilDate(day: Int32.min)
        func close() throws(AmountOverflow) {
            for i in open.indices {
                open[i].net = try open[i].income.minus(open[i].expenses, at: nil)
                open[i].savingsRate = try open[i].net.shown(over: open[i].income, places: 4, at: nil)
                open[i].categories = openCategories[i]
                    .filter { !$0.amount.rounded(to: commodities.precision(open[i].commodity)).isZero }
                    .sorted { $0.amount == $1.amount ? accounts[$0.account] < accounts[$1.account] : $1.amount < $0.amount }
            }
            result.append(contentsOf: open.sorted { commodities[$0.commodity] < commodities[$1.commodity] })
            open = []
            openCategories = []
            lastCounted = []
        }
        var movements = Movements(ledger)
        movements.matcher = filter
        movements.realOnly = true
        (movements.from, movements.through) = (options.period.from, options.period.to)
        try movements.forEach { (m) throws(AmountOverflow) in
            let type = types[Int(m.account)]
            guard type == .income || type == .expense else { return }
            let start = length == .month ? m.date.monthStart : length.start(of: m.date)
            // Valued at the end of the row's period (`then`: on its date).
            var a = m.amount
            if let v = options.valuer {
                let t = ledger.transactions[Int(m.transaction)]
                a = try v.value(a, of: t.postings[Int(m.posting)], dated: m.date, periodEnd: length.end(of: start), in: t)
            }
            if start != month {
                try close()
                month = start
            }
            var i = open.firstIndex { $0.commodity == a.commodity } ?? -1
            if i < 0 {
                open.append(MonthSummary(month: month, commodity: a.commodity))
                openCategories.append([])
                lastCounted.append(-1)
                i = open.count - 1
            }
            if type == .income {
                open[i].income = try open[i].income.minus(a.quantity, at: m.location)
            } else {
                open[i].expenses = try open[i].expenses.plus(a.quantity, at: m.location)
                let category = categoryOf[Int(m.account)]
                if let k = openCategories[i].firstIndex(where: { $0.account == category }) {
                    openCategories[i][k].amount = try openCategories[i][k].amount.plus(a.quantity, at: m.location)
                } else {
                    openCategories[i].append((category, a.quantity))
                }
            }
            if lastCounted[i] != m.transaction {
                lastCounted[i] = m.transaction
                open[i].transactions += 1
                if ledger.transactions[Int(m.transaction)].generated != nil { open[i].generated += 1 }
            }
        }
        try close()
        return result
    }

    /// `months`: a row per month and commodity, each with its `categories`.
    public func document() throws(AmountOverflow) -> ReportDocument {
        let rows = try rows()
        var maxExpenses: [Int32: ExactDecimal] = [:]
        for r in rows where maxExpenses[r.commodity].map({ $0 < r.expenses }) ?? true { maxExpenses[r.commodity] = r.expenses }
        // `month` for months (the spec's header); `period` for the other lengths.
        let byMonth = length == .month
        let columns = [
            byMonth ? Column("month", "Month") : Column("period", "Period"), Column("commodity", "Commodity"),
            Column("income", "Income", numeric: true), Column("expenses", "Expenses", numeric: true),
            Column("net", "Net", numeric: true), Column("savings_rate", "Savings", numeric: true),
            Column("transactions", "Txns", numeric: true), Column("generated", "Generated", numeric: true),
            Column("bar", "", in: .text), Column("categories", "", in: [.text, .json]),
        ]
        let categoryColumns = [
            Column("account", "Category"), Column("type", "", in: .json), Column("amount", "Amount", numeric: true),
            Column("share", "Share", numeric: true, in: .text), Column("bar", "", in: .text),
        ]
        var cells: [[Cell]] = []
        for r in rows {
            var categories: [[Cell]] = []
            for cat in r.categories {
                categories.append([.account(cat.account), .text("expense"), .amount(cat.amount, r.commodity),
                                   .fraction(try cat.amount.shown(over: r.expenses, places: 4, at: nil), fourPlaces: true),
                                   .bar(cat.amount, of: r.expenses)])
            }
            let label = length.label(of: r.month)
            let symbol = ledger.journal.commodities[r.commodity]
            let title = Language.text("\(label) \(symbol) expenses by category", ko: "\(label) \(symbol) 분류별 지출")
            cells.append([byMonth ? .month(r.month) : .text(label), .commodity(r.commodity), .amount(r.income, r.commodity), .amount(r.expenses, r.commodity),
                          .amount(r.net, r.commodity), .fraction(r.savingsRate, fourPlaces: false), .count(r.transactions), .count(r.generated),
                          .bar(r.expenses, of: maxExpenses[r.commodity]!),
                          .table(ReportTable(name: "categories", columns: categoryColumns, rows: categories, title: title))])
        }
        return ReportDocument([ReportTable(name: byMonth ? "months" : "periods", columns: columns, rows: cells)], until: ledger.until,
                              text: .tables(empty: Language.text("No income or expenses in the period.\n", ko: "기간에 수입이나 지출이 없습니다.\n")))
    }
}
