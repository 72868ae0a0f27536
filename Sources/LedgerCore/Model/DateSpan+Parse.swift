/// Spans of days named on the command line: `2025`, `2025-03`, `2025-Q1`,
/// `2025-03-02`, `today`, `last month`, `this quarter`... Relative names count
/// from `today`.
extension DateSpan {

    /// The words `--from`, `--to`, `--until` and `--date` accept, for messages.
    public static let forms = "YYYY, YYYY-MM, YYYY-MM-DD, MM/DD, DD, YYYY-Qn, Qn, a month's name, today, yesterday, tomorrow, or this|last|next week|month|quarter|year"

    /// The months' names, short and long, as hledger's smart dates read them.
    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let longMonthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]

    /// Reads one span, or nil when the text is none of `forms`.
    public static func parse(_ text: String, today: CivilDate) -> DateSpan? {
        var words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 1 {
            switch words[0] {
            case "today": return DateSpan(first: today, last: today)
            case "yesterday": return DateSpan(first: today.adding(days: -1), last: today.adding(days: -1))
            case "tomorrow": return DateSpan(first: today.adding(days: 1), last: today.adding(days: 1))
            default: break
            }
            let word = String(words[0])
            if let quarter = parseQuarter(word) { return quarter }
            // hledger's smart dates: a month's name or `q3` is in today's year.
            let year = today.components.year
            if let m = monthNames.firstIndex(of: word) ?? longMonthNames.firstIndex(of: word), let first = CivilDate(year: year, month: m + 1, day: 1) {
                return DateSpan(first: first, last: CalendarUnit.month.end(of: first))
            }
            if word.count == 2, word.hasPrefix("q"), let q = Int(word.dropFirst()), (1...4).contains(q), let first = CivilDate(year: year, month: q * 3 - 2, day: 1) {
                return DateSpan(first: first, last: CalendarUnit.quarter.end(of: first))
            }
            // `lastmonth`, `thisyear`: hledger's words written together.
            for relative in ["this", "last", "next"] where word.hasPrefix(relative) && CalendarUnit.reportPeriod(String(word.dropFirst(relative.count))) != nil {
                words = [Substring(relative), Substring(word.dropFirst(relative.count))]
            }
            // hledger's smart dates without a year: `2/1` in today's year, `15` in today's month.
            let parts = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "-" || $0 == "." })
            if parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) }), let m = Int(parts[0]), let d = Int(parts[1]),
               let day = CivilDate(year: year, month: m, day: d) {
                return DateSpan(first: day, last: day)
            }
            if (1...2).contains(word.count), let d = Int(word), let day = CivilDate(year: year, month: today.components.month, day: d) {
                return DateSpan(first: day, last: day)
            }
            if words.count == 1 { return DateSpan.parseBound(word).map { DateSpan(first: $0.first, last: $0.last) } }
        }
        guard words.count == 2, let length = CalendarUnit.reportPeriod(String(words[1])) else { return nil }
        let start = length.start(of: today)
        let chosen: CivilDate?
        switch words[0] {
        case "this": chosen = start
        case "next": chosen = length.next(after: start)
        case "last":
            // One period back: the period holding the day before this one's start.
            chosen = length.start(of: start.adding(days: -1))
        default: return nil
        }
        guard let s = chosen else { return nil }
        return DateSpan(first: s, last: length.end(of: s))
    }

    /// `--date RANGE`: one span, or `A..B` (both inclusive; either side may be
    /// empty), or the days of a period expression without an interval.
    public static func parseRange(_ text: String, today: CivilDate) -> DateSpan? {
        guard let e = PeriodExpression.parse(text, today: today), e.interval == nil else { return nil }
        return e.period
    }

    /// `2025-Q1` (also `2025Q1`, `2025-q1`).
    private static func parseQuarter(_ text: String) -> DateSpan? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 6, bytes.count <= 7, let y = Int(String(decoding: bytes[0..<4], as: UTF8.self)) else { return nil }
        var i = 4
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i + 2 == bytes.count, bytes[i] == UInt8(ascii: "q"), (49...52).contains(bytes[i + 1]) else { return nil }
        let q = Int(bytes[i + 1] - 48)
        guard let first = CivilDate(year: y, month: (q - 1) * 3 + 1, day: 1) else { return nil }
        return DateSpan(first: first, last: CalendarUnit.quarter.end(of: first))
    }
}
