/// What a command in hledger's form writes, from the compiled ledger: the
/// report's cells laid out as hledger lays them out (its text, CSV, TSV or
/// an HTML table), and the warnings to show before it.
public struct HledgerOutput {
    public var bytes: [UInt8]
    /// What hledger draws and ledgerc does not yet, said, never passed over.
    public var warnings: [DiagnosticMessage] = []
    /// What the forecast's assertions say, at their places (warnings).
    public var forecastProblems: [Diagnostic] = []
}

extension HledgerRequest {
    /// The diagnostics of a compile this command shows: all, but failed
    /// assertions with `-I`.
    public func shown(_ compiled: Compilation) -> [Diagnostic] {
        let ignoring = words.has("-I")
        let failed = Messages.assertionFailed("", expected: "", actual: "").id
        return compiled.diagnostics.sorted().filter { !(ignoring && $0.id == failed) }
    }

    /// The output of a list, report, register or print on a compiled
    /// ledger. Throws `AmountOverflow` for a figure too large to be exact,
    /// `CommandLineError` for words that ask what the ledger cannot give.
    public func output(_ compiled: Compilation) throws -> HledgerOutput {
        var options = self.options
        var ledger = compiled.ledger
        if ["accounts", "payees", "tags"].contains(command), let field = words.values["--pivot"] { ledger = ledger.pivoted(by: field) }
        switch command {
        case "accounts":
            let lines = AccountsReport(ledger: ledger, options: options).hledgerLines(declared: words.has("--declared"), used: words.has("--used"), types: words.has("--types"), drop: drop)
            return HledgerOutput(bytes: Self.lines(lines))
        case "payees":
            return HledgerOutput(bytes: Self.lines(NamesReport(.payees, ledger: ledger, options: options).hledgerPayees(declared: words.has("--declared"), used: words.has("--used"))))
        case "prices":
            guard options.query.terms.isEmpty else { throw CommandLineError("'prices' with a query other than date: is not done yet in hledger's form; use 'ledgerc prices' with --from and --to") }
            let lines = try PricesReport(ledger: ledger, sources: compiled.sources, options: options)
                .hledgerLines(market: words.has("--infer-market-prices"), reverse: words.has("--infer-reverse-prices"))
            return HledgerOutput(bytes: Self.lines(lines))
        case "tags":
            var name: TextPattern?
            if let first = words.positionals.first {
                do { name = try TextPattern(regex: first) } catch { throw CommandLineError(error.message) }
            }
            return HledgerOutput(bytes: Self.lines(NamesReport(.tags, ledger: ledger, options: options).hledgerTags(name: name, values: words.has("--values"))))
        default:
            break
        }
        var out = HledgerOutput(bytes: [])
        // --pretty draws the tables with columns in Unicode; roi's table is still ASCII.
        if words.has("--pretty"), command == "roi" { out.warnings.append(Messages.prettyNotDone) }
        if let text = words.values["-w"], command != "register" || text.contains(",") { out.warnings.append(Messages.widthNotDone) }
        // Amounts show as hledger shows them: the P directives' places count.
        ledger.journal.commodities.widenToPrices(ledger.journal.prices)
        if words.has("--forecast") {
            // `--forecast=PERIOD` bounds the forecast; else the report's end does, if it has one.
            var forecast = DateSpan()
            if let text = words.values["--forecast"] {
                guard let e = PeriodExpression.parse(text, today: today, endExclusive: true), e.interval == nil else {
                    throw CommandLineError("--forecast= takes a period (2025-05..2025-07, 2026), not '\(text)'")
                }
                forecast = e.period
            }
            ledger = ledger.forecasting(from: forecast.from, through: forecast.to ?? options.period.to, reportFrom: options.period.from, today: today,
                                        problems: &out.forecastProblems)
        }
        // `print` orders and selects by the secondary date, and writes both dates as they were written.
        if words.has("--date2") { ledger = ledger.onSecondaryDates(swapping: command == "print") }
        // A posting with a date of its own (`; date:03/01`) counts on that day in the reports by date,
        // as hledger counts it (a register of postings shows them in their transactions).
        if !["print", "aregister"].contains(command), command != "register" || options.grouping != nil { ledger = ledger.datedByPosting() }
        if let field = words.values["--pivot"] {
            // The query's account terms see each posting's name as it was and as pivoted, as hledger's do.
            (ledger, options.query) = ledger.pivoted(by: field, query: options.query, wholeTransactions: command == "print")
        }
        if let period = options.query.date2 {
            options.query.date2 = nil
            if ["register", "aregister", "print", "descriptions", "notes"].contains(command) {
                ledger = ledger.keeping(secondDatesIn: period)
            } else {
                // hledger 1.25 reads date2: and narrows no balance report by it: the same figures, and a word why.
                out.warnings.append(Messages.secondDateQueryIgnored(command))
            }
        }
        if command == "roi" {
            var roi = HledgerRoi(ledger: ledger, options: options, investment: try query(text: words.values["--inv"] ?? ""), pnl: try query(text: words.values["--pnl"] ?? ""))
            roi.infersMarketPrices = words.has("--infer-market-prices")
            out.bytes = Array(try roi.text().utf8)
            return out
        }
        if command == "codes" {
            out.bytes = Self.lines(NamesReport(.payees, ledger: ledger, options: options).hledgerCodes(empty: words.has("-E")))
            return out
        }
        if command == "descriptions" || command == "notes" {
            out.bytes = Self.lines(NamesReport(.payees, ledger: ledger, options: options).hledgerDescriptions(notes: command == "notes"))
            return out
        }
        if output == "json" {
            out.bytes = try json(ledger, options: options, sources: compiled.sources)
            return out
        }
        if command == "print" && output != "csv" {
            out.bytes = printed(ledger, options: options, sources: compiled.sources)
            return out
        }
        if let account = registerAccount {
            var mine = Query()
            mine.terms = [Query.Term(.account, text: account)]
            let matcher = QueryMatcher(mine, journal: ledger.journal)
            guard (0..<Int32(ledger.journal.accounts.count)).contains(where: { matcher.keeps(account: $0) }) else {
                throw CommandLineError("aregister: '\(account.written)' matches no account")
            }
        }
        var budget: BudgetText?
        out.bytes = Array(text(of: try cells(ledger, options: &options, sources: compiled.sources, budget: &budget), options: options, budget: budget).utf8)
        return out
    }

