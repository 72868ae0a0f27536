extension CalendarUnit {
    /// A report's columns of this length over `first...last`, the one
    /// builder every report with periods uses: whole periods (of `every`
    /// units each), the first holding `first`, the last holding `last`, as
    /// hledger widens them; `clipped`: the first and the last cut to `first`
    /// and `last` (a return over part of a month).
    public func columns(from first: CivilDate, through last: CivilDate, every: Int = 1, clipped: Bool = false) -> [DateSpan] {
        guard first <= last else { return [] }
        let starts = self.starts(from: first, through: last, every: every)
        return starts.indices.map { k in
            let end = k + 1 < starts.count ? starts[k + 1].adding(days: -1)
                : (0..<max(0, every - 1)).reduce(self.end(of: starts[k])) { end, _ in self.end(of: end.adding(days: 1)) }
            return clipped ? DateSpan(first: max(starts[k], first), last: min(end, last)) : DateSpan(first: starts[k], last: end)
        }
    }
}
