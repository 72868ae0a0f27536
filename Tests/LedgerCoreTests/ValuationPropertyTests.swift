import Foundation
import XCTest
@testable import LedgerCore

/// Valuation against an independent exact model (issue 29): random trees of
/// commodities whose prices are written either way round, several per pair
/// on random days. In a tree the chain between two commodities is unique,
/// so the model needs no chain policy: the value is the quantity times the
/// prices used as written, divided by those used in reverse, each the latest
/// on or before the day (the later line of one day). `BigDecimal` computes
/// it exactly; ledgerc's figure must equal it, or be within half a unit of
/// the quotient's last place (the 30th, or as many as 38 digits leave) when
/// a price is reversed.
final class ValuationPropertyTests: XCTestCase {
    struct Line {
        var day: Int
        var from: Int
        var to: Int
        var price: String
    }

    static func price(_ r: inout SeededRandom) -> String {
        let whole = String(1 + r.below(99_999)), places = r.below(5)
        return places == 0 ? whole : whole + "." + String((0..<places).map { _ in Character(String(r.below(10))) })
    }

    func testValuesEqualTheExactModel() throws {
        var r = SeededRandom(seed: 31)
        let names = ["A", "B", "C", "D", "E", "F"]
        var checked = 0, reversed = 0, missing = 0
        for _ in 0..<200 {
            let n = 2 + r.below(5)
            var parent = [-1], lines: [Line] = []
            for i in 1..<n {
                let p = r.below(i)
                parent.append(p)
                let forward = r.chance(50)
                for _ in 0..<(1 + r.below(3)) {
                    lines.append(Line(day: 1 + r.below(28), from: forward ? i : p, to: forward ? p : i, price: Self.price(&r)))
                }
            }
            for k in stride(from: lines.count - 1, to: 0, by: -1) { lines.swapAt(k, r.below(k + 1)) }
            var text = lines.map { "P 2025-01-\(String(format: "%02d", $0.day)) \(names[$0.from]) \($0.price) \(names[$0.to])\n" }.joined()
            var quantities: [String] = []
            for i in 0..<n {
                let q = ExactnessPropertyTests.number(&r, maxDigits: 9, maxPlaces: 4)
                quantities.append(q)
                text += "2025-01-01 hold\n    (x:\(i))  \(q) \(names[i])\n\n"
            }
            let c = compile([InputFile(path: "v.ledger", bytes: Array(text.utf8))], until: CivilDate(year: 2025, month: 12, day: 31)!,
                            options: CompileOptions(today: CivilDate(year: 2025, month: 12, day: 31)!))
            XCTAssertFalse(c.hasErrors, text)
            let day = 1 + r.below(31)
            let date = CivilDate(year: 2025, month: 1, day: day)!
            let valuer = try Valuer(Valuation(.on(date), in: "A"), ledger: c.ledger, reportTo: nil)
            let table = c.ledger.journal.commodities
            for i in 1..<n {
                // The model: walk up to the root, which is A. A pair's price in
                // force: its latest day on or before, the later line of a day.
                func inForce(_ from: Int, _ to: Int) -> (day: Int, price: String)? {
                    lines.enumerated().filter { $0.element.from == from && $0.element.to == to && $0.element.day <= day }
                        .max { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map { ($0.element.day, $0.element.price) }
                }
                var path: [(node: Int, up: Int)] = []
                var node = i
                while node != 0 { path.append((node, parent[node])); node = parent[node] }
                // Prices as written all the way, if they reach; else each step the
                // more recent way round (as written on a tie).
                let asWritten = path.allSatisfy { inForce($0.node, $0.up) != nil }
                var times = BigDecimal("1"), over = BigDecimal("1"), priced = true, usedReverse = false
                for step in path {
                    let written = inForce(step.node, step.up), backward = asWritten ? nil : inForce(step.up, step.node)
                    if let w = written, backward.map({ $0.day <= w.day }) ?? true {
                        times = times * BigDecimal(w.price)
                    } else if let b = backward {
                        over = over * BigDecimal(b.price)
                        usedReverse = true
                    } else {
                        priced = false
                        break
                    }
                }
                let amount = Amount(try XCTUnwrap(ExactDecimal.parse(quantities[i])), table.lookup(names[i])!)
                let value = try valuer.value(amount, on: date, at: nil)
                guard priced else {
                    XCTAssertEqual(value.commodity, amount.commodity, "no price in force: unchanged\n\(text)")
                    missing += 1
                    continue
                }
                XCTAssertEqual(table[value.commodity], "A", text)
                let expected = BigDecimal(quantities[i]) * times
                if usedReverse {
                    // Rounded at the 30th place, or at as many as 38 digits leave:
                    // |value × over − expected| ≤ ½·10^-places × over < 10^(digits of over − places).
                    let error = BigDecimal(value.quantity) * over - expected
                    let digits = over.description.split(separator: ".").first!.count
                    XCTAssertTrue(error.isBelowOneUnit(atPlace: value.quantity.scale - digits), "\(value.quantity) × \(over) vs \(expected)\n\(text)")
                    reversed += 1
                } else {
                    XCTAssertEqual(BigDecimal(value.quantity), expected, text)
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 300)
        XCTAssertGreaterThan(reversed, 100)
        XCTAssertGreaterThan(missing, 20)
    }

    /// A quotient that terminates (a split's 3 ÷ 2, a price's reverse of
    /// 4, 0.8 or 125) is exact and in its shortest form, whether the 64-bit
    /// shortcut or the long division found it: quotient × divisor equals the
    /// dividend exactly, and no trailing zero is left.
    func testATerminatingQuotientIsExactAndShortest() throws {
        var r = SeededRandom(seed: 34)
        var checked = 0
        for _ in 0..<4000 {
            let dividend = ExactDecimal(mantissa: Int128(r.below(2_000_000_001)) - 1_000_000_000, scale: r.below(8))
            // Divisors of the form 2^a · 5^b (· 10^-t): every quotient terminates.
            var d = 1
            for _ in 0..<r.below(5) { d *= 2 }
            for _ in 0..<r.below(4) { d *= 5 }
            let divisor = ExactDecimal(mantissa: Int128(r.chance(20) ? -d : d), scale: r.below(3))
            let q = try dividend.quotient(over: divisor, at: nil)
            XCTAssertEqual(BigDecimal(q) * BigDecimal(divisor), BigDecimal(dividend), "\(dividend) ÷ \(divisor) = \(q)")
            XCTAssertEqual(q.scale, q.normalized.scale, "\(dividend) ÷ \(divisor) = \(q): not in its shortest form")
            checked += 1
        }
        XCTAssertEqual(checked, 4000)
    }
}

extension ExactDecimal {
    /// A plain decimal (`-12.5`), for tests.
    static func parse(_ text: String) -> ExactDecimal? {
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : Substring(text)
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard let m = Int128(parts.joined()) else { return nil }
        return ExactDecimal(mantissa: negative ? -m : m, scale: parts.count > 1 ? parts[1].count : 0)
    }

}
