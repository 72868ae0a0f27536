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
