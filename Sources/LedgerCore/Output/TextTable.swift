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
    /// The bytes are built in place (a table per period of 100,000 weeks is
    /// laid out in one pass), each cell measured once.
    public func render(indent: String = "") -> String {
        // (Control characters in names are escaped by the renderer, over the whole text.)
        let all = [headers] + rows
        let right = (0..<headers.count).map { rightAligned.contains($0) }
        var widths = Array(repeating: 0, count: headers.count)
        let measured = all.map { row in row.prefix(widths.count).map(displayWidth) }
        for row in measured {
            for (i, w) in row.enumerated() { widths[i] = max(widths[i], w) }
        }
        var out: [UInt8] = []
        out.reserveCapacity(all.count * (indent.utf8.count + widths.reduce(0, +) + 2 * widths.count + 1))
        func spaces(_ n: Int) { if n > 0 { out.append(contentsOf: repeatElement(0x20, count: n)) } }
        func endLine(from start: Int) {
            while out.count > start, out.last == 0x20 { out.removeLast() }
            out.append(0x0A)
        }
        func line(_ row: [String], _ cellWidths: [Int]) {
            let start = out.count
            out.append(contentsOf: indent.utf8)
            for (i, cell) in row.prefix(widths.count).enumerated() {
                if i > 0 { spaces(2) }
                let pad = widths[i] - cellWidths[i]
                if right[i] {
                    spaces(pad)
                    out.append(contentsOf: cell.utf8)
                } else {
                    out.append(contentsOf: cell.utf8)
                    if i < row.count - 1 { spaces(pad) }
                }
            }
            endLine(from: start)
        }
        line(headers, measured[0])
        let ruleStart = out.count
        out.append(contentsOf: indent.utf8)
        for (i, w) in widths.enumerated() {
            if i > 0 { spaces(2) }
            out.append(contentsOf: repeatElement(UInt8(ascii: "-"), count: w))
        }
        endLine(from: ruleStart)
        for (k, row) in rows.enumerated() { line(row, measured[k + 1]) }
        return String(decoding: out, as: UTF8.self)
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
