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
    /// Dividends of the holding received in the period, in the cost commodity.
    public var dividends = ExactDecimal.zero
    /// What the position's purchases cost, up to the period's end.
    public var principal = ExactDecimal.zero

    /// Unrealized + realized + dividends.
    public func totalReturn() throws(AmountOverflow) -> ExactDecimal {
        try unrealizedGain.plus(realizedGain, at: nil).plus(dividends, at: nil)
    }
}

/// What is held at the end of the period, what it cost, what it is worth.
public struct HoldingsReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    var end: CivilDate? { options.period.to }

    /// The latest `P` price on or before the end in the cost commodity, else
    /// the last trade, as written, with the date it is from.
    func price(of commodity: Int32, in costCommodity: Int32, trades: [Trade]) -> (unit: ExactDecimal, date: CivilDate, trade: Trade?)? {
        var best: MarketPrice?
        for p in ledger.journal.prices where p.commodity == commodity && p.price.commodity == costCommodity {
            if let end, p.date > end { continue }
            if best == nil || !(p.date < best!.date) { best = p }
        }
        if let best { return (best.price.quantity, best.date, nil) }
        return trades.last { $0.commodity == commodity && $0.costCommodity == costCommodity }.map { ($0.price, $0.date, $0) }
    }

    /// quantity × price, carried across the splits since the price (an old
    /// share's price is N/M new shares'); at a total cost's price: total ×
    /// quantity ÷ traded. Each is computed from the exact fraction and
    /// rounded once, to the places a sale's basis keeps (the money's
    /// precision + 6), when it does not terminate. Never from a rounded unit
    /// price: rounding must not make a gain.
    func value(_ quantity: ExactDecimal, of commodity: Int32, at price: (unit: ExactDecimal, date: CivilDate, trade: Trade?), places: Int, splits: SplitRatios) throws(AmountOverflow) -> ExactDecimal {
        var dividend: ExactDecimal, divisor: ExactDecimal
        if let t = price.trade, t.isTotal {
            (dividend, divisor) = (try quantity.times(t.amount, at: t.source), t.quantity)
        } else {
            (dividend, divisor) = (try quantity.times(price.unit, at: nil), ExactDecimal(1))
        }
        if let r = try splits.ratio(of: commodity, after: price.date, through: end, at: price.trade?.source) {
            dividend = try dividend.times(r.denominator, at: nil)
            divisor = try divisor.times(r.numerator, at: nil)
        }
        // A trade's quantity is never zero (the replay skips zero postings), so the quotient exists.
        if divisor.isEqual(to: ExactDecimal(1)) { return dividend }
        return try dividend.shown(over: divisor, places: places, at: price.trade?.source)!.normalized
    }

    public func rows() throws(AmountOverflow) -> [Holding] {
        let c = ledger.journal.commodities
        let filter = QueryMatcher(options.query, journal: ledger.journal)
        let portfolio = Portfolio(ledger, end: end)
        if let overflow = portfolio.overflow { throw overflow }
        let splits = SplitRatios(ledger.journal.splits)
        var rows: [Holding] = []
        var totals: [Int32: ExactDecimal] = [:]
        // What each position's purchases cost, in one pass over the trades.
        var principal: [AccountCommodity: ExactDecimal] = [:]
        for t in portfolio.trades where t.side == .buy {
            let k = AccountCommodity(t.account, t.commodity)
            principal[k] = try (principal[k] ?? .zero).plus(t.amount, at: t.source)
        }
        // A position with no trade yet (received without a cost) has nothing to value it in.
        for position in portfolio.positions where filter.keeps(account: position.account) && position.costCommodity >= 0 {
            let money = c.precision(position.costCommodity)
            var realized = ExactDecimal.zero
            for t in portfolio.trades where t.account == position.account && t.commodity == position.commodity && options.period.contains(t.date) {
                if let gain = t.realizedGain { realized = try realized.plus(gain, at: t.source) }
            }
            let held = !position.quantity.rounded(to: c.precision(position.commodity)).isZero
            guard held || !realized.rounded(to: money).isZero else { continue }
            // Every position here has a trade, so a price.
            guard let unit = price(of: position.commodity, in: position.costCommodity, trades: portfolio.trades) else { continue }
            let value = try self.value(position.quantity, of: position.commodity, at: unit, places: min(ExactDecimal.maxScale, max(money, 2) + 6), splits: splits)
            // The price shown is a share's today: the one written, carried across the splits since.
            let shownPrice = try splits.price(unit.unit, of: position.commodity, pricedOn: unit.date, usedOn: end, at: nil)
            let gain = try value.minus(position.costBasis, at: nil)
            totals[position.costCommodity] = try (totals[position.costCommodity] ?? ExactDecimal.zero).plus(value, at: nil)
            // A position sold to zero (kept for its realized gain) shows an average cost of zero.
            let average = position.quantity.isZero ? ExactDecimal.zero : try position.averageCost(places: money)!
            var row = Holding(position: position, averageCost: average,
                              price: shownPrice, marketValue: value, unrealizedGain: gain,
                              unrealizedPct: try gain.shown(over: position.costBasis, places: 4, at: nil),
                              weight: nil, realizedGain: realized)
            row.principal = principal[AccountCommodity(position.account, position.commodity)] ?? .zero
            rows.append(row)
        }
        try addDividends(to: &rows)
        if let valuer = options.valuer, let target = valuer.target {
            let day = valuer.day(of: valuer.reportEnd, periodEnd: nil) ?? valuer.reportEnd
            for i in rows.indices { rows[i] = try converted(rows[i], into: target, on: day, by: valuer) }
            totals = [:]
            for r in rows { totals[r.position.costCommodity] = try (totals[r.position.costCommodity] ?? .zero).plus(r.marketValue, at: nil) }
        }
        // Weights within each cost commodity (with -X: across all).
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

    /// Dividends of the period, each counted to one holding of its commodity:
    /// a transaction tagged `dividend: COMMODITY` (what its income postings
    /// took in), or a posting to an income account named after the commodity
    /// (`Income:Dividends:AAPL`). The holding: the one whose account the
    /// transaction names, else the largest. Only money in the holding's cost
    /// commodity counts (a dividend in another currency is left out).
    func addDividends(to rows: inout [Holding]) throws(AmountOverflow) {
        guard !rows.isEmpty else { return }
        let journal = ledger.journal, accounts = journal.accounts, c = journal.commodities
        var byName: [String: Int32] = [:]
        for r in rows { byName[c[r.position.commodity]] = r.position.commodity }
        // Income accounts named after a held commodity (`Income:Dividends:AAPL`), found once.
        var named = [Int32?](repeating: nil, count: accounts.count)
        var anyNamed = false
        for id in 0..<Int32(accounts.count) where accounts.type(of: id) == .income {
            let leaf = accounts[id].split(separator: ":").last.map { String($0).trimmingCharacters(in: "\"") } ?? ""
            named[Int(id)] = byName[leaf]
            anyNamed = anyNamed || byName[leaf] != nil
        }
        let transactions = ledger.transactions
        for n in ledger.order {
            // Two fields first, without a copy of the transaction: most are no dividend.
            let date = transactions[Int(n)].date
            if let end, date > end { break }
            guard options.period.contains(date) else { continue }
            let tagged = Transaction.tag("dividend", in: transactions[Int(n)].comment).flatMap { byName[$0.trimmingCharacters(in: "\"")] }
            guard tagged != nil || anyNamed else { continue }
            let t = transactions[Int(n)]
            var received: [(commodity: Int32, amount: Amount)] = []
            for p in t.postings where accounts.type(of: p.account) == .income {
                guard let a = p.amount, let k = named[Int(p.account)] ?? tagged else { continue }
                received.append((k, Amount(a.quantity.negated, a.commodity)))
            }
            for (commodity, money) in received {
                let candidates = rows.indices.filter { rows[$0].position.commodity == commodity && rows[$0].position.costCommodity == money.commodity }
                guard !candidates.isEmpty else { continue }
                let named = candidates.first { i in t.postings.contains { $0.account == rows[i].position.account } }
                let i = named ?? candidates.max { rows[$0].position.quantity < rows[$1].position.quantity }!
                rows[i].dividends = try rows[i].dividends.plus(money.quantity, at: t.location)
            }
        }
    }

    /// `row` with its money in `target` on `day`: the market value as
    /// `balance -X` values the quantity (through the price graph), and the
    /// cost figures converted from their cost commodity on the same day. A
    /// row whose money cannot be converted stays as it is (with a warning).
    func converted(_ row: Holding, into target: Int32, on day: CivilDate, by valuer: Valuer) throws(AmountOverflow) -> Holding {
        let k = row.position.costCommodity
        if k == target { return row }
        // One rate converts every money figure of the row (one commodity, one day): if the basis converts, all do.
        let basisValue = try valuer.value(Amount(row.position.costBasis, k), on: day, at: nil)
        guard basisValue.commodity == target else { return row }
        let basis = basisValue.quantity
        func money(_ q: ExactDecimal) throws(AmountOverflow) -> ExactDecimal {
            try valuer.value(Amount(q, k), on: day, at: nil).quantity
        }
        var out = row
        out.position.costCommodity = target
        out.position.costBasis = basis
        let direct = try valuer.value(Amount(row.position.quantity, row.position.commodity), on: day, at: nil, warns: false)
        if direct.commodity == target, !row.position.quantity.isZero {
            out.marketValue = direct.quantity
            out.price = try direct.quantity.quotient(over: row.position.quantity, at: nil)
        } else {
            out.marketValue = try money(row.marketValue)
            out.price = try money(row.price)
        }
        out.averageCost = try money(row.averageCost)
        out.realizedGain = try money(row.realizedGain)
        out.dividends = try money(row.dividends)
        out.principal = try money(row.principal)
        out.unrealizedGain = try out.marketValue.minus(basis, at: nil)
        out.unrealizedPct = try out.unrealizedGain.shown(over: basis, places: 4, at: nil)
        return out
    }

    /// `holdings --lots`: a row per open lot (with `average` booking, one per
    /// position at its average cost).
    func lotsDocument(_ rows: [Holding]) throws(AmountOverflow) -> ReportDocument {
        let c = ledger.journal.commodities
        let columns = [Column("account", "Account"), Column("commodity", "Commodity"), Column("date", "Date"),
                       Column("quantity", "Quantity", numeric: true), Column("unit_cost", "Unit cost", numeric: true),
                       Column("cost_commodity", "", in: .data), Column("cost_basis", "Cost basis", numeric: true), Column("booking", "Booking")]
        var cells: [[Cell]] = []
        for r in rows {
            let p = r.position, k = p.costCommodity
            let method = c.bookingMethod(p.commodity, default: ledger.journal.defaultBooking)
            for lot in try p.openLots(method, places: c.precision(k)) {
                cells.append([.account(p.account), .commodity(p.commodity, quotedInText: true), .date(lot.date), .bareQuantity(lot.quantity, p.commodity),
                              .unitPrice(lot.unitCost, k, c), .commodity(k), .amount(lot.basis, k),
                              .text(method.rawValue)])
            }
        }
        return ReportDocument([ReportTable(name: "lots", columns: columns, rows: cells)], until: ledger.until, text: .tables(empty: Language.text("No open lots.\n", ko: "열린 로트가 없습니다.\n")))
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

    /// `holdings`: a row per account and commodity held; `totals`: a row per cost commodity.
    public func document() throws(AmountOverflow) -> ReportDocument {
        let rows = try rows()
        let columns = [
            Column("account", "Account"), Column("commodity", "Commodity"), Column("quantity", "Quantity", numeric: true),
            Column("cost_commodity", "", in: .data), Column("average_cost", "Avg cost", numeric: true),
            Column("cost_basis", "Cost basis", numeric: true), Column("price", "Price", numeric: true),
            Column("market_value", "Market value", numeric: true), Column("unrealized_gain", "Unrealized", numeric: true),
            Column("unrealized_pct", "", numeric: true), Column("weight", "Weight", numeric: true),
            Column("bar", "", in: .text), Column("realized_gain", "", in: .data),
            // CLI.md appends these to the CSV header too.
            Column("dividends", "Dividends", numeric: true),
            Column("total_return", "Total return", numeric: true),
            Column("total_return_pct", "", numeric: true),
            Column("principal", "", numeric: true, in: .data),
        ]
        var cells: [[Cell]] = []
        for r in rows {
            let p = r.position, k = p.costCommodity
            let total = try r.totalReturn()
            cells.append([.account(p.account), .commodity(p.commodity, quotedInText: true), .bareQuantity(p.quantity, p.commodity),
                          .commodity(k), .amount(r.averageCost, k), .amount(p.costBasis, k), .amount(r.price, k), .amount(r.marketValue, k),
                          .amount(r.unrealizedGain, k), .fraction(r.unrealizedPct, fourPlaces: true), .fraction(r.weight, fourPlaces: true),
                          r.weight.map { .bar($0, of: ExactDecimal(1)) } ?? .missing, .amount(r.realizedGain, k),
                          .amount(r.dividends, k), .amount(total, k), .fraction(try total.shown(over: r.principal, places: 4, at: nil), fourPlaces: true),
                          .amount(r.principal, k)])
        }
        if options.lots { return try lotsDocument(rows) }
        let totalColumns = [
            Column("cost_commodity", "Cost commodity"), Column("cost_basis", "Cost basis", numeric: true),
            Column("market_value", "Market value", numeric: true), Column("unrealized_gain", "Unrealized", numeric: true),
            Column("unrealized_pct", "", numeric: true, in: .text), Column("realized_gain", "Realized in period", numeric: true),
        ]
        var totals: [[Cell]] = []
        for t in try self.totals(rows) {
            let k = t.costCommodity
            totals.append([.commodity(k), .amount(t.basis, k), .amount(t.value, k), .amount(t.unrealized, k),
                           .fraction(try t.unrealized.shown(over: t.basis, places: 4, at: nil), fourPlaces: true), .amount(t.realized, k)])
        }
        return ReportDocument([ReportTable(name: "holdings", columns: columns, rows: cells),
                               ReportTable(name: "totals", columns: totalColumns, rows: totals)],
                              until: ledger.until, text: .tables(empty: Language.text("No holdings.\n", ko: "보유 종목이 없습니다.\n")))
    }
}
