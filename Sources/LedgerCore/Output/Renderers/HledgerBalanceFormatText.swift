/// Drawing a one-column balance in a `--format` (see `HledgerBalanceFormat`).
extension HledgerBalanceFormat {
    /// One field of a row as written: its lines, and its width (its first line's, as hledger counts it).
    private struct Cell {
        var lines: [String]
        var width: Int
    }

    /// The report: each row's name as shown, its depth and its amounts (one
    /// per commodity, as hledger writes them); the total's amounts unless
    /// `-N`. `color`: negative amounts in red, as hledger's `--color=yes`.
    package func render(_ rows: [(name: String, depth: Int, amounts: [String])], total: [String]?, color: Bool) -> String {
        let bodies = rows.map { cells($0.name, $0.depth, $0.amounts, color: color) }
        var out = bodies.map(joined).joined()
        if let total {
            let custom: Bool
            if case .field(_, _, _, .total)? = components.first { custom = false } else { custom = true }
            var width = 20
            if custom {
                let columns = components.indices.map { k in bodies.map { $0[k].width }.max() ?? 0 }
                width = columns.reduce(0, +)
            }
            out += String(repeating: "-", count: width) + "\n"
            out += joined(cells("", 0, total, color: color))
        }
        return out
    }

    private func cells(_ name: String, _ depth: Int, _ amounts: [String], color: Bool) -> [Cell] {
        components.map { component in
            switch component {
            case .literal(let text):
                return Cell(lines: [text], width: displayWidth(text))
            case .field(let left, let min, let max, let field):
                switch field {
                case .account:
                    var text = name.terminalSafe
                    if let max { text = String(text.prefix(max)) }
                    let w = displayWidth(text)
                    if w < min { text = left ? text + String(repeating: " ", count: min - w) : String(repeating: " ", count: min - w) + text }
                    return Cell(lines: [text], width: displayWidth(text))
                case .depthSpacer:
                    // (MIN is 0 when not written: no indent.)
                    var n = depth * min
                    if let max { n = Swift.min(n, max) }
                    return Cell(lines: [String(repeating: " ", count: n)], width: n)
                case .total:
                    return totalCell(amounts.isEmpty ? ["0"] : amounts.map(\.terminalSafe), min: min, max: max, color: color)
                case .other:
                    return Cell(lines: [""], width: 0)
                }
            }
        }
    }

    /// `N more..` on a line of its own, cut to `max` when it is wider
    /// (`1 mor..`), and the width hledger counts for it (no `, ` before it).
    private static func more(_ n: Int, max: Int) -> (text: String, width: Int) {
        let full = "\(n) more..", fullWidth = HledgerLayout.moreWidth(n) - 2
        if fullWidth > max { return (String(full.prefix(Swift.max(0, max - 2))) + "..", Swift.max(2, max)) }
        return (full, Swift.max(2, fullWidth))
    }

    /// The amounts, right-justified to MIN whatever the field says (as hledger pads them).
    private func totalCell(_ amounts: [String], min: Int, max: Int?, color: Bool) -> Cell {
        func painted(_ s: String) -> String { color && HledgerBalanceFormat.isNegative(s) ? "\u{1B}[31m" + s + "\u{1B}[m" : s }
        if lines == .one {
            // One line, `, ` between; as many amounts as fit in MAX (at least one), then `N more..`.
            let widths = amounts.map(displayWidth)
            let keep = max.map { HledgerLayout.fitting(widths, in: $0) } ?? amounts.count
            var text = amounts.prefix(keep).map(painted).joined(separator: ", ")
            var width = widths.prefix(keep).reduce(0, +) + 2 * Swift.max(0, keep - 1)
            if keep < amounts.count {
                // (The count's width includes its `, `.)
                text += ", \(amounts.count - keep) more.."
                width += HledgerLayout.moreWidth(amounts.count - keep)
            }
            let pad = Swift.max(0, min - width)
            return Cell(lines: [String(repeating: " ", count: pad) + text], width: pad + width)
        }
        // A line per commodity; those wider than MAX counted as `N more..`.
        var kept = amounts.map { ($0, displayWidth($0)) }
        if let max {
            let long = kept.filter { $0.1 > max }.count
            kept = kept.filter { $0.1 <= max }
            if long > 0 { kept.append(HledgerBalanceFormat.more(long, max: max)) }
        }
        let width = Swift.max(kept.map(\.1).max() ?? 0, min)
        return Cell(lines: kept.map { String(repeating: " ", count: width - $0.1) + painted($0.0) }, width: width)
    }

    /// Whether an amount as written is negative: a minus before its first digit.
    static func isNegative(_ amount: String) -> Bool {
        guard let digit = amount.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return false }
        return amount[..<digit].contains("-")
    }

    /// A row's fields one after the other, then a line break.
    private func joined(_ cells: [Cell]) -> String {
        cells.map { $0.lines.joined(separator: "\n") }.joined() + "\n"
    }
}
