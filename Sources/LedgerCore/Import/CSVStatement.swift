#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// A row of the statement made into a transaction, before deduplication.
public struct ImportedRow {
    public var date: CivilDate
    public var status: String
    public var code: String
    public var description: String
    public var comment: String
    public var account1: String
    public var account2: String
    /// The amount of account1 and the balance the statement gives after it.
    public var quantity: ExactDecimal
    public var commodity: String
    public var balanceQuantity: ExactDecimal?
    /// hledger's `date2`, and the assertion a balance writes (`balance-type`).
    public var date2: CivilDate?
    public var balanceType = "="
    /// account2's own amount (`amount2`), else the other side of account1's.
    public var quantity2: ExactDecimal?
    /// account2's amount is left for the journal to infer (`amount1` without `amount2`, as hledger writes it).
    public var secondInferred = false
    /// Postings past the second (`account3`, `amount3`...): an amount, or none (the one the journal infers).
    public var extra: [(account: String, quantity: ExactDecimal?)] = []
    public var record: CSVRecord
    /// The statement's index among the files of the run (for errors at its line).
    public var statement = 0
    /// No rule gave it an account2: it went to the journal's "unknown" account (warned).
    public var uncategorized = false

    /// The transaction in `fmt`'s layout, amounts as `amountText` writes them.
    public func text(_ amountText: (ExactDecimal, String) -> String) -> String {
        let amount = amountText(quantity, commodity), balance = balanceQuantity.map { amountText($0, commodity) }
        var header = "\(date)" + (date2.map { "=\($0)" } ?? "")
        if !status.isEmpty { header += " " + status }
        header += TransactionHeader.codeAndDescription(code: code, description: description)
        if !comment.isEmpty { header += "  ; " + comment }
        // account2 balances account1, unless it has an amount of its own or more postings follow (the journal infers it).
        let second = quantity2.map { amountText($0, commodity) } ?? (extra.isEmpty && !secondInferred ? amountText(quantity.negated, commodity) : "")
        let postings = [(account1, amount), (account2, second)] + extra.map { ($0.account, $0.quantity.map { amountText($0, commodity) } ?? "") }
        // fmt's layout, written directly (a formatter run per row costs a 100,000-row statement half a second):
        // the amounts end in one column, at least two spaces after each account (by display width).
        let widths = postings.map { (displayWidth($0.0), displayWidth($0.1)) }
        let end = widths.map { $0.0 + 2 + $0.1 }.max()!
        func line(_ k: Int) -> String {
            let (account, amount) = postings[k]
            if amount.isEmpty { return "    " + account }
            return "    " + account + String(repeating: " ", count: end - widths[k].0 - widths[k].1) + amount
        }
        var out = header + "\n" + line(0) + (balance.map { " \(balanceType) \($0)" } ?? "") + "\n"
        for k in 1..<postings.count { out += line(k) + "\n" }
        return out
    }
}

/// The column of each field name of `fields` (the first, when a name repeats).
struct FieldColumns {
    private var short: [(name: String, column: Int)] = []
    private var long: [String: Int] = [:]
    private let isLong: Bool

    init(_ fields: [String]) {
        isLong = fields.count > 16
        for (k, name) in fields.enumerated() where !name.isEmpty && name != "_" {
            if isLong {
                if long[name] == nil { long[name] = k }
            } else if !short.contains(where: { $0.name == name }) {
                short.append((name, k))
            }
        }
    }

    subscript(name: String) -> Int? { isLong ? long[name] : short.first { $0.name == name }?.column }
}

/// A statement read with its rules: rows made into transactions, or the
/// first problem at FILE.csv:LINE:COL.
public struct CSVStatement {
    public var rows: [ImportedRow] = []
    /// Rows `skip` dropped that read as data (their date field is a date by
    /// the rules' format): blank lines are not counted, as in hledger, so a
    /// blank line above the header moves `skip` onto a transaction.
    public var skippedData: [Int] = []

    public struct Problem: Error {
        public var offset: Int
        public var message: String
    }

