extension RepeatRule {
    /// The date of occurrence `k` on the rule's unbounded schedule, computed
    /// from the anchor (never from the previous occurrence): month-based
    /// schedules keep the anchor's day, or the month's last day when shorter.
    public func scheduledDate(_ k: Int) -> CivilDate? {
        if let days = schedule.stepDays {
            let d = Int(anchor.day) + k * days
            guard d < Int(CivilDate(year: 9999, month: 12, day: 31)!.day) else { return nil }
            return CivilDate(day: Int32(d))
        }
        return anchor.adding(months: k * schedule.stepMonths, dayOfMonth: anchor.components.day)
    }

    /// The date of occurrence `k` if the rule has one (within `count` and `until`).
    public func occurrenceDate(_ k: Int) -> CivilDate? {
        if k < 0 { return nil }
        if let count, k >= count { return nil }
        guard let d = scheduledDate(k) else { return nil }
        if let until, d > until { return nil }
        return d
    }

    /// The days whose recorded transactions fulfil occurrence `k`, as a half-open
    /// range of day numbers. Windows run from midpoint to midpoint and so
    /// partition time: the midpoint day itself belongs to the later occurrence.
    /// The first window reaches back as far as its forward half reaches ahead;
    /// the last one reaches forward as far as its back half reaches back.
    public func window(_ k: Int) -> Range<Int32> {
        guard let d = occurrenceDate(k) else { return 0..<0 }
        let day = d.day
        let start: Int32
        if k > 0, let previous = occurrenceDate(k - 1) {
            start = RepeatRule.midpoint(previous.day, day)
        } else {
            let next = scheduledDate(k + 1)?.day ?? day + 1
            start = day - (RepeatRule.midpoint(day, next) - day - 1)
        }
        let end: Int32
        if let next = occurrenceDate(k + 1) {
            end = RepeatRule.midpoint(day, next.day)
        } else {
            end = day + (day - start) + 1
        }
        return start..<end
    }

    /// The first day of the later half between two days (the midpoint, rounded up).
    static func midpoint(_ a: Int32, _ b: Int32) -> Int32 { a + (b - a + 1) / 2 }
}
