/// hledger 1.25's balance-shaped commands, laid out as hledger lays them
/// out (its CSV cells, and text columns of the same cells): `balance`,
/// `balancesheet`, `incomestatement` and `cashflow`. The figures are the
/// balance grid's (`BalanceReport.grid`, a projection of the movements and
/// balances layer); this type only picks rows, signs, sections and labels.
public struct HledgerStatement {
    /// Which command.
    public enum Kind: String, Sendable, CaseIterable {
        case balance, balancesheet, incomestatement, cashflow
    }

    public let kind: Kind
    public let ledger: Ledger
    /// Period, query, depth, interval (`grouping`), `historical`, `flat`
    /// (hledger's default; `--tree` clears it), `empty`, valuation.
    public var options: ReportOptions
    /// `-T`, `-A`, `-N`, `-S`, `--invert`, `--change` (a balance sheet of changes).
    public var rowTotal = false, average = false, noTotal = false, sortByAmount = false, invert = false, change = false
    /// Whether `-H`, `--cumulative` or `--change` was given: the title then says what the columns hold, usual or not.
    public var holdingAsked = false

    /// What a column holds, as hledger's compound statements name it in their title.
    enum Holding { case changes, cumulative, historical }

    public init(_ kind: Kind, ledger: Ledger, options: ReportOptions) {
        self.kind = kind
        self.ledger = ledger
        self.options = options
    }

