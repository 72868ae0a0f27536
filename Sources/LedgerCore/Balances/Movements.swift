/// One posting as a balance reads it: on its day, this amount moved this account.
package struct Movement {
    package var date: CivilDate
    package var account: Int32
    package var amount: Amount
    /// Where the amount was written; for a transaction a streaming check let
    /// go, where the transaction starts.
    package var location: SourceLocation?
    /// The kept transaction (an index into `ledger.transactions`) and its
    /// posting; both -1 for a transaction a streaming check let go.
    package var transaction: Int32
    package var posting: Int32

    /// Whether the whole transaction was kept (its payee, tags and costs can be read).
    package var isKept: Bool { transaction >= 0 }
}

/// The postings of a compiled ledger as one date-ordered stream, whether a
/// transaction was kept whole or let go by a streaming check (`letGo`): the
/// one loop under every balance-shaped question (see docs/ARCHITECTURE.md).
///
/// Order: by date; on one date, recorded transactions in file order (kept
/// and let go interleaved as written), then the occurrences of repeat rules.
/// Postings without an amount (none after balancing) are not movements.
package struct Movements {
    package let ledger: Ledger
    /// The postings kept (nil: all). A transaction let go is matched by its
    /// accounts alone: it keeps nothing else.
    package var matcher: QueryMatcher?
    /// The first and last days of the stream (nil: unbounded).
    package var from: CivilDate?
    package var through: CivilDate?
    /// Leave out the occurrences of repeat rules (what happened, not what is planned).
    package var recordedOnly = false
    /// Leave out unbalanced virtual postings `(account)`, which move no money.
    package var realOnly = false
    /// Stop after this kept transaction (an index into `ledger.transactions`).
    package var stopsAfter: Int32?
    /// The postings kept, when a query cannot say it (hledger's `register -r`:
    /// the other postings of the transactions the query picks); nil: all.
    package var keeps: ((Transaction, Posting) -> Bool)?

    package init(_ ledger: Ledger, matching query: Query? = nil) {
        self.ledger = ledger
        matcher = query.map { QueryMatcher($0, journal: ledger.journal) }
    }

    /// Calls `body` with each movement of the stream, in order.
    @inline(__always)
    package func forEach<E: Error>(_ body: (Movement) throws(E) -> Void) throws(E) {
        let letGo = ledger.journal.letGo
        let records = letGo?.recordsInDateOrder() ?? LetGoTransactions.RecordOrder()
        var next = 0
        let first = from ?? CivilDate(day: Int32.min), last = through ?? CivilDate(day: Int32.max)
        // The records a streaming check let go that come before a day, or on it
        // and before the first `recordsBefore` records in file order.
        func letGoRecords(before day: Int32, _ recordsBefore: Int) throws(E) {
            guard let letGo else { return }
            while next < records.count {
                let r = letGo.records[records[next]]
                guard r.day < day || r.day == day && records[next] < recordsBefore else { return }
                next += 1
                guard r.day >= first.day, r.day <= last.day else { continue }
                for m in letGo.moves(of: records[next - 1]) where matcher?.keeps(account: m.account) ?? true {
                    try body(Movement(date: CivilDate(day: r.day), account: m.account, amount: Amount(m.quantity, m.commodity),
                                      location: r.location, transaction: -1, posting: -1))
                }
            }
        }
        for n in ledger.order {
            let date = ledger.transactions[Int(n)].date
            if date > last { break }
            if let letGo { try letGoRecords(before: date.day, letGo.recordsBefore(kept: Int(n))) }
            if date >= first && !(recordedOnly && ledger.transactions[Int(n)].generated != nil) {
                try movements(of: ledger.transactions[Int(n)], n, body)
            }
            if n == stopsAfter { return }
        }
        // The records after the last kept transaction, through the last day.
        try letGoRecords(before: last.day == Int32.max ? Int32.max : last.day + 1, Int.max)
    }

    /// The movements of kept transaction `n`, `t`. (Its postings are read in
    /// place: a posting bound to a name is a copy, which counts a reference
    /// for each of its parts.)
    @inline(__always)
    private func movements<E: Error>(of t: Transaction, _ n: Int32, _ body: (Movement) throws(E) -> Void) throws(E) {
        for j in t.postings.indices {
            guard let a = t.postings[j].amount, !realOnly || t.postings[j].virtual != .unbalanced,
                  matcher?.matches(t, t.postings[j]) ?? true, keeps?(t, t.postings[j]) ?? true else { continue }
            try body(Movement(date: t.date, account: t.postings[j].account, amount: a, location: t.postings[j].amountLocation,
                              transaction: n, posting: Int32(j)))
        }
    }
}
