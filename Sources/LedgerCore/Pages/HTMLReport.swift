/// `ledgerc report html`: one self-contained page of the same compile as
/// every other report. What to show is chosen here, from the reports'
/// figures; how a chart is drawn is `Chart`'s business. Amounts are valued
/// in one currency (`-X`, else the journal's main currency) at each
/// period's end; what cannot be converted keeps a chart of its own, and
/// amounts in different commodities are never added.
public struct HTMLReport {
    public let compilation: Compilation
    public private(set) var options: ReportOptions
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
        var page = self
        var note = ""
        if page.options.valuer == nil, let main = ledger.mainCurrency {
            // No -X: the journal's main currency, said on the page.
            page.options.valuer = try Valuer(Valuation(.end, in: journal.commodities[main]), ledger: ledger, reportTo: options.period.to)
            let symbol = journal.commodities[main]
            note = Language.text("\(symbol), the journal's main currency (the one most postings use; -X COMMODITY picks another)",
                                 ko: "장부의 주 통화인 \(symbol)(포스팅이 가장 많이 쓰는 통화, -X 통화로 바꿉니다)")
        } else if let v = page.options.valuer {
            note = v.valuation.target.map { Language.text("\($0), as asked", ko: "요청한 \($0)") } ?? Language.text("each commodity's price commodity (-V)", ko: "각 통화의 시세 통화(-V)")
        }
        page.options.grouping = options.grouping ?? page.length()
        return try page.draw(valuedIn: note)
    }

    /// The charts' period: months up to 3 years, quarters up to 12, then
    /// years, so that a journal of decades still draws a readable chart.
    func length() -> CalendarUnit {
        var first = options.period.from, last = options.period.to
        if first == nil { first = dated.order.first.map { dated.transactions[Int($0)].date } }
        if last == nil { last = dated.order.last.map { dated.transactions[Int($0)].date } }
        guard let first, let last else { return .month }
        let (a, b) = (first.components, last.components)
        let months = (b.year - a.year) * 12 + b.month - a.month + 1
        return months <= 36 ? .month : months <= 144 ? .quarter : .year
    }

    /// The page, with `options.grouping` and `options.valuer` set.
    func draw(valuedIn note: String) throws(AmountOverflow) -> [UInt8] {
        var sections: [(id: String, title: String, body: String)] = []
        let length = options.grouping ?? .month
        let months = try MonthSummaryReport(ledger: dated, options: options).rows()
        let commodities = Array(Set(months.map(\.commodity))).sorted { journal.commodities[$0] < journal.commodities[$1] }
        let worth = try netWorthByPeriod(length)
        var overviewHTML = note.isEmpty ? "" : "<p class=\"note\">" + Language.text("Figures are valued in \(HTML.escape(note)), with market prices at each period's end.", ko: "숫자는 \(HTML.escape(note))(으)로, 각 기간 말의 시세로 환산했습니다.") + "</p>"
        overviewHTML += try overview(months, commodities, worth)
        sections.append(("overview", HTML.word("Overview"), overviewHTML))
        sections.append(("months", length == .month ? HTML.word("Months") : HTML.word("Periods"), try monthCharts(months, commodities, length)))
        sections.append(("categories", HTML.word("Spending by category"), try categoryCharts(months, commodities)))
        sections.append(("net-worth", HTML.word("Net worth"), try netWorth(worth)))
        if !journal.rules.isEmpty { sections.append(("upcoming", HTML.word("Upcoming and recurring"), try upcoming())) }
        if let portfolio = try portfolio() { sections.append(("portfolio", HTML.word("Portfolio"), portfolio)) }
        sections.append(("balances", HTML.word("Balances"), try balances()))
        if !journal.periodic.isEmpty { sections.append(("budget", HTML.word("Budget"), try budget())) }
        if let receipts = receipts() { sections.append(("receipts", HTML.word("Receipts"), receipts)) }
        let warnings = compilation.diagnostics.sorted().filter { $0.severity == .warning } + (options.valuer?.warnings(journal.commodities) ?? [])
        if !warnings.isEmpty {
            let items = warnings.map { d -> String in
                let place = d.location.map { compilation.sources.describe($0) }.map { "\($0.path):\($0.line): " } ?? ""
                return "<li>\(HTML.escape(place + d.message))</li>"
            }
            sections.append(("warnings", HTML.word("Warnings"), "<ul class=\"warn\">\(items.joined())</ul>"))
        }
        let path = compilation.rootFiles.first.map { compilation.sources.files[$0].path } ?? "ledger"
        let period = [options.period.from.map { Language.text("from \($0)", ko: "\($0)부터") }, options.period.to.map { Language.text("to \($0)", ko: "\($0)까지") }]
            .compactMap { $0 }.joined(separator: " ")
        let shown = period.isEmpty ? HTML.word("the whole journal") : period
        let subtitle = Language.text("\(path) · \(shown) · materialized up to \(ledger.until)", ko: "\(path) · \(shown) · \(ledger.until)까지 펼침")
        let page = HTML.page(title: "ledgerc: \(lastComponent(path))", subtitle: subtitle, nav: sections.map { ($0.id, $0.title) },
                             body: sections.map { HTML.section($0.id, $0.title, $0.body) }.joined())
        return Array(page.utf8)
    }

    // MARK: Sections

    func money(_ q: ExactDecimal, _ c: Int32) -> String { journal.commodities.format(Amount(q, c)) }
    func number(_ q: ExactDecimal) -> Double { Double(q.description) ?? 0 }
    /// How a chart of amounts in `c` writes its axis: won in 만 and 억 for a Korean reader.
    func units(_ c: Int32) -> Chart.AxisUnits {
        Language.current == .korean && ["KRW", "₩", "원"].contains(journal.commodities[c]) ? .won : .plain
    }

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
            html += card(HTML.word("Income"), money(income, c)) + card(HTML.word("Expenses"), money(expenses, c)) + card(HTML.word("Net"), money(net, c))
            html += card(HTML.word("Savings rate"), rate.map(percentShown) ?? "—") + "</div>"
        }
        if let last = worth.labels.last {
            html += "<h3>" + Language.text("Net worth at the end of \(HTML.escape(last))", ko: "\(HTML.escape(last)) 말 순자산") + "</h3><div class=\"cards\">"
            for line in worth.lines {
                let c = line.commodity
                let net = try line.assets.last!.plus(line.liabilities.last!, at: nil)
                let change = try net.minus(worth.opening[c] ?? .zero, at: nil)
                html += card(name(c), money(net, c), note: Language.text("change in the period: \(money(change, c))", ko: "기간 중 변동: \(money(change, c))"))
            }
            html += "</div>"
        }
        return html.isEmpty ? "<p>\(HTML.escape(HTML.word("No income or expenses in the period.")))</p>" : html
    }

    func card(_ label: String, _ value: String, note: String? = nil) -> String {
        "<div class=\"card\"><span>\(HTML.escape(label))</span><b>\(HTML.escape(value))</b>\(note.map { "<span>\(HTML.escape($0))</span>" } ?? "")</div>"
    }

    func monthCharts(_ months: [MonthSummary], _ commodities: [Int32], _ length: CalendarUnit) throws(AmountOverflow) -> String {
        var html = ""
        let word = length == .month ? "month" : length.rawValue
        let header = Language.current == .korean ? HTML.unitKorean(length) : word.prefix(1).uppercased() + word.dropFirst()
        for c in commodities {
            let rows = months.filter { $0.commodity == c }
            let labels = rows.map { length.label(of: $0.month) }
            let table = Chart.Table(headers: [header, HTML.word("Income"), HTML.word("Expenses"), HTML.word("Net"), HTML.word("Savings rate")], rows: rows.map {
                [length.label(of: $0.month), money($0.income, c), money($0.expenses, c), money($0.net, c), $0.savingsRate.map(percentShown) ?? ""]
            })
            html += Chart.bars(id: "months-\(slug(c))", title: Language.text("Income and expenses by \(word), \(name(c))", ko: "\(HTML.unitKorean(length))별 수입과 지출, \(name(c))"), labels: labels, units: units(c),
                               series: [Chart.Series(name: HTML.word("Income"), values: rows.map { number($0.income) }),
                                        Chart.Series(name: HTML.word("Expenses"), values: rows.map { number($0.expenses) })],
                               line: Chart.Series(name: HTML.word("Savings rate"), values: rows.map { $0.savingsRate.map(number) ?? .nan }), table: table)
        }
        if length != .month, let last = dated.order.last.map({ dated.transactions[Int($0)].date }) {
            // The last 12 months, as a table, whatever the charts' period.
            var recent = options
            recent.grouping = .month
            let start = CalendarUnit.month.start(of: last).adding(months: -11, dayOfMonth: 1) ?? last
            recent.period.from = max(start, options.period.from ?? start)
            let rows = try MonthSummaryReport(ledger: dated, options: recent).rows()
            if !rows.isEmpty {
                html += "<h3>\(HTML.escape(HTML.word("The last 12 months")))</h3>" + HTML.table([HTML.word("Month"), HTML.word("Commodity"), HTML.word("Income"), HTML.word("Expenses"), HTML.word("Net"), HTML.word("Savings rate")], rows.map {
                    [$0.month.monthText, name($0.commodity), money($0.income, $0.commodity), money($0.expenses, $0.commodity), money($0.net, $0.commodity),
                     $0.savingsRate.map(percentShown) ?? ""]
                }, numericFrom: 2)
            }
        }
        return html.isEmpty ? "<p>\(HTML.escape(HTML.word("Nothing to show.")))</p>" : html
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
            let length = options.grouping ?? .month
            let labels = rows.map { length.label(of: $0.month) }
            func amount(_ r: MonthSummary, _ a: Int32) -> ExactDecimal { r.categories.first { $0.account == a }?.amount ?? .zero }
            let table = Chart.Table(headers: [HTML.word("Period")] + order.map { accounts[$0] }, rows: rows.map { r in [length.label(of: r.month)] + order.map { money(amount(r, $0), c) } })
            html += Chart.stacked(id: "categories-\(slug(c))", title: Language.text("Spending by category per \(length == .month ? "month" : length.rawValue), \(name(c))", ko: "\(HTML.unitKorean(length))별 분류별 지출, \(name(c))"), labels: labels, units: units(c),
                                  series: order.map { a in Chart.Series(name: accounts[a], values: rows.map { number(amount($0, a)) }) }, table: table)
            let whole = order.map { [accounts[$0], money(totals[$0]!, c)] }
            html += "<h3>" + Language.text("For the whole period, \(HTML.escape(name(c)))", ko: "기간 전체, \(HTML.escape(name(c)))") + "</h3>" + HTML.table([HTML.word("Category"), HTML.word("Amount")], whole, numericFrom: 1)
        }
        return html.isEmpty ? "<p>\(HTML.escape(HTML.word("No expenses in the period.")))</p>" : html
    }

    /// Net worth at each period's end: per commodity (after valuation, the
    /// currency and whatever could not be converted), assets and liabilities
    /// apart; and the net worth before the period, valued the day before it.
    struct NetWorth {
        var labels: [String]
        var lines: [(commodity: Int32, assets: [ExactDecimal], liabilities: [ExactDecimal])]
        var opening: [Int32: ExactDecimal]
    }

    func netWorthByPeriod(_ length: CalendarUnit) throws(AmountOverflow) -> NetWorth {
        let accounts = journal.accounts
        // The periods from the first transaction in the report's period to the last,
        // without gaps; the first starts at --from, so what came before is the opening.
        var firstDay: CivilDate?, lastDay: CivilDate?, before = false
        for t in dated.ordered {
            if options.period.contains(t.date) {
                firstDay = firstDay ?? t.date
                lastDay = t.date
            } else if let from = options.period.from, t.date < from {
                before = true
            }
        }
        guard let firstDay, let lastDay else { return NetWorth(labels: [], lines: [], opening: [:]) }
        var columns = length.columns(from: firstDay, through: lastDay)
        if let from = options.period.from, columns[0].first < from { columns[0].first = from }
        // Two rows, assets and liabilities, each the balance at its period's end.
        var movements = Movements(dated)
        movements.realOnly = true
        var sides = try Balances.summing(movements, in: columns, opening: true).gathered(into: 2) { id in
            switch accounts.type(of: id) {
            case .asset: return [0]
            case .liability: return [1]
            default: return []
            }
        }
        // The net worth before the period (the opening), valued the day before --from.
        var openingValues: [Int32: ExactDecimal] = [:]
        if before, let from = options.period.from {
            var opening = AmountSums()
            for side in 0..<2 where sides.reached(side) {
                for a in sides.sums[side][0].amounts { try opening.add(a, at: nil) }
            }
            let day = options.valuer?.day(of: from.adding(days: -1), periodEnd: from.adding(days: -1))
            let valued = try day.map { d throws(AmountOverflow) in try options.valuer!.value(opening, on: d) } ?? opening
            for a in valued.amounts { openingValues[a.commodity] = a.quantity }
        }
        try sides.accumulate()
        // Valued at each period's end (as balance -X --historical), per commodity.
        if let valuer = options.valuer { try sides.value(by: valuer, on: columns.map { valuer.day(of: $0.last, periodEnd: $0.last) }) }
        let assets = sides.reached(0) ? sides.sums[0] : Array(repeating: AmountSums(), count: columns.count + 1)
        let liabilities = sides.reached(1) ? sides.sums[1] : assets.map { _ in AmountSums() }
        let valuedAssets = assets.dropFirst(), valuedLiabilities = liabilities.dropFirst()
        let commodities = Set((valuedAssets + valuedLiabilities).flatMap { $0.amounts.map(\.commodity) })
            .sorted { journal.commodities[$0] < journal.commodities[$1] }
        return NetWorth(labels: columns.map { length.label(of: length.start(of: $0.first)) },
                        lines: commodities.map { c in (c, valuedAssets.map { $0.quantity(c) }, valuedLiabilities.map { $0.quantity(c) }) },
                        opening: openingValues)
    }

    func netWorth(_ worth: NetWorth) throws(AmountOverflow) -> String {
        guard !worth.labels.isEmpty else { return "<p>\(HTML.escape(HTML.word("No asset or liability postings in the period.")))</p>" }
        var html = ""
        for line in worth.lines {
            let c = line.commodity
            var net: [ExactDecimal] = []
            for k in line.assets.indices { net.append(try line.assets[k].plus(line.liabilities[k], at: nil)) }
            let table = Chart.Table(headers: [HTML.word("Period end"), HTML.word("Net worth"), HTML.word("Assets"), HTML.word("Liabilities")],
                                    rows: worth.labels.indices.map { [worth.labels[$0], money(net[$0], c), money(line.assets[$0], c), money(line.liabilities[$0], c)] })
            html += Chart.lines(id: "net-worth-\(slug(c))", title: Language.text("Net worth at each period's end, \(name(c))", ko: "기간 말 순자산, \(name(c))"), labels: worth.labels, units: units(c),
                                series: [Chart.Series(name: HTML.word("Net worth"), values: net.map(number)),
                                         Chart.Series(name: HTML.word("Assets"), values: line.assets.map(number)),
                                         Chart.Series(name: HTML.word("Liabilities"), values: line.liabilities.map(number))], table: table)
        }
        return html
    }

    /// Each rule's occurrences in the 30 days after today, and the last 30
    /// days' occurrences: recorded by hand, or still generated.
    func upcoming() throws(AmountOverflow) -> String {
        let end = today.adding(days: 30), start = today.adding(days: -30)
        var generated = Set<String>()
        for t in ledger.transactions { if let g = t.generated { generated.insert("\(g.rule) \(t.date)") } }
        var next: [[String]] = [], past: [[String]] = [], pastClasses: [Int: String] = [:]
        for (r, rule) in journal.rules.enumerated() where rule.isValid {
            if rule.card != nil {
                // A card's payments: each cycle's amount due on its due date.
                for c in ledger.cardCycles[Int32(r)] ?? [] {
                    let due = c.amountDue.amounts.filter { $0.quantity.signum > 0 }
                    guard !due.isEmpty, c.due >= start, c.due <= end else { continue }
                    let amount = due.map { journal.commodities.format($0) }.joined(separator: ", ")
                    if c.due > today { next.append([c.due.description, rule.description, amount]); continue }
                    let open = c.paidOn == nil
                    if open { pastClasses[past.count] = "over" }
                    past.append([c.due.description, rule.description, amount, open ? HTML.word("not recorded yet (generated)") : HTML.word("recorded")])
                }
                continue
            }
            let amount = ruleAmount(rule.template)
            for o in rule.occurrences(holidays: journal.holidays) {
                if o.date > end { break }
                if o.date > today { next.append([o.date.description, rule.description, amount]) }
                else if o.date >= start, o.date <= ledger.until {
                    let open = generated.contains("\(r) \(o.date)")
                    if open { pastClasses[past.count] = "over" }
                    past.append([o.date.description, rule.description, amount, open ? HTML.word("not recorded yet (generated)") : HTML.word("recorded")])
                }
            }
        }
        next.sort { $0[0] < $1[0] }
        var html = "<h3>" + Language.text("Next 30 days (after \(today))", ko: "다음 30일(\(today) 이후)") + "</h3>"
        html += next.isEmpty ? "<p>\(HTML.escape(HTML.word("Nothing is due.")))</p>" : HTML.table([HTML.word("Date"), HTML.word("Rule"), HTML.word("Amount")], next, numericFrom: 2)
        html += "<h3>\(HTML.escape(HTML.word("Last 30 days")))</h3>"
        html += past.isEmpty ? "<p>\(HTML.escape(HTML.word("No occurrences.")))</p>" : HTML.table([HTML.word("Date"), HTML.word("Rule"), HTML.word("Amount"), HTML.word("Status")], past, numericFrom: 2, classes: pastClasses)
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
            html += Chart.pie(id: "pie-\(slug(money))", title: Language.text("Market value by holding, \(name(money))", ko: "종목별 평가액, \(name(money))"),
                              slices: rows.map { (label($0), number($0.marketValue)) },
                              table: Chart.Table(headers: [HTML.word("Holding"), HTML.word("Market value"), HTML.word("Weight")], rows: rows.map { [label($0), self.money($0.marketValue, money), $0.weight.map(percentShown) ?? ""] }))
            html += Chart.bars(id: "cost-\(slug(money))", title: Language.text("Cost basis and market value, \(name(money))", ko: "매입 원가와 평가액, \(name(money))"), labels: rows.map { c[$0.position.commodity] }, units: units(money),
                               series: [Chart.Series(name: HTML.word("Cost basis"), values: rows.map { number($0.position.costBasis) }),
                                        Chart.Series(name: HTML.word("Market value"), values: rows.map { number($0.marketValue) })],
                               table: Chart.Table(headers: [HTML.word("Holding"), HTML.word("Cost basis"), HTML.word("Market value")], rows: rows.map { [label($0), self.money($0.position.costBasis, money), self.money($0.marketValue, money)] }))
        }
        var holdingRows: [[String]] = []
        for h in holdings {
            let m = h.position.costCommodity
            let total = try h.totalReturn()
            holdingRows.append([accounts[h.position.account], c[h.position.commodity], h.position.quantity.description, money(h.averageCost, m),
                                money(h.position.costBasis, m), money(h.price, m), money(h.marketValue, m), money(h.unrealizedGain, m),
                                h.unrealizedPct.map(percentShown) ?? "", h.weight.map(percentShown) ?? "", money(h.realizedGain, m), money(h.dividends, m),
                                money(total, m), try total.shown(over: h.principal, places: 4, at: nil).map(percentShown) ?? ""])
        }
        html += "<h3>\(HTML.escape(HTML.word("Holdings")))</h3>" + HTML.table(
            [HTML.word("Account"), HTML.word("Commodity"), HTML.word("Quantity"), HTML.word("Average cost"), HTML.word("Cost basis"), HTML.word("Price"), HTML.word("Market value"), HTML.word("Unrealized gain"), HTML.word("Unrealized"), HTML.word("Weight"),
             HTML.word("Realized gain"), HTML.word("Dividends"), HTML.word("Total return"), HTML.word("Total return %")], holdingRows, numericFrom: 2)
        var lotRows: [[String]] = []
        for h in holdings {
            let p = h.position, m = p.costCommodity
            let method = c.bookingMethod(p.commodity, default: journal.defaultBooking)
            for lot in try p.openLots(method, places: c.precision(m)) {
                lotRows.append([accounts[p.account], c[p.commodity], lot.date.description, lot.quantity.description,
                                journal.commodities.format(Amount(lot.unitCost, m), precision: Cell.unitPlaces(lot.unitCost, m, c)),
                                money(lot.basis, m), method.rawValue])
            }
        }
        if !lotRows.isEmpty {
            html += "<h3>\(HTML.escape(HTML.word("Open lots")))</h3>" + HTML.table([HTML.word("Account"), HTML.word("Commodity"), HTML.word("Date"), HTML.word("Quantity"), HTML.word("Unit cost"), HTML.word("Cost basis"), HTML.word("Booking")], lotRows, numericFrom: 3)
        }
        html += try returns(Array(Set(holdings.map(\.position.account))).sorted { accounts[$0] < accounts[$1] })
        let trades = try TradesReport(ledger: ledger, sources: compilation.sources, options: options).trades()
        if !trades.isEmpty {
            html += "<h3>\(HTML.escape(HTML.word("Trades in the period")))</h3>" + HTML.table(
                [HTML.word("Date"), HTML.word("Account"), HTML.word("Commodity"), HTML.word("Side"), HTML.word("Quantity"), HTML.word("Price"), HTML.word("Amount"), HTML.word("Realized gain")],
                trades.map { t in
                    [t.date.description, accounts[t.account], c[t.commodity], t.side.rawValue, t.quantity.description, money(t.price, t.costCommodity),
                     money(t.amount, t.costCommodity), t.realizedGain.map { money($0, t.costCommodity) } ?? ""]
                }, numericFrom: 4)
        }
        return html
    }

    /// Each investment account's returns over the period, and the value of
    /// them all against the money put in, at each period's end.
    func returns(_ investments: [Int32]) throws(AmountOverflow) -> String {
        let accounts = journal.accounts
        func only(_ ids: [Int32]) -> Query {
            var q = options.query
            q.accounts = ids.compactMap { try? TextPattern("/^" + regexEscaped(accounts[$0]) + "(:|$)/") }
            return q
        }
        var rows: [[String]] = []
        for id in investments {
            var one = options
            one.grouping = nil
            one.query = only([id])
            let (target, found) = try ReturnsReport(ledger: dated, options: one).rows()
            guard let k = target else { continue }
            for r in found {
                rows.append([accounts[id], r.first.description, r.last.description, money(r.beginValue, k), money(r.cashFlow, k), money(r.endValue, k),
                             money(r.pnl, k), r.irr.map(percentShown) ?? "", r.twr.map(percentShown) ?? ""])
            }
        }
        guard !rows.isEmpty else { return "" }
        var html = "<h3>\(HTML.escape(HTML.word("Returns")))</h3>" + HTML.table([HTML.word("Account"), HTML.word("Start"), HTML.word("End"), HTML.word("Value at start"), HTML.word("Cash flow"), HTML.word("Value at end"), HTML.word("PnL"), "IRR", "TWR"], rows, numericFrom: 3)
        var all = options
        all.query = only(investments)
        let length = options.grouping ?? .month
        all.grouping = length
        let (target, periods) = try ReturnsReport(ledger: dated, options: all).rows()
        if let k = target, periods.count > 1 {
            var principal = periods[0].beginValue
            var invested: [ExactDecimal] = []
            for p in periods {
                principal = try principal.plus(p.cashFlow, at: nil)
                invested.append(principal)
            }
            let labels = periods.map { length.label(of: $0.first) }
            let table = Chart.Table(headers: [HTML.word("Period"), HTML.word("Value"), HTML.word("Principal invested")],
                                    rows: periods.indices.map { [labels[$0], money(periods[$0].endValue, k), money(invested[$0], k)] })
            html += Chart.lines(id: "invested-\(slug(k))", title: Language.text("Investments: value against principal invested, \(name(k))", ko: "투자: 평가액과 투자 원금, \(name(k))"), labels: labels, units: units(k),
                                series: [Chart.Series(name: HTML.word("Value"), values: periods.map { number($0.endValue) }),
                                         Chart.Series(name: HTML.word("Principal invested"), values: invested.map(number))], table: table)
        }
        return html
    }

    /// `text` with the regular expression's special characters escaped.
    func regexEscaped(_ text: String) -> String {
        var out = ""
        for ch in text {
            if "\\^$.|?*+()[]{}/".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    func balances() throws(AmountOverflow) -> String {
        var balanceOptions = options
        balanceOptions.historical = true
        balanceOptions.grouping = nil
        let (rows, _) = try BalanceReport(ledger: dated, options: balanceOptions).rows()
        let accounts = journal.accounts
        var cells: [[String]] = []
        for row in rows {
            let depth = Int(accounts.depth[Int(row.account)])
            let leaf = depth > 1 ? String(leafName(of: accounts[row.account])) : accounts[row.account]
            let label = String(repeating: "\u{2003}", count: depth - 1) + leaf
            let amounts = row.amounts.isEmpty ? ["0"] : row.amounts.map { journal.commodities.format($0) }
            for (i, a) in amounts.enumerated() { cells.append([i == 0 ? label : "", a]) }
        }
        return "<p>\(HTML.escape(HTML.word("At the end of the period, each parent with its sub-accounts.")))</p>" + HTML.table([HTML.word("Account"), HTML.word("Balance")], cells, numericFrom: 1)
    }

    func budget() throws(AmountOverflow) -> String {
        let report = BudgetReport(ledger: dated, options: options)
        let (periods, rows) = try report.rows()
        guard !periods.isEmpty else { return "<p>\(HTML.escape(HTML.word("No postings in the period.")))</p>" }
        var html = ""
        let accounts = journal.accounts
        let byPeriod = BudgetReport.byPeriod(rows, count: periods.count)
        for (k, p) in periods.enumerated() {
            let mine = byPeriod[k]
            var classes: [Int: String] = [:]
            let cells = mine.enumerated().map { i, r -> [String] in
                if let u = r.used, ExactDecimal(1) < u { classes[i] = "over" }
                return [r.account.map { accounts[$0] } ?? "<unbudgeted>", money(r.actual, r.commodity), money(r.budget, r.commodity),
                        money(r.remaining, r.commodity), r.used.map(percentShown) ?? ""]
            }
            html += "<h3>\(HTML.escape(report.length.label(of: p.first)))</h3>" + HTML.table([HTML.word("Account"), HTML.word("Actual"), HTML.word("Budget"), HTML.word("Remaining"), HTML.word("Used")], cells, numericFrom: 1, classes: classes)
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
        return "<table><thead><tr><th>\(HTML.word("Date"))</th><th>\(HTML.word("Description"))</th><th>\(HTML.word("Receipt"))</th></tr></thead><tbody>\(rows.joined())</tbody></table>"
    }

    // MARK: Helpers

    /// An id-safe name for a commodity: its bytes in hex.
    func slug(_ c: Int32) -> String {
        let bytes = Array(journal.commodities[c].utf8)
        return bytes.isEmpty ? "none" : bytes.map { String($0, radix: 16) }.joined()
    }

    func lastComponent(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}
