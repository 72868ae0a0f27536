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
