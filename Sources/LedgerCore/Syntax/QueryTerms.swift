/// Reading hledger's query terms (an automated transaction's `= QUERY`):
/// a bare word (an account regex), `acct:`, `desc:`, `payee:`, `note:`,
/// `code:`, `tag:NAME[=VALUE]`, `amt:OPN`, `cur:`, `status:`, `real:`, each
/// optionally negated with `not:`.
extension Query {
    /// Reads a query as hledger does; a word with an unknown or unsupported
    /// prefix is an error naming it. With `today` (a report's query), also
    /// `date:PERIOD`, `date2:PERIOD` (relative periods from `today`, `A..B`
    /// ending before B) and `depth:N`; without it (an automated
    /// transaction's), those are unsupported.
    public static func parse(hledger query: String, today: CivilDate? = nil) -> Result<Query, QueryTermError> {
        var parsed = Query()
        parsed.anyOfFields = [.account, .description, .status]
        for word in queryWords(query) {
            var rest = Substring(word)
            var negated = false
            if rest.hasPrefix("not:") { negated = true; rest = rest.dropFirst(4) }
            var field = Field.account
            if let colon = rest.firstIndex(of: ":") {
                let prefix = String(rest[..<colon])
                let value = String(rest[rest.index(after: colon)...])
                if let today, !negated, ["date", "date2", "depth"].contains(prefix.lowercased()) {
                    guard parsed.read(prefix.lowercased(), value, today: today) else { return .failure(QueryTermError(term: word, unsupported: false)) }
                    continue
                }
                if let f = Field(rawValue: prefix) {
                    field = f
                    rest = rest[rest.index(after: colon)...]
                } else if ["date", "date2", "depth", "empty", "inacct", "inacctonly", "expr", "comm"].contains(prefix) {
                    return .failure(QueryTermError(term: word, unsupported: true))
                }
                // Any other colon is part of an account name (`expenses:food`).
            }
            var value = String(rest), tagValue: String?
            if field == .tag, let eq = rest.firstIndex(of: "=") {
                value = String(rest[..<eq])
                tagValue = String(rest[rest.index(after: eq)...])
            }
            let bad = QueryTermError(term: word, unsupported: false)
            var term = Term(field, negated: negated)
            switch field {
            case .amount:
                guard let test = AmountTest(hledger: value) else { return .failure(bad) }
                term.amount = test
            case .status:
                switch value {
                case "*": term.status = .cleared
                case "!": term.status = .pending
                case "": term.status = .unmarked
                default: return .failure(bad)
                }
            case .type:
                // hledger 1.25's letters: Asset, Liability, Equity, Revenue, eXpense, Cash, conVersion.
                let letters = value.uppercased()
                guard !letters.isEmpty, letters.allSatisfy({ "ALERXCV".contains($0) }) else { return .failure(bad) }
                term.types = letters
            case .real:
                let flag = value.lowercased()
                guard ["", "1", "0", "y", "n", "yes", "no"].contains(flag) else { return .failure(bad) }
                term.real = ["", "1", "y", "yes"].contains(flag)
            default:
                // hledger's patterns are case-insensitive; `cur:` matches the whole symbol.
                do {
                    // The pattern as written must read (`cur:` then wraps it).
                    term.text = try TextPattern(regex: value)
                    if field == .commodity { term.text = try TextPattern(regex: value, whole: true) }
                    term.tagValue = try tagValue.map { v throws(QueryError) in try TextPattern(regex: v) }
                } catch {
                    return .failure(bad)
                }
            }
            parsed.terms.append(term)
        }
        return .success(parsed)
    }

    /// Reads a `date:`, `date2:` or `depth:` term's value into the query.
    private mutating func read(_ prefix: String, _ value: String, today: CivilDate) -> Bool {
        if prefix == "depth" {
            guard let n = Int(value), n >= 0 else { return false }
            depth = n
            return true
        }
        // As -p: `A..B` ends before B; an interval (`monthly`) is no date term.
        guard let e = PeriodExpression.parse(value, today: today, endExclusive: true), e.interval == nil else { return false }
        // Two date terms keep the days of both.
        if prefix == "date" { date = date.map { $0.intersection(e.period) } ?? e.period } else { date2 = date2.map { $0.intersection(e.period) } ?? e.period }
        return true
    }

    /// Words split at spaces, with `'...'` and `"..."` quoting (quotes removed).
    static func queryWords(_ query: String) -> [String] {
        var words: [String] = [], word = "", quote: Character?
        for ch in query {
            if let q = quote {
                if ch == q { quote = nil } else { word.append(ch) }
            } else if ch == "'" || ch == "\"" {
                quote = ch
            } else if ch == " " || ch == "\t" {
                if !word.isEmpty { words.append(word); word = "" }
            } else {
                word.append(ch)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}

extension AmountTest {
    /// hledger's `amt:` comparison: `<`, `<=`, `>`, `>=` or `=` (or none) and a number.
    public init?(hledger text: String) {
        var rest = Substring(text)
        var op = "="
        for candidate in ["<=", ">=", "<", ">", "="] where rest.hasPrefix(candidate) {
            op = candidate
            rest = rest.dropFirst(candidate.count)
            break
        }
        let signed = rest.hasPrefix("-") || rest.hasPrefix("+")
        let bytes = Array(rest.utf8)
        var parsed: ExactDecimal?
        bytes.withUnsafeBufferPointer { buf in
            var lx = Lexer(buf, from: 0, to: buf.count)
            let negative = lx.eat(UInt8(ascii: "-"))
            if !negative { _ = lx.eat(UInt8(ascii: "+")) }
            if case .success(let (q, _)) = lx.number(decimalComma: false), lx.atEnd { parsed = negative ? q.negated : q }
        }
        guard let number = parsed else { return nil }
        self.init(Comparison(rawValue: op)!, number, signed: signed || number.isZero)
    }
}
