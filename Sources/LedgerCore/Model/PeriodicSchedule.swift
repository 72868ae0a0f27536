/// When a `~` periodic transaction recurs, as hledger reads its period
/// expression: an interval (`monthly`, `every 2 weeks`), and optionally a
/// start (`from`, inclusive) and an end (`to`, exclusive, as in hledger).
/// Occurrences fall on the interval's natural boundaries (weeks on Mondays,
/// months on the 1st) or, with `from`, every interval from that date.
public struct PeriodicSchedule: Sendable, Equatable {
    public var unit: CalendarUnit
    /// Every how many units (2 for `biweekly`).
    public var every: Int
    public var from: CivilDate?
    /// The first day no longer in force.
    public var to: CivilDate?

    public init(unit: CalendarUnit, every: Int = 1, from: CivilDate? = nil, to: CivilDate? = nil) {
        self.unit = unit
        self.every = every
        self.from = from
        self.to = to
    }

    /// Reads the forms ledgerc can schedule: `daily`, `weekly`, `biweekly`,
    /// `fortnightly`, `monthly`, `bimonthly`, `quarterly`, `yearly`,
    /// `annually`, `every [N] day(s)|week(s)|month(s)|quarter(s)|year(s)`,
    /// with `from|since DATE`, `to|until DATE`, `in DATE` (partial dates
    /// allowed). Nil for anything else (`every 2nd monday`).
    public static func parse(_ text: String) -> PeriodicSchedule? {
        guard let e = PeriodExpression.parse(text, today: nil), let interval = e.interval else { return nil }
        return PeriodicSchedule(unit: interval.unit, every: interval.every, from: e.from, to: e.to)
    }

    /// The occurrence dates within `first...last`, in order.
    public func dates(from first: CivilDate, through last: CivilDate) -> [CivilDate] {
        let start = max(first, from ?? first)
        let end = to.map { min(last, $0.adding(days: -1)) } ?? last
        guard start <= end else { return [] }
        // Without `from`, count from the boundary at or before the first day.
        var date = from ?? unit.start(of: start)
        let anchorDay = date.components.day
        var n = 0
        var out: [CivilDate] = []
        while date <= end {
            if date >= start { out.append(date) }
            n += every
            guard let next = unit.advance(from: from ?? unit.start(of: start), by: n, day: anchorDay), next > date else { break }
            date = next
        }
        return out
    }
}
