/// `ledgerc close --to DATE`: the closing and opening transactions of a year
/// end, as hledger 1.25's `close` writes them. On DATE, every account with a
/// recorded balance (those the filters keep) is brought to zero, each amount
/// with the assertion `= 0`, against the equity account; the next day opens
/// the same balances again, each asserted. Occurrences of `repeat` rules are
/// projections, which assertions never see: they are not closed. Amounts are
/// exact; `print` and `check` read the output back.
public struct ClosingTransactions {
    public let ledger: Ledger
    public let query: Query
    /// The last day closed (inclusive).
    public let date: CivilDate
    public var closingAccount = "equity:opening/closing balances"
    /// Which of the two to write (hledger's `--close` and `--open`; both when neither is asked).
    public var writesClosing = true, writesOpening = true
    /// Written as hledger's `print` writes them (hledger's form of `close`).
    public var inHledgersLayout = false
    /// hledger's `-x`: the equity postings' amounts written, one posting per commodity.
    public var explicit = false
    /// hledger's `--interleaved`: each balance's equity posting right after it.
    public var interleaved = false
    /// hledger's `--show-costs`: each balance split by the costs it was posted at (`partsByCost`).
    public var showCosts = false
    public var openingAccount = "equity:opening/closing balances"

    public init(ledger: Ledger, query: Query, date: CivilDate) {
        self.ledger = ledger
        self.query = query
        self.date = date
    }

    /// Each kept account's balance at the end of `date`, per commodity, exactly;
    /// zero balances left out; accounts in hledger's order, commodities by name.
    public func balances() throws(AmountOverflow) -> [(account: Int32, amounts: [Amount])] {
        let accounts = ledger.journal.accounts, commodities = ledger.journal.commodities
        // What happened: a `repeat` rule's generated occurrences are projections,
        // which balance assertions never see, so they are not closed either.
        var movements = Movements(ledger.datedByPosting(), matching: query)
        movements.recordedOnly = true
        let balances = try Balances.summing(movements, in: [DateSpan(first: CivilDate(day: Int32.min), last: date)])
        let sums = (0..<Int32(accounts.count)).compactMap { id in balances.moved(id) ? (id, balances.sums[Int(id)][1]) : nil }
        return sums.compactMap { account, s in
            let amounts = s.amounts.filter { !$0.quantity.isZero }.sorted { commodities[$0.commodity] < commodities[$1.commodity] }
            return amounts.isEmpty ? nil : (account, amounts)
        }.sorted { accounts.inHledgerOrder($0.account, $1.account) }
    }

    /// One part of an account's balance: an amount, with `--show-costs` the cost it was posted at.
    public typealias Part = (amount: Amount, cost: Cost?)

    /// With `showCosts` (hledger's `--show-costs`), each kept account's
    /// balance split as hledger 1.25 keeps it: by commodity, then by the
    /// cost's commodity (none first), a total cost (`@@`, the totals summed)
    /// before unit costs, unit costs by price; parts that come to zero left out.
    public func partsByCost() throws(AmountOverflow) -> [(account: Int32, parts: [Part])] {
        let accounts = ledger.journal.accounts, commodities = ledger.journal.commodities
        let matcher = QueryMatcher(query, journal: ledger.journal)
        var sums: [Int32: [PartKey: Part]] = [:]
        let implied = try impliedCosts()
        for t in ledger.datedByPosting().ordered where t.generated == nil && t.date <= date {
            for p in t.postings {
                guard let a = p.amount, matcher.matches(t, p) else { continue }
                let cost = p.cost ?? implied[p.location]
                let key = PartKey(a, cost)
                guard var part = sums[p.account]?[key] else {
                    sums[p.account, default: [:]][key] = (a, cost)
                    continue
                }
                part.amount.quantity = try part.amount.quantity.plus(a.quantity, at: p.amountLocation)
                if let c = cost, c.isTotal, let sum = part.cost {
                    part.cost?.amount.quantity = try sum.amount.quantity.plus(c.amount.quantity, at: p.amountLocation)
                }
                sums[p.account]?[key] = part
            }
        }
        return sums.compactMap { account, parts in
            let kept = parts.filter { !$0.value.amount.quantity.isZero }.sorted { $0.key.precedes($1.key, commodities) }.map(\.value)
            return kept.isEmpty ? nil : (account, kept)
        }.sorted { accounts.inHledgerOrder($0.account, $1.account) }
    }

    /// The costs hledger infers for conversions written without one
    /// (`Ledger.impliedCosts`), by each posting's place.
    func impliedCosts() throws(AmountOverflow) -> [SourceLocation: Cost] {
        var out: [SourceLocation: Cost] = [:]
        for t in ledger.transactions where t.generated == nil && t.date <= date {
            for (k, cost) in try Ledger.impliedCosts(in: t, ledger.journal.commodities) { out[t.postings[k].location] = cost }
        }
        return out
    }

