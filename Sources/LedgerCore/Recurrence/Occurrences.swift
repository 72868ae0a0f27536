extension RepeatRule {
    /// The date of step `k` on the rule's unbounded schedule, computed from
    /// the anchor (never from the previous occurrence): month-based schedules
    /// keep the anchor's day, or the month's last day when shorter.
    public func scheduledDate(_ k: Int) -> CivilDate? {
        schedule.step(k, from: anchor, day: anchor.components.day)
    }

    /// What step `k` of the schedule gives once `on` is applied.
    enum Step {
        /// The schedule ends (past year 9999).
        case end
        /// This step's month has no such day (no 5th Monday), or it is before `from`.
        case none
        case date(CivilDate)
    }

    /// Step `k` with `on` applied (before any shift).
    func step(_ k: Int) -> Step {
        guard let scheduled = scheduledDate(k) else { return .end }
        guard let day else { return .date(scheduled) }
        let (y, m, _) = scheduled.components
        guard let d = day.date(year: y, month: m) else { return .none }
        // The first occurrence is the first matching day on or after `from`.
        return d < anchor ? .none : .date(d)
    }

    /// The rule's occurrences in order: `on` and `shift` applied, within
    /// `until` and `count`. `holidays` are the declared non-business days.
    public func occurrences(holidays: Set<Int32> = []) -> Occurrences {
        Occurrences(rule: self, holidays: holidays)
    }

    /// The first day of the later half between two days (the midpoint, rounded up).
    static func midpoint(_ a: Int32, _ b: Int32) -> Int32 { a + (b - a + 1) / 2 }
}

/// One occurrence of a rule: its step on the schedule (what `#K` names) and its date.
public struct Occurrence: Sendable, Equatable {
    public var index: Int
    public var date: CivilDate
}

/// The occurrences of a rule, in order, each with its fulfilment window.
///
/// A shift moves an occurrence to the nearest business day in its direction
/// without changing its index; an occurrence that would reach its neighbour's
/// day is dropped (a daily rule shifted off weekends keeps the weekdays), so
/// dates stay strictly increasing. `count` counts the occurrences that exist.
public struct Occurrences: IteratorProtocol, Sequence {
    let rule: RepeatRule
    let holidays: Set<Int32>
    /// Whether `until` and `count` apply (the first window of a one-occurrence
    /// rule looks at the step after it, as if unbounded).
    let bounded: Bool
    private var k = 0
    private var produced = 0
    /// The unshifted date of the last step read (shift before looks back at it).
    private var previousStep: CivilDate?
    /// A step read ahead (shift after looks forward at it).
    private var ahead: (Int, CivilDate)?
    private var ended = false

    init(rule: RepeatRule, holidays: Set<Int32>, bounded: Bool = true) {
        self.rule = rule
        self.holidays = holidays
        self.bounded = bounded
    }

    /// The next step that has a date, unshifted.
    private mutating func nextStep() -> (Int, CivilDate)? {
        if let a = ahead {
            ahead = nil
            return a
        }
        // A run of months with no such day is at most a few steps; bound the search anyway.
        var misses = 0
        while !ended, misses < 1000 {
            let i = k
            k += 1
            switch rule.step(i) {
            case .end: ended = true
            case .none: misses += 1
            case .date(let d):
                if bounded, let until = rule.until, d > until { ended = true; return nil }
                return (i, d)
            }
        }
        return nil
    }

    public mutating func next() -> Occurrence? {
        while true {
            if bounded, let count = rule.count, produced >= count { return nil }
            guard let (index, date) = nextStep() else { return nil }
            defer { previousStep = date }
            var shifted = date
            if let shift = rule.shift {
                shifted = shift.shifted(date, holidays: holidays)
                if shift.later, shifted != date {
                    ahead = nextStep()
                    if let (_, following) = ahead, shifted >= following { continue }
                } else if !shift.later, let previous = previousStep, shifted <= previous {
                    continue
                }
                if !shift.isBusinessDay(shifted, holidays: holidays) { continue }
            }
            if bounded, let until = rule.until, shifted > until { return nil }
            produced += 1
            return Occurrence(index: index, date: shifted)
        }
    }

    /// Walks the occurrences with each one's fulfilment window.
    public func withWindows() -> OccurrenceWindows { OccurrenceWindows(self) }
}

/// Occurrences with their fulfilment windows: the days whose recorded
/// transactions fulfil each, as a half-open range of day numbers. Windows run
/// from midpoint to midpoint between neighbouring occurrences (shifted dates)
/// and so partition time: the midpoint day itself belongs to the later
/// occurrence. The first window reaches back as far as its forward half
/// reaches ahead; the last one reaches forward as far as its back half
/// reaches back.
public struct OccurrenceWindows: IteratorProtocol, Sequence {
    private var occurrences: Occurrences
    private var previous: Occurrence?
    private var current: Occurrence?

    init(_ occurrences: Occurrences) {
        self.occurrences = occurrences
        current = self.occurrences.next()
    }

    public mutating func next() -> (occurrence: Occurrence, window: Range<Int32>)? {
        guard let now = current else { return nil }
        let following = occurrences.next()
        let day = now.date.day
        let start: Int32
        if let previous {
            start = RepeatRule.midpoint(previous.date.day, day)
        } else {
            // The first reaches back as far as it reaches ahead; a single
            // occurrence looks at the step after it, as if unbounded.
            var reach = following?.date.day
            if reach == nil {
                var unbounded = Occurrences(rule: occurrences.rule, holidays: occurrences.holidays, bounded: false)
                _ = unbounded.next()
                reach = unbounded.next()?.date.day
            }
            start = day - (RepeatRule.midpoint(day, reach ?? day + 1) - day - 1)
        }
        let end = following.map { RepeatRule.midpoint(day, $0.date.day) } ?? day + (day - start) + 1
        let window = start..<end
        previous = now
        current = following
        return (now, window)
    }
}
