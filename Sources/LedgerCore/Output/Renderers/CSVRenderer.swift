/// Writes a report's CSV table: the header of its keys, then one line per row.
struct CSVRenderer {
    let names: CellNames

    func render(_ document: ReportDocument, to sink: ByteSink?) -> [UInt8] {
        let table = document.csv ?? document.tables[0]
        let shown = table.columns.indices.filter { table.columns[$0].formats.contains(.csv) }
        var w = CSVWriter()
        w.row(shown.map { table.columns[$0].key })
        table.forEachRow { row in
            row.withUnsafeBufferPointer { row in
                for i in shown { write(row[i], &w) }
            }
            w.endRow()
            w.flush(to: sink)
        }
        return w.buffer.bytes
    }

    private func write(_ cell: Cell, _ w: inout CSVWriter) {
        let c = names.commodities
        // Numbers and dates straight into the buffer: they never need quoting.
        switch cell {
        case .count(let n): w.plainField { $0.int(n) }
        case .date(let d): w.plainField { d.write(into: &$0) }
        case .amount(let q, let k, nil), .number(let q, let k), .bareQuantity(let q, let k):
            w.plainField { c.writePlain(q, k, into: &$0) }
        case .flag(let b): w.plainField { $0.write(b ? "true" : "false") }
        default: w.field(names.dataText(cell) ?? "")
        }
    }
}
