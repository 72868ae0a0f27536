/// hledger's list commands with a query or flags, as hledger 1.25 lists:
/// `accounts --declared/--used/--types/--tree`, `tags [NAMEREGEX] [--values]`,
/// `descriptions` and `notes`. Names are in code point order.
extension AccountsReport {
    /// The accounts the query keeps, one line each: `--declared` or `--used`
    /// alone keeps the declared accounts or those of the postings the query
    /// keeps; `--types` adds hledger's type letter; a tree (not `flat`)
    /// indents each name's last part under its parents; `drop` leaves out
    /// the first parts of each name (hledger's `--drop`).
    public func hledgerLines(declared: Bool, used: Bool, types: Bool, drop: Int = 0) -> [String] {
        let accounts = ledger.journal.accounts
        var ids = rows().map(\.account)
        // A positive `tag:` term matches no declared account (hledger 1.25's matchesAccount): only posted ones are listed.
        let tagged = options.query.terms.contains { $0.field == .tag && !$0.negated }
        if declared != used || tagged {
            let matcher = QueryMatcher(options.query, journal: ledger.journal)
            var posted = Set<Int32>()
            for t in ledger.ordered where options.period.contains(t.date) {
                for p in t.postings where matcher.matches(t, p) { posted.insert(options.depth.map { accounts.ancestor(of: p.account, atDepth: $0) } ?? p.account) }
            }
            if declared && !used {
                // Declared accounts, each asked the tag terms with its own tags and its parents'
                // (`accounts --declared tag:type=^a`, `not:tag:.`).
                ids = ids.filter { accounts.declared[$0] != nil && ledger.declaredTagsHold(options.query, for: $0) }
            } else if declared != used {
                ids = ids.filter { declared ? accounts.declared[$0] != nil : posted.contains($0) }
            } else {
                // Neither list asked: the posted accounts, and the declared ones whose own tags (or their parents') match.
                let terms = options.query.terms.filter { $0.field == .tag && !$0.negated }.map { ($0.text?.matcher(), $0.tagValue?.matcher()) }
                func ownTagsMatch(_ id: Int32) -> Bool {
                    var a = id
                    while a >= 0 {
                        for tag in ledger.journal.accountTags[a] ?? [] where terms.contains(where: { $0.0?.matches(tag.key) ?? true && ($0.1?.matches(tag.value) ?? true) }) { return true }
                        a = accounts.parent[Int(a)]
                    }
                    return false
                }
                ids = ids.filter { posted.contains($0) || accounts.declared[$0] != nil && ownTagsMatch($0) }
            }
        }
        // `--drop N`: the first N parts of each name left out (`...` for a name with none left).
        func dropped(_ id: Int32) -> String {
            let parts = accounts[id].split(separator: ":", omittingEmptySubsequences: false).dropFirst(drop)
            return parts.isEmpty ? "..." : parts.joined(separator: ":")
        }
        if types {
            let width = ids.map { displayWidth(dropped($0)) }.max() ?? 0
            let letter = accounts.hledgerTypeLetters()
            return ids.map { padded(dropped($0), to: width, right: false) + "    ; type: " + letter($0) }
        }
        if options.flat { return ids.map(dropped) }
        // The tree: every shown account with its parents, each under its parent.
        var all = Set<Int32>()
        for id in ids {
            var a = id
            while a >= 0, all.insert(a).inserted { a = accounts.parent[Int(a)] }
        }
        return all.sorted(by: accounts.inHledgerOrder).map { id in
            if drop == 0 { return accounts.treeLabel(id, flat: false) }
            let name = dropped(id), level = Int(accounts.depth[Int(id)]) - drop
            return String(repeating: "  ", count: max(0, level - 1)) + leafName(of: name)
        }
    }
}