    /// The report's cells, as hledger's `-O csv` writes them.
    /// `budget`: for a budget, the percentage beside each budget cell and the title (`BudgetReport.hledgerTable`).
    private func cells(_ ledger: Ledger, options: inout ReportOptions, sources: SourceManager, budget: inout BudgetText?) throws -> [[String]] {
        // hledger values a report with no end on today; prices from costs only with --infer-market-prices, as hledger 1.25 values.
        if let valuation = options.valuation {
            options.valuer = try Valuer(valuation, ledger: ledger, reportTo: options.period.to ?? today, inferringPrices: words.has("--infer-market-prices"))
        }
        // The tables of postings show each amount valued (and total the valued amounts).
        var valued = ledger
        if let v = options.valuer, ["register", "aregister", "print"].contains(command) { valued = try ledger.valued(by: v) }
        var cells: [[String]]
        if command == "register" || command == "aregister" {
            let form = RegisterReport.HledgerForm(account: registerAccount, related: words.has("-r"), digitGroups: output == "txt" && command == "register")
            cells = try RegisterReport(ledger: valued, options: options).hledgerCells(form)
        } else if words.has("--budget") {
            guard layout != .bare else { throw CommandLineError("--layout=bare is done for a flat 'balance' in hledger's form, not yet for --budget") }
            var transactionsGrouped: [Int32: Bool] = [:]
            let table = try BudgetReport(ledger: ledger, options: options).hledgerTable(
                rowTotal: words.has("-T"), average: words.has("-A"), sortByAmount: words.has("-S"),
                writtenGrouped: { p in
                    // An inferred goal has the commodity's style as the transactions write it, as hledger infers it.
                    guard p.isInferred, let c = p.amount?.commodity else { return Self.writtenWithDigitGroups(p, sources, ledger.journal.commodities) }
                    if let known = transactionsGrouped[c] { return known }
                    let found = ledger.transactions.contains { t in
                        t.generated == nil && t.postings.contains { $0.amount?.commodity == c && !$0.isInferred && Self.writtenWithDigitGroups($0, sources, ledger.journal.commodities) }
                    }
                    transactionsGrouped[c] = found
                    return found
                })
            cells = table.cells
            var percents = table.percents
            // -N: no `Total:` row, in every output (the text's renderer finds none to draw).
            if words.has("-N"), cells.last?.first == "Total:" { cells.removeLast(); percents.removeLast() }
            // The title read from the columns' names (`2018-01-01W01`), but where they are days (--cumulative) or valued.
            budget = BudgetText(percents: percents, title: options.cumulative || options.valuation != nil ? table.title : nil)
        } else if command == "print" {
            cells = TransactionsReport(ledger: valued, sources: SourceManager(), options: options).hledgerCells()
        } else {
            guard let kind = HledgerStatement.Kind(rawValue: command) else { throw CommandLineError("'\(command)' is not a report in hledger's form") }
            var statement = self.statement(kind, ledger: ledger, options: options)
            if layout == .bare {
                guard kind == .balance, !words.has("--tree") else {
                    throw CommandLineError("--layout=bare is done for a flat 'balance' in hledger's form, not yet for --tree, bs, is or cf")
                }
                statement.bare = true
            }
            cells = try statement.cells()
        }
        if words.has("--transpose") {
            // Rows become columns: the periods down, the accounts across.
            let width = cells.map(\.count).max() ?? 0
            cells = (0..<width).map { k in cells.map { k < $0.count ? $0[k] : "" } }
        }
        return cells
    }

