import XCTest
@testable import LedgerCore

/// Moving-average positions, realized gains, holdings and the oversell check,
/// against figures computed by hand in each test.
final class InvestmentTests: XCTestCase {
    let threeBuys = """
    account Assets:Broker  ; type: Asset
    2025-01-02 buy
        Assets:Broker    10 AAPL @ $100.00
        Expenses:Fees    $1.00
        Assets:Cash
    2025-01-10 buy
        Assets:Broker    20 AAPL @ $110.00
        Assets:Cash
    2025-01-20 buy
        Assets:Broker    10 AAPL @@ $1,300.00
        Assets:Cash

    """

    func holdings(_ text: String, to: String? = nil, from: String? = nil) throws -> [Holding] {
        let c = compileText(text)
        XCTAssertEqual(c.diagnostics.diagnostics.map(\.message), [])
        let period = DateSpan(from: from.flatMap(CivilDate.parse), to: to.flatMap(CivilDate.parse))
        return try HoldingsReport(ledger: c.ledger, options: ReportOptions(period: period)).rows()
    }

    func testAverageCostAfterThreeBuysAtDifferentPrices() throws {
        // 10 × 100 + 20 × 110 + 1,300 = 4,500 for 40 shares: 112.50 each. Fees are not cost.
        let h = try holdings(threeBuys)
        XCTAssertEqual(h.count, 1)
        XCTAssertEqual(h[0].position.quantity.description, "40")
        XCTAssertEqual(h[0].position.costBasis.normalized.description, "4500")
        XCTAssertEqual(h[0].averageCost.description, "112.50")
        // No P price: the last trade's price (1,300 / 10 = 130) values the position.
        XCTAssertEqual(h[0].price.normalized.description, "130")
        XCTAssertEqual(h[0].marketValue.normalized.description, "5200")
        XCTAssertEqual(h[0].unrealizedGain.normalized.description, "700")
        XCTAssertEqual(h[0].unrealizedPct?.description, "0.1556")
        XCTAssertEqual(h[0].weight?.description, "1.0000")
    }

    func testRealizedGainOfAPartialSale() throws {
        // Sell 15 at 120: basis removed 15 × 112.50 = 1,687.50; realized 1,800 − 1,687.50 = 112.50.
        let text = threeBuys + "2025-02-01 sell\n    Assets:Broker    -15 AAPL @ $120.00\n    Assets:Cash\n"
        let h = try holdings(text)
        XCTAssertEqual(h[0].position.quantity.description, "25")
        XCTAssertEqual(h[0].position.costBasis.normalized.description, "2812.5")
        XCTAssertEqual(h[0].averageCost.description, "112.50")
        XCTAssertEqual(h[0].realizedGain.normalized.description, "112.5")
        let c = compileText(text)
        let trades = try TradesReport(ledger: c.ledger, sources: c.sources, options: ReportOptions(), side: .sell).trades()
        XCTAssertEqual(trades.count, 1)
        XCTAssertEqual(trades[0].realizedGain?.normalized.description, "112.5")
        XCTAssertEqual(trades[0].amount.normalized.description, "1800")
    }

    func testASaleThatEmptiesThePositionKeepsItsRowWhileItHasARealizedGain() throws {
        let text = threeBuys + "2025-02-01 sell all\n    Assets:Broker    -40 AAPL @ $100.00\n    Assets:Cash\n"
        let h = try holdings(text)
        XCTAssertEqual(h[0].position.quantity.description, "0")
        XCTAssertEqual(h[0].position.costBasis.description, "0")
        XCTAssertEqual(h[0].realizedGain.normalized.description, "-500")
        XCTAssertTrue(try holdings(text, from: "2025-03-01").isEmpty, "no realized gain in March: no row")
    }

    func testOversellIsAnErrorAtTheSalesPosting() throws {
        assertDiagnostics("""
        2025-01-02 buy
            Assets:Broker    10 AAPL @ $100.00
            Assets:Cash
        2025-02-01 sell
            Assets:Broker    1️⃣-15 AAPL @ $120.00
            Assets:Cash
        """, [("1️⃣", "sellsMoreThanHeld")])
    }

    func testAllowNegativeAccounts() throws {
        assertCompiles("""
        account Assets:Broker
            ; allow-negative:
        2025-02-01 short sale
            Assets:Broker    -5 AAPL @ $120.00
            Assets:Cash
        """)
    }

    func testHoldingsUseTheLatestPriceOnOrBeforeTheEnd() throws {
        let text = threeBuys + "P 2025-03-01 AAPL $150.00\nP 2025-04-01 AAPL $90.00\n"
        XCTAssertEqual(try holdings(text, to: "2025-03-31")[0].price.normalized.description, "150")
        XCTAssertEqual(try holdings(text, to: "2025-04-01")[0].price.normalized.description, "90")
        XCTAssertEqual(try holdings(text, to: "2025-01-15")[0].position.quantity.description, "30", "only trades up to --to")
    }

