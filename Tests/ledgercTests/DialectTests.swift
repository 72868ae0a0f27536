import Foundation
import XCTest

/// Syntax the peers give a meaning to, read as they read it.
final class DialectTests: XCTestCase {
    func balances(_ journal: String) throws -> String {
        let r = try runLedgerc(["report", "balance", "-", "--flat", "--format", "csv"], stdin: journal)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testExponentAmountsAsHledgerReadsThem() throws {
        XCTAssertEqual(try balances("2025-01-01 x\n    a  1E3 USD\n    b  -2.5e-2 USD\n    c\n"),
                       "account,commodity,balance\na,USD,1000.000\nb,USD,-0.025\nc,USD,-999.975\n")
        // A commodity that starts with E right after the number stays a commodity.
        XCTAssertEqual(try balances("2025-01-01 x\n    a  1EUR\n    c\n"), "account,commodity,balance\na,EUR,1\nc,EUR,-1\n")
        let huge = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    a  1E99 USD\n    c\n")
        XCTAssertEqual(huge.status, 1)
        XCTAssertTrue(huge.stderr.contains("<stdin>:2:8: error: number is too large"), huge.stderr)
    }

    func testAStatusMarkNeedsNoSpace() throws {
        let r = try runLedgerc(["report", "transactions", "-", "--format", "csv"], stdin: "2025-01-01 *Opening balances\n    a  1 USD\n    b\n")
        XCTAssertTrue(r.stdout.contains(",2025-01-01,cleared,,Opening balances,"), r.stdout)
    }

    func testRegularExpressionAliases() throws {
        let journal = "alias /^(expenses):food/ = \\1:groceries\nalias checking = assets:bank\n\n2025-01-01 x\n    Expenses:Food:Fruit  1 USD\n    checking\n"
        XCTAssertEqual(try balances(journal), "account,commodity,balance\nExpenses:groceries:Fruit,USD,1\nassets:bank,USD,-1\n")
        let bad = try runLedgerc(["check", "-"], stdin: "alias /(/ = x\n")
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("'/(/' is not a regular expression"), bad.stderr)
    }

    func testPostingDatesAreWarnedNotIgnored() throws {
        let r = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    a  1 USD  ; date: 2025-01-07\n    b  ; [2025-01-09]\n    c  0 USD  ; [note]\n")
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("<stdin>:2:17: warning: ledgerc ignores the posting date '2025-01-07'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("<stdin>:3:10: warning: ledgerc ignores the posting date '2025-01-09'"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "warning:").count - 1, 2, r.stderr)
    }
}
