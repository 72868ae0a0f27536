extension Ledger {
    /// The ledger with the `~` rules' forecast transactions, as hledger 1.25's
    /// `--forecast` makes them: each rule's occurrences from `from` (by
    /// default the day after the last recorded transaction or `reportFrom`,
    /// whichever is later; today when there is neither) through
    /// `through` (by default the day before six months after `today`), as
    /// transactions of the rule's description and postings, after the
    /// recorded ones of their day. Repeat rules are not forecasts: they are
    /// generated (or recorded) already. A rule's balance assignment is worked
    /// out in each occurrence; what the assertions of the forecast say
    /// (an assignment that cannot be worked out, an assertion that fails) is
    /// in `problems`, as warnings, and such an occurrence is left out.
    package func forecasting(from: CivilDate?, through: CivilDate?, reportFrom: CivilDate? = nil, today: CivilDate,
                             problems: inout [Diagnostic]) -> Ledger {
        let lastRecorded = transactions.lazy.filter { $0.generated == nil }.map(\.date).max()
        // Without a start of its own: the day after the last recorded transaction or the report's start, whichever is later.
        let afterRecorded = lastRecorded.map { $0.adding(days: 1) }
        let first = from ?? [afterRecorded, reportFrom].compactMap { $0 }.max() ?? today
        let last = through ?? (CalendarUnit.month.advance(from: today, by: 6, day: today.components.day) ?? today).adding(days: -1)
        guard first <= last else { return self }
        var forecast: [Transaction] = []
        for rule in journal.periodic {
            guard let schedule = rule.schedule else { continue }
            for d in schedule.dates(from: first, through: last) {
                var t = rule.template
                t.date = d
                // hledger's tag on a forecast transaction, on a comment line of its own.
                let own = t.comment ?? ""
                t.comment = own + (own.hasSuffix("\n") ? "" : "\n") + "generated-transaction: ~ " + rule.period
                forecast.append(t)
            }
        }
        guard !forecast.isEmpty else { return self }
        // Automated transactions apply to forecast transactions too, as hledger's --auto applies them.
        AutomatedPostings.applying(journal, to: &forecast)
        if forecast.contains(where: { $0.postings.contains { $0.assertion != nil } }) {
            // Balance assignments in forecast transactions (`Checking = -100`) worked out, and
            // assertions checked, after the recorded transactions and the earlier forecasts, as hledger does.
            var whole = journal
            whole.transactions = transactions + forecast.sorted { $0.date < $1.date }
            whole.hasAssertions = true
            let found = DiagnosticEngine()
            let accounts = whole.accounts
            AssertionChecker(commodities: whole.commodities, accounts: accounts, diagnostics: found,
                             balancer: Balancer(commodities: whole.commodities, diagnostics: found, accountName: { accounts[$0] })).run(&whole)
            // Said as warnings: a forecast is a projection, and the journal itself checks.
            problems += found.sorted().map { var d = $0; d.severity = .warning; return d }
            // One that cannot be worked out is left out, not shown half made.
            forecast = whole.transactions[transactions.count...].enumerated().filter { !whole.brokenTransactions.contains(transactions.count + $0.offset) }.map(\.element)
        }
        var ledger = self
        let base = Int32(transactions.count)
        ledger.transactions += forecast.sorted { $0.date < $1.date }
        // Order: by day, recorded (and generated) before forecast on the same day, then as made.
        var keys = order.map { (day: transactions[Int($0)].date.day, rank: 0, index: $0) }
        for k in 0..<Int32(forecast.count) { keys.append((ledger.transactions[Int(base + k)].date.day, 1, base + k)) }
        keys.sort { ($0.day, $0.rank, $0.index) < ($1.day, $1.rank, $1.index) }
        ledger.order = keys.map(\.index)
        return ledger
    }
}
