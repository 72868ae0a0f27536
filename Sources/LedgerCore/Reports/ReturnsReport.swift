#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `report returns --account A`: what the investment accounts (those the
/// account filters keep) earned per period, as hledger's `roi` defines it:
/// the value at the start, the cash that came in or went out, the value at
/// the end, the gain (PnL), the money-weighted return (IRR, annualized, 365
/// days a year) and the time-weighted return (TWR, sub-periods split at each
/// cash flow). Values are market values in one currency (`-X`, else the
/// journal's main currency) with the prices in force that day.
///
/// A cash flow is a transaction between the investment accounts and an
/// account outside them that is not income or expense: a deposit, a
/// withdrawal. Dividends, fees and gains (from or to income and expense
/// accounts) are returns, not flows. Flows are valued on their day.
public struct ReturnsReport: Report {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) { (self.ledger, self.options) = (ledger, options) }

    public struct Row: Sendable {
        public var first: CivilDate
        public var last: CivilDate
        public var beginValue: ExactDecimal
        public var cashFlow: ExactDecimal
        public var endValue: ExactDecimal
        public var pnl: ExactDecimal
        /// Annualized; nil when it has no solution (no money in the period).
        public var irr: ExactDecimal?
        /// Over the period, not annualized; nil when nothing was invested.
        public var twr: ExactDecimal?
    }

    /// The valuer: the report's, else one in the journal's main currency.
    func valuer() throws(AmountOverflow) -> Valuer? {
        if let v = options.valuer, v.target != nil { return v }
        guard let main = ledger.mainCurrency ?? ledger.order.first.flatMap({ ledger.transactions[Int($0)].postings.first?.amount?.commodity }) else { return nil }
        return try Valuer(Valuation(.end, in: ledger.journal.commodities[main]), ledger: ledger, reportTo: options.period.to)
    }

    public func rows() throws(AmountOverflow) -> (commodity: Int32?, rows: [Row]) {
        let accounts = ledger.journal.accounts
        let matcher = QueryMatcher(options.query, journal: ledger.journal)
        guard let valuer = try valuer(), let target = valuer.target else { return (nil, []) }
        // The investment accounts' movements, from the one stream, by date.
        var held: [(date: CivilDate, amount: Amount)] = []
        var stream = Movements(ledger)
        stream.keeps = { _, p in matcher.keeps(account: p.account) }
        stream.forEach { held.append(($0.date, $0.amount)) }
        // The cash flows: what came in from the other accounts of the transactions that move them.
        var flows: [(date: CivilDate, amount: ExactDecimal)] = []
        for t in ledger.ordered {
            var inside = false, outside = false
            for p in t.postings where p.virtual != .unbalanced || matcher.keeps(account: p.account) {
                if matcher.keeps(account: p.account) { inside = true } else { outside = true }
            }
            guard inside else { continue }
            var flow = ExactDecimal.zero, isFlow = false
            for p in t.postings where outside && !matcher.keeps(account: p.account) {
                let type = accounts.type(of: p.account)
                guard let a = p.amount, type != .income && type != .expense, p.virtual != .unbalanced else { continue }
                // Money from outside: what left the other accounts came in.
                let v = try valuer.value(a, on: t.date, at: p.amountLocation)
                guard v.commodity == target else { continue }
                flow = try flow.minus(v.quantity, at: p.amountLocation)
                isFlow = true
            }
            if isFlow, !flow.isZero {
                if let last = flows.last, last.date == t.date { flows[flows.count - 1].amount = try last.amount.plus(flow, at: t.location) } else { flows.append((t.date, flow)) }
            }
        }
        guard let firstDate = held.first?.date else { return (target, []) }
        let from = options.period.from ?? firstDate
        let to = options.period.to ?? valuer.reportEnd
        guard from <= to else { return (target, []) }
        let periods: [DateSpan]
        if let length = options.grouping {
            periods = length.columns(from: from, through: to, clipped: true)
        } else {
            periods = [DateSpan(first: from, last: to)]
        }
        // Values at ascending days: a running sum over the postings.
        var sums = AmountSums(), next = 0
        func value(at day: CivilDate) throws(AmountOverflow) -> ExactDecimal {
            while next < held.count, held[next].date <= day {
                try sums.add(held[next].amount, at: nil)
                next += 1
            }
            var total = ExactDecimal.zero
            for a in sums.amounts {
                let v = try valuer.value(a, on: day, at: nil)
                if v.commodity == target { total = try total.plus(v.quantity, at: nil) }
            }
            return total
        }
        var rows: [Row] = []
        var firstFlow = 0
        for period in periods {
            let begin = try value(at: period.first.adding(days: -1))
            // Periods ascend: the flows of this one start where the last one's ended.
            while firstFlow < flows.count, flows[firstFlow].date < period.first { firstFlow += 1 }
            var pastFlow = firstFlow
            while pastFlow < flows.count, flows[pastFlow].date <= period.last { pastFlow += 1 }
            let inPeriod = flows[firstFlow..<pastFlow]
            // Time-weighted: a sub-period ends the day before each flow.
            var growth: ExactDecimal? = ExactDecimal(1), start = begin
            var cash = ExactDecimal.zero
            for f in inPeriod {
                let before = f.date == period.first ? begin : try value(at: f.date.adding(days: -1))
                if !start.isZero, let g = growth { growth = try g.times(try before.quotient(over: start, at: nil), at: nil) }
                start = try before.plus(f.amount, at: nil)
                cash = try cash.plus(f.amount, at: nil)
            }
            let end = try value(at: period.last)
            if !start.isZero, let g = growth { growth = try g.times(try end.quotient(over: start, at: nil), at: nil) }
            let invested = !begin.isZero || !inPeriod.isEmpty
            let twr = invested ? try growth.map { g throws(AmountOverflow) in try g.minus(ExactDecimal(1), at: nil) } : nil
            let pnl = try end.minus(begin, at: nil).minus(cash, at: nil)
            var cashFlows: [(days: Int, amount: Double)] = []
            if !begin.isZero { cashFlows.append((0, -Double(begin))) }
            for f in inPeriod { cashFlows.append((Int(f.date.day - period.first.day), -Double(f.amount))) }
            // The end value at the end of the last day: the next day's start, as hledger's roi counts it.
            cashFlows.append((Int(period.last.day - period.first.day) + 1, Double(end)))
            rows.append(Row(first: period.first, last: period.last, beginValue: begin, cashFlow: cash, endValue: end, pnl: pnl,
                            irr: ReturnsReport.irr(cashFlows), twr: twr.map { $0.rounded(to: 10) }))
        }
        return (target, rows)
    }

    /// The annual rate r that makes Σ amount × (1 + r)^(−days/365) zero
    /// (Excel's XIRR), found by bisection to 10⁻¹⁰ and given to 8 places; nil
    /// when the flows do not change sign or no rate in (−99.99%, 10⁶) fits.
    /// A rate is not an amount: it is computed in binary floating point and
    /// rounded, as every tool computes it (docs/REPORTS.md, `returns`).
    static func irr(_ flows: [(days: Int, amount: Double)]) -> ExactDecimal? {
        guard flows.contains(where: { $0.amount > 0 }), flows.contains(where: { $0.amount < 0 }) else { return nil }
        func npv(_ r: Double) -> Double {
            flows.reduce(0) { $0 + $1.amount * pow(1 + r, -Double($1.days) / 365) }
        }
        var low = -0.9999, high = 1_000_000.0
        var fLow = npv(low), fHigh = npv(high)
        guard fLow.isFinite, fHigh.isFinite, fLow.sign != fHigh.sign else { return nil }
        for _ in 0..<400 {
            let mid = (low + high) / 2
            let f = npv(mid)
            if f == 0 || (high - low) < 1e-12 { low = mid; high = mid; break }
            if f.sign == fLow.sign { low = mid; fLow = f } else { high = mid; fHigh = f }
        }
        let rate = (low + high) / 2
        guard rate.isFinite else { return nil }
        return ExactDecimal(mantissa: Int128((rate * 1e8).rounded()), scale: 8)
    }

    public func document() throws(AmountOverflow) -> ReportDocument {
        let (target, rows) = try rows()
        let k = target ?? CommodityTable.none
        let columns = [Column("start", "Start"), Column("end", "End"), Column("commodity", "", in: .data),
                       Column("begin_value", "Value at start", numeric: true), Column("cash_flow", "Cash flow", numeric: true),
                       Column("end_value", "Value at end", numeric: true), Column("pnl", "PnL", numeric: true),
                       Column("irr", "IRR", numeric: true), Column("twr", "TWR", numeric: true)]
        let cells: [[Cell]] = rows.map { r in
            [.date(r.first), .date(r.last), .commodity(k), .amount(r.beginValue, k), .amount(r.cashFlow, k), .amount(r.endValue, k),
             .amount(r.pnl, k), .fraction(r.irr.map { $0.rounded(to: 6) }, fourPlaces: true), .fraction(r.twr.map { $0.rounded(to: 6) }, fourPlaces: true)]
        }
        return ReportDocument([ReportTable(name: "returns", columns: columns, rows: cells)], until: ledger.until,
                              text: .tables(empty: Language.text("No postings of the accounts in the period (returns needs --account).\n", ko: "기간에 그 계정의 포스팅이 없습니다(returns에는 --account가 필요합니다).\n")))
    }
}

extension Double {
    /// An exact decimal's value as the nearest double (for rates only).
    init(_ d: ExactDecimal) {
        self = Double(d.description) ?? 0
    }
}
