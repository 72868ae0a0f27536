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
    /// `-%`: each cell as a percentage of its column's total (of its section's, in a statement).
    public var percent = false
    /// Amounts with their commodity's digit groups, as hledger's text shows them (its CSV shows none).
    public var digitGroups = false
    /// `--no-elide`: a parent whose one shown child holds all it holds is shown too.
    public var noElide = false
    /// `--drop N`: the first N parts of each account name left out (flat).
    public var drop = 0
    /// `--layout=bare` (`balance` only): a row per commodity, the symbol in a
    /// `commodity` column, each cell the number alone.
    public var bare = false
    /// Whether `-H`, `--cumulative` or `--change` was given: the title then says what the columns hold, usual or not.
    public var holdingAsked = false
    /// `--declared`: every declared leaf account the query keeps is a row too, with nothing posted
    /// (one deeper than `--depth` is left out, not clipped, as hledger 1.25 does).
    public var declared = false

    /// What a column holds, as hledger's compound statements name it in their title.
    enum Holding { case changes, cumulative, historical }

    public init(_ kind: Kind, ledger: Ledger, options: ReportOptions) {
        self.kind = kind
        self.ledger = ledger
        self.options = options
    }

    /// The cells, row by row, as `hledger ... -O csv` writes them.
    public func cells() throws(AmountOverflow) -> [[String]] {
        if options.depth == 0 {
            // Depth 0: one row, `...`, holding what the total holds.
            var whole = self
            whole.options.depth = 1
            whole.noTotal = false
            whole.sortByAmount = false
            let cells = try whole.cells()
            guard let header = cells.first, let total = cells.last, cells.count >= 2 else { return cells }
            return [header, ["..."] + total.dropFirst()] + (noTotal ? [] : [total])
        }
        var options = self.options
        if kind == .balancesheet && !change && !options.cumulative { options.historical = true }
        let holding: Holding = options.historical ? .historical : options.cumulative ? .cumulative : .changes
        let usual: Holding = kind == .balancesheet ? .historical : .changes
        let grid = try BalanceReport(ledger: ledger, options: options).grid()
        let accounts = ledger.journal.accounts
        let grouped = options.grouping != nil
        // The report's days: its columns' with an interval; without one, a
        // statement names them (a pass over the transactions), `balance` does not.
        let found: DateSpan?
        if grouped {
            found = grid.columns.isEmpty ? nil : DateSpan(first: grid.columns[0].first, last: grid.columns[grid.columns.count - 1].last)
        } else {
            found = kind == .balance ? nil : options.days(over: ledger, matcher: QueryMatcher(options.query, journal: ledger.journal))
        }
        // No posting in the report at all: hledger names no days (`..`, or nothing in a statement's title).
        let nothing = grouped ? grid.columns.isEmpty : kind != .balance && found == nil
        let span = found ?? DateSpan(first: ledger.until, last: ledger.until)
        let columns = grid.columns.isEmpty ? [span] : grid.columns
        // Column headers.
        var headers: [String]
        if grouped, let unit = options.grouping {
            // The statements name months `Jan` when every column is in one year.
            let oneYear = columns[0].first.components.year == columns[columns.count - 1].first.components.year
            headers = columns.map {
                // A period of more than one unit is named by its days (`2025-01-01..2025-02-28`).
                kind != .balance && holding != .changes ? $0.last.description
                    : options.groupingEvery > 1 || options.weekStart != nil ? HledgerStatement.spanText($0)
                    : HledgerStatement.label(unit, $0.first, compound: kind != .balance && oneYear)
            }
        } else {
            headers = [kind == .balance ? "balance" : holding != .changes ? span.last.description : HledgerStatement.spanText(span)]
        }
        if nothing && (grouped || kind != .balance) { headers = [holding == .changes ? ".." : ""] }
        if rowTotal && grouped { headers.append(kind == .balance ? "total" : "Total") }
        if average && grouped { headers.append(kind == .balance ? "average" : "Average") }
        let rows = shownRows(grid, options: options, width: columns.count)
        /// A row's cells; with `-%`, each a percentage of `divisors` (its column's total).
        /// `bare`: each cell one commodity's number alone (`--layout=bare`).
        func cellsOf(_ sums: [AmountSums], negated: Bool, of divisors: [AmountSums], bare: Bool = false) throws(AmountOverflow) -> [String] {
            var shown = sums.map { negated != invert ? HledgerStatement.negated($0) : $0 }
            if shown.isEmpty { shown = Array(repeating: AmountSums(), count: columns.count) }
            let commodities = ledger.journal.commodities
            func text(_ s: AmountSums) -> String {
                guard bare else { return commodities.hledgerText(s, grouped: digitGroups) }
                return s.amounts.first { !$0.quantity.isZero }.map { commodities.hledgerText($0, grouped: digitGroups, symbol: false) } ?? "0"
            }
            var out = try shown.enumerated().map { k, s throws(AmountOverflow) in
                percent ? try HledgerStatement.percentText(s, of: k < divisors.count ? divisors[k] : AmountSums()) : text(s)
            }
            if grouped && (rowTotal || average) {
                // The engine's row total and average.
                let total = try BalanceRows.rowTotal(shown), whole = try BalanceRows.rowTotal(divisors)
                // A percentage of the whole is the same for the total and the average.
                let share = percent ? try HledgerStatement.percentText(total, of: whole) : nil
                if rowTotal { out.append(share ?? text(total)) }
                if average {
                    let mean = try BalanceRows.rowAverage(total, over: columns.count)
                    out.append(share ?? text(mean))
                }
            }
            return out
        }
        /// An account's name as the rows show it: `--drop N` leaves out its first N parts.
        func shownName(_ id: Int32) -> String {
            let name = accounts[id]
            guard drop > 0 else { return name }
            let parts = name.split(separator: ":", omittingEmptySubsequences: false)
            return parts.count > drop ? parts.dropFirst(drop).joined(separator: ":") : "..."
        }
        func total(of chosen: [(account: Int32, sums: [AmountSums])]) throws(AmountOverflow) -> [AmountSums] {
            let ids = Set(chosen.map(\.account))
            // In a tree, only the rows with no shown ancestor (the others are inside them;
            // a boring parent left out does not make its child a top row).
            func top(_ id: Int32) -> Bool {
                var a = accounts.parent[Int(id)]
                while a >= 0 { if ids.contains(a) { return false }; a = accounts.parent[Int(a)] }
                return true
            }
            return try BalanceRows.columnTotals(chosen.filter { options.flat || top($0.account) }.map(\.sums), width: columns.count)
        }
        /// `--layout=bare`: a row per commodity any cell holds (none: one, with no symbol, of zeros), by symbol.
        func bareRows(_ name: String, _ sums: [AmountSums]) throws(AmountOverflow) -> [[String]] {
            var held = Set<Int32>()
            for s in sums + [try BalanceRows.rowTotal(sums)] { for a in s.amounts where !a.quantity.isZero { held.insert(a.commodity) } }
            let commodities = ledger.journal.commodities
            guard !held.isEmpty else { return [[name, ""] + (try cellsOf(sums, negated: false, of: grid.total))] }
            return try held.sorted { commodities[$0] < commodities[$1] }.map { c throws(AmountOverflow) in
                let only = sums.map { $0.only(c) }
                return [name, commodities[c]] + (try cellsOf(only, negated: false, of: grid.total, bare: true))
            }
        }
        if kind == .balance {
            var out = [["account"] + (bare ? ["commodity"] : []) + headers]
            // In a tree, `--drop N` leaves out the rows N or fewer levels deep that have a row below them (a leaf there is `...`).
            let dropped = drop > 0 && !options.flat ? Set(rows.map(\.account).filter { id in
                Int(accounts.depth[Int(id)]) <= drop && rows.contains { $0.account != id && accounts.isSelfOrDescendant($0.account, of: id) }
            }) : []
            for r in try sorted(rows) where !dropped.contains(r.account) {
                if bare { out += try bareRows(shownName(r.account), r.sums) } else { out.append([shownName(r.account)] + (try cellsOf(r.sums, negated: false, of: grid.total))) }
            }
            if !noTotal {
                if bare && nothing && grouped {
                    // Nothing posted: no total row in the bare layout, as hledger draws it.
                } else if bare { out += try bareRows("total", grid.total) } else {
                    out.append(["total"] + (bare ? [""] : []) + (nothing && grouped ? [] : try cellsOf(grid.total, negated: false, of: grid.total)))
                }
            }
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
        let name: String
        switch kind {
        case .balancesheet: name = "Balance Sheet"
        case .incomestatement: name = "Income Statement"
        case .cashflow, .balance: name = "Cashflow Statement"
        }
        let suffix: String
        switch holding {
        case .historical: suffix = " (Historical Ending Balances)"
        case .cumulative: suffix = " (Cumulative Ending Balances)"
        case .changes: suffix = " (Balance Changes)"
        }
        let title = name + " " + (nothing ? headers[0] : days) + (holding == usual && !holdingAsked ? "" : suffix)
            + HledgerStatement.valuedSuffix(options.valuation)
        let blank = Array(repeating: "", count: headers.count)
        var out = [[title] + blank, ["Account"] + headers]
        let cash = accounts.hledgerCash()
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
        // With -%: each section's total shown as a share of itself (±100 % or 0), for the net row.
        var shares: [[ExactDecimal]] = []
        for section in sections {
            out.append([section.name] + blank)
            let chosen = try sorted(rows.filter { section.keeps($0.account) }, negated: section.negated)
            let sum = try total(of: chosen)
            for r in chosen { out.append([shownName(r.account)] + (try cellsOf(r.sums, negated: section.negated, of: sum))) }
            // A total of nothing at all (no posting in the section) has no cells, as hledger writes it; -N shows none.
            if !noTotal { out.append(["total"] + (sum.allSatisfy(\.amounts.isEmpty) ? [] : try cellsOf(sum, negated: section.negated, of: sum))) }
            shares.append(sum.map { s in
                let q = s.amounts.first { !$0.quantity.isZero }?.quantity ?? .zero
                return q.isZero ? .zero : ExactDecimal(q.isNegative != (section.negated != invert) ? -100 : 100)
            })
            net = try BalanceRows.columnTotals([net, sum], width: net.count, "the net total")
        }
        if kind != .cashflow && !noTotal {
            // Assets − liabilities (as shown), revenues − expenses: the raw sums, negated for income.
            if percent {
                // hledger sums the sections' shown percentages: the first less the second.
                var cells = ["Net:"]
                for k in 0..<columns.count {
                    let q = try shares[0][k].minus(shares[1][k], at: nil)
                    cells.append(q.isZero ? "0" : HledgerStatement.percentFigure(q))
                }
                out.append(cells)
            } else {
                out.append(["Net:"] + (net.allSatisfy(\.amounts.isEmpty) ? [] : try cellsOf(net, negated: kind == .incomestatement, of: net)))
            }
        }
        return out
    }

    /// A cell of `-%`: `value` as a percentage of the magnitude of `total`,
    /// one decimal place, as hledger 1.25 shows it (`92.5 %`, `0` when
    /// either is zero). Each must be in one commodity, the same one: else
    /// hledger's error, as an error of the report.
    static func percentText(_ value: AmountSums, of total: AmountSums) throws(AmountOverflow) -> String {
        let v = value.amounts.filter { !$0.quantity.isZero }, t = total.amounts.filter { !$0.quantity.isZero }
        guard v.count <= 1, t.count <= 1, v.isEmpty || t.isEmpty || v[0].commodity == t[0].commodity else {
            throw AmountOverflow(at: nil, message: Messages.percentOfMixedCommodities)
        }
        guard let a = v.first?.quantity, let b = t.first?.quantity else { return "0" }
        let share = try a.times(ExactDecimal(100), at: nil).quotient(over: b.magnitude, at: nil)
        return share.isZero ? "0" : percentFigure(share)
    }

    /// A percentage at one place, rounded half to even: `-4357.5 %`.
    static func percentFigure(_ q: ExactDecimal) -> String {
        var buf = ByteBuffer(capacity: 32)
        q.roundedHalfEven(to: 1).write(into: &buf, grouping: nil, places: 1)
        return buf.string + " %"
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

extension HledgerStatement {
    /// What hledger's titles add for a valuation (`, valued at period ends`).
    static func valuedSuffix(_ valuation: Valuation?) -> String {
        switch valuation?.when {
        case .end?: return ", valued at period ends"
        case .then?: return ", valued at posting date"
        case .cost?: return ", converted to cost"
        case .on(let day)?: return ", valued at \(day)"
        case nil: return ""
        }
    }
}

extension HledgerStatement {
    /// The rows shown: the grid's, with `--declared` the declared leaf
    /// accounts too, in a tree without its boring parents, in hledger's order.
    func shownRows(_ grid: BalanceReport.Grid, options: ReportOptions, width columnCount: Int) -> [(account: Int32, sums: [AmountSums])] {
        let accounts = ledger.journal.accounts
        var rows = grid.rows
        if declared {
            let matcher = QueryMatcher(options.query, journal: ledger.journal)
            let declaredIDs = accounts.declared.keys.sorted()
            var present = Set(rows.map(\.account))
            let width = rows.first?.sums.count ?? columnCount
            for id in declaredIDs where matcher.keeps(account: id) && ledger.declaredTagsHold(options.query, for: id) {
                // A leaf: no other declared account below it.
                guard !declaredIDs.contains(where: { $0 != id && accounts.isSelfOrDescendant($0, of: id) }) else { continue }
                if let depth = options.depth, accounts.ancestor(of: id, atDepth: depth) != id { continue }
                var chain = [id]
                if !options.flat {
                    var a = accounts.parent[Int(id)]
                    while a >= 0 { chain.append(a); a = accounts.parent[Int(a)] }
                }
                for a in chain where present.insert(a).inserted { rows.append((account: a, sums: Array(repeating: AmountSums(), count: width))) }
            }
        }
        if !options.flat && !noElide {
            // hledger leaves out a parent whose one shown child holds all it holds (a boring parent).
            let children = Dictionary(grouping: rows, by: { accounts.parent[Int($0.account)] })
            rows = rows.filter { r in
                guard let kids = children[r.account], kids.count == 1 else { return true }
                return !zip(r.sums, kids[0].sums).allSatisfy { $0.nonZero(ledger.journal.commodities) == $1.nonZero(ledger.journal.commodities) }
            }
        }
        rows.sort { accounts.inHledgerOrder($0.account, $1.account) }
        return rows
    }

    /// `rows` by amount with `-S` (hledger sorts by the row total, shown or
    /// not), else as they are. `negated`: as a section shows them.
    func sorted(_ chosen: [(account: Int32, sums: [AmountSums])], negated: Bool = false) throws(AmountOverflow) -> [(account: Int32, sums: [AmountSums])] {
        guard sortByAmount else { return chosen }
        var totals: [(account: Int32?, total: AmountSums)] = []
        for r in chosen { totals.append((r.account, try BalanceRows.rowTotal(r.sums))) }
        return ledger.orderByAmount(totals, flat: options.flat, negated: negated != invert).map { chosen[$0] }
    }

    /// A one-column `balance`'s rows and total, each row's sum over the
    /// report, as hledger's `-O json` has them (the same rows as `cells`).
    package func balanceAmounts() throws(AmountOverflow) -> (rows: [(account: Int32, sum: AmountSums)], total: AmountSums) {
        let grid = try BalanceReport(ledger: ledger, options: options).grid()
        var rows: [(account: Int32, sum: AmountSums)] = []
        for r in try sorted(shownRows(grid, options: options, width: max(1, grid.columns.count))) { rows.append((r.account, try BalanceRows.rowTotal(r.sums))) }
        return (rows, try BalanceRows.rowTotal(grid.total))
    }
}