    /// The cells in hledger's layout for the output asked.
    /// A budget's percentages beside its goals and its title, for its text.
    private struct BudgetText {
        var percents: [[String?]]
        var title: String?
    }

    private func text(of cells: [[String]], options: ReportOptions, budget: BudgetText?) -> String {
        let hasTotal = !words.has("-N"), tree = words.has("--tree")
        // `--color=yes`: negative amounts in red, as hledger paints them.
        let color = ["yes", "always", "y"].contains(words.values["--color"] ?? "")
        if output == "txt", !words.has("--transpose"), let budget, let text = HledgerBudgetText.render(cells, percents: budget.percents, title: budget.title, tree: tree, hasTotal: hasTotal, pretty: words.has("--pretty")) {
            return text
        }
        guard output == "txt", !words.has("--budget", "--transpose") else { return HledgerCells.render(cells, as: output) }
        if command == "balance", cells.first == ["account", "balance"] {
            // One column of balances.
            if let format = lineFormat {
                let rows = HledgerBalanceText.shownRows(Array(cells.dropFirst()), tree: tree, hasTotal: hasTotal)
                return format.render(rows.rows, total: rows.total, color: color)
            }
            return HledgerBalanceText.render(Array(cells.dropFirst()), tree: tree, hasTotal: hasTotal, color: color)
        }
        if command == "balance", cells.first == ["account", "commodity", "balance"] {
            return HledgerBalanceText.renderBare(Array(cells.dropFirst()), hasTotal: hasTotal)
        }
        let holding = words.has("-H") ? "historical" : words.has("--cumulative") ? "cumulative" : "changes"
        if command == "balance", options.grouping != nil, let text = HledgerPeriodsText.balance(cells, tree: tree, hasTotal: hasTotal, holding: holding, layout: layout, pretty: words.has("--pretty"), color: color) {
            return text
        }
        if ["balancesheet", "incomestatement", "cashflow"].contains(command), let text = HledgerPeriodsText.statement(cells, tree: tree, pretty: words.has("--pretty")) { return text }
        // A register of postings (one period per row at most): 80 columns or -w N.
        if command == "register", options.grouping == nil || options.groupingEvery == 1,
           cells.first == ["txnidx", "date", "code", "description", "account", "amount", "total"] {
            var rows = Array(cells.dropFirst())
            if let unit = options.grouping {
                // Each period by its label, as hledger's register shows it (`2016-02`, `2016Q1`, `2016-02-15W07`).
                // Weeks that start on another day than Monday are named by their days (`2013-12-31..2014-01-06`).
                for k in rows.indices {
                    guard let d = CivilDate.parse(rows[k][1]) else { continue }
                    rows[k][1] = options.weekStart != nil ? HledgerStatement.spanText(DateSpan(first: d, last: d.adding(days: 6))) : HledgerStatement.label(unit, d, compound: false)
                }
            }
            return HledgerRegisterText.render(rows, width: width ?? 80, periods: options.grouping != nil)
        }
        // An account's register: its title, then the register's columns (other accounts, change, balance).
        if command == "aregister", let account = registerAccount,
           cells.first == ["txnidx", "date", "code", "description", "otheraccounts", "change", "balance"] {
            return "Transactions in \(account.written.terminalSafe) and subaccounts:\n"
                + HledgerRegisterText.render(Array(cells.dropFirst()), width: width ?? 80)
        }
        return HledgerCells.render(cells, as: output)
    }

