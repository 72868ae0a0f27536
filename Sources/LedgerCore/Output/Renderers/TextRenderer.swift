/// Writes a report for a person: tables aligned by display width (Korean
/// text lines up), amounts in their commodity's style, fractions as percentages.
struct TextRenderer {
    let names: CellNames

    func render(_ document: ReportDocument) -> [UInt8] {
        // Names and descriptions are untrusted: no control character reaches the terminal.
        var out = terminalSafeLines(layout(document))
        if names.rounding.used { out += Array(("\n" + RoundingMark.note).utf8) }
        return out
    }

    private func layout(_ document: ReportDocument) -> [UInt8] {
        switch document.text {
        case .custom(let write): return write()
        case .balanceTree(let flat): return Array(balanceTree(document, flat: flat).utf8)
        case .wrapped(let table, let totals, let width): return Array(wrapped(table, totals: totals, width: width).utf8)
        case .tables(let empty):
            if let empty, !hasRows(document.tables[0]) { return Array(empty.utf8) }
            var out = ""
            for (i, table) in document.tables.enumerated() {
                if i > 0 { out += "\n" }
                out += render(table)
            }
            return Array(out.utf8)
        }
    }

    private func hasRows(_ table: ReportTable) -> Bool { !table.collectedRows().isEmpty }

    /// The table, then a titled, indented section for each nested table that has rows.
    private func render(_ table: ReportTable, indent: String = "") -> String {
        if table.stream != nil, let flat = renderFlat(table, indent: indent) { return flat }
        let rows = table.collectedRows()
        let shown = table.columns.indices.filter { table.columns[$0].formats.contains(.text) }
        let sections = shown.filter { i in rows.first.map { if case .table = $0[i] { return true } else { return false } } ?? false }
        let columns = shown.filter { !sections.contains($0) }
        var text = TextTable(headers: columns.map { table.columns[$0].header },
                             rightAligned: Set(columns.indices.filter { table.columns[columns[$0]].isNumeric }))
        for row in rows { text.add(columns.map { names.text(row[$0]) }) }
        // A table of sections only (budget: a table per period) prints just the sections.
        var out = columns.isEmpty ? "" : text.render(indent: indent)
        for row in rows {
            for i in sections {
                guard case .table(let nested) = row[i], hasRows(nested) else { continue }
                if !out.isEmpty { out += "\n" }
                out += "\(nested.title ?? "")\n" + render(nested, indent: indent + "  ")
            }
        }
        return out
    }

    /// A streamed table without nested tables, each cell made text as it
    /// arrives (no row of cells is kept); nil when a nested table turns up.
    private func renderFlat(_ table: ReportTable, indent: String) -> String? {
        let writer = TextRows(names: names, columns: table.columns)
        table.write(into: writer)
        guard !writer.sawTable else { return nil }
        let shown = table.columns.filter { $0.formats.contains(.text) }
        var text = TextTable(headers: shown.map(\.header), rightAligned: Set(shown.indices.filter { shown[$0].isNumeric }))
        text.rows = writer.rows
        return text.render(indent: indent)
    }

    /// Amounts right-aligned, one line per commodity with the account on the
    /// last; the account's last segment indented two spaces a level; a rule;
    /// the totals (`0` when there are none).
    private func balanceTree(_ document: ReportDocument, flat: Bool) -> String {
        let accounts = names.accounts
        var lines: [(amount: String, label: String)] = []
        var rows: [(account: Int32, amount: String)] = []
        // The columns by their keys: a renderer knows no report's layout.
        let table = document.tables[0]
        guard let accountColumn = table.columns.firstIndex(where: { $0.key == "account" }),
              let amountColumn = table.columns.firstIndex(where: { $0.key == "balance" }) else { return "" }
        for row in table.collectedRows() {
            guard case .account(let id) = row[accountColumn] else { continue }
            rows.append((id, names.text(row[amountColumn])))
        }
        for (n, row) in rows.enumerated() {
            let lastOfAccount = n == rows.count - 1 || rows[n + 1].account != row.account
            lines.append((row.amount, lastOfAccount ? accounts.treeLabel(row.account, flat: flat) : ""))
        }
        var totals: [String] = []
        if document.tables.count > 1, let total = document.tables[1].columns.firstIndex(where: { $0.key == "balance" }) {
            totals = document.tables[1].collectedRows().map { names.text($0[total]) }
        }
        if totals.isEmpty { totals = ["0"] }
        let width = (lines.map { displayWidth($0.amount) } + totals.map(displayWidth)).max() ?? 1
        var out = ""
        for l in lines {
            out += padded(l.amount, to: width, right: true) + (l.label.isEmpty ? "" : "  " + l.label) + "\n"
        }
        out += String(repeating: "-", count: width) + "\n"
        for t in totals { out += padded(t, to: width, right: true) + "\n" }
        return out
    }
}

