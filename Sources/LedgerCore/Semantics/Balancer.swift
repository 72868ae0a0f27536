/// Fills in elided amounts and checks that a transaction balances.
///
/// Per commodity, the real postings must sum to zero, and so must the `[...]`
/// postings; a posting with a cost counts at its cost. A sum balances when it
/// is zero at the commodity's display precision.
struct Balancer {
    let commodities: CommodityTable
    let diagnostics: DiagnosticEngine
    /// Account names, for messages.
    let accountName: (Int32) -> String

    /// What a posting contributes to its group's sums: its amount, or its cost.
    func contribution(_ p: Posting) -> Amount? {
        guard let a = p.amount else { return nil }
        // A lot cost `{...}` alone does not count: ledger-cli and hledger both
        // balance such a posting in its own commodity (see docs/COMPATIBILITY.md).
        guard let cost = p.cost else { return a }
        if cost.isTotal {
            let total = cost.amount.quantity.magnitude
            return Amount(a.quantity.isNegative ? total.negated : total, cost.amount.commodity)
        }
        guard let q = a.quantity.multiplied(by: cost.amount.quantity) else { return nil }
        return Amount(q, cost.amount.commodity)
    }

    /// Balances `t` in place. `ruleName` switches the wording for a repeat rule's template.
    /// Returns false (after a diagnostic) when it does not balance.
    @discardableResult
    func balance(_ t: inout Transaction, isRule: Bool = false) -> Bool {
        // A transaction with no postings, or one posting that balances on its own,
        // is accepted as in ledger-cli and hledger; a lone non-zero posting fails below.
        var ok = fastBalance(&t) || balanceGroup(&t, .real, isRule: isRule)
        if t.postings.contains(where: { $0.virtual == .balanced }) {
            ok = balanceGroup(&t, .balanced, isRule: isRule) && ok
        }
        // An unbalanced virtual posting with no amount stands for zero.
        for i in t.postings.indices where t.postings[i].amount == nil && t.postings[i].virtual == .unbalanced {
            t.postings[i].amount = Amount(.zero, CommodityTable.none)
            t.postings[i].isInferred = true
        }
        return ok
    }

    /// The common case without allocating: real postings of one commodity, no
    /// costs, at most one elided. Returns false to fall back to the general path.
    private func fastBalance(_ t: inout Transaction) -> Bool {
        var commodity: Int32 = -1
        var sum = ExactDecimal.zero
        var elided = -1
        for i in t.postings.indices where t.postings[i].virtual == .real {
            guard let a = t.postings[i].amount else {
                if elided >= 0 { return false }
                elided = i
                continue
            }
            if t.postings[i].cost != nil { return false }
            if commodity < 0 { commodity = a.commodity } else if commodity != a.commodity { return false }
            guard let s = sum.adding(a.quantity) else { return false }
            sum = s
        }
        if elided >= 0 {
            guard commodity >= 0 else { return false }
            t.postings[elided].amount = Amount(sum.negated, commodity)
            t.postings[elided].isInferred = true
            return true
        }
        return commodity < 0 || sum.roundedHalfEven(to: commodities.precision(commodity)).isZero
    }

    private func balanceGroup(_ t: inout Transaction, _ group: VirtualKind, isRule: Bool) -> Bool {
        var sums = AmountSums()
        var elided: Int?
        var hasCost = false
        for (i, p) in t.postings.enumerated() where p.virtual == group {
            if p.amount == nil {
                if let first = elided {
                    // `Account 4,500 KRW` with one space: the amount went into the name.
                    for q in [t.postings[first], p] {
                        if let amount = amountAtEnd(of: accountName(q.account)) {
                            diagnostics.error(Messages.accountEndsInAmount(accountName(q.account), amount), at: q.location,
                                              notes: [DiagnosticNote(Messages.accountAmountSeparator)])
                            return false
                        }
                    }
                    diagnostics.error(Messages.multipleElided, at: t.location,
                                      notes: [DiagnosticNote(Messages.multipleElidedNote, at: p.location)])
                    return false
                }
                elided = i
                continue
            }
            if p.cost != nil { hasCost = true }
            guard let c = contribution(p), sums.add(c) else {
                diagnostics.error(Messages.overflow, at: p.amountLocation)
                return false
            }
        }
        let nonzero = sums.amounts.filter { !$0.quantity.isZero }
        if let e = elided {
            var inferred: [Posting] = []
            for s in nonzero {
                var p = t.postings[e]
                p.amount = Amount(s.quantity.negated, s.commodity)
                p.isInferred = true
                inferred.append(p)
            }
            if inferred.isEmpty {
                var p = t.postings[e]
                p.amount = Amount(.zero, sums.amounts.first?.commodity ?? CommodityTable.none)
                p.isInferred = true
                inferred.append(p)
            }
            t.postings.replaceSubrange(e...e, with: inferred)
            return true
        }
        // Half-to-even at display precision, as hledger balances: a half-cent residue balances.
        let off = nonzero.filter { !$0.quantity.roundedHalfEven(to: commodities.precision($0.commodity)).isZero }
        if off.isEmpty { return true }
        // Two commodities of opposite sign and no explicit cost: an implied
        // conversion, as ledger-cli and hledger infer it.
        if group == .real, !hasCost, nonzero.count == 2, nonzero[0].quantity.signum != nonzero[1].quantity.signum {
            return true
        }
        let diff = commodities.format(off)
        let firstAmount = t.postings.first { $0.virtual == group && $0.amount != nil }?.amountLocation
        diagnostics.error(isRule ? Messages.ruleDoesNotBalance(diff) : Messages.doesNotBalance(diff), at: t.location,
                          notes: [DiagnosticNote(Messages.postingsSum(diff), at: firstAmount)])
        return false
    }
}
