/// What the user asked a report to cover.
public struct ReportOptions: Sendable {
    public var period = DateSpan()
    /// The FILTER options.
    public var query = Query()
    /// Roll accounts up to this many levels.
    public var depth: Int?
    /// With `report trades`: only purchases or only sales.
    public var side: Trade.Side?
    /// `--period`: one column (balance) or row group (summary, budget) per period.
    public var grouping: CalendarUnit?
    /// Every how many units a period is (hledger's `-p 'every 2 weeks'`).
    public var groupingEvery = 1
    /// Weekly periods that start on this day (hledger's `-p 'every tue'`); nil: on Mondays.
    public var weekStart: Weekday?
    /// `report balance --historical`: balances at the end, everything before `--from` included.
    public var historical = false
    /// Each column holds everything from the report's start to its end (hledger's `--cumulative`: running sums without the opening).
    public var cumulative = false
    /// `report balance --period P --average` (`-A`): an average column, the
    /// total ÷ the number of periods (with `--historical`, of the balances).
    public var average = false
    /// `report balance --flat`: full names, each account's own postings.
    public var flat = false
    /// `report balance --empty`: keep rows whose amount is zero.
    public var empty = false
    /// `accounts --types`: each account's type in text.
    public var showTypes = false
    /// `tags --values`: the tags' values instead of their names.
    public var showValues = false
    /// `holdings --lots`: a row per open lot.
    public var lots = false
    /// `prices --infer`: the prices costs imply too.
    public var inferPrices = false
    /// `-X`, `-V`, `--value`: what the figures are valued in, and when.
    public var valuation: Valuation?
    /// The valuation's prices and memory, once the ledger is compiled.
    public var valuer: Valuer?
    /// hledger's rule for a report's days when the period leaves them open:
    /// every transaction's date counts, not only those the query keeps (and,
    /// valued at period ends, the last price's), as hledger 1.25's reportSpan.
    public var spanOfWholeJournal = false

    public init(period: DateSpan = DateSpan(), query: Query = Query(), depth: Int? = nil) {
        self.period = period
        self.query = query
        self.depth = depth
    }
}

extension ReportOptions {
    /// The whole periods of `length` a grouped report covers: from the one
    /// holding `--from` (else the first matching posting's date) to the one
    /// holding `--to` (else the last), as hledger widens them. Empty when
    /// nothing matches and no bound is given.
    func periods(_ length: CalendarUnit, over ledger: Ledger, matcher: QueryMatcher) -> [DateSpan] {
        guard let days = days(over: ledger, matcher: matcher) else { return [] }
        if length == .week, let start = weekStart {
            // Weeks from the `start` day at or before the first day.
            var first = days.first.adding(days: -((days.first.weekday.rawValue - start.rawValue + 7) % 7))
            var out: [DateSpan] = []
            while first <= days.last {
                out.append(DateSpan(first: first, last: first.adding(days: 7 * groupingEvery - 1)))
                first = first.adding(days: 7 * groupingEvery)
            }
            return out
        }
        return length.columns(from: days.first, through: days.last, every: groupingEvery)
    }

    /// The report's days: the period's bounds, else the first and last days
    /// of a transaction the query keeps; nil when neither gives a day (or
    /// the first comes after the last).
    func days(over ledger: Ledger, matcher: QueryMatcher) -> DateSpan? {
        var first = period.from, last = period.to
        if first == nil || last == nil {
            var seenFirst: CivilDate?, seenLast: CivilDate?
            if spanOfWholeJournal {
                // hledger closes an open period with the journal's dates, then its prices'.
                seenFirst = ledger.ordered.first?.date
                seenLast = ledger.ordered.last?.date
                if valuation?.when == .end, let lastPrice = ledger.journal.prices.map(\.date).max() {
                    seenLast = max(seenLast ?? lastPrice, lastPrice)
                    seenFirst = seenFirst ?? lastPrice
                }
            } else {
                for t in ledger.ordered where period.contains(t.date) && matcher.matches(t) {
                    if seenFirst == nil { seenFirst = t.date }
                    seenLast = t.date
                }
            }
            first = first ?? seenFirst
            last = last ?? seenLast
        }
        guard let first, let last, first <= last else { return nil }
        return DateSpan(first: first, last: last)
    }
}
