/// Excel 2003 XML ("SpreadsheetML", `<?mso-application progid="Excel.Sheet"?>`),
/// which some banks save under `.xls`: `<Worksheet ss:Name>` → `<Table>` →
/// `<Row>` → `<Cell>` → `<Data ss:Type>`. A cell's `ss:Index` skips the
/// columns before it (a row's, the rows), `ss:MergeAcross` adds empty cells
/// after it, as a merged cell reads in the other formats. `DateTime` data
/// (`2025-03-02T14:22:01.000`) is written as the other readers write a date
/// cell, `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS`; `Number` data as the
/// shortest decimal of its double; text as written, formatting tags inside
/// it left out.
enum SpreadsheetML {
    /// Whether `bytes` are SpreadsheetML: the processing instruction, or a
    /// `<Workbook` in Excel's spreadsheet namespace, near the start.
    static func recognizes(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(2048), as: UTF8.self)
        return head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml") || head.hasPrefix("<Workbook")
            ? head.contains("progid=\"Excel.Sheet\"") || head.contains("urn:schemas-microsoft-com:office:spreadsheet")
            : false
    }

    static func rows(_ bytes: [UInt8], sheet: String?) throws(StatementFormatError) -> [[String]] {
        var sheets: [(name: String, value: [[String]])] = []
        var xml = XMLScanner(bytes, part: "the workbook")
        // The sheet and the row being read (`inSheet`, `inRow`: inside their elements).
        var rows: [[String]] = [], row: [String] = [], inSheet = false, inRow = false
        var text = 0, name = ""
        while let event = try xml.next() {
            switch event {
            case .start("Worksheet", _):
                name = try xml.attribute("Name") ?? "Sheet\(sheets.count + 1)"
                rows = []
                inSheet = true
            case .end("Worksheet"):
                if inSheet { sheets.append((name, rows)) }
                inSheet = false
            case .start("Row", let empty):
                guard inSheet else { continue }
                if let index = try xml.attribute("Index").flatMap(Int.init) {
                    guard index > rows.count, index <= StatementLimits.rows else { throw xml.failure("has a row index out of order (\(index))") }
                    rows.append(contentsOf: repeatElement([], count: index - 1 - rows.count))
                }
                row = []
                inRow = !empty
                if empty { rows.append([]) }
            case .end("Row"):
                if inRow { rows.append(row) }
                inRow = false
                guard rows.count <= StatementLimits.rows else { throw xml.failure("has more than \(StatementLimits.rows) rows") }
            case .start("Cell", let empty):
                guard inRow else { continue }
                if let index = try xml.attribute("Index").flatMap(Int.init) {
                    guard index > row.count, index <= StatementLimits.cellsPerRow else { throw xml.failure("has a cell index out of order (\(index))") }
                    row.append(contentsOf: repeatElement("", count: index - 1 - row.count))
                }
                let across = min(StatementLimits.cellsPerRow, max(0, try xml.attribute("MergeAcross").flatMap(Int.init) ?? 0))
                row.append("")
                if across > 0 { row.append(contentsOf: repeatElement("", count: across)) }
                text = row.count - 1 - across
                guard row.count <= StatementLimits.cellsPerRow else { throw xml.failure("has a row of more than \(StatementLimits.cellsPerRow) cells") }
                if empty { continue }
            case .start("Data", let empty):
                guard inRow, !empty, text < row.count else { continue }
                let type = try xml.attribute("Type") ?? "String"
                let value = try xml.text(untilEndOf: "Data")
                switch type {
                case "Number": row[text] = CellText.number(value)
                case "DateTime": row[text] = dateTime(value) ?? value
                default: row[text] = value
                }
            default: continue
            }
        }
        guard !sheets.isEmpty else { throw StatementFormatError("the workbook has no <Worksheet>") }
        return try StatementFormat.sheet(named: sheet, among: sheets)
    }

    /// `2025-03-02T14:22:01.000` as `2025-03-02 14:22:01`, `2025-03-02T00:00:00.000` as `2025-03-02`.
    static func dateTime(_ text: String) -> String? {
        let t = Array(text.utf8)
        guard t.count >= 10, CSVStatement.isoDateCell(String(decoding: t[..<10], as: UTF8.self)) != nil else { return nil }
        let day = String(decoding: t[..<10], as: UTF8.self)
        guard t.count >= 19, t[10] == UInt8(ascii: "T") else { return day }
        let time = String(decoding: t[11..<19], as: UTF8.self)
        return time == "00:00:00" ? day : day + " " + time
    }
}
