import XCTest

/// `report balance --period P --average` (`-A`, issue 45): a projection of
/// the period columns, the total ÷ the number of periods.
final class BalanceAverageTests: XCTestCase {
    let journal = """
    2025-01-05 rent
        Expenses:Rent  $900.00
        Assets:Bank
    2025-02-05 rent
        Expenses:Rent  $900.00
        Assets:Bank
    2025-03-05 rent and a fee
        Expenses:Rent  $900.00
        Expenses:Fees  $1.00
        Assets:Bank

    """

    func csv(_ args: [String]) throws -> [String] {
        let r = try runLedgerc(["report", "balance", "-", "--format", "csv", "--flat"] + args, stdin: journal)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").map(String.init)
    }

    func testAverageIsTheTotalOverThePeriods() throws {
        let rows = try csv(["--period", "month", "--average"])
        XCTAssertEqual(rows.first, "account,commodity,2025-01-01,2025-02-01,2025-03-01,total,average")
        XCTAssertTrue(rows.contains("Expenses:Rent,$,900.00,900.00,900.00,2700.00,900.00"), "\(rows)")
        // $1.00 over three months does not terminate: rounded once, shown at the money's precision.
        XCTAssertTrue(rows.contains("Expenses:Fees,$,0.00,0.00,1.00,1.00,0.33"), "\(rows)")
        XCTAssertEqual(try csv(["--period", "month", "-A"]), rows)
        // By quarter: one period, the average is the total.
        XCTAssertTrue(try csv(["--period", "quarter", "-A"]).contains("Expenses:Rent,$,2700.00,2700.00,2700.00"))
        let json = try runLedgerc(["report", "balance", "-", "--format", "json", "--period", "month", "-A", "--flat"], stdin: journal)
        XCTAssertTrue(json.stdout.contains("\"average\": \"900.00\""), json.stdout)
    }

    func testAverageNeedsPeriods() throws {
        let r = try runLedgerc(["report", "balance", "-", "--average"], stdin: journal)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--average goes with 'report balance --period LENGTH'"), r.stderr)
    }
}
