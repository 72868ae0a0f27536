/// `ledgerc report html`: one self-contained page of the same compile as
/// every other report. What to show is chosen here, from the reports'
/// figures; how a chart is drawn is `Chart`'s business. Amounts in different
/// commodities are never added: each commodity gets its own chart.
public struct HTMLReport {
    public let compilation: Compilation
    public let options: ReportOptions
    /// "Today", for the upcoming occurrences of repeat rules.
    public let today: CivilDate

    /// The ledger with each posting on its own date, for the figures by date.
    let dated: Ledger

    public init(compilation: Compilation, options: ReportOptions, today: CivilDate) {
        self.compilation = compilation
        self.options = options
        self.today = today
        dated = compilation.ledger.datedByPosting()
    }

    var ledger: Ledger { compilation.ledger }
    var journal: Journal { compilation.ledger.journal }

    /// The page's bytes; throws when a figure cannot be computed exactly.
    public func render() throws(AmountOverflow) -> [UInt8] {
        var sections: [(id: String, title: String, body: String)] = []
        let months = try MonthSummaryReport(ledger: dated, options: options).rows()
        let commodities = Array(Set(months.map(\.commodity))).sorted { journal.commodities[$0] < journal.commodities[$1] }
        let worth = try netWorthByMonth()
        sections.append(("overview", "Overview", try overview(months, commodities, worth)))
        sections.append(("months", "Months", monthCharts(months, commodities)))
        sections.append(("categories", "Spending by category", try categoryCharts(months, commodities)))
        sections.append(("net-worth", "Net worth", netWorth(worth)))
        if !journal.rules.isEmpty { sections.append(("upcoming", "Upcoming and recurring", upcoming())) }
        if let portfolio = try portfolio() { sections.append(("portfolio", "Portfolio", portfolio)) }
        sections.append(("balances", "Balances", try balances()))
        if !journal.periodic.isEmpty { sections.append(("budget", "Budget", try budget())) }
        if let receipts = receipts() { sections.append(("receipts", "Receipts", receipts)) }
        let warnings = compilation.diagnostics.sorted().filter { $0.severity == .warning }
        if !warnings.isEmpty {
            let items = warnings.map { d -> String in
                let place = d.location.map { compilation.sources.describe($0) }.map { "\($0.path):\($0.line): " } ?? ""
                return "<li>\(HTML.escape(place + d.message))</li>"
            }
            sections.append(("warnings", "Warnings", "<ul class=\"warn\">\(items.joined())</ul>"))
        }
        let path = compilation.rootFiles.first.map { compilation.sources.files[$0].path } ?? "ledger"
        let period = [options.period.from.map { "from \($0)" }, options.period.to.map { "to \($0)" }].compactMap { $0 }.joined(separator: " ")
        let subtitle = "\(path) · \(period.isEmpty ? "the whole journal" : period) · materialized up to \(ledger.until)"
        let page = HTML.page(title: "ledgerc: \(lastComponent(path))", subtitle: subtitle, nav: sections.map { ($0.id, $0.title) },
                             body: sections.map { HTML.section($0.id, $0.title, $0.body) }.joined())
        return Array(page.utf8)
    }

    // MARK: Sections

    func money(_ q: ExactDecimal, _ c: Int32) -> String { journal.commodities.format(Amount(q, c)) }
    func number(_ q: ExactDecimal) -> Double { Double(q.description) ?? 0 }
    func name(_ c: Int32) -> String { journal.commodities[c].isEmpty ? "(no commodity)" : journal.commodities[c] }

    func overview(_ months: [MonthSummary], _ commodities: [Int32], _ worth: NetWorth) throws(AmountOverflow) -> String {
        var html = ""
        for c in commodities {
            var income = ExactDecimal.zero, expenses = ExactDecimal.zero
            for m in months where m.commodity == c {
                income = try income.plus(m.income, at: nil)
                expenses = try expenses.plus(m.expenses, at: nil)
            }
            let net = try income.minus(expenses, at: nil)
            let rate = try net.shown(over: income, places: 4, at: nil)
            html += "<h3>\(HTML.escape(name(c)))</h3><div class=\"cards\">"
            html += card("Income", money(income, c)) + card("Expenses", money(expenses, c)) + card("Net", money(net, c))
            html += card("Savings rate", rate.map(percent) ?? "—") + "</div>"
        }
        if let last = worth.labels.last {
            html += "<h3>Net worth at \(HTML.escape(last))</h3><div class=\"cards\">"
            for (c, values) in worth.values {
                let change = try values.last!.minus(worth.opening[c] ?? .zero, at: nil)
                html += card(name(c), money(values.last!, c), note: "change in the period: \(money(change, c))")
            }
            html += "</div>"
        }
        return html.isEmpty ? "<p>No income or expenses in the period.</p>" : html
    }

