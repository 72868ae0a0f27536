/// The lists a hledger user reaches for: `accounts`, `payees`, `commodities`,
/// `tags`, `prices` and `stats`, each as hledger 1.25 lists it (sorted by
/// name, one per line in text) and as CSV and JSON rows.

/// `accounts`: every account declared or posted to (not the parents a name
/// only implies), in hledger's order. `--types` adds each one's type.
public struct AccountsReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    public func rows() -> [(account: Int32, type: AccountType?, declared: Bool)] {
        let accounts = ledger.journal.accounts
        let filter = QueryMatcher(options.query, journal: ledger.journal)
        // As hledger: the declared accounts the query's account terms keep, and
        // the accounts of the postings the whole query keeps.
        var used = [Bool](repeating: false, count: accounts.count)
        for t in ledger.ordered where options.period.contains(t.date) {
            for p in t.postings where filter.matches(t, p) { used[Int(p.account)] = true }
        }
        var ids = (0..<Int32(accounts.count)).filter { used[Int($0)] || accounts.declared[$0] != nil && filter.keeps(account: $0) }
        // Clipped at a depth, each name once, those the query's account terms still match (`acc d b l --depth 1`: not `a`).
        if let depth = options.depth { ids = Set(ids.map { accounts.ancestor(of: $0, atDepth: depth) }).filter(filter.keeps(account:)) }
        return ids.sorted(by: accounts.inHledgerOrder).map { ($0, accounts.type(of: $0), accounts.declared[$0] != nil) }
    }

    public func document() -> ReportDocument {
        let rows = rows()
        let accounts = ledger.journal.accounts
        let columns = [Column("account", "Account"), Column("type", "Type"), Column("declared", "Declared", in: .data)]
        let cells: [[Cell]] = rows.map { [.account($0.account), $0.type.map { .text($0.hledgerName) } ?? .missing, .flag($0.declared)] }
        let types = options.showTypes
        return ReportDocument([ReportTable(name: "accounts", columns: columns, rows: cells)], until: ledger.until, text: .custom({
            let width = rows.map { displayWidth(accounts[$0.account]) }.max() ?? 0
            return Array(rows.map { r in
                let name = accounts[r.account]
                return types ? padded(name, to: width, right: false) + "  ; type: " + (r.type?.hledgerName ?? "") : name
            }.map { $0 + "\n" }.joined().utf8)
        }))
    }
}

/// `payees`, `commodities` and `tags`: lists of names, one per line in text.
///
/// - `payees`: the payee of every transaction in the period (the description
///   before ` | `), each once, by name, and the declared ones when no period
///   or filter narrows the list;
/// - `commodities`: every commodity declared or written, by name (hledger
///   writes `005930` unquoted here too);
/// - `tags`: every tag name on a transaction, a posting or an `account` or
///   `commodity` declaration, by name; `--values`: their values instead.
public struct NamesReport: Report {
    public enum Kind: Sendable { case payees, commodities, tags }
    public let kind: Kind
    public let ledger: Ledger
    public let options: ReportOptions

    public init(_ kind: Kind, ledger: Ledger, options: ReportOptions) {
        self.kind = kind
        self.ledger = ledger
        self.options = options
    }

    /// The table's name, its CSV key and text header, and the names in order.
    public func names() -> (table: String, key: String, header: String, names: [String]) {
        switch kind {
        case .payees:
            let matcher = QueryMatcher(options.query, journal: ledger.journal)
            // One payee however it is spelled (`㈜컬리` and `(주)컬리`), as first written.
            var payees: [String: String] = [:]
            for t in ledger.ordered where options.period.contains(t.date) && matcher.matches(t) && !t.payee.isEmpty {
                let key = compatibilitySpelled(t.payee)
                if payees[key] == nil { payees[key] = t.payee }
            }
            // The declared ones too (`payee NAME`), as hledger lists them, when nothing narrows the list.
            if options.query.isEmpty && options.period.from == nil && options.period.to == nil {
                for name in ledger.journal.declaredPayees.values where payees[compatibilitySpelled(name)] == nil { payees[compatibilitySpelled(name)] = name }
            }
            return ("payees", "payee", "Payee", Array(Set(payees.values)).sorted())
        case .commodities:
            let c = ledger.journal.commodities
            let used = (1..<Int32(c.count)).filter { c.declared[$0] != nil || c.styles[Int($0)].seenInAmount || c.styles[Int($0)].seenInCost }
            return ("commodities", "commodity", "Commodity", used.map { c[$0] }.sorted())
        case .tags:
            var found = ledger.journal.declarationTags
            for t in ledger.ordered where options.period.contains(t.date) && t.generated == nil {
                for (k, v) in t.tags { found[k, default: []].insert(v) }
                for p in t.postings where p.comment != nil {
                    for (k, v) in p.tags { found[k, default: []].insert(v) }
                }
            }
            if options.showValues { return ("values", "value", "Value", Set(found.values.flatMap { $0 }).filter { !$0.isEmpty }.sorted()) }
            return ("tags", "tag", "Tag", found.keys.sorted())
        }
    }

