/// Every purchase and sale in the period, with realized gains and totals per commodity.
public struct TradesReport: Report {
    public let ledger: Ledger
    public let sources: SourceManager
    public let options: ReportOptions
    /// Only buys or only sells (`--side`).
    public var side: Trade.Side? { options.side }

    /// `side`, when given, takes the place of `options.side`.
    public init(ledger: Ledger, sources: SourceManager, options: ReportOptions, side: Trade.Side? = nil) {
        self.ledger = ledger
        self.sources = sources
        var options = options
        if let side { options.side = side }
        self.options = options
    }

    public func trades() throws(AmountOverflow) -> [Trade] {
        let filter = QueryMatcher(options.query, journal: ledger.journal)
        let portfolio = Portfolio(ledger, end: options.period.to)
        if let overflow = portfolio.overflow { throw overflow }
        let trades = portfolio.trades.filter {
            options.period.contains($0.date) && filter.keeps(account: $0.account) && (side == nil || $0.side == side)
        }
        guard let valuer = options.valuer else { return trades }
        return try trades.map { t throws(AmountOverflow) in try valued(t, by: valuer) }
    }

    /// A trade's money (price, amount, realized gain) valued on the day the
    /// valuation gives for its date: the report's end with `-X`, the trade's
    /// own date with `--value then`. A trade whose money has no price to the
    /// target stays in its cost commodity (with a warning).
    func valued(_ t: Trade, by valuer: Valuer) throws(AmountOverflow) -> Trade {
        guard let day = valuer.day(of: t.date, periodEnd: nil) else { return t }
        let k = t.costCommodity
        let amount = try valuer.value(Amount(t.amount, k), on: day, at: t.source)
        guard amount.commodity != k else { return t }
        var out = t
        out.costCommodity = amount.commodity
        out.amount = amount.quantity
        out.price = try valuer.value(Amount(t.price, k), on: day, at: t.source).quantity
        if let gain = t.realizedGain { out.realizedGain = try valuer.value(Amount(gain, k), on: day, at: t.source).quantity }
        return out
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

    /// `trades`: a row per purchase and sale; `totals`: a row per commodity
    /// and cost commodity. With `--side`, text shows only that side's columns.
    /// A sale's lots as CSV writes them: `2025-01-15:5@50.00;2025-02-15:3@80.00`
    /// (each lot's date, quantity and unit cost at the money's precision or more).
    func csvLots(_ t: Trade) -> String {
        let places = ledger.journal.commodities.precision(t.costCommodity)
        return t.matched.map { m in
            "\(m.date):\(m.quantity.normalized)@\(m.unitCost.text(places: max(places, m.unitCost.normalized.scale)))"
        }.joined(separator: ";")
    }

    public func document() throws(AmountOverflow) -> ReportDocument {
        let c = ledger.journal.commodities
        let trades = try trades()
        let realizedInText: Formats = side == .buy ? .data : .all
        let columns = [
            Column("date", "Date"), Column("account", "Account"), Column("commodity", "Commodity"), Column("side", "Side"),
            Column("quantity", "Quantity", numeric: true), Column("price", "Price", numeric: true),
            Column("amount", "Amount", numeric: true), Column("cost_commodity", "", in: .data),
            Column("realized_gain", "Realized", numeric: true, in: realizedInText), Column("source", "", in: .data),
            // The lots a sale took shares from: a table in text and JSON; in CSV
            // `DATE:QUANTITY@UNIT_COST;...` (CLI.md), empty for buys.
            Column("lots", "Lots", in: side == .buy ? .json : [.text, .json]),
            Column("lots", "", in: .csv),
        ]
        let lotColumns = [Column("date", "Date"), Column("quantity", "Quantity", numeric: true), Column("unit_cost", "Unit cost", numeric: true),
                          Column("cost_basis", "Cost basis", numeric: true), Column("realized_gain", "Realized", numeric: true)]
        var rows: [[Cell]] = []
        for t in trades {
            let k = t.costCommodity
            var lots: [[Cell]] = []
            for m in t.matched {
                // The sale's proceeds for these shares, less their basis.
                let proceeds = m.quantity.isEqual(to: t.quantity) ? t.amount
                    : try t.amount.times(m.quantity, at: t.source).shown(over: t.quantity, places: min(ExactDecimal.maxScale, c.precision(k) + 6), at: t.source)!
                lots.append([.date(m.date), .number(m.quantity, t.commodity), .unitPrice(m.unitCost, k, c),
                             .amount(m.basis, k), .amount(try proceeds.minus(m.basis, at: t.source), k)])
            }
            let lotText = t.matched.map { "\(c.format(Amount($0.quantity, t.commodity))) of \($0.date) at \(c.format(Amount($0.unitCost, k)))" }.joined(separator: "; ")
            let lotCell: Cell = t.side == .buy ? .missing : .shownAs(lotText, .table(ReportTable(name: "lots", columns: lotColumns, rows: lots)))
            rows.append([.date(t.date), .account(t.account), .commodity(t.commodity, quotedInText: true), .text(t.side.rawValue),
                         .number(t.quantity, t.commodity), .amount(t.price, k, places: max(c.precision(k), t.price.normalized.scale)),
                         .amount(t.amount, k), .commodity(k), t.realizedGain.map { .amount($0, k) } ?? .missing, .text(sourceText(t)), lotCell,
                         .text(t.side == .buy ? "" : csvLots(t))])
        }
        let buys: Formats = side == .sell ? .json : .all, sells: Formats = side == .buy ? .json : .all
        let totalColumns = [
            Column("commodity", "Commodity"), Column("cost_commodity", "", in: .json),
            Column("bought_quantity", "Bought", numeric: true, in: buys), Column("bought_amount", "Amount", numeric: true, in: buys),
            Column("sold_quantity", "Sold", numeric: true, in: sells), Column("sold_amount", "Amount", numeric: true, in: sells),
            Column("realized_gain", "Realized", numeric: true, in: sells),
        ]
        let totals: [[Cell]] = try self.totals(trades).map { s in
            let k = s.costCommodity
            return [.commodity(s.commodity, quotedInText: true), .commodity(k), .number(s.bought, s.commodity), .amount(s.boughtAmount, k),
                    .number(s.sold, s.commodity), .amount(s.soldAmount, k), .amount(s.realizedGain, k)]
        }
        return ReportDocument([ReportTable(name: "trades", columns: columns, rows: rows),
                               ReportTable(name: "totals", columns: totalColumns, rows: totals)],
                              until: ledger.until, text: .tables(empty: Language.text("No trades in the period.\n", ko: "기간에 매수·매도가 없습니다.\n")))
    }
}