    func card(_ label: String, _ value: String, note: String? = nil) -> String {
        "<div class=\"card\"><span>\(HTML.escape(label))</span><b>\(HTML.escape(value))</b>\(note.map { "<span>\(HTML.escape($0))</span>" } ?? "")</div>"
    }

    func monthCharts(_ months: [MonthSummary], _ commodities: [Int32]) -> String {
        var html = ""
        for c in commodities {
            let rows = months.filter { $0.commodity == c }
            let labels = rows.map { $0.month.monthText }
            let table = Chart.Table(headers: ["Month", "Income", "Expenses", "Net", "Savings rate"], rows: rows.map {
                [$0.month.monthText, money($0.income, c), money($0.expenses, c), money($0.net, c), $0.savingsRate.map(percent) ?? ""]
            })
            html += Chart.bars(id: "months-\(slug(c))", title: "Income and expenses by month, \(name(c))", labels: labels,
                               series: [Chart.Series(name: "Income", values: rows.map { number($0.income) }),
                                        Chart.Series(name: "Expenses", values: rows.map { number($0.expenses) })],
                               line: Chart.Series(name: "Savings rate", values: rows.map { $0.savingsRate.map(number) ?? .nan }), table: table)
        }
        return html.isEmpty ? "<p>No months to show.</p>" : html
    }

    func categoryCharts(_ months: [MonthSummary], _ commodities: [Int32]) throws(AmountOverflow) -> String {
        var html = ""
        let accounts = journal.accounts
        for c in commodities {
            let rows = months.filter { $0.commodity == c }
            var totals: [Int32: ExactDecimal] = [:]
            for r in rows {
                for cat in r.categories { totals[cat.account] = try (totals[cat.account] ?? .zero).plus(cat.amount, at: nil) }
            }
            let order = totals.keys.sorted { totals[$0]! == totals[$1]! ? accounts[$0] < accounts[$1] : totals[$1]! < totals[$0]! }
            guard !order.isEmpty else { continue }
            let labels = rows.map { $0.month.monthText }
            func amount(_ r: MonthSummary, _ a: Int32) -> ExactDecimal { r.categories.first { $0.account == a }?.amount ?? .zero }
            let table = Chart.Table(headers: ["Month"] + order.map { accounts[$0] }, rows: rows.map { r in [r.month.monthText] + order.map { money(amount(r, $0), c) } })
            html += Chart.stacked(id: "categories-\(slug(c))", title: "Spending by category per month, \(name(c))", labels: labels,
                                  series: order.map { a in Chart.Series(name: accounts[a], values: rows.map { number(amount($0, a)) }) }, table: table)
            let whole = order.map { [accounts[$0], money(totals[$0]!, c)] }
            html += "<h3>For the whole period, \(HTML.escape(name(c)))</h3>" + HTML.table(["Category", "Amount"], whole, numericFrom: 1)
        }
        return html.isEmpty ? "<p>No expenses in the period.</p>" : html
    }

    /// Net worth per commodity: month-end labels, a value per month, and the value before the period.
    typealias NetWorth = (labels: [String], values: [(Int32, [ExactDecimal])], opening: [Int32: ExactDecimal])

    /// Assets plus liabilities at each month's end, per commodity, and before the
    /// period (a commodity with no posting yet is worth zero).
    func netWorthByMonth() throws(AmountOverflow) -> NetWorth {
        let accounts = journal.accounts
        let counts = (0..<Int32(accounts.count)).map { id -> Bool in
            let t = accounts.type(of: id)
            return t == .asset || t == .liability
        }
        var monthsSeen: [CivilDate] = []
        var running: [Int32: ExactDecimal] = [:]
        var opening: [Int32: ExactDecimal] = [:]
        var perMonth: [[Int32: ExactDecimal]] = []
        for t in dated.ordered {
            if let to = options.period.to, t.date > to { break }
            let before = options.period.from.map { t.date < $0 } ?? false
            if !before, monthsSeen.last != t.date.monthStart {
                monthsSeen.append(t.date.monthStart)
                perMonth.append(running)
            }
            for p in t.postings where counts[Int(p.account)] && p.virtual != .unbalanced {
                guard let a = p.amount else { continue }
                running[a.commodity] = try (running[a.commodity] ?? .zero).plus(a.quantity, at: p.amountLocation)
            }
            if before { opening = running } else { perMonth[perMonth.count - 1] = running }
        }
        let commodities = Set(perMonth.flatMap(\.keys)).sorted { journal.commodities[$0] < journal.commodities[$1] }
        return (monthsSeen.map(\.monthText), commodities.map { c in (c, perMonth.map { $0[c] ?? .zero }) }, opening)
    }

