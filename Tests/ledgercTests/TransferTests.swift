import Foundation
import XCTest

/// Shares moved between accounts without a price keep their cost basis
/// (docs/REPORTS.md, "Shares moved between accounts").
final class TransferTests: XCTestCase {
    let buy = """
    2025-01-10 Buy
        Assets:Broker:A    10 AAPL @ 100 USD
        Assets:Cash
    2025-01-20 Buy more
        Assets:Broker:A    10 AAPL @ 130 USD
        Assets:Cash

    """

    func journal(_ text: String) throws -> String {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("trades.ledger")
        try (buy + text).write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Realized gains of the sales, as `account gain`.
    func sales(_ path: String) throws -> [String] {
        let r = try runLedgerc(["report", "trades", path, "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            .filter { $0[3] == "sell" }.map { "\($0[1]) \($0[8])" }
    }

    /// Holdings as `account quantity basis`.
    func holdings(_ path: String, to date: String) throws -> [String] {
        let r = try runLedgerc(["report", "holdings", path, "--to", date, "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
            .map { "\($0[0]) \($0[2]) \($0[5])" }
    }

    func testTheIssueExample() throws {
        let path = try journal("""
        2025-02-10 Move to other broker
            Assets:Broker:A   -20 AAPL
            Assets:Broker:B    20 AAPL
        2025-03-10 Sell
            Assets:Broker:B   -20 AAPL @ 150 USD
            Assets:Cash

        """)
        // Bought for 2,300 USD, sold for 3,000: the gain is 700, not 3,000.
        XCTAssertEqual(try sales(path), ["Assets:Broker:B 700"])
        XCTAssertEqual(try holdings(path, to: "2025-02-28"), ["Assets:Broker:B 20 2300"])
    }

    func testAPartialTransferThenASaleFromEitherSide() throws {
        let path = try journal("""
        2025-02-10 Move a quarter
            Assets:Broker:A   -5 AAPL
            Assets:Broker:B    5 AAPL
        2025-03-10 Sell from the source
            Assets:Broker:A   -15 AAPL @ 120 USD
            Assets:Cash
        2025-03-11 Sell from the receiver
            Assets:Broker:B   -5 AAPL @ 120 USD
            Assets:Cash

        """)
        // Average cost 115: A keeps 15 × 115 = 1,725, B gets 5 × 115 = 575.
        XCTAssertEqual(try holdings(path, to: "2025-02-28"), ["Assets:Broker:A 15 1725", "Assets:Broker:B 5 575"])
        XCTAssertEqual(try sales(path), ["Assets:Broker:A 75", "Assets:Broker:B 25"])
    }

    func testSeveralAccountsInOneTransaction() throws {
        let path = try journal("""
        2025-02-10 Split between two brokers and a gift
            Assets:Broker:A   -20 AAPL
            Assets:Broker:B    12 AAPL
            Assets:Broker:C     6 AAPL
            Expenses:Gifts      2 AAPL

        """)
        // 2,300 of basis for 20 shares: 12 take 1,380, 6 take 690, the 2 given away leave with 230.
        XCTAssertEqual(try holdings(path, to: "2025-02-28"), ["Assets:Broker:B 12 1380", "Assets:Broker:C 6 690"])
    }

    func testTwoSourcesIntoOneAccount() throws {
        let path = try journal("""
        2025-01-15 Buy elsewhere
            Assets:Broker:B    10 AAPL @ 160 USD
            Assets:Cash
        2025-02-10 Bring both together
            Assets:Broker:A   -20 AAPL
            Assets:Broker:B   -10 AAPL
            Assets:Broker:C    30 AAPL

        """)
        XCTAssertEqual(try holdings(path, to: "2025-02-28"), ["Assets:Broker:C 30 3900"])
    }

    /// After a move the receiver holds the shares: the source cannot sell
    /// them again, and the receiver cannot sell more than it got.
    func testTheOversellCheckFollowsTheShares() throws {
        for (account, line) in [("A", 9), ("B", 9)] {
            let path = try journal("""
            2025-02-10 Move
                Assets:Broker:A   -20 AAPL
                Assets:Broker:B    20 AAPL
            2025-03-10 Sell
                Assets:Broker:\(account)   -\(account == "A" ? 1 : 21) AAPL @ 150 USD
                Assets:Cash

            """)
            let r = try runLedgerc(["check", path])
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains(":\(line + 2):"), r.stderr)
            XCTAssertTrue(r.stderr.contains("but Assets:Broker:\(account) holds \(account == "A" ? 0 : 20) AAPL"), r.stderr)
        }
    }
}
