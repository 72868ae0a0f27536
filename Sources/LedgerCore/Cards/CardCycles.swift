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
    /// within 7 days of its due date. `moves`: the card's movements, in the
    /// date order of the ledger's one stream (`Movements`), recorded and the
    /// occurrences of `repeat` rules (a ledger before any card's payments).
    /// A sum past 38 digits is an error at the posting that made it, never a figure left out.
    package func cycles(rule: Int32, of moves: [Movement], in ledger: Ledger) throws(AmountOverflow) -> [CardCycle] {
        let commodities = ledger.journal.commodities, holidays = ledger.journal.holidays
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
        for m in moves where !m.amount.quantity.isZero {
            // A card's journal is kept whole (`mustKeepEverything`): every movement has its transaction.
            guard m.isKept else { continue }
            let t = ledger.transactions[Int(m.transaction)], p = t.postings[Int(m.posting)], a = m.amount
            if !a.quantity.isNegative {
                // A payment is money into the card from `paid-from`: the card's posting
                // reduces what is owed and `paid-from`'s pays it. A credit beside
                // anything else (a refund, a balance carried in) is a refund.
                let fromBank = t.postings.contains { $0.account == paidFrom && ($0.amount?.quantity.isNegative ?? true) }
                if fromBank { payments.append((t.date, a, t.location)) } else { credits.append((t.date, foldedName(t.payee), a, m.location)) }
                continue
            }
            let closes = closing(of: t.date)
            let charge = Amount(a.quantity.negated, a.commodity)
            let months = CardTerms.installments(t, p)
            guard months >= 2 else { try bill(charge, \.charges, closing: closes, at: m.location); continue }
            // 할부: N portions on N consecutive statements from this one; the remainder on the first.
            let amounts = try CardTerms.portions(charge, months, places: commodities.precision(a.commodity), at: m.location)
            var portionCloses = closes, portions: [(closes: CivilDate, amount: Amount)] = []
            for (k, portion) in amounts.enumerated() {
                if k > 0 { portionCloses = closing(of: portionCloses.adding(days: 1)) }
                portions.append((portionCloses, portion))
            }
            plans.append(InstallmentPlan(date: t.date, payee: foldedName(t.payee), open: charge.quantity, portions: portions, at: m.location))
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
