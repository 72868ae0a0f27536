/// The days of the week, Monday first (ISO 8601).
public enum Weekday: Int, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The weekday of a full or three-letter English name, any case (`fri`, `Friday`).
    public init?(name: String) {
        let n = name.lowercased()
        guard let day = Weekday.allCases.first(where: { n == $0.name || n == String($0.name.prefix(3)) }) else { return nil }
        self = day
    }

    public var name: String { ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue] }

    public var isWeekend: Bool { self == .saturday || self == .sunday }
}

extension CivilDate {
    /// The day of the week (1970-01-01 was a Thursday).
    public var weekday: Weekday {
        let r = (Int(day) + 3) % 7
        return Weekday(rawValue: r < 0 ? r + 7 : r)!
    }
}

/// Which day of each occurrence's month a `repeat` rule falls on (`on ...`).
public enum DayOfMonth: Sendable, Equatable {
    /// `on last day`.
    case lastDay
    /// `on 2nd friday`: the Nth (1...5) such weekday of the month.
    case nth(Int, Weekday)
    /// `on last friday`.
    case last(Weekday)

    /// The day in the month of `year`/`month`; nil when the month has no such
    /// day (no 5th Monday).
    public func date(year: Int, month: Int) -> CivilDate? {
        let days = CivilDate.daysInMonth(year: year, month: month)
        switch self {
        case .lastDay:
            return CivilDate(year: year, month: month, day: days)
        case .nth(let n, let weekday):
            guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
            let offset = (weekday.rawValue - first.weekday.rawValue + 7) % 7
            let d = 1 + offset + 7 * (n - 1)
            return d <= days ? CivilDate(year: year, month: month, day: d) : nil
        case .last(let weekday):
            guard let end = CivilDate(year: year, month: month, day: days) else { return nil }
            let back = (end.weekday.rawValue - weekday.rawValue + 7) % 7
            return CivilDate(year: year, month: month, day: days - back)
        }
    }
}

/// How a `repeat` rule moves occurrences off non-business days (`shift before weekend`).
public struct BusinessDayShift: Sendable, Equatable {
    /// `after`: to the next business day; else `before`: to the previous one.
    public var later: Bool
    /// `holiday`: declared holidays are not business days either; else `weekend`: only Saturday and Sunday.
    public var holidays: Bool

    public init(later: Bool, holidays: Bool) {
        self.later = later
        self.holidays = holidays
    }

    /// True when `date` is a business day under this shift.
    public func isBusinessDay(_ date: CivilDate, holidays declared: Set<Int32>) -> Bool {
        !date.weekday.isWeekend && !(holidays && declared.contains(date.day))
    }

    /// The nearest business day on or after (`later`) or on or before `date`.
    public func shifted(_ date: CivilDate, holidays declared: Set<Int32>) -> CivilDate {
        var d = date
        // A year of holidays in a row is the most that can be declared and still end.
        var steps = 0
        while !isBusinessDay(d, holidays: declared), steps < 400 {
            d = d.adding(days: later ? 1 : -1)
            steps += 1
        }
        return d
    }
}