    /// `print` as hledger prints: no directives first, each transaction in
    /// its layout, a blank line after each. A transaction is kept as
    /// hledger's `print` asks each term of the whole transaction.
    private func printed(_ ledger: Ledger, options: ReportOptions, sources: SourceManager) -> [UInt8] {
        let matcher = QueryMatcher(options.query, journal: ledger.journal)
        var printer = LedgerPrinter(journal: ledger.journal, sources: sources)
        printer.decimalComma = ledger.journal.declaresDecimalComma
        printer.datesSwapped = words.has("--date2")
        var buf = ByteBuffer(capacity: 1 << 16)
        for t in ledger.printable where options.period.contains(t.date) && matcher.matchesTransaction(t) {
            printer.writeHledger(t, into: &buf, explicit: words.has("-x"))
            buf.byte(0x0A)
        }
        return terminalSafeLines(buf.bytes, keepingCarriageReturns: true)
    }

    /// A balance-shaped report as the words ask it (`-T`, `-A`, `-N`, `-S`...).
    private func statement(_ kind: HledgerStatement.Kind, ledger: Ledger, options: ReportOptions) -> HledgerStatement {
        var statement = HledgerStatement(kind, ledger: ledger, options: options)
        statement.rowTotal = words.has("-T")
        statement.average = words.has("-A")
        statement.noTotal = words.has("-N")
        statement.sortByAmount = words.has("-S")
        statement.invert = words.has("--invert")
        statement.percent = words.has("-%")
        statement.change = words.has("--change")
        statement.holdingAsked = words.has("-H", "--cumulative", "--change")
        statement.noElide = words.has("--no-elide")
        statement.declared = words.has("--declared")
        statement.digitGroups = output == "txt"
        statement.drop = drop
        return statement
    }