    /// The two transactions as journal text, in the printer's layout.
    public func text(sources: SourceManager) throws(AmountOverflow) -> String {
        let rows: [(account: Int32, parts: [Part])] = showCosts ? try partsByCost() : try balances().map { ($0.account, $0.amounts.map { ($0, nil) }) }
        var journal = ledger.journal
        let closing = journal.accounts.intern(closingAccount), opening = journal.accounts.intern(openingAccount)
        let nowhere = SourceLocation(file: 0, offset: 0)
        // What the balances come to, part by part: the same commodity and cost summed (a total cost's totals too).
        var sums: [PartKey: Part] = [:]
        for row in rows {
            for part in row.parts {
                let key = PartKey(part.amount, part.cost)
                guard var sum = sums[key] else { sums[key] = part; continue }
                sum.amount.quantity = try sum.amount.quantity.plus(part.amount.quantity, at: nil)
                if let c = part.cost, c.isTotal, let total = sum.cost { sum.cost?.amount.quantity = try total.amount.quantity.plus(c.amount.quantity, at: nil) }
                sums[key] = sum
            }
        }
        let commodities = journal.commodities
        let totals = sums.sorted { $0.key.precedes($1.key, commodities) }.map(\.value)
        func transaction(_ day: CivilDate, _ description: String, sign: Bool, equity: Int32) throws(AmountOverflow) -> Transaction {
            var t = Transaction(date: day, description: description, location: nowhere)
            func toEquity(_ part: Part) -> Posting {
                var p = Posting(account: equity, location: nowhere)
                p.amount = Amount(sign ? part.amount.quantity.negated : part.amount.quantity, part.amount.commodity)
                p.cost = part.cost
                return p
            }
            for row in rows {
                for (k, part) in row.parts.enumerated() {
                    let a = part.amount
                    var p = Posting(account: row.account, location: nowhere)
                    p.amount = Amount(sign ? a.quantity : a.quantity.negated, a.commodity)
                    p.cost = part.cost
                    // The last part of each commodity asserts the account's balance in it (without a cost).
                    if k + 1 == row.parts.count || row.parts[k + 1].amount.commodity != a.commodity {
                        var held = ExactDecimal.zero
                        for other in row.parts where other.amount.commodity == a.commodity { held = try held.plus(other.amount.quantity, at: nil) }
                        p.assertion = BalanceAssertion(amount: Amount(sign ? held : .zero, a.commodity), isTotal: false, includesSubaccounts: false, location: nowhere)
                    }
                    t.postings.append(p)
                    if interleaved { t.postings.append(toEquity(part)) }
                }
            }
            if interleaved { return t }
            // The equity posting: its amounts left to balance, or with -x written, a posting per part.
            let shown = explicit ? totals.filter { !$0.amount.quantity.isZero } : []
            if shown.isEmpty { t.postings.append(Posting(account: equity, location: nowhere)) }
            for part in shown { t.postings.append(toEquity(part)) }
            return t
        }
        let printer = LedgerPrinter(journal: journal, sources: sources)
        var buf = ByteBuffer(capacity: 4096)
        var written: [Transaction] = []
        if writesClosing { written.append(try transaction(date, "closing balances", sign: false, equity: closing)) }
        if writesOpening { written.append(try transaction(CivilDate(day: date.day + 1), "opening balances", sign: true, equity: opening)) }
        for (k, t) in written.enumerated() {
            if inHledgersLayout {
                printer.writeHledger(t, into: &buf, explicit: false, fullPrecision: true)
                buf.byte(0x0A)
            } else {
                if k > 0 { buf.byte(0x0A) }
                printer.write(t, into: &buf)
            }
        }
        return buf.string
    }
}

/// What hledger 1.25 keeps apart in a balance: the commodity, the cost's
/// commodity, and a unit cost's price (total costs of one commodity pair
/// are summed).
struct PartKey: Hashable {
    var commodity: Int32, costCommodity: Int32?, unit: ExactDecimal?

    init(_ amount: Amount, _ cost: Cost?) {
        commodity = amount.commodity
        costCommodity = cost?.amount.commodity
        unit = cost.flatMap { $0.isTotal ? nil : $0.amount.quantity }
    }

    /// hledger's order: by commodity, then the cost's commodity (none
    /// first), then a total cost before unit costs, unit costs by price.
    func precedes(_ other: PartKey, _ commodities: CommodityTable) -> Bool {
        if commodity != other.commodity { return commodities[commodity] < commodities[other.commodity] }
        if costCommodity != other.costCommodity {
            guard let x = costCommodity else { return true }
            guard let y = other.costCommodity else { return false }
            return commodities[x] < commodities[y]
        }
        guard let y = other.unit else { return false }
        guard let x = unit else { return true }
        return x < y
    }
}
