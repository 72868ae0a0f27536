import Foundation
import XCTest

/// `report returns` on five journals (Tests/ledgercTests/Returns/): one cash
/// flow, several with a dividend, a withdrawal, a fee and periods with no
/// flow. Each expected IRR and TWR is worked out here from the journal's
/// figures by hand (the formula beside it), and must match to 0.01%.
final class ReturnsTests: XCTestCase {
    struct Row {
        var start, end: String
        var begin, flow, value, pnl: Decimal
        var irr, twr: Double
    }

    func returns(_ journal: String, _ extra: [String] = []) throws -> [Row] {
        let r = try runLedgerc(["report", "returns", "Tests/ledgercTests/Returns/\(journal)", "--format", "csv"] + extra)
        XCTAssertEqual(r.status, 0, r.stderr)
        let lines = r.stdout.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(lines.first, ["start", "end", "commodity", "begin_value", "cash_flow", "end_value", "pnl", "irr", "twr"])
        return lines.dropFirst().map {
            Row(start: $0[0], end: $0[1], begin: Decimal(string: $0[3])!, flow: Decimal(string: $0[4])!, value: Decimal(string: $0[5])!,
                pnl: Decimal(string: $0[6])!, irr: Double($0[7]) ?? .nan, twr: Double($0[8]) ?? .nan)
        }
    }

