/// What a statement file is, told by its content (never its name): an XLSX
/// workbook (a zip), a BIFF8 workbook or a password-protected XLSX (an OLE2
/// compound file), an HTML table (as banks save one under `.xls`), or CSV.
/// Every workbook becomes rows, written as CSV lines, so one rules file
/// serves the same statement in any format.
public enum StatementFormat: String, Sendable {
    case csv, xlsx, xls, encryptedXLSX = "encrypted xlsx", html, spreadsheetML = "spreadsheetml"

    /// The format of `bytes`, by their first bytes.
    public static func of(_ bytes: [UInt8]) -> StatementFormat {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06]) { return .xlsx }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            if let file = try? CompoundFile(bytes), file.stream(named: "EncryptedPackage") != nil { return .encryptedXLSX }
            return .xls
        }
        if SpreadsheetML.recognizes(bytes) { return .spreadsheetML }
        // Markup: `<html`, `<table`, `<!DOCTYPE`, `<meta` after a BOM and blank space.
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        let head = String(decoding: bytes[i..<min(bytes.count, i + 512)], as: UTF8.self).lowercased()
        if head.hasPrefix("<html") || head.hasPrefix("<table") || head.hasPrefix("<!doctype html") || head.hasPrefix("<meta")
            || head.hasPrefix("<?xml") && head.contains("<html") || head.hasPrefix("<!--") && head.contains("<html") {
            return .html
        }
        return .csv
    }

    /// The statement's rows as CSV text (every field quoted, one line per
    /// row, an empty row an empty line), for the rules to read as a CSV's.
    /// `sheet`: the rules' `sheet NAME` (else the first sheet); `password`:
    /// asked for only when the workbook is protected.
    public static func csvBytes(_ bytes: [UInt8], sheet: String?, password: () throws(StatementFormatError) -> String) throws(StatementFormatError) -> [UInt8]? {
        let rows: [[String]]
        switch of(bytes) {
        case .csv: return nil
        case .xlsx:
            var book = try XLSXWorkbook(bytes)
            rows = try book.rows(sheet: sheet)
        case .xls: rows = try BIFFWorkbook(bytes).rows(sheet: sheet)
        case .html: rows = try HTMLTables.rows(bytes)
        case .spreadsheetML: rows = try SpreadsheetML.rows(bytes, sheet: sheet)
        case .encryptedXLSX:
            let decrypted = try AgileEncryption.decrypt(CompoundFile(bytes), password: try password())
            guard of(decrypted) == .xlsx else { throw StatementFormatError("the decrypted workbook is not an XLSX") }
            var book = try XLSXWorkbook(decrypted)
            rows = try book.rows(sheet: sheet)
        }
        return csvText(rows)
    }

    /// The sheet named `name` (any case), else the first: its value; an
    /// error naming the sheets there are when there is no such sheet.
    static func sheet<Value>(named name: String?, among sheets: [(name: String, value: Value)]) throws(StatementFormatError) -> Value {
        guard let first = sheets.first else { throw StatementFormatError("the workbook has no sheet") }
        guard let name else { return first.value }
        guard let found = sheets.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw StatementFormatError("the workbook has no sheet '\(name)' (it has \(sheets.map { "'\($0.name)'" }.joined(separator: ", ")))")
        }
        return found.value
    }

    /// Rows as CSV: every field quoted (a quote doubled), CRLF-free.
    static func csvText(_ rows: [[String]]) -> [UInt8] {
        var out: [UInt8] = []
        for row in rows {
            for (k, cell) in row.enumerated() {
                if k > 0 { out.append(0x2C) }
                out.append(0x22)
                for b in cell.utf8 {
                    if b == 0x22 { out.append(0x22) }
                    // A line break inside a cell (a header written on two lines) becomes a space.
                    out.append(b == 0x0A || b == 0x0D ? 0x20 : b)
                }
                out.append(0x22)
            }
            out.append(0x0A)
        }
        return out
    }
}

/// A statement that cannot be read as its format: the message says why.
public struct StatementFormatError: Error, Sendable {
    public var message: String
    /// A usage problem (a wrong password, a size past the limits): exit 2.
    public var isRefusal = false

    init(_ message: String, refusal: Bool = false) {
        self.message = message
        isRefusal = refusal
    }

    public init(message: String, refusal: Bool) {
        self.init(message, refusal: refusal)
    }
}

