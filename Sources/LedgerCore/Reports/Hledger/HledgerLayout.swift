/// hledger's `--layout` for reports with columns: `wide[,WIDTH]` (a cell's
/// commodities on one line, `, ` between; past WIDTH the rest counted as
/// `N more..`), `tall` (a line per commodity) or `bare` (a row per
/// commodity, its symbol in a column of its own). `tidy` is refused (not yet).
package enum HledgerLayout: Equatable, Sendable {
    case wide(Int?)
    case tall
    case bare

    /// Reads `--layout`'s value; a usage error for another.
    package init(_ text: String) throws(CommandLineError) {
        let lower = text.lowercased()
        if lower == "tall" {
            self = .tall
        } else if lower == "wide" {
            self = .wide(nil)
        } else if lower.hasPrefix("wide,"), let n = Int(lower.dropFirst(5)), n > 0 {
            self = .wide(n)
        } else if lower == "bare" {
            self = .bare
        } else if lower == "tidy" {
            throw CommandLineError("--layout=tidy is not done yet in hledger's form (wide, wide,N, tall and bare are)")
        } else {
            throw CommandLineError("--layout takes wide, wide,N, tall, bare or tidy, not '\(text)'")
        }
    }

    /// Amounts on one line, `, ` between, as many as fit in `width` (at least
    /// one), then `N more..`: hledger's one-line elision (`showMixedAmountOneLineB`).
    package static func elided(_ amounts: [String], to width: Int) -> String {
        guard !amounts.isEmpty else { return "0" }
        let keep = fitting(amounts.map(displayWidth), in: width)
        var text = amounts.prefix(keep).joined(separator: ", ")
        if keep < amounts.count { text += ", \(amounts.count - keep) more.." }
        return text
    }

    /// How many of amounts this wide fit on one line of `width`, `, ` between
    /// and `, N more..` after them for the rest: the first always; of the
    /// rest, hledger drops from the end while the last does not fit.
    package static func fitting(_ widths: [Int], in width: Int) -> Int {
        let n = widths.count
        guard n > 1 else { return n }
        var ends: [Int] = []
        var end = -2
        for w in widths { end += w + 2; ends.append(end) }
        func total(_ k: Int) -> Int { ends[k] + (k < n - 1 ? moreWidth(n - 1 - k) : 0) }
        return (1..<n).reversed().first { total($0) <= width }.map { $0 + 1 } ?? 1
    }

    /// The width hledger counts for `, N more..`.
    package static func moreWidth(_ n: Int) -> Int { 2 + 8 + String(n).count - 1 }
}