    /// The rate r with Σ amount × (1 + r)^(−days/365) = 0, by bisection (independent of ledgerc's).
    func xirr(_ flows: [(days: Int, amount: Double)]) -> Double {
        var low = -0.99, high = 10.0
        let f = { (r: Double) in flows.reduce(0) { $0 + $1.amount * pow(1 + r, -Double($1.days) / 365) } }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if (f(low) < 0) == (f(mid) < 0) { low = mid } else { high = mid }
        }
        return low
    }

    func assertClose(_ a: Double, _ b: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a, b, accuracy: 0.0001, what, file: file, line: line)
    }

    /// 1,000,000 in on 2025-01-01, worth 1,100,000 at the end of 2025-12-31: 10% both ways.
    func testOneCashFlow() throws {
        let rows = try returns("one-flow.ledger", ["--account", "Assets:Broker"])
        XCTAssertEqual(rows.count, 1)
        let r = rows[0]
        XCTAssertEqual([r.start, r.end], ["2025-01-01", "2025-12-31"])
        XCTAssertEqual([r.begin, r.flow, r.value, r.pnl], [0, 1_000_000, 1_100_000, 100_000])
        assertClose(r.twr, 1_100_000.0 / 1_000_000 - 1, "TWR")
        assertClose(r.irr, 0.10, "IRR: 365 days from the start of the first day to the end of the last")
    }

    /// The issue's worked example: 5,000,000 in, 90 shares at 54,000, a 32,490
    /// dividend, 3,000,000 more on 2025-07-01 for 50 at 60,500; 61,000 on
    /// 06-30 and 64,000 on 12-31.
    func testSeveralFlowsAndADividend() throws {
        let r = try returns("several-flows-dividend.ledger", ["--account", "Assets:Broker"])[0]
        XCTAssertEqual([r.begin, r.flow, r.value, r.pnl], [0, 8_000_000, 9_107_490, 1_107_490])
        assertClose(r.twr, (5_662_490.0 / 5_000_000) * (9_107_490.0 / 8_662_490) - 1, "TWR 19.07%")
        assertClose(r.twr, 0.1907, "TWR as the issue gives it")
        assertClose(r.irr, xirr([(0, -5_000_000), (180, -3_000_000), (364, 9_107_490)]), "IRR")
        // By quarter: Q4 has no flow, so both returns are its growth (IRR annualized over 92 days).
        let quarters = try returns("several-flows-dividend.ledger", ["--account", "Assets:Broker", "--period", "quarter"])
        XCTAssertEqual(quarters.count, 4)
        let q4 = quarters[3]
        XCTAssertEqual([q4.begin, q4.flow, q4.value], [8_617_490, 0, 9_107_490])
        assertClose(q4.twr, 9_107_490.0 / 8_617_490 - 1, "Q4 TWR")
        assertClose(q4.irr, pow(9_107_490.0 / 8_617_490, 365.0 / 92) - 1, "Q4 IRR")
        // The quarters chain to the year (TWR compounds).
        let chained = quarters.reduce(1.0) { $0 * (1 + $1.twr) } - 1
        assertClose(chained, r.twr, "quarters compound to the year")
    }

    /// 10,000 in; 12,000 at the end of June; 2,400 out on July 1; 8,640 at the end.
    func testAWithdrawal() throws {
        let r = try returns("withdrawal.ledger", ["--account", "Assets:Fund"])[0]
        XCTAssertEqual([r.begin, r.flow, r.value], [0, 7_600, 8_640])
        assertClose(r.twr, (12_000.0 / 10_000) * (8_640.0 / 9_600) - 1, "TWR 8%")
        assertClose(r.irr, xirr([(0, -10_000), (181, 2_400), (365, 8_640)]), "IRR")
    }

    /// A fee from the account is a loss, not a flow; the second quarter has no flow.
    func testAFeeAndAQuarterWithoutFlows() throws {
        let rows = try returns("fee-no-flow.ledger", ["--account", "Assets:Fund", "--period", "quarter"])
        XCTAssertEqual(rows.count, 2)
        XCTAssertEqual([rows[0].begin, rows[0].flow, rows[0].value, rows[0].pnl], [0, 5_000, 5_190, 190])
        assertClose(rows[0].twr, 5_190.0 / 5_000 - 1, "Q1 TWR")
        assertClose(rows[0].irr, pow(5_190.0 / 5_000, 365.0 / 90) - 1, "Q1 IRR")
        XCTAssertEqual([rows[1].begin, rows[1].flow, rows[1].value], [5_190, 0, 5_490])
        assertClose(rows[1].twr, 5_490.0 / 5_190 - 1, "Q2 TWR")
        assertClose(rows[1].irr, pow(5_490.0 / 5_190, 365.0 / 91) - 1, "Q2 IRR")
    }

    /// Dollars valued in won: 1,400 KRW a dollar when they came in, 1,500 at the end.
    func testAForeignCurrencyValuedInWon() throws {
        let r = try returns("dollar-fund.ledger", ["--account", "Assets:US", "-X", "KRW"])[0]
        XCTAssertEqual([r.begin, r.flow, r.value, r.pnl], [0, 1_400_000, 1_500_000, 100_000])
        assertClose(r.twr, 1_500.0 / 1_400 - 1, "TWR")
        assertClose(r.irr, 1_500.0 / 1_400 - 1, "IRR over 365 days")
    }

    /// hledger 1.25's `roi` (recorded by Scripts/record-hledger-roi): the same
    /// IRR, shown to 0.01%, where both value the cash flows alike (all but
    /// dollar-fund, whose flows hledger values at the end date).
    func testTheIRRAgreesWithHledgersRoi() throws {
        let url = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Returns/hledger-roi.json")
        let recorded = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: [String: Any]]
        XCTAssertEqual(recorded.count, 5)
        for (name, entry) in recorded where name != "dollar-fund" {
            let rows = try returns(name + ".ledger", ["--account", entry["account"] as! String, "-X", entry["commodity"] as! String])
            XCTAssertEqual(rows.count, 1, name)
            XCTAssertEqual(rows[0].irr, entry["irr"] as! Double, accuracy: 0.00005 + 1e-9, "\(name): \(entry["row"] ?? "")")
        }
    }

    func testReturnsNeedsAnAccount() throws {
        let r = try runLedgerc(["report", "returns", "Tests/ledgercTests/Returns/one-flow.ledger"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("needs --account"), r.stderr)
    }
}
