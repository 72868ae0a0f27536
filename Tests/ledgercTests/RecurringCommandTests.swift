import Foundation
import XCTest

/// `ledgerc print` and `ledgerc materialize`, through the built binary.
final class RecurringCommandTests: XCTestCase {
    let rules = """
    repeat monthly from 2025-01-31  Rent
        Expenses:Rent    900.00 USD
        Assets:Checking

    2025-01-01 * Opening
        Assets:Checking    5,000.00 USD
        Equity:Opening

    2025-03-02 * Rent  ; paid late
        Expenses:Rent    900.00 USD
        Assets:Checking

    """

    func testPrintShowsRecordedAndGeneratedInOrder() throws {
        let r = try runLedgerc(["print", "-", "--until", "2025-04-30"], stdin: rules)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        2025-01-01 * Opening
            Assets:Checking   5,000.00 USD
            Equity:Opening   -5,000.00 USD

        2025-01-31 Rent
            ; generated: <stdin>:1 #0
            Expenses:Rent     900.00 USD
            Assets:Checking  -900.00 USD

        2025-03-02 * Rent  ; paid late
            Expenses:Rent     900.00 USD
            Assets:Checking  -900.00 USD

        2025-03-31 Rent
            ; generated: <stdin>:1 #2
            Expenses:Rent     900.00 USD
            Assets:Checking  -900.00 USD

        2025-04-30 Rent
            ; generated: <stdin>:1 #3
            Expenses:Rent     900.00 USD
            Assets:Checking  -900.00 USD

        """)
        let again = try runLedgerc(["check", "-"], stdin: r.stdout)
        XCTAssertEqual(again.status, 0, again.stderr)
        let february = try runLedgerc(["print", "-", "--until", "2025-04-30", "--from", "2025-03", "--to", "2025-03"], stdin: rules)
        XCTAssertTrue(february.stdout.hasPrefix("2025-03-02 * Rent"), february.stdout)
        // The late February payment (its window runs Feb 14 to Mar 15) and the generated Mar 31.
        XCTAssertEqual(february.stdout.components(separatedBy: "\n\n").count, 2)
    }

    func testMaterializeWritesOnceAndIsIdempotent() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("budget.ledger")
        try rules.write(to: file, atomically: true, encoding: .utf8)
        let preview = try runLedgerc(["materialize", file.path, "--until", "2025-04-30"])
        XCTAssertEqual(preview.status, 0, preview.stderr)
        // Each occurrence as the rule's own text, under the rule.
        XCTAssertEqual(preview.stdout, """

        2025-01-31 Rent
            ; repeat: Rent
            Expenses:Rent    900.00 USD
            Assets:Checking

        2025-03-31 Rent
            ; repeat: Rent
            Expenses:Rent    900.00 USD
            Assets:Checking

        2025-04-30 Rent
            ; repeat: Rent
            Expenses:Rent    900.00 USD
            Assets:Checking

        """)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), rules, "without --write the file is untouched")
        let write = try runLedgerc(["materialize", file.path, "--until", "2025-04-30", "--write"])
        XCTAssertEqual(write.status, 0, write.stderr)
        let once = try String(contentsOf: file, encoding: .utf8)
        let ruleEnd = rules.range(of: "Assets:Checking\n")!.upperBound
        XCTAssertEqual(once, String(rules[..<ruleEnd]) + preview.stdout + String(rules[ruleEnd...]))
        XCTAssertEqual(write.stderr, "recorded 3 occurrences of 1 rule in \(file.path)\n")
        let twice = try runLedgerc(["materialize", file.path, "--until", "2025-04-30", "--write"])
        XCTAssertEqual(twice.status, 0)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), once, "a second run adds nothing")
        XCTAssertEqual(try runLedgerc(["materialize", file.path, "--until", "2025-04-30"]).stdout, "")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(leftovers, ["budget.ledger"], "no temporary file is left behind")
    }

    func testMaterializeLeavesABrokenFileUntouched() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("broken.ledger")
        let text = rules + "2025-02-01 oops\n    a    1 X\n"
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["materialize", file.path, "--until", "2025-04-30", "--write"])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)
    }

    func testMaterializeUsage() throws {
        XCTAssertEqual(try runLedgerc(["materialize", "a.ledger", "b.ledger"]).status, 2)
        XCTAssertEqual(try runLedgerc(["materialize", "-", "--write"], stdin: rules).status, 2)
    }

    func testHorizonDefaultsToLedgercToday() throws {
        let r = try runLedgerc(["print", "-"], stdin: rules, env: ["LEDGERC_TODAY": "2025-02-15"])
        XCTAssertEqual(r.stdout.components(separatedBy: "generated:").count - 1, 1)
    }
}
