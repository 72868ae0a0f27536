/// hledger 1.25's `--format` for a one-column `balance`: each row drawn
/// from a format string of literal text and fields,
/// `%[-][MIN][.MAX](account|total|depth_spacer)`, as hledger's
/// `StringFormat` reads it and its balance command renders it.
///
/// - A field is right-justified, or left with `-`, padded to MIN and clipped
///   to MAX. `total` is one line per commodity (or one line, commas between,
///   after a leading `%,`); amounts wider than MAX are left out and counted
///   as `N more..`. `depth_spacer` is the row's depth times MIN spaces.
/// - The fields are written one after the other, a multi-line `total`
///   with its line breaks, so that what follows it goes after its last
///   line (as hledger 1.25 writes them; `%^` and `%_` change nothing there).
/// - The total row is the same format with no account; the rule above it is
///   as wide as the columns, or 20 when the format starts with `total`.
package struct HledgerBalanceFormat {
    enum Lines { case bottom, top, one }
    enum Field { case account, total, depthSpacer, other }
    enum Component {
        case literal(String)
        case field(leftJustified: Bool, min: Int, max: Int?, Field)
    }

    let lines: Lines
    let components: [Component]

    /// The format read as hledger reads it; a usage error when it does not read.
    package init(parsing text: String) throws(CommandLineError) {
        var s = Substring(text)
        switch s.prefix(2) {
        case "%^": lines = .top; s = s.dropFirst(2)
        case "%_": lines = .bottom; s = s.dropFirst(2)
        case "%,": lines = .one; s = s.dropFirst(2)
        default: lines = .bottom
        }
        var parts: [Component] = []
        var literal = ""
        func fail() -> CommandLineError { CommandLineError("could not read --format '\(text)': fields are %[-][MIN][.MAX](account|total|depth_spacer), and %% is a percent sign") }
        while let c = s.first {
            guard c == "%" else {
                literal.append(c)
                s = s.dropFirst()
                continue
            }
            if s.hasPrefix("%%") {
                literal.append("%")
                s = s.dropFirst(2)
                continue
            }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            s = s.dropFirst()
            let left = s.first == "-"
            if left { s = s.dropFirst() }
            let minDigits = s.prefix { $0.isASCII && $0.isNumber }
            s = s.dropFirst(minDigits.count)
            var max: Int?
            if s.first == "." {
                s = s.dropFirst()
                let digits = s.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, let n = Int(digits) else { throw fail() }
                max = n
                s = s.dropFirst(digits.count)
            }
            guard s.first == "(", let close = s.firstIndex(of: ")") else { throw fail() }
            let name = s[s.index(after: s.startIndex)..<close]
            s = s[s.index(after: close)...]
            let field: Field
            switch name {
            case "account": field = .account
            case "total": field = .total
            case "depth_spacer": field = .depthSpacer
            case "date", "description": field = .other
            default:
                guard !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw fail() }
                field = .other
            }
            guard minDigits.isEmpty || Int(minDigits) != nil else { throw fail() }
            parts.append(.field(leftJustified: left, min: Int(minDigits) ?? 0, max: max, field))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        components = parts
    }

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

    /// `N more..`, cut to `max` when it is wider (`1 mor..`), and the width hledger counts for it.
    private static func more(_ n: Int, max: Int?, separator: Int) -> (text: String, width: Int) {
        let full = "\(n) more.."
        let fullWidth = separator + 8 + String(n).count - 1
        if let max, fullWidth > max { return (String(full.prefix(Swift.max(0, max - 2))) + "..", Swift.max(2, Swift.min(max, fullWidth))) }
        return (full, max.map { Swift.max(2, Swift.min($0, fullWidth)) } ?? fullWidth)
    }

    /// The amounts, right-justified to MIN whatever the field says (as hledger pads them).
    private func totalCell(_ amounts: [String], min: Int, max: Int?, color: Bool) -> Cell {
        func painted(_ s: String) -> String { color && HledgerBalanceFormat.isNegative(s) ? "\u{1B}[31m" + s + "\u{1B}[m" : s }
        if lines == .one {
            // One line, `, ` between; as many amounts as fit in MAX (at least one), then `N more..`.
            var shown: [(text: String, end: Int)] = []
            var end = -2
            for a in amounts { end += displayWidth(a) + 2; shown.append((a, end)) }
            var tail: (text: String, width: Int)?
            if let max, !shown.isEmpty {
                let n = shown.count
                func total(_ k: Int) -> Int { shown[k].end + (k < n - 1 ? HledgerBalanceFormat.more(n - 1 - k, max: nil, separator: 2).width : 0) }
                // The first always; of the rest, hledger drops from the end while the last does not fit.
                let keep = (1..<n).reversed().first { total($0) <= max }.map { $0 + 1 } ?? 1
                if keep < n { tail = HledgerBalanceFormat.more(n - keep, max: nil, separator: 2) }
                shown = Array(shown.prefix(keep))
            }
            var text = shown.map { painted($0.text) }.joined(separator: ", ")
            var width = shown.last.map(\.end) ?? 0
            // (The count's width includes its `, `.)
            if let tail { text += ", " + tail.text; width += tail.width }
            let pad = Swift.max(0, min - width)
            return Cell(lines: [String(repeating: " ", count: pad) + text], width: pad + width)
        }
        // A line per commodity; those wider than MAX counted as `N more..`.
        var kept = amounts.map { ($0, displayWidth($0)) }
        if let max {
            let long = kept.filter { $0.1 > max }.count
            kept = kept.filter { $0.1 <= max }
            if long > 0 { kept.append(HledgerBalanceFormat.more(long, max: max, separator: 0)) }
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
