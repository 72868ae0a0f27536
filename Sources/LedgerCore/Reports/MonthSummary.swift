/// One month and commodity of the summary: what came in, what went out.
public struct MonthSummary: Sendable {
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
public struct MonthSummaryReport {
    public let ledger: Ledger
    public let options: ReportOptions
    /// Depth of the expense categories (default 2).
    public var categoryDepth: Int { options.depth ?? 2 }

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    public func rows() throws(AmountOverflow) -> [MonthSummary] {
        let accounts = ledger.journal.accounts
        let commodities = ledger.journal.commodities
        let filter = AccountFilter(accounts, text: options.account)
        let types = (0..<Int32(accounts.count)).map { accounts.type(of: $0) }
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
        for index in ledger.order {
            let t = ledger.transactions[Int(index)]
            guard options.period.contains(t.date) else { continue }
            for p in t.postings where p.virtual != .unbalanced && filter.keeps(p.account) {
                guard let a = p.amount else { continue }
                let type = types[Int(p.account)]
                guard type == .income || type == .expense else { continue }
                if t.date.monthStart != month {
                    try close()
                    month = t.date.monthStart
                }
                var i = open.firstIndex { $0.commodity == a.commodity } ?? -1
                if i < 0 {
                    open.append(MonthSummary(month: month, commodity: a.commodity))
                    openCategories.append([])
                    lastCounted.append(-1)
                    i = open.count - 1
                }
                if type == .income {
                    open[i].income = try open[i].income.minus(a.quantity, at: p.amountLocation)
                } else {
                    open[i].expenses = try open[i].expenses.plus(a.quantity, at: p.amountLocation)
                    let category = categoryOf[Int(p.account)]
                    if let k = openCategories[i].firstIndex(where: { $0.account == category }) {
                        openCategories[i][k].amount = try openCategories[i][k].amount.plus(a.quantity, at: p.amountLocation)
                    } else {
                        openCategories[i].append((category, a.quantity))
                    }
                }
                if lastCounted[i] != index {
                    lastCounted[i] = index
                    open[i].transactions += 1
                    if t.generated != nil { open[i].generated += 1 }
                }
            }
        }
        try close()
        return result
    }

    // MARK: writers

    public func csv() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        var w = CSVWriter()
        w.row(["month", "commodity", "income", "expenses", "net", "savings_rate", "transactions", "generated"])
        for r in try rows() {
            w.row([r.month.monthText, c[r.commodity], c.plain(r.income, r.commodity), c.plain(r.expenses, r.commodity),
                   c.plain(r.net, r.commodity), r.savingsRate?.description ?? "", String(r.transactions), String(r.generated)])
        }
        return w.buffer.bytes
    }

    public func json() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let accounts = ledger.journal.accounts
        var w = JSONWriter(pretty: true)
        beginJSONReport(&w, until: ledger.until)
        w.key("months"); w.beginArray()
        for r in try rows() {
            w.beginObject()
            w.key("month"); w.string(r.month.monthText)
            w.key("commodity"); w.string(c[r.commodity])
            w.key("income"); w.string(c.plain(r.income, r.commodity))
            w.key("expenses"); w.string(c.plain(r.expenses, r.commodity))
            w.key("net"); w.string(c.plain(r.net, r.commodity))
            w.key("savingsRate"); w.string(r.savingsRate?.description)
            w.key("transactions"); w.int(r.transactions)
            w.key("generated"); w.int(r.generated)
            w.key("categories"); w.beginArray()
            for cat in r.categories {
                w.beginObject()
                w.key("account"); w.string(accounts[cat.account])
                w.key("type"); w.string("expense")
                w.key("amount"); w.string(c.plain(cat.amount, r.commodity))
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        return finishJSONReport(&w)
    }

    public func text() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let accounts = ledger.journal.accounts
        let rows = try rows()
        if rows.isEmpty { return Array("No income or expenses in the period.\n".utf8) }
        var table = TextTable(headers: ["Month", "Commodity", "Income", "Expenses", "Net", "Savings", "Txns", "Generated", ""],
                              rightAligned: [2, 3, 4, 5, 6, 7])
        var maxExpenses: [Int32: ExactDecimal] = [:]
        for r in rows where maxExpenses[r.commodity].map({ $0 < r.expenses }) ?? true { maxExpenses[r.commodity] = r.expenses }
        for r in rows {
            let rate = r.savingsRate.map { percent($0) } ?? ""
            table.add([r.month.monthText, c[r.commodity], c.format(Amount(r.income, r.commodity)),
                       c.format(Amount(r.expenses, r.commodity)), c.format(Amount(r.net, r.commodity)), rate,
                       String(r.transactions), String(r.generated),
                       maxExpenses[r.commodity].map { proportionalBar(r.expenses, of: $0, width: 20) } ?? ""])
        }
        var out = table.render()
        for r in rows where !r.categories.isEmpty {
            out += "\n\(r.month.monthText) \(c[r.commodity]) expenses by category\n"
            var cats = TextTable(headers: ["Category", "Amount", "Share", ""], rightAligned: [1, 2])
            for cat in r.categories {
                let share = try cat.amount.shown(over: r.expenses, places: 4, at: nil)
                cats.add([accounts[cat.account], c.format(Amount(cat.amount, r.commodity)), share.map(percent) ?? "",
                          proportionalBar(cat.amount, of: r.expenses, width: 20)])
            }
            out += cats.render(indent: "  ")
        }
        return Array(out.utf8)
    }
}

/// A fraction as a percentage with one decimal place: 0.5523 → "55.2%"; a
/// share that is not zero never shows as zero: 0.00004 → "0.004%".
public func percent(_ fraction: ExactDecimal) -> String {
    // × 100 only moves the decimal point (fractions here have 4 or more places).
    guard let wide = fraction.rescaled(upTo: 2) else { return "\(fraction) × 100%" }
    let hundredfold = ExactDecimal(mantissa: wide.mantissa, scale: wide.scale - 2)
    var places = 1
    var shown = hundredfold.rounded(to: places)
    while shown.isZero, !fraction.isZero, places < ExactDecimal.maxScale {
        places += 1
        shown = hundredfold.rounded(to: places)
    }
    return shown.description + "%"
}