    /// `statement`: the statement's index among the run's files, kept in each row.
    public init(_ bytes: [UInt8], rules: CSVRules, statement: Int = 0) throws(Problem) {
        let wholeLines = rules.conditionals.contains { $0.matchers.contains { $0.field == nil } }
        var records = csvRecords(bytes, separator: rules.separator, wholeLines: wholeLines)
        // Each field name's column, once for the statement: a short list is
        // searched (a dozen small strings cost less than hashing them), a long
        // one (`fields` of 40,000 names) is hashed, so neither is quadratic.
        let columns = FieldColumns(rules.fields)
        let skipped = min(rules.skip, records.count)
        if let d = columns["date"] {
            skippedData = records.prefix(skipped).filter { d < $0.fields.count && CSVStatement.date($0.fields[d].trimmingSpaces, format: rules.dateFormat) != nil }.map(\.offset)
        }
        records.removeFirst(skipped)
        if rules.newestFirst { records.reverse() }
        // The numbered postings the rules name, once for the statement (not 97 lookups a row).
        let named = rules.named
        let numbers = NumberedFields(
            first: named.contains { $0.hasPrefix("amount1") },
            second: named.contains { $0.hasPrefix("amount2") },
            more: (3...99).filter { named.contains("account\($0)") },
            date2: named.contains("date2"))
        rows.reserveCapacity(records.count)
        // Full-width forms (U+FF00–FFEF) start with the byte EF; most statements hold none past a BOM.
        let fullWidth = bytes.dropFirst(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0).withUnsafeBytes { b in
            b.count > 0 && memchr(b.baseAddress!, 0xEF, b.count) != nil
        }
        for var record in records {
            // Full-width digits, signs and brackets (`１２，０００`, `（주）`) read as ASCII.
            if fullWidth && (record.text.utf8.contains(0xEF) || record.fields.contains(where: { $0.utf8.contains(0xEF) })) {
                record.fields = record.fields.map(\.asciiForms)
                record.text = record.text.asciiForms
            }
            guard var row = try CSVStatement.row(record, rules, columns, numbers) else {
                if CSVStatement.ends(record, rules, columns) { break }
                continue
            }
            row.statement = statement
            rows.append(row)
        }
        keepLastBalanceOfEachDay()
    }

    /// A journal cannot know the order of a day's transactions, so a
    /// statement's balance becomes an assertion only on each account's last
    /// row of each day, in the statement's order (docs/IMPORT.md): hand
    /// entries and other statements on that day then never break it.
    mutating func keepLastBalanceOfEachDay() {
        var seen = Set<String>()
        for k in rows.indices.reversed() where rows[k].balanceQuantity != nil {
            if !seen.insert("\(rows[k].date.day) \(rows[k].account1)").inserted { rows[k].balanceQuantity = nil }
        }
    }

    /// `6,500`, `-6500`, `(6500)`, `₩6,500`, `$-5.00`: ledgerc's own amount rules, so `"6,500"` is 6500.
    /// `△` before a number is a minus sign, as Korean statements write one.
    static func number(_ text: String, decimalComma: Bool) -> (ExactDecimal, String)? {
        var t = text.trimmingSpaces
        var negative = false
        // `△` is a minus sign wherever the sign goes (`△15,000`, and `-△15,000` from `amount -%amount`).
        if t.unicodeScalars.contains("△") { t = t.replacingAll("△", "-").replacingAll("- ", "-") }
        if t.hasPrefix("("), t.hasSuffix(")") { negative = true; t = String(t.dropFirst().dropLast()) }
        if t.hasPrefix("--") { t.removeFirst(2) }
        // An empty cell, or a dash alone (`-`, as Korean banks fill an empty amount column), is zero.
        guard !t.isEmpty, t != "-", t != "\u{2013}", t != "\u{2014}" else { return (.zero, "") }
        let bytes = Array(t.utf8)
        return bytes.withUnsafeBufferPointer { buf -> (ExactDecimal, String)? in
            var lx = Lexer(buf, from: 0, to: buf.count)
            guard case .success(let s) = lx.amount(decimalComma: decimalComma) else { return nil }
            lx.skipSpaces()
            guard lx.atEnd else { return nil }
            let q = negative ? s.quantity.negated : s.quantity
            return (q, String(decoding: UnsafeBufferPointer(rebasing: buf[s.commodity]), as: UTF8.self))
        }
    }

