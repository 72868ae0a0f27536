/// Every purchase and sale in the period, with realized gains and totals per commodity.
public struct TradesReport {
    public let ledger: Ledger
    public let sources: SourceManager
    public let options: ReportOptions
    /// Only buys or only sells (`--side`).
    public var side: Trade.Side?

    public init(ledger: Ledger, sources: SourceManager, options: ReportOptions, side: Trade.Side? = nil) {
        self.ledger = ledger
        self.sources = sources
        self.options = options
        self.side = side
    }

    public func trades() throws(AmountOverflow) -> [Trade] {
        let filter = AccountFilter(ledger.journal.accounts, text: options.account)
        let portfolio = Portfolio(ledger, end: options.period.to)
        if let overflow = portfolio.overflow { throw overflow }
        return portfolio.trades.filter {
            options.period.contains($0.date) && filter.keeps($0.account) && (side == nil || $0.side == side)
        }
    }

    public struct Total {
        public var commodity: Int32
        public var costCommodity: Int32
        public var bought = ExactDecimal.zero, boughtAmount = ExactDecimal.zero
        public var sold = ExactDecimal.zero, soldAmount = ExactDecimal.zero
        public var realizedGain = ExactDecimal.zero
    }

    public func totals(_ trades: [Trade]) throws(AmountOverflow) -> [Total] {
        var totals: [Total] = []
        for t in trades {
            var i = totals.firstIndex { $0.commodity == t.commodity && $0.costCommodity == t.costCommodity }
            if i == nil { totals.append(Total(commodity: t.commodity, costCommodity: t.costCommodity)); i = totals.count - 1 }
            var total = totals[i!]
            if t.side == .buy {
                total.bought = try total.bought.plus(t.quantity, at: t.source)
                total.boughtAmount = try total.boughtAmount.plus(t.amount, at: t.source)
            } else {
                total.sold = try total.sold.plus(t.quantity, at: t.source)
                total.soldAmount = try total.soldAmount.plus(t.amount, at: t.source)
                if let gain = t.realizedGain { total.realizedGain = try total.realizedGain.plus(gain, at: t.source) }
            }
            totals[i!] = total
        }
        let c = ledger.journal.commodities
        return totals.sorted { c[$0.commodity] == c[$1.commodity] ? c[$0.costCommodity] < c[$1.costCommodity] : c[$0.commodity] < c[$1.commodity] }
    }

    func sourceText(_ t: Trade) -> String {
        let (file, line, _) = sources.describe(t.source)
        return "\(file):\(line)"
    }

    /// A unit price: at the cost commodity's precision, or more places if it was written with more.
    func priceText(_ t: Trade) -> String {
        let c = ledger.journal.commodities
        return t.price.text(places: max(c.precision(t.costCommodity), t.price.normalized.scale))
    }

    public func csv() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        var w = CSVWriter()
        w.row(["date", "account", "commodity", "side", "quantity", "price", "amount", "cost_commodity", "realized_gain", "source"])
        for t in try trades() {
            w.row([t.date.description, ledger.journal.accounts[t.account], c[t.commodity], t.side.rawValue,
                   c.plain(t.quantity, t.commodity), priceText(t), c.plain(t.amount, t.costCommodity), c[t.costCommodity],
                   t.realizedGain.map { c.plain($0, t.costCommodity) } ?? "", sourceText(t)])
        }
        return w.buffer.bytes
    }

    public func json() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let trades = try trades()
        var w = JSONWriter(pretty: true)
        beginJSONReport(&w, until: ledger.until)
        w.key("trades"); w.beginArray()
        for t in trades {
            w.beginObject()
            w.key("date"); w.string(t.date.description)
            w.key("account"); w.string(ledger.journal.accounts[t.account])
            w.key("commodity"); w.string(c[t.commodity])
            w.key("side"); w.string(t.side.rawValue)
            w.key("quantity"); w.string(c.plain(t.quantity, t.commodity))
            w.key("price"); w.string(priceText(t))
            w.key("amount"); w.string(c.plain(t.amount, t.costCommodity))
            w.key("costCommodity"); w.string(c[t.costCommodity])
            w.key("realizedGain"); w.string(t.realizedGain.map { c.plain($0, t.costCommodity) })
            w.key("source"); w.string(sourceText(t))
            w.endObject()
        }
        w.endArray()
        w.key("totals"); w.beginArray()
        for s in try totals(trades) {
            let k = s.costCommodity
            w.beginObject()
            w.key("commodity"); w.string(c[s.commodity])
            w.key("costCommodity"); w.string(c[k])
            w.key("boughtQuantity"); w.string(c.plain(s.bought, s.commodity))
            w.key("boughtAmount"); w.string(c.plain(s.boughtAmount, k))
            w.key("soldQuantity"); w.string(c.plain(s.sold, s.commodity))
            w.key("soldAmount"); w.string(c.plain(s.soldAmount, k))
            w.key("realizedGain"); w.string(c.plain(s.realizedGain, k))
            w.endObject()
        }
        return finishJSONReport(&w)
    }

    public func text() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let trades = try trades()
        if trades.isEmpty { return Array("No trades in the period.\n".utf8) }
        let name = { (k: Int32) in c.needsQuotes(k) ? "\"\(c[k])\"" : c[k] }
        // Buys realize nothing: with --side buy, no Realized column.
        let realized = side != .buy
        var table = TextTable(headers: ["Date", "Account", "Commodity", "Side", "Quantity", "Price", "Amount"] + (realized ? ["Realized"] : []),
                              rightAligned: [4, 5, 6, 7])
        for t in trades {
            var row = [t.date.description, ledger.journal.accounts[t.account], name(t.commodity), t.side.rawValue,
                       c.plain(t.quantity, t.commodity), c.format(Amount(t.price, t.costCommodity), precision: max(c.precision(t.costCommodity), t.price.normalized.scale)),
                       c.format(Amount(t.amount, t.costCommodity))]
            if realized { row.append(t.realizedGain.map { c.format(Amount($0, t.costCommodity)) } ?? "") }
            table.add(row)
        }
        var out = table.render() + "\n"
        // With --side, only that side's totals.
        var headers = ["Commodity"]
        if side != .sell { headers += ["Bought", "Amount"] }
        if side != .buy { headers += ["Sold", "Amount", "Realized"] }
        var totals = TextTable(headers: headers, rightAligned: Set(1..<headers.count))
        for s in try self.totals(trades) {
            let f = { (q: ExactDecimal) in c.format(Amount(q, s.costCommodity)) }
            var row = [name(s.commodity)]
            if side != .sell { row += [c.plain(s.bought, s.commodity), f(s.boughtAmount)] }
            if side != .buy { row += [c.plain(s.sold, s.commodity), f(s.soldAmount), f(s.realizedGain)] }
            totals.add(row)
        }
        out += totals.render()
        return Array(out.utf8)
    }
}
