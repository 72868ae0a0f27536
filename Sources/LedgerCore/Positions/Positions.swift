/// A purchase or sale: a posting of a commodity with a cost into an asset account.
public struct Trade: Sendable {
    public enum Side: String, Sendable { case buy, sell }
    public var date: CivilDate
    public var account: Int32
    public var commodity: Int32
    public var side: Side
    /// Always positive.
    public var quantity: ExactDecimal
    /// Unit price in `costCommodity`: the `@` price or the lot cost, exactly;
    /// for a `@@` total, total ÷ quantity rounded for display (`amount` keeps the total).
    public var price: ExactDecimal
    public var costCommodity: Int32
    /// What was paid or received, exactly: quantity × price, or the `@@` total.
    public var amount: ExactDecimal
    /// For a total cost, the exact price is `amount ÷ quantity` (`price` is rounded).
    public var isTotal = false
    /// For sales: what it brought in less the basis removed (by the booking method).
    public var realizedGain: ExactDecimal?
    /// For sales: the lots it took shares from (by the booking method or as named).
    public var matched: [MatchedLot] = []
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
    /// The account bought this commodity at a cost at least once: only then
    /// is selling more than it holds an error (FORMAT.md, "Oversell").
    public var boughtAtCost = false
    /// What is left of each purchase, oldest first (by lot date; in the order
    /// they came for one date).
    public var lots: [Lot] { lotStore[spentLots...].filter { $0.quantity.signum > 0 } }
    /// The lots, after the `spentLots` a sale from the oldest emptied: they
    /// go when they are half of the store, so that a sale moves no other lot
    /// (a daily rule can hold 100,000 lots). A sale that names its lots
    /// empties them anywhere: they stay, empty, until `emptiedLots` are half
    /// of the open ones (removed each time, a daily sale moved every lot every day).
    var lotStore: [Lot] = []
    var spentLots = 0, emptiedLots = 0
    /// How many open lots have each unit cost (normalized), once a sale has
    /// named a lot by its cost; nil until then, and after a split.
    var lotCosts: [ExactDecimal: Int]?

    /// Puts a lot in its place among the lots: after every lot of its date or
    /// an earlier one. A lot of the latest date (nearly every one) is
    /// appended; an older one (moved in from another account with its date)
    /// moves the newer lots to make room. Returns how many it moved
    /// (`Portfolio.mostLotsMoved` bounds them).
    @discardableResult
    public mutating func receive(_ lot: Lot) -> Int {
        countLotCost(lot.unitCost, by: 1)
        guard let last = lotStore.last, spentLots < lotStore.count, lot.date < last.date else {
            lotStore.append(lot)
            return 0
        }
        var low = spentLots, high = lotStore.count
        while low < high {
            let mid = (low + high) / 2
            if lotStore[mid].date <= lot.date { low = mid + 1 } else { high = mid }
        }
        lotStore.insert(lot, at: low)
        return lotStore.count - 1 - low
    }

    /// Lets go of every lot (the position is being updated in a copy, which takes them).
    mutating func removeLots() {
        lotStore = []
        spentLots = 0
        emptiedLots = 0
        lotCosts = nil
    }

    /// Cost basis ÷ quantity, shown at `places` (more when it would show as zero); nil when nothing is held.
    public func averageCost(places: Int) throws(AmountOverflow) -> ExactDecimal? {
        try costBasis.shown(over: quantity, places: places, at: nil)
    }
}

