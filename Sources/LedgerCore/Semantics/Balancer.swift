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
        // (By index: a sequence's iterator hands out copies of the postings, each a count of references.)
        if t.postings.indices.contains(where: { t.postings[$0].virtual == .balanced }) {
            ok = balanceGroup(&t, .balanced, isRule: isRule) && ok
        }
        // An unbalanced virtual posting with no amount stands for zero.
        for i in t.postings.indices where t.postings[i].amount == nil && t.postings[i].virtual == .unbalanced {
            t.postings[i].amount = Amount(.zero, CommodityTable.none)
            t.postings[i].isInferred = true
        }
        return ok
    }

    /// The common case without allocating (`SimpleBalance`). Returns false to
    /// fall back to the general path.
    private func fastBalance(_ t: inout Transaction) -> Bool {
        guard let simple = SimpleBalance(t.postings) else { return false }
        if simple.elided >= 0 {
            guard simple.commodity >= 0 else { return false }
            simple.infer(into: &t.postings)
            return true
        }
        return simple.commodity < 0 || simple.sum.roundedHalfEven(to: commodities.precision(simple.commodity)).isZero
    }

    private func balanceGroup(_ t: inout Transaction, _ group: VirtualKind, isRule: Bool) -> Bool {
        var sums = AmountSums()
        var elided: Int?
        var hasCost = false
        for i in t.postings.indices where t.postings[i].virtual == group {
            if t.postings[i].amount == nil {
                if let first = elided {
                    let p = t.postings[i]
                    // `Account -4,500 KRW` with one space: the amount went into the name.
                    for q in [t.postings[first], p] {
                        if let amount = unmistakableAmountAtEnd(of: accountName(q.account)) {
                            diagnostics.error(Messages.accountEndsInAmount(accountName(q.account), amount), at: q.location,
                                              notes: [DiagnosticNote(Messages.accountAmountSeparator)])
                            return false
                        }
                    }
                    // A weaker ending (`Food 12`) may be what went wrong: a note on this error.
                    var notes = [DiagnosticNote(Messages.multipleElidedNote, at: p.location)]
                    for q in [t.postings[first], p] {
                        if let amount = writtenAmountAtEnd(of: accountName(q.account)) {
                            notes.append(DiagnosticNote(Messages.accountMayEndInAmount(accountName(q.account), amount), at: q.location))
                        }
                    }
                    diagnostics.error(Messages.multipleElided, at: t.location, notes: notes)
                    return false
                }
                elided = i
                continue
            }
            if t.postings[i].cost != nil { hasCost = true }
            guard let c = contribution(t.postings[i]), sums.add(c) else {
                diagnostics.error(Messages.overflow, at: t.postings[i].amountLocation)
                return false
            }
        }
        let nonzero = sums.amounts.filter { !$0.quantity.isZero }
        if let e = elided {
            // One amount to infer (nearly always), or a zero: written in place, with no array made.
            if nonzero.count <= 1 {
                if let s = nonzero.first {
                    t.postings[e].amount = Amount(s.quantity.negated, s.commodity)
                } else {
                    // Every sum is exactly zero (not a failed sum: `sums.add` reports those
                    // above): the amount inferred is zero, in the first commodity seen.
                    t.postings[e].amount = Amount(.zero, sums.amounts.first?.commodity ?? CommodityTable.none)
                }
                t.postings[e].isInferred = true
                return true
            }
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

extension Balancer {
    /// Whether `t`, balanced, sums to exactly zero in each group (or is an
    /// implied conversion): then it balances at any display precision
    /// (`Checker.balanceExactly`).
    func sumsToZeroExactly(_ t: Transaction) -> Bool {
        for group in [VirtualKind.real, .balanced] {
            var sums = AmountSums()
            var hasCost = false
            for p in t.postings where p.virtual == group {
                if p.cost != nil { hasCost = true }
                guard let c = contribution(p), sums.add(c) else { return false }
            }
            let nonzero = sums.amounts.filter { !$0.quantity.isZero }
            if nonzero.isEmpty { continue }
            guard group == .real, !hasCost, nonzero.count == 2, nonzero[0].quantity.signum != nonzero[1].quantity.signum else { return false }
        }
        return true
    }
}

/// The one balancing rule for the common transaction, used by the balancer
/// and by the streaming check: real postings of one commodity, no cost, at
/// most one amount elided. Such a transaction balances when its sum is zero
/// (at the commodity's display precision for the balancer; exactly, for the
/// streaming check, which cannot know a precision a later directive may set),
/// or when one amount is elided: it is the sum, negated.
struct SimpleBalance {
    /// The one commodity; -1 when no real posting has an amount.
    var commodity: Int32 = -1
    var sum = ExactDecimal.zero
    /// The posting whose amount is elided, or -1.
    var elided = -1

    /// The scale every amount shares, or -1 when they differ.
    var scale = -1

    /// Nil when the postings are not of the simple kind (or their sum does not
    /// fit). With `plainOnly`, every posting must also be plain (real, with no
    /// cost, lot, assertion or comment).
    @inline(__always)
    init?(_ postings: [Posting], plainOnly: Bool = false) {
        // Summed in 64 bits while the amounts share a scale (nearly always);
        // exactly, in a second pass, otherwise.
        var small: Int64 = 0
        var fits = true
        for i in postings.indices {
            if plainOnly {
                guard postings[i].isPlain else { return nil }
            } else if postings[i].virtual != .real {
                continue
            }
            guard let a = postings[i].amount else {
                if elided >= 0 { return nil }
                elided = i
                continue
            }
            if !plainOnly, postings[i].cost != nil { return nil }
            if commodity < 0 { commodity = a.commodity } else if commodity != a.commodity { return nil }
            if fits, let m = a.quantity.mantissa64, scale < 0 || scale == a.quantity.scale {
                scale = a.quantity.scale
                let (s, overflow) = small.addingReportingOverflow(m)
                small = s
                fits = !overflow
            } else {
                fits = false
            }
        }
        if fits {
            sum = ExactDecimal(mantissa: Int128(small), scale: max(scale, 0))
            return
        }
        // Past 64 bits or across scales: exactly.
        var shared: Int?
        var mixed = false
        for p in postings where p.virtual == .real {
            guard let q = p.amount?.quantity else { continue }
            guard let s = sum.adding(q) else { return nil }
            sum = s
            if shared == nil { shared = q.scale } else if shared != q.scale { mixed = true }
        }
        scale = mixed ? -1 : shared ?? -1
    }

    /// Fills in the elided amount (the sum, negated).
    func infer(into postings: inout [Posting]) {
        postings[elided].amount = Amount(sum.negated, commodity)
        postings[elided].isInferred = true
    }
}
