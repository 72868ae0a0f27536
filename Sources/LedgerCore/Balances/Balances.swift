/// Sums of a stream of movements, per account and column (a period, or the
/// whole report), with an opening column before the first: the one
/// accumulator that balance, budget, close, diff, the page's net worth and
/// hover project (see docs/ARCHITECTURE.md). Every sum is exact, or the
/// accumulation stops with `AmountOverflow` at the posting that overflowed.
package struct Balances {
    /// The columns, in date order and without gaps.
    package let columns: [DateSpan]
    /// Per account: empty (never moved), or `columns.count + 1` sums; sum 0
    /// is the opening, what moved before the first column.
    package private(set) var sums: [[AmountSums]]

    /// Empty sums for `accounts` accounts in `columns`.
    package init(accounts: Int, columns: [DateSpan]) {
        self.columns = columns
        sums = Array(repeating: [], count: accounts)
    }

    /// The sums of `movements`, each in the column of its day. With
    /// `opening`, what moved before the first column is summed in the
    /// opening; else it is left out, as is what moved after the last.
    /// `value`, when given, turns each movement into the amount summed (a
    /// valuation on the posting's day, `then` or `cost`); it is told the
    /// column's last day.
    package static func summing(
        _ movements: Movements, in columns: [DateSpan], opening: Bool = false,
        value: ((Movement, CivilDate) throws(AmountOverflow) -> Amount)? = nil
    ) throws(AmountOverflow) -> Balances {
        var balances = Balances(accounts: movements.ledger.journal.accounts.count, columns: columns)
        guard let begin = columns.first?.first, let end = columns.last?.last else { return balances }
        var stream = movements
        stream.through = min(movements.through ?? end, end)
        if !opening { stream.from = max(movements.from ?? begin, begin) }
        var column = 1
        try stream.forEach { (m) throws(AmountOverflow) in
            var bucket = 0
            if m.date >= begin {
                while m.date > columns[column - 1].last { column += 1 }
                bucket = column
            }
            let amount = try value.map { v throws(AmountOverflow) in try v(m, columns[max(bucket, 1) - 1].last) } ?? m.amount
            try balances.add(amount, to: m.account, column: bucket, at: m.location)
        }
        return balances
    }

    /// Adds `amount` to `account`'s sum in `column` (0: the opening).
    package mutating func add(_ amount: Amount, to account: Int32, column: Int, at location: SourceLocation?) throws(AmountOverflow) {
        let id = Int(account)
        if sums[id].isEmpty { sums[id] = Array(repeating: AmountSums(), count: columns.count + 1) }
        guard sums[id][column].add(amount) else { throw AmountOverflow(at: location, "a balance") }
    }

    /// Whether anything moved `account` (in any column or the opening).
    package func moved(_ account: Int32) -> Bool { !sums[Int(account)].isEmpty }

    /// The sums gathered into `rows` rows: each account's sums are added
    /// into every row `rows(of:)` names (itself; its ancestors in a tree; the
    /// budgeted accounts above it; a side of the balance sheet), and into the
    /// total once.
    package func gathered(into count: Int, rows: (Int32) -> [Int32]) throws(AmountOverflow) -> BalanceRows {
        var out = BalanceRows(rows: count, width: columns.count + 1)
        for id in sums.indices where !sums[id].isEmpty {
            for row in rows(Int32(id)) { try out.add(sums[id], to: Int(row)) }
            try out.addToTotal(sums[id])
        }
        return out
    }

    /// Each account its own row (a flat report, `close`, a diff).
    package func byAccount() throws(AmountOverflow) -> BalanceRows {
        try gathered(into: sums.count) { [$0] }
    }

    /// Rows of an account tree: each account rolled into its level-`depth`
    /// ancestor (`--depth`), and unless `flat`, into every ancestor above it.
    package func tree(_ accounts: AccountTable, depth: Int?, flat: Bool) throws(AmountOverflow) -> BalanceRows {
        try gathered(into: accounts.count) { id in
            var a = depth.map { accounts.ancestor(of: id, atDepth: $0) } ?? id
            if flat { return [a] }
            var chain: [Int32] = []
            while a >= 0 {
                chain.append(a)
                a = accounts.parent[Int(a)]
            }
            return chain
        }
    }
}

