/// Writes a report's CSV table: the header of its keys, then one line per row.
/// Nested tables have no place in CSV and are skipped.
final class CSVRenderer: RowWriter {
    let names: CellNames
    @exclusivity(unchecked) private var w = CSVWriter()
    @exclusivity(unchecked) private var columns: [Column] = []
    @exclusivity(unchecked) private var next = 0
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var sink: ByteSink?

    init(names: CellNames) { self.names = names }

    func render(_ document: ReportDocument, to sink: ByteSink?) -> [UInt8] {
        let table = document.csv ?? document.tables[0]
        columns = table.columns
        self.sink = sink
        w.row(table.columns.filter { $0.formats.contains(.csv) }.map(\.key))
        var writer: any RowWriter = self
        table.write(into: &writer)
        return w.buffer.bytes
    }

    func cell(_ cell: Cell) {
        guard depth == 0 else { return }
        defer { next += 1 }
        guard columns[next].formats.contains(.csv) else { return }
        let c = names.commodities
        // Numbers and dates straight into the buffer: they never need quoting.
        switch cell {
        case .count(let n): w.plainField { $0.int(n) }
        case .date(let d): w.plainField { d.write(into: &$0) }
        case .amount(let q, let k, nil), .number(let q, let k), .bareQuantity(let q, let k):
            w.plainField { c.writePlain(q, k, into: &$0) }
        case .flag(let b): w.plainField { $0.write(b ? "true" : "false") }
        case .place(let file, let line):
            if file.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) {
                w.field("\(file):\(line)")
            } else {
                w.plainField { $0.write(file); $0.byte(0x3A); $0.int(line) }
            }
        default: w.field(names.dataText(cell) ?? "")
        }
    }

    func beginTable(_ columns: [Column], title: String?) {
        if depth == 0 {
            if self.columns[next].formats.contains(.csv) { w.field("") }
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