    func netWorth(_ worth: NetWorth) -> String {
        guard !worth.labels.isEmpty else { return "<p>No asset or liability postings in the period.</p>" }
        var html = ""
        for (c, values) in worth.values {
            let table = Chart.Table(headers: ["Month end", "Net worth"], rows: zip(worth.labels, values).map { [$0, money($1, c)] })
            html += Chart.lines(id: "net-worth-\(slug(c))", title: "Net worth at each month's end, \(name(c))", labels: worth.labels,
                                series: [Chart.Series(name: "Assets + liabilities", values: values.map(number))], table: table)
        }
        return html
    }

    /// Each rule's occurrences in the 30 days after today, and the last 30
    /// days' occurrences: recorded by hand, or still generated.
    func upcoming() -> String {
        let end = today.adding(days: 30), start = today.adding(days: -30)
        var generated = Set<String>()
        for t in ledger.transactions { if let g = t.generated { generated.insert("\(g.rule) \(t.date)") } }
        var next: [[String]] = [], past: [[String]] = [], pastClasses: [Int: String] = [:]
        for (r, rule) in journal.rules.enumerated() where rule.isValid {
            let amount = ruleAmount(rule.template)
            for o in rule.occurrences(holidays: journal.holidays) {
                if o.date > end { break }
                if o.date > today { next.append([o.date.description, rule.description, amount]) }
                else if o.date >= start, o.date <= ledger.until {
                    let open = generated.contains("\(r) \(o.date)")
                    if open { pastClasses[past.count] = "over" }
                    past.append([o.date.description, rule.description, amount, open ? "not recorded yet (generated)" : "recorded"])
                }
            }
        }
        next.sort { $0[0] < $1[0] }
        var html = "<h3>Next 30 days (after \(today))</h3>"
        html += next.isEmpty ? "<p>Nothing is due.</p>" : HTML.table(["Date", "Rule", "Amount"], next, numericFrom: 2)
        html += "<h3>Last 30 days</h3>"
        html += past.isEmpty ? "<p>No occurrences.</p>" : HTML.table(["Date", "Rule", "Amount", "Status"], past, numericFrom: 2, classes: pastClasses)
        return html
    }

    /// The money a rule moves: its positive amounts, per commodity.
    func ruleAmount(_ t: Transaction) -> String {
        var sums = AmountSums()
        for p in t.postings { if let a = p.amount, a.quantity.signum > 0 { sums.add(a) } }
        return sums.amounts.map { journal.commodities.format($0) }.joined(separator: ", ")
    }

    func portfolio() throws(AmountOverflow) -> String? {
        let holdings = try HoldingsReport(ledger: ledger, options: options).rows()
        guard !holdings.isEmpty else { return nil }
        let accounts = journal.accounts, c = journal.commodities
        var html = ""
        let moneys = Array(Set(holdings.map(\.position.costCommodity))).sorted { c[$0] < c[$1] }
        for money in moneys {
            let rows = holdings.filter { $0.position.costCommodity == money }
            let label = { (h: Holding) in "\(c[h.position.commodity]) (\(accounts[h.position.account]))" }
            html += Chart.pie(id: "pie-\(slug(money))", title: "Market value by holding, \(name(money))",
                              slices: rows.map { (label($0), number($0.marketValue)) },
                              table: Chart.Table(headers: ["Holding", "Market value", "Weight"], rows: rows.map { [label($0), self.money($0.marketValue, money), $0.weight.map(percent) ?? ""] }))
            html += Chart.bars(id: "cost-\(slug(money))", title: "Cost basis and market value, \(name(money))", labels: rows.map { c[$0.position.commodity] },
                               series: [Chart.Series(name: "Cost basis", values: rows.map { number($0.position.costBasis) }),
                                        Chart.Series(name: "Market value", values: rows.map { number($0.marketValue) })],
                               table: Chart.Table(headers: ["Holding", "Cost basis", "Market value"], rows: rows.map { [label($0), self.money($0.position.costBasis, money), self.money($0.marketValue, money)] }))
        }
        html += "<h3>Holdings</h3>" + HTML.table(
            ["Account", "Commodity", "Quantity", "Average cost", "Cost basis", "Price", "Market value", "Unrealized gain", "Unrealized", "Weight", "Realized gain"],
            holdings.map { h in
                let m = h.position.costCommodity
                return [accounts[h.position.account], c[h.position.commodity], h.position.quantity.description, money(h.averageCost, m),
                        money(h.position.costBasis, m), money(h.price, m), money(h.marketValue, m), money(h.unrealizedGain, m),
                        h.unrealizedPct.map(percent) ?? "", h.weight.map(percent) ?? "", money(h.realizedGain, m)]
            }, numericFrom: 2)
        let trades = try TradesReport(ledger: ledger, sources: compilation.sources, options: options).trades()
        if !trades.isEmpty {
            html += "<h3>Trades in the period</h3>" + HTML.table(
                ["Date", "Account", "Commodity", "Side", "Quantity", "Price", "Amount", "Realized gain"],
                trades.map { t in
                    [t.date.description, accounts[t.account], c[t.commodity], t.side.rawValue, t.quantity.description, money(t.price, t.costCommodity),
                     money(t.amount, t.costCommodity), t.realizedGain.map { money($0, t.costCommodity) } ?? ""]
                }, numericFrom: 4)
        }
        return html
    }

