/// When a `~` periodic transaction recurs, as hledger 1.25 reads its period
/// expression: an interval (`monthly`, `every 2 weeks`), or one of hledger's
/// day rules (`every 28th day`, `every 2nd monday`, `every weekday`, `every
/// tue,thu`, `every 12/25`), or no interval at all (`~ 2021-10-01`: once, on
/// the period's first day); and optionally a start (`from`, inclusive) and an
/// end (`to`, exclusive, as in hledger). Interval occurrences fall on the
/// interval's natural boundaries (weeks on Mondays, months on the 1st) or,
/// with `from`, every interval from that date.
public struct PeriodicSchedule: Sendable, Equatable {
    /// Which days, beside an interval's.
    public enum Days: Sendable, Equatable {
        /// Every `every` units (the interval).
        case interval
        /// Once, on `from` (a period with no interval).
        case once
        /// `every Nth day [of month]`: that day of each month (its last day in a shorter month).
        case dayOfMonth(Int)
        /// `every Nth WEEKDAY [of month]`: the Nth such weekday of each month,
        /// as hledger 1.25 steps them: from the one at or before the first day
        /// (in a month without an Nth, counted on into the next month), then
        /// the Nth of each month after the one that landed in.
        case weekdayOfMonth(Int, Weekday)
        /// `every MM/DD [of year]`, `every Nth MONTH`: that day of each year.
        case dayOfYear(month: Int, day: Int)
        /// `every weekday`, `every weekendday`, `every mon,wed`, `every Nth day of week`: those weekdays.
        case weekdays(Set<Weekday>)
    }

    /// The interval (`monthly`, `every 2 weeks`): the same `Schedule` a `repeat` rule steps by.
    public var interval: Schedule
    public var from: CivilDate?
    /// The first day no longer in force.
    public var to: CivilDate?
    public var days: Days = .interval

    public init(_ interval: Schedule, from: CivilDate? = nil, to: CivilDate? = nil, days: Days = .interval) {
        self.interval = interval
        self.from = from
        self.to = to
        self.days = days
    }

