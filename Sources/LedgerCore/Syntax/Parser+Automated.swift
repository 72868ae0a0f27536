/// Automated transactions: `= QUERY` and the postings it adds (hledger's
/// `--auto`, ledger-cli's automated transactions).
extension JournalParser {
    /// `= QUERY`, up to a comment; the postings follow on indented lines.
    func automatedHeader(_ lx: inout Lexer, lineStart: Int) {
        lx.pos += 1
        lx.skipSpaces()
        let queryStart = lx.pos
        let query = sourceText(lx.textUntilComment()).trimmingSpaces
        guard !query.isEmpty else {
            owner = .skip
            return missing("=", "a query", lineStart)
        }
        switch Query.parse(hledger: query) {
        case .success(let filter):
            // ledger-cli's value expressions mean something hledger's query words do not.
            let words = Query.queryWords(query)
            if words.first == "expr" || query.contains("(") || query.contains("==") || query.contains("&") || query.contains("|") && !query.contains("/") {
                diagnostics.warning(Messages.valueExpressionAsQuery(query), at: location(queryStart))
            }
            var t = Transaction(date: CivilDate(day: 0), description: "", location: location(lineStart))
            t.comment = nil
            entry = t
            entryKind = .automated(query: query, filter: filter)
            entryMultipliers.removeAll()
        case .failure(let problem):
            owner = .skip
            // At the term itself (its first occurrence in the query).
            let q = Array(query.utf8), t = Array(problem.term.utf8)
            let at = t.isEmpty || t.count > q.count ? 0 : (0...(q.count - t.count)).first { q[$0..<$0 + t.count].elementsEqual(t) } ?? 0
            error(problem.unsupported ? Messages.unsupportedQueryTerm(problem.term) : Messages.badQueryTerm(problem.term), at: queryStart + at)
        }
    }

    /// `*N` after an automated posting's account.
    func multiplier(_ lx: inout Lexer) -> ExactDecimal? {
        let start = lx.pos
        lx.pos += 1
        let negative = lx.eat(UInt8(ascii: "-"))
        if !negative { _ = lx.eat(UInt8(ascii: "+")) }
        guard case .success(let (n, _)) = lx.number(decimalComma: reader.file.decimalComma) else {
            error(Messages.expectedAfterKeyword("*", "a number"), at: start)
            return nil
        }
        return negative ? n.negated : n
    }

    /// Keeps a read automated transaction. Each posting needs an amount or a
    /// multiplier, but one: as in hledger, one real (or balanced virtual)
    /// posting beside others may be left without an amount, and balances
    /// the postings the rule adds (`AutomatedPostings`).
    func storeAutomatedRule(_ query: String, _ filter: Query, _ t: Transaction, broken: Bool) {
        defer { entryMultipliers.removeAll() }
        guard !broken else { return }
        let elided = t.postings.filter { $0.amount == nil }
        for (n, p) in elided.enumerated() where n > 0 || p.virtual == .unbalanced || t.postings.count == 1 {
            return diagnostics.error(Messages.automatedPostingNeedsAmount, at: p.location)
        }
        let multipliers = t.postings.indices.map { entryMultipliers[$0] }
        // ledger-cli reads a bare number here as a multiplier; hledger (and ledgerc) as an amount.
        for (k, p) in t.postings.enumerated() where multipliers[k] == nil && p.amount?.commodity == CommodityTable.none {
            diagnostics.warning(Messages.bareNumberInAutomated(p.amount!.quantity.description), at: p.amountLocation)
        }
        journal.automatedRules.append(AutomatedRule(query: query, filter: filter, postings: t.postings, multipliers: multipliers, location: t.location))
    }
}
