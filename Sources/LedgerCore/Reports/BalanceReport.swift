/// The balance of every account at the end of the period, each parent rolled
/// up from its children, per commodity. Balances use everything up to `--to`
/// (`--from` does not reset them).
public struct BalanceReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    /// Rows in tree order: (account, its depth, its rolled-up non-zero amounts).
    public func rows() throws(AmountOverflow) -> (rows: [(account: Int32, amounts: [Amount])], total: [Amount]) {
        let accounts = ledger.journal.accounts
        let commodities = ledger.journal.commodities
        let filter = AccountFilter(accounts, text: options.account)
        var own = [AmountSums](repeating: AmountSums(), count: accounts.count)
        var total = AmountSums()
        for t in ledger.ordered {
            if let to = options.period.to, t.date > to { break }
            for p in t.postings where filter.keeps(p.account) {
                guard let a = p.amount else { continue }
                try own[Int(p.account)].add(a, at: p.amountLocation)
                try total.add(a, at: p.amountLocation)
            }
        }
        // Roll each account's sums into every ancestor, up to --depth.
        var rolled = [AmountSums](repeating: AmountSums(), count: accounts.count)
        for id in 0..<Int32(accounts.count) where !own[Int(id)].amounts.isEmpty {
            var a = id
            if let depth = options.depth { a = accounts.ancestor(of: id, atDepth: depth) }
            while a >= 0 {
                for amount in own[Int(id)].amounts {
                    guard rolled[Int(a)].add(amount) else {
                        throw AmountOverflow(at: nil, "the balance of \(accounts[a]) (with \(accounts[id]))")
                    }
                }
                a = accounts.parent[Int(a)]
            }
        }
        let ids = (0..<Int32(accounts.count)).filter { id in
            !rolled[Int(id)].nonZero(commodities).isEmpty && (options.depth.map { Int(accounts.depth[Int(id)]) <= $0 } ?? true)
        }
        // Tree order: compare paths component by component.
        let sorted = ids.sorted { accounts[$0].split(separator: ":").lexicographicallyPrecedes(accounts[$1].split(separator: ":")) }
        return (sorted.map { ($0, rolled[Int($0)].nonZero(commodities)) }, total.nonZero(commodities))
    }

    /// `balances`: a row per account and commodity, in tree order; `totals`: a row per commodity.
    public func document() throws(AmountOverflow) -> ReportDocument {
        let (rows, total) = try rows()
        let columns = [Column("account", "Account"), Column("commodity", "Commodity"), Column("balance", "Balance", numeric: true)]
        var cells: [[Cell]] = []
        for row in rows {
            for a in row.amounts { cells.append([.account(row.account), .commodity(a.commodity), .amount(a.quantity, a.commodity)]) }
        }
        let totals = ReportTable(name: "totals", columns: [Column("commodity", "Commodity"), Column("balance", "Balance", numeric: true)],
                                 rows: total.map { [.commodity($0.commodity), .amount($0.quantity, $0.commodity)] })
        return ReportDocument([ReportTable(name: "balances", columns: columns, rows: cells), totals], until: ledger.until, text: .balanceTree)
    }
}
