import XCTest
@testable import LedgerCore

/// Lots keep date order, so a lot moved in from an account of older lots
/// moves the newer ones to make room. Shares moved in every day did that
/// the square of the days (58,000 days: 1.9 s; at the bound of occurrences,
/// half a minute): the moves are bounded in all (`Portfolio.mostLotsMoved`).
final class LotsOutOfOrderTests: XCTestCase {
    func lot(_ day: Int32) -> Lot {
        Lot(date: CivilDate(day: day), quantity: ExactDecimal(mantissa: 1, scale: 0), unitCost: ExactDecimal(mantissa: 10, scale: 0),
            basis: ExactDecimal(mantissa: 10, scale: 0))
    }

    func testReceivingSaysHowManyLotsItMoved() {
        var position = Position(account: 0, commodity: 0, costCommodity: 1)
        for day in [10, 20, 30, 40] as [Int32] { XCTAssertEqual(position.receive(lot(day)), 0) }
        XCTAssertEqual(position.receive(lot(25)), 2, "the lots of days 30 and 40 move")
        XCTAssertEqual(position.receive(lot(5)), 5)
        XCTAssertEqual(position.receive(lot(40)), 0, "after every lot of its date: appended")
        XCTAssertEqual(position.lots.map(\.date.day), [5, 10, 20, 25, 30, 40, 40])
    }

    /// B buys every day and gets one older share from A every day: each moves all of B's lots.
    let everyDay = """
        repeat daily from 2000-01-01  buy a
            Assets:A   1 AAPL @ $10.00
            Assets:Cash

        repeat daily from 2002-01-01  buy b
            Assets:B   1 AAPL @ $20.00
            Assets:Cash

        repeat daily from 2002-01-02  move
            Assets:B   1 AAPL
            Assets:A

        """

    func testTheLotsMovedAreBoundedWithAnError() throws {
        let ledger = compileText(everyDay, until: "2003-12-31").ledger
        // 729 days of moves into B, each moving all of the lots B bought: some 266,000 lots moved.
        let free = Portfolio(ledger, diagnostics: DiagnosticEngine())
        XCTAssertNil(free.overflow)
        let b = try XCTUnwrap(free.positions.first { ledger.journal.accounts[$0.account] == "Assets:B" })
        XCTAssertEqual(b.lots.count, 730 + 729, "730 bought, 729 moved in")
        XCTAssertEqual(b.lots.map(\.date), b.lots.map(\.date).sorted(), "in date order")
        let found = DiagnosticEngine()
        let bounded = Portfolio(ledger, diagnostics: found, mostLotsMoved: 100_000)
        XCTAssertEqual(bounded.overflow?.message.id, "tooManyLotsOutOfOrder")
        XCTAssertEqual(found.diagnostics.map(\.id), ["tooManyLotsOutOfOrder"])
        // The default bound is far above a journal's: this one moves a tenth of a percent of it.
        XCTAssertNil(Portfolio(ledger, mostLotsMoved: 300_000).overflow)
        XCTAssertNotNil(Portfolio(ledger, mostLotsMoved: 200_000).overflow)
    }
}

/// A sale that names its lots (`{$12}`) empties them anywhere among the
/// lots; they were removed at once, moving every other lot, so a daily
/// named sale moved the square of the days (117,000 sales: 5.7 s). They
/// now stay, empty, until they are half of the open lots.
final class NamedSalesAmongManyLotsTests: XCTestCase {
    struct ModelLot: Equatable { var day: Int; var quantity: Int; var cost: Int }

    func testNamedAndOldestFirstSalesLeaveTheLotsAModelLeaves() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<4 {
            var text = "commodity $1,000.00\ncommodity XYZ  ; booking: fifo\n\n"
            var model: [ModelLot] = []
            let start = CivilDate(year: 2020, month: 1, day: 1)!
            for day in 0..<600 {
                let date = CivilDate(day: start.day + Int32(day)).description
                let cost = 10 + Int.random(in: 0..<7, using: &generator)
                text += "\(date) buy\n    Assets:Broker  2 XYZ @ $\(cost)\n    Assets:Cash\n\n"
                model.append(ModelLot(day: day, quantity: 2, cost: cost))
                // Most days a sale naming a cost some open lot has; some days one from the oldest.
                if day % 5 == 4 {
                    text += "\(date) sell\n    Assets:Broker  -3 XYZ @ $20\n    Assets:Cash\n\n"
                    var left = 3
                    for k in model.indices where left > 0 { let q = min(left, model[k].quantity); model[k].quantity -= q; left -= q }
                } else if let named = model.filter({ $0.quantity > 0 }).randomElement(using: &generator) {
                    text += "\(date) sell\n    Assets:Broker  -1 XYZ {$\(named.cost)} @ $20\n    Assets:Cash\n\n"
                    if let k = model.firstIndex(where: { $0.cost == named.cost && $0.quantity > 0 }) { model[k].quantity -= 1 }
                }
                model.removeAll { $0.quantity == 0 }
            }
            let result = compileText(text, until: "2022-12-31")
            XCTAssertEqual(result.diagnostics.errorCount, 0, "\(result.diagnostics.diagnostics.prefix(3).map(\.message))")
            let portfolio = Portfolio(result.ledger)
            let broker = try XCTUnwrap(portfolio.positions.first { result.ledger.journal.accounts[$0.account] == "Assets:Broker" })
            let lots = broker.lots.map { ModelLot(day: Int($0.date.day - start.day), quantity: Int($0.quantity.description)!, cost: Int($0.unitCost.description)!) }
            XCTAssertEqual(lots, model, "round \(round)")
            // The empty lots kept are fewer than the open ones (and compacted past 64).
            XCTAssertLessThanOrEqual(broker.emptiedLots, max(64, broker.lots.count))
        }
    }
}
