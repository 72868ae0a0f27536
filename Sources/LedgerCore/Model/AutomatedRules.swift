/// An automated transaction, `= QUERY` with postings under it, as hledger
/// (`--auto`) and ledger-cli read it: every posting that matches the query
/// gets the rule's postings added right after it.
public struct AutomatedRule: Sendable {
    /// The query as written after `=`.
    public var query: String
    /// The query as read: hledger's terms, matched as hledger matches them.
    public var filter: Query
    /// The postings to add. A posting whose `multipliers` entry is set has the
    /// matched posting's amount times that number (`*0.1`); the others have
    /// their own amount.
    public var postings: [Posting]
    public var multipliers: [ExactDecimal?]
    public var location: SourceLocation
}

/// A query word that ledgerc cannot read.
public struct QueryTermError: Error, Sendable {
    public var term: String
    /// A hledger query prefix that automated rules do not support here (`date:`).
    public var unsupported: Bool
}
