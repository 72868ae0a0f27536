/// Reading the query of an automated transaction (`= QUERY`).
extension QueryTerm {
    /// Reads a query into terms; a word with an unknown or unsupported
    /// prefix is an error naming it.
    public static func parse(_ query: String) -> Result<[QueryTerm], QueryTermError> {
        var terms: [QueryTerm] = []
        for word in queryWords(query) {
            var rest = Substring(word)
            var negated = false
            if rest.hasPrefix("not:") { negated = true; rest = rest.dropFirst(4) }
            var field = Field.account
            if let colon = rest.firstIndex(of: ":") {
                let prefix = String(rest[..<colon])
                if let f = Field(rawValue: prefix) {
                    field = f
                    rest = rest[rest.index(after: colon)...]
                } else if ["date", "date2", "depth", "empty", "inacct", "inacctonly", "expr", "comm"].contains(prefix) {
                    return .failure(QueryTermError(term: word, unsupported: true))
                }
                // Any other colon is part of an account name (`expenses:food`).
            }
            var term = QueryTerm(field: field, value: String(rest), negated: negated)
            if field == .tag, let eq = rest.firstIndex(of: "=") {
                term.value = String(rest[..<eq])
                term.tagValue = String(rest[rest.index(after: eq)...])
            }
            switch field {
            case .amount:
                guard AmountComparison(term.value) != nil else { return .failure(QueryTermError(term: word, unsupported: false)) }
            case .status:
                guard ["", "*", "!"].contains(term.value) else { return .failure(QueryTermError(term: word, unsupported: false)) }
            case .real:
                guard ["", "1", "0", "y", "n", "yes", "no"].contains(term.value.lowercased()) else { return .failure(QueryTermError(term: word, unsupported: false)) }
            default:
                for pattern in [term.value, term.tagValue].compactMap({ $0 }) where (try? LinearRegex(pattern)) == nil {
                    return .failure(QueryTermError(term: word, unsupported: false))
                }
            }
            terms.append(term)
        }
        return .success(terms)
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

extension AmountComparison {
    public init?(_ text: String) {
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
        self.init(op: op, number: number, signed: signed || number.isZero)
    }
}
