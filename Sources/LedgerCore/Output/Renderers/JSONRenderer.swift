/// Writes a report as one JSON object: `"ledgerc": 1`, `"until"`, then each
/// table as an array of objects under its name, keyed by its columns' JSON keys.
struct JSONRenderer {
    let names: CellNames

    func render(_ document: ReportDocument, to sink: ByteSink?) -> [UInt8] {
        let perLine = document.json == .rowPerLine
        var w = JSONWriter(pretty: !perLine, capacity: perLine ? 1 << 20 : 1 << 12)
        w.beginObject()
        w.key("ledgerc"); w.int(1)
        w.key("until"); w.string(document.until.description)
        for table in document.tables {
            w.key(string: table.name)
            w.beginArray()
            table.forEachRow { row in
                if perLine { w.beginObjectOnNewLine() } else { w.beginObject() }
                writeFields(table.columns, row, &w)
                w.endObject()
                w.flush(to: sink)
            }
            if perLine { w.endArrayOnNewLine() } else { w.endArray() }
        }
        w.endObject()
        w.buffer.byte(0x0A)
        return w.buffer.bytes
    }

    private func writeFields(_ columns: [Column], _ row: [Cell], _ w: inout JSONWriter) {
        // Through buffer pointers: neither a column nor a cell is copied (this runs per row).
        columns.withUnsafeBufferPointer { columns in
            row.withUnsafeBufferPointer { row in
                for i in columns.indices where columns[i].formats.contains(.json) {
                    w.key(quoted: columns[i].quotedJSONKey)
                    write(row[i], &w)
                }
            }
        }
    }

    private func write(_ cell: Cell, _ w: inout JSONWriter) {
        let c = names.commodities
        switch cell {
        case .missing, .bar: w.null()
        case .count(let n): w.int(n)
        case .flag(let b): w.bool(b)
        case .date(let d): w.plainString { d.write(into: &$0) }
        case .amount(let q, let k, nil), .number(let q, let k), .bareQuantity(let q, let k):
            w.plainString { c.writePlain(q, k, into: &$0) }
        case .shownAs(_, let inner): write(inner, &w)
        case .table(let table):
            w.beginArray()
            table.forEachRow { row in
                w.beginObject()
                writeFields(table.columns, row, &w)
                w.endObject()
            }
            w.endArray()
        case .object(let fields):
            w.beginObject()
            for f in fields {
                w.key(string: f.key)
                write(f.cell, &w)
            }
            w.endObject()
        default: w.string(names.dataText(cell))
        }
    }
}