    /// The cells, row by row, as `hledger ... -O csv` writes them.
    public func cells() throws(AmountOverflow) -> [[String]] {
        var options = self.options
        if kind == .balancesheet && !change && !options.cumulative { options.historical = true }
        let holding: Holding = options.historical ? .historical : options.cumulative ? .cumulative : .changes
        let usual: Holding = kind == .balancesheet ? .historical : .changes
        let grid = try BalanceReport(ledger: ledger, options: options).grid()
        let accounts = ledger.journal.accounts
        let grouped = options.grouping != nil
        // The days without an interval (a pass over the postings, only then needed).
        let found = grouped && !grid.columns.isEmpty ? DateSpan(first: grid.columns[0].first, last: grid.columns[grid.columns.count - 1].last)
            : postingSpan(options)
        // No posting in the report at all: hledger names no days (`..`, or nothing in a statement's title).
        let nothing = grouped ? grid.columns.isEmpty : found == nil
        let span = found ?? DateSpan(first: ledger.until, last: ledger.until)
        let columns = grid.columns.isEmpty ? [span] : grid.columns
        // Column headers.
        var headers: [String]
        if grouped, let unit = options.grouping {
            // The statements name months `Jan` when every column is in one year.
            let oneYear = columns[0].first.components.year == columns[columns.count - 1].first.components.year
            headers = columns.map { kind != .balance && holding != .changes ? $0.last.description : HledgerStatement.label(unit, $0.first, compound: kind != .balance && oneYear) }
        } else {
            headers = [kind == .balance ? "balance" : holding != .changes ? span.last.description : HledgerStatement.spanText(span)]
        }
        if nothing && (grouped || kind != .balance) { headers = [holding == .historical && kind != .balance ? "" : ".."] }
        let extra = (rowTotal && grouped ? 1 : 0) + (average && grouped ? 1 : 0)
        if rowTotal && grouped { headers.append(kind == .balance ? "total" : "Total") }
        if average && grouped { headers.append(kind == .balance ? "average" : "Average") }
        var rows = grid.rows
        if !options.flat {
            // hledger leaves out a parent whose one shown child holds all it holds (a boring parent).
            let children = Dictionary(grouping: rows, by: { accounts.parent[Int($0.account)] })
            rows = rows.filter { r in
                guard let kids = children[r.account], kids.count == 1 else { return true }
                return !zip(r.sums, kids[0].sums).allSatisfy { $0.nonZero(ledger.journal.commodities) == $1.nonZero(ledger.journal.commodities) }
            }
        }
        rows.sort { accounts.inHledgerOrder($0.account, $1.account) }
        func cellsOf(_ sums: [AmountSums], negated: Bool) throws(AmountOverflow) -> [String] {
            var shown = sums.map { negated != invert ? HledgerStatement.negated($0) : $0 }
            if shown.isEmpty { shown = Array(repeating: AmountSums(), count: columns.count) }
            var out = shown.map { ledger.journal.commodities.hledgerText($0) }
            if grouped && (rowTotal || average) {
                var total = AmountSums()
                for s in shown { for a in s.amounts where !total.add(a) { throw AmountOverflow(at: nil, "a row total") } }
                if rowTotal { out.append(ledger.journal.commodities.hledgerText(total)) }
                if average {
                    var mean = AmountSums()
                    for a in total.amounts { mean.add(Amount(try a.quantity.quotient(over: ExactDecimal(columns.count), at: nil), a.commodity)) }
                    out.append(ledger.journal.commodities.hledgerText(mean))
                }
            }
            return out
        }
        func sorted(_ chosen: [(account: Int32, sums: [AmountSums])]) -> [(account: Int32, sums: [AmountSums])] {
            guard sortByAmount else { return chosen }
            // Largest first by the first column's first commodity, as hledger's -S (flat).
            func key(_ r: (account: Int32, sums: [AmountSums])) -> ExactDecimal { r.sums.first?.amounts.first?.quantity ?? .zero }
            return chosen.sorted { key($1) < key($0) }
        }
        func total(of chosen: [(account: Int32, sums: [AmountSums])]) throws(AmountOverflow) -> [AmountSums] {
            let ids = Set(chosen.map(\.account))
            var out = Array(repeating: AmountSums(), count: columns.count)
            // In a tree, only the rows with no shown ancestor (the others are inside them;
            // a boring parent left out does not make its child a top row).
            func top(_ id: Int32) -> Bool {
                var a = accounts.parent[Int(id)]
                while a >= 0 { if ids.contains(a) { return false }; a = accounts.parent[Int(a)] }
                return true
            }
            for r in chosen where options.flat || top(r.account) {
                for (k, s) in r.sums.enumerated() {
                    for a in s.amounts where !out[k].add(a) { throw AmountOverflow(at: nil, "a section total") }
                }
            }
            return out
        }
        if kind == .balance {
            var out = [["account"] + headers]
            for r in sorted(rows) { out.append([accounts[r.account]] + (try cellsOf(r.sums, negated: false))) }
            if !noTotal { out.append(["total"] + (nothing && grouped ? [] : try cellsOf(grid.total, negated: false))) }
            return out
        }
        // Compound statements: sections of account types, signs as accountants read them.
        // The title: the statement, its days, and what its columns hold when that is not the usual.
        let days: String
        let first = grouped ? columns[0].first : span.first, last = grouped ? columns[columns.count - 1].last : span.last
        switch holding {
        case .historical:
            let ends = grouped ? columns.map(\.last) : [span.last]
            days = ends.count == 1 ? ends[0].description : "\(ends[0])..\(ends[ends.count - 1])"
        case .cumulative: days = HledgerStatement.spanText(DateSpan(first: first, last: last))
        case .changes: days = HledgerStatement.spanText(DateSpan(first: first, last: last))
        }
        let names: [Kind: String] = [.balancesheet: "Balance Sheet", .incomestatement: "Income Statement", .cashflow: "Cashflow Statement"]
        let suffixes: [Holding: String] = [.historical: " (Historical Ending Balances)", .cumulative: " (Cumulative Ending Balances)", .changes: " (Balance Changes)"]
        var valued = ""
        switch options.valuation?.when {
        case .end?: valued = ", valued at period ends"
        case .then?: valued = ", valued at posting date"
        case .cost?: valued = ", converted to cost"
        case .on(let day)?: valued = ", valued at \(day)"
        case nil: break
        }
        let title = names[kind]! + " " + (nothing ? headers[0] : days) + (holding == usual && !holdingAsked ? "" : suffixes[holding]!) + valued
        let blank = Array(repeating: "", count: headers.count)
        var out = [[title] + blank, ["Account"] + headers]
        let cash = cashAccounts()
        let sections: [(name: String, negated: Bool, keeps: (Int32) -> Bool)]
        switch kind {
        case .balancesheet:
            sections = [("Assets", false, { accounts.type(of: $0) == .asset }), ("Liabilities", true, { accounts.type(of: $0) == .liability })]
        case .incomestatement:
            sections = [("Revenues", true, { accounts.type(of: $0) == .income }), ("Expenses", false, { accounts.type(of: $0) == .expense })]
        default:
            sections = [("Cash flows", false, { cash($0) })]
        }
        var net = Array(repeating: AmountSums(), count: columns.count)
        for section in sections {
            out.append([section.name] + blank)
            let chosen = sorted(rows.filter { section.keeps($0.account) })
            for r in chosen { out.append([accounts[r.account]] + (try cellsOf(r.sums, negated: section.negated))) }
            let sum = try total(of: chosen)
            // A total of nothing at all (no posting in the section) has no cells, as hledger writes it.
            out.append(["total"] + (sum.allSatisfy(\.amounts.isEmpty) ? [] : try cellsOf(sum, negated: section.negated)))
            for (k, s) in sum.enumerated() {
                for a in s.amounts where !net[k].add(a) { throw AmountOverflow(at: nil, "the net total") }
            }
        }
        if kind != .cashflow && !noTotal {
            // Assets − liabilities (as shown), revenues − expenses: the raw sums, negated for income.
            out.append(["Net:"] + (net.allSatisfy(\.amounts.isEmpty) ? [] : try cellsOf(net, negated: kind == .incomestatement)))
        }
        _ = extra
        return out
    }

