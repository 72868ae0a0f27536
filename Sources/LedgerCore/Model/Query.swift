/// Text to look for: a case-insensitive substring, or a regular expression
/// written `/.../` (a `LinearRegex`, case-insensitive too, matched in linear time).
public struct TextPattern: Sendable, Equatable {
    /// What the user wrote, slashes included.
    public let written: String

    /// Checks a regular expression now, so that a bad one is a usage error.
    public init(_ written: String) throws(QueryError) {
        self.written = written
        if let source = regexSource {
            do { _ = try LinearRegex(source) } catch {
                throw QueryError(message: "'\(written)' is not a regular expression: \(error.message)")
            }
        }
    }

    /// The expression between the slashes, for `/.../`.
    var regexSource: String? {
        guard written.count >= 2, written.hasPrefix("/"), written.hasSuffix("/") else { return nil }
        return String(written.dropFirst().dropLast())
    }

    /// A matcher to use many times (a compiled regex or a lowercased needle).
    func matcher() -> TextMatcher {
        if let source = regexSource, let regex = try? LinearRegex(source) {
            return TextMatcher(needle: nil, regex: regex)
        }
        return TextMatcher(needle: written.lowercased(), regex: nil)
    }
}

/// A compiled `TextPattern`.
struct TextMatcher {
    let needle: String?
    let regex: LinearRegex?

    func matches(_ text: String) -> Bool {
        if let needle { return needle.isEmpty || text.lowercased().contains(needle) }
        return regex!.matches(text)
    }
}

/// `--tag NAME` or `--tag NAME=PATTERN`: a tag (name compared in any case),
/// and, when given, a pattern its value must match.
public struct TagPattern: Sendable, Equatable {
    public var name: String
    public var value: TextPattern?

    public init(_ written: String) throws(QueryError) {
        guard let eq = written.firstIndex(of: "=") else {
            name = written
            value = nil
            guard !name.isEmpty else { throw QueryError(message: "--tag needs a tag name") }
            return
        }
        name = String(written[..<eq])
        guard !name.isEmpty else { throw QueryError(message: "--tag needs a tag name before '='") }
        value = try TextPattern(String(written[written.index(after: eq)...]))
    }
}

/// `--amount OP NUMBER`: compares a posting's signed amount with a number.
public struct AmountTest: Sendable, Equatable {
    public enum Comparison: String, Sendable, CaseIterable {
        case atLeast = ">=", atMost = "<=", notEqual = "!=", greater = ">", less = "<", equal = "="
    }
    public var comparison: Comparison
    public var number: ExactDecimal

    /// Reads `>100`, `<= -5`, `=0`, `!=12.50` (a bare number means `=`).
    public init(_ written: String) throws(QueryError) {
        var text = Substring(written.trimmingSpaces)
        var comparison = Comparison.equal
        for c in Comparison.allCases where text.hasPrefix(c.rawValue) {
            comparison = c
            text = text.dropFirst(c.rawValue.count)
            break
        }
        if text.hasPrefix("=") { text = text.dropFirst() }  // `==` reads as `=`
        guard let number = AmountTest.number(String(text).trimmingSpaces) else {
            throw QueryError(message: "--amount takes a comparison and a number (>100, <=-5, =0), not '\(written)'")
        }
        self.comparison = comparison
        self.number = number
    }

    public func matches(_ q: ExactDecimal) -> Bool {
        switch comparison {
        case .atLeast: return !(q < number)
        case .atMost: return !(number < q)
        case .greater: return number < q
        case .less: return q < number
        case .equal: return q.isEqual(to: number)
        case .notEqual: return !q.isEqual(to: number)
        }
    }

    /// A plain decimal: optional sign, digits, optional point and digits.
    static func number(_ text: String) -> ExactDecimal? {
        var mantissa: Int128 = 0, scale = 0, digits = 0, afterPoint = false, negative = false
        var bytes = Substring(text).utf8[...]
        if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() } else if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        for b in bytes {
            if b == UInt8(ascii: "."), !afterPoint { afterPoint = true; continue }
            guard (48...57).contains(b), digits < 30 else { return nil }
            mantissa = mantissa * 10 + Int128(b - 48)
            digits += 1
            if afterPoint { scale += 1 }
        }
        guard digits > 0 else { return nil }
        return ExactDecimal(mantissa: negative ? -mantissa : mantissa, scale: scale)
    }
}

/// A filter option the command line could not read.
public struct QueryError: Error, Sendable {
    public var message: String
}

/// The FILTER options as one value. Filters of one kind match any of their
/// patterns; filters of different kinds must all match. A posting carries its
/// transaction's tags and status.
public struct Query: Sendable, Equatable {
    public var accounts: [TextPattern] = []
    public var notAccounts: [TextPattern] = []
    public var payees: [TextPattern] = []
    /// The whole description (hledger's `desc:`).
    public var notes: [TextPattern] = []
    public var tags: [TagPattern] = []
    public var statuses: [Status] = []
    public var amounts: [AmountTest] = []

    public init() {}

