/// hledger 1.25's text layout of a one-column `balance` (issue 58), drawn
/// from the same rows as its CSV: each amount right-aligned in a column at
/// least 20 wide, a commodity a line, the account's name after two spaces
/// on the last line; in a tree, each name indented two spaces under the
/// nearest shown parent and written from there (`bank:checking` under
/// `assets`); then a rule of dashes and the total, unless `-N`.
package enum HledgerBalanceText {
    /// `rows`: the CSV's rows without its header, the `total` row last
    /// (absent with `-N`); each amount cell as hledger's CSV writes it
    /// (commodities joined by `, `). `color` (hledger's `--color=yes`): negative amounts in red.
    package static func render(_ rows: [[String]], tree: Bool, hasTotal: Bool, color: Bool = false) -> String {
        let shown = shownRows(rows, tree: tree, hasTotal: hasTotal)
        let amounts = shown.rows.map(\.amounts) + (shown.total.map { [$0] } ?? [])
        let width = max(20, amounts.joined().map { displayWidth($0.terminalSafe) }.max() ?? 0)
        func pad(_ s: String) -> String {
            String(repeating: " ", count: max(0, width - displayWidth(s))) + (color && HledgerBalanceFormat.isNegative(s) ? "\u{1B}[31m" + s + "\u{1B}[m" : s)
        }
        var out = ""
        for row in shown.rows {
            let figures = row.amounts.map { $0.terminalSafe }
            for (n, figure) in figures.enumerated() {
                out += pad(figure)
                if n == figures.count - 1 { out += "  " + String(repeating: "  ", count: row.depth) + row.name.terminalSafe }
                out += "\n"
            }
        }
        if let total = shown.total {
            out += String(repeating: "-", count: width) + "\n"
            let figures = total.map { $0.terminalSafe }
            for (n, figure) in figures.enumerated() { out += pad(figure) + (n == figures.count - 1 ? "  " : "") + "\n" }
        }
        return out
    }

    /// The rows as hledger shows them: each name (in a tree, written from
    /// its nearest shown parent), its depth (in a tree, how many parents
    /// are shown; 0 in a list) and its amounts, a commodity each (`0` for
    /// none); and the total's amounts, unless `-N`.
    package static func shownRows(_ rows: [[String]], tree: Bool, hasTotal: Bool)
        -> (rows: [(name: String, depth: Int, amounts: [String])], total: [String]?) {
        var body = rows
        let total = hasTotal ? body.popLast() : nil
        func lines(_ cell: String) -> [String] {
            cell.isEmpty ? ["0"] : cell.split(separator: ", ").map(String.init)
        }
        let names = body.map { $0.first ?? "" }
        var shown: [(name: String, depth: Int, amounts: [String])] = []
        for (k, name) in names.enumerated() {
            let (label, indent) = tree ? treeName(names, k) : (name, 0)
            shown.append((label, indent, lines(body[k].count > 1 ? body[k][1] : "")))
        }
        return (shown, total.map { lines($0.count > 1 ? $0[1] : "") })
    }

    /// Row `k`'s name in a tree, as hledger writes it: from its nearest shown
    /// parent among `names` (the rows above it), and its depth, how many of them are its parents.
    package static func treeName(_ names: [String], _ k: Int) -> (name: String, depth: Int) {
        let name = names[k]
        let parents = names[..<k].filter { name.hasPrefix($0 + ":") }
        guard let nearest = parents.max(by: { $0.count < $1.count }) else { return (name, 0) }
        return (String(name.dropFirst(nearest.count + 1)), parents.count)
    }

    /// One column in `--layout=bare`: `rows` the CSV's rows without its
    /// header (account, commodity, amount), the `total` rows last unless
    /// `-N`. Each line the amount right-aligned, the symbol, and the name on
    /// the last line of its account, every field padded to its widest.
    package static func renderBare(_ rows: [[String]], hasTotal: Bool) -> String {
        var body = rows.map { $0.map(\.terminalSafe) }
        var totals: [[String]] = []
        while hasTotal, let last = body.last, last.first == "total" { totals.insert(body.removeLast(), at: 0) }
        func cell(_ row: [String], _ k: Int) -> String { k < row.count ? row[k] : "" }
        let amountWidth = (body + totals).map { displayWidth(cell($0, 2)) }.max() ?? 0
        let symbolWidth = (body + totals).map { displayWidth(cell($0, 1)) }.max() ?? 0
        let nameWidth = body.map { displayWidth(cell($0, 0)) }.max() ?? 0
        func pad(_ s: String, _ w: Int, left: Bool) -> String {
            let fill = String(repeating: " ", count: max(0, w - displayWidth(s)))
            return left ? fill + s : s + fill
        }
        func line(_ row: [String], name: String) -> String {
            " " + pad(cell(row, 2), amountWidth, left: true) + "  " + pad(cell(row, 1), symbolWidth, left: false) + "  " + pad(name, nameWidth, left: false) + " \n"
        }
        var out = ""
        for (k, row) in body.enumerated() {
            let last = k + 1 == body.count || cell(body[k + 1], 0) != cell(row, 0)
            out += line(row, name: last ? cell(row, 0) : "")
        }
        if !totals.isEmpty {
            out += " " + String(repeating: "-", count: amountWidth) + " \n"
            for row in totals { out += line(row, name: "") }
        }
        return out
    }
}
