#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// hledger 1.25's `roi --inv QUERY --pnl QUERY`, as it defines it, and its
/// table: per period, the investment's value at the start and the end (its
/// postings summed), the cash flow (the other postings of its transactions
/// that are not profit and loss), the PnL, the money-weighted return (IRR:
/// the root of Σ amount × rate^(days to the end / 365)) and the
/// time-weighted return (TWR: units bought and sold at a unit price that
/// starts at 100 and moves with each PnL, its total rounded to hundredths
/// of a percent, then annualized). Amounts are sums, exact; the rates are
/// floating point, as hledger's (docs/COMPATIBILITY.md). With `--value`
/// (`then`, `end`, a date) or `-X`, every amount is valued as hledger's roi
/// values it: a posting on its date (`then`) or at the day after the
/// period (`end`), the investment's value on the day it is read.
public struct HledgerRoi {
    public let ledger: Ledger
    /// Period and interval; the queries select the transactions.
    public let options: ReportOptions
    public let investment: Query
    public let pnl: Query
    /// `--infer-market-prices`: costs imply prices for the valuation.
    public var infersMarketPrices = false

    public init(ledger: Ledger, options: ReportOptions, investment: Query, pnl: Query) {
        self.ledger = ledger
        self.options = options
        self.investment = investment
        self.pnl = pnl
    }

    /// Why the report cannot be made (as hledger says it).
    public struct Problem: Error {
        public let message: String
    }

