/// hledger 1.25's text layout of `balance --budget` (issue 58), drawn from
/// the same rows as its CSV: the title `Budget performance in SPAN:`, then
/// the table of `balance -M`, each cell the actual amount and, where the
/// row has a goal, `[PCT% of GOAL]`, every part padded to the widest of
/// its column (hledger's `budgetReportAsTable`).
package enum HledgerBudgetText {
    /// `cells`: the CSV's rows (the header, then the rows, `Total:` last);
    /// `percents`: beside each budget cell, its percentage or nil
    /// (`BudgetReport.hledgerTable`). Nil when the columns are not periods it can name.
    /// `title`: the line above the table (nil: `Budget performance in SPAN:`, the span read from the headers).
    package static func render(_ cells: [[String]], percents: [[String?]], title given: String? = nil, tree: Bool, hasTotal: Bool, pretty: Bool = false) -> String? {
        guard let header = cells.first, header.count >= 3, header.count % 2 == 1, percents.count == cells.count else { return nil }
        let labels = stride(from: 1, to: header.count, by: 2).map { header[$0] }
        // -T and -A add `Total` and `Average` after the periods.
        let periods = labels.filter { $0 != "Total" && $0 != "Average" }
        guard let span = title(periods) else { return nil }
        var body = Array(cells.dropFirst()), shares = Array(percents.dropFirst())
        var total: ([String], [String?])?
        if body.last?.first == "Total:", let row = body.popLast(), let share = shares.popLast() { total = (row, share) }
        if !hasTotal { total = nil }
        let n = labels.count
        typealias Part = (actual: String, goal: String?, share: String?)
        func parts(_ row: [String], _ share: [String?], _ k: Int) -> Part {
            let actual = 1 + 2 * k < row.count ? row[1 + 2 * k] : "", goal = 2 + 2 * k < row.count ? row[2 + 2 * k] : ""
            return (actual.isEmpty ? "0" : actual.terminalSafe, goal.isEmpty ? nil : goal.terminalSafe, 2 + 2 * k < share.count ? share[2 + 2 * k] : nil)
        }
        let all = zip(body, shares).map { ($0, $1) } + (total.map { [$0] } ?? [])
        var actualWidth = [Int](repeating: 0, count: n), goalWidth = actualWidth, shareWidth = actualWidth
        for (row, share) in all {
            for k in 0..<n {
                let p = parts(row, share, k)
                actualWidth[k] = max(actualWidth[k], displayWidth(p.actual))
                if let goal = p.goal {
                    goalWidth[k] = max(goalWidth[k], displayWidth(goal))
                    shareWidth[k] = max(shareWidth[k], p.share.map(displayWidth) ?? 0)
                }
            }
        }
        func padded(_ s: String, _ w: Int) -> String { String(repeating: " ", count: max(0, w - displayWidth(s))) + s }
        func cell(_ p: Part, _ k: Int) -> String {
            let shareRoom = shareWidth[k] == 0 ? 0 : shareWidth[k] + 5
            let goalRoom = goalWidth[k] == 0 ? 0 : goalWidth[k] + shareRoom + 3
            var s = padded(p.actual, actualWidth[k])
            if let goal = p.goal {
                let share = p.share.map { padded($0, shareWidth[k]) + "% of " } ?? String(repeating: " ", count: shareRoom)
                s += " [" + share + padded(goal, goalWidth[k]) + "]"
            } else {
                s += String(repeating: " ", count: goalRoom)
            }
            return s
        }
        let names = body.map { $0.first ?? "" }
        var lines: [HledgerPeriodsText.Line] = []
        for (k, (row, share)) in zip(body, shares).enumerated() {
            var label = row.first ?? ""
            if tree, label != "<unbudgeted>" {
                // Written from the nearest shown parent, two spaces in for each shown parent.
                let (name, depth) = HledgerBalanceText.treeName(names, k)
                label = String(repeating: "  ", count: depth) + name
            }
            lines.append(.row(label, (0..<n).map { cell(parts(row, share, $0), $0) }))
        }
        if let (row, share) = total { lines += [.rule("-"), .row("", (0..<n).map { cell(parts(row, share, $0), $0) })] }
        let headers = HledgerPeriodsText.monthNames(periods) + labels.dropFirst(periods.count).map { $0 == "Total" ? "  Total" : $0 }
        return HledgerPeriodsText.draw(title: given ?? "Budget performance in \(span):", headers: headers, lines, pretty: pretty)
    }

    /// The report's span as hledger names it, from its columns' labels: a
    /// week column by its label (`2018-01-01W01`), several from the first's
    /// day to the last's end.
    static func title(_ periods: [String]) -> String? {
        if let span = HledgerPeriodsText.spanText(periods) { return span }
        guard periods.allSatisfy({ $0.contains("W") }), let first = periods.first, let last = periods.last else { return nil }
        if periods.count == 1 { return first }
        guard let a = CivilDate.parse(String(first.prefix(10))), let b = CivilDate.parse(String(last.prefix(10))) else { return nil }
        return "\(a)..\(b.adding(days: 6))"
    }
}