/// Rows of sums over the columns of a `Balances` (sum 0: the opening), and
/// their total: the shape every balance-shaped report projects.
package struct BalanceRows {
    /// Per row: empty (nothing reached it), or one sum per column and the opening first.
    package internal(set) var sums: [[AmountSums]]
    /// Every movement, once.
    package internal(set) var total: [AmountSums]
    private let width: Int

    init(rows: Int, width: Int) {
        sums = Array(repeating: [], count: rows)
        total = Array(repeating: AmountSums(), count: width)
        self.width = width
    }

    /// Whether anything was gathered into `row`.
    package func reached(_ row: Int) -> Bool { !sums[row].isEmpty }

    /// The columns of `row` without the opening (empty when nothing reached it).
    package func columns(_ row: Int) -> [AmountSums] { Array(sums[row].dropFirst()) }

    /// The columns of the total, without the opening.
    package var totalColumns: [AmountSums] { Array(total.dropFirst()) }

    mutating func add(_ columns: [AmountSums], to row: Int) throws(AmountOverflow) {
        if sums[row].isEmpty { sums[row] = Array(repeating: AmountSums(), count: width) }
        try BalanceRows.add(columns, to: &sums[row])
    }

    mutating func addToTotal(_ columns: [AmountSums]) throws(AmountOverflow) {
        try BalanceRows.add(columns, to: &total)
    }

    private static func add(_ columns: [AmountSums], to sums: inout [AmountSums]) throws(AmountOverflow) {
        for k in columns.indices {
            for amount in columns[k].amounts where !sums[k].add(amount) { throw AmountOverflow(at: nil, "a balance") }
        }
    }

    /// A row's total over its columns (`-T`), every commodity exact.
    package static func rowTotal(_ columns: [AmountSums]) throws(AmountOverflow) -> AmountSums {
        var total = AmountSums()
        for s in columns where !total.add(s) { throw AmountOverflow(at: nil, "a row total") }
        return total
    }

    /// A row's average over `count` columns (`-A`): its total divided, each commodity exactly as `quotient` rounds.
    package static func rowAverage(_ total: AmountSums, over count: Int) throws(AmountOverflow) -> AmountSums {
        var mean = AmountSums()
        for a in total.amounts { mean.add(Amount(try a.quantity.quotient(over: ExactDecimal(count), at: nil), a.commodity)) }
        return mean
    }

    /// The column-by-column sum of rows (a section's or a report's total row).
    package static func columnTotals(_ rows: [[AmountSums]], width: Int, _ what: String = "a section total") throws(AmountOverflow) -> [AmountSums] {
        var out = Array(repeating: AmountSums(), count: width)
        for row in rows {
            for (k, s) in row.enumerated() where k < width && !out[k].add(s) { throw AmountOverflow(at: nil, what) }
        }
        return out
    }

    /// Each column becomes the balance at its end: running sums from the
    /// opening on (`--historical`, a net worth), or without it, from the
    /// first column on (`--cumulative`).
    package mutating func accumulate(withOpening: Bool = true) throws(AmountOverflow) {
        for row in sums.indices where !sums[row].isEmpty { try BalanceRows.accumulate(&sums[row], withOpening) }
        try BalanceRows.accumulate(&total, withOpening)
    }

    private static func accumulate(_ sums: inout [AmountSums], _ withOpening: Bool) throws(AmountOverflow) {
        for k in sums.indices.dropFirst(withOpening ? 1 : 2) {
            for amount in sums[k - 1].amounts where !sums[k].add(amount) {
                throw AmountOverflow(at: nil, "a balance at the end of a period")
            }
        }
    }
}