    /// Reads the forms ledgerc can schedule: `daily`, `weekly`, `biweekly`,
    /// `fortnightly`, `monthly`, `bimonthly`, `quarterly`, `yearly`,
    /// `annually`, `every [N] day(s)|week(s)|month(s)|quarter(s)|year(s)`,
    /// hledger's day rules (`Days`), with `from|since DATE`, `to|until DATE`,
    /// `in DATE` (partial dates allowed), or a period alone (once).
    /// `reference`: the day relative dates and dates without a year count
    /// from (the `Y` year's first day); without it they are not read. Nil
    /// for anything else.
    public static func parse(_ text: String, reference: CivilDate? = nil) -> PeriodicSchedule? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        if words.first == "every", let (days, used) = dayRule(Array(words.dropFirst())) {
            let rest = words.dropFirst(1 + used).joined(separator: " ")
            var schedule = PeriodicSchedule(Schedule(.day), days: days)
            if !rest.isEmpty {
                guard let e = PeriodExpression.parse(rest, today: reference), e.interval == nil else { return nil }
                schedule.from = e.from
                schedule.to = e.to
            }
            return schedule
        }
        guard let e = PeriodExpression.parse(text, today: reference) else { return nil }
        guard let interval = e.interval else {
            // No interval: once, on the period's first day.
            guard let first = e.from else { return nil }
            return PeriodicSchedule(Schedule(.day), from: first, to: e.to ?? first.adding(days: 1), days: .once)
        }
        return PeriodicSchedule(interval, from: e.from, to: e.to)
    }

    /// hledger's day rules after `every`, with the number of words they take.
    static func dayRule(_ words: [String]) -> (Days, Int)? {
        guard let first = words.first else { return nil }
        func ordinal(_ w: String) -> Int? {
            for suffix in ["st", "nd", "rd", "th"] where w.hasSuffix(suffix) { return Int(w.dropLast(2)) }
            return nil
        }
        /// `of WORD` after `at`, when it is there.
        func of(_ at: Int, _ word: String) -> Int { at + 1 < words.count && words[at] == "of" && words[at + 1] == word ? 2 : 0 }
        if first == "weekday" { return (.weekdays([.monday, .tuesday, .wednesday, .thursday, .friday]), 1) }
        if first == "weekendday" { return (.weekdays([.saturday, .sunday]), 1) }
        if let n = ordinal(first), words.count > 1 {
            if words[1] == "day" {
                // `every Nth day of week`: that weekday; `every Nth day [of month]`.
                if of(2, "week") == 2 { return Weekday(rawValue: n - 1).map { (.weekdays([$0]), 4) } }
                return (1...31).contains(n) ? (.dayOfMonth(n), 2 + of(2, "month")) : nil
            }
            if let wd = Weekday(name: words[1]) { return (1...5).contains(n) ? (.weekdayOfMonth(n, wd), 2 + of(2, "month")) : nil }
            if let m = monthNumber(words[1]), (1...31).contains(n) { return (.dayOfYear(month: m, day: n), 2 + of(2, "year")) }
            return nil
        }
        // `every MONTH Nth`.
        if let m = monthNumber(first), words.count > 1, let n = ordinal(words[1]), (1...31).contains(n) {
            return (.dayOfYear(month: m, day: n), 2 + of(2, "year"))
        }
        // `every MM/DD`, `every MM-DD`.
        let parts = first.split(whereSeparator: { $0 == "/" || $0 == "-" || $0 == "." })
        if parts.count == 2, parts.allSatisfy({ $0.count <= 2 }), let m = Int(parts[0]), let d = Int(parts[1]), (1...12).contains(m), (1...31).contains(d) {
            return (.dayOfYear(month: m, day: d), 1 + of(1, "year"))
        }
        // `every mon,wed`, `every tue`.
        let names = first.split(separator: ",")
        let weekdays = names.compactMap { Weekday(name: String($0)) }
        if !weekdays.isEmpty, weekdays.count == names.count { return (.weekdays(Set(weekdays)), 1) }
        return nil
    }

    static func monthNumber(_ word: String) -> Int? {
        (DateSpan.monthNames.firstIndex(of: word) ?? DateSpan.longMonthNames.firstIndex(of: word)).map { $0 + 1 }
    }

    /// The occurrence dates within `first...last`, in order.
    public func dates(from first: CivilDate, through last: CivilDate) -> [CivilDate] {
        let start = max(first, from ?? first)
        let end = to.map { min(last, $0.adding(days: -1)) } ?? last
        guard start <= end else { return [] }
        switch days {
        case .interval: break
        case .once: return from.map { start <= $0 && $0 <= end ? [$0] : [] } ?? []
        case .weekdays(let set):
            var out: [CivilDate] = []
            var d = start
            while d <= end {
                if set.contains(d.weekday) { out.append(d) }
                d = d.adding(days: 1)
            }
            return out
        case .dayOfMonth(let n): return monthly(start, end) { y, m in CivilDate(year: y, month: m, day: min(n, CivilDate.daysInMonth(year: y, month: m))) }
        case .weekdayOfMonth(let n, let wd):
            /// The Nth `wd` counted from the first day of the month `k` months after `date`'s.
            func nth(_ date: CivilDate, _ k: Int) -> CivilDate? {
                guard let first = CalendarUnit.month.start(of: date).adding(months: k, dayOfMonth: 1) else { return nil }
                return first.adding(days: (wd.rawValue - first.weekday.rawValue + 7) % 7 + 7 * (n - 1))
            }
            guard let same = nth(start, 0), let s = same <= start ? same : nth(start, -1) else { return [] }
            var out: [CivilDate] = []
            var k = 0, next: CivilDate? = s
            while let d = next, d <= end {
                if d >= start { out.append(d) }
                k += 1
                next = nth(s, k)
            }
            return out
        case .dayOfYear(let month, let day):
            return (start.components.year...end.components.year).compactMap { y in
                guard let d = CivilDate(year: y, month: month, day: min(day, CivilDate.daysInMonth(year: y, month: month))), start <= d, d <= end else { return nil }
                return d
            }
        }
        // Without `from`, count from the boundary at or before the first day.
        let base = from ?? interval.unit.start(of: start)
        let anchorDay = base.components.day
        var out: [CivilDate] = []
        var k = 0
        while let date = interval.step(k, from: base, day: anchorDay), date <= end {
            if date >= start { out.append(date) }
            k += 1
        }
        return out
    }

    /// The day `pick` gives in each month from `start`'s to `end`'s, those within them.
    private func monthly(_ start: CivilDate, _ end: CivilDate, _ pick: (Int, Int) -> CivilDate?) -> [CivilDate] {
        var out: [CivilDate] = []
        var (y, m, _) = start.components
        while true {
            if let d = pick(y, m), start <= d, d <= end { out.append(d) }
            m += 1
            if m > 12 { m = 1; y += 1 }
            guard let next = CivilDate(year: y, month: m, day: 1), next <= end else { break }
        }
        return out
    }
}