/// The bounds every statement reader holds to: statements are untrusted bytes.
enum StatementLimits {
    /// Bytes all of a workbook's parts may inflate or decrypt to.
    /// A million rows of a bank's sheet are about 150 MB of XML; a
    /// statement of 100,000 is 15. Past 96 MB a workbook of a few hundred
    /// kilobytes would cost seconds and a quarter of a gigabyte (issue 56).
    static let inflated = 96 << 20
    static let inflatedMessage = "the workbook inflates past 96 MB; ledgerc refuses it (a zip bomb?)"
    /// How many times its compressed size a zip member may inflate to.
    static let inflateRatio = 1_000
    static let rows = 1_000_000
    static let cellsPerRow = 16_384
    static let cellText = 32_767
    static let xmlDepth = 64
    /// The text all of a statement's cells may hold (a shared string
    /// referenced by 10,000 cells is 10,000 texts).
    static let totalText = 64 << 20
    /// The cells a statement may become, empty ones included (one cell at
    /// column XFD pads its row with 16,383 empty ones).
    static let cells = 4_000_000
    /// The most rounds of key derivation a protected workbook may ask for (Office writes 100,000).
    static let spinCount = 1_000_000
}

/// What a reader has made of a statement so far, against the bounds that
/// hold whatever the file's size: a small file may say to repeat a long
/// string or to pad its rows, and its rows are made, not its bytes.
struct CellBudget {
    private(set) var text = 0, cells = 0

    /// Counts `cells` more cells holding `text` bytes; an error that names the bound past it.
    mutating func add(text bytes: Int, cells n: Int) throws(StatementFormatError) {
        text += bytes
        cells += n
        guard text <= StatementLimits.totalText else {
            throw StatementFormatError("the statement's cells hold more than \(StatementLimits.totalText >> 20) MB of text; ledgerc refuses it", refusal: true)
        }
        guard cells <= StatementLimits.cells else {
            throw StatementFormatError("the statement has more than \(StatementLimits.cells) cells (empty ones included); ledgerc refuses it", refusal: true)
        }
    }
}

/// Cell values as a CSV of the statement would hold them.
enum CellText {
    /// A number as the shortest decimal that reads back as the same double
    /// (`0.1`, never `0.1000000000000000055`), without an exponent.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        let text = "\(value)"  // Swift prints the shortest round-tripping form
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
        // Expand `1.5e-05` / `1.2e+20` into plain digits.
        let exponent = Int(String(text[text.index(after: e)...]).replacingAll("+", "")) ?? 0
        var mantissa = String(text[..<e])
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = whole + fraction
        var point = whole.count + exponent
        if point <= 0 { digits = String(repeating: "0", count: 1 - point) + digits; point = 1 }
        if point >= digits.count { digits += String(repeating: "0", count: point - digits.count); point = digits.count }
        var out = String(digits.prefix(point))
        var rest = String(digits.dropFirst(point))
        while rest.hasSuffix("0") { rest.removeLast() }
        if !rest.isEmpty { out += "." + rest }
        return (negative ? "-" : "") + out
    }

    /// A number's text from a workbook (`1234.5`, `1.2345E+3`,
    /// `0.30000000000000004`) as the shortest decimal of its double.
    static func number(_ text: String) -> String {
        guard let d = Double(text.trimmingSpaces) else { return text }
        return number(d)
    }

    /// A date cell's serial number as `YYYY-MM-DD` (`YYYY-MM-DD HH:MM:SS` with a
    /// time of day). Serials count days from 1900-01-01 = 1, with Excel's
    /// fictitious 1900-02-29 as 60; in a 1904 workbook, from 1904-01-01 = 0.
    static func date(_ serial: Double, from1904: Bool) -> String? {
        guard serial.isFinite, serial >= 0, serial < 2_958_466 else { return nil }
        var days = Int(serial.rounded(.down))
        var seconds = Int(((serial - Double(days)) * 86_400).rounded())
        if seconds >= 86_400 { days += 1; seconds -= 86_400 }
        let base: CivilDate
        if from1904 {
            base = CivilDate(year: 1904, month: 1, day: 1)!
        } else {
            // Day 60 does not exist; days after it are one too many.
            if days == 60 { return "1900-02-29" }
            if days > 60 { days -= 1 }
            base = CivilDate(year: 1899, month: 12, day: 31)!
        }
        let day = base.adding(days: days)
        guard seconds > 0 else { return day.description }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(day) \(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
    }

    /// Whether a number format shows a date or time: Excel's built-in date
    /// formats (14–22, 45–47), or a format with `y`, `m`, `d`, `h` or `s`
    /// outside quotes, brackets and escapes (`yyyy-mm-dd`, `[$-412]yyyy"년"`).
    static func isDateFormat(id: Int, code: String?) -> Bool {
        if (14...22).contains(id) || (45...47).contains(id) || (27...36).contains(id) || (50...58).contains(id) { return true }
        guard let code else { return false }
        var inQuote = false, inBracket = false, escaped = false
        for ch in code.lowercased() {
            if escaped { escaped = false; continue }
            switch ch {
            case "\\": escaped = true
            case "\"": inQuote.toggle()
            case "[": if !inQuote { inBracket = true }
            case "]": if !inQuote { inBracket = false }
            case "y", "d", "h", "s", "m": if !inQuote && !inBracket { return true }
            case "0", "#", "?": if !inQuote && !inBracket { return false }
            default: break
            }
        }
        return false
    }
}
