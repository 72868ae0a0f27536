/// One line per posting that matches the filters, with a running total per
/// commodity: of the period's postings, or with `--historical` of every
/// matching posting before them too.
public struct RegisterReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    public struct Line {
        public var transaction: Transaction
        public var posting: Posting
        /// The running total, in the posting's commodity, after it.
        public var total: ExactDecimal
    }

    /// Lines in the period.
    public func lines() throws(AmountOverflow) -> [Line] {
        let filter = QueryMatcher(options.query, journal: ledger.journal)
        var running: [Int32: ExactDecimal] = [:]
        var out: [Line] = []
        for t in ledger.ordered {
            if let to = options.period.to, t.date > to { break }
            let inPeriod = options.period.contains(t.date)
            guard inPeriod || options.historical else { continue }
            for p in t.postings where filter.matches(t, p) {
                guard let a = p.amount else { continue }
                let total = try (running[a.commodity] ?? ExactDecimal.zero).plus(a.quantity, at: p.amountLocation)
                running[a.commodity] = total
                if inPeriod { out.append(Line(transaction: t, posting: p, total: total)) }
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
        let lines = try lines()
        let table = ReportTable(name: "postings", columns: columns) { w in
            for l in lines {
                let a = l.posting.amount!, t = l.transaction
                w.cell(.date(t.date))
                w.cell(t.generated == nil ? .text(t.description) : .shownAs(t.description + " (generated)", .text(t.description)))
                w.cell(.account(l.posting.account)); w.cell(.amount(a.quantity, a.commodity)); w.cell(.commodity(a.commodity))
                w.cell(.amount(l.total, a.commodity)); w.cell(.flag(t.generated != nil))
                w.endRow()
            }
        }
        return ReportDocument([table], until: ledger.until)
    }
}
