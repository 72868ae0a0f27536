import Foundation
import XCTest
@testable import LedgerCore

/// `returns` against an independent exact model (issue 29): random half
/// years of deposits, withdrawals, buys and sells at `@` prices, dividends,
/// fees and prices, in an investment account (`Assets:Broker`) that holds
/// dollars and one stock. The model keeps its own holdings, by day, in
/// `BigDecimal`, and computes each period's figures from their definitions:
///
/// - the value at a day's end: the shares times the latest price on or
///   before it, plus the dollars;
/// - the cash flow: money between the broker and the bank (a dividend or a
///   fee is a return, not a flow);
/// - the value at the start, at the end, the flow and PnL (end − start −
///   flow) must equal ledgerc's exactly;
/// - the time-weighted return: the product, over the sub-periods that each
///   flow starts, of the value before the next flow (or at the end) over
///   the value after this one. The model keeps it as a fraction N/D; ledgerc's
///   TWR (rounded to 10 places) must satisfy |(TWR + 1)·D − N| < 10⁻⁹·D.
final class ReturnsPropertyTests: XCTestCase {
    /// A day's events, as the model sees them.
    struct Day {
        var day: Int
        var flow = BigDecimal("0")
        var shares = 0
        var dollars = BigDecimal("0")
        var price: String?
    }

    static func money(_ r: inout SeededRandom, below: Int) -> String {
        "\(r.below(below)).\(String(format: "%02d", r.below(100)))"
    }

