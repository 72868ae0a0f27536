extension Ledger {
    /// The ledger as the reports by date see it: a posting with its own date
    /// (`; date:D`, `; [D]`) counts on that day, as in hledger and ledger-cli.
    /// Such a transaction is shown as one part per date, each with the
    /// transaction's description and only the postings of that date, and the
    /// parts are in date order (file order within a day). Parts do not balance
    /// on their own; the checks ran on the whole transactions before. The
    /// ledger itself is returned when no posting has a date of its own.
    public func datedByPosting() -> Ledger {
        guard journal.hasPostingDates else { return self }
        var parts: [Transaction] = []
        parts.reserveCapacity(transactions.count)
        var days: [Int32] = []
        days.reserveCapacity(transactions.count)
        for n in order {
            let t = transactions[Int(n)]
            let own = t.postings.map { p in p.comment.flatMap { PostingDates.primary(in: $0, transaction: t.date) } ?? t.date }
            guard own.contains(where: { $0 != t.date }) else {
                parts.append(t)
                days.append(t.date.day)
                continue
            }
            var dates: [CivilDate] = []
            for d in own where !dates.contains(d) { dates.append(d) }
            for d in dates {
                var part = t
                part.date = d
                part.postings = t.postings.indices.filter { own[$0] == d }.map { t.postings[$0] }
                parts.append(part)
                days.append(d.day)
            }
        }
        var dated = self
        dated.transactions = parts
        // Transactions split by date are numbered otherwise than the chunks' memos count.
        dated.journal.chunkParts = []
        dated.journal.compileMemo = nil
        // A stable sort by day keeps the output order within a day.
        dated.order = parts.indices.sorted { days[$0] != days[$1] ? days[$0] < days[$1] : $0 < $1 }.map { Int32($0) }
        return dated
    }
}