    public func document() -> ReportDocument {
        let list = names()
        return ReportDocument([ReportTable(name: list.table, columns: [Column(list.key, list.header)], rows: list.names.map { [.text($0)] })],
                              until: ledger.until, text: .custom({ Array(list.names.map { $0 + "\n" }.joined().utf8) }))
    }
}

/// `prices`: the `P` directives by date (file order within a day); with
/// `--infer`, the prices the costs imply too (`@`, `@@` as total ÷ quantity,
/// `{}`), as hledger's `--infer-market-prices` lists them.
public struct PricesReport: Report {
    public let ledger: Ledger
    public let sources: SourceManager
    public let options: ReportOptions

    public init(ledger: Ledger, sources: SourceManager, options: ReportOptions) { (self.ledger, self.sources, self.options) = (ledger, sources, options) }

    public struct Row {
        public var date: CivilDate
        public var commodity: Int32
        public var price: Amount
        public var location: SourceLocation
        public var inferred: Bool
    }

    public func rows() throws(AmountOverflow) -> [Row] {
        if let valuer = options.valuer {
            // With a valuation: the prices that valuing the balance report (same options) used.
            _ = try BalanceReport(ledger: ledger.datedByPosting(), options: options).grid()
            return valuer.used.enumerated().sorted { $0.element.date == $1.element.date ? $0.offset < $1.offset : $0.element.date < $1.element.date }
                .map { Row(date: $0.element.date, commodity: $0.element.from, price: Amount($0.element.unit, $0.element.to),
                           location: $0.element.location, inferred: $0.element.inferred) }
        }
        var rows = ledger.journal.prices.filter { options.period.contains($0.date) }
            .map { Row(date: $0.date, commodity: $0.commodity, price: $0.price, location: $0.location, inferred: false) }
        if options.inferPrices {
            for t in ledger.ordered where options.period.contains(t.date) {
                if let conversion = try conversionPrice(t) { rows.append(conversion) }
                for p in t.postings {
                    guard let a = p.amount, !a.quantity.isZero, let cost = p.cost ?? p.lot, cost.amount.commodity != a.commodity else { continue }
                    var unit = cost.amount.quantity.magnitude
                    if cost.isTotal {
                        guard let u = try unit.shown(over: a.quantity.magnitude, places: ExactDecimal.maxScale, at: p.amountLocation) else { continue }
                        unit = u.normalized
                    }
                    rows.append(Row(date: t.date, commodity: a.commodity, price: Amount(unit, cost.amount.commodity), location: p.amountLocation, inferred: true))
                }
            }
        }
        // By date; within a day, in the order they were read (P lines first).
        return rows.enumerated().sorted { $0.element.date == $1.element.date ? $0.offset < $1.offset : $0.element.date < $1.element.date }.map(\.element)
    }

    /// A conversion without a cost (`-1 A` against `1 B`, nothing else): the
    /// price of the first posting's commodity, as hledger infers it: the other
    /// commodity's total, unsigned, over the first one's (signed) quantity.
    func conversionPrice(_ t: Transaction) throws(AmountOverflow) -> Row? {
        guard !t.postings.contains(where: { $0.cost != nil || $0.lot != nil }) else { return nil }
        var sums = AmountSums()
        for p in t.postings where p.virtual != .unbalanced {
            guard let a = p.amount else { return nil }
            try sums.add(a, at: p.amountLocation)
        }
        let amounts = sums.amounts.filter { !$0.quantity.isZero }
        guard amounts.count == 2, let first = t.postings.first(where: { $0.virtual != .unbalanced })?.amount else { return nil }
        guard let a = amounts.first(where: { $0.commodity == first.commodity }), let b = amounts.first(where: { $0.commodity != first.commodity }),
              let unit = try b.quantity.magnitude.shown(over: a.quantity, places: ExactDecimal.maxScale, at: t.location) else { return nil }
        return Row(date: t.date, commodity: a.commodity, price: Amount(unit.normalized, b.commodity), location: t.location, inferred: true)
    }

    public func document() throws(AmountOverflow) -> ReportDocument {
        let rows = try rows()
        let c = ledger.journal.commodities
        let printer = LedgerPrinter(journal: ledger.journal, sources: sources)
        let columns = [Column("date", "Date"), Column("commodity", "Commodity"), Column("price", "Price", numeric: true),
                       Column("price_commodity", "", in: .data), Column("source", "Source"), Column("inferred", "", in: .data)]
        let cells: [[Cell]] = rows.map { r in
            let (file, line, _) = sources.describe(r.location)
            return [.date(r.date), .commodity(r.commodity), .amount(r.price.quantity, r.price.commodity, places: c.exactPlaces(r.price.quantity, r.price.commodity)),
                    .commodity(r.price.commodity), .place(file, line), .flag(r.inferred)]
        }
        return ReportDocument([ReportTable(name: "prices", columns: columns, rows: cells)], until: ledger.until, text: .custom({
            Array(rows.map { r in
                var line = "P \(r.date) \(c.symbol(r.commodity)) \(printer.amountText(r.price))"
                if options.valuer != nil {
                    // Where each price used came from, as a comment the journal could keep.
                    let (file, n, _) = sources.describe(r.location)
                    line += "  ; \(r.inferred ? "implied by the cost at" : "from") \(file):\(n)"
                }
                return line + "\n"
            }.joined().utf8)
        }))
    }
}