    func testCommoditiesWithDigitsInQuotes() throws {
        let text = """
        2025-01-06 buy
            Assets:Broker:KR    50 "005930" @ 53,400 KRW
            Assets:Bank
        2025-02-03 buy
            Assets:Broker:KR    40 "005930" @ 51,200 KRW
            Assets:Bank
        P 2025-02-28 "005930" 55,800 KRW

        """
        let h = try holdings(text)
        // (2,670,000 + 2,048,000) / 90 = 52,422.22 → 52,422 KRW at KRW's precision.
        XCTAssertEqual(h[0].averageCost.description, "52422")
        XCTAssertEqual(h[0].marketValue.normalized.description, "5022000")
        let c = compileText(text)
        XCTAssertEqual(c.ledger.journal.commodities[h[0].position.commodity], "005930")
    }

    func testWeightsAreWithinEachCostCommodity() throws {
        let text = """
        2025-01-02 buy
            Assets:Broker    10 AAPL @ $100
            Assets:Broker    30 VTI @ $100
            Assets:Broker    5 "005930" @ 50,000 KRW
            Assets:Cash    $-4,000
            Assets:Cash    -250,000 KRW

        """
        let h = try holdings(text)
        XCTAssertEqual(h.map { $0.weight?.description }, ["1.0000", "0.2500", "0.7500"])
    }

    func testSharesReceivedWithoutACostCountAsHeld() throws {
        let text = """
        2025-01-02 grant
            Assets:Broker    10 ACME
            Income:Grants    -10 ACME
        2025-03-01 sell part
            Assets:Broker    -4 ACME @ $50.00
            Assets:Cash

        """
        let c = compileText(text)
        XCTAssertEqual(c.diagnostics.diagnostics.map(\.message), [], "no false oversell")
        let h = try HoldingsReport(ledger: c.ledger, options: ReportOptions()).rows()
        XCTAssertEqual(h.first?.position.quantity.description, "6")
        XCTAssertEqual(h.first?.realizedGain.normalized.description, "200", "a zero basis: the whole sale is gain")
        XCTAssertTrue(try HoldingsReport(ledger: c.ledger, options: ReportOptions(period: DateSpan(to: CivilDate.parse("2025-02-01")))).rows().isEmpty)
    }

    func testTransfersMoveQuantityAndBasisWithoutAGain() throws {
        let text = threeBuys + "2025-02-01 move half\n    Assets:Broker    -20 AAPL\n    Assets:IRA    20 AAPL\n"
        let h = try holdings(text)
        XCTAssertEqual(h[0].position.quantity.description, "20")
        XCTAssertEqual(h[0].position.costBasis.normalized.description, "2250")
        XCTAssertEqual(h[0].realizedGain.description, "0")
    }

    /// Issue 44: shares moved between accounts carry an exact share of their
    /// basis (or one rounded at the 30th place), so a later sale's gain is
    /// the gain of selling them where they were bought. 3 shares cost $1.00;
    /// 2 move to another account; 1 of those is sold at $1.00. Sold where
    /// they were, the share's basis is 1 ÷ 3 = 0.33333333 (8 places), a gain
    /// of 0.66666667. A move that rounded to 8 places (0.66666667) left
    /// 0.33333334 and a gain 1e-8 too small.
    func testAMovedBasisIsNotRoundedBeforeTheSale() throws {
        let bought = "2025-01-02 buy\n    Assets:Broker    3 X @@ $1.00\n    Assets:Cash\n"
        let moved = bought + "2025-01-03 move\n    Assets:Broker    -2 X\n    Assets:Other    2 X\n"
            + "2025-01-04 sell\n    Assets:Other    -1 X @ $1.00\n    Assets:Cash\n"
        let direct = bought + "2025-01-04 sell\n    Assets:Broker    -1 X @ $1.00\n    Assets:Cash\n"
        func gain(_ text: String) throws -> String? {
            let c = compileText(text)
            XCTAssertEqual(c.diagnostics.diagnostics.map(\.message), [])
            let trades = try TradesReport(ledger: c.ledger, sources: c.sources, options: ReportOptions(), side: .sell).trades()
            return trades.first?.realizedGain?.normalized.description
        }
        XCTAssertEqual(try gain(direct), "0.66666667")
        XCTAssertEqual(try gain(moved), try gain(direct))
        // What stays behind and what moved still add up to the dollar exactly.
        let h = try holdings(moved)
        let total = try h.reduce(ExactDecimal.zero) { (sum: ExactDecimal, row: Holding) throws -> ExactDecimal in try sum.plus(row.position.costBasis, at: nil) }
        XCTAssertEqual(try total.plus(ExactDecimal(mantissa: 33333333, scale: 8), at: nil).normalized.description, "1")
    }
}