    /// hledger's JSON for `print`, `register` and a flat one-column `balance`
    /// (`HledgerRequest` refuses the others), from the same rows as their text.
    private func json(_ ledger: Ledger, options: ReportOptions, sources: SourceManager) throws -> [UInt8] {
        var options = options
        if let valuation = options.valuation {
            options.valuer = try Valuer(valuation, ledger: ledger, reportTo: options.period.to ?? today, inferringPrices: words.has("--infer-market-prices"))
        }
        // Straight to standard output as it is written (hundreds of megabytes for a large journal); to -o, whole.
        let toStdout = (words.values["-o"] ?? "-") == "-"
        let writer = HledgerJSON(journal: ledger.journal, sources: sources, sink: toStdout ? ByteSink.standardOutput : nil)
        switch command {
        case "print":
            let valued = try options.valuer.map { try ledger.valued(by: $0) } ?? ledger
            let matcher = QueryMatcher(options.query, journal: valued.journal)
            let kept = valued.order.map { ($0, valued.transactions[Int($0)]) }
                .filter { !$0.1.isSplit && options.period.contains($0.1.date) && matcher.matchesTransaction($0.1) }
            return try writer.transactions(kept.map { (transaction: $0.1, index: $0.0) })
        case "register":
            let valued = try options.valuer.map { try ledger.valued(by: $0) } ?? ledger
            let report = RegisterReport(ledger: valued, options: options)
            return try writer.register(try report.registerItems(QueryMatcher(options.query, journal: valued.journal), related: words.has("-r")), transactions: valued.transactions)
        default:
            let table = try statement(.balance, ledger: ledger, options: options).balanceAmounts()
            return writer.balance(table.rows, total: table.total)
        }
    }

    /// Whether a posting's amount was written with digit groups (`$1,000.00`,
    /// `1.000,00 EUR`): a group mark before the decimal mark in its text.
    static func writtenWithDigitGroups(_ p: Posting, _ sources: SourceManager, _ commodities: CommodityTable) -> Bool {
        guard let a = p.amount, Int(p.amountLocation.file) < sources.files.count else { return false }
        let bytes = sources.files[Int(p.amountLocation.file)].bytes
        var i = Int(p.amountLocation.offset), previousSpace = false
        let group: UInt8 = commodities.decimalCommaStyled.contains(a.commodity) ? 0x2E : 0x2C
        while i < bytes.count, bytes[i] != 0x0A, bytes[i] != 0x0D, bytes[i] != 0x3B, bytes[i] != 0x3D, bytes[i] != 0x40 {
            // Two spaces or a tab end the amount.
            if bytes[i] == 0x09 || bytes[i] == 0x20 && previousSpace { return false }
            previousSpace = bytes[i] == 0x20
            if bytes[i] == group { return true }
            i += 1
        }
        return false
    }

    /// Lines, each made safe for a terminal.
    static func lines(_ lines: [String]) -> [UInt8] { Array(lines.map { $0.terminalSafe + "\n" }.joined().utf8) }
}

/// Cells as hledger writes them: CSV (every field quoted), TSV, an HTML
/// table, or text columns (text to the left, figures to the right).
enum HledgerCells {
    static func render(_ cells: [[String]], as format: String) -> String {
        switch format {
        case "csv":
            return cells.map { $0.map { "\"" + $0.replacingAll("\"", "\"\"") + "\"" }.joined(separator: ",") }.joined(separator: "\n") + "\n"
        case "tsv":
            return cells.map { $0.map { $0.replacingAll("\t", " ") }.joined(separator: "\t") }.joined(separator: "\n") + "\n"
        case "html":
            return "<table>\n" + cells.map { "<tr>" + $0.map { "<td>\(htmlEscaped($0))</td>" }.joined() + "</tr>" }.joined(separator: "\n") + "\n</table>\n"
        default:
            let width = cells.map(\.count).max() ?? 0
            var widths = Array(repeating: 0, count: width)
            for row in cells { for (k, c) in row.enumerated() { widths[k] = max(widths[k], displayWidth(c.terminalSafe)) } }
            let textHeaders: Set<String> = ["date", "code", "description", "account", "otheraccounts"]
            let left = Set((0..<width).filter { k in k == 0 || cells.prefix(2).contains { k < $0.count && textHeaders.contains($0[k]) } })
            return cells.map { row in
                row.enumerated().map { k, c in
                    let text = c.terminalSafe
                    let pad = String(repeating: " ", count: widths[k] - displayWidth(text))
                    return left.contains(k) ? text + pad : pad + text
                }.joined(separator: "  ").trimmingSpaces
            }.joined(separator: "\n") + "\n"
        }
    }
}

/// Text safe inside an HTML element or a quoted attribute.
package func htmlEscaped(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for c in s.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default: out.unicodeScalars.append(c)
        }
    }
    return out
}