/// `stats`: what the journal holds, as hledger's `stats` says it. "Last 30
/// days" count back from the horizon (today unless `--until` says otherwise).
public struct StatsReport: Report {
    public let ledger: Ledger
    public let mainFile: String
    public let includedFiles: [String]
    public let options: ReportOptions

    public init(_ compilation: Compilation, options: ReportOptions) {
        ledger = compilation.ledger
        let files = compilation.sources.files
        mainFile = compilation.rootFiles.first.map { files[$0].path } ?? ""
        includedFiles = files.indices.filter { !compilation.rootFiles.contains($0) }.map { files[$0].path }
        self.options = options
    }

    /// (key, text label, value) in hledger's order.
    public func rows() -> [(key: String, label: String, value: Cell)] {
        let journal = ledger.journal
        let inPeriod = ledger.ordered.filter { options.period.contains($0.date) }
        let first = inPeriod.map(\.date).min(), last = inPeriod.map(\.date).max()
        var accounts = Set<Int32>(), payees = Set<String>(), commodities = Set<Int32>()
        for t in inPeriod {
            // hledger's "Payees/descriptions": the distinct descriptions, payee and note together.
            payees.insert(t.description)
            for p in t.postings {
                accounts.insert(p.account)
                if let a = p.amount { commodities.insert(a.commodity) }
            }
        }
        let depth = accounts.map { Int(journal.accounts.depth[Int($0)]) }.max() ?? 0
        let span = first.flatMap { f in last.map { Int($0.day - f.day) + 1 } } ?? 0
        let c = journal.commodities
        // As hledger counts them: amounts with no commodity are one more.
        let names = commodities.map { c[$0] }.sorted()
        let today = ledger.until
        let recent = { (days: Int32) in inPeriod.filter { $0.date.day > today.day - days && $0.date.day <= today.day }.count }
        let priceCommodities = Set(journal.prices.map(\.commodity)).map { c[$0] }.sorted()
        return [
            ("main_file", "Main file", .text(mainFile)),
            ("included_files", "Included files", .text(includedFiles.joined(separator: ", "))),
            ("first_date", "First transaction", first.map { .date($0) } ?? .missing),
            ("last_date", "Last transaction", last.map { .date($0) } ?? .missing),
            ("span_days", "Transactions span (days)", .count(span)),
            ("transactions", "Transactions", .count(inPeriod.count)),
            ("transactions_last_30_days", "Transactions last 30 days", .count(recent(30))),
            ("transactions_last_7_days", "Transactions last 7 days", .count(recent(7))),
            ("payees", "Payees/descriptions", .count(payees.count)),
            ("accounts", "Accounts", .count(accounts.count)),
            ("account_depth", "Account depth", .count(depth)),
            ("commodities", "Commodities", .count(names.count)),
            ("commodity_names", "Commodity names", .text(names.joined(separator: ", "))),
            ("market_prices", "Market prices", .count(journal.prices.count)),
            ("price_commodities", "Commodities with prices", .text(priceCommodities.joined(separator: ", "))),
        ]
    }

    public func document() -> ReportDocument {
        let rows = rows()
        let columns = [Column("key", "Key", in: .data), Column("label", "Label", in: .text), Column("value", "Value")]
        let cells: [[Cell]] = rows.map { [.text($0.key), .text($0.label), $0.value] }
        // The stats hold text, counts and dates (or nothing).
        func shown(_ cell: Cell) -> String {
            switch cell {
            case .text(let s): return s
            case .count(let n): return String(n)
            case .date(let d): return d.description
            default: return ""
            }
        }
        return ReportDocument([ReportTable(name: "stats", columns: columns, rows: cells)], until: ledger.until, text: .custom({
            // As hledger lays it out: `Label   : value`.
            Array(rows.map { padded($0.label, to: 26, right: false) + ": " + shown($0.value) + "\n" }.joined().utf8)
        }))
    }
}

extension AccountTable {
    /// hledger's order of accounts: as a tree, a parent before its children;
    /// among siblings the declared ones first, in declaration order, then the
    /// others by name.
    public func inHledgerOrder(_ a: Int32, _ b: Int32) -> Bool {
        let da = Int(depth[Int(a)]), db = Int(depth[Int(b)])
        for level in 1...min(da, db) {
            let pa = ancestor(of: a, atDepth: level), pb = ancestor(of: b, atDepth: level)
            guard pa != pb else { continue }
            switch (declared[pa], declared[pb]) {
            case (let x?, let y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return self[pa] < self[pb]
            }
        }
        return da < db
    }
}
