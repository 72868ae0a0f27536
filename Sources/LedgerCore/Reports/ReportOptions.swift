/// What the user asked a report to cover.
public struct ReportOptions: Sendable {
    public var period = Period()
    /// Keep postings whose account contains this text (case-insensitive).
    public var account: String?
    /// Roll accounts up to this many levels.
    public var depth: Int?
    /// With `report trades`: only purchases or only sales.
    public var side: Trade.Side?

    public init(period: Period = Period(), account: String? = nil, depth: Int? = nil) {
        self.period = period
        self.account = account
        self.depth = depth
    }
}

/// Decides, per account id, whether `--account TEXT` keeps it (computed once per account).
package struct AccountFilter {
    private var keep: [Bool]

    public init(_ accounts: AccountTable, text: String?) {
        guard let text, !text.isEmpty else {
            keep = Array(repeating: true, count: accounts.count)
            return
        }
        let needle = text.lowercased()
        keep = (0..<Int32(accounts.count)).map { accounts[$0].lowercased().contains(needle) }
    }

    @inline(__always) public func keeps(_ account: Int32) -> Bool { keep[Int(account)] }
}