    /// hledger's cash accounts: those declared `type: C`; without any, the
    /// asset accounts whose names say so (`assets:bank`, `assets:cash`,
    /// `assets:checking`, `assets:savings`, `assets:current`...).
    func cashAccounts() -> (Int32) -> Bool {
        let accounts = ledger.journal.accounts
        if !accounts.declaredCash.isEmpty {
            return { id in
                var a = id
                while a >= 0 {
                    if accounts.declaredCash.contains(a) { return true }
                    if accounts.declaredType[a] != nil { return false }
                    a = accounts.parent[Int(a)]
                }
                return false
            }
        }
        // hledger 1.25's inference of the Cash type from a name.
        let cash = try? LinearRegex("^assets?(:.+)?:(cash|bank|che(ck|que?)(ing)?|savings?|current)(:|$)")
        return { id in cash?.matches(accounts[id]) ?? false }
    }

    /// The report's days without an interval: the period given, else the
    /// first and last days with a matching posting (today's, when none).
    func reportSpan(_ options: ReportOptions) -> DateSpan {
        postingSpan(options) ?? DateSpan(first: ledger.until, last: ledger.until)
    }

    /// The period given, else the first and last days with a matching
    /// posting; nil when neither says a day.
    func postingSpan(_ options: ReportOptions) -> DateSpan? {
        var first = options.period.from, last = options.period.to
        if first == nil || last == nil {
            var movements = Movements(ledger)
            movements.matcher = QueryMatcher(options.query, journal: ledger.journal)
            var seenFirst: CivilDate?, seenLast: CivilDate?
            movements.forEach { m in
                guard options.period.contains(m.date) else { return }
                seenFirst = min(seenFirst ?? m.date, m.date)
                seenLast = max(seenLast ?? m.date, m.date)
            }
            first = first ?? seenFirst
            last = last ?? seenLast
        }
        guard let first, let last else { return nil }
        return DateSpan(first: first, last: last)
    }

    static func negated(_ sums: AmountSums) -> AmountSums {
        var out = AmountSums()
        for a in sums.amounts { out.add(Amount(a.quantity.negated, a.commodity)) }
        return out
    }

