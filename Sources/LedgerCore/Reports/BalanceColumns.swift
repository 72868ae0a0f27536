/// `report balance --period`: one column per period, like `hledger balance -M`.
/// CSV: `account,commodity,<start date of each period>...,total`; JSON: rows
/// with a `periods` array; text: a table that wraps its period columns into
/// blocks of 80 columns, each block repeating the account names. With
/// `--average`, an `average` column after them: the row's sum over the
/// periods ÷ their number (exact when it terminates, else rounded once at
/// the 30th place; text shows it at the commodity's precision, marked `≈`).
struct BalanceColumns {
    let ledger: Ledger
    let options: ReportOptions
    let grid: BalanceReport.Grid

    /// The text width the table wraps to.
    static let textWidth = 80

    func document() throws(AmountOverflow) -> ReportDocument {
        let commodities = ledger.journal.commodities
        let length = options.grouping!
        let showsTotal = !options.historical
        // Flat tables (CSV and text) and nested rows (JSON).
        var flatColumns = [Column("account", "Account"), Column("commodity", "Commodity", in: .data)]
        for c in grid.columns {
            let key = c.first.description
            flatColumns.append(Column(key, length.label(of: c.first), numeric: true, jsonKey: key))
        }
        if showsTotal { flatColumns.append(Column("total", "Total", numeric: true)) }
        let showsAverage = options.average
        if showsAverage { flatColumns.append(Column("average", "Average", numeric: true)) }
        var flatRows: [[Cell]] = []
        var nestedRows: [[Cell]] = []
        let periodColumns = [Column("period", "Period"), Column("start", "Start"), Column("end", "End"), Column("amount", "Amount", numeric: true)]
        var nestedColumns = [Column("account", "Account"), Column("commodity", "Commodity"), Column("periods", "Periods")]
        if showsTotal { nestedColumns.append(Column("total", "Total", numeric: true)) }
        if showsAverage { nestedColumns.append(Column("average", "Average", numeric: true)) }

        func addRows(label: (Bool) -> Cell, sums: [AmountSums]) throws(AmountOverflow) {
            // The engine's row total and average.
            let total = try BalanceRows.rowTotal(sums), mean = try BalanceRows.rowAverage(total, over: max(1, grid.columns.count))
            for (n, a) in shownAmounts(sums, commodities).enumerated() {
                let c = a.commodity
                var flat: [Cell] = [label(n == 0), .commodity(c)]
                var periods: [[Cell]] = []
                for (k, s) in sums.enumerated() {
                    let q = s.quantity(c)
                    // A zero is a plain 0 in text, as hledger shows it.
                    flat.append(q.isZero ? .shownAs("0", .amount(q, c)) : .amount(q, c))
                    periods.append([.text(length.label(of: grid.columns[k].first)), .date(grid.columns[k].first), .date(grid.columns[k].last), .amount(q, c)])
                }
                let totalCell: Cell = .amount(total.quantity(c), c)
                let averageCell: Cell = .amount(mean.quantity(c), c)
                if showsTotal { flat.append(totalCell) }
                if showsAverage { flat.append(averageCell) }
                flatRows.append(flat)
                var nested: [Cell] = [label(false), .commodity(c), .table(ReportTable(name: "periods", columns: periodColumns, rows: periods))]
                if showsTotal { nested.append(totalCell) }
                if showsAverage { nested.append(averageCell) }
                nestedRows.append(nested)
            }
        }
        let accounts = ledger.journal.accounts
        for row in grid.rows {
            try addRows(label: { first in
                .shownAs(first ? accounts.treeLabel(row.account, flat: options.flat) : "", .account(row.account))
            }, sums: row.sums)
        }
        let balanceRows = flatRows.count
        try addRows(label: { _ in .shownAs("", .missing) }, sums: grid.total)
        let totalFlat = Array(flatRows[balanceRows...])
        let totalNested = Array(nestedRows[balanceRows...]).map { Array($0.dropFirst()) }
        let balances = ReportTable(name: "balances", columns: flatColumns, rows: Array(flatRows[..<balanceRows]))
        let totalsText = ReportTable(name: "totals", columns: flatColumns, rows: totalFlat)
        var document = ReportDocument([
            ReportTable(name: "balances", columns: nestedColumns, rows: Array(nestedRows[..<balanceRows])),
            ReportTable(name: "totals", columns: Array(nestedColumns.dropFirst()), rows: totalNested),
        ], until: ledger.until, text: .wrapped(balances, totals: totalsText, width: BalanceColumns.textWidth))
        document.csv = balances
        return document
    }
}
