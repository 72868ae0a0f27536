import Foundation
import XCTest

/// Each root cause of a silently wrong figure (issues 11 §2, 20 §1) and the
/// report crashes (issue 11 §3), through the binary.
final class ExactFiguresTests: XCTestCase {
    /// The cells of the first row of `report holdings --format csv` (the run must succeed).
    func firstHoldingsRow(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let csv = try runLedgerc(["report", "holdings", "-", "--format", "csv"], stdin: text)
        XCTAssertEqual(csv.status, 0, csv.stderr, file: file, line: line)
        let lines = csv.stdout.split(separator: "\n")
        guard lines.count > 1 else { XCTFail("no holdings row: \(csv.stdout)", file: file, line: line); return [] }
        return lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }

    func testASumThatDoesNotFitIsAnErrorNotAWrongBalance() throws {
        var text = ""
        for i in 0..<20_000 { text += "2025-01-01 t\(i)\n    Assets:A    9999.000000000000000000000000000001 USD\n    Equity\n" }
        let r = try runLedgerc(["report", "balance", "-", "--format", "csv"], stdin: text)
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertEqual(r.stdout, "", "no report is written")
        XCTAssertTrue(r.stderr.contains("amount overflows"), r.stderr)
        XCTAssertTrue(r.stderr.hasPrefix("<stdin>:"), "at the line that caused it: \(r.stderr)")
    }

    func testACostProductKeepsEveryDigit() throws {
        let text = "2025-01-01 Buy\n    Assets:Broker    100000 XYZ @ 9999.000000000000000000000000000001 USD\n    Assets:Cash\n"
        let row = try firstHoldingsRow(text)
        XCTAssertEqual(row[4], "9999.000000000000000000000000000001", "average cost")
        XCTAssertTrue(row[5].hasPrefix("999900000.0000000000000000000000001") && row[5].dropFirst(35).allSatisfy { $0 == "0" }, "cost basis: \(row[5])")
    }

    func testATotalCostIsTheBasisExactly() throws {
        let text = "2025-01-01 Buy\n    Assets:Broker    3000000000 XYZ @@ 1000000000 USD\n    Assets:Cash\n"
        let row = try firstHoldingsRow(text)
        XCTAssertEqual(row[5], "1000000000", "cost basis: what was paid")
        XCTAssertEqual(row[7], "1000000000", "market value at the trade's price")
    }

    func testAProductThatDoesNotFitIsAnError() throws {
        let text = "2025-01-01 Buy\n    Assets:Broker    65805108174378750301.1 ABC @ 24.488858820344586471080170601 USD\n    Assets:Cash\n"
        let r = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("<stdin>:2:") && r.stderr.contains("amount overflows"), r.stderr)
    }

    func testComparingAcrossScalesFindsTheOversell() throws {
        let text = """
        2025-01-01 Buy
            Assets:Broker    0.000000000000000000000000000001 XYZ @ 1 USD
            Assets:Cash
        2025-01-02 Sell
            Assets:Broker    -10000000000 XYZ @ 1 USD
            Assets:Cash

        """
        let r = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("<stdin>:5:") && r.stderr.contains("sells 10000000000"), r.stderr)
    }

    /// Currency conversions and commodities never bought at a cost are not oversold (issue 11 §4).
    func testConversionsAreNotOversold() throws {
        let text = """
        2025-01-01 Exchange at the airport
            Assets:Wallet    -20.00 EUR @ 1.08 USD
            Assets:Checking
        2025-01-02 Card abroad
            Expenses:Travel    50.00 EUR @@ 54.00 USD
            Liabilities:Card

        """
        let r = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testASummaryOfARefundMonth() throws {
        let text = "2025-03-02 * Shop\n    Expenses:Food    $30.00\n    Assets:Cash\n\n2025-03-05 * Refund\n    Expenses:Clothes    -$50.00\n    Assets:Cash\n"
        let r = try runLedgerc(["report", "summary", "-"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("2025-03  $           $0.00   -$20.00  $20.00"), r.stdout)
    }

    func testHugeAndTinyFiguresDrawBarsWithoutACrash() throws {
        let text = """
        2025-01-01 Big
            Expenses:Food    9999999999999999999999999999999999 X
            Assets:Cash
        2025-02-01 Small
            Expenses:Food    0.000000000000000000000000000001 X
            Assets:Cash
        2025-02-02 Buy
            Assets:Broker    1 A @ 10000000000 Y
            Assets:Cash
        2025-02-03 Buy
            Assets:Broker    1 B @ 0.00000000000000000001 Y
            Assets:Cash
        2025-02-04 Buy
            Assets:Broker    1 C @ 999999999999999999999999 X
            Assets:Cash

        """
        for report in ["summary", "holdings"] {
            let r = try runLedgerc(["report", report, "-"], stdin: text)
            XCTAssertEqual(r.status, 0, "\(report): \(r.stderr)")
        }
        let holdings = try runLedgerc(["report", "holdings", "-", "--format", "csv"], stdin: text)
        XCTAssertTrue(holdings.stdout.contains(",0.000000000000000000000000000001,"), "a tiny weight never shows as 0: \(holdings.stdout)")
    }

    func testALotTotalIsTheBasisExactly() throws {
        let text = "2025-01-01 Buy\n    Assets:Broker    3 XYZ {{95384477 USD}}\n    Assets:Cash   -95384477 USD\n"
        let row = try firstHoldingsRow(text)
        XCTAssertEqual(row[5], "95384477", "cost basis")
        XCTAssertEqual(row[7], "95384477", "market value at the lot's own price")
    }

    func testAnAssertionOnABalanceThatOverflowsIsAnErrorThere() throws {
        var text = ""
        // Mixed scales: 32 integer digits and 30 decimal places need 62 digits.
        for (i, n) in ["99999999999999999999999999999999.99", "0.000000000000000000000000000001"].enumerated() {
            text += "2025-01-0\(i + 1) t\n    Assets:A    \(n) X\n    Equity\n"
        }
        text += "2025-01-05 check\n    Assets:A    0 X = 1 X\n    Equity\n"
        text += "2025-01-06 assign\n    Assets:A    = 1 X\n    Equity\n"
        let r = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("<stdin>:8:") && r.stderr.contains("<stdin>:11:"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "running balance of Assets:A").count - 1, 2, r.stderr)
    }

    func testMinusTwoToThe127IsNeverAValue() throws {
        var text = "2025-01-01 big\n"
        for _ in 0..<17_014 { text += "    a    -9999999999999999999999999999999999 X\n" }
        text += "    a    -1183460469231731687303715884122742 X\n    b\n"
        let r = try runLedgerc(["report", "balance", "-"], stdin: text)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("amount overflows"), String(r.stderr.prefix(300)))
    }
}