    /// An amount as ledger text: `KRW`, `USD`, `"005930"` after the number, `$`, `₩` before it.
    static func amountText(_ q: ExactDecimal, _ commodity: String) -> String {
        if commodity.isEmpty { return q.description }
        let word = commodity.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || $0.value >= 0xAC00 && $0.value <= 0xD7A3 }
        if word { return "\(q) \(commodity)" }
        // A currency sign ledger-cli knows goes before the number; anything
        // else is quoted (`\` unquoted, `\-26`, is misread by ledger-cli).
        if Currencies.symbols.contains(commodity), commodity.utf8.allSatisfy(CommodityTable.isSymbolByte) { return commodity + q.description }
        return "\(q) \"\(commodity)\""
    }

    /// Whether an `if` block with `end` matches the record: it and every row after it are dropped.
    static func ends(_ record: CSVRecord, _ rules: CSVRules, _ columns: FieldColumns) -> Bool {
        rules.conditionals.contains { c in
            c.ends && c.matches(record: record.text) { name in columns[name].flatMap { $0 < record.fields.count ? record.fields[$0].trimmingSpaces : nil } ?? "" }
        }
    }

    /// The row's transaction, or nil when an `if` block drops it (`skip`, `end`).
    /// Which of hledger's numbered fields and `date2` the rules name.
    struct NumberedFields {
        var first = false
        var second = false
        var more: [Int] = []
        var date2 = false
    }

    static func row(_ record: CSVRecord, _ rules: CSVRules, _ columns: FieldColumns, _ numbers: NumberedFields = NumberedFields(first: true, second: true, more: Array(3...99), date2: true)) throws(Problem) -> ImportedRow? {
        func index(_ name: String) -> Int? { columns[name] }
        func column(_ name: String) -> String? { index(name).flatMap { $0 < record.fields.count ? record.fields[$0].trimmingSpaces : nil } }
        let placeOf = { (name: String) in index(name).flatMap { $0 < record.offsets.count ? record.offsets[$0] : nil } }
        // A statement's text in a comment must not become a tag (`repeat: Rent`
        // would fulfil a rule, `receipt: ../../etc/passwd` attach a file): its
        // colons are written as full-width colons. The rules file's own text
        // stays as written.
        // A statement's text in a comment makes no tag (`:`) and no date
        // (`[2030-01-01]`, which ledger-cli reads as an effective date):
        // colons and brackets are written full-width.
        func commentSafe(_ v: String) -> String {
            guard v.utf8.contains(where: { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) else { return v }
            return String(String.UnicodeScalarView(v.unicodeScalars.map { $0 == ":" ? "\u{FF1A}" : $0 == "[" ? "\u{FF3B}" : $0 == "]" ? "\u{FF3D}" : $0 }))
        }
        func interpolate(_ template: String, inComment: Bool) -> String {
            guard template.utf8.contains(UInt8(ascii: "%")) else { return template }
            var out = "", i = template.startIndex
            while i < template.endIndex {
                if template[i] == "%" {
                    let nameStart = template.index(after: i)
                    var j = nameStart
                    while j < template.endIndex, template[j].isLetter || template[j].isNumber || template[j] == "-" || template[j] == "_" { j = template.index(after: j) }
                    let name = String(template[nameStart..<j])
                    // A field the record is too short to hold is empty.
                    if !name.isEmpty, let v = column(name) ?? (index(name) != nil ? "" : nil) { out += inComment ? commentSafe(v) : v; i = j; continue }
                }
                out.append(template[i])
                i = template.index(after: i)
            }
            return out
        }
        // Later assignments win.
        var assigned: [(field: String, value: String)] = []
        func assign(_ a: CSVRules.Assignment) {
            let v = interpolate(a.value, inComment: a.field.hasPrefix("comment"))
            if let i = assigned.firstIndex(where: { $0.field == a.field }) { assigned[i].value = v } else { assigned.append((a.field, v)) }
        }
        for a in rules.assignments { assign(a) }
        for c in rules.conditionals where c.matches(record: record.text, field: { column($0) ?? "" }) {
            if c.skips || c.ends { return nil }
            for a in c.assignments { assign(a) }
        }
        func value(_ name: String) -> String? {
            if let v = assigned.first(where: { $0.field == name })?.value { return v }
            return name.hasPrefix("comment") ? column(name).map(commentSafe) : column(name)
        }
        let at = { (name: String) in placeOf(name) ?? record.offset }
        guard let dateText = value("date"), !dateText.isEmpty else { throw Problem(offset: record.offset, message: "the record has no date (assign 'date' or name a field 'date')") }
        guard let date = CSVStatement.date(dateText, format: rules.dateFormat) else {
            throw Problem(offset: at("date"), message: "'\(dateText)' does not match the date format '\(rules.dateFormat ?? "YYYY-MM-DD")'")
        }
        // A posting's amount: `amountN` (or, for the first, `amount`), or `-in` less `-out`; nil when none is given.
        func amount(_ n: Int) throws(Problem) -> (ExactDecimal, String)? {
            let names = n == 1 ? (numbers.first ? ["amount1", "amount"] : ["amount"]) : ["amount\(n)"]
            for name in names {
                if let text = value(name) {
                    guard let parsed = number(text, decimalComma: rules.decimalComma) else { throw Problem(offset: at(name), message: "'\(text)' is not an amount") }
                    return parsed
                }
                if value(name + "-in") != nil || value(name + "-out") != nil {
                    let inText = value(name + "-in") ?? "", outText = value(name + "-out") ?? ""
                    guard let (i, ci) = number(inText, decimalComma: rules.decimalComma) else { throw Problem(offset: at(name + "-in"), message: "'\(inText)' is not an amount") }
                    guard let (o, co) = number(outText, decimalComma: rules.decimalComma) else { throw Problem(offset: at(name + "-out"), message: "'\(outText)' is not an amount") }
                    if !i.isZero && !o.isZero { throw Problem(offset: at(name + "-in"), message: "both \(name)-in (\(inText)) and \(name)-out (\(outText)) have a value") }
                    return (i.isZero ? o.negated : i, ci.isEmpty ? co : ci)
                }
            }
            return nil
        }
        // hledger: `amount` (or `-in`/`-out`) writes both postings' amounts; `amount1` only the first's.
        let numbered = numbers.first && value("amount") == nil && value("amount-in") == nil && value("amount-out") == nil
        guard let (quantity, amountCommodity) = try amount(1) else {
            throw Problem(offset: record.offset, message: "the record has no amount (assign 'amount', or 'amount-in' and 'amount-out')")
        }
        var commodity = amountCommodity
        let quantity2 = numbers.second ? try amount(2)?.0 : nil
        var extra: [(account: String, quantity: ExactDecimal?)] = []
        let inferredSecond = numbered && quantity2 == nil
        for n in numbers.more {
            guard let account = value("account\(n)"), !account.isEmpty else { continue }
            extra.append((account.journalSafe(forbidding: [UInt8(ascii: ";")]), try amount(n)?.0))
        }
        var date2: CivilDate?
        if numbers.date2, let text = value("date2"), !text.isEmpty {
            guard let d = CSVStatement.date(text, format: rules.dateFormat) else {
                throw Problem(offset: at("date2"), message: "'\(text)' does not match the date format '\(rules.dateFormat ?? "YYYY-MM-DD")'")
            }
            date2 = d
        }
        func refuseUnsafe(_ text: String, _ field: String) throws(Problem) {
            // A commodity is written quoted: a quote would close it, a control character break the line.
            if text.unicodeScalars.contains(where: { $0 == "\"" || $0.isUnsafeInTerminal }) {
                throw Problem(offset: at(field), message: "the \(field == "currency" ? "currency" : "amount's commodity") holds a quote or a control character; a commodity may hold neither")
            }
        }
        try refuseUnsafe(commodity, "amount")
        if let c = value("currency")?.trimmingSpaces, !c.isEmpty {
            try refuseUnsafe(c, "currency")
            // `12,000원` under `currency KRW` is KRW; `€` there contradicts the rules.
            if !commodity.isEmpty && !Currencies.sameCurrency(commodity, c) {
                throw Problem(offset: at("amount"), message: "the amount is in '\(commodity)', but the rules say 'currency \(c)'")
            }
            commodity = c
        }
        var balance: ExactDecimal?
        if let text = value("balance") ?? value("balance1"), !text.isEmpty {
            guard let (b, _) = number(text, decimalComma: rules.decimalComma) else { throw Problem(offset: at("balance"), message: "'\(text)' is not an amount") }
            balance = b
        }
        let status = value("status") ?? ""
        guard ["", "*", "!"].contains(status) else { throw Problem(offset: at("status"), message: "status is '*', '!' or empty, not '\(status)'") }
        // A statement's text is untrusted: it may not start a comment or a tag in
        // the description (`;`), close the code early, or put an amount into an
        // account name (two spaces).
        return ImportedRow(date: date, status: status, code: (value("code") ?? "").journalSafe(forbidding: [UInt8(ascii: ")"), UInt8(ascii: ";")]),
                           description: (value("description") ?? "").journalSafe(forbidding: [UInt8(ascii: ";")]),
                           comment: (value("comment") ?? "").journalSafe(forbidding: []),
                           account1: (value("account1") ?? "").journalSafe(forbidding: [UInt8(ascii: ";")]),
                           account2: (value("account2") ?? "").journalSafe(forbidding: [UInt8(ascii: ";")]),
                           quantity: quantity, commodity: commodity, balanceQuantity: balance, date2: date2, balanceType: rules.balanceType,
                           quantity2: quantity2, secondInferred: inferredSecond, extra: extra, record: record)
    }

    /// A date by a strftime format (`%Y %y %m %d %e %H %M %S %b`, `%-m`, `%-d`), or `YYYY-MM-DD` (`/`, `.`) without one.
    static func date(_ text: String, format: String?) -> CivilDate? {
        guard let format else {
            if let cell = isoDateCell(text) { return cell }
            let parts = text.split(whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." }).compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            return CivilDate(year: parts[0], month: parts[1], day: parts[2])
        }
        return formatted(text, format: format) ?? isoDateCell(text)
    }

    /// A date by the strftime format `format`, exactly.
    static func formatted(_ text: String, format: String) -> CivilDate? {
        let t = Array(text.utf8), f = Array(format.utf8)
        var i = 0, j = 0
        var year: Int?, month: Int?, day: Int?
        func digits(_ most: Int, least: Int = 1) -> Int? {
            var n = 0, k = 0
            while k < most, i < t.count, t[i] >= 0x30, t[i] <= 0x39 { n = n * 10 + Int(t[i] - 0x30); i += 1; k += 1 }
            return k >= least ? n : nil
        }
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        var afterField = false
        while j < f.count {
            if f[j] == UInt8(ascii: "%"), j + 1 < f.count {
                j += 1
                var padless = false
                if f[j] == UInt8(ascii: "-"), j + 1 < f.count { j += 1; padless = true }
                // A field right beside another (`%Y%m%d`) takes all its digits:
                // `2025031` is no date. Otherwise one digit will do (`3/1/2025`).
                let beside = afterField || j + 1 < f.count && f[j + 1] == UInt8(ascii: "%")
                let least = !padless && beside ? 2 : 1
                afterField = true
                switch f[j] {
                case UInt8(ascii: "Y"): year = digits(4, least: 4)
                case UInt8(ascii: "y"): year = digits(2, least: 2).map { 2000 + $0 }
                case UInt8(ascii: "m"): month = digits(2, least: least)
                case UInt8(ascii: "d"), UInt8(ascii: "e"):
                    while i < t.count, t[i] == 0x20 { i += 1 }
                    day = digits(2, least: least)
                case UInt8(ascii: "H"), UInt8(ascii: "M"), UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "k"), UInt8(ascii: "l"):
                    // A time of day is read to be checked, not kept: 99:99:99 is none.
                    // `%k` and `%l` are padded with a space; `%I` and `%l` count 1 to 12.
                    if f[j] == UInt8(ascii: "k") || f[j] == UInt8(ascii: "l") { while i < t.count, t[i] == 0x20 { i += 1 } }
                    let twelve = f[j] == UInt8(ascii: "I") || f[j] == UInt8(ascii: "l")
                    let limit = f[j] == UInt8(ascii: "H") || f[j] == UInt8(ascii: "k") ? 23 : twelve ? 12 : 59
                    guard let v = digits(2, least: f[j] == UInt8(ascii: "k") || f[j] == UInt8(ascii: "l") ? 1 : least), v <= limit, !twelve || v >= 1 else { return nil }
                case UInt8(ascii: "p"), UInt8(ascii: "P"):
                    // AM or PM in either case (`a.m.` too), or 오전/오후.
                    let marks: [[UInt8]] = [Array("오전".utf8), Array("오후".utf8), Array("a.m.".utf8), Array("p.m.".utf8), Array("am".utf8), Array("pm".utf8)]
                    let rest = t[i...].map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
                    guard let mark = marks.first(where: { rest.starts(with: $0) }) else { return nil }
                    i += mark.count
                case UInt8(ascii: "b"), UInt8(ascii: "h"):
                    guard i + 3 <= t.count, let m = months.firstIndex(of: String(decoding: t[i..<i + 3], as: UTF8.self).lowercased()) else { return nil }
                    month = m + 1
                    i += 3
                case UInt8(ascii: "%"):
                    guard i < t.count, t[i] == UInt8(ascii: "%") else { return nil }
                    i += 1
                default: return nil
                }
                j += 1
            } else {
                guard i < t.count, t[i] == f[j] else { return nil }
                i += 1; j += 1
                afterField = false
            }
        }
        guard i == t.count, let y = year, let m = month, let d = day else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    /// A workbook's date cell as the readers write it, `YYYY-MM-DD` or
    /// `YYYY-MM-DD HH:MM:SS`, which is read as such whatever `date-format`
    /// says (docs/IMPORT.md): the cell holds a date, not text in the format.
    static func isoDateCell(_ text: String) -> CivilDate? {
        let t = Array(text.utf8)
        guard t.count == 10 || t.count == 19 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for k in from..<from + count { guard t[k] >= 0x30 && t[k] <= 0x39 else { return nil }; n = n * 10 + Int(t[k] - 0x30) }
            return n
        }
        guard t[4] == 0x2D, t[7] == 0x2D, let y = number(0, 4), let m = number(5, 2), let d = number(8, 2) else { return nil }
        if t.count == 19 {
            guard t[10] == 0x20, t[13] == 0x3A, t[16] == 0x3A, let h = number(11, 2), let mi = number(14, 2), let s = number(17, 2), h < 24, mi < 60, s < 60 else { return nil }
        }
        return CivilDate(year: y, month: m, day: d)
    }
}

extension String {
    /// Text from a statement as one safe piece of a journal line: line breaks,
    /// tabs, other control characters (ESC, BEL, C1, U+2028, bidi overrides)
    /// and runs of spaces become one space (two spaces end an account name),
    /// each `forbidden` ASCII character becomes `,`, and the ends are
    /// trimmed. Byte by byte: every other byte of UTF-8 is kept as it is.
    func journalSafe(forbidding forbidden: [UInt8]) -> String {
        let text = !holdsUnsafeScalars ? self : String(String.UnicodeScalarView(unicodeScalars.map { $0.isUnsafeInTerminal ? " " : $0 }))
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lastWasSpace = true  // drops leading spaces
        for b in text.utf8 {
            let c: UInt8 = b == 0x0A || b == 0x0D || b == 0x09 ? 0x20 : forbidden.contains(b) ? UInt8(ascii: ",") : b
            if c == 0x20 {
                if lastWasSpace { continue }
                lastWasSpace = true
            } else {
                lastWasSpace = false
            }
            out.append(c)
        }
        if out.last == 0x20 { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// Full-width digits, signs, brackets and separators (U+FF01–FF5E) as
    /// their ASCII forms: `１２，０００` is `12,000`, `（주）` is `(주)`.
    var asciiForms: String {
        guard utf8.contains(0xEF) else { return self }
        var out = String.UnicodeScalarView()
        for u in unicodeScalars {
            if (0xFF08...0xFF1A).contains(u.value) || u.value == 0xFF0B || u.value == 0xFF3B || u.value == 0xFF3D || u.value == 0xFF05 {
                out.append(Unicode.Scalar(u.value - 0xFEE0)!)
            } else if u.value == 0xFFE6 {
                out.append("₩")
            } else {
                out.append(u)
            }
        }
        return String(out)
    }
}
