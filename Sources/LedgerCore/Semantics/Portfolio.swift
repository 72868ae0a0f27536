/// A purchase or sale: a posting of a commodity with a cost into an asset account.
public struct Trade: Sendable {
    public enum Side: String, Sendable { case buy, sell }
    public var date: CivilDate
    public var account: Int32
    public var commodity: Int32
    public var side: Side
    /// Always positive.
    public var quantity: ExactDecimal
    /// Unit price in `costCommodity`: the `@` price, a `@@` total ÷ quantity, or the lot cost.
    public var price: ExactDecimal
    public var costCommodity: Int32
    /// quantity × price.
    public var amount: ExactDecimal
    /// For sales: (price − average cost) × quantity.
    public var realizedGain: ExactDecimal?
    /// The transaction's first line (or its rule's, when generated).
    public var source: SourceLocation
}

/// What an account holds of one commodity, at moving-average cost.
public struct Position: Sendable {
    public var account: Int32
    public var commodity: Int32
    public var costCommodity: Int32
    public var quantity = ExactDecimal.zero
    public var costBasis = ExactDecimal.zero

    /// Cost basis ÷ quantity.
    public func averageCost(places: Int) -> ExactDecimal {
        costBasis.divided(by: quantity, places: places) ?? .zero
    }
}

/// Replays the ledger in date order and keeps every position by the
/// moving-average cost method: a purchase adds its cost to the basis; a sale
/// removes average cost × quantity from it and realizes the difference from
/// its price. Postings of a held commodity without a cost (transfers) move the
/// quantity, and a transfer out removes basis at average cost.
public struct Portfolio {
    public private(set) var trades: [Trade] = []
    /// Positions with at least one trade, in order of first trade.
    public private(set) var positions: [Position] = []

    /// Replays transactions dated up to `end` (all when nil). With `diagnostics`,
    /// a sale of more than the account holds is an error at the sale's posting,
    /// unless the account is declared with `allow-negative:`.
    public init(_ ledger: Ledger, end: CivilDate? = nil, diagnostics: DiagnosticEngine? = nil) {
        let journal = ledger.journal
        var index: [Int64: Int] = [:]
        func key(_ a: Int32, _ c: Int32) -> Int64 { Int64(a) << 32 | Int64(UInt32(bitPattern: c)) }
        let assets = (0..<Int32(journal.accounts.count)).map { journal.accounts.type(of: $0) == .asset }
        let precision = { (c: Int32) in max(journal.commodities.precision(c), 2) + 4 }
        // Which (account, commodity) pairs ever trade: every posting of those is followed,
        // so that shares received without a cost count as held.
        let traded = journal.tradedPairs.filter { assets[Int($0 >> 32)] }
        if traded.isEmpty { return }
        for n in ledger.order {
            let t = Int(n)
            if let end, ledger.transactions[t].date > end { break }
            for j in ledger.transactions[t].postings.indices {
                // Read the two fields first: most postings are not positions.
                guard let a = ledger.transactions[t].postings[j].amount, !a.quantity.isZero,
                      traded.contains(key(ledger.transactions[t].postings[j].account, a.commodity)) else { continue }
                let p = ledger.transactions[t].postings[j]
                guard p.virtual != .unbalanced else { continue }
                let k = key(p.account, a.commodity)
                let unit = Portfolio.unitPrice(p)
                let i: Int
                if let existing = index[k] {
                    i = existing
                } else {
                    i = positions.count
                    index[k] = i
                    positions.append(Position(account: p.account, commodity: a.commodity, costCommodity: unit?.commodity ?? -1))
                }
                guard let unit else {
                    // A transfer in or out of something held.
                    Portfolio.transfer(a.quantity, into: &positions[i])
                    continue
                }
                if positions[i].costCommodity < 0 { positions[i].costCommodity = unit.commodity }
                let source = ledger.transactions[t].generated.map { journal.rules[Int($0.rule)].location } ?? ledger.transactions[t].location
                var trade = Trade(date: ledger.transactions[t].date, account: p.account, commodity: a.commodity, side: a.quantity.isNegative ? .sell : .buy,
                                  quantity: a.quantity.magnitude, price: unit.quantity, costCommodity: unit.commodity,
                                  amount: a.quantity.magnitude.multiplied(by: unit.quantity) ?? .zero, source: source)
                var position = positions[i]
                if trade.side == .buy {
                    position.quantity = position.quantity.adding(trade.quantity) ?? position.quantity
                    position.costBasis = position.costBasis.adding(trade.amount) ?? position.costBasis
                } else {
                    if position.quantity < trade.quantity, !journal.accounts.allowsNegative.contains(p.account), let diagnostics {
                        let c = journal.commodities
                        diagnostics.error(Messages.sellsMoreThanHeld(c.format(Amount(trade.quantity, a.commodity)), journal.accounts[p.account],
                                                                    c.format(Amount(position.quantity, a.commodity))),
                                          at: p.amountLocation)
                    }
                    // Basis removed = basis × sold ÷ held, in one step (exact when the position empties).
                    let removed = position.quantity.isZero || position.quantity < trade.quantity
                        ? (trade.quantity.multiplied(by: position.quantity.isZero ? trade.price : position.averageCost(places: precision(unit.commodity))) ?? .zero)
                        : (position.costBasis.multiplied(by: trade.quantity)?.divided(by: position.quantity, places: precision(unit.commodity)) ?? .zero)
                    trade.realizedGain = trade.amount.subtracting(removed)
                    position.quantity = position.quantity.subtracting(trade.quantity) ?? .zero
                    position.costBasis = position.quantity.isZero ? .zero : (position.costBasis.subtracting(removed) ?? .zero)
                }
                positions[i] = position
                trades.append(trade)
            }
        }
    }

    /// The unit price a posting trades at, if it has a cost.
    static func unitPrice(_ p: Posting) -> Amount? {
        guard let a = p.amount else { return nil }
        if let cost = p.cost {
            guard cost.isTotal else { return cost.amount }
            let places = max(cost.amount.quantity.scale + 6, 8)
            return Amount((cost.amount.quantity.divided(by: a.quantity.magnitude, places: places) ?? .zero).normalized, cost.amount.commodity)
        }
        return p.lotCost
    }

    /// A cost-less posting of a held commodity: quantity moves, basis follows at average cost.
    static func transfer(_ q: ExactDecimal, into position: inout Position) {
        let before = position.quantity
        position.quantity = before.adding(q) ?? before
        if q.isNegative, !before.isZero {
            let share = q.magnitude.divided(by: before, places: 12) ?? .zero
            let removed = position.costBasis.multiplied(by: share) ?? .zero
            position.costBasis = position.quantity.isZero ? .zero : (position.costBasis.subtracting(removed) ?? .zero)
        }
    }
}
