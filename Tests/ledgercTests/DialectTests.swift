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
}