    /// The table, as hledger prints it.
    public func text() throws -> String {
        let journal = ledger.journal, commodities = journal.commodities
        let inv = QueryMatcher(investment, journal: journal), loss = QueryMatcher(pnl, journal: journal)
        // The investment's transactions: those with a posting the investment query keeps.
        let trans = ledger.ordered.filter { t in t.postings.contains { inv.matches(t, $0) } }
        guard let first = trans.first?.date, let last = trans.last?.date else {
            throw Problem(message: "No relevant transactions found. Check your investments query")
        }
        // Real postings only, as hledger's roi reads them.
        let postings = trans.flatMap { t in t.postings.compactMap { p in p.virtual == .real ? p.amount.map { (t, p, $0) } : nil } }
        var commodity: Int32?
        func single(_ a: Amount) throws -> ExactDecimal {
            if a.quantity.isZero { return .zero }
            if let c = commodity, c != a.commodity {
                throw Problem(message: "Amounts could not be converted to a single cost basis: [\"\(commodities.hledgerText(Amount(.zero, c)))\", \"\(commodities.hledgerText(a))\"]\nConsider using --value to force all costs to be in a single commodity.")
            }
            commodity = a.commodity
            return a.quantity
        }
        let from = options.period.from ?? first, to = options.period.to ?? last
        let valuer = try options.valuation.map { v throws in
            if v.when == .cost { throw Problem(message: "roi with --cost (-B) is not done yet in hledger's form; use --value then,COMMODITY or end,COMMODITY") }
            return try Valuer(v, ledger: ledger, reportTo: options.period.to, inferringPrices: infersMarketPrices)
        }
        // The investment's value after each of its postings through the report's end (they come in date
        // order), per commodity: a value before a day is one search, not a pass over the journal.
        var days: [Int32: [CivilDate]] = [:], running: [Int32: [ExactDecimal]] = [:]
        for (t, p, a) in postings where t.date <= to && inv.matches(t, p) {
            // Unvalued, every amount must be of one commodity, as before.
            if valuer == nil { _ = try single(a) }
            // The commodity's running sum (its first posting starts from zero); an overflow is an error here.
            let sums = running[a.commodity, default: []]
            let value = try (sums.isEmpty ? ExactDecimal.zero : sums[sums.count - 1]).plus(a.quantity, at: p.amountLocation)
            running[a.commodity, default: []].append(value)
            days[a.commodity, default: []].append(t.date)
        }
        /// `a` in the one commodity of the report: valued on the day the valuation
        /// gives for `day` in a period ending (exclusively) on `end`, when there is one.
        func amount(_ a: Amount, on day: CivilDate, end: CivilDate, at location: SourceLocation?) throws -> ExactDecimal {
            guard let valuer, let valuedOn = valuer.day(of: day, periodEnd: end) else { return try single(a) }
            return try single(try valuer.value(a, on: valuedOn, at: location))
        }
        /// The investment before `day`, valued as of `day` in a period ending on `end`.
        func total(before day: CivilDate, end: CivilDate) throws -> ExactDecimal {
            var sum = ExactDecimal.zero
            for c in running.keys.sorted() {
                guard let ds = days[c], let rs = running[c] else { continue }
                let k = ds.partitionIndex { $0 >= day }
                guard k > 0 else { continue }
                sum = try sum.plus(try amount(Amount(rs[k - 1], c), on: day, end: end, at: nil), at: nil)
            }
            return sum
        }
        var spans: [DateSpan] = []
        if let unit = options.grouping, from <= to {
            spans = unit.columns(from: from, through: to, clipped: true)
        } else if from <= to {
            spans = [DateSpan(first: from, last: to)]
        }
        var rows: [[String]] = []
        for span in spans {
            let end = span.last.adding(days: 1)
            let before = try total(before: span.first, end: end), after = try total(before: end, end: end)
            var cash: [(day: CivilDate, amount: Double)] = [], gains: [(day: CivilDate, amount: Double)] = []
            var flow = ExactDecimal.zero
            for (t, p, a) in postings where span.first <= t.date && t.date <= span.last && !inv.matches(t, p) {
                let q = try amount(a, on: t.date, end: end, at: p.amountLocation)
                guard !q.isZero else { continue }
                if loss.matches(t, p) {
                    gains.append((t.date, Double(q)))
                } else {
                    cash.append((t.date, Double(q)))
                    flow = try flow.plus(q, at: p.amountLocation)
                }
            }
            let cashFlow = flow.negated
            let gain = try after.minus(try before.plus(cashFlow, at: nil), at: nil)
            let irr = try HledgerRoi.irr(begin: span.first, end: end, before: Double(before), after: Double(after), cash: cash)
            let twr = try twrOf(span, end: end, before: Double(before), after: Double(after), cash: cash, gains: gains, total: { Double(try total(before: $0, end: end)) })
            func money(_ q: ExactDecimal) -> String {
                guard let c = commodity else { return q.isZero ? "0" : q.description }
                return commodities.hledgerText(Amount(q, c))
            }
            func percent(_ x: Double) -> String {
                let shown = abs(x) < 0.01 ? 0 : x
                return HledgerRoi.fixed(shown, places: 2) + "%"
            }
            rows.append([String(rows.count + 1), span.first.description, span.last.description, money(before), money(cashFlow), money(after), money(gain),
                         percent(irr), percent(twr)])
        }
        return HledgerRoi.table(rows) + "\n"
    }

    /// The money-weighted return over [begin, end), in percent: 0 with no cash flow.
    static func irr(begin: CivilDate, end: CivilDate, before: Double, after: Double, cash: [(day: CivilDate, amount: Double)]) throws -> Double {
        let flows = ([(begin, -before)] + cash.sorted { $0.day < $1.day } + [(end, after)]).filter { $0.1 != 0 }
        guard !flows.isEmpty else { return 0 }
        func sum(_ rate: Double) -> Double {
            flows.reduce(0) { $0 + $1.1 * pow(rate, Double(end.day - $1.0.day) / 365) }
        }
        var low = 1e-12, high = 10_000.0
        var fLow = sum(low)
        guard fLow.sign != sum(high).sign else {
            throw Problem(message: "Error (NotBracketed): No solution for Internal Rate of Return (IRR).\n  Possible causes: IRR is huge (>1000000%), balance of investment becomes negative at some point in time.")
        }
        for _ in 0..<300 {
            let mid = (low + high) / 2
            let f = sum(mid)
            if f == 0 { low = mid; high = mid; break }
            if f.sign == fLow.sign { low = mid; fLow = f } else { high = mid }
        }
        return ((low + high) / 2 - 1) * 100
    }

