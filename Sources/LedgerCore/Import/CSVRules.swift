/// hledger's CSV rules, the part `ledgerc import` reads: how the columns of a
/// bank's statement become transactions. A directive ledgerc does not read is
/// an error naming it, never ignored.
public struct CSVRules {
    /// A field assignment: `account2 지출:식비`, `amount -%amount`.
    public struct Assignment {
        public var field: String
        public var value: String
    }

    /// A matcher of an `if` block: a regex on the whole record, or on one
    /// field; `and`: written `&& ...`, it must match as well as the one before.
    public struct Matcher {
        public var field: String?
        public var pattern: String
        public var regex: LinearRegex
        public var and = false
    }

    /// `if` ... and its assignments: any matcher matching (with the `&&`
    /// ones after it) applies them. `skip` in the block drops the row, `end`
    /// it and every row after it.
    public struct Conditional {
        public var matchers: [Matcher]
        public var assignments: [Assignment]
        public var skips = false
        public var ends = false

        /// Whether the record (`field` gives a named field's text, `record` the whole line) matches.
        func matches(record: String, field: (String) -> String) -> Bool {
            var k = 0
            while k < matchers.count {
                // A group: one matcher and the `&&` ones after it.
                var all = true
                repeat {
                    let m = matchers[k]
                    if all && !m.regex.matches(m.field.map(field) ?? record) { all = false }
                    k += 1
                } while k < matchers.count && matchers[k].and
                if all { return true }
            }
            return false
        }
    }

    public var skip = 0
    public var fields: [String] = []
    public var separator: UInt8 = UInt8(ascii: ",")
    public var dateFormat: String?
    public var decimalComma = false
    public var newestFirst = false
    /// The statement's encoding when it is not UTF-8 (`CP949` for `cp949` and `euc-kr`).
    public var encoding: String?
    /// `sheet NAME`: the workbook's sheet to read (else its first).
    public var sheet: String?
    public var assignments: [Assignment] = []
    public var conditionals: [Conditional] = []
    /// `balance-type`: the assertion a `balance` field writes (`=`, `==`, `=*`, `==*`).
    public var balanceType = "="

    /// Every field name the rules give a value: the columns' names and the assigned ones.
    public var named: Set<String> {
        Set(fields).union(assignments.map(\.field)).union(conditionals.flatMap { $0.assignments.map(\.field) })
    }

    /// The field names hledger assigns to; any other name is a CSV column's
    /// own. Numbered ones (`account3`, `amount2-in`, `comment1`) too.
    static let assignable: Set<String> = ["date", "date2", "status", "code", "description", "comment", "account1", "account2",
                                          "amount", "amount-in", "amount-out", "currency", "balance"]

    /// Whether hledger assigns to `name`: one of `assignable`, or `accountN`,
    /// `amountN`, `amountN-in`, `amountN-out`, `currencyN`, `balanceN`, `commentN` (N from 1 to 99).
    static func isAssignable(_ name: String) -> Bool {
        if assignable.contains(name) { return true }
        for stem in ["account", "amount", "currency", "balance", "comment"] where name.hasPrefix(stem) {
            var rest = name.dropFirst(stem.count)
            if stem == "amount" { for end in ["-in", "-out"] where rest.hasSuffix(end) { rest = rest.dropLast(end.count) } }
            if let n = Int(rest), (1...99).contains(n), rest.first != "0" { return true }
        }
        return false
    }

    /// A problem at a line of a rules file.
    public struct Problem: Error {
        public var line: Int
        public var message: String
        /// The message quotes only what read as rules (an include's path), so
        /// it stands as it is for a line of an included file.
        public var quotesOnlyRules = false
    }

