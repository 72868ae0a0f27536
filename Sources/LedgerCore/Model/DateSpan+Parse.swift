/// Spans of days named on the command line: `2025`, `2025-03`, `2025-Q1`,
/// `2025-03-02`, `today`, `last month`, `this quarter`... Relative names count
/// from `today`.
extension DateSpan {

    /// The words `--from`, `--to`, `--until` and `--date` accept, for messages.
    public static let forms = "YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Qn, today, yesterday, tomorrow, or this|last|next week|month|quarter|year"

    /// Reads one span, or nil when the text is none of `forms`.
    public static func parse(_ text: String, today: CivilDate) -> DateSpan? {
        let words = text.lowercased().split(separator: " ", omittingEmptySubsequences: true)
        if words.count == 1 {
            switch words[0] {
            case "today": return DateSpan(first: today, last: today)
            case "yesterday": return DateSpan(first: today.adding(days: -1), last: today.adding(days: -1))
            case "tomorrow": return DateSpan(first: today.adding(days: 1), last: today.adding(days: 1))
            default: break
            }
            if let quarter = parseQuarter(String(words[0])) { return quarter }
            return Period.parseBound(String(words[0])).map { DateSpan(first: $0.first, last: $0.last) }
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
    public static func parseRange(_ text: String, today: CivilDate) -> Period? {
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
