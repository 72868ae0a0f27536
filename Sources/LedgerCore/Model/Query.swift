/// Text to look for, in any case: on the command line a regular expression
/// (a `LinearRegex`, matched in linear time) that also matches where its text
/// is found as written, so `^expenses:food` anchors and `(주)한빛` still finds
/// `(주)한빛`; `/.../` is a regular expression only; in hledger's query terms
/// always a regular expression; for a tag's name, the whole name.
public struct TextPattern: Sendable, Equatable {
    /// What the user wrote, slashes included.
    public let written: String
    private let kind: Kind

    private enum Kind: Sendable, Equatable {
        case substring, regexOrText, slashed, regex, wholeName, wholeRegex
    }

    /// The command line's pattern: `/.../` is a regular expression, checked now
    /// (a bad one is a usage error); any other text is a regular expression
    /// or the text itself (text that is no regular expression is only text).
    public init(_ written: String) throws(QueryError) {
        self.written = written
        if written.count >= 2 && written.hasPrefix("/") && written.hasSuffix("/") {
            kind = .slashed
        } else if written.utf8.contains(where: { "^$.*+?()[]{}|\\".utf8.contains($0) }), (try? LinearRegex(written)) != nil {
            kind = .regexOrText
        } else {
            kind = .substring
        }
        try check()
    }

    /// hledger's pattern: a regular expression, found anywhere in the text or
    /// (`whole`, as `cur:` matches a symbol) matching all of it.
    public init(regex: String, whole: Bool = false) throws(QueryError) {
        written = regex
        kind = whole ? .wholeRegex : .regex
        try check()
    }

    /// A whole name, compared in any case (`--tag NAME`).
    init(name: String) {
        written = name
        kind = .wholeName
    }

    private func check() throws(QueryError) {
        guard let source = regexSource else { return }
        do { _ = try LinearRegex(source) } catch {
            throw QueryError(message: "'\(written)' is not a regular expression: \(error.message)")
        }
    }

    /// The regular expression matched, for one.
    var regexSource: String? {
        switch kind {
        case .substring, .wholeName: return nil
        case .slashed: return String(written.dropFirst().dropLast())
        case .regex, .regexOrText: return written
        case .wholeRegex: return "^(?:\(written))$"
        }
    }

    /// A matcher to use many times (a compiled regex or a lowercased needle).
    package func matcher(work: PatternWork? = nil) -> TextMatcher {
        if let source = regexSource, let regex = try? LinearRegex(source) {
            return TextMatcher(needle: kind == .regexOrText ? written.lowercased() : nil, whole: false, regex: regex, work: work)
        }
        return TextMatcher(needle: written.lowercased(), whole: kind == .wholeName, regex: nil, work: work)
    }
}

/// A compiled `TextPattern`.
package struct TextMatcher {
    let needle: String?
    let whole: Bool
    let regex: LinearRegex?
    /// Where a journal's own pattern takes its work from (nil: a report's, unbounded).
    let work: PatternWork?

    package func matches(_ text: String) -> Bool {
        matches(folded: { RegexInput(text, folding: true) }, lowered: { text.lowercased() })
    }

    /// `matches(_:)` of the `k`th of `names`, made ready once for every pattern.
    func matches(_ k: Int, of names: MatchableNames) -> Bool {
        matches(folded: { names.folded[k] }, lowered: { names.lowered[k] })
    }

    /// The text as the regex reads it (case-folded) and as the word is looked for in it (lowercased).
    private func matches(folded: () -> RegexInput, lowered: () -> String) -> Bool {
        if let work, work.ranOut { return false }
        if let regex {
            if let work {
                if regex.matches(folded(), work: &work.remaining) { return true }
            } else {
                var unbounded = Int.max
                if regex.matches(folded(), work: &unbounded) { return true }
            }
        }
        guard let needle else { return false }
        let text = lowered()
        work?.remaining -= PatternWork.substringCharacter * (text.utf8.count + 1)
        if whole { return text == needle }
        return needle.isEmpty || text.contains(needle)
    }
}

