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

    /// The latest `P` price on or before the end in the cost commodity, else the last trade's price.
    func price(of commodity: Int32, in costCommodity: Int32, trades: [Trade]) -> ExactDecimal? {
        var best: MarketPrice?
        for p in ledger.journal.prices where p.commodity == commodity && p.price.commodity == costCommodity {
            if let end, p.date > end { continue }
            if best == nil || !(p.date < best!.date) { best = p }
        }
        if let best { return best.price.quantity }
        return trades.last { $0.commodity == commodity && $0.costCommodity == costCommodity }?.price
    }

    public func rows() -> [Holding] {
        let c = ledger.journal.commodities
        let filter = AccountFilter(ledger.journal.accounts, text: options.account)
        let portfolio = Portfolio(ledger, end: end)
        var rows: [Holding] = []
        // A position with no trade yet (received without a cost) has nothing to value it in.
        for position in portfolio.positions where filter.keeps(position.account) && position.costCommodity >= 0 {
            let money = c.precision(position.costCommodity)
            var realized = ExactDecimal.zero
            for t in portfolio.trades where t.account == position.account && t.commodity == position.commodity && options.period.contains(t.date) {
                realized = realized.adding(t.realizedGain ?? .zero) ?? realized
            }
            let held = !position.quantity.rounded(to: c.precision(position.commodity)).isZero
            guard held || !realized.rounded(to: money).isZero else { continue }
            let unit = price(of: position.commodity, in: position.costCommodity, trades: portfolio.trades) ?? .zero
            let value = position.quantity.multiplied(by: unit) ?? .zero
            let gain = value.subtracting(position.costBasis) ?? .zero
            rows.append(Holding(position: position, averageCost: position.quantity.isZero ? .zero : position.averageCost(places: money),
                                price: unit, marketValue: value, unrealizedGain: gain,
                                unrealizedPct: position.costBasis.isZero ? nil : gain.divided(by: position.costBasis, places: 4),
                                weight: nil, realizedGain: realized))
        }
        // Weights within each cost commodity.
        var totals: [Int32: ExactDecimal] = [:]
        for r in rows { totals[r.position.costCommodity] = (totals[r.position.costCommodity] ?? .zero).adding(r.marketValue) }
        for i in rows.indices {
            if let total = totals[rows[i].position.costCommodity], !total.isZero {
                rows[i].weight = rows[i].marketValue.divided(by: total, places: 4)
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
    public func totals(_ rows: [Holding]) -> [(costCommodity: Int32, basis: ExactDecimal, value: ExactDecimal, unrealized: ExactDecimal, realized: ExactDecimal)] {
        var order: [Int32] = []
        var sums: [Int32: (ExactDecimal, ExactDecimal, ExactDecimal, ExactDecimal)] = [:]
        for r in rows {
            let k = r.position.costCommodity
            if sums[k] == nil { order.append(k); sums[k] = (.zero, .zero, .zero, .zero) }
            let s = sums[k]!
            sums[k] = (s.0.adding(r.position.costBasis) ?? s.0, s.1.adding(r.marketValue) ?? s.1,
                       s.2.adding(r.unrealizedGain) ?? s.2, s.3.adding(r.realizedGain) ?? s.3)
        }
        let c = ledger.journal.commodities
        return order.sorted { c[$0] < c[$1] }.map { k in
            let s = sums[k]!
            return (k, s.0, s.1, s.2, s.3)
        }
    }

    func money(_ q: ExactDecimal, _ commodity: Int32) -> String { ledger.journal.commodities.plain(q, commodity) }
    func fraction(_ q: ExactDecimal?) -> String { q?.atScale(4)?.description ?? "" }

    public func csv() -> [UInt8] {
        let c = ledger.journal.commodities
        var w = CSVWriter()
        w.row(["account", "commodity", "quantity", "cost_commodity", "average_cost", "cost_basis", "price", "market_value",
               "unrealized_gain", "unrealized_pct", "weight", "realized_gain"])
        for r in rows() {
            let p = r.position, k = p.costCommodity
            w.row([ledger.journal.accounts[p.account], c[p.commodity], c.plain(p.quantity, p.commodity), c[k],
                   money(r.averageCost, k), money(p.costBasis, k), money(r.price, k), money(r.marketValue, k),
                   money(r.unrealizedGain, k), fraction(r.unrealizedPct), fraction(r.weight), money(r.realizedGain, k)])
        }
        return w.buffer.bytes
    }

    public func json() -> [UInt8] {
        let c = ledger.journal.commodities
        let rows = rows()
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
        for t in totals(rows) {
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

    public func text() -> [UInt8] {
        let c = ledger.journal.commodities
        let rows = rows()
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
                       proportionalBar(r.weight ?? .zero, of: ExactDecimal(1), width: 20)])
        }
        var out = table.render()
        out += "\n"
        var totals = TextTable(headers: ["Cost commodity", "Cost basis", "Market value", "Unrealized", "", "Realized in period"],
                               rightAligned: [1, 2, 3, 4, 5])
        for t in self.totals(rows) {
            let f = { (q: ExactDecimal) in c.format(Amount(q, t.costCommodity)) }
            totals.add([c[t.costCommodity], f(t.basis), f(t.value), f(t.unrealized),
                        t.basis.isZero ? "" : percent(t.unrealized.divided(by: t.basis, places: 4) ?? .zero), f(t.realized)])
        }
        out += totals.render()
        return Array(out.utf8)
    }
}
