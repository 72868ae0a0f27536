/// The reported period: `--from` and `--to`, both inclusive.
public struct Period: Sendable {
    public var from: CivilDate?
    public var to: CivilDate?

    public init(from: CivilDate? = nil, to: CivilDate? = nil) {
        self.from = from
        self.to = to
    }

    public func contains(_ d: CivilDate) -> Bool {
        if let from, d < from { return false }
        if let to, d > to { return false }
        return true
    }

    /// Reads `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (also `/` or `.`): a partial date
    /// covers its whole year or month. Returns its first and last day.
    /// (`DateSpan.parse` also reads quarters and relative dates.)
    public static func parseBound(_ text: String) -> (first: CivilDate, last: CivilDate)? { CivilDate.parseSpan(text) }
}

/// How `--period` groups a report: by ISO week (Monday first), calendar
/// month, quarter or year.
public enum PeriodLength: String, CaseIterable, Sendable {
    case week, month, quarter, year

    /// The first day of the period holding `date`.
    public func start(of date: CivilDate) -> CivilDate {
        let (y, m, _) = date.components
        switch self {
        case .week: return date.adding(days: -date.weekday.rawValue)
        case .month: return CivilDate(year: y, month: m, day: 1)!
        case .quarter: return CivilDate(year: y, month: (m - 1) / 3 * 3 + 1, day: 1)!
        case .year: return CivilDate(year: y, month: 1, day: 1)!
        }
    }

    /// The first day of the next period (`start` must be a period's first day).
    public func next(after start: CivilDate) -> CivilDate? {
        switch self {
        case .week: return start.adding(days: 7)
        case .month: return start.adding(months: 1, dayOfMonth: 1)
        case .quarter: return start.adding(months: 3, dayOfMonth: 1)
        case .year: return start.adding(months: 12, dayOfMonth: 1)
        }
    }

    /// The last day of the period starting on `start`.
    public func end(of start: CivilDate) -> CivilDate {
        next(after: start).map { $0.adding(days: -1) } ?? CivilDate(year: 9999, month: 12, day: 31)!
    }

    /// The period's label: `2025-W05` (ISO week), `2025-01`, `2025-Q1`, `2025`.
    public func label(of start: CivilDate) -> String {
        let (y, m, _) = start.components
        switch self {
        case .week:
            // The ISO week-numbering year is the year of the week's Thursday.
            let thursday = start.adding(days: 3)
            let isoYear = thursday.year
            let week = (Int(thursday.day) - Int(CivilDate(year: isoYear, month: 1, day: 1)!.day)) / 7 + 1
            return "\(isoYear)-W" + (week < 10 ? "0\(week)" : "\(week)")
        case .month: return start.monthText
        case .quarter: return "\(y)-Q\((m - 1) / 3 + 1)"
        case .year: return "\(y)"
        }
    }

    /// The periods covering `first...last`, each as its first day.
    public func starts(from first: CivilDate, through last: CivilDate) -> [CivilDate] {
        var out: [CivilDate] = []
        var s = start(of: first)
        while s <= last {
            out.append(s)
            guard let n = next(after: s) else { break }
            s = n
        }
        return out
    }
}
