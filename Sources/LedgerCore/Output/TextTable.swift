/// A plain-text table whose columns align by display width, so Korean and
/// other wide characters line up.
package struct TextTable {
    public var headers: [String]
    /// Which columns are right-aligned (numbers).
    public var rightAligned: Set<Int>
    public var rows: [[String]] = []

    public init(headers: [String], rightAligned: Set<Int>) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    public mutating func add(_ row: [String]) { rows.append(row) }

    /// Renders with two spaces between columns and a rule under the header.
    public func render(indent: String = "") -> String {
        let all = [headers] + rows
        var widths = Array(repeating: 0, count: headers.count)
        for row in all {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], displayWidth(cell)) }
        }
        func line(_ row: [String]) -> String {
            var parts: [String] = []
            for (i, cell) in row.enumerated() where i < widths.count {
                let last = i == row.count - 1 && !rightAligned.contains(i)
                parts.append(last ? cell : padded(cell, to: widths[i], right: rightAligned.contains(i)))
            }
            var s = indent + parts.joined(separator: "  ")
            while s.hasSuffix(" ") { s.removeLast() }
            return s + "\n"
        }
        var out = line(headers)
        var rule = indent + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        while rule.hasSuffix(" ") { rule.removeLast() }
        out += rule + "\n"
        for row in rows { out += line(row) }
        return out
    }
}

/// A bar of `width` cells filled in proportion `value / maximum` (eighth-block
/// resolution). A value of zero or less, a maximum of zero or less, or a width
/// of zero or less draws nothing; a value above the maximum fills the width.
/// The bar is a picture of a figure printed beside it, so it never fails.
package func proportionalBar(_ value: ExactDecimal, of maximum: ExactDecimal, width: Int) -> String {
    guard width > 0, maximum.signum > 0, value.signum > 0 else { return "" }
    let cells = width * 8
    let n: Int
    if !(value < maximum) {
        n = cells
    } else if let share = value.divided(by: maximum, places: 6) {
        // 0 <= share < 1, so the product stays below `cells`.
        n = min(cells, (Int(share.mantissa) * cells + 500_000) / 1_000_000)
    } else {
        n = 0
    }
    let blocks = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    return String(repeating: "█", count: n / 8) + blocks[n % 8]
}
