/// A period expression, as hledger and ledgerc write them: an optional
/// interval (`monthly`, `every 2 weeks`) and the days it covers (`from`,
/// `since`, `to`, `until`, `in`, or a span alone: `2025`, `2025-Q1`,
/// `last month`, `2025-01..2025-03`). The one reader behind `--date`, `~`
/// rules' periods and (the interval words) `repeat` rules; a span's words are
/// read by `DateSpan.parse`, a date's by `CivilDate.parse`, which the lexer's
/// fast date path is tested equal to.
public struct PeriodExpression: Sendable, Equatable {
    public var interval: Schedule?
    /// The first day covered.
    public var from: CivilDate?
    /// The first day no longer covered (exclusive, as in hledger).
    public var to: CivilDate?

    public init(interval: Schedule? = nil, from: CivilDate? = nil, to: CivilDate? = nil) {
        self.interval = interval
        self.from = from
        self.to = to
    }

    /// The covered days as a report's period (both ends inclusive).
    public var period: DateSpan { DateSpan(from: from, to: to.map { $0.adding(days: -1) }) }

    /// Reads an expression; nil when some word is not part of one. Without
    /// `today`, relative spans (`last month`) are not read. `endExclusive`:
    /// `A..B` ends before B, as hledger's `-p` reads it (ledgerc's `--date`
    /// includes B).
    public static func parse(_ text: String, today: CivilDate?, endExclusive: Bool = false) -> PeriodExpression? {
        var expression = PeriodExpression()
        // `A..B`: both inclusive, either side may be empty.
        if let dots = text.firstRange(of: "..") {
            let a = String(text[..<dots.lowerBound]).trimmingSpaces, b = String(text[dots.upperBound...]).trimmingSpaces
            if !a.isEmpty {
                guard let s = span(a, today: today) else { return nil }
                expression.from = s.first
            }
            if !b.isEmpty {
                guard let s = span(b, today: today) else { return nil }
                expression.to = endExclusive ? s.first : s.last.adding(days: 1)
            }
            return expression
        }
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        if words.count == 1, span(words[0], today: today) == nil, let (a, b) = dashRange(words[0], today: today) {
            return PeriodExpression(from: a.first, to: b.first)
        }
        // `DATE-`: from that day on, as hledger reads it (`date:2019-01-01-`).
        if words.count == 1, words[0].hasSuffix("-"), let s = span(String(words[0].dropLast()), today: today) {
            return PeriodExpression(from: s.first)
        }
        if Schedule.read(words) == nil, words.count < 2 || !clauseWords.contains(words[0]) {
            // A span alone (`2025`, `this month`).
            guard let s = span(text, today: today) else { return nil }
            return PeriodExpression(from: s.first, to: s.last.adding(days: 1))
        }
        // One interval and clauses, in any order.
        var i = 0
        while i < words.count {
            if expression.interval == nil, let (interval, used) = Schedule.read(Array(words[i...])) {
                expression.interval = interval
                i += used
                continue
            }
            let w = words[i]
            i += 1
            // After an interval, a span or an `A-B` range alone (`monthly 2014/1/10-2014/2/20`), as hledger reads it.
            if !clauseWords.contains(w) {
                if let s = span(w, today: today) {
                    expression.from = s.first
                    expression.to = s.last.adding(days: 1)
                } else if let (a, b) = dashRange(w, today: today) {
                    expression.from = a.first
                    expression.to = b.first
                } else {
                    return nil
                }
                continue
            }
            // The clause's span: one word, or two (`to next month`).
            guard i < words.count else { return nil }
            let s: DateSpan
            if i + 1 < words.count, let two = span(words[i] + " " + words[i + 1], today: today) {
                s = two
                i += 2
            } else if let one = span(words[i], today: today) {
                s = one
                i += 1
            } else {
                return nil
            }
            switch w {
            case "from", "since": expression.from = s.first
            case "to", "until": expression.to = s.first
            default:
                expression.from = s.first
                expression.to = s.last.adding(days: 1)
            }
        }
        return expression
    }

    /// The words that start a clause.
    static let clauseWords: Set<String> = ["from", "since", "to", "until", "in"]

    /// `A-B` (`2014/1/10-2014/2/20`, `2014-01-10-2014-02-20`): two spans
    /// joined by a dash, B's start the end (exclusive, as hledger's `A-B`);
    /// asked only of a word that is no span itself (`2014-01-10`).
    private static func dashRange(_ text: String, today: CivilDate?) -> (DateSpan, DateSpan)? {
        for (k, ch) in text.enumerated() where ch == "-" && k > 0 {
            let a = String(text.prefix(k)), b = String(text.dropFirst(k + 1))
            if !b.isEmpty, let s = span(a, today: today), let e = span(b, today: today), s.first < e.first { return (s, e) }
        }
        return nil
    }

    private static func span(_ text: String, today: CivilDate?) -> DateSpan? {
        if let today { return DateSpan.parse(text, today: today) }
        return CivilDate.parseSpan(text)
    }
}

extension Schedule {
    /// The interval words, one per schedule: `monthly` is every month.
    public static let named: [String: Schedule] = [
        "daily": Schedule(.day), "weekly": Schedule(.week), "biweekly": Schedule(.week, every: 2),
        "fortnightly": Schedule(.week, every: 2), "monthly": Schedule(.month), "bimonthly": Schedule(.month, every: 2),
        "quarterly": Schedule(.quarter), "semiannually": Schedule(.month, every: 6),
        "yearly": Schedule(.year), "annually": Schedule(.year),
    ]

    /// The most units `every N` may step (a larger N is a typo).
    public static let mostEvery = 10_000

    /// A unit's name after `every`: `day`, `weeks`...
    public static func unit(named word: String) -> CalendarUnit? {
        CalendarUnit(rawValue: word.hasSuffix("s") ? String(word.dropLast()) : word)
    }

    /// Reads an interval at the start of lowercased `words`: an interval word,
    /// or `every [N] UNIT`. Returns it with the number of words it took.
    public static func read(_ words: [String]) -> (Schedule, Int)? {
        guard let first = words.first else { return nil }
        if let named = named[first] { return (named, 1) }
        guard first == "every" else { return nil }
        var n = 1, i = 1
        if i < words.count, let count = Int(words[i]), count >= 1, count <= mostEvery {
            n = count
            i += 1
        }
        guard i < words.count, let unit = unit(named: words[i]) else { return nil }
        return (Schedule(unit, every: n), i + 1)
    }
}
