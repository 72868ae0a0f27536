/// hledger's `--layout` for reports with columns: `wide[,WIDTH]` (a cell's
/// commodities on one line, `, ` between; past WIDTH the rest counted as
/// `N more..`) or `tall` (a line per commodity). `bare` and `tidy` are
/// refused (not yet).
package enum HledgerLayout: Equatable, Sendable {
    case wide(Int?)
    case tall

    /// Reads `--layout`'s value; a usage error for another.
    package init(_ text: String) throws(CommandLineError) {
        let lower = text.lowercased()
        if lower == "tall" {
            self = .tall
        } else if lower == "wide" {
            self = .wide(nil)
        } else if lower.hasPrefix("wide,"), let n = Int(lower.dropFirst(5)), n > 0 {
            self = .wide(n)
        } else if ["bare", "tidy"].contains(lower) {
            throw CommandLineError("--layout=\(lower) is not done yet in hledger's form (wide, wide,N and tall are)")
        } else {
            throw CommandLineError("--layout takes wide, wide,N, tall, bare or tidy, not '\(text)'")
        }
    }

    /// Amounts on one line, `, ` between, as many as fit in `width` (at least
    /// one), then `N more..`: hledger's one-line elision (`showMixedAmountOneLineB`).
    package static func elided(_ amounts: [String], to width: Int) -> String {
        guard !amounts.isEmpty else { return "0" }
        var ends: [Int] = []
        var end = -2
        for a in amounts { end += displayWidth(a) + 2; ends.append(end) }
        let n = amounts.count
        /// `N more..` with its `, `: its width.
        func more(_ k: Int) -> Int { 2 + 8 + String(k).count - 1 }
        func total(_ k: Int) -> Int { ends[k] + (k < n - 1 ? more(n - 1 - k) : 0) }
        // The first always; of the rest, drop from the end while the last does not fit.
        let keep = (1..<max(n, 1)).reversed().first { total($0) <= width }.map { $0 + 1 } ?? 1
        var text = amounts.prefix(keep).joined(separator: ", ")
        if keep < n { text += ", \(n - keep) more.." }
        return text
    }
}
