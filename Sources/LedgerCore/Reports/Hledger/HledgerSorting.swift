/// hledger 1.25's `-S` (`--sort-amount`), one order for `balance`, the
/// compound statements and `--budget`.
extension Ledger {
    /// The order of `rows` (each an account, nil for a row of no account such
    /// as `<unbudgeted>`, with its total over the columns) largest first:
    /// with several commodities, as hledger compares them, by their
    /// quantities in the commodities' name order, a missing one as zero.
    /// Equal rows keep their order. Not `flat`: a tree, sorted among
    /// siblings, each row under its nearest shown ancestor. `negated`: sorted
    /// as the signs are shown flipped (revenues positive).
    func orderByAmount(_ rows: [(account: Int32?, total: AmountSums)], flat: Bool, negated: Bool) -> [Int] {
        let accounts = journal.accounts, commodities = journal.commodities
        let order = Set(rows.flatMap { $0.total.amounts.map(\.commodity) }).sorted { commodities[$0] < commodities[$1] }
        let keys = rows.map { r in order.map { negated ? r.total.quantity($0).negated : r.total.quantity($0) } }
        func before(_ i: Int, _ j: Int) -> Bool {
            for (a, b) in zip(keys[i], keys[j]) where a != b { return b < a }
            return i < j
        }
        if flat { return rows.indices.sorted(by: before) }
        var index: [Int32: Int] = [:]
        for (i, r) in rows.enumerated() { if let a = r.account, index[a] == nil { index[a] = i } }
        // Each row under its nearest shown ancestor (-1: a top row).
        var children: [Int32: [Int]] = [:]
        for (i, r) in rows.enumerated() {
            var a = r.account.map { accounts.parent[Int($0)] } ?? -1
            while a >= 0, index[a] == nil { a = accounts.parent[Int(a)] }
            children[a, default: []].append(i)
        }
        var out: [Int] = []
        func visit(_ parent: Int32) {
            for i in (children[parent] ?? []).sorted(by: before) {
                out.append(i)
                if let a = rows[i].account { visit(a) }
            }
        }
        visit(-1)
        return out
    }
}
