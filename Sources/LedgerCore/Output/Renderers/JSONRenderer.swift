/// Writes a report as one JSON object: `"ledgerc": 1`, `"until"`, then each
/// table as an array of objects under its name, keyed by its columns' JSON keys.
final class JSONRenderer: RowWriter {
    let names: CellNames
    @exclusivity(unchecked) private var w = JSONWriter()
    /// One level per table being written (nested tables add levels).
    /// The table being written: its columns, the next column, whether its
    /// row's object is open, and whether JSON shows it at all.
    @exclusivity(unchecked) private var current = Level(keys: .none, shown: true)
    /// The tables around it (nested tables push the current one here).
    @exclusivity(unchecked) private var outer: [Level] = []
    @exclusivity(unchecked) private var sink: ByteSink?
    @exclusivity(unchecked) private var perLine = false

    /// The JSON keys of each table's columns, in memory this renderer owns,
    /// so that writing a key (once per cell) retains nothing. Each entry keeps
    /// its columns alive, so that their storage address identifies them.
    @exclusivity(unchecked) private var keyTables: [(columns: [Column], keys: ColumnKeys)] = []

    private struct Level {
        var keys: ColumnKeys
        var next = 0
        var rowOpen = false
        /// False for a nested table whose column JSON does not show.
        var shown: Bool
    }

    init(names: CellNames) { self.names = names }

    deinit {
        for entry in keyTables { entry.keys.deallocate() }
    }

    /// The keys of `columns`, made once per columns array.
    private func keys(_ columns: [Column]) -> ColumnKeys {
        let base = columns.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        for entry in keyTables where entry.columns.count == columns.count
            && entry.columns.withUnsafeBufferPointer({ UnsafeRawPointer($0.baseAddress) }) == base {
            return entry.keys
        }
        let made = ColumnKeys(columns)
        keyTables.append((columns, made))
        return made
    }

    private func level(_ columns: [Column], shown: Bool) -> Level {
        Level(keys: keys(columns), shown: shown)
    }

    func render(_ document: ReportDocument, to sink: ByteSink?) -> [UInt8] {
        perLine = document.json == .rowPerLine
        self.sink = sink
        w = JSONWriter(pretty: !perLine, capacity: perLine ? 1 << 20 : 1 << 12)
        w.beginObject()
        w.key("ledgerc"); w.int(1)
        w.key("until"); w.string(document.until.description)
        for table in document.tables {
            w.key(string: table.name)
            w.beginArray()
            current = level(table.columns, shown: true)
            outer = []
            table.write(into: self)
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
        guard let key = current.keys[i] else { return false }
        w.key(quoted: key)
        return true
    }

    func cell(_ cell: Cell) {
        if writeNextKey() { write(cell) }
    }

    func beginTable(_ columns: [Column], title: String?) {
        let shown = writeNextKey()
        if shown { w.beginArray() }
        outer.append(current)
        current = level(columns, shown: shown)
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
        switch cell {
        case .text(let s): w.string(s)
        case .account(let id): w.string(names.accounts[id])
        case .commodity(let id, _): w.string(names.commodities[id])
        case .missing, .bar: w.null()
        case .count(let n): w.int(n)
        case .flag(let b): w.bool(b)
        case .date(let d): w.plainString { d.write(into: &$0) }
        case .amount(let q, let k, nil), .number(let q, let k), .bareQuantity(let q, let k):
            w.plainString { names.commodities.writePlain(q, k, into: &$0) }
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
            current = level(table.columns, shown: true)
            table.write(into: self)
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

/// A table's JSON keys, quotes included, in one allocation: column `i`'s key
/// is `bytes[starts[i]..<starts[i + 1]]`, empty when JSON does not show it.
private struct ColumnKeys {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let starts: UnsafeMutableBufferPointer<Int>

    init(_ columns: [Column]) {
        let shown = columns.map { $0.formats.contains(.json) ? $0.quotedJSONKey : [] }
        bytes = .allocate(capacity: shown.reduce(0) { $0 + $1.count })
        starts = .allocate(capacity: columns.count + 1)
        var at = 0
        for (i, key) in shown.enumerated() {
            starts[i] = at
            for b in key { bytes[at] = b; at += 1 }
        }
        starts[columns.count] = at
    }

    /// No columns (before the first table); never deallocated.
    nonisolated(unsafe) static let none = ColumnKeys([])

    /// Column `i`'s key, or nil when JSON does not show the column.
    subscript(i: Int) -> UnsafeBufferPointer<UInt8>? {
        let start = starts[i], end = starts[i + 1]
        guard start < end, let base = bytes.baseAddress else { return nil }
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }

    func deallocate() {
        bytes.deallocate()
        starts.deallocate()
    }
}