    /// A column's label as hledger shows it: `2023-01-01`, `2022-12-26W52`,
    /// `2023-01` (`Jan` in the compound statements), `2023Q1`, `2023`.
    public static func label(_ unit: CalendarUnit, _ start: CivilDate, compound: Bool) -> String {
        let (y, m, _) = start.components
        switch unit {
        case .day: return start.description
        case .week:
            let iso = unit.label(of: start)
            let week = iso.split(separator: "W").last.map(String.init) ?? ""
            return "\(start)W\(week)"
        case .month:
            if compound { return ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][m - 1] }
            return String(start.description.prefix(7))
        case .quarter: return "\(y)Q\((m - 1) / 3 + 1)"
        case .year: return "\(y)"
        }
    }

    /// A span as hledger names it: `2023`, `2023Q1`, `2023-01`, a day, or `A..B`.
    public static func spanText(_ span: DateSpan, _ exact: DateSpan? = nil) -> String {
        let s = exact ?? span
        let (y, m, d) = s.first.components
        if d == 1 {
            if m == 1, s.last == CalendarUnit.year.end(of: s.first) { return "\(y)" }
            if (m - 1) % 3 == 0, s.last == CalendarUnit.quarter.end(of: s.first) { return "\(y)Q\((m - 1) / 3 + 1)" }
            if s.last == CalendarUnit.month.end(of: s.first) { return String(s.first.description.prefix(7)) }
        }
        if s.first == s.last { return s.first.description }
        return "\(s.first)..\(s.last)"
    }
}

extension CommodityTable {
    /// Sums as hledger 1.25 shows them in a CSV cell: each commodity not
    /// exactly zero, by symbol, joined with `, `; `0` when
    /// there is none. A symbol written first keeps the sign after it (`$-50.00`).
    package func hledgerText(_ sums: AmountSums, grouped: Bool = false) -> String {
        // Every commodity not exactly zero, even one that shows as 0 (hledger's `0, 0`).
        let shown = sums.amounts.filter { !$0.quantity.isZero }.sorted { self[$0.commodity] < self[$1.commodity] }
        if shown.isEmpty { return "0" }
        return shown.map { hledgerText($0, grouped: grouped) }.joined(separator: ", ")
    }

    /// One amount as hledger shows it in CSV: in the commodity's style (its
    /// side, its space, its decimal comma), without digit groups, the sign
    /// after a symbol written first (`$-50.00`), rounded half to even at the
    /// display precision (Data.Decimal's roundTo, as hledger shows amounts).
    public func hledgerText(_ amount: Amount, grouped: Bool = false) -> String {
        let places = precision(amount.commodity)
        let q = amount.quantity.roundedHalfEven(to: places)
        // An amount that shows as zero is a bare 0, as hledger shows it.
        if q.isZero { return "0" }
        let style = styles[Int(amount.commodity)]
        var number = ByteBuffer(capacity: 32)
        q.write(into: &number, grouping: grouped && style.grouped ? 0x2C : nil, places: places)
        var digits = number.string
        if decimalCommaStyled.contains(amount.commodity) {
            // The marks swap: `1.234,50`.
            digits = String(digits.map { $0 == "." ? "," : $0 == "," ? "." : $0 })
        }
        let symbol = table[amount.commodity].isEmpty ? "" : self.symbol(amount.commodity)
        if symbol.isEmpty { return digits }
        let space = style.spaced ? " " : ""
        return style.symbolFirst ? symbol + space + digits : digits + space + symbol
    }
}

