/// What the user asked a report to cover.
public struct ReportOptions: Sendable {
    public var period = Period()
    /// The FILTER options.
    public var query = Query()
    /// Roll accounts up to this many levels.
    public var depth: Int?
    /// With `report trades`: only purchases or only sales.
    public var side: Trade.Side?
    /// `--period`: one column (balance) or row group (summary, budget) per period.
    public var grouping: PeriodLength?
    /// `report balance --historical`: balances at the end, everything before `--from` included.
    public var historical = false
    /// `report balance --flat`: full names, each account's own postings.
    public var flat = false
    /// `report balance --empty`: keep rows whose amount is zero.
    public var empty = false

    public init(period: Period = Period(), query: Query = Query(), depth: Int? = nil) {
        self.period = period
        self.query = query
        self.depth = depth
    }
}