extension NamesReport {
    /// `tags`: the names of the tags of the recorded transactions the query
    /// keeps and of their postings (a posting inherits its account's tags and
    /// its parents'; with no query, the declarations' too), those `name`
    /// matches; with `values`, their values instead (non-empty ones unless `--empty`).
    public func hledgerTags(name: TextPattern?, values: Bool) -> [String] {
        let journal = ledger.journal, accounts = journal.accounts
        let matcher = QueryMatcher(options.query, journal: journal)
        let nameMatcher = name?.matcher()
        var found = Set<String>(options.query.terms.isEmpty ? journal.declarationTags.keys : [:].keys)
        for t in recorded(matcher) {
            for tag in t.tags { found.insert(tag.key) }
            for p in t.postings {
                if p.comment != nil { for tag in p.tags { found.insert(tag.key) } }
                var a = p.account
                while a >= 0 { found.formUnion(journal.accountTagNames[a] ?? []); a = accounts.parent[Int(a)] }
            }
        }
        found = found.filter { nameMatcher?.matches($0) ?? true }
        if values {
            var seen = Set<String>()
            func take(_ tags: Tags) { for tag in tags where found.contains(tag.key) && (options.empty || !tag.value.isEmpty) { seen.insert(tag.value) } }
            if options.query.terms.isEmpty { for (key, vs) in journal.declarationTags where found.contains(key) { take(vs.map { (key: key, value: $0) }) } }
            for t in recorded(matcher) {
                take(t.tags)
                for p in t.postings where p.comment != nil { take(p.tags) }
            }
            found = seen
        }
        return NamesReport.inCodePointOrder(found)
    }

    /// `descriptions` (or `notes`: the part after `|`, else the whole
    /// description) of the recorded transactions the query keeps.
    public func hledgerDescriptions(notes: Bool) -> [String] {
        let matcher = QueryMatcher(options.query, journal: ledger.journal)
        return NamesReport.inCodePointOrder(Set(recorded(matcher).map { notes ? $0.note ?? $0.description : $0.description }))
    }

    /// `codes`: each recorded transaction's code the query keeps, in the
    /// order they were read, repeats kept; with `empty` (`-E`) a blank line
    /// for a transaction without one, as hledger lists them.
    public func hledgerCodes(empty: Bool) -> [String] {
        let matcher = QueryMatcher(options.query, journal: ledger.journal)
        let read = ledger.transactions.filter { $0.generated == nil && options.period.contains($0.date) && matcher.matches($0) }
        return read.compactMap { t in
            let code = t.code ?? ""
            return code.isEmpty && !empty ? nil : code
        }
    }

    /// `payees`: the payees of the recorded transactions the query keeps
    /// (`used`), the declared ones (`payee NAME`) its description terms match
    /// (`declared`), or both when neither or both are asked. As hledger 1.25,
    /// a query with no description term keeps no declared payee.
    public func hledgerPayees(declared: Bool, used: Bool) -> [String] {
        let matcher = QueryMatcher(options.query, journal: ledger.journal)
        var names = Set<String>()
        if used || !declared { names.formUnion(recorded(matcher).map(\.payee).filter { !$0.isEmpty }) }
        if declared || !used {
            let query = options.query
            let terms = query.terms.filter { $0.field == .description || $0.field == .payee }
            let wanted = terms.filter { !$0.negated }.compactMap { $0.text?.matcher() }, unwanted = terms.filter(\.negated).compactMap { $0.text?.matcher() }
            if query.isEmpty && options.period.from == nil && options.period.to == nil || !terms.isEmpty {
                for name in ledger.journal.declaredPayees.values
                where (wanted.isEmpty || wanted.contains { $0.matches(name) }) && !unwanted.contains(where: { $0.matches(name) }) {
                    names.insert(name)
                }
            }
        }
        return NamesReport.inCodePointOrder(names)
    }

    /// The recorded (not generated) transactions of the period the query keeps.
    private func recorded(_ matcher: QueryMatcher) -> [Transaction] {
        ledger.ordered.filter { $0.generated == nil && options.period.contains($0.date) && matcher.matches($0) }
    }

    static func inCodePointOrder(_ names: Set<String>) -> [String] {
        names.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
    }
}