    func balances() throws(AmountOverflow) -> String {
        var balanceOptions = options
        balanceOptions.historical = true
        let (rows, _) = try BalanceReport(ledger: dated, options: balanceOptions).rows()
        let accounts = journal.accounts
        var cells: [[String]] = []
        for row in rows {
            let depth = Int(accounts.depth[Int(row.account)])
            let leaf = depth > 1 ? String(accounts[row.account].split(separator: ":").last!) : accounts[row.account]
            let label = String(repeating: "\u{2003}", count: depth - 1) + leaf
            let amounts = row.amounts.isEmpty ? ["0"] : row.amounts.map { journal.commodities.format($0) }
            for (i, a) in amounts.enumerated() { cells.append([i == 0 ? label : "", a]) }
        }
        return "<p>At the end of the period, each parent with its sub-accounts.</p>" + HTML.table(["Account", "Balance"], cells, numericFrom: 1)
    }

    func budget() throws(AmountOverflow) -> String {
        let report = BudgetReport(ledger: dated, options: options)
        let (periods, rows) = try report.rows()
        guard !periods.isEmpty else { return "<p>No postings in the period.</p>" }
        var html = ""
        let accounts = journal.accounts
        let byPeriod = BudgetReport.byPeriod(rows, count: periods.count)
        for (k, p) in periods.enumerated() {
            let mine = byPeriod[k]
            var classes: [Int: String] = [:]
            let cells = mine.enumerated().map { i, r -> [String] in
                if let u = r.used, ExactDecimal(1) < u { classes[i] = "over" }
                return [r.account.map { accounts[$0] } ?? "<unbudgeted>", money(r.actual, r.commodity), money(r.budget, r.commodity),
                        money(r.remaining, r.commodity), r.used.map(percent) ?? ""]
            }
            html += "<h3>\(HTML.escape(report.length.label(of: p.first)))</h3>" + HTML.table(["Account", "Actual", "Budget", "Remaining", "Used"], cells, numericFrom: 1, classes: classes)
        }
        return html
    }

    /// The period's transactions with a `receipt:`, each linked to its file
    /// (the path relative to where ledgerc ran, as `check` looks for it);
    /// a receipt that is no relative file path is shown as text.
    func receipts() -> String? {
        var rows: [String] = []
        for t in ledger.ordered where t.generated == nil && options.period.contains(t.date) {
            guard let r = t.receipt else { continue }
            // Only a relative file path becomes a link, percent-encoded; anything else is text (and warned).
            let shown = receiptLink(r, in: compilation.sources[t.location.file].path)
                .map { "<a href=\"\(HTML.escape($0))\">\(HTML.escape(r))</a>" } ?? HTML.escape(r)
            rows.append("<tr><td>\(t.date)</td><td>\(HTML.escape(t.description))</td><td>\(shown)</td></tr>")
        }
        guard !rows.isEmpty else { return nil }
        return "<table><thead><tr><th>Date</th><th>Description</th><th>Receipt</th></tr></thead><tbody>\(rows.joined())</tbody></table>"
    }

    // MARK: Helpers

    /// An id-safe name for a commodity: its bytes in hex.
    func slug(_ c: Int32) -> String {
        let bytes = Array(journal.commodities[c].utf8)
        return bytes.isEmpty ? "none" : bytes.map { String($0, radix: 16) }.joined()
    }

    func lastComponent(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
