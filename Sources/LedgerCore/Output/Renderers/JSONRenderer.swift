/// Writes a report as one JSON object: `"ledgerc": 1`, `"until"`, then each
/// table as an array of objects under its name, keyed by its columns' JSON keys.
final class JSONRenderer: RowWriter {
    let names: CellNames
    @exclusivity(unchecked) private var w = JSONWriter()
    /// One level per table being written (nested tables add levels).
    /// The table being written: its columns, the next column, whether its
    /// row's object is open, and whether JSON shows it at all.
    @exclusivity(unchecked) private var current = Level(columns: [], shown: true)
    /// The tables around it (nested tables push the current one here).
    @exclusivity(unchecked) private var outer: [Level] = []
    @exclusivity(unchecked) private var sink: ByteSink?
    @exclusivity(unchecked) private var perLine = false

    private struct Level {
        var columns: [Column]
        var next = 0
        var rowOpen = false
        /// False for a nested table whose column JSON does not show.
        var shown: Bool
    }

    init(names: CellNames) { self.names = names }

    func render(_ document: ReportDocument, to sink: ByteSink?) -> [UInt8] {
        perLine = document.json == .rowPerLine
        self.sink = sink
        w = JSONWriter(pretty: !perLine, capacity: perLine ? 1 << 20 : 1 << 12)
        w.beginObject()
        w.key("ledgerc"); w.int(1)
        w.key("until"); w.string(document.until.description)
        var writer: any RowWriter = self
        for table in document.tables {
            w.key(string: table.name)
            w.beginArray()
            current = Level(columns: table.columns, shown: true)
            outer = []
            table.write(into: &writer)
            if perLine { w.endArrayOnNewLine() } else { w.endArray() }
        }
        w.endObject()
        w.buffer.byte(0x0A)
        return w.buffer.bytes
    }

    /// Writes the next column's key and returns true, or false when JSON
    /// does not show the column; opens the row's object first. Reads the
    /// column in place: this runs for every cell.
    private func writeNextKey() -> Bool {
        guard current.shown else { return false }
        if !current.rowOpen {
            if perLine && outer.isEmpty { w.beginObjectOnNewLine() } else { w.beginObject() }
            current.rowOpen = true
        }
        let i = current.next
        current.next = i + 1
        return current.columns.withUnsafeBufferPointer { columns in
            guard columns[i].formats.contains(.json) else { return false }
            columns[i].quotedJSONKey.withUnsafeBufferPointer { w.key(quoted: $0) }
            return true
        }
    }

    func cell(_ cell: Cell) {
        if writeNextKey() { write(cell) }
    }

    func beginTable(_ columns: [Column], title: String?) {
        let shown = writeNextKey()
        if shown { w.beginArray() }
        outer.append(current)
        current = Level(columns: columns, shown: shown)
    }

    func endTable() {
        let shown = current.shown
        current = outer.removeLast()
        if shown { w.endArray() }
    }

    func endRow() {
        guard current.shown else { return }
        if !current.rowOpen { w.beginObject() }
        w.endObject()
        current.rowOpen = false
        current.next = 0
        if outer.isEmpty { w.flush(to: sink) }
    }

    private func write(_ cell: Cell) {
        let c = names.commodities
        switch cell {
        case .text(let s): w.string(s)
        case .account(let id): w.string(names.accounts[id])
        case .commodity(let id, _): w.string(c[id])
        case .missing, .bar: w.null()
        case .count(let n): w.int(n)
        case .flag(let b): w.bool(b)
        case .date(let d): w.plainString { d.write(into: &$0) }
        case .amount(let q, let k, nil), .number(let q, let k), .bareQuantity(let q, let k):
            w.plainString { c.writePlain(q, k, into: &$0) }
        case .shownAs(_, let inner): write(inner)
        case .place(let file, let line):
            w.beginObject()
            w.key("file"); w.string(file)
            w.key("line"); w.int(line)
            w.endObject()
        case .table(let table):
            // A nested table given whole (its key is written): its rows go
            // through the same levels as a streamed table's.
            w.beginArray()
            outer.append(current)
            current = Level(columns: table.columns, shown: true)
            var writer: any RowWriter = self
            table.write(into: &writer)
            current = outer.removeLast()
            w.endArray()
        case .object(let fields):
            w.beginObject()
            for f in fields {
                w.key(string: f.key)
                write(f.cell)
            }
            w.endObject()
        default: w.string(names.dataText(cell))
        }
    }
}
