/// An XLSX workbook (Office Open XML) read into rows of cell text: the zip
/// container, the workbook's sheet list and relationships, shared strings,
/// the number formats that make a number a date, and one sheet's cells.
struct XLSXWorkbook {
    var zip: ZipArchive

    init(_ bytes: [UInt8]) throws(StatementFormatError) {
        zip = try ZipArchive(bytes)
    }

    /// The rows of the sheet named `sheet` (any case), else of the first one.
    /// Row N of the sheet is row N here (empty rows kept, so a problem's line is the sheet's row).
    mutating func rows(sheet: String?) throws(StatementFormatError) -> [[String]] {
        guard let workbook = try zip.read("xl/workbook.xml") else { throw StatementFormatError("the zip holds no xl/workbook.xml: not an XLSX workbook") }
        var sheets: [(name: String, id: String)] = [], from1904 = false
        var x = XMLScanner(workbook, part: "xl/workbook.xml")
        while let e = try x.next() {
            guard case .start(let name, _) = e else { continue }
            if name == "sheet", let n = try x.attribute("name"), let id = try x.attribute("id") { sheets.append((n, id)) }
            if name == "workbookPr", let d = try x.attribute("date1904") { from1904 = d == "1" || d == "true" }
        }
        let chosenID = try StatementFormat.sheet(named: sheet, among: sheets.map { ($0.name, $0.id) })
        let chosen = sheets.first { $0.id == chosenID }!
        var path = "xl/worksheets/sheet1.xml"
        if let rels = try zip.read("xl/_rels/workbook.xml.rels") {
            var r = XMLScanner(rels, part: "xl/_rels/workbook.xml.rels")
            while let e = try r.next() {
                if case .start("Relationship", _) = e, try r.attribute("Id") == chosenID, let target = try r.attribute("Target") {
                    path = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
                }
            }
        }
        let strings = try sharedStrings()
        let dateStyles = try self.dateStyles()
        guard let sheetBytes = try zip.read(path) else { throw StatementFormatError("the workbook's sheet '\(chosen.name)' is missing (\(path))") }
        return try XLSXWorkbook.cells(sheetBytes, part: path, strings: strings, dateStyles: dateStyles, from1904: from1904)
    }

    /// The shared strings, each its runs' text (phonetic guides left out).
    mutating func sharedStrings() throws(StatementFormatError) -> [String] {
        guard let bytes = try zip.read("xl/sharedStrings.xml") else { return [] }
        var x = XMLScanner(bytes, part: "xl/sharedStrings.xml")
        var out: [String] = [], current = "", inPhonetic = false
        while let e = try x.next() {
            switch e {
            case .start("si", _): current = ""
            case .start("rPh", let empty): inPhonetic = !empty
            case .end("rPh"): inPhonetic = false
            case .start("t", false):
                let t = try x.text(untilEndOf: "t")
                if !inPhonetic { current += t }
                // A string of many runs is one cell's text: bounded as one.
                guard current.utf8.count <= StatementLimits.cellText * 4 else { throw x.failure("holds a string longer than a cell can") }
            case .end("si"):
                out.append(current)
                guard out.count <= StatementLimits.rows * 4 else { throw x.failure("holds too many strings") }
            default: break
            }
        }
        return out
    }

    /// For each cell style (`s`), whether its number format shows a date.
    mutating func dateStyles() throws(StatementFormatError) -> [Bool] {
        guard let bytes = try zip.read("xl/styles.xml") else { return [] }
        var x = XMLScanner(bytes, part: "xl/styles.xml")
        var codes: [Int: String] = [:], styles: [Bool] = [], inCellXfs = false
        var pending: [Int] = []
        while let e = try x.next() {
            switch e {
            case .start("numFmt", _):
                if let id = try x.attribute("numFmtId").flatMap({ Int($0) }) { codes[id] = try x.attribute("formatCode") }
            case .start("cellXfs", let empty): inCellXfs = !empty
            case .end("cellXfs"): inCellXfs = false
            case .start("xf", _) where inCellXfs:
                pending.append(try x.attribute("numFmtId").flatMap { Int($0) } ?? 0)
            default: break
            }
        }
        for id in pending { styles.append(CellText.isDateFormat(id: id, code: codes[id])) }
        return styles
    }

    /// A sheet's cells as rows of text.
    static func cells(_ bytes: [UInt8], part: String, strings: [String], dateStyles: [Bool], from1904: Bool) throws(StatementFormatError) -> [[String]] {
        var x = XMLScanner(bytes, part: part)
        var rows: [[String]] = []
        var row: [String] = [], rowNumber = 0
        var type = "", style = 0, column = 0
        var budget = CellBudget()
        func put(_ text: String, at k: Int, in row: inout [String]) throws(StatementFormatError) {
            let added = max(0, k + 1 - row.count)
            try budget.add(text: text.utf8.count, cells: added)
            if added > 0 { row.append(contentsOf: repeatElement("", count: added)) }
            row[k] = text
        }
        while let e = try x.next() {
            switch e {
            case .start("row", let empty):
                let r = try x.attribute("r").flatMap { Int($0) } ?? rowNumber + 1
                guard r > rowNumber, r <= StatementLimits.rows else { throw x.failure(r > StatementLimits.rows ? "has more than \(StatementLimits.rows) rows" : "has rows out of order") }
                // Rows with nothing in them are still rows: a problem's line is its row in the sheet.
                while rows.count < r - 1 { rows.append([]) }
                rowNumber = r
                row = []
                column = 0
                if empty { rows.append([]) }
            case .end("row"):
                rows.append(row)
            case .start("c", let empty):
                type = try x.attribute("t") ?? "n"
                style = try x.attribute("s").flatMap { Int($0) } ?? 0
                if let ref = try x.attribute("r") {
                    // Letters past the last column stop counting (`ZZZZZZZZZZZZZZ1` would overflow).
                    column = 0
                    for b in ref.utf8 where b >= 0x41 && b <= 0x5A && column <= StatementLimits.cellsPerRow { column = column * 26 + Int(b - 0x40) }
                    column -= 1
                }
                guard column >= 0, column < StatementLimits.cellsPerRow else { throw x.failure("has a cell past column \(StatementLimits.cellsPerRow)") }
                if empty { column += 1 }
            case .end("c"):
                column += 1
            case .start("v", false):
                let v = try x.text(untilEndOf: "v")
                let text: String
                switch type {
                case "s":
                    guard let k = Int(v), k >= 0, k < strings.count else { throw x.failure("refers to a shared string that does not exist") }
                    text = strings[k]
                case "str", "e": text = v
                case "b": text = v == "1" ? "TRUE" : "FALSE"
                case "d": text = v.replacingAll("T", " ").replacingAll(" 00:00:00", "")
                default:
                    if style >= 0, style < dateStyles.count, dateStyles[style], let d = Double(v), let date = CellText.date(d, from1904: from1904) {
                        text = date
                    } else {
                        text = CellText.number(v)
                    }
                }
                try put(text, at: column, in: &row)
            case .start("is", false):
                try put(try inlineString(&x), at: column, in: &row)
            default: break
            }
        }
        return rows
    }

    /// An inline string's text (`<is><t>..</t></is>`, runs too).
    static func inlineString(_ x: inout XMLScanner) throws(StatementFormatError) -> String {
        var out = ""
        while let e = try x.next() {
            switch e {
            case .start("t", false): out += try x.text(untilEndOf: "t")
            case .end("is"): return out
            default: break
            }
        }
        throw x.failure("ends inside an inline string")
    }
}