    /// No filter: every posting matches.
    public var isEmpty: Bool {
        accounts.isEmpty && notAccounts.isEmpty && payees.isEmpty && notes.isEmpty && tags.isEmpty && statuses.isEmpty && amounts.isEmpty
    }

    /// Only `--account` / `--not-account`: decided by the account alone.
    var isAccountsOnly: Bool {
        payees.isEmpty && notes.isEmpty && tags.isEmpty && statuses.isEmpty && amounts.isEmpty
    }

    /// Adds one filter option (`--account`, `--payee`...) with its value.
    public mutating func add(option: String, value: String) throws(QueryError) {
        switch option {
        case "--account": accounts.append(try TextPattern(value))
        case "--not-account": notAccounts.append(try TextPattern(value))
        case "--payee": payees.append(try TextPattern(value))
        case "--note": notes.append(try TextPattern(value))
        case "--tag": tags.append(try TagPattern(value))
        case "--amount": amounts.append(try AmountTest(value))
        case "--status":
            switch value.lowercased() {
            case "cleared", "*": statuses.append(.cleared)
            case "pending", "!": statuses.append(.pending)
            case "unmarked", "": statuses.append(.unmarked)
            default: throw QueryError(message: "--status takes cleared, pending or unmarked, not '\(value)'")
            }
        default: throw QueryError(message: "unknown filter '\(option)'")
        }
    }

    /// The options that `add(option:value:)` reads.
    public static let options: [String] = ["--account", "--not-account", "--payee", "--note", "--tag", "--status", "--amount"]
}

/// A query made ready for one journal: each account name is matched once,
/// up front, so that account filters cost an array read per posting.
public struct QueryMatcher {
    public let query: Query
    private let keepAccount: [Bool]
    private let payees: [TextMatcher], notes: [TextMatcher], tagValues: [TextMatcher?]

    public init(_ query: Query, accounts: AccountTable) {
        self.query = query
        let wanted = query.accounts.map { $0.matcher() }, unwanted = query.notAccounts.map { $0.matcher() }
        if wanted.isEmpty && unwanted.isEmpty {
            keepAccount = Array(repeating: true, count: accounts.count)
        } else {
            keepAccount = (0..<Int32(accounts.count)).map { id in
                let name = accounts[id]
                return (wanted.isEmpty || wanted.contains { $0.matches(name) }) && !unwanted.contains { $0.matches(name) }
            }
        }
        payees = query.payees.map { $0.matcher() }
        notes = query.notes.map { $0.matcher() }
        tagValues = query.tags.map { $0.value?.matcher() }
    }

    /// Keeps the postings of the accounts `keep` marks, whatever else they hold
    /// (a diff's accounts, named exactly).
    package init(keepingAccounts keep: [Bool]) {
        query = Query()
        keepAccount = keep
        payees = []
        notes = []
        tagValues = []
        keepsAll = false
    }

    private var keepsAll: Bool?

    /// No filter at all.
    public var keepsEverything: Bool { keepsAll ?? query.isEmpty }

    /// Whether the account filters keep this account.
    @inline(__always) public func keeps(account: Int32) -> Bool { keepAccount[Int(account)] }

    /// Whether the posting `p` of `t` matches every kind of filter.
    public func matches(_ t: Transaction, _ p: Posting) -> Bool {
        guard keepAccount[Int(p.account)] else { return false }
        if query.isAccountsOnly { return true }
        return matchesTransactionParts(t) && matchesPostingParts(t, p)
    }

    /// Whether any posting of `t` matches (for reports that keep whole transactions).
    public func matches(_ t: Transaction) -> Bool {
        if query.isEmpty { return true }
        if query.isAccountsOnly { return t.postings.contains { keepAccount[Int($0.account)] } }
        guard matchesTransactionParts(t) else { return false }
        return t.postings.contains { keepAccount[Int($0.account)] && matchesPostingParts(t, $0) }
    }

    /// Payee and description: the same for every posting of the transaction.
    private func matchesTransactionParts(_ t: Transaction) -> Bool {
        if !payees.isEmpty, !payees.contains(where: { $0.matches(t.payee) }) { return false }
        if !notes.isEmpty, !notes.contains(where: { $0.matches(t.description) }) { return false }
        return true
    }

    /// Status, amount and tags: the posting's own, or its transaction's.
    private func matchesPostingParts(_ t: Transaction, _ p: Posting) -> Bool {
        if !query.statuses.isEmpty {
            let status = p.status == .unmarked ? t.status : p.status
            guard query.statuses.contains(status) else { return false }
        }
        if !query.amounts.isEmpty {
            guard let a = p.amount, query.amounts.contains(where: { $0.matches(a.quantity) }) else { return false }
        }
        if !query.tags.isEmpty {
            let tags = p.tags + t.tags
            let any = query.tags.indices.contains { i in
                let want = query.tags[i]
                return tags.contains { tag in
                    tag.key.lowercased() == want.name.lowercased() && (tagValues[i]?.matches(tag.value) ?? true)
                }
            }
            guard any else { return false }
        }
        return true
    }
}
