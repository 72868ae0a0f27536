/// Cards (FORMAT.md §10): an account declared with `statement-day`,
/// `payment-day` and `paid-from` is billed in cycles. A cycle closes on the
/// statement day and holds the card's postings dated after the previous
/// closing; its payment falls due on the first payment day after the
/// closing, moved past weekends and holidays; the amount due is the cycle's
/// charges less its refunds plus the installment (할부) portions billed in
/// it. Each cycle's payment is an occurrence of the card's rule: generated
/// up to the horizon, fulfilled by a recorded transfer between `paid-from`
/// and the card within 7 days of the due date, warned when it differs.
extension Journal {
    /// Reads each card's declaration into a rule of its own (the card's
    /// payments), after the `repeat` rules; a card missing a tag, or with a
    /// day that is no day of a month, is an error at its declaration.
    mutating func declareCards(diagnostics: DiagnosticEngine?) {
        for (id, tags) in cardTags.sorted(by: { $0.key < $1.key }) {
            let at = accounts.declared[id] ?? tags.values.map(\.at).min() ?? SourceLocation(file: 0, offset: 0)
            guard let statement = tags["statement-day"], let payment = tags["payment-day"], let from = tags["paid-from"] else {
                let missing = ["statement-day", "payment-day", "paid-from"].filter { tags[$0] == nil }
                diagnostics?.error(Messages.cardTagsMissing(accounts[id], missing.joined(separator: ", ")), at: at)
                continue
            }
            guard let s = Int(statement.value.trimmingSpaces), (1...31).contains(s) else {
                diagnostics?.error(Messages.cardDayInvalid("statement-day", statement.value), at: statement.at); continue
            }
            guard let p = Int(payment.value.trimmingSpaces), (1...31).contains(p) else {
                diagnostics?.error(Messages.cardDayInvalid("payment-day", payment.value), at: payment.at); continue
            }
            let source = accounts.intern(from.value.trimmingSpaces)
            let terms = CardTerms(account: id, statementDay: s, paymentDay: p, paidFrom: source)
            let korean = accounts[id].unicodeScalars.contains { $0.value >= 0xAC00 && $0.value <= 0xD7A3 }
            var template = Transaction(date: CivilDate(day: 0), description: (korean ? "카드대금 " : "Card payment ") + accounts[id], location: at)
            template.postings = [Posting(account: id, location: at), Posting(account: source, location: from.at)]
            rules.append(RepeatRule(schedule: Schedule(.month), anchor: CivilDate(day: 0), template: template, location: at, card: terms))
        }
    }
}

/// One billing cycle of a card, as `report statements` shows it.
package struct CardCycle: Sendable {
    public var card: Int32
    /// The rule of the card's payments, and the cycle's number (`#K`: months since year 0 of its closing).
    public var rule: Int32
    public var number: Int
    public var closes: CivilDate
    public var due: CivilDate
    public var charges = AmountSums()
    public var refunds = AmountSums()
    public var installments = AmountSums()
    /// What was recorded as paid against this cycle, and when (the first payment).
    public var paid = AmountSums()
    public var paidOn: CivilDate?
    /// The recorded payment's transaction, for a warning at it.
    public var payment: SourceLocation?

    /// Charges − refunds + installments, per commodity (summed once the cycle is complete).
    public var amountDue = AmountSums()
}

extension CardTerms {
    /// The closing day of the cycle that holds `date`.
    public func closing(of date: CivilDate) -> CivilDate {
        let (y, m, _) = date.components
        let here = CardTerms.day(statementDay, y, m)
        if date <= here { return here }
        // Past the calendar's last month, the cycle closes on its last day.
        guard let next = date.adding(months: 1, dayOfMonth: 1) else { return CivilDate.lastDay }
        return CardTerms.day(statementDay, next.components.year, next.components.month)
    }

    /// The day a cycle closing on `closing` is due: the first payment day after it, past weekends and holidays.
    public func due(after closing: CivilDate, holidays: Set<Int32>) -> CivilDate {
        let (y, m, _) = closing.components
        var d = CardTerms.day(paymentDay, y, m)
        if d <= closing {
            guard let next = closing.adding(months: 1, dayOfMonth: 1) else { return closing }
            d = CardTerms.day(paymentDay, next.components.year, next.components.month)
        }
        return BusinessDayShift(later: true, holidays: true).shifted(d, holidays: holidays)
    }