/// hledger 1.25's `register` as its CSV lays it out: one row per matching
/// posting, `txnidx,date,code,description,account,amount,total`, the total
/// running over the rows.
public struct HledgerRegister {
    public let ledger: Ledger
    /// Period, query, depth (account names clipped to it).
    public var options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    public func cells() throws(AmountOverflow) -> [[String]] {
        let journal = ledger.journal
        let matcher = QueryMatcher(options.query, accounts: journal.accounts, commodities: journal.commodities)
        var out = [["txnidx", "date", "code", "description", "account", "amount", "total"]]
        var total = AmountSums()
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            guard options.period.contains(t.date) else { continue }
            for p in t.postings where matcher.matches(t, p) {
                guard let a = p.amount else { continue }
                guard total.add(a) else { throw AmountOverflow(at: p.amountLocation, "the running total") }
                let account = options.depth.map { journal.accounts.ancestor(of: p.account, atDepth: $0) } ?? p.account
                var shown = AmountSums()
                shown.add(a)
                // Virtual postings keep their brackets, as hledger shows them.
                let name = journal.accounts[account]
                let written = p.virtual == .unbalanced ? "(\(name))" : p.virtual == .balanced ? "[\(name)]" : name
                out.append(["\(n + 1)", t.date.description, t.code ?? "", t.description, written,
                            journal.commodities.hledgerText(shown), journal.commodities.hledgerText(total)])
            }
        }
        return out
    }
}

/// hledger 1.25's `aregister ACCOUNT` as its CSV lays it out: one row per
/// transaction that moves the accounts ACCOUNT matches (a regex, their
/// subaccounts included), `txnidx,date,code,description,otheraccounts,change,balance`;
/// the balance runs from the journal's start over the transactions the query
/// keeps, whatever the period shows; unbalanced virtual postings are no other account.
public struct HledgerAccountRegister {
    public let ledger: Ledger
    /// The accounts whose register this is.
    public let accounts: TextPattern
    /// Period, and a query on the transactions shown.
    public var options: ReportOptions

    public init(ledger: Ledger, accounts: TextPattern, options: ReportOptions) {
        self.ledger = ledger
        self.accounts = accounts
        self.options = options
    }

    public func cells() throws(AmountOverflow) -> [[String]] {
        let journal = ledger.journal
        var mine = Query()
        mine.terms = [Query.Term(.account, text: accounts)]
        let ours = QueryMatcher(mine, journal: journal), shown = QueryMatcher(options.query, journal: journal)
        var out = [["txnidx", "date", "code", "description", "otheraccounts", "change", "balance"]]
        var balance = AmountSums()
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            if let to = options.period.to, t.date > to { break }
            // The query picks the transactions that count; the period only which are shown.
            guard shown.matches(t) else { continue }
            var change = AmountSums(), others: [String] = []
            var moves = false
            for p in t.postings {
                if ours.keeps(account: p.account) {
                    moves = true
                    if let a = p.amount { guard change.add(a), balance.add(a) else { throw AmountOverflow(at: p.amountLocation, "the register's balance") } }
                } else if p.virtual != .unbalanced {
                    let name = HledgerAccountRegister.summarised(journal.accounts[p.account])
                    let written = p.virtual == .balanced ? "[\(name)]" : name
                    if !others.contains(written) { others.append(written) }
                }
            }
            guard moves, options.period.contains(t.date) else { continue }
            out.append(["\(n + 1)", t.date.description, t.code ?? "", t.description, others.joined(separator: ", "),
                        journal.commodities.hledgerText(change), journal.commodities.hledgerText(balance)])
        }
        return out
    }

    /// An account name as hledger summarises it: every part but the last cut to two characters.
    static func summarised(_ name: String) -> String {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        return (parts.dropLast().map { String($0.prefix(2)) } + [String(parts.last ?? "")]).joined(separator: ":")
    }
}

