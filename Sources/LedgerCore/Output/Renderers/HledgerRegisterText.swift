/// hledger 1.25's text layout of `register` (issue 58), drawn from the same
/// rows as its CSV: a line of 80 columns (or `-w N`) a posting: the date
/// and description on a transaction's first posting, the account, the
/// amount and the running total, the figures right-aligned in columns at
/// least 12 wide (as wide as the widest figure), the description and the
/// account sharing what is left, each cut to fit as hledger cuts them.
/// A figure in several commodities takes a line each: the amount's from
/// the top, the total's from the bottom.
package enum HledgerRegisterText {
    /// `rows`: the CSV's rows without its header
    /// (`txnidx,date,code,description,account,amount,total`). `periods`:
    /// a register with an interval, each row's date its period's label
    /// (`2016-02`, `2016Q1`): the label on a period's first row, no description.
    package static func render(_ rows: [[String]], width totalWidth: Int = 80, periods: Bool = false) -> String {
        func lines(_ cell: String) -> [String] { cell.isEmpty ? ["0"] : cell.split(separator: ", ").map { String($0).terminalSafe } }
        let amounts = rows.map { lines($0[5]) }, totals = rows.map { lines($0[6]) }
        let amountWidth = max(12, amounts.joined().map(displayWidth).max() ?? 0)
        let totalColumn = max(12, totals.joined().map(displayWidth).max() ?? 0)
        let dateWidth = periods ? rows.map { displayWidth($0[1]) }.max() ?? 0 : 10
        let remaining = max(0, totalWidth - (dateWidth + 1 + 2 + amountWidth + 2 + totalColumn))
        let descriptionWidth = periods ? 0 : max(0, (remaining - 2) / 2), accountWidth = max(0, remaining - 2 - descriptionWidth)
        var out = "", last = ""
        for (k, row) in rows.enumerated() {
            let key = periods ? row[1] : row[0]
            let first = key != last
            last = key
            let date = first ? row[1] : "", description = first && !periods ? row[3].terminalSafe : ""
            let left = padRight(date, dateWidth) + " " + padRight(fitRight(description, descriptionWidth), descriptionWidth) + "  "
                + padRight(elidedAccount(row[4].terminalSafe, accountWidth), accountWidth) + "  "
            let count = max(amounts[k].count, totals[k].count)
            let shownAmounts = amounts[k] + Array(repeating: "", count: count - amounts[k].count)
            let shownTotals = Array(repeating: "", count: count - totals[k].count) + totals[k]
            for n in 0..<count {
                out += (n == 0 ? left : String(repeating: " ", count: displayWidth(left)))
                out += padLeft(shownAmounts[n], amountWidth) + "  " + padLeft(shownTotals[n], totalColumn) + "\n"
            }
        }
        return out
    }

    static func padRight(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - displayWidth(s))) }
    static func padLeft(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - displayWidth(s))) + s }

    /// Text cut to `width` columns, its end replaced by `..` when it is cut.
    static func fitRight(_ s: String, _ width: Int) -> String {
        guard displayWidth(s) > width else { return s }
        guard width > 2 else { return String(repeating: ".", count: width) }
        var out = ""
        for ch in s {
            if displayWidth(out + String(ch)) > width - 2 { break }
            out.append(ch)
        }
        return out + ".."
    }

    /// An account name cut as hledger cuts it: its parts from the left
    /// shortened to two characters until it fits, then its start replaced
    /// by `..` (`expenses:food:groceries` → `ex:fo:groceries` → `..:groceries`).
    static func elidedAccount(_ name: String, _ width: Int) -> String {
        var parts = name.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var k = 0
        while displayWidth(parts.joined(separator: ":")) > width, k < parts.count - 1 {
            parts[k] = String(parts[k].prefix(2))
            k += 1
        }
        let shortened = parts.joined(separator: ":")
        guard displayWidth(shortened) > width else { return shortened }
        guard width > 2 else { return String(repeating: ".", count: max(0, width)) }
        var tail = ""
        for ch in shortened.reversed() {
            if displayWidth(String(ch) + tail) > width - 2 { break }
            tail = String(ch) + tail
        }
        return ".." + tail
    }
}
