/// Per account and commodity, the change within the period (`--historical`:
/// the balance at its end), each parent rolled up from its children (`--flat`:
/// each account's own postings). With `--period`, one column per period.
public struct BalanceReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    /// The report's figures: a column per period (one column without
    /// `--period`), a row per shown account in tree order.
    package struct Grid {
        /// Each column's first and last day.
        public var columns: [DateSpan]
        /// Shown accounts with one sum per column.
        public var rows: [(account: Int32, sums: [AmountSums])]
        /// Every matched posting's amount per column.
        public var total: [AmountSums]
    }

    /// Rows in tree order with their non-zero amounts (without `--period`).
    public func rows() throws(AmountOverflow) -> (rows: [(account: Int32, amounts: [Amount])], total: [Amount]) {
        let grid = try grid()
        let commodities = ledger.journal.commodities
        return (grid.rows.map { ($0.account, $0.sums.first?.nonZero(commodities) ?? []) }, grid.total.first?.nonZero(commodities) ?? [])
    }

    package func grid() throws(AmountOverflow) -> Grid {
        let accounts = ledger.journal.accounts
        let matcher = QueryMatcher(options.query, journal: ledger.journal)
        let columns: [DateSpan]
        if let length = options.grouping {
            columns = options.periods(length, over: ledger, matcher: matcher)
        } else {
            columns = [DateSpan(first: options.period.from ?? CivilDate(day: Int32.min), last: options.period.to ?? CivilDate(day: Int32.max))]
        }
        guard !columns.isEmpty else { return Grid(columns: [], rows: [], total: []) }
        var movements = Movements(ledger)
        movements.matcher = matcher
        // `then` and `cost` value each posting as it is added; `end` and a date value the sums.
        let postingValuer = options.valuer.flatMap { $0.valuesSums ? nil : $0 }
        let grouped = options.grouping != nil
        func valued(_ m: Movement, columnEnd: CivilDate) throws(AmountOverflow) -> Amount {
            guard let v = postingValuer else { return m.amount }
            let t = ledger.transactions[Int(m.transaction)]
            return try v.value(m.amount, of: t.postings[Int(m.posting)], dated: t.date, periodEnd: grouped ? columnEnd : nil, in: t)
        }
        let balances = try Balances.summing(movements, in: columns, opening: options.historical, value: postingValuer == nil ? nil : valued)
        var rolled = try balances.tree(accounts, depth: options.depth, flat: options.flat)
        // --historical: each column holds everything up to its period's end
        // (--cumulative: from the first column's start; the opening is left out).
        if options.historical || options.cumulative { try rolled.accumulate(withOpening: options.historical) }
        if let valuer = options.valuer, valuer.valuesSums {
            // Each cell valued on its period's end (one period: the report's end).
            try rolled.value(by: valuer, on: columns.map { valuer.day(of: $0.last, periodEnd: grouped ? $0.last : nil)! })
        }
        func shows(_ id: Int32) -> Bool {
            guard rolled.reached(Int(id)) else { return false }
            if options.empty { return true }
            // Exactly: a residue that displays as zero (-0.0002 EUR at two places) is a balance.
            return rolled.columns(Int(id)).contains { !$0.isZero }
        }
        var shown = Set((0..<Int32(accounts.count)).filter(shows))
        if !options.flat {
            // Every parent of a shown row is shown, even where it sums to zero.
            for id in Array(shown) {
                var p = accounts.parent[Int(id)]
                while p >= 0, shown.insert(p).inserted { p = accounts.parent[Int(p)] }
            }
        }
        let sorted = shown.sorted { accounts[$0].split(separator: ":").lexicographicallyPrecedes(accounts[$1].split(separator: ":")) }
        return Grid(columns: columns, rows: sorted.map { ($0, rolled.columns(Int($0))) }, total: rolled.totalColumns)
    }

    public func document() throws(AmountOverflow) -> ReportDocument {
        let grid = try grid()
        if options.grouping == nil { return singleColumn(grid) }
        return try BalanceColumns(ledger: ledger, options: options, grid: grid).document()
    }

    /// `balances`: a row per account and commodity, in tree order; `totals`: a row per commodity.
    private func singleColumn(_ grid: Grid) -> ReportDocument {
        let commodities = ledger.journal.commodities
        let columns = [Column("account", "Account"), Column("commodity", "Commodity"), Column("balance", "Balance", numeric: true)]
        var cells: [[Cell]] = []
        for row in grid.rows {
            let amounts = row.sums.first.map { shownAmounts([$0], commodities) } ?? [Amount(.zero, 0)]
            for a in amounts { cells.append([.account(row.account), .commodity(a.commodity), .amount(a.quantity, a.commodity)]) }
        }
        let total = (grid.total.first?.amounts ?? []).filter { !$0.quantity.isZero }.sorted { commodities[$0.commodity] < commodities[$1.commodity] }
        let totals = ReportTable(name: "totals", columns: [Column("commodity", "Commodity"), Column("balance", "Balance", numeric: true)],
                                 rows: total.map { [.commodity($0.commodity), .amount($0.quantity, $0.commodity)] })
        return ReportDocument([ReportTable(name: "balances", columns: columns, rows: cells), totals], until: ledger.until,
                              text: .balanceTree(flat: options.flat))
    }
}

/// The commodities not exactly zero in some of `sums`, in name order (a
/// residue that displays as zero is kept: CSV and JSON are exact).
func nonZeroCommodities(_ sums: [AmountSums], _ commodities: CommodityTable) -> [Int32] {
    var seen = Set<Int32>()
    for s in sums {
        for a in s.amounts where !a.quantity.isZero { seen.insert(a.commodity) }
    }
    return seen.sorted { commodities[$0] < commodities[$1] }
}

/// The amounts a row shows over its columns: one per commodity that is not
/// zero in some column, in name order; a single zero when there is none.
func shownAmounts(_ sums: [AmountSums], _ commodities: CommodityTable) -> [Amount] {
    let shown = nonZeroCommodities(sums, commodities)
    if shown.isEmpty { return [Amount(.zero, 0)] }
    return shown.map { c in Amount(sums.count == 1 ? sums[0].quantity(c) : .zero, c) }
}
