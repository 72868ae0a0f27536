/// Writes a report's CSV table: the header of its keys, then one line per row.
/// Nested tables have no place in CSV and are skipped.
final class CSVRenderer: RowWriter {
    let names: CellNames
    @exclusivity(unchecked) private var w = CSVWriter()
    /// Whether CSV shows each column of the table, in memory this renderer
    /// owns while it renders, so that the check per cell retains nothing.
    @exclusivity(unchecked) private var shown = UnsafeMutableBufferPointer<Bool>(start: nil, count: 0)
    /// The last `source` file seen, and whether it must be quoted (one file
    /// is usually on every row: checked once).
    @exclusivity(unchecked) private var lastFile = ""
    @exclusivity(unchecked) private var lastFileNeedsQuotes = false
    @exclusivity(unchecked) private var next = 0
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var sink: ByteSink?

    init(names: CellNames) { self.names = names }

    func render(_ document: ReportDocument, to sink: ByteSink?) -> [UInt8] {
        let table = document.csv ?? document.tables[0]
        shown = .allocate(capacity: table.columns.count)
        defer { shown.deallocate() }
        for (i, column) in table.columns.enumerated() { shown[i] = column.formats.contains(.csv) }
        self.sink = sink
        w.row(table.columns.filter { $0.formats.contains(.csv) }.map(\.key))
        table.write(into: self)
        return w.buffer.bytes
    }

    func cell(_ cell: Cell) {
        guard depth == 0 else { return }
        defer { next += 1 }
        guard shown[next] else { return }
        // Numbers and dates straight into the buffer: they never need quoting.
        switch cell {
        case .count(let n): w.plainField { $0.int(n) }
        case .date(let d): w.plainField { d.write(into: &$0) }
        case .amount(let q, let k, nil), .number(let q, let k), .bareQuantity(let q, let k):
            w.plainField { names.commodities.writePlain(q, k, into: &$0) }
        case .flag(let b): w.plainField { $0.write(b ? "true" : "false") }
        case .place(let file, let line):
            if file != lastFile {
                lastFile = file
                lastFileNeedsQuotes = file.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
            }
            if lastFileNeedsQuotes {
                w.field("\(file):\(line)")
            } else {
                w.plainField { $0.write(file); $0.byte(0x3A); $0.int(line) }
            }
        case .text(let s): w.field(s)
        default: w.field(names.dataText(cell) ?? "")
        }
    }

    func beginTable(_ columns: [Column], title: String?) {
        if depth == 0 {
            if shown[next] { w.field("") }
            next += 1
        }
        depth += 1
    }

    func endTable() { depth -= 1 }

    func endRow() {
        guard depth == 0 else { return }
        w.endRow()
        next = 0
        w.flush(to: sink)
    }
}