    /// Day `day` of a month, or its last day when the month is shorter;
    /// past the calendar's last day (9999-12-31), that day.
    static func day(_ day: Int, _ year: Int, _ month: Int) -> CivilDate {
        CivilDate(year: year, month: month, day: min(day, CivilDate.daysInMonth(year: year, month: month))) ?? CivilDate.lastDay
    }

    /// The cycle number of a closing day: months since year 0.
    static func number(_ closing: CivilDate) -> Int { closing.components.year * 12 + closing.components.month - 1 }

    /// The card's cycles from the first that holds a posting to the card
    /// through the last that holds a charge or a portion, each with its
    /// charges, refunds, installment portions and the payments recorded
    /// within 7 days of its due date. `recorded`: the journal's transactions,
    /// with the occurrences of its `repeat` rules (never a card's payments).
    /// A sum past 38 digits is an error at the posting that made it, never a figure left out.
    package func cycles(rule: Int32, recorded: [Transaction], commodities: CommodityTable, holidays: Set<Int32>) throws(AmountOverflow) -> [CardCycle] {
        var byNumber: [Int: CardCycle] = [:]
        /// `a` added to `field` of the cycle closing on `closing` (made when it is the first).
        func bill(_ a: Amount, _ field: WritableKeyPath<CardCycle, AmountSums>, closing: CivilDate, at: SourceLocation?) throws(AmountOverflow) {
            let n = CardTerms.number(closing)
            var c = byNumber[n] ?? CardCycle(card: account, rule: rule, number: n, closes: closing, due: due(after: closing, holidays: holidays))
            guard c[keyPath: field].add(a) else { throw AmountOverflow(at: at, "a card cycle's sum") }
            byNumber[n] = c
        }
        var payments: [(date: CivilDate, paid: Amount, at: SourceLocation)] = []
        func add(_ a: Amount, to sums: inout AmountSums, at: SourceLocation?) throws(AmountOverflow) {
            guard sums.add(a) else { throw AmountOverflow(at: at, "a card cycle's sum") }
        }
        var plans: [InstallmentPlan] = []
        var credits: [(date: CivilDate, payee: String, amount: Amount, at: SourceLocation?)] = []
        for t in recorded {
            guard t.postings.contains(where: { $0.account == account }) else { continue }
            // A payment is money into the card from `paid-from`: the card's posting
            // reduces what is owed and `paid-from`'s pays it. A charge, an opening
            // or a balance carried in beside `paid-from` is billed as any charge.
            let fromBank = t.postings.contains { $0.account == paidFrom && ($0.amount?.quantity.isNegative ?? true) }
            for p in t.postings where p.account == account {
                guard let a = p.amount, !a.quantity.isZero else { continue }
                if !a.quantity.isNegative {
                    if fromBank { payments.append((t.date, a, t.location)) } else { credits.append((t.date, foldedName(t.payee), a, p.amountLocation)) }
                    continue
                }
                let closes = closing(of: t.date)
                let charge = Amount(a.quantity.negated, a.commodity)
                let months = CardTerms.installments(t, p)
                guard months >= 2 else { try bill(charge, \.charges, closing: closes, at: p.amountLocation); continue }
                // 할부: N portions on N consecutive statements from this one; the remainder on the first.
                let amounts = try CardTerms.portions(charge, months, places: commodities.precision(a.commodity), at: p.amountLocation)
                var portionCloses = closes, portions: [(closes: CivilDate, amount: Amount)] = []
                for (k, portion) in amounts.enumerated() {
                    if k > 0 { portionCloses = closing(of: portionCloses.adding(days: 1)) }
                    portions.append((portionCloses, portion))
                }
                plans.append(InstallmentPlan(date: t.date, payee: foldedName(t.payee), open: charge.quantity, portions: portions, at: p.amountLocation))
            }
        }
        // Refunds, in date order: one of a 할부 purchase cancels or shrinks its plan (FORMAT.md §10).
        for credit in credits.sorted(by: { $0.date < $1.date }) {
            let closes = closing(of: credit.date)
            var left = credit.amount.quantity
            if let k = InstallmentPlan.refunded(by: credit, in: plans) {
                left = try plans[k].refund(credit.amount.quantity, from: closes, places: commodities.precision(credit.amount.commodity), at: credit.at)
            }
            if !left.isZero { try bill(Amount(left, credit.amount.commodity), \.refunds, closing: closes, at: credit.at) }
        }
        for plan in plans {
            for portion in plan.portions { try bill(portion.amount, \.installments, closing: portion.closes, at: plan.at) }
        }
        var sorted = byNumber.values.sorted { $0.number < $1.number }
        // Each payment counts for the cycle whose due date is nearest, within 7 days
        // (due dates rise with the cycles: found by halving, not by a scan of every cycle).
        for payment in payments {
            var low = 0, high = sorted.count
            while low < high { let mid = (low + high) / 2; if Int(sorted[mid].due.day) < Int(payment.date.day) - 7 { low = mid + 1 } else { high = mid } }
            var best: Int?
            for k in low..<sorted.count {
                let gap = abs(Int(sorted[k].due.day) - Int(payment.date.day))
                if Int(sorted[k].due.day) > Int(payment.date.day) + 7 { break }
                if gap <= 7, best.map({ gap < abs(Int(sorted[$0].due.day) - Int(payment.date.day)) }) ?? true { best = k }
            }
            guard let k = best else { continue }
            try add(payment.paid, to: &sorted[k].paid, at: payment.at)
            if sorted[k].paidOn == nil { sorted[k].paidOn = payment.date; sorted[k].payment = payment.at }
        }
        for k in sorted.indices {
            var due = sorted[k].charges
            for a in sorted[k].refunds.amounts { try add(Amount(a.quantity.negated, a.commodity), to: &due, at: nil) }
            for a in sorted[k].installments.amounts { try add(a, to: &due, at: nil) }
            sorted[k].amountDue = due
        }
        return sorted
    }

