/// Each card's payments, made after the ledger of recorded transactions and
/// `repeat` occurrences: its cycles are summed from the card's movements in
/// the ledger's one stream (`Movements`), once, and kept for the statements,
/// the page, the hover and `serve`.
extension Ledger {
    /// The ledger with every card rule's unfulfilled payments up to
    /// `expander`'s horizon among its generated transactions, and each card
    /// rule's cycles in `cardCycles`. A card whose sums overflow is an error
    /// (at the posting) and has neither.
    func billingCards(_ expander: Expander) -> Ledger {
        let cards = journal.rules.indices.filter { journal.rules[$0].isValid && journal.rules[$0].card != nil }
        guard !cards.isEmpty else { return self }
        // Each card's movements, from one pass over the stream.
        var moves: [Int32: [Movement]] = [:]
        for r in cards { if let card = journal.rules[r].card { moves[card.account] = [] } }
        Movements(self).forEach { m in
            if moves[m.account] != nil { moves[m.account]?.append(m) }
        }
        var out = self
        var payments: [Transaction] = []
        for r in cards {
            guard let terms = journal.rules[r].card else { continue }
            do throws(AmountOverflow) {
                let cycles = try terms.cycles(rule: Int32(r), of: moves[terms.account] ?? [], in: self)
                out.cardCycles[Int32(r)] = cycles
                payments += expander.cardPayments(journal, rule: r, cycles)
            } catch {
                expander.diagnostics?.error(error.message, at: error.location ?? journal.rules[r].location)
            }
        }
        return out.adding(payments)
    }
}

extension Expander {
    /// A card rule's unfulfilled payments up to the horizon: each cycle with
    /// something due whose payment no recorded transfer fulfils; a recorded
    /// payment of another amount is warned about.
    func cardPayments(_ journal: Journal, rule r: Int, _ cycles: [CardCycle]) -> [Transaction] {
        let rule = journal.rules[r]
        var out: [Transaction] = []
        for cycle in cycles {
            let due = cycle.amountDue.amounts.filter { !$0.quantity.isZero }
            if let paidOn = cycle.paidOn {
                // Fulfilled; a different amount is said, with the gap.
                for a in due where !cycle.paid.quantity(a.commodity).isEqual(to: a.quantity) {
                    let paid = Amount(cycle.paid.quantity(a.commodity), a.commodity)
                    guard let gap = a.quantity.subtracting(paid.quantity) else {
                        diagnostics?.error(Messages.amountOverflows("the statement's amount − the payment"), at: cycle.payment ?? rule.location)
                        continue
                    }
                    let c = journal.commodities
                    diagnostics?.warning(Messages.cardPaymentDiffers(cycle.closes.description, c.format(a), c.format(paid), paidOn.description,
                                                                     c.format(Amount(gap.magnitude, a.commodity)), short: gap.signum > 0),
                                         at: cycle.payment ?? rule.location)
                }
                continue
            }
            guard !due.isEmpty, cycle.due <= until, due.contains(where: { !$0.quantity.isNegative }) else { continue }
            var t = rule.template
            t.date = cycle.due
            t.postings = []
            for a in due {
                var toCard = rule.template.postings[0], fromBank = rule.template.postings[1]
                toCard.amount = a
                fromBank.amount = Amount(a.quantity.negated, a.commodity)
                t.postings += [toCard, fromBank]
            }
            t.generated = GeneratedFrom(rule: Int32(r), occurrence: Int32(cycle.number))
            out.append(t)
        }
        return out
    }
}
