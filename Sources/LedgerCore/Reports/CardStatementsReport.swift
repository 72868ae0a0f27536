/// `report statements`: each declared card's billing cycles (FORMAT.md §10),
/// one row per cycle, `card,closes,due,charges,refunds,installments,
/// amount_due,paid,paid_on,difference` (difference = paid − amount due:
/// negative when short; empty with nothing recorded as paid yet), and per
/// card what its future cycles will still bill of its installments.
public struct CardStatementsReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    public func document() throws(AmountOverflow) -> ReportDocument {
        let journal = ledger.journal
        let columns = [Column("card", "Card"), Column("closes", "Closes"), Column("due", "Due"), Column("charges", "Charges", numeric: true),
                       Column("refunds", "Refunds", numeric: true), Column("installments", "Installments", numeric: true),
                       Column("amount_due", "Amount due", numeric: true), Column("paid", "Paid", numeric: true), Column("paid_on", "Paid on"),
                       Column("difference", "Difference", numeric: true)]
        var rows: [[Cell]] = [], owed: [[Cell]] = []
        let matcher = QueryMatcher(options.query, journal: journal)
        for (r, rule) in journal.rules.enumerated() {
            guard let card = rule.card, matcher.keeps(account: card.account) else { continue }
            let cycles = ledger.cardCycles[Int32(r)] ?? []
            var future = AmountSums()
            for c in cycles {
                if c.closes > ledger.until, !future.add(c.installments) { throw AmountOverflow(at: nil, "the installments still to bill") }
                guard options.period.contains(c.closes) else { continue }
                let due = c.amountDue
                var commodities = (due.amounts + c.paid.amounts + c.charges.amounts + c.refunds.amounts).map(\.commodity)
                commodities = commodities.enumerated().filter { k, x in !commodities[..<k].contains(x) }.map(\.element)
                if commodities.isEmpty { continue }
                for k in commodities {
                    let paid = c.paid.quantity(k)
                    let difference = try paid.minus(due.quantity(k), at: nil)
                    rows.append([.account(card.account), .date(c.closes), .date(c.due), .amount(c.charges.quantity(k), k), .amount(c.refunds.quantity(k), k),
                                 .amount(c.installments.quantity(k), k), .amount(due.quantity(k), k),
                                 c.paidOn == nil ? .missing : .amount(paid, k), c.paidOn.map(Cell.date) ?? .missing,
                                 c.paidOn == nil ? .missing : .amount(difference, k)])
                }
            }
            for a in future.amounts { owed.append([.account(card.account), .amount(a.quantity, a.commodity)]) }
        }
        let owedColumns = [Column("card", "Card"), Column("future_installments", "Still to bill in installments", numeric: true)]
        return ReportDocument([ReportTable(name: "statements", columns: columns, rows: rows),
                               ReportTable(name: "installments", columns: owedColumns, rows: owed)],
                              until: ledger.until, text: .tables(empty: Language.text("no card declares statement-day, payment-day and paid-from (docs/FORMAT.md)\n", ko: "statement-day, payment-day, paid-from을 선언한 카드가 없습니다(docs/FORMAT.md)\n")))
    }
}