/// Account names made ready for matching once (case-folded for the
/// patterns, lowercased for the words), for every query that asks them:
/// each automated transaction's asks every account.
final class MatchableNames {
    let names: [String]
    private(set) lazy var folded: [RegexInput] = names.map { RegexInput($0, folding: true) }
    private(set) lazy var lowered: [String] = names.map { $0.lowercased() }

    init(_ accounts: AccountTable) {
        names = (0..<Int32(accounts.count)).map { accounts[$0] }
    }
}

/// Compares a posting's amount with a number: `--amount OP NUMBER` (the
/// signed amount), or hledger's `amt:` (as hledger 1.25 compares: a number
/// with a sign, or zero, compares signed amounts; one without, magnitudes).
public struct AmountTest: Sendable, Equatable {
    public enum Comparison: String, Sendable, CaseIterable {
        case atLeast = ">=", atMost = "<=", notEqual = "!=", greater = ">", less = "<", equal = "="
    }
    public var comparison: Comparison
    public var number: ExactDecimal
    /// Whether signed amounts are compared (else magnitudes).
    public var signed = true

    public init(_ comparison: Comparison, _ number: ExactDecimal, signed: Bool) {
        self.comparison = comparison
        self.number = number
        self.signed = signed
    }

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

    public func matches(_ quantity: ExactDecimal) -> Bool {
        let q = signed ? quantity : quantity.magnitude
        let number = signed ? self.number : self.number.magnitude
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

/// A posting query, the one value that ledgerc's filter options
/// (`--account`, `--payee`...), automated transactions' `= QUERY` and
/// hledger's query terms read into, matched by one `QueryMatcher`.
///
/// The positive terms of a field in `anyOfFields` match when any of them
/// does; those of the other fields must all match; no negated term may. The
/// filter options combine every field that way (one of each kind's
/// patterns); hledger, only accounts, descriptions and statuses. A posting
/// carries its transaction's tags and status.
public struct Query: Sendable, Equatable {
    /// What a term looks at, by hledger's prefix.
    public enum Field: String, Sendable, CaseIterable {
        case account = "acct", description = "desc", payee, note, code, tag, amount = "amt", commodity = "cur", status, real
        /// hledger's `type:ALERXC`: the account's type, by its letters (C, cash, is an asset too).
        case type
    }

    /// One condition on a posting.
    public struct Term: Sendable, Equatable {
        public var field: Field
        public var negated = false
        /// The text looked for: in the account's name, the description, the
        /// payee, the note, the code or the commodity's symbol; for `tag`, in a tag's name.
        public var text: TextPattern?
        /// For `tag`: the pattern the tag's value must match (nil: any value).
        public var tagValue: TextPattern?
        /// For `amount`.
        public var amount: AmountTest?
        /// For `status`: the mark (a posting's own, else its transaction's).
        public var status: Status?
        /// For `real`: true keeps real postings, false virtual ones.
        public var real = true
        /// For `type`: the letters wanted, upper-cased (`AL` for assets and liabilities).
        public var types = ""

        public init(_ field: Field, text: TextPattern? = nil, negated: Bool = false) {
            self.field = field
            self.text = text
            self.negated = negated
        }
    }

    public var terms: [Term] = []
    /// The fields whose positive terms match when any one does.
    public var anyOfFields = Set(Field.allCases)
    /// hledger's `date:PERIOD`: the transactions (postings, by their own
    /// date where they have one) of that period. A report takes it as its period.
    public var date: DateSpan?
    /// hledger's `date2:PERIOD`: the same, by the secondary date (the
    /// transaction's date where it has none).
    public var date2: DateSpan?
    /// hledger's `depth:N`: accounts deeper than N are summed into their parent at N.
    public var depth: Int?

    public init() {}

    /// No filter: every posting matches (a `depth:` is no filter).
    public var isEmpty: Bool { terms.isEmpty && date == nil && date2 == nil }

    /// Only account terms: decided by the account alone.
    var isAccountsOnly: Bool { terms.allSatisfy { $0.field == .account } }

    /// The account patterns a posting must match one of (`--account`).
    public var accounts: [TextPattern] {
        get { terms.filter { $0.field == .account && !$0.negated }.compactMap(\.text) }
        set { terms = terms.filter { $0.field != .account || $0.negated } + newValue.map { Term(.account, text: $0) } }
    }

    /// Adds one filter option (`--account`, `--payee`...) with its value.
    public mutating func add(option: String, value: String) throws(QueryError) {
        switch option {
        case "--account": terms.append(Term(.account, text: try TextPattern(value)))
        case "--not-account": terms.append(Term(.account, text: try TextPattern(value), negated: true))
        case "--payee": terms.append(Term(.payee, text: try TextPattern(value)))
        // The whole description, as hledger's `desc:`.
        case "--note": terms.append(Term(.description, text: try TextPattern(value)))
        case "--tag":
            let eq = value.firstIndex(of: "=")
            let name = String(value[..<(eq ?? value.endIndex)])
            guard !name.isEmpty else { throw QueryError(message: eq == nil ? "--tag needs a tag name" : "--tag needs a tag name before '='") }
            var term = Term(.tag, text: TextPattern(name: name))
            if let eq { term.tagValue = try TextPattern(String(value[value.index(after: eq)...])) }
            terms.append(term)
        case "--amount":
            var term = Term(.amount)
            term.amount = try AmountTest(value)
            terms.append(term)
        case "--status":
            var term = Term(.status)
            switch value.lowercased() {
            case "cleared", "*": term.status = .cleared
            case "pending", "!": term.status = .pending
            case "unmarked", "": term.status = .unmarked
            default: throw QueryError(message: "--status takes cleared, pending or unmarked, not '\(value)'")
            }
            terms.append(term)
        default: throw QueryError(message: "unknown filter '\(option)'")
        }
    }

    /// The options that `add(option:value:)` reads.
    public static let options: [String] = ["--account", "--not-account", "--payee", "--note", "--tag", "--status", "--amount"]
}

/// A query made ready for one journal: each account name is matched once,
/// up front, so that account terms cost an array read per posting.
public struct QueryMatcher {
    public let query: Query
    private let keepAccount: [Bool]
    /// The terms on anything but the account, each with its patterns compiled
    /// and its field's bit (when the field's terms match when any one does).
    private let others: [(term: Query.Term, text: TextMatcher?, value: TextMatcher?, anyOfBit: UInt16)]
    private let commodities: CommodityTable?
    /// Whether every transaction and posting matches (an empty query).
    package let keepsAll: Bool
    /// Whether a `date:` or `date2:` term is asked.
    private let hasDates: Bool
    /// For `type:` terms: each account's hledger type letters (`A`, `AC` for a cash account, `EV` for a conversion one).
    private let typeLetters: [String]
    private let typeTerms: [Query.Term]
    /// Per account, the tags of its declaration and its parents' (empty: none asked).
    private let inheritedTags: [Tags]
    /// Per account: whether a positive account term matches it (nil: there is
    /// none), and whether a negated one does: what hledger's transaction
    /// matching reads (`matchesTransaction`).
    private let accountWanted: [Bool]?, accountUnwanted: [Bool]

    /// Ready for `accounts`; `commodities` names the symbols `cur:` looks at.
    /// A journal's own query (an automated transaction's) takes the work of
    /// its patterns from `work`, now and in `matches`.
    public init(_ query: Query, accounts: AccountTable, commodities: CommodityTable? = nil, accountTags: [Int32: Tags] = [:]) {
        self.init(query, accounts: accounts, commodities: commodities, accountTags: accountTags, work: nil)
    }

    init(_ query: Query, accounts: AccountTable, commodities: CommodityTable?, accountTags: [Int32: Tags], work: PatternWork?,
         names: MatchableNames? = nil) {
        self.query = query
        // Each account's declared tags with its parents', made only when a tag term may ask them.
        if !accountTags.isEmpty, query.terms.contains(where: { $0.field == .tag }) {
            inheritedTags = (0..<Int32(accounts.count)).map { id in
                var out: Tags = [], a = id
                while a >= 0 { out += accountTags[a] ?? []; a = accounts.parent[Int(a)] }
                return out
            }
        } else {
            inheritedTags = []
        }
        let accountTerms = query.terms.filter { $0.field == .account }
        // `type:` is of the account too: its terms are asked once per account, with the account terms.
        let typeTerms = query.terms.filter { $0.field == .type }
        var typeLetters: [String] = []
        if !typeTerms.isEmpty {
            let letters = accounts.hledgerTypeLetters()
            typeLetters = (0..<Int32(accounts.count)).map { id in
                let l = letters(id)
                return l == "C" ? "AC" : l == "V" ? "EV" : l
            }
        }
        func typeKeeps(_ id: Int) -> Bool {
            let mine = typeLetters[id]
            let wanted = typeTerms.filter { !$0.negated }, unwanted = typeTerms.filter(\.negated)
            return (wanted.isEmpty || wanted.contains { $0.types.contains { mine.contains($0) } })
                && !unwanted.contains { $0.types.contains { mine.contains($0) } }
        }
        if accountTerms.isEmpty {
            keepAccount = typeTerms.isEmpty ? Array(repeating: true, count: accounts.count) : (0..<accounts.count).map(typeKeeps)
            accountWanted = nil
            accountUnwanted = []
        } else {
            // A term without a text (only a library caller can make one) asks nothing of the name.
            let wanted = accountTerms.filter { !$0.negated }.compactMap { $0.text?.matcher(work: work) }
            let unwanted = accountTerms.filter(\.negated).compactMap { $0.text?.matcher(work: work) }
            let any = query.anyOfFields.contains(.account)
            let names = names ?? MatchableNames(accounts)
            let wants = names.names.indices.map { k in
                wanted.isEmpty || (any ? wanted.contains { $0.matches(k, of: names) } : wanted.allSatisfy { $0.matches(k, of: names) })
            }
            let refuses = names.names.indices.map { k in unwanted.contains { $0.matches(k, of: names) } }
            keepAccount = zip(wants, refuses).enumerated().map { id, wr in wr.0 && !wr.1 && (typeTerms.isEmpty || typeKeeps(id)) }
            accountWanted = wanted.isEmpty ? nil : wants
            accountUnwanted = unwanted.isEmpty ? [] : refuses
        }
        others = query.terms.filter { $0.field != .account && $0.field != .type }.map { term in
            let index = Query.Field.allCases.firstIndex(of: term.field)!
            return (term, term.text?.matcher(work: work), term.tagValue?.matcher(work: work), query.anyOfFields.contains(term.field) ? 1 << index : 0)
        }
        self.commodities = commodities
        keepsAll = query.isEmpty
        hasDates = query.date != nil || query.date2 != nil
        self.typeLetters = typeLetters
        self.typeTerms = typeTerms
    }

    /// Ready for a journal's accounts and commodities; a `tag:` term also
    /// asks a posting's account's declared tags, and its parents' (hledger 1.25).
    public init(_ query: Query, journal: Journal) {
        self.init(query, accounts: journal.accounts, commodities: journal.commodities, accountTags: journal.accountTags)
    }

    /// Keeps the postings of the accounts `keep` marks, whatever else they hold
    /// (a diff's accounts, named exactly).
    package init(keepingAccounts keep: [Bool]) {
        query = Query()
        keepAccount = keep
        others = []
        commodities = nil
        keepsAll = false
        hasDates = false
        typeLetters = []
        typeTerms = []
        inheritedTags = []
        accountWanted = nil
        accountUnwanted = []
    }

    /// No filter at all.
    public var keepsEverything: Bool { keepsAll }

    /// Whether the account terms keep this account.
    @inline(__always) public func keeps(account: Int32) -> Bool { keepAccount[Int(account)] }

    /// Whether the posting `p` of `t` matches the query.
    public func matches(_ t: Transaction, _ p: Posting) -> Bool {
        guard keepAccount[Int(p.account)] else { return false }
        if hasDates, !inDates(t) { return false }
        if others.isEmpty { return true }
        return othersHold { o in matches(o.term, o.text, o.value, t, p) }
    }

    /// Whether the terms on anything but the account hold, each asked by
    /// `hit`: a negated one must not hit; of a field whose terms match when
    /// any one does, one must; any other must.
    @inline(__always)
    private func othersHold(_ hit: (_ other: (term: Query.Term, text: TextMatcher?, value: TextMatcher?, anyOfBit: UInt16)) -> Bool) -> Bool {
        var wanted: UInt16 = 0, found: UInt16 = 0
        for o in others {
            let hit = hit(o)
            if o.term.negated {
                if hit { return false }
            } else if o.anyOfBit != 0 {
                wanted |= o.anyOfBit
                if hit { found |= o.anyOfBit }
            } else if !hit {
                return false
            }
        }
        return found == wanted
    }

    /// Whether any posting of `t` matches (for reports that keep whole transactions).
    public func matches(_ t: Transaction) -> Bool {
        if keepsAll { return true }
        return t.postings.contains { matches(t, $0) }
    }

    /// Whether `t` matches as hledger's `print` matches a transaction: each
    /// term is asked of the whole transaction (some posting has it), and a
    /// negated term refuses the transaction when some posting has it
    /// (`print not:a` prints no transaction with a posting to `a`).
    public func matchesTransaction(_ t: Transaction) -> Bool {
        if keepsAll { return true }
        if hasDates, !inDates(t) { return false }
        if let wanted = accountWanted, !t.postings.contains(where: { wanted[Int($0.account)] }) { return false }
        if !accountUnwanted.isEmpty, t.postings.contains(where: { accountUnwanted[Int($0.account)] }) { return false }
        // `type:` terms as account terms are asked: some posting of a wanted type, none of an unwanted one.
        func hasType(_ term: Query.Term) -> Bool { t.postings.contains { p in term.types.contains { typeLetters[Int(p.account)].contains($0) } } }
        let wantedTypes = typeTerms.filter { !$0.negated }
        if !wantedTypes.isEmpty, !wantedTypes.contains(where: hasType) { return false }
        if typeTerms.contains(where: { $0.negated && hasType($0) }) { return false }
        if t.postings.isEmpty {
            // No postings (`~ 2/1  forecast`): the transaction's own fields are asked, as hledger asks them.
            return othersHold { o in Self.ownField(o.term, o.text, o.value, t) ?? false }
        }
        return othersHold { o in t.postings.contains { matches(o.term, o.text, o.value, t, $0) } }
    }

    /// A term on the transaction's own fields (description, payee, note,
    /// code, status, its tags); nil for a posting's field.
    private static func ownField(_ term: Query.Term, _ text: TextMatcher?, _ value: TextMatcher?, _ t: Transaction) -> Bool? {
        switch term.field {
        case .description: return text?.matches(t.description) ?? false
        case .payee: return text?.matches(t.payee) ?? false
        case .note: return text?.matches(t.note ?? t.description) ?? false
        case .code: return text?.matches(t.code ?? "") ?? false
        case .status: return t.status == term.status
        case .tag: return t.tags.contains { text?.matches($0.key) == true && (value?.matches($0.value) ?? true) }
        case .account, .commodity, .amount, .real, .type: return nil
        }
    }

    /// Whether `t` falls in the query's `date:` and `date2:` periods.
    private func inDates(_ t: Transaction) -> Bool {
        if let d = query.date, !d.contains(t.date) { return false }
        if let d = query.date2, !d.contains(t.date2 ?? t.date) { return false }
        return true
    }

    private func matches(_ term: Query.Term, _ text: TextMatcher?, _ value: TextMatcher?, _ t: Transaction, _ p: Posting) -> Bool {
        switch term.field {
        case .account: return keepAccount[Int(p.account)]
        case .description, .payee, .note, .code: return Self.ownField(term, text, value, t) ?? false
        case .commodity:
            guard let commodities else { return false }
            return text!.matches(commodities[p.amount?.commodity ?? 0])
        case .amount: return p.amount.map { term.amount!.matches($0.quantity) } ?? false
        case .status: return (p.status == .unmarked ? t.status : p.status) == term.status
        case .real: return (p.virtual == .real) == term.real
        case .type:
            let mine = typeLetters[Int(p.account)]
            return term.types.contains { mine.contains($0) }
        case .tag:
            let inherited = inheritedTags.isEmpty ? [] : inheritedTags[Int(p.account)]
            for tag in p.tags + t.tags + inherited where text?.matches(tag.key) == true {
                if value?.matches(tag.value) ?? true { return true }
            }
            return false
        }
    }
}
