/// hledger 1.25's text layout of a balance report with columns (`-M`,
/// `-Q`...) and of `bs`, `is` and `cf` (issue 58), drawn from the same rows
/// as their CSV: a title, the names in a column of their own, `||` and the
/// figures right-aligned in columns two spaces apart, `==` and `--` rules
/// (`++` where they cross), each line ending in a space.
package enum HledgerPeriodsText {
    enum Line { case row(String, [String]?), rule(Character) }

    /// The lines drawn: names padded to the widest, each column as wide as its widest cell.
    /// `pretty` (hledger's `--pretty`): the rules and the bar in Unicode (`║`, `═╬`, `─╫`).
    /// `leftColumns`: how many first columns are text, left-aligned (bare's
    /// `Commodity`); `color` (hledger's `--color=yes`): each negative amount in red.
    static func draw(title: String, headers: [String], _ lines: [Line], pretty: Bool = false, leftColumns: Int = 0, color: Bool = false) -> String {
        let safe: (String) -> String = { $0.terminalSafe }
        var nameWidth = 0, widths = headers.map { displayWidth(safe($0)) }
        for case .row(let name, let cells) in lines {
            nameWidth = max(nameWidth, displayWidth(safe(name)))
            for (k, c) in (cells ?? []).enumerated() where k < widths.count { widths[k] = max(widths[k], displayWidth(safe(c))) }
        }
        func pad(_ s: String, _ w: Int, left: Bool) -> String {
            let fill = String(repeating: " ", count: max(0, w - displayWidth(s)))
            return left ? fill + painted(s) : s + fill
        }
        /// The amounts of a cell, each negative one in red when asked.
        func painted(_ s: String) -> String {
            guard color else { return s }
            return s.split(separator: ", ", omittingEmptySubsequences: false).map(String.init).map { HledgerBalanceFormat.isNegative($0) ? "\u{1B}[31m" + $0 + "\u{1B}[m" : $0 }.joined(separator: ", ")
        }
        func row(_ name: String, _ cells: [String]) -> String {
            " " + pad(safe(name), nameWidth, left: false) + (pretty ? " ║ " : " || ")
                + widths.indices.map { pad(safe($0 < cells.count ? cells[$0] : ""), widths[$0], left: $0 >= leftColumns) }.joined(separator: "  ") + " \n"
        }
        let right = widths.reduce(0, +) + 2 * max(0, widths.count - 1) + 2
        func rule(_ ch: Character) -> String {
            guard pretty else { return String(repeating: ch, count: nameWidth + 2) + "++" + String(repeating: ch, count: right) + "\n" }
            let (fill, cross): (Character, Character) = ch == "=" ? ("═", "╬") : ("─", "╫")
            return String(repeating: fill, count: nameWidth + 2) + String(cross) + String(repeating: fill, count: right) + "\n"
        }
        var out = title + "\n\n" + row("", headers) + rule("=")
        for line in lines {
            switch line {
            case .row(let name, let cells): out += row(name, cells ?? [])
            case .rule(let ch): out += rule(ch)
            }
        }
        return out
    }

    /// A balance report with columns. `rows`: the CSV's rows, its header
    /// first, the `total` row last unless `-N`; `holding`: what the columns
    /// hold, for the title (`changes`, `historical`, `cumulative`).
    /// `layout`: hledger's `--layout`: `wide` (a cell's commodities on one
    /// line, elided to a width when one is given) or `tall` (a line each).
    package static func balance(_ rows: [[String]], tree: Bool, hasTotal: Bool, holding: String,
                                layout: HledgerLayout = .wide(nil), pretty: Bool = false, color: Bool = false) -> String? {
        let bare = layout == .bare
        guard let header = rows.first, header.count > (bare ? 2 : 1) else { return nil }
        let labels = Array(header.dropFirst(bare ? 2 : 1))
        // -T and -A add `Total` and `Average` after the periods.
        let periods = labels.filter { $0 != "total" && $0 != "average" }
        // No posting at all: hledger names no days (`..`).
        let nothing = periods == [".."] || periods == [""]
        guard let span = nothing ? ".." : spanText(periods) else { return nil }
        // Ending balances are headed by each column's last day (`2024-01-31`), changes by the period (`Jan`).
        let named = nothing ? periods : holding == "changes" ? monthNames(periods) : periods.compactMap { periodSpan($0)?.last.description }
        guard named.count == periods.count else { return nil }
        let headers = (bare ? ["Commodity"] : []) + named + labels.dropFirst(periods.count).map { $0 == "total" ? "Total" : "Average" }
        var body = Array(rows.dropFirst())
        // The total: the last row, or with bare the last rows (a commodity each).
        var totals: [[String]] = []
        while hasTotal, let last = body.last, totals.isEmpty || bare && last.first == "total" { totals.insert(body.removeLast(), at: 0) }
        let names = body.map { $0.first ?? "" }
        var lines: [Line] = []
        for (k, row) in body.enumerated() {
            var label = row.first ?? ""
            if tree {
                let (name, depth) = HledgerBalanceText.treeName(names, k)
                label = String(repeating: "  ", count: depth) + name
            }
            lines += laidOut(label, Array(row.dropFirst()), layout)
        }
        if hasTotal { lines += [.rule("-")] + totals.flatMap { laidOut("", Array($0.dropFirst()), layout) } }
        let titles = ["changes": "Balance changes", "historical": "Ending balances (historical)", "cumulative": "Ending balances (cumulative)"]
        return draw(title: "\(titles[holding] ?? "Balance changes") in \(span):", headers: headers, lines, pretty: pretty, leftColumns: bare ? 1 : 0, color: color)
    }

    /// `bs`, `is` or `cf`. `rows`: the CSV's rows (the title, the header,
    /// each section's name, accounts and `total`, then `Net:`); `tree`: each
    /// account indented under its nearest shown parent in its section.
    package static func statement(_ rows: [[String]], tree: Bool = false, pretty: Bool = false) -> String? {
        guard rows.count >= 2, let title = rows[0].first else { return nil }
        let headers = monthNames(Array(rows[1].dropFirst()))
        var lines: [Line] = []
        var inSection = false
        var sectionNames: [String] = []
        for row in rows.dropFirst(2) {
            var name = row.first ?? ""
            let cells = Array(row.dropFirst())
            if name == "total" {
                lines += [.rule("-"), .row("", cells)]
            } else if name == "Net:" {
                lines += [.rule("="), .row(name, cells)]
            } else if cells.allSatisfy(\.isEmpty), ["Assets", "Liabilities", "Revenues", "Expenses", "Cash flows"].contains(name) {
                if inSection { lines.append(.rule("=")) }
                lines += [.row(name, nil), .rule("-")]
                inSection = true
                sectionNames = []
            } else {
                if tree {
                    sectionNames.append(name)
                    let (leaf, depth) = HledgerBalanceText.treeName(sectionNames, sectionNames.count - 1)
                    name = String(repeating: "  ", count: depth) + leaf
                }
                lines.append(.row(name, cells))
            }
        }
        return draw(title: title, headers: headers, lines, pretty: pretty)
    }

    /// One row's lines in a layout: its cells as they are (`wide`), each
    /// elided to a width, or a line per commodity with the name on each (`tall`).
    static func laidOut(_ name: String, _ cells: [String], _ layout: HledgerLayout) -> [Line] {
        switch layout {
        case .wide(nil), .bare:
            return [.row(name, cells)]
        case .wide(let width?):
            return [.row(name, cells.map { HledgerLayout.elided($0.isEmpty ? [] : $0.split(separator: ", ").map(String.init), to: width) })]
        case .tall:
            let parts = cells.map { $0.isEmpty ? [""] : $0.split(separator: ", ").map(String.init) }
            let height = parts.map { $0.count }.max() ?? 1
            return (0..<height).map { k in .row(name, parts.map { k < $0.count ? $0[k] : "" }) }
        }
    }

    /// Month columns of one year by their names (`Jan`), as hledger's text shows them.
    static func monthNames(_ labels: [String]) -> [String] {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let months = labels.compactMap { l -> (Int, Int)? in
            let p = l.split(separator: "-")
            guard l.count == 7, p.count == 2, let y = Int(p[0]), let m = Int(p[1]), (1...12).contains(m) else { return nil }
            return (y, m)
        }
        guard months.count == labels.count, Set(months.map(\.0)).count == 1 else { return labels }
        return months.map { names[$0.1 - 1] }
    }

    /// The days the columns span, from their labels (`2024-01`, `2024Q1`,
    /// `2024`, a day, `A..B`), as hledger names a span: `2024` for a whole
    /// year, `2024Q1`, `2024-01`, else `2024-01-01..2024-02-29`; nil for another label.
    static func spanText(_ labels: [String]) -> String? {
        guard let first = labels.first.flatMap(periodSpan), let last = labels.last.flatMap(periodSpan) else { return nil }
        return HledgerStatement.spanText(DateSpan(first: first.first, last: last.last))
    }

    /// The days of one column's label.
    static func periodSpan(_ l: String) -> DateSpan? {
        if let dots = l.firstRange(of: "..") {
            guard let a = CivilDate.parse(String(l[..<dots.lowerBound])), let b = CivilDate.parse(String(l[dots.upperBound...])) else { return nil }
            return DateSpan(first: a, last: b)
        }
        // `2024Q1`: a quarter.
        if l.count == 6, let q = l.firstIndex(of: "Q"), let y = Int(l[..<q]), let n = Int(l[l.index(after: q)...]), (1...4).contains(n),
           let first = CivilDate(year: y, month: 3 * n - 2, day: 1) {
            return DateSpan(first: first, last: CalendarUnit.quarter.end(of: first))
        }
        if l.contains("W") { return nil }
        return CivilDate.parseSpan(l)
    }
}
