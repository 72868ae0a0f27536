/// One line per posting matching `--account`, with a running total per commodity.
public struct RegisterReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    public struct Line {
        public var transaction: Transaction
        public var posting: Posting
        /// The running total, in the posting's commodity, after it.
        public var total: ExactDecimal
    }

    /// Lines in the period; the running totals start with everything before `--from`.
    public func lines() throws(AmountOverflow) -> [Line] {
        let filter = AccountFilter(ledger.journal.accounts, text: options.account)
        var running: [Int32: ExactDecimal] = [:]
        var out: [Line] = []
        for t in ledger.ordered {
            if let to = options.period.to, t.date > to { break }
            for p in t.postings where filter.keeps(p.account) {
                guard let a = p.amount else { continue }
                let total = try (running[a.commodity] ?? ExactDecimal.zero).plus(a.quantity, at: p.amountLocation)
                running[a.commodity] = total
                if options.period.contains(t.date) { out.append(Line(transaction: t, posting: p, total: total)) }
            }
        }
        return out
    }

    /// `postings`: a row per posting with the running total of its commodity.
    public func document() throws(AmountOverflow) -> ReportDocument {
        let columns = [
            Column("date", "Date"), Column("description", "Description"), Column("account", "Account"),
            Column("amount", "Amount", numeric: true), Column("commodity", "", in: .data),
            Column("total", "Total", numeric: true), Column("generated", "", in: .data),
        ]
        let rows: [[Cell]] = try lines().map { l in
            let a = l.posting.amount!, t = l.transaction
            return [.date(t.date), .shownAs(t.description + (t.generated == nil ? "" : " (generated)"), .text(t.description)),
                    .account(l.posting.account), .amount(a.quantity, a.commodity), .commodity(a.commodity),
                    .amount(l.total, a.commodity), .flag(t.generated != nil)]
        }
        return ReportDocument([ReportTable(name: "postings", columns: columns, rows: rows)], until: ledger.until)
    }
}
