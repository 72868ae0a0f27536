/// One row of the holdings report.
public struct Holding: Sendable {
    public var position: Position
    public var averageCost: ExactDecimal
    public var price: ExactDecimal
    public var marketValue: ExactDecimal
    public var unrealizedGain: ExactDecimal
    /// unrealized ÷ cost basis, 4 places; nil without a basis.
    public var unrealizedPct: ExactDecimal?
    /// Share of the market value among holdings valued in the same cost commodity, 4 places.
    public var weight: ExactDecimal?
    /// Realized by sales from this position in the period.
    public var realizedGain: ExactDecimal
}

/// What is held at the end of the period, what it cost, what it is worth.
public struct HoldingsReport {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    var end: CivilDate? { options.period.to }

    /// The latest `P` price on or before the end in the cost commodity, else the last trade.
    func price(of commodity: Int32, in costCommodity: Int32, trades: [Trade]) -> (unit: ExactDecimal, trade: Trade?)? {
        var best: MarketPrice?
        for p in ledger.journal.prices where p.commodity == commodity && p.price.commodity == costCommodity {
            if let end, p.date > end { continue }
            if best == nil || !(p.date < best!.date) { best = p }
        }
        if let best { return (best.price.quantity, nil) }
        return trades.last { $0.commodity == commodity && $0.costCommodity == costCommodity }.map { ($0.price, $0) }
    }

    /// quantity × price; at a total cost's exact price (total ÷ its quantity), shown at `places`.
    func value(_ quantity: ExactDecimal, at price: (unit: ExactDecimal, trade: Trade?), places: Int) throws(AmountOverflow) -> ExactDecimal {
        if let t = price.trade, t.isTotal {
            // A trade's quantity is never zero (the replay skips zero postings), so the quotient exists.
            return try quantity.times(t.amount, at: t.source).shown(over: t.quantity, places: places, at: t.source)!
        }
        return try quantity.times(price.unit, at: nil)
    }

    public func rows() throws(AmountOverflow) -> [Holding] {
        let c = ledger.journal.commodities
        let filter = AccountFilter(ledger.journal.accounts, text: options.account)
        let portfolio = Portfolio(ledger, end: end)
        if let overflow = portfolio.overflow { throw overflow }
        var rows: [Holding] = []
        var totals: [Int32: ExactDecimal] = [:]
        // A position with no trade yet (received without a cost) has nothing to value it in.
        for position in portfolio.positions where filter.keeps(position.account) && position.costCommodity >= 0 {
            let money = c.precision(position.costCommodity)
            var realized = ExactDecimal.zero
            for t in portfolio.trades where t.account == position.account && t.commodity == position.commodity && options.period.contains(t.date) {
                if let gain = t.realizedGain { realized = try realized.plus(gain, at: t.source) }
            }
            let held = !position.quantity.rounded(to: c.precision(position.commodity)).isZero
            guard held || !realized.rounded(to: money).isZero else { continue }
            // Every position here has a trade, so a price.
            guard let unit = price(of: position.commodity, in: position.costCommodity, trades: portfolio.trades) else { continue }
            let value = try self.value(position.quantity, at: unit, places: money)
            let gain = try value.minus(position.costBasis, at: nil)
            totals[position.costCommodity] = try (totals[position.costCommodity] ?? ExactDecimal.zero).plus(value, at: nil)
            // A position sold to zero (kept for its realized gain) shows an average cost of zero.
            let average = position.quantity.isZero ? ExactDecimal.zero : try position.averageCost(places: money)!
            rows.append(Holding(position: position, averageCost: average,
                                price: unit.unit, marketValue: value, unrealizedGain: gain,
                                unrealizedPct: try gain.shown(over: position.costBasis, places: 4, at: nil),
                                weight: nil, realizedGain: realized))
        }
        // Weights within each cost commodity.
        for i in rows.indices {
            if let total = totals[rows[i].position.costCommodity] {
                rows[i].weight = try rows[i].marketValue.shown(over: total, places: 4, at: nil)
            }
        }
        let accounts = ledger.journal.accounts
        return rows.sorted {
            let a = $0.position, b = $1.position
            if a.account != b.account { return accounts[a.account] < accounts[b.account] }
            return c[a.commodity] < c[b.commodity]
        }
    }

    /// Per cost commodity: basis, market value, unrealized and realized gains.
    public func totals(_ rows: [Holding]) throws(AmountOverflow) -> [(costCommodity: Int32, basis: ExactDecimal, value: ExactDecimal, unrealized: ExactDecimal, realized: ExactDecimal)] {
        var order: [Int32] = []
        var sums: [Int32: (ExactDecimal, ExactDecimal, ExactDecimal, ExactDecimal)] = [:]
        for r in rows {
            let k = r.position.costCommodity
            if sums[k] == nil { order.append(k); sums[k] = (.zero, .zero, .zero, .zero) }
            let s = sums[k]!
            sums[k] = (try s.0.plus(r.position.costBasis, at: nil), try s.1.plus(r.marketValue, at: nil),
                       try s.2.plus(r.unrealizedGain, at: nil), try s.3.plus(r.realizedGain, at: nil))
        }
        let c = ledger.journal.commodities
        return order.sorted { c[$0] < c[$1] }.map { k in
            let s = sums[k]!
            return (k, s.0, s.1, s.2, s.3)
        }
    }

