/// An automated transaction, `= QUERY` with postings under it, as hledger
/// (`--auto`) and ledger-cli read it: every posting that matches the query
/// gets the rule's postings added right after it.
public struct AutomatedRule: Sendable {
    /// The query as written after `=`.
    public var query: String
    public var terms: [QueryTerm]
    /// The postings to add. A posting whose `multipliers` entry is set has the
    /// matched posting's amount times that number (`*0.1`); the others have
    /// their own amount.
    public var postings: [Posting]
    public var multipliers: [ExactDecimal?]
    public var location: SourceLocation
}

/// One term of a posting query, in hledger's query language: a bare word
/// (an account regex), `acct:`, `desc:`, `payee:`, `note:`, `code:`,
/// `tag:NAME[=VALUE]`, `amt:OPN`, `cur:`, `status:`, `real:`, each
/// optionally negated with `not:`.
public struct QueryTerm: Sendable, Equatable {
    public enum Field: String, Sendable, CaseIterable {
        case account = "acct", description = "desc", payee, note, code, tag, amount = "amt", commodity = "cur", status, real
    }
    public var field: Field
    /// The pattern (a case-insensitive regular expression), or for `amt:` the
    /// comparison, for `status:` the mark, for `real:` the flag.
    public var value: String
    /// For `tag:NAME=VALUE`: the value's pattern.
    public var tagValue: String?
    public var negated = false
}

/// A query word that ledgerc cannot read.
public struct QueryTermError: Error, Sendable {
    public var term: String
    /// A hledger query prefix that automated rules do not support here (`date:`).
    public var unsupported: Bool
}

/// `amt:` as hledger 1.25 compares: `<`, `<=`, `>`, `>=` or `=` (or none) and
/// a number; a number with a sign (or zero) compares signed amounts, one
/// without compares magnitudes.
public struct AmountComparison: Sendable {
    public var op: String
    public var number: ExactDecimal
    public var signed: Bool

    public init(op: String, number: ExactDecimal, signed: Bool) {
        self.op = op
        self.number = number
        self.signed = signed
    }

    public func matches(_ quantity: ExactDecimal) -> Bool {
        let a = signed ? quantity : quantity.magnitude
        let b = signed ? number : number.magnitude
        switch op {
        case "<": return a < b
        case "<=": return !(b < a)
        case ">": return b < a
        case ">=": return !(a < b)
        default: return a.isEqual(to: b)
        }
    }
}
