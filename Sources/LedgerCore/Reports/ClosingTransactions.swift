/// `ledgerc close --to DATE`: the closing and opening transactions of a year
/// end, as hledger 1.25's `close` writes them. On DATE, every account with a
/// recorded balance (those the filters keep) is brought to zero, each amount
/// with the assertion `= 0`, against the equity account; the next day opens
/// the same balances again, each asserted. Occurrences of `repeat` rules are
/// projections, which assertions never see: they are not closed. Amounts are
/// exact; `print` and `check` read the output back.
public struct ClosingTransactions {
    public let ledger: Ledger
    public let query: Query
    /// The last day closed (inclusive).
    public let date: CivilDate
    public var closingAccount = "equity:opening/closing balances"
    /// Which of the two to write (hledger's `--close` and `--open`; both when neither is asked).
    public var writesClosing = true, writesOpening = true
    /// Written as hledger's `print` writes them (hledger's form of `close`).
    public var inHledgersLayout = false
    public var openingAccount = "equity:opening/closing balances"

    public init(ledger: Ledger, query: Query, date: CivilDate) {
        self.ledger = ledger
        self.query = query
        self.date = date
    }

    /// Each kept account's balance at the end of `date`, per commodity, exactly;
    /// zero balances left out; accounts in hledger's order, commodities by name.
    public func balances() throws(AmountOverflow) -> [(account: Int32, amounts: [Amount])] {
        let accounts = ledger.journal.accounts, commodities = ledger.journal.commodities
        // What happened: a `repeat` rule's generated occurrences are projections,
        // which balance assertions never see, so they are not closed either.
        var movements = Movements(ledger.datedByPosting(), matching: query)
        movements.recordedOnly = true
        let balances = try Balances.summing(movements, in: [DateSpan(first: CivilDate(day: Int32.min), last: date)])
        let sums = (0..<Int32(accounts.count)).compactMap { id in balances.moved(id) ? (id, balances.sums[Int(id)][1]) : nil }
        return sums.compactMap { account, s in
            let amounts = s.amounts.filter { !$0.quantity.isZero }.sorted { commodities[$0.commodity] < commodities[$1.commodity] }
            return amounts.isEmpty ? nil : (account, amounts)
        }.sorted { accounts.inHledgerOrder($0.account, $1.account) }
    }

    /// The two transactions as journal text, in the printer's layout.
    public func text(sources: SourceManager) throws(AmountOverflow) -> String {
        let rows = try balances()
        var journal = ledger.journal
        let closing = journal.accounts.intern(closingAccount), opening = journal.accounts.intern(openingAccount)
        let nowhere = SourceLocation(file: 0, offset: 0)
        func transaction(_ day: CivilDate, _ description: String, sign: Bool, equity: Int32) -> Transaction {
            var t = Transaction(date: day, description: description, location: nowhere)
            for row in rows {
                for a in row.amounts {
                    var p = Posting(account: row.account, location: nowhere)
                    p.amount = Amount(sign ? a.quantity : a.quantity.negated, a.commodity)
                    p.assertion = BalanceAssertion(amount: sign ? a : Amount(ExactDecimal.zero, a.commodity), isTotal: false, includesSubaccounts: false, location: nowhere)
                    t.postings.append(p)
                }
            }
            t.postings.append(Posting(account: equity, location: nowhere))
            return t
        }
        let printer = LedgerPrinter(journal: journal, sources: sources)
        var buf = ByteBuffer(capacity: 4096)
        var written: [Transaction] = []
        if writesClosing { written.append(transaction(date, "closing balances", sign: false, equity: closing)) }
        if writesOpening { written.append(transaction(CivilDate(day: date.day + 1), "opening balances", sign: true, equity: opening)) }
        for (k, t) in written.enumerated() {
            if inHledgersLayout {
                printer.writeHledger(t, into: &buf, explicit: false)
                buf.byte(0x0A)
            } else {
                if k > 0 { buf.byte(0x0A) }
                printer.write(t, into: &buf)
            }
        }
        return buf.string
    }
}