    func testReturnsEqualTheExactModel() throws {
        var r = SeededRandom(seed: 33)
        var periodsChecked = 0, withTWR = 0
        let start = CivilDate(year: 2025, month: 1, day: 1)!
        for _ in 0..<80 {
            var text = "account Assets:Bank  ; type: Asset\naccount Assets:Broker  ; type: Asset\naccount Income:Dividends  ; type: Revenue\naccount Expenses:Fees  ; type: Expense\n\n"
            var days: [Day] = []
            var shares = 0, dollars = BigDecimal("0"), lastPrice: String?
            for offset in Set((0..<(6 + r.below(30))).map { _ in r.below(181) }).sorted() {
                let date = start.adding(days: offset)
                var d = Day(day: offset)
                func add(_ s: String) { text += "\(date) \(s)\n\n" }
                for _ in 0..<(1 + r.below(2)) {
                    switch r.below(7) {
                    case 0, 1:
                        let x = Self.money(&r, below: 100_000)
                        add("deposit\n    Assets:Broker  \(x) USD\n    Assets:Bank")
                        d.flow = d.flow + BigDecimal(x); dollars = dollars + BigDecimal(x)
                    case 2 where !dollars.negative && !dollars.isZero:
                        // At most what the broker holds: values never go below zero.
                        let x = BigDecimal.minimum(BigDecimal(Self.money(&r, below: 50_000)), dollars)
                        add("withdrawal\n    Assets:Bank  \(x) USD\n    Assets:Broker")
                        d.flow = d.flow - x; dollars = dollars - x
                    case 3:
                        let q = 1 + r.below(40), p = Self.money(&r, below: 900)
                        add("buy\n    Assets:Broker  \(q) ACME @ \(p) USD\n    Assets:Broker")
                        text += "P \(date) ACME \(p) USD\n\n"
                        shares += q; dollars = dollars - BigDecimal(String(q)) * BigDecimal(p); lastPrice = p
                    case 4 where shares > 0:
                        let q = 1 + r.below(shares), p = Self.money(&r, below: 900)
                        add("sell\n    Assets:Broker  -\(q) ACME @ \(p) USD\n    Assets:Broker")
                        text += "P \(date) ACME \(p) USD\n\n"
                        shares -= q; dollars = dollars + BigDecimal(String(q)) * BigDecimal(p); lastPrice = p
                    case 5:
                        let x = Self.money(&r, below: 500)
                        if r.chance(50) {
                            add("dividend\n    Assets:Broker  \(x) USD\n    Income:Dividends")
                            dollars = dollars + BigDecimal(x)
                        } else {
                            add("fee\n    Expenses:Fees  \(x) USD\n    Assets:Broker")
                            dollars = dollars - BigDecimal(x)
                        }
                    default:
                        let p = Self.money(&r, below: 900)
                        text += "P \(date) ACME \(p) USD\n\n"
                        lastPrice = p
                    }
                }
                d.shares = shares; d.dollars = dollars; d.price = lastPrice
                days.append(d)
            }
            let c = compile([InputFile(path: "returns.ledger", bytes: Array(text.utf8))], until: CivilDate(year: 2025, month: 12, day: 31)!,
                            options: CompileOptions(today: CivilDate(year: 2025, month: 12, day: 31)!))
            XCTAssertFalse(c.hasErrors, "\(c.diagnostics.diagnostics.map(\.message))\n\(text)")

            // The value at the end of a day (an offset from January 1).
            func value(_ offset: Int) -> BigDecimal {
                guard let d = days.last(where: { $0.day <= offset }) else { return BigDecimal("0") }
                let held = d.shares == 0 ? BigDecimal("0") : BigDecimal(String(d.shares)) * BigDecimal(d.price!)
                return held + d.dollars
            }
            let last = CivilDate(year: 2025, month: 6, day: 30)!
            for grouping in [nil, CalendarUnit.month] {
                var options = ReportOptions()
                options.query.accounts = [try TextPattern("Assets:Broker")]
                options.period = DateSpan(from: start, to: last)
                options.grouping = grouping
                options.valuer = try Valuer(Valuation(.end, in: "USD"), ledger: c.ledger, reportTo: last)
                let rows = try ReturnsReport(ledger: c.ledger, options: options).rows().rows
                let periods: [(first: Int, last: Int)] = grouping == nil ? [(0, Int(last.day - start.day))]
                    : (1...6).map { m in (Int(CivilDate(year: 2025, month: m, day: 1)!.day - start.day),
                                          Int(CalendarUnit.month.end(of: CivilDate(year: 2025, month: m, day: 1)!).day - start.day)) }
                XCTAssertEqual(rows.count, periods.count, text)
                for (row, period) in zip(rows, periods) {
                    let begin = value(period.first - 1), end = value(period.last)
                    let flows = days.filter { $0.day >= period.first && $0.day <= period.last && !$0.flow.isZero }
                    let cash = flows.reduce(BigDecimal("0")) { $0 + $1.flow }
                    let what = "\(row.first)...\(row.last)\n\(text)"
                    XCTAssertEqual(BigDecimal(row.beginValue), begin, "value at start, " + what)
                    XCTAssertEqual(BigDecimal(row.endValue), end, "value at end, " + what)
                    XCTAssertEqual(BigDecimal(row.cashFlow), cash, "cash flow, " + what)
                    XCTAssertEqual(BigDecimal(row.pnl), end - begin - cash, "PnL, " + what)
                    // The time-weighted return as a fraction N/D.
                    var n = BigDecimal("1"), d = BigDecimal("1"), after = begin
                    for f in flows {
                        let before = value(f.day - 1)
                        if !after.isZero { n = n * before; d = d * after }
                        after = before + f.flow
                    }
                    if !after.isZero { n = n * end; d = d * after }
                    periodsChecked += 1
                    guard !begin.isZero || !flows.isEmpty else {
                        XCTAssertNil(row.twr, "nothing invested: no TWR, " + what)
                        continue
                    }
                    let twr = try XCTUnwrap(row.twr, "TWR, " + what)
                    let gap = (BigDecimal(twr) + BigDecimal("1")) * d - n
                    XCTAssertTrue(gap.magnitudeIsBelow(d * BigDecimal("0.000000001")), "TWR \(twr), model \(n) / \(d), " + what)
                    withTWR += 1
                }
            }
        }
        XCTAssertGreaterThan(periodsChecked, 500)
        XCTAssertGreaterThan(withTWR, 400)
    }
}

extension BigDecimal {
    /// The smaller of two values.
    static func minimum(_ a: BigDecimal, _ b: BigDecimal) -> BigDecimal {
        (a - b).negative ? a : b
    }

    /// |self| < |other|.
    func magnitudeIsBelow(_ other: BigDecimal) -> Bool {
        let s = Swift.max(scale, other.scale)
        return BigDecimal.compareMagnitude(rescaled(s).limbs, other.rescaled(s).limbs) < 0
    }
}
