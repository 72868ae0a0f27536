/// A unit of the calendar. Every schedule (`repeat`, `~`) steps in one, and
/// every report period is one long: the one type for both (day, ISO week
/// from Monday, calendar month, quarter, year).
public enum CalendarUnit: String, CaseIterable, Sendable {
    case day, week, month, quarter, year

    /// The lengths `--period` groups a report by (a day is a schedule's step only).
    public static let reportPeriods: [CalendarUnit] = [.week, .month, .quarter, .year]

    /// The report period `word` names (`week`, `month`, `quarter`, `year`), if any.
    public static func reportPeriod(_ word: String) -> CalendarUnit? {
        CalendarUnit(rawValue: word).flatMap { reportPeriods.contains($0) ? $0 : nil }
    }

    /// The first day of the unit holding `date`.
    public func start(of date: CivilDate) -> CivilDate {
        let (y, m, _) = date.components
        switch self {
        case .day: return date
        case .week: return date.adding(days: -date.weekday.rawValue)
        case .month: return CivilDate(year: y, month: m, day: 1)!
        case .quarter: return CivilDate(year: y, month: (m - 1) / 3 * 3 + 1, day: 1)!
        case .year: return CivilDate(year: y, month: 1, day: 1)!
        }
    }

    /// The first day of the next unit (`start` must be a unit's first day).
    public func next(after start: CivilDate) -> CivilDate? {
        advance(from: start, by: 1, day: 1)
    }

    /// `n` units after `anchor`: days and weeks by days; months, quarters
    /// and years on day `day` of the month they land in, or its last day
    /// when it is shorter (Jan 31 → Feb 28 → Mar 31, never drifting).
    public func advance(from anchor: CivilDate, by n: Int, day: Int) -> CivilDate? {
        switch self {
        case .day: return anchor.adding(days: n)
        case .week: return anchor.adding(days: 7 * n)
        case .month: return anchor.adding(months: n, dayOfMonth: day)
        case .quarter: return anchor.adding(months: 3 * n, dayOfMonth: day)
        case .year: return anchor.adding(months: 12 * n, dayOfMonth: day)
        }
    }

    /// The last day of the unit starting on `start`.
    public func end(of start: CivilDate) -> CivilDate {
        next(after: start).map { $0.adding(days: -1) } ?? CivilDate.lastDay
    }

    /// The unit's label: `2025-01-05`, `2025-W05` (ISO week), `2025-01`, `2025-Q1`, `2025`.
    public func label(of start: CivilDate) -> String {
        let (y, m, _) = start.components
        switch self {
        case .day: return start.description
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

    /// The units covering `first...last`, each as its first day.
    public func starts(from first: CivilDate, through last: CivilDate, every: Int = 1) -> [CivilDate] {
        var out: [CivilDate] = []
        var s = start(of: first)
        while s <= last {
            out.append(s)
            var n: CivilDate? = s
            for _ in 0..<max(1, every) { n = n.flatMap(next(after:)) }
            guard let n else { break }
            s = n
        }
        return out
    }
}