extension TextRenderer {
    /// The rows of `table`, a rule, the rows of `totals`; the columns after
    /// the first wrap into blocks no wider than `width` (at least one column each).
    func wrapped(_ table: ReportTable, totals: ReportTable, width: Int) -> String {
        let shown = table.columns.indices.filter { table.columns[$0].formats.contains(.text) }
        let headers = shown.map { table.columns[$0].header }
        let body = table.collectedRows().map { row in shown.map { names.text(row[$0]) } }
        let foot = totals.collectedRows().map { row in shown.map { names.text(row[$0]) } }
        let widths = shown.indices.map { i in ([headers[i]] + (body + foot).map { $0[i] }).map(displayWidth).max() ?? 0 }
        guard !shown.isEmpty else { return "" }
        // Blocks of value columns that fit beside the first column.
        var blocks: [[Int]] = []
        var current: [Int] = [], used = widths[0]
        for i in shown.indices.dropFirst() {
            if !current.isEmpty, used + 2 + widths[i] > width {
                blocks.append(current)
                current = []
                used = widths[0]
            }
            current.append(i)
            used += 2 + widths[i]
        }
        if !current.isEmpty || blocks.isEmpty { blocks.append(current) }
        var out = ""
        for (n, block) in blocks.enumerated() {
            if n > 0 { out += "\n" }
            let columns = [0] + block
            func line(_ cells: [String]) -> String {
                var s = padded(cells[0], to: widths[0], right: false)
                for i in block { s += "  " + padded(cells[i], to: widths[i], right: true) }
                while s.hasSuffix(" ") { s.removeLast() }
                return s + "\n"
            }
            out += line(headers)
            let rule = columns.map { String(repeating: "-", count: widths[$0]) }.joined(separator: "  ")
            out += rule + "\n"
            for row in body { out += line(row) }
            out += rule + "\n"
            for row in foot { out += line(row) }
        }
        return out
    }
}

/// A fraction as a percentage with one decimal place: 0.5523 → "55.2%"; a
/// share that is not zero never shows as zero: 0.00004 → "0.004%".
package func percentShown(_ fraction: ExactDecimal) -> String {
    // × 100 only moves the decimal point (fractions here have 4 or more places).
    guard let wide = fraction.rescaled(upTo: 2) else { return "\(fraction) × 100%" }
    let hundredfold = ExactDecimal(mantissa: wide.mantissa, scale: wide.scale - 2)
    var places = 1
    var shown = hundredfold.rounded(to: places)
    while shown.isZero, !fraction.isZero, places < ExactDecimal.maxScale {
        places += 1
        shown = hundredfold.rounded(to: places)
    }
    return shown.description + "%"
}

/// Collects a streamed table's rows as text, cell by cell.
private final class TextRows: RowWriter {
    let names: CellNames
    let shown: [Bool]
    @exclusivity(unchecked) var rows: [[String]] = []
    @exclusivity(unchecked) var row: [String] = []
    @exclusivity(unchecked) var next = 0
    @exclusivity(unchecked) var sawTable = false

    init(names: CellNames, columns: [Column]) {
        self.names = names
        shown = columns.map { $0.formats.contains(.text) }
    }

    func cell(_ cell: Cell) {
        if shown[next] { row.append(names.text(cell)) }
        next += 1
    }

    func beginTable(_ columns: [Column], title: String?) { sawTable = true }
    func endTable() {}

    func endRow() {
        rows.append(row)
        row.removeAll(keepingCapacity: true)
        next = 0
    }
}
