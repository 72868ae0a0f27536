/// A 할부 purchase billed in portions on consecutive statements, and what a
/// refund does to it (FORMAT.md §10): the refund takes back what is not yet
/// billed and the remaining portions are computed again over the same
/// statements, as card companies recompute them; what the refund leaves over
/// (the portions already billed, in a full refund) comes back in the
/// refund's own cycle. A refund of the whole purchase therefore cancels the
/// plan: no portion is billed from the refund's cycle on.
struct InstallmentPlan {
    var date: CivilDate
    /// The purchase's payee, folded as payees compare.
    var payee: String
    /// The purchase less the refunds taken against it.
    var open: ExactDecimal
    /// Each portion and the closing day of the statement that bills it.
    var portions: [(closes: CivilDate, amount: Amount)]
    var at: SourceLocation?

    /// The plan a card's credit refunds, if any: the latest purchase on or
    /// before it, in its commodity, still open, whose open amount the credit
    /// equals (a full refund, whatever its description), or else whose payee
    /// the credit's description begins with and whose open amount it does
    /// not pass (a partial refund). Any other credit is an ordinary refund.
    static func refunded(by credit: (date: CivilDate, payee: String, amount: Amount, at: SourceLocation?), in plans: [InstallmentPlan]) -> Int? {
        let candidates = plans.indices.filter {
            plans[$0].date <= credit.date && plans[$0].portions.first?.amount.commodity == credit.amount.commodity && !plans[$0].open.isZero && !plans[$0].open.isNegative
        }
        if let full = candidates.last(where: { plans[$0].open.isEqual(to: credit.amount.quantity) }) { return full }
        return candidates.last { plans[$0].payee == credit.payee || !plans[$0].payee.isEmpty && credit.payee.hasPrefix(plans[$0].payee) }
            .flatMap { credit.amount.quantity < plans[$0].open ? $0 : nil }
    }

    /// Takes `refund` against the portions billed from the statement closing
    /// on `closes` on (re-split over them, the remainder first, as a plan is
    /// first split), and returns what is left of the refund for that
    /// statement: the part the unbilled portions could not absorb.
    mutating func refund(_ refund: ExactDecimal, from closes: CivilDate, places: Int, at: SourceLocation?) throws(AmountOverflow) -> ExactDecimal {
        open = try open.minus(refund, at: at)
        let billed = portions.filter { $0.closes < closes }
        let unbilled = portions.filter { $0.closes >= closes }
        var remaining = ExactDecimal.zero
        for p in unbilled { remaining = try remaining.plus(p.amount.quantity, at: at) }
        let after = try remaining.minus(refund, at: at)
        guard let commodity = portions.first?.amount.commodity else { return refund }
        guard !after.isNegative, !after.isZero, !unbilled.isEmpty else {
            portions = billed
            return after.isNegative ? after.negated : .zero
        }
        let again = try CardTerms.portions(Amount(after, commodity), unbilled.count, places: places, at: at)
        portions = billed + zip(unbilled, again).map { ($0.closes, $1) }
        return .zero
    }
}
