/// Two ways hledger reshapes the journal before a report: `--pivot` and `date2:`.
extension Ledger {
    /// hledger's `--pivot FIELD`: every posting's account becomes the
    /// transaction's `code`, `description`, `payee` or `note`, or else the
    /// value of the tag `FIELD` (exact name; the posting's own tags first,
    /// then its transaction's), or the empty name when it has none. Queries
    /// and reports then see the pivoted names, as hledger 1.25's do.
    package func pivoted(by field: String) -> Ledger {
        var ledger = self
        var accounts = journal.accounts
        func value(_ t: Transaction, _ p: Posting) -> String {
            switch field {
            case "code": return t.code ?? ""
            case "description": return t.description
            case "payee": return t.payee
            case "note": return t.note ?? t.description
            default:
                if p.comment != nil, let tag = p.tags.first(where: { $0.key == field }) { return tag.value }
                return t.tags.first(where: { $0.key == field })?.value ?? ""
            }
        }
        for n in ledger.transactions.indices {
            let t = ledger.transactions[n]
            for k in t.postings.indices {
                ledger.transactions[n].postings[k].account = accounts.intern(value(t, t.postings[k]))
            }
        }
        ledger.journal.accounts = accounts
        return ledger
    }

    /// `pivoted(by:)` with the query's account terms asked of each posting's
    /// account as it was and as it is pivoted, as hledger 1.25 asks them
    /// ("query on account will find either effective name or original
    /// one"): a posting stays when a positive term matches either name and
    /// no negated term matches either. Returns the pivoted ledger without
    /// the postings that fail (`wholeTransactions`: without the transactions
    /// none of whose postings pass, for `print`) and the query's other terms.
    package func pivoted(by field: String, query: Query, wholeTransactions: Bool = false) -> (Ledger, Query) {
        var pivot = pivoted(by: field)
        let accountTerms = query.terms.filter { $0.field == .account }
        var rest = query
        rest.terms = query.terms.filter { $0.field != .account }
        guard !accountTerms.isEmpty else { return (pivot, rest) }
        var positive = query, negative = query
        positive.terms = accountTerms.filter { !$0.negated }
        negative.terms = accountTerms.filter(\.negated).map { var t = $0; t.negated = false; return t }
        let before = journal.accounts, after = pivot.journal.accounts
        let wantedBefore = QueryMatcher(positive, accounts: before), wantedAfter = QueryMatcher(positive, accounts: after)
        let refusedBefore = QueryMatcher(negative, accounts: before), refusedAfter = QueryMatcher(negative, accounts: after)
        func passes(_ original: Int32, _ now: Int32) -> Bool {
            let wanted = positive.terms.isEmpty || wantedBefore.keeps(account: original) || wantedAfter.keeps(account: now)
            let refused = !negative.terms.isEmpty && (refusedBefore.keeps(account: original) || refusedAfter.keeps(account: now))
            return wanted && !refused
        }
        var kept: Set<Int32> = []
        for n in transactions.indices {
            let pass = zip(transactions[n].postings, pivot.transactions[n].postings).map { passes($0.account, $1.account) }
            if wholeTransactions {
                if pass.contains(true) { kept.insert(Int32(n)) }
            } else {
                var k = 0
                pivot.transactions[n].postings.removeAll { _ in defer { k += 1 }; return !pass[k] }
                if !pivot.transactions[n].postings.isEmpty { kept.insert(Int32(n)) }
            }
        }
        pivot.order = pivot.order.filter { kept.contains($0) }
        return (pivot, rest)
    }

    /// hledger's `--date2`: each transaction on its secondary date where it
    /// has one, in date order again (stable: a day's transactions keep their order).
    /// `swapping`: the primary date becomes the secondary one instead of
    /// going (for `print`, which writes them as written: `LedgerPrinter.datesSwapped`).
    package func onSecondaryDates(swapping: Bool = false) -> Ledger {
        var ledger = self
        var moved = false
        for n in ledger.transactions.indices {
            if let d2 = ledger.transactions[n].date2 {
                if swapping { ledger.transactions[n].date2 = ledger.transactions[n].date }
                ledger.transactions[n].date = d2
                moved = true
            }
        }
        guard moved else { return self }
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        ledger.order = order.sorted { a, b in
            let da = ledger.transactions[Int(a)].date, db = ledger.transactions[Int(b)].date
            return da != db ? da < db : position[a]! < position[b]!
        }
        return ledger
    }

    /// The ledger with only the transactions whose secondary date (else
    /// their date) falls in `period`: hledger's `date2:` for the tables of
    /// postings and transactions (it narrows no balance report in 1.25).
    package func keeping(secondDatesIn period: DateSpan) -> Ledger {
        var ledger = self
        ledger.order = order.filter { n in
            let t = transactions[Int(n)]
            return period.contains(t.date2 ?? t.date)
        }
        return ledger
    }
}
