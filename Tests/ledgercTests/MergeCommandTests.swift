import Foundation
import XCTest

/// `ledgerc merge BASE OURS THEIRS` (issue 44): a merge never loses an
/// entry and never reports success for a journal that does not compile.
final class MergeCommandTests: XCTestCase {
    static let base = "2025-01-01 Opening\n    Assets:Bank  $100.00\n    Equity:Opening\n"
    static func coffee(_ day: Int) -> String { "\n2025-01-\(String(format: "%02d", day)) Coffee\n    Expenses:Food  $3.00\n    Assets:Bank\n" }

    func merge(base: String, ours: String, theirs: String) throws -> (status: Int32, merged: String) {
        let dir = try temporaryDirectory(self)
        for (name, text) in [("base", base), ("ours", ours), ("theirs", theirs)] {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let r = try runLedgerc(["merge", "base", "ours", "theirs"], cwd: dir)
        return (r.status, try String(contentsOf: dir.appendingPathComponent("ours"), encoding: .utf8))
    }

    func testTwoAppendsMergeInDateOrder() throws {
        let r = try merge(base: Self.base, ours: Self.base + Self.coffee(3), theirs: Self.base + Self.coffee(2))
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.merged, Self.base + Self.coffee(2) + Self.coffee(3))
    }

    /// Two identical coffees appended by THEIRS stay two, as import promises;
    /// one written alike by both sides is kept once.
    func testIdenticalEntriesOfOneSideAreAllKept() throws {
        let r = try merge(base: Self.base, ours: Self.base + Self.coffee(5), theirs: Self.base + Self.coffee(2) + Self.coffee(2))
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.merged.components(separatedBy: "2025-01-02 Coffee").count - 1, 2, r.merged)
        let shared = try merge(base: Self.base, ours: Self.base + Self.coffee(2), theirs: Self.base + Self.coffee(2) + Self.coffee(2))
        XCTAssertEqual(shared.merged.components(separatedBy: "2025-01-02 Coffee").count - 1, 2, shared.merged)
    }

    /// A change at the end of BASE's last line is no append: `Equity:Opening`
    /// → `Equity:Opening:Sub` with THEIRS appending must not leave `:Sub`
    /// on a line of its own and exit 0.
    func testAChangeAtTheEndOfTheLastLineIsNoAppend() throws {
        let ours = Self.base.replacingOccurrences(of: "Equity:Opening\n", with: "Equity:Opening:Sub\n")
        let r = try merge(base: Self.base, ours: ours, theirs: Self.base + Self.coffee(2))
        if r.status == 0 {
            XCTAssertTrue(r.merged.contains("    Equity:Opening:Sub\n"), r.merged)
            XCTAssertTrue(r.merged.contains("2025-01-02 Coffee"), r.merged)
            XCTAssertEqual(try runLedgerc(["check", "-"], stdin: r.merged).status, 0, r.merged)
        } else {
            XCTAssertEqual(r.status, 1)
        }
        XCTAssertFalse(r.merged.contains("\n:Sub"), r.merged)
    }

    /// A merge git calls clean whose result does not compile is a conflict.
    func testAMergeThatDoesNotCompileIsAConflict() throws {
        // Ours declares an assertion the appended coffee of theirs breaks.
        let ours = Self.base + "\n2025-01-10 Check\n    Assets:Bank  $0.00 = $100.00\n    Equity:Opening\n"
        let r = try merge(base: Self.base, ours: ours, theirs: Self.base + Self.coffee(2))
        XCTAssertEqual(r.status, 1, r.merged)
    }

    /// Found by the merge fuzz target: a side whose first new line is
    /// indented added a posting to BASE's last transaction. Taken for an
    /// append, it became a posting of the other side's last entry.
    func testAnIndentedFirstLineIsAnEditOfTheBase() throws {
        let theirs = Self.base + "    Expenses:Fees  $1.00\n    Equity:Opening  $-1.00\n"
        let r = try merge(base: Self.base, ours: Self.base + Self.coffee(3), theirs: theirs)
        XCTAssertFalse(r.merged.contains("Coffee\n    Expenses:Food  $3.00\n    Assets:Bank\n    Expenses:Fees"), r.merged)
        if r.status == 0 {
            XCTAssertEqual(try runLedgerc(["check", "-"], stdin: r.merged).status, 0, r.merged)
        }
    }

    /// Issue 56: a directive THEIRS appended beside OURS' new salary must not
    /// move it (`alias`, `apply account`) or comment it out: each is a
    /// conflict, exit 1, both sides marked; a directive that changes no
    /// entry's meaning merges cleanly.
    func testADirectiveThatChangesTheOtherSidesEntriesIsAConflict() throws {
        let salary = "\n2025-01-25 Salary\n    Assets:Bank  $5,000.00\n    Income:Salary\n"
        for attack in ["alias Assets:Bank = Assets:Attacker\n", "apply account Attacker\n", "comment\n"] {
            let r = try merge(base: Self.base, ours: Self.base + salary, theirs: Self.base + "\n" + attack)
            XCTAssertEqual(r.status, 1, attack)
            XCTAssertTrue(r.merged.contains("<<<<<<< ours") && r.merged.contains(">>>>>>> theirs"), attack + r.merged)
            XCTAssertTrue(r.merged.contains("Assets:Bank  $5,000.00"), r.merged)
        }
        let harmless = try merge(base: Self.base, ours: Self.base + salary, theirs: Self.base + "\naccount Assets:Savings\n")
        XCTAssertEqual(harmless.status, 0, harmless.merged)
        XCTAssertTrue(harmless.merged.contains("account Assets:Savings") && harmless.merged.contains("2025-01-25 Salary"), harmless.merged)
    }
}
