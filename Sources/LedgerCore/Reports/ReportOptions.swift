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

/// The `"ledgerc": 1, "until": ...` header every JSON report starts with.
func beginJSONReport(_ w: inout JSONWriter, until: CivilDate) {
    w.beginObject()
    w.key("ledgerc"); w.int(1)
    w.key("until"); w.string(until.description)
}

/// Closes the report's last array and its object; the bytes, with a final line break.
func finishJSONReport(_ w: inout JSONWriter) -> [UInt8] {
    w.endArray()
    w.endObject()
    w.buffer.byte(0x0A)
    return w.buffer.bytes
}
