import XCTest
@testable import LedgerCore

/// A split changes the number of shares, never what they are worth (issue 44).
/// Random journals buy shares at a price, split them one or more times
/// (`N:M`), and may declare `P` prices before, between and after the splits.
/// On any day, a holding is worth what the exact model says: the shares held
/// then × the latest price on or before the day, carried across the splits
/// after that price (÷ N/M each). Both `holdings` and `-X` valuation must
/// agree with it, up to their one rounding of a quotient that does not terminate; before this issue a price from before a
/// split valued the new shares at the old share's price.
final class SplitValuationPropertyTests: XCTestCase {
    func testAHoldingIsWorthTheSameAcrossSplits() throws {
        var r = SeededRandom(seed: 44)
        var checked = 0, carried = 0
        for _ in 0..<150 {
            let bought = 1 + r.below(500), cost = 1000 + r.below(3_000_000)
            var text = "2025-01-05 buy\n    Assets:Broker  \(bought) \"005930\" @ \(cost) KRW\n    Assets:Cash\n\n"
            // Splits on distinct days of February to November.
            var splitDays: [(day: CivilDate, n: Int, m: Int)] = []
            for month in 2...11 where r.chance(30) {
                let n = 1 + r.below(10), m = [1, 1, 2, 4, 5][r.below(5)]
                let day = CivilDate(year: 2025, month: month, day: 1 + r.below(28))!
                splitDays.append((day, n, m))
                text += "split \(day) \"005930\" \(n):\(m)\n\n"
            }
            // Prices: the purchase implies one; `P` lines may add more.
            var prices: [(day: CivilDate, unit: Int)] = [(CivilDate(year: 2025, month: 1, day: 5)!, cost)]
            for month in 1...12 where r.chance(25) {
                let day = CivilDate(year: 2025, month: month, day: 6 + r.below(20))!
                let unit = 100 + r.below(5_000_000)
                prices.append((day, unit))
                text += "P \(day) \"005930\" \(unit) KRW\n"
            }
            let c = compile([InputFile(path: "s.ledger", bytes: Array(text.utf8))], until: CivilDate(year: 2025, month: 12, day: 31)!,
                            options: CompileOptions(today: CivilDate(year: 2025, month: 12, day: 31)!))
            XCTAssertFalse(c.hasErrors, text)
            let table = c.ledger.journal.commodities
            let share = try XCTUnwrap(table.lookup("005930") ?? table.lookup("\"005930\""))
            for _ in 0..<4 {
                let on = CivilDate(year: 2025, month: 1 + r.below(12), day: 6 + r.below(23))!
                // The model: value = bought × the price in force (the latest on or
                // before `on`) × Π N/M of the splits up to the price's day; the
                // splits after it change the number of shares, not their worth.
                let price = prices.filter { !(on < $0.day) }.max { $0.day < $1.day }!
                var expected = BigDecimal(String(bought)) * BigDecimal(String(price.unit))
                var over = BigDecimal("1")
                for s in splitDays where !(on < s.day) && !(price.day < s.day) {
                    expected = expected * BigDecimal(String(s.n))
                    over = over * BigDecimal(String(s.m))
                }
                if splitDays.contains(where: { price.day < $0.day && !(on < $0.day) }) { carried += 1 }
                let rows = try HoldingsReport(ledger: c.ledger, options: ReportOptions(period: DateSpan(to: on))).rows()
                let row = try XCTUnwrap(rows.first, text)
                // holdings rounds a quotient once at the money's places + 6 (8 for KRW),
                // -X at the 30th: |value × over − expected| < 10^(digits of over − places).
                let digits = over.description.count
                let error = BigDecimal(row.marketValue) * over - expected
                XCTAssertTrue(error.isBelowOneUnit(atPlace: 8 - digits), "holdings on \(on): \(row.marketValue) × \(over) vs \(expected)\n\(text)")
                let valuer = try Valuer(Valuation(.on(on), in: "KRW"), ledger: c.ledger, reportTo: on)
                let value = try valuer.value(Amount(row.position.quantity, share), on: on, at: nil)
                XCTAssertEqual(table[value.commodity], "KRW", text)
                let error2 = BigDecimal(value.quantity) * over - expected
                XCTAssertTrue(error2.isBelowOneUnit(atPlace: 30 - digits), "-X on \(on): \(value.quantity) × \(over) vs \(expected)\n\(text)")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 600)
        XCTAssertGreaterThan(carried, 100)
    }
}