    /// The transactions that post to each of `cards`, in their order.
    static func byCard(_ transactions: some Sequence<Transaction>, cards: Set<Int32>) -> [Int32: [Transaction]] {
        var out: [Int32: [Transaction]] = [:]
        guard !cards.isEmpty else { return out }
        for t in transactions {
            var last: Int32 = -1
            for p in t.postings where p.account != last && cards.contains(p.account) {
                if out[p.account]?.last.map({ $0.location == t.location && $0.date == t.date }) != true { out[p.account, default: []].append(t) }
                last = p.account
            }
        }
        return out
    }

    /// How many installments a charge is billed in: `할부: N` or `installments: N` on the posting or its transaction.
    static func installments(_ t: Transaction, _ p: Posting) -> Int {
        for tags in [p.comment != nil ? p.tags : [], t.tags] {
            for tag in tags where tag.key == "할부" || tag.key.lowercased() == "installments" {
                let digits = tag.value.trimmingSpaces.prefix { $0.isNumber }
                if let n = Int(digits), n >= 1, n <= 120 { return n }
            }
        }
        return 1
    }

    /// `amount` in `n` portions rounded down to `places`, the remainder on the first.
    static func portions(_ amount: Amount, _ n: Int, places: Int, at: SourceLocation?) throws(AmountOverflow) -> [Amount] {
        let q = amount.quantity
        // The amount in units of the last place shown, then divided.
        var units = q.mantissa
        var scale = Int(q.scale)
        while scale > places { units /= 10; scale -= 1 }
        while scale < places, let u = units.multipliedReportingOverflow(by: 10) as (partialValue: Int128, overflow: Bool)?, !u.overflow { units = u.partialValue; scale += 1 }
        let each = ExactDecimal(mantissa: units / Int128(n), scale: scale)
        let rest = try q.minus(try each.times(ExactDecimal(n - 1), at: at), at: at)
        return [Amount(rest, amount.commodity)] + Array(repeating: Amount(each, amount.commodity), count: n - 1)
    }
}

extension Expander {
    /// A card rule's unfulfilled payments up to the horizon: each cycle with
    /// something due whose payment no recorded transfer fulfils; a recorded
    /// payment of another amount is warned about.
    /// `charged`: the card's transactions (recorded, and the `repeat` occurrences on it).
    /// The cycles are kept in `kept` (by rule).
    func cardPayments(_ journal: Journal, rule r: Int, _ terms: CardTerms, charged: [Transaction], cycles kept: inout [Int32: [CardCycle]]) -> [Transaction] {
        let rule = journal.rules[r]
        var out: [Transaction] = []
        let cycles: [CardCycle]
        do throws(AmountOverflow) {
            cycles = try terms.cycles(rule: Int32(r), recorded: charged, commodities: journal.commodities, holidays: journal.holidays)
            kept[Int32(r)] = cycles
        } catch {
            diagnostics?.error(error.message, at: error.location ?? rule.location)
            return []
        }
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