extension PricesReport {
    /// `prices` as hledger 1.25 lists them: the `P` directives of the period,
    /// with `market` (`--infer-market-prices`) the prices the costs of its
    /// postings imply (written, or inferred for a conversion written without
    /// one), with `reverse` (`--infer-reverse-prices`) those costs
    /// inverted; by date, in that order within a day. Each amount in its
    /// commodity's style but with its own decimal places: a `P` price's and
    /// an `@` cost's as written, a total's (`@@`) as written plus the digits of
    /// the quantity it is divided by (`20 EUR @@ $21.45`: `$1.0725`).
    public func hledgerLines(market: Bool, reverse: Bool) throws(AmountOverflow) -> [String] {
        let c = ledger.journal.commodities
        var found: [(date: CivilDate, rank: Int, commodity: Int32, price: Amount, places: Int)] = []
        for p in ledger.journal.prices where options.period.contains(p.date) {
            found.append((p.date, 0, p.commodity, p.price, p.price.quantity.scale))
        }
        /// `total` over `quantity` (both unsigned), at the places hledger gives such a price.
        func divided(_ total: Amount, by quantity: ExactDecimal, at location: SourceLocation) throws(AmountOverflow) -> (Amount, Int)? {
            guard !quantity.isZero else { return nil }
            let places = max(0, total.quantity.scale + Self.integerDigits(quantity))
            guard let unit = try total.quantity.shown(over: quantity, places: ExactDecimal.maxScale, at: location) else { return nil }
            return (Amount(unit.roundedHalfEven(to: places), total.commodity), places)
        }
        if market || reverse {
            for t in ledger.datedByPosting().ordered where options.period.contains(t.date) {
                // A conversion written without a cost has the cost hledger infers (`Ledger.impliedCosts`).
                let implied = try Ledger.impliedCosts(in: t, ledger.journal.commodities)
                for (k, p) in t.postings.enumerated() {
                    guard let a = p.amount, let cost = p.cost ?? implied[k], cost.amount.commodity != a.commodity else { continue }
                    let q = a.quantity.magnitude
                    if market {
                        if !cost.isTotal {
                            found.append((t.date, 1, a.commodity, cost.amount, cost.amount.quantity.scale))
                        } else if let (unit, places) = try divided(cost.amount, by: q, at: p.amountLocation) {
                            found.append((t.date, 1, a.commodity, unit, places))
                        }
                    }
                    if reverse {
                        // The cost's commodity priced in the amount's: the quantity over the whole cost.
                        let whole = cost.isTotal ? cost.amount.quantity : try cost.amount.quantity.times(q, at: p.amountLocation)
                        if let (unit, places) = try divided(Amount(q, a.commodity), by: whole.magnitude, at: p.amountLocation) {
                            found.append((t.date, 2, cost.amount.commodity, unit, places))
                        }
                    }
                }
            }
        }
        let sorted = found.enumerated().sorted {
            ($0.element.date, $0.element.rank, $0.offset) < ($1.element.date, $1.element.rank, $1.offset)
        }
        return sorted.map { e in
            "P \(e.element.date) \(c.symbol(e.element.commodity)) " + c.hledgerText(e.element.price, grouped: true, keepingZero: true, places: e.element.places)
        }
    }

    /// How many digits hledger adds for a division by `n`: 1 + ⌊log₁₀ n⌋
    /// (3 for 400, 1 for 4, 0 for 0.5).
    static func integerDigits(_ n: ExactDecimal) -> Int {
        let whole = n.magnitude.description.split(separator: ".", maxSplits: 1)
        let integer = whole.first.map(String.init) ?? "0"
        if integer != "0" { return integer.count }
        // Below one: minus the zeros after the point.
        let fraction = whole.count > 1 ? whole[1] : ""
        return -fraction.prefix { $0 == "0" }.count
    }
}

extension Ledger {
    /// Whether the query's tag terms hold for an account by its declarations'
    /// tags and its parents' (hledger asks a declared account so: `accounts
    /// --declared tag:type=^a`, `bal --declared -E tag:othertag`).
    func declaredTagsHold(_ query: Query, for id: Int32) -> Bool {
        let accounts = journal.accounts
        var tags: Tags = [], a = id
        while a >= 0 { tags += journal.accountTags[a] ?? []; a = accounts.parent[Int(a)] }
        return query.terms.filter { $0.field == .tag }.allSatisfy { term in
            let has = tags.contains { (term.text?.matcher().matches($0.key) ?? true) && (term.tagValue?.matcher().matches($0.value) ?? true) }
            return has != term.negated
        }
    }
}
