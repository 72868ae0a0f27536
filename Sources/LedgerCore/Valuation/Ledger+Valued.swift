extension Ledger {
    /// The commodity most postings use, when the journal uses more than one
    /// (what the page and the editor value in without `-X`).
    public var mainCurrency: Int32? {
        var counts = [Int](repeating: 0, count: journal.commodities.count)
        for t in transactions { for p in t.postings { if let a = p.amount { counts[Int(a.commodity)] += 1 } } }
        guard counts.filter({ $0 > 0 }).count > 1, let best = counts.indices.max(by: { counts[$0] < counts[$1] }) else { return nil }
        return Int32(best)
    }

    /// The ledger with every posting's amount valued: at cost (`--value
    /// cost`: an amount with `@`/`@@` becomes what it cost, signed as it),
    /// then (with a commodity) on the day `valuer` gives for its date, in a report whose period
    /// holding that date ends on `periodEnd(date)` (nil: one period). Costs
    /// and assertions go: the valued postings are for reports, not checks.
    public func valued(by valuer: Valuer, periodEnd: (CivilDate) -> CivilDate? = { _ in nil }) throws(AmountOverflow) -> Ledger {
        var out = self
        for n in out.order {
            var t = out.transactions[Int(n)]
            let end = periodEnd(t.date)
            var changed = false
            for k in t.postings.indices {
                guard let a = t.postings[k].amount else { continue }
                let v = try valuer.value(a, of: t.postings[k], dated: t.date, periodEnd: end, in: t)
                if v.commodity != a.commodity || !v.quantity.isEqual(to: a.quantity) {
                    t.postings[k].amount = v
                    changed = true
                }
            }
            if changed { out.transactions[Int(n)] = t }
        }
        return out
    }

    /// A posting of a conversion without a cost (`$1,000` against
    /// `-1,465,000 KRW`) at the price the other commodity implies, when it is
    /// in the first posting's commodity, as hledger's balancing infers it
    /// (`hledger print -x -B`); nil for any other posting.
    static func impliedCost(of posting: Posting, in t: Transaction) throws(AmountOverflow) -> Amount? {
        guard posting.virtual != .unbalanced, let a = posting.amount,
              !t.postings.contains(where: { $0.cost != nil || $0.lot != nil }) else { return nil }
        var implied: PriceSource?
        try PriceGraph.implied(by: t) { implied = $0 }
        guard let implied, a.commodity == implied.from else { return nil }
        var from = AmountSums(), to = AmountSums()
        for p in t.postings where p.virtual != .unbalanced {
            guard let b = p.amount else { continue }
            if b.commodity == implied.from { try from.add(b, at: p.amountLocation) } else { try to.add(b, at: p.amountLocation) }
        }
        let total = from.quantity(implied.from).magnitude, paid = to.quantity(implied.to).magnitude
        let at = posting.amountLocation
        return Amount(try a.quantity.times(paid, at: at).quotient(over: total, at: at), implied.to)
    }

    /// The costs hledger 1.25 gives a conversion written without one, by
    /// posting index: on the postings in the first posting's commodity, the
    /// other commodity's sum as a total cost (`@@`) when there is one such
    /// posting (at the other commodity's places at least), else as a unit
    /// cost (`@`) rounded to both commodities' places together (at least 2),
    /// as hledger's balancing infers them.
    /// Empty for a transaction with a cost or none to infer.
    static func impliedCosts(in t: Transaction, _ commodities: CommodityTable) throws(AmountOverflow) -> [Int: Cost] {
        guard !t.postings.contains(where: { $0.cost != nil || $0.lot != nil }) else { return [:] }
        var implied: PriceSource?
        try PriceGraph.implied(by: t) { implied = $0 }
        guard let implied else { return [:] }
        var from = AmountSums(), to = AmountSums()
        for p in t.postings where p.virtual != .unbalanced {
            guard let b = p.amount else { continue }
            if b.commodity == implied.from { try from.add(b, at: p.amountLocation) } else { try to.add(b, at: p.amountLocation) }
        }
        let total = from.quantity(implied.from).magnitude, paid = to.quantity(implied.to).magnitude
        let converted = t.postings.indices.filter { t.postings[$0].virtual != .unbalanced && t.postings[$0].amount?.commodity == implied.from }
        let cost: Cost
        if converted.count == 1 {
            cost = Cost(amount: Amount(paid.rescaled(upTo: commodities.precision(implied.to)) ?? paid, implied.to), isTotal: true)
        } else {
            let places = max(2, commodities.precision(implied.from) + commodities.precision(implied.to))
            guard let unit = try paid.shown(over: total, places: places, at: t.location) else { return [:] }
            let rounded = unit.roundedHalfEven(to: places)
            cost = Cost(amount: Amount(rounded.rescaled(upTo: places) ?? rounded, implied.to), isTotal: false)
        }
        return Dictionary(uniqueKeysWithValues: converted.map { ($0, cost) })
    }

    /// What `amount` cost: the unit cost times the quantity, or the total
    /// with the quantity's sign.
    static func cost(of amount: Amount, _ cost: Cost, at: SourceLocation) throws(AmountOverflow) -> Amount {
        if cost.isTotal {
            let total = cost.amount.quantity.magnitude
            return Amount(amount.quantity.isNegative ? total.negated : total, cost.amount.commodity)
        }
        return Amount(try amount.quantity.times(cost.amount.quantity, at: at), cost.amount.commodity)
    }
}