    /// Reads rules text at `path`; `read` gives the text of an included file
    /// (its path already joined to the rules file's folder), or nil.
    public init(_ text: String, path: String, read: (String) -> String?) throws(Problem) {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { String($0).trimmingTrailingCR }
        var lineNumbers = Array(1...max(1, lines.count))
        // For a line of an included file: the name it was included by, and its line there.
        var includedAs = [String?](repeating: nil, count: lines.count)
        var includedLine = [Int](repeating: 0, count: lines.count)
        var includedPaths: Set<String> = [path]
        var i = 0
        var current: Conditional?
        var currentTable: (separator: Character, fields: [String])?
        func flush() {
            if let c = current { conditionals.append(c); current = nil }
            currentTable = nil
        }
        do throws(Problem) {
            while i < lines.count {
                let raw = lines[i], number = lineNumbers[i]
                i += 1
                let trimmed = raw.trimmingSpaces
                if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix(";") || trimmed.hasPrefix("*") { if trimmed.isEmpty { flush() }; continue }
                let indented = raw.first == " " || raw.first == "\t"
                if let table = currentTable {
                    // A row of an `if` table: a matcher, then a value for each of the table's fields.
                    let cells = trimmed.split(separator: table.separator, omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
                    guard cells.count == table.fields.count + 1 else {
                        throw Problem(line: number, message: "this row of the 'if' table has \(cells.count - 1) values for \(table.fields.count) fields")
                    }
                    var c = Conditional(matchers: [try CSVRules.matcher(cells[0], line: number)], assignments: [])
                    for (name, value) in zip(table.fields, cells.dropFirst()) { c.assignments.append(Assignment(field: name, value: value)) }
                    conditionals.append(c)
                    continue
                }
                if indented || (current != nil && current!.assignments.isEmpty && !current!.skips && !current!.ends && !raw.hasPrefix("if")) {
                    guard var c = current else { throw Problem(line: number, message: "an indented line belongs under an 'if'") }
                    if indented {
                        let (name, value) = CSVRules.split(trimmed)
                        if name == "skip" && (value.isEmpty || value == "1") {
                            c.skips = true
                        } else if name == "end" && value.isEmpty {
                            c.ends = true
                        } else {
                            guard CSVRules.isAssignable(name) else { throw Problem(line: number, message: "'\(name)' is not a field ledgerc assigns (\(CSVRules.assignable.sorted().joined(separator: ", ")), the numbered ones, or skip and end)") }
                            c.assignments.append(Assignment(field: name, value: value))
                        }
                    } else {
                        c.matchers.append(try CSVRules.matcher(trimmed, line: number))
                    }
                    current = c
                    continue
                }
                flush()
                let (word, rest) = CSVRules.split(trimmed)
                switch word {
                case "skip":
                    guard let n = rest.isEmpty ? 1 : Int(rest), n >= 0 else { throw Problem(line: number, message: "skip takes a number of lines, not '\(rest)'") }
                    skip = n
                case "fields":
                    fields = rest.split(separator: ",", omittingEmptySubsequences: false).map(\.trimmingSpaces)
                    for f in fields where f.contains(" ") { throw Problem(line: number, message: "'\(f)' is not a field name (no spaces)") }
                case "separator":
                    switch rest.lowercased() {
                    case ",", "comma": separator = UInt8(ascii: ",")
                    case ";", "semicolon": separator = UInt8(ascii: ";")
                    case "tab", "\\t": separator = 0x09
                    case "|": separator = UInt8(ascii: "|")
                    default: throw Problem(line: number, message: "separator takes ',', ';', '|' or TAB, not '\(rest)'")
                    }
                case "date-format": dateFormat = rest
                case "decimal-mark":
                    guard rest == "," || rest == "." else { throw Problem(line: number, message: "decimal-mark takes ',' or '.', not '\(rest)'") }
                    decimalComma = rest == ","
                case "newest-first": newestFirst = true
                case "sheet":
                    guard !rest.isEmpty else { throw Problem(line: number, message: "sheet takes the name of a workbook's sheet") }
                    sheet = rest
                case "encoding":
                    switch rest.lowercased() {
                    case "utf-8", "utf8": encoding = nil
                    case "cp949", "euc-kr", "euckr", "uhc", "ks_c_5601-1987": encoding = "CP949"
                    default: throw Problem(line: number, message: "encoding '\(rest)' is not one ledgerc reads (utf-8, cp949, euc-kr); convert the statement with 'iconv -f \(rest) -t UTF-8'")
                    }
                case "include":
                    // Beside the rules file, as a journal's `include` is beside the journal;
                    // as a journal's includes: each file once (no cycle), a bounded number of them.
                    let target = JournalParser.includedPath(rest, from: path)
                    guard includedPaths.insert(target).inserted else {
                        throw Problem(line: number, message: "'\(rest)' is included again: rules files may not include themselves or each other twice", quotesOnlyRules: true)
                    }
                    guard includedPaths.count <= CSVRules.maxIncludes + 1 else {
                        throw Problem(line: number, message: "more than \(CSVRules.maxIncludes) included rules files", quotesOnlyRules: true)
                    }
                    guard let included = read(target) else {
                        throw Problem(line: number, message: "cannot read the included rules '\(rest)' (a regular file of at most 1 MB)", quotesOnlyRules: true)
                    }
                    let more = included.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map { String($0).trimmingTrailingCR }
                    lines.insert(contentsOf: more, at: i)
                    lineNumbers.insert(contentsOf: Array(repeating: number, count: more.count), at: i)
                    // A file included from an included file is said as the include of the first.
                    let parent = includedAs[i - 1], name: String? = parent ?? rest
                    includedAs.insert(contentsOf: repeatElement(name, count: more.count), at: i)
                    includedLine.insert(contentsOf: parent == nil ? Array(1...more.count) : Array(repeating: includedLine[i - 1], count: more.count), at: i)
                case "if":
                    current = Conditional(matchers: rest.isEmpty ? [] : [try CSVRules.matcher(rest, line: number)], assignments: [])
                case _ where word.hasPrefix("if") && word.count > 2 && !word.dropFirst(2).first!.isLetter && !word.dropFirst(2).first!.isNumber:
                    // The table form: `if,account2,comment`, then a row per matcher.
                    let separator = word.dropFirst(2).first!
                    let names = (word + rest).dropFirst(3).split(separator: separator, omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
                    for name in names where !CSVRules.isAssignable(name) { throw Problem(line: number, message: "'\(name)' is not a field ledgerc assigns") }
                    currentTable = (separator, names)
                case "balance-type":
                    guard ["=", "==", "=*", "==*"].contains(rest) else { throw Problem(line: number, message: "balance-type takes =, ==, =* or ==*, not '\(rest)'") }
                    balanceType = rest
                case "end":
                    return
                default:
                    if CSVRules.isAssignable(word) {
                        assignments.append(Assignment(field: word, value: rest))
                    } else {
                        throw Problem(line: number, message: "ledgerc does not read the rules directive '\(word)'")
                    }
                }
            }
        } catch {
            // A file that is not rules (`include /etc/passwd`) is never quoted: the
            // error names the include and the line, which the editor shows anyway.
            let k = i - 1
            if k >= 0, k < includedAs.count, let name = includedAs[k], !error.quotesOnlyRules {
                throw Problem(line: lineNumbers[k], message: "line \(includedLine[k]) of the included '\(name)' is not rules text ledgerc reads")
            }
            throw error
        }
        flush()
    }

    /// How many files one rules file may include, all told.
    static let maxIncludes = 32
    /// The largest included rules file read, in bytes.
    public static let maxIncludedSize = 1 << 20

    /// The text of an included rules file at `path`, as a journal's include
    /// reads it: a regular file only (not `/dev/stdin`, a FIFO or a
    /// directory), of at most `maxIncludedSize` bytes; nil otherwise.
    public static func readIncluded(_ path: String) -> String? {
        guard let bytes = try? FileIO.read(path, .regularFile).get(), bytes.count <= maxIncludedSize else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (line, "") }
        return (String(line[..<space]), String(line[space...]).trimmingSpaces)
    }

    static func matcher(_ text: String, line: Int) throws(Problem) -> Matcher {
        var field: String?
        var pattern = text, and = false
        // `&` (hledger 1.25) or `&&` (later hledgers): it must match as well as the matcher before.
        if text.hasPrefix("&") {
            and = true
            pattern = String(text.dropFirst(text.hasPrefix("&&") ? 2 : 1)).trimmingSpaces
        }
        let text = pattern
        if text.hasPrefix("%") {
            let (name, rest) = split(String(text.dropFirst()))
            field = name
            pattern = rest
        }
        let regex: LinearRegex
        do { regex = try LinearRegex(pattern) } catch { throw Problem(line: line, message: "'\(pattern)' is not a regular expression ledgerc reads: \(error.message)") }
        return Matcher(field: field, pattern: pattern, regex: regex, and: and)
    }
}

extension String {
    package var trimmingTrailingCR: String { hasSuffix("\r") ? String(dropLast()) : self }
}
