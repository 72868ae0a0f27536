import XCTest
@testable import LedgerCore

/// FIFO and LIFO against an independent exact model (issue 29): random
/// purchases at `@` unit prices and sales that never take a lot in part, so
/// that every figure is a sum of exact products. The model keeps its own
/// queue of lots in `BigDecimal`; each sale's realized gain, and the lots
/// and basis left at the end, must equal ledgerc's exactly.
final class LotPropertyTests: XCTestCase {
    struct ModelLot {
        var quantity: Int
        var unit: String
    }

    func testFIFOAndLIFOGainsEqualTheModel() throws {
        var r = SeededRandom(seed: 32)
        var sales = 0
        for round in 0..<120 {
            let method = round % 2 == 0 ? "fifo" : "lifo"
            var text = "commodity $1,000.0000\ncommodity XYZ  ; booking: \(method)\naccount Assets:Broker  ; type: Asset\n\n"
            var lots: [ModelLot] = []
            var gains: [BigDecimal] = []
            for day in 1...(4 + r.below(20)) {
                let date = "2025-01-\(String(format: "%02d", day))"
                let unit = ExactnessPropertyTests.number(&r, maxDigits: 7, maxPlaces: 4).replacingOccurrences(of: "-", with: "")
                if lots.isEmpty || r.chance(55) {
                    let q = 1 + r.below(50)
                    lots.append(ModelLot(quantity: q, unit: unit))
                    text += "\(date) buy\n    Assets:Broker  \(q) XYZ @ $\(unit)\n    Assets:Cash\n\n"
                } else {
                    // Whole lots only, from the end the method takes from.
                    let count = 1 + r.below(lots.count)
                    let taken = method == "fifo" ? Array(lots.prefix(count)) : Array(lots.suffix(count).reversed())
                    let q = taken.reduce(0) { $0 + $1.quantity }
                    let basis = taken.reduce(BigDecimal("0")) { $0 + BigDecimal(String($1.quantity)) * BigDecimal($1.unit) }
                    gains.append(BigDecimal(String(q)) * BigDecimal(unit) - basis)
                    if method == "fifo" { lots.removeFirst(count) } else { lots.removeLast(count) }
                    text += "\(date) sell\n    Assets:Broker  -\(q) XYZ @ $\(unit)\n    Assets:Cash\n\n"
                }
            }
            let c = compile([InputFile(path: "lots.ledger", bytes: Array(text.utf8))], until: CivilDate(year: 2025, month: 12, day: 31)!)
            XCTAssertFalse(c.hasErrors, "\(c.diagnostics.diagnostics.map(\.message))\n\(text)")
            let trades = try TradesReport(ledger: c.ledger, sources: c.sources, options: ReportOptions(), side: .sell).trades()
            XCTAssertEqual(trades.count, gains.count, text)
            for (trade, gain) in zip(trades, gains) {
                XCTAssertEqual(BigDecimal(try XCTUnwrap(trade.realizedGain)), gain, "\(method)\n\(text)")
                sales += 1
            }
            var options = ReportOptions()
            options.lots = true
            let holdings = try HoldingsReport(ledger: c.ledger, options: options).rows()
            let open = holdings.first?.position.lots ?? []
            XCTAssertEqual(open.map(\.quantity.description), lots.map { String($0.quantity) }, text)
            XCTAssertEqual(open.map { BigDecimal($0.unitCost) }, lots.map { BigDecimal($0.unit) }, text)
            let basis = lots.reduce(BigDecimal("0")) { $0 + BigDecimal(String($1.quantity)) * BigDecimal($1.unit) }
            XCTAssertEqual(BigDecimal(holdings.first?.position.costBasis ?? .zero), basis, text)
        }
        XCTAssertGreaterThan(sales, 200)
    }
}