    /// The time-weighted return over the span, in percent, annualized.
    func twrOf(_ span: DateSpan, end: CivilDate, before: Double, after: Double, cash: [(day: CivilDate, amount: Double)], gains: [(day: CivilDate, amount: Double)],
               total: (CivilDate) throws -> Double) throws -> Double {
        let initialPrice = 100.0, initialUnits = before / initialPrice
        // Per day, each summed and negated; a day's PnL before its cash flow.
        func byDay(_ xs: [(day: CivilDate, amount: Double)]) -> [(CivilDate, Double)] {
            var out: [(CivilDate, Double)] = []
            for x in xs.sorted(by: { $0.day < $1.day }) {
                if let l = out.last, l.0 == x.day { out[out.count - 1].1 -= x.amount } else { out.append((x.day, -x.amount)) }
            }
            return out
        }
        var changes: [(day: CivilDate, isPnl: Bool, amount: Double)] = (byDay(gains).map { ($0.0, true, $0.1) } + byDay(cash).map { ($0.0, false, $0.1) })
            .sorted { $0.day != $1.day ? $0.day < $1.day : $0.isPnl && !$1.isPnl }
        if initialUnits <= 0, let k = changes.firstIndex(where: { !$0.isPnl }) {
            // With no units yet, the first cash flow comes before any PnL.
            let first = changes.remove(at: k)
            changes.insert(first, at: 0)
        }
        var price = initialPrice, units = initialUnits
        for change in changes {
            if change.isPnl {
                guard units != 0 else { continue }
                price = (try total(change.day) + change.amount) / units
            } else {
                units += change.amount / price
            }
        }
        let finalPrice = units == 0 ? price : after / units
        let totalTWR = HledgerRoi.roundedHalfEven(finalPrice - initialPrice, places: 2)
        let years = Double(end.day - span.first.day) / 365
        return 100 * (pow(1 + totalTWR / 100, 1 / years) - 1)
    }

    /// `x` rounded half to even at `places` (Data.Decimal's roundTo).
    static func roundedHalfEven(_ x: Double, places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (x * scale).rounded(.toNearestOrEven) / scale
    }

    /// `x` with `places` decimals, as printf's `%0.2f` writes it.
    static func fixed(_ x: Double, places: Int) -> String {
        let scale = pow(10, Double(places))
        let n = Int64((abs(x) * scale).rounded())
        let whole = n / Int64(scale), frac = n % Int64(scale)
        let digits = String(frac)
        return (x < 0 && n != 0 ? "-" : "") + "\(whole)." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// hledger's roi table: `|` between cells, `||` between the groups (row number; dates; amounts; rates).
    static func table(_ rows: [[String]]) -> String {
        let headers = ["", "Begin", "End", "Value (begin)", "Cashflow", "Value (end)", "PnL", "IRR", "TWR"]
        let widths = headers.indices.map { k in ([headers[k]] + rows.map { $0[k] }).map(displayWidth).max() ?? 0 }
        let groupEnds: Set<Int> = [0, 2, 6]
        func line(_ fill: Character) -> String {
            var s = "+"
            for k in widths.indices {
                s += String(repeating: fill, count: widths[k] + 2)
                s += groupEnds.contains(k) ? "++" : "+"
            }
            return s
        }
        func row(_ cells: [String]) -> String {
            var s = "|"
            for k in cells.indices {
                s += " " + String(repeating: " ", count: widths[k] - displayWidth(cells[k])) + cells[k] + " "
                s += groupEnds.contains(k) ? "||" : "|"
            }
            return s
        }
        return ([line("-"), row(headers), line("=")] + rows.map(row) + [line("-")]).joined(separator: "\n") + "\n"
    }
}
