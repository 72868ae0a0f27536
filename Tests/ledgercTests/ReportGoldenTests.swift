import Foundation
import XCTest

/// Every report × format on the samples, compared with golden files in Golden/.
/// LEDGERC_RECORD=1 rewrites them and fails; a change to one must be explained in review.
final class ReportGoldenTests: XCTestCase {
    static let cases: [(name: String, args: [String])] = [
        ("summary-household.txt", ["report", "samples/household.ledger"]),
        ("summary-household.csv", ["report", "summary", "samples/household.ledger", "--format", "csv"]),
        ("summary-household.json", ["report", "summary", "samples/household.ledger", "--format", "json"]),
        ("summary-personal.txt", ["report", "summary", "samples/personal.ledger", "--depth", "3"]),
        ("summary-trading.csv", ["report", "summary", "samples/trading.ledger", "--format", "csv"]),
        ("transactions-household-feb.txt", ["report", "transactions", "samples/household.ledger", "--from", "2025-02", "--to", "2025-02"]),
        ("transactions-household-feb.csv", ["report", "transactions", "samples/household.ledger", "--from", "2025-02", "--to", "2025-02", "--format", "csv"]),
        ("transactions-household-feb.json", ["report", "transactions", "samples/household.ledger", "--from", "2025-02", "--to", "2025-02", "--format", "json"]),
        ("transactions-trading.csv", ["report", "transactions", "samples/trading.ledger", "--format", "csv", "--account", "broker"]),
        ("balance-personal.txt", ["report", "balance", "samples/personal.ledger"]),
        ("balance-trading.txt", ["report", "balance", "samples/trading.ledger"]),
        ("balance-trading.csv", ["report", "balance", "samples/trading.ledger", "--format", "csv"]),
        ("balance-household-depth1.json", ["report", "balance", "samples/household.ledger", "--format", "json", "--depth", "1", "--to", "2025-03"]),
        ("register-personal-checking.txt", ["report", "register", "samples/personal.ledger", "--account", "checking", "--from", "2025-02"]),
        ("register-personal-checking.csv", ["report", "register", "samples/personal.ledger", "--account", "checking", "--format", "csv"]),
        ("holdings-trading.txt", ["report", "holdings", "samples/trading.ledger"]),
        ("holdings-trading.csv", ["report", "holdings", "samples/trading.ledger", "--format", "csv"]),
        ("holdings-trading-feb.json", ["report", "holdings", "samples/trading.ledger", "--format", "json", "--to", "2025-02"]),
        ("trades-trading.txt", ["report", "trades", "samples/trading.ledger"]),
        ("trades-trading-sells.csv", ["report", "trades", "samples/trading.ledger", "--format", "csv", "--side", "sell"]),
        ("trades-trading-us.json", ["report", "trades", "samples/trading.ledger", "--format", "json", "--account", "US", "--from", "2025-02"]),
        ("register-household-card.json", ["report", "register", "samples/household.ledger", "--account", "카드", "--format", "json", "--to", "2025-01"]),
    ]

    func testReportsMatchGoldenFiles() throws {
        let dir = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Golden")
        for c in ReportGoldenTests.cases {
            let r = try runLedgerc(c.args + ["--until", "2025-04-30"])
            XCTAssertEqual(r.status, 0, "\(c.name): \(r.stderr)")
            try assertGolden(r.stdout, at: dir.appendingPathComponent(c.name), c.name)
            // Byte-identical across runs.
            XCTAssertEqual(try runLedgerc(c.args + ["--until", "2025-04-30"]).stdout, r.stdout, c.name)
        }
    }
}
