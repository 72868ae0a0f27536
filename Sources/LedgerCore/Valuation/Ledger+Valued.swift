extension Ledger {
    /// The ledger with every posting's amount valued: at cost (`--value
    /// cost`: an amount with `@`/`@@` becomes what it cost, signed as it),
    /// then (with a commodity) on the day `valuer` gives for its date, in a report whose period
    /// holding that date ends on `periodEnd(date)` (nil: one period). Costs
    /// and assertions go: the valued postings are for reports, not checks.
    public func valued(by valuer: Valuer, periodEnd: (CivilDate) -> CivilDate? = { _ in nil }) throws(AmountOverflow) -> Ledger {
        var out = self
        for n in out.order {
            var t = out.transactions[Int(n)]
            let day = valuer.day(of: t.date, periodEnd: periodEnd(t.date))
            if valuer.valuation.when == .cost { try Ledger.costImplied(&t) }
            for k in t.postings.indices {
                guard var a = t.postings[k].amount else { continue }
                let at = t.postings[k].amountLocation
                if valuer.valuation.when == .cost, let cost = t.postings[k].cost { a = try Ledger.cost(of: a, cost, at: at) }
                if let day { a = try valuer.value(a, on: day, at: at) }
                t.postings[k].amount = a
            }
            out.transactions[Int(n)] = t
        }
        return out
    }

    /// A conversion without a cost (`$1,000` against `-1,465,000 KRW`): the
    /// first posting's commodity at the price the other implies, as hledger's
    /// balancing infers it (`hledger print -x -B`).
    static func costImplied(_ t: inout Transaction) throws(AmountOverflow) {
        var implied: PriceSource?
        try PriceGraph.implied(by: t) { s in if !t.postings.contains(where: { $0.cost != nil || $0.lot != nil }) { implied = s } }
        guard let implied else { return }
        var from = AmountSums(), to = AmountSums()
        for p in t.postings where p.virtual != .unbalanced {
            guard let a = p.amount else { continue }
            if a.commodity == implied.from { try from.add(a, at: p.amountLocation) } else { try to.add(a, at: p.amountLocation) }
        }
        let total = from.quantity(implied.from).magnitude, paid = to.quantity(implied.to).magnitude
        for k in t.postings.indices where t.postings[k].virtual != .unbalanced {
            guard let a = t.postings[k].amount, a.commodity == implied.from else { continue }
            let at = t.postings[k].amountLocation
            t.postings[k].amount = Amount(try a.quantity.times(paid, at: at).quotient(over: total, at: at), implied.to)
        }
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
