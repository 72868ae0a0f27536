import Foundation
import XCTest

/// `ledgerc fmt`, through the built binary.
final class FormatCommandTests: XCTestCase {
    let messy = """
    2025-01-09 * Lunch
      Expenses:Food   $13.00
        Assets:Cash
    2025-01-10 * 월세
        지출:주거:월세     650,000 KRW
        자산:은행

    """

    let tidy = """
    2025-01-09 * Lunch
        Expenses:Food  $13.00
        Assets:Cash

    2025-01-10 * 월세
        지출:주거:월세  650,000 KRW
        자산:은행

    """

    func testPrintsTheFormattedText() throws {
        let r = try runLedgerc(["fmt", "-"], stdin: messy)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, tidy)
    }

    func testCheckNamesTheFilesThatWouldChange() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.ledger"), b = dir.appendingPathComponent("b.ledger")
        try messy.write(to: a, atomically: true, encoding: .utf8)
        try tidy.write(to: b, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["fmt", "--check", a.path, b.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stdout, a.path + "\n")
        XCTAssertEqual(try String(contentsOf: a, encoding: .utf8), messy, "--check must not write")
        let clean = try runLedgerc(["fmt", "--check", b.path])
        XCTAssertEqual(clean.status, 0, clean.stderr)
        XCTAssertEqual(clean.stdout, "")
    }

    func testWriteRewritesOnceAndIsIdempotent() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.ledger")
        try messy.write(to: a, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["fmt", "--write", a.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOf: a, encoding: .utf8), tidy)
        XCTAssertEqual(try runLedgerc(["fmt", "--check", a.path]).status, 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        XCTAssertEqual(leftovers, ["a.ledger"], "no temporary file may be left behind")
    }

    func testAFileWithErrorsIsLeftAlone() throws {
        let dir = try temporaryDirectory(self)
        let a = dir.appendingPathComponent("a.ledger")
        let broken = "2025-01-09 * Lunch\n  Expenses:Food   $13.00\n  Assets:Cash  $-10.00\n"
        try broken.write(to: a, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["fmt", "--write", a.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("a.ledger:1:1: error: transaction does not balance"), r.stderr)
        XCTAssertEqual(try String(contentsOf: a, encoding: .utf8), broken)
    }

    /// A `repeat` header's clauses in lower case and one order; description and comment as written.
    func testRuleClausesAreNormalized() throws {
        let text = "repeat Monthly SHIFT before Weekend count 3 ON last Friday from 2025-01-01  Book Club  ; Fri\n    Expenses:Club  $5\n    Assets:Cash\n"
        let r = try runLedgerc(["fmt", "-"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").first, "repeat monthly from 2025-01-01 count 3 on last friday shift before weekend  Book Club  ; Fri")
    }

    func testTheSamplesAreFormatted() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("samples").path)
            .filter { $0.hasSuffix(".ledger") }.sorted().map { "samples/" + $0 }
        XCTAssertEqual(samples.count, 6)
        let r = try runLedgerc(["fmt", "--check"] + samples)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    }

    /// `--check` names an included file that is not formatted; `--write`
    /// formats it in place (checked in its place in the journal).
    func testIncludedFilesAreCheckedAndWritten() throws {
        let dir = try temporaryDirectory(self)
        let main = "include sub/part.ledger\n\n2025-01-02 A\n    Expenses:Food  1 USD\n    Assets:Cash\n"
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try main.write(to: dir.appendingPathComponent("main.ledger"), atomically: true, encoding: .utf8)
        try "2025-01-03 B\n  Expenses:Food     2 USD\n  Assets:Cash\n".write(to: dir.appendingPathComponent("sub/part.ledger"), atomically: true, encoding: .utf8)
        let check = try runLedgerc(["fmt", "--check", "main.ledger"], cwd: dir)
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertEqual(check.stdout, "sub/part.ledger\n")
        XCTAssertEqual(try runLedgerc(["fmt", "--write", "main.ledger"], cwd: dir).status, 0)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("sub/part.ledger"), encoding: .utf8),
                       "2025-01-03 B\n    Expenses:Food  2 USD\n    Assets:Cash\n")
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("main.ledger"), encoding: .utf8), main)
        XCTAssertEqual(try runLedgerc(["fmt", "--check", "main.ledger"], cwd: dir).stdout, "")
        // Printing shows only the file named.
        XCTAssertEqual(try runLedgerc(["fmt", "main.ledger"], cwd: dir).stdout, main)
    }

    func testUsage() throws {
        XCTAssertEqual(try runLedgerc(["fmt", "--check", "--write", "x.ledger"]).status, 2)
        XCTAssertEqual(try runLedgerc(["fmt", "--write", "-"], stdin: messy).status, 2)
        XCTAssertEqual(try runLedgerc(["fmt", "no-such-file.ledger"]).status, 2)
        let help = try runLedgerc(["fmt", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE: ledgerc fmt"))
    }
}
