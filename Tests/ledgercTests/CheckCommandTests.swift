import Foundation
import XCTest

/// `ledgerc check` and the common command-line rules, through the built binary.
final class CheckCommandTests: XCTestCase {
    /// Every ledger under samples/ (outside samples/errors/) compiles without a diagnostic.
    func testSamplesCompileCleanly() throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("samples").path)
            .filter { $0.hasSuffix(".ledger") }.sorted()
        XCTAssertGreaterThanOrEqual(samples.count, 3)
        for name in samples {
            let r = try runLedgerc(["check", "samples/\(name)"])
            XCTAssertEqual(r.status, 0, name)
            XCTAssertEqual(r.stderr, "", name)
            XCTAssertEqual(r.stdout, "", name)
        }
    }

    /// Each file in samples/errors/ fails with exactly its expected diagnostics.
    func testErrorSamplesMatchTheirExpectedOutput() throws {
        let dir = repositoryRoot.appendingPathComponent("samples/errors")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".ledger") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 25)
        for name in files {
            let path = "samples/errors/\(name)"
            let source = String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)), as: UTF8.self)
            var args = ["check"]
            if let line = source.split(separator: "\n").first(where: { $0.hasPrefix("; ledgerc-args: ") }) {
                args += line.dropFirst("; ledgerc-args: ".count).split(separator: " ").map(String.init)
            }
            let expected = try String(contentsOf: dir.appendingPathComponent(name.replacingOccurrences(of: ".ledger", with: ".expected")), encoding: .utf8)
            let r = try runLedgerc(args + [path])
            XCTAssertEqual(r.status, 1, name)
            XCTAssertEqual(r.stderr, expected, name)
            XCTAssertTrue(r.stderr.hasPrefix(path + ":"), "diagnostics start with FILE:LINE:COL: \(name)")
        }
    }

    func testHelpAndVersion() throws {
        let help = try runLedgerc(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("ledgerc check"))
        let sub = try runLedgerc(["check", "--help"])
        XCTAssertEqual(sub.status, 0)
        XCTAssertTrue(sub.stdout.contains("--strict"))
        let version = try runLedgerc(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("ledgerc "))
    }

    func testUsageErrorsExitTwo() throws {
        for args in [["check"], ["check", "--bogus", "x.ledger"], ["frobnicate"], ["check", "--until", "2025-02-30", "samples/personal.ledger"],
                     ["check", "--diagnostics", "xml", "samples/personal.ledger"], []] {
            let r = try runLedgerc(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertFalse(r.stderr.isEmpty, "\(args)")
        }
        let bad = try runLedgerc(["check", "samples/personal.ledger"], env: ["LEDGERC_TODAY": "soon"])
        XCTAssertEqual(bad.status, 2)
    }

    func testUnreadableFileExitsTwo() throws {
        let r = try runLedgerc(["check", "no/such/file.ledger"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("cannot read 'no/such/file.ledger'"))
        let dir = try runLedgerc(["check", "samples"])
        XCTAssertEqual(dir.status, 2)
    }

    func testStandardInputAndLedgerFile() throws {
        let good = "2025-01-01 t\n    a    1 X\n    b\n"
        XCTAssertEqual(try runLedgerc(["check", "-"], stdin: good).status, 0)
        let bad = try runLedgerc(["check", "-"], stdin: "2025-01-01 t\n    a    1 X\n")
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.hasPrefix("<stdin>:1:1: error:"))
        XCTAssertEqual(try runLedgerc(["check"], env: ["LEDGER_FILE": "samples/household.ledger"]).status, 0)
    }

    func testDiagnosticsAsJSON() throws {
        let r = try runLedgerc(["check", "--diagnostics", "json", "samples/errors/unbalanced.ledger"])
        XCTAssertEqual(r.status, 1)
        let items = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as! [[String: Any]]
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items[0]["severity"] as? String, "error")
        XCTAssertEqual(items[0]["file"] as? String, "samples/errors/unbalanced.ledger")
        XCTAssertEqual(items[0]["line"] as? Int, 2)
        XCTAssertEqual(items[0]["column"] as? Int, 1)
        XCTAssertEqual(items[0]["message"] as? String, "transaction does not balance: off by 3.00 USD")
        let notes = items[0]["notes"] as! [[String: Any]]
        XCTAssertEqual(notes.first?["line"] as? Int, 3)
        let clean = try runLedgerc(["check", "--diagnostics", "json", "samples/personal.ledger"])
        XCTAssertEqual(clean.stderr, "[]\n")
    }

    func testDiagnosticsForGitHub() throws {
        let r = try runLedgerc(["check", "--diagnostics=github", "samples/errors/unbalanced.ledger"])
        XCTAssertEqual(r.stderr, "::error file=samples/errors/unbalanced.ledger,line=2,col=1::transaction does not balance: off by 3.00 USD%0Athe postings sum to 3.00 USD\n")
    }

    func testIncludesRelativeGlobAndErrorsInIncludedFiles() throws {
        let dir = try temporaryDirectory(self)
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("2025"), withIntermediateDirectories: true)
        try "include 2025/*.ledger\ninclude accounts.ledger\n".write(to: dir.appendingPathComponent("main.ledger"), atomically: true, encoding: .utf8)
        try "account Assets:Cash\n".write(to: dir.appendingPathComponent("accounts.ledger"), atomically: true, encoding: .utf8)
        try "2025-02-01 b\n    Assets:Cash    1 X\n    Income\n".write(to: dir.appendingPathComponent("2025/02.ledger"), atomically: true, encoding: .utf8)
        try "2025-01-01 a\n    Assets:Cash    1 X\n    Income    1 X\n".write(to: dir.appendingPathComponent("2025/01.ledger"), atomically: true, encoding: .utf8)
        let r = try runLedgerc(["check", "main.ledger"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("2025/01.ledger:1:1: error: transaction does not balance: off by 2 X"), r.stderr)
        try "include main.ledger\n".write(to: dir.appendingPathComponent("accounts.ledger"), atomically: true, encoding: .utf8)
        try "2025-01-01 a\n    Assets:Cash    1 X\n    Income\n".write(to: dir.appendingPathComponent("2025/01.ledger"), atomically: true, encoding: .utf8)
        let cycle = try runLedgerc(["check", "main.ledger"], cwd: dir)
        XCTAssertEqual(cycle.status, 1)
        XCTAssertTrue(cycle.stderr.hasPrefix("accounts.ledger:1:1: error: include cycle: 'main.ledger'"), cycle.stderr)
        try "include nothing/*.ledger\n".write(to: dir.appendingPathComponent("accounts.ledger"), atomically: true, encoding: .utf8)
        let none = try runLedgerc(["check", "main.ledger"], cwd: dir)
        XCTAssertTrue(none.stderr.contains("no file matches 'include nothing/*.ledger'"), none.stderr)
    }

    func testColourOnlyOnATerminal() throws {
        let r = try runLedgerc(["check", "samples/errors/unbalanced.ledger"], env: ["NO_COLOR": ""])
        XCTAssertFalse(r.stderr.contains("\u{1B}["), "stderr is a file here, not a terminal")
    }
}