    func money(_ q: ExactDecimal, _ commodity: Int32) -> String { ledger.journal.commodities.plain(q, commodity) }
    /// A fraction with 4 places, or more when it has them (a share that is not zero never shows as zero).
    func fraction(_ q: ExactDecimal?) -> String { q.map { $0.text(places: max(4, $0.scale)) } ?? "" }

    public func csv() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        var w = CSVWriter()
        w.row(["account", "commodity", "quantity", "cost_commodity", "average_cost", "cost_basis", "price", "market_value",
               "unrealized_gain", "unrealized_pct", "weight", "realized_gain"])
        for r in try rows() {
            let p = r.position, k = p.costCommodity
            w.row([ledger.journal.accounts[p.account], c[p.commodity], c.plain(p.quantity, p.commodity), c[k],
                   money(r.averageCost, k), money(p.costBasis, k), money(r.price, k), money(r.marketValue, k),
                   money(r.unrealizedGain, k), fraction(r.unrealizedPct), fraction(r.weight), money(r.realizedGain, k)])
        }
        return w.buffer.bytes
    }

    public func json() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let rows = try rows()
        var w = JSONWriter(pretty: true)
        beginJSONReport(&w, until: ledger.until)
        w.key("holdings"); w.beginArray()
        for r in rows {
            let p = r.position, k = p.costCommodity
            w.beginObject()
            w.key("account"); w.string(ledger.journal.accounts[p.account])
            w.key("commodity"); w.string(c[p.commodity])
            w.key("quantity"); w.string(c.plain(p.quantity, p.commodity))
            w.key("costCommodity"); w.string(c[k])
            w.key("averageCost"); w.string(money(r.averageCost, k))
            w.key("costBasis"); w.string(money(p.costBasis, k))
            w.key("price"); w.string(money(r.price, k))
            w.key("marketValue"); w.string(money(r.marketValue, k))
            w.key("unrealizedGain"); w.string(money(r.unrealizedGain, k))
            w.key("unrealizedPct"); w.string(r.unrealizedPct.map { fraction($0) })
            w.key("weight"); w.string(r.weight.map { fraction($0) })
            w.key("realizedGain"); w.string(money(r.realizedGain, k))
            w.endObject()
        }
        w.endArray()
        w.key("totals"); w.beginArray()
        for t in try totals(rows) {
            w.beginObject()
            w.key("costCommodity"); w.string(c[t.costCommodity])
            w.key("costBasis"); w.string(money(t.basis, t.costCommodity))
            w.key("marketValue"); w.string(money(t.value, t.costCommodity))
            w.key("unrealizedGain"); w.string(money(t.unrealized, t.costCommodity))
            w.key("realizedGain"); w.string(money(t.realized, t.costCommodity))
            w.endObject()
        }
        return finishJSONReport(&w)
    }

    public func text() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let rows = try rows()
        if rows.isEmpty { return Array("No holdings.\n".utf8) }
        var table = TextTable(headers: ["Account", "Commodity", "Quantity", "Avg cost", "Cost basis", "Price", "Market value",
                                        "Unrealized", "", "Weight", ""], rightAligned: [2, 3, 4, 5, 6, 7, 8, 9])
        for r in rows {
            let p = r.position, k = p.costCommodity
            let f = { (q: ExactDecimal) in c.format(Amount(q, k)) }
            table.add([ledger.journal.accounts[p.account], c.needsQuotes(p.commodity) ? "\"\(c[p.commodity])\"" : c[p.commodity],
                       c.format(Amount(p.quantity, CommodityTable.none), precision: c.precision(p.commodity)),
                       f(r.averageCost), f(p.costBasis), f(r.price), f(r.marketValue), f(r.unrealizedGain),
                       r.unrealizedPct.map(percent) ?? "", r.weight.map(percent) ?? "",
                       r.weight.map { proportionalBar($0, of: ExactDecimal(1), width: 20) } ?? ""])
        }
        var out = table.render()
        out += "\n"
        var totals = TextTable(headers: ["Cost commodity", "Cost basis", "Market value", "Unrealized", "", "Realized in period"],
                               rightAligned: [1, 2, 3, 4, 5])
        for t in try self.totals(rows) {
            let f = { (q: ExactDecimal) in c.format(Amount(q, t.costCommodity)) }
            totals.add([c[t.costCommodity], f(t.basis), f(t.value), f(t.unrealized),
                        try t.unrealized.shown(over: t.basis, places: 4, at: nil).map(percent) ?? "", f(t.realized)])
        }
        out += totals.render()
        return Array(out.utf8)
    }
}