/// Replays the ledger in date order and keeps every position by the
/// moving-average cost method: a purchase adds its cost to the basis; a sale
/// removes average cost × quantity from it and realizes the difference from
/// its price. Postings of a traded commodity into or out of an asset account
/// without a cost are transfers: shares moved between accounts in one
/// transaction take their cost basis with them (see `Transfers`).
package struct Portfolio {
    /// The most lots the replay moves to make room for lots that come out of
    /// date order (about half a second of moving): each is one move, but
    /// shares moved every day from an account of older lots into one of
    /// newer lots moved the square of the days (58,000 days: 1.9 s, 230,000: half a minute).
    public static let mostLotsMoved = 500_000_000
    public private(set) var trades: [Trade] = []
    /// Positions with at least one trade or transfer, in order of the first.
    public private(set) var positions: [Position] = []

    /// The first figure that could not be computed exactly, if any (the
    /// compile reports it as an error; reports stop on it).
    public private(set) var overflow: AmountOverflow?

    /// Replays transactions dated up to `end` (all when nil). With `diagnostics`,
    /// a sale of more than the account holds is an error at the sale's posting,
    /// when the account bought the commodity at a cost before (or received it
    /// from one that did), unless the account is declared with
    /// `allow-negative:`; and a figure that does not fit is an error at its posting.
    /// `keepsTrades` false: only the positions (and the diagnostics) are wanted, as `check` wants them.
    public init(_ ledger: Ledger, end: CivilDate? = nil, diagnostics: DiagnosticEngine? = nil, keepsTrades: Bool = true,
                mostLotsMoved: Int = Portfolio.mostLotsMoved) {
        let journal = ledger.journal
        var index: [AccountCommodity: Int] = [:]
        let assets = Portfolio.assetAccounts(journal)
        // Basis removed by a sale or transfer is rounded once, this far past the money's precision.
        let placesOf = (0..<Int32(journal.commodities.count)).map { min(ExactDecimal.maxScale, max(journal.commodities.precision($0), 2) + 6) }
        let places = { (c: Int32) in c < 0 ? 8 : placesOf[Int(c)] }
        let tradedCommodity = Portfolio.tradedCommodities(journal, assets: assets)
        guard tradedCommodity.contains(true) else { return }
        let follows = { (account: Int32, commodity: Int32) in
            commodity >= 0 && Int(commodity) < tradedCommodity.count && tradedCommodity[Int(commodity)] && assets[Int(account)]
        }
        func position(_ account: Int32, _ commodity: Int32, costCommodity: Int32) -> Int {
            let k = AccountCommodity(account, commodity)
            if let i = index[k] { return i }
            index[k] = positions.count
            positions.append(Position(account: account, commodity: commodity, costCommodity: costCommodity))
            return positions.count - 1
        }
        var transfers = Transfers()
        // Lots that came out of date order moved the newer ones: bounded in all.
        var lotsMoved = 0
        func checkLotsMoved(at: SourceLocation?) throws(AmountOverflow) {
            guard lotsMoved + transfers.lotsMoved > mostLotsMoved else { return }
            throw AmountOverflow(at: at, message: Messages.tooManyLotsOutOfOrder(mostLotsMoved))
        }
        // Each commodity's booking method, looked up once (a transfer asks for it every time).
        let methods = (0..<Int32(journal.commodities.count)).map { journal.commodities.bookingMethod($0, default: journal.defaultBooking) }
        let booking = { (c: Int32) in c >= 0 && Int(c) < methods.count ? methods[Int(c)] : journal.defaultBooking }
        // Transactions a streaming check let go of move positions too (as
        // transfers: they have no cost), in their place by date and file order.
        let letGo = Portfolio.touchesFollowed(journal, assets: assets, traded: tradedCommodity) ? journal.letGo : nil
        let records = letGo?.recordsInDateOrder() ?? LetGoTransactions.RecordOrder()
        var next = 0
        func replayRecords(before day: Int32, _ recordsBefore: Int) throws(AmountOverflow) {
            guard let letGo else { return }
            while next < records.count {
                let r = letGo.records[records[next]]
                guard r.day < day || r.day == day && records[next] < recordsBefore else { return }
                for m in letGo.moves(of: records[next]) where m.mantissa != 0 && follows(m.account, m.commodity) {
                    transfers.add(position(m.account, m.commodity, costCommodity: -1), m.quantity, at: nil)
                }
                if !transfers.isEmpty {
                    try transfers.apply(to: &positions, booking: booking, date: CivilDate(day: r.day))
                    try checkLotsMoved(at: nil)
                }
                next += 1
            }
        }
        // In a journal taken in from kept chunks, the transactions that move
        // no traded commodity are found once per chunk and passed over.
        var movesTraded: [Bool]?
        if !journal.chunkParts.isEmpty {
            let key = Portfolio.candidatesKey(tradedCommodity)
            var candidates = [Bool](repeating: false, count: ledger.transactions.count)
            ledger.transactions.withUnsafeBufferPointer { all in
                for i in chunkedIndices(count: all.count, parts: journal.chunkParts, key: key, where: { i in
                    Portfolio.mayMove(all[i], traded: tradedCommodity)
                }) { candidates[i] = true }
            }
            movesTraded = candidates
        }
        var sales: [Int] = []
        do {
            for n in ledger.order {
                let t = Int(n)
                // (Passed over before its date is read: a transaction that moves nothing followed ends nothing.)
                if let movesTraded, !movesTraded[t] { continue }
                if let end, ledger.transactions[t].date > end { break }
                if let letGo {
                    // Recorded transactions come first in `transactions`; generated ones after every record of their day.
                    try replayRecords(before: ledger.transactions[t].date.day, letGo.recordsBefore(kept: t))
                }
                if ledger.transactions[t].isSplit, let split = ledger.split(of: ledger.transactions[t]) {
                    // New shares of a split: quantities up, unit costs down, basis kept.
                    for p in ledger.transactions[t].postings {
                        guard let a = p.amount, follows(p.account, a.commodity) else { continue }
                        let i = position(p.account, a.commodity, costCommodity: -1)
                        try positions[i].split(by: split, adding: a.quantity, at: p.amountLocation)
                    }
                    continue
                }
                // Transfers first, then purchases and sales in the order written.
                sales.removeAll(keepingCapacity: true)
                for j in ledger.transactions[t].postings.indices {
                    // Read the two fields first: most postings are not positions.
                    guard let a = ledger.transactions[t].postings[j].amount, !a.quantity.isZero,
                          follows(ledger.transactions[t].postings[j].account, a.commodity) else { continue }
                    let p = ledger.transactions[t].postings[j]
                    guard p.virtual != .unbalanced else { continue }
                    if p.cost == nil && p.lot == nil {
                        transfers.add(position(p.account, a.commodity, costCommodity: -1), a.quantity, at: p.amountLocation)
                    } else {
                        sales.append(j)
                    }
                }
                if !transfers.isEmpty {
                    try transfers.apply(to: &positions, booking: booking, date: ledger.transactions[t].date)
                    try checkLotsMoved(at: ledger.transactions[t].location)
                }
                // A lot relabelled within one transaction (`-1 X {100 USD}` and
                // `1 X {100 EUR}` in one account, ledger's test 1998) is netted:
                // when a sale would sell more than the account holds, the
                // purchases of the same commodity into the same account later
                // in the transaction are booked first. Otherwise in the order written.
                var order = sales
                if sales.count > 1 { netted(&order, in: ledger.transactions[t], index: index) }
                for j in order {
                    let p = ledger.transactions[t].postings[j]
                    let a = p.amount!
                    let at = p.amountLocation
                    let cost = try Portfolio.cost(of: p, at: at)!
                    let i = position(p.account, a.commodity, costCommodity: cost.commodity)
                    if positions[i].costCommodity < 0 { positions[i].costCommodity = cost.commodity }
                    let source = ledger.transactions[t].generated.map { journal.rules[Int($0.rule)].location } ?? ledger.transactions[t].location
                    var trade = Trade(date: ledger.transactions[t].date, account: p.account, commodity: a.commodity, side: a.quantity.isNegative ? .sell : .buy,
                                      quantity: a.quantity.magnitude, price: cost.unit, costCommodity: cost.commodity,
                                      amount: cost.total, isTotal: cost.isTotal, source: source)
                    var position = positions[i]
                    // The lots move out for the update (appending to a shared array would copy it every time).
                    positions[i].removeLots()
                    if trade.side == .buy {
                        position.quantity = try position.quantity.plus(trade.quantity, at: at)
                        position.costBasis = try position.costBasis.plus(trade.amount, at: at)
                        position.boughtAtCost = true
                        lotsMoved += position.receive(Lot(date: p.lotDate ?? trade.date, quantity: trade.quantity, unitCost: trade.price, basis: trade.amount))
                        try checkLotsMoved(at: at)
                    } else {
                        let held = position.quantity
                        // Money may go below zero (a conversion out of a cash account); what was
                        // bought here, or is no currency, cannot be sold beyond what is held.
                        if held < trade.quantity, position.boughtAtCost || !journal.commodities.isCurrency(a.commodity),
                           !journal.accounts.allowsNegative.contains(p.account), let diagnostics {
                            if diagnostics.keepsNextError {
                                let c = journal.commodities
                                diagnostics.error(Messages.sellsMoreThanHeld(c.format(Amount(trade.quantity, a.commodity)), journal.accounts[p.account],
                                                                            c.format(Amount(held, a.commodity))),
                                                  at: p.amountLocation,
                                                  notes: [DiagnosticNote(Messages.sellsMoreThanHeldHint(journal.accounts[p.account]))])
                            } else {
                                // Past the limit the error is only counted: its amounts are not formatted.
                                diagnostics.countError()
                            }
                        }
                        // Basis removed: by the booking method (or from the lot the sale
                        // names) for what is held; what is sold beyond it, at its price.
                        var removed = ExactDecimal.zero
                        if held.signum <= 0 {
                            removed = trade.amount
                        } else {
                            let method = booking(a.commodity)
                            let selector = Portfolio.selector(of: p)
                            let takeable = held < trade.quantity ? held : trade.quantity
                            var taken = try position.take(takeable, method: method, selector: selector, places: places(cost.commodity), at: at)
                            if taken == nil {
                                // A lot that does not exist: said, with the lots that do; the sale books by the method.
                                let c = journal.commodities
                                let wanted = selector?.date.map { "of \($0)" } ?? selector?.unitCost.map { "at \(c.format(Amount($0, cost.commodity)))" } ?? ""
                                if let diagnostics {
                                    let lots = diagnostics.keepsNextError ? position.lotsText(c) : ""
                                    diagnostics.error(Messages.noSuchLot(wanted, journal.accounts[p.account], lots), at: p.amountLocation)
                                }
                                taken = try position.take(takeable, method: method, selector: nil, places: places(cost.commodity), at: at)
                            }
                            removed = taken?.removed ?? .zero
                            trade.matched = taken?.matched ?? []
                            if held < trade.quantity {
                                let beyond = try trade.quantity.minus(held, at: at)
                                removed = try removed.plus(try beyond.times(trade.price, at: at), at: at)
                            }
                        }
                        trade.realizedGain = try trade.amount.minus(removed, at: at)
                        position.quantity = try held.minus(trade.quantity, at: at)
                        position.costBasis = position.quantity.isZero ? .zero : try position.costBasis.minus(removed, at: at)
                    }
                    positions[i] = position
                    if keepsTrades { trades.append(trade) }
                }
            }
            try replayRecords(before: end.map { $0.day + 1 } ?? Int32.max, 0)
        } catch {
            overflow = error
            diagnostics?.add(error.diagnostic)
        }
    }

    /// `order` (a transaction's postings with a cost, as written) with the
    /// purchases that net a sale moved before it: those of the same commodity
    /// into the same account, when the sale sells more than the account held
    /// before the transaction. Unchanged for nearly every transaction.
    private func netted(_ order: inout [Int], in t: Transaction, index: [AccountCommodity: Int]) {
        var k = 0
        while k < order.count {
            let p = t.postings[order[k]]
            guard let a = p.amount, a.quantity.isNegative,
                  (index[AccountCommodity(p.account, a.commodity)].map { positions[$0].quantity } ?? .zero) < a.quantity.magnitude else {
                k += 1
                continue
            }
            let later = order[(k + 1)...].filter { j in
                let q = t.postings[j]
                return q.account == p.account && q.amount.map { $0.commodity == a.commodity && $0.quantity.signum > 0 } == true
            }
            guard !later.isEmpty else {
                k += 1
                continue
            }
            order.removeAll { later.contains($0) }
            order.insert(contentsOf: later, at: k)
            k += later.count + 1
        }
    }

    /// The lot a sale names: `[DATE]`/`{DATE}`, or `{UNIT}`.
    static func selector(of p: Posting) -> LotSelector? {
        if let d = p.lotDate { return LotSelector(unitCost: nil, date: d) }
        if let lot = p.lot, !lot.isTotal { return LotSelector(unitCost: lot.amount.quantity, date: nil) }
        return nil
    }

    /// What a posting with a cost paid or received: the unit price (exact for
    /// `@` and `{UNIT}`; for a total, `@@` or `{{TOTAL}}`, the total ÷ quantity
    /// shown to its precision + 6 places) and the exact total. Nil for a
    /// posting without a cost.
    static func cost(of p: Posting, at: SourceLocation) throws(AmountOverflow) -> (unit: ExactDecimal, total: ExactDecimal, commodity: Int32, isTotal: Bool)? {
        guard let a = p.amount, let cost = p.cost ?? p.lot else { return nil }
        let quantity = a.quantity.magnitude
        if cost.isTotal {
            let total = cost.amount.quantity.magnitude
            let places = min(ExactDecimal.maxScale, max(cost.amount.quantity.scale + 6, 8))
            // A zero quantity has no unit price (the replay skips such postings).
            guard let unit = try total.shown(over: quantity, places: places, at: at) else { return (total, total, cost.amount.commodity, false) }
            return (unit.normalized, total, cost.amount.commodity, true)
        }
        return (cost.amount.quantity, try quantity.times(cost.amount.quantity, at: at), cost.amount.commodity, false)
    }
}