/// hledger 1.25's `print -O csv`: one row per posting of each transaction
/// the query keeps, `txnidx,date,date2,status,code,description,comment,
/// account,amount,commodity,credit,debit,posting-status,posting-comment`.
public struct HledgerPrint {
    public let ledger: Ledger
    /// Period, and the query that keeps a transaction whole when any posting matches.
    public var options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    public func cells() -> [[String]] {
        let journal = ledger.journal, commodities = journal.commodities
        let matcher = QueryMatcher(options.query, journal: journal)
        var out = [["txnidx", "date", "date2", "status", "code", "description", "comment", "account", "amount", "commodity", "credit", "debit", "posting-status", "posting-comment"]]
        func mark(_ s: Status) -> String { s == .cleared ? "*" : s == .pending ? "!" : "" }
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            guard t.generated == nil, options.period.contains(t.date), matcher.matches(t) else { continue }
            for p in t.postings {
                guard let a = p.amount else { continue }
                let places = commodities.precision(a.commodity)
                func number(_ q: ExactDecimal) -> String {
                    var buf = ByteBuffer(capacity: 32)
                    q.roundedHalfEven(to: places).write(into: &buf, grouping: nil, places: places)
                    return commodities.decimalCommaStyled.contains(a.commodity) ? buf.string.replacingAll(".", ",") : buf.string
                }
                let name = journal.accounts[p.account]
                let account = p.virtual == .unbalanced ? "(\(name))" : p.virtual == .balanced ? "[\(name)]" : name
                let negative = a.quantity.isNegative
                out.append(["\(n + 1)", t.date.description, "", mark(t.status), t.code ?? "", t.description,
                            (t.comment ?? "").trimmingSpaces, account, number(a.quantity), commodities.symbol(a.commodity),
                            negative ? number(a.quantity.magnitude) : "", negative ? "" : number(a.quantity),
                            mark(p.status), (p.comment ?? "").trimmingSpaces])
            }
        }
        return out
    }
}

/// hledger 1.25's `balance --budget` as its CSV lays it out: a row per
/// budgeted account and each of its parents (the actual amount of it and
/// everything under it; the goal where it is budgeted or has more than one
/// budgeted child), `<unbudgeted>` first for what falls under none of them,
/// and a `Total:` row; an `actual` and a `budget` column per period. hledger
/// writes these amounts with their digit groups.
public struct HledgerBudget {
    public let ledger: Ledger
    /// Period, query, interval.
    public var options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    public func cells() throws(AmountOverflow) -> [[String]] {
        let journal = ledger.journal, accounts = journal.accounts, commodities = journal.commodities
        let matcher = QueryMatcher(options.query, journal: journal)
        // The columns: the report's periods, or its days.
        var columns: [DateSpan]
        var headers: [String]
        if let unit = options.grouping {
            columns = options.periods(unit, over: ledger, matcher: matcher)
            headers = columns.map { HledgerStatement.label(unit, $0.first, compound: false) }
        } else {
            let span = HledgerStatement(.balance, ledger: ledger, options: options).reportSpan(options)
            columns = [span]
            headers = [HledgerStatement.spanText(span)]
        }
        guard !columns.isEmpty else { return [["Account"]] }
        // The budgeted accounts, and their parents: the rows.
        var budgeted = Set<Int32>(), rows = Set<Int32>()
        for rule in journal.periodic where rule.schedule != nil {
            for p in rule.template.postings where p.amount != nil && matcher.keeps(account: p.account) {
                budgeted.insert(p.account)
                var a = p.account
                while a >= 0 { rows.insert(a); a = accounts.parent[Int(a)] }
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
            let showsGoal = budgeted.contains(id) || (children[id]?.count ?? 0) > 1
            out.append([accounts[id]] + cells(actual.columns(Int(id)), showsGoal ? budget.columns(Int(id)) : nil))
        }
        // The total: the unbudgeted and the rows at the top.
        var totalActual = Array(repeating: AmountSums(), count: width), totalGoal = totalActual
        for id in rows where !rows.contains(accounts.parent[Int(id)]) {
            for (k, s) in actual.columns(Int(id)).enumerated() { for a in s.amounts where !totalActual[k].add(a) { throw AmountOverflow(at: nil, "the budget's total") } }
            for (k, s) in budget.columns(Int(id)).enumerated() { for a in s.amounts where !totalGoal[k].add(a) { throw AmountOverflow(at: nil, "the budget's total") } }
        }
        for (k, s) in actual.columns(Int(unbudgeted)).enumerated() { for a in s.amounts where !totalActual[k].add(a) { throw AmountOverflow(at: nil, "the budget's total") } }
        out.append(["Total:"] + cells(totalActual, totalGoal))
        return out
    }
}
