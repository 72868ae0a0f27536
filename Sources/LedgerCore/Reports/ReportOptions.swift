/// What the user asked a report to cover.
public struct ReportOptions: Sendable {
    public var period = Period()
    /// Keep postings whose account contains this text (case-insensitive).
    public var account: String?
    /// Roll accounts up to this many levels.
    public var depth: Int?

    public init(period: Period = Period(), account: String? = nil, depth: Int? = nil) {
        self.period = period
        self.account = account
        self.depth = depth
    }
}

/// Decides, per account id, whether `--account TEXT` keeps it (computed once per account).
public struct AccountFilter {
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

/// Per-commodity amounts in order of first appearance; few commodities per key.
public struct AmountSums: Sendable {
    public private(set) var amounts: [Amount] = []

    public init() {}

    /// Adds; returns false on overflow.
    @discardableResult
    public mutating func add(_ a: Amount) -> Bool {
        for i in amounts.indices where amounts[i].commodity == a.commodity {
            guard let s = amounts[i].quantity.adding(a.quantity) else { return false }
            amounts[i].quantity = s
            return true
        }
        amounts.append(a)
        return true
    }

    public func quantity(_ commodity: Int32) -> ExactDecimal {
        amounts.first { $0.commodity == commodity }?.quantity ?? .zero
    }

    /// The non-zero sums at display precision, sorted by commodity name.
    public func nonZero(_ commodities: CommodityTable) -> [Amount] {
        amounts.filter { !$0.quantity.rounded(to: commodities.precision($0.commodity)).isZero }
            .sorted { commodities[$0.commodity] < commodities[$1.commodity] }
    }
}

/// The `"ledgerc": 1, "until": ...` header every JSON report starts with.
func beginJSONReport(_ w: inout JSONWriter, until: CivilDate) {
    w.beginObject()
    w.key("ledgerc"); w.int(1)
    w.key("until"); w.string(until.description)
}
