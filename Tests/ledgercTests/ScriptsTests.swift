import Foundation
import XCTest

/// What CI does not run rots: every script in Scripts/ is at least parsed
/// (Python compiled, Bash read with `bash -n`), and the ones that need no
/// peer tool run briefly. (Fuzz/ is built and replayed by .ci/run.)
final class ScriptsTests: XCTestCase {
    func run(_ program: String, _ args: [String]) throws -> (Int32, String) {
        let err = try OutputFile()
        let child = try ChildProcess.start(program, args, directory: repositoryRoot.path, stdout: nil, stderr: err.descriptor)
        return (child.wait(seconds: 120), err.text)
    }

    func testEveryScriptParses() throws {
        let dir = repositoryRoot.appendingPathComponent("Scripts")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() {
            let path = dir.appendingPathComponent(name).path
            let first = (try String(contentsOfFile: path, encoding: .utf8)).split(separator: "\n").first.map(String.init) ?? ""
            if first.contains("python") {
                let (status, err) = try run("/usr/bin/env", ["python3", "-c", "import ast,sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])", path])
                XCTAssertEqual(status, 0, "\(name): \(err)")
            } else if first.contains("bash") || first.contains("/sh") {
                let (status, err) = try run("/bin/bash", ["-n", path])
                XCTAssertEqual(status, 0, "\(name): \(err)")
            } else {
                XCTFail("\(name): no interpreter line")
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 14)
    }

    /// The diff benchmark, on 300 transactions and one run of each case: it
    /// makes its versions and its repository, and every diff runs.
    func testTheDiffBenchmarkRuns() throws {
        let out = try temporaryDirectory(self)
        let (status, err) = try run("/usr/bin/env", ["python3", "Scripts/bench-diff", "300", "--runs", "1", "--ledgerc", ledgercBinary.path, "--out", out.path])
        XCTAssertEqual(status, 0, err)
    }

    /// The main benchmark, on 300 transactions and one pair of each command
    /// (the built binary against itself as the baseline): every command
    /// runs, and the comparison with `wc -l` is printed.
    func testTheBenchmarkRuns() throws {
        let dir = try temporaryDirectory(self)
        let out = try OutputFile(), err = try OutputFile()
        let child = try ChildProcess.start("/usr/bin/env", ["python3", "Scripts/bench", "--sizes", "300", "--runs", "1", "--no-lsp",
                                                            "--no-valuation", "--no-yardsticks", "--no-install", "--ledgerc", ledgercBinary.path,
                                                            "--baseline", ledgercBinary.path, "--out", dir.path],
                                           directory: repositoryRoot.path, stdout: out.descriptor, stderr: err.descriptor)
        XCTAssertEqual(child.wait(seconds: 120), 0, err.text)
        XCTAssertFalse(out.text.contains("failed"), out.text)
        XCTAssertTrue(out.text.contains("ledgerc check (the same in 10 included files)"), out.text)
        XCTAssertTrue(out.text.contains("ledgerc check takes"), out.text)
    }

    /// The statement scripts (issue 47) need openpyxl, xlwt and msoffcrypto-tool
    /// (.ci/run installs them): each writes its workbooks, ledgerc imports
    /// what they wrote, and the statement benchmark runs on 300 rows.
    func testTheStatementScriptsRun() throws {
        let (present, _) = try run("/usr/bin/env", ["python3", "-c", "import openpyxl, xlwt, msoffcrypto"])
        try XCTSkipIf(present != 0, "openpyxl, xlwt or msoffcrypto-tool is not installed (pip install openpyxl xlwt msoffcrypto-tool)")
        let dir = try temporaryDirectory(self)
        let fixtures = dir.appendingPathComponent("fixtures"), samples = dir.appendingPathComponent("samples")
        XCTAssertEqual(try run("/usr/bin/env", ["python3", "Scripts/make-statement-fixtures", fixtures.path]).0, 0)
        XCTAssertEqual(try run("/usr/bin/env", ["python3", "Scripts/make-import-samples", samples.path]).0, 0)
        let rules = repositoryRoot.appendingPathComponent("Tests/Fixtures/statements/statement.rules").path
        let journal = repositoryRoot.appendingPathComponent("Tests/Fixtures/statements/household.ledger").path
        var outputs = Set<String>()
        for name in ["statement.csv", "statement.xlsx", "statement.xls", "statement-html.xls", "statement-protected.xlsx"] {
            let r = try runLedgerc(["import", journal, fixtures.appendingPathComponent(name).path, "--rules", rules, "--dry-run"],
                                   env: ["LEDGERC_STATEMENT_PASSWORD": "900101"])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            outputs.insert(r.stdout)
        }
        XCTAssertEqual(outputs.count, 1)
        let toss = try runLedgerc(["import", "household.ledger", "toss-bank.xlsx", "--rules", repositoryRoot.appendingPathComponent("samples/import/toss-bank.rules").path, "--dry-run"],
                                  env: ["LEDGERC_STATEMENT_PASSWORD": "900101"], cwd: samples)
        XCTAssertEqual(toss.status, 0, toss.stderr)
        let (status, err) = try run("/usr/bin/env", ["python3", "Scripts/bench-statements", "--rows", "300", "--runs", "1",
                                                     "--ledgerc", ledgercBinary.path, "--out", dir.appendingPathComponent("bench").path])
        XCTAssertEqual(status, 0, err)
    }

    /// The fuzzer's dictionary (Scripts/fuzz-dictionary): every line is an
    /// entry libFuzzer reads (printable ASCII but for `\xNN` escapes), and the
    /// grammar's directives, periods and marks are in it, a tab escaped.
    func testTheFuzzDictionaryHoldsTheGrammarsWords() throws {
        let out = try OutputFile(), err = try OutputFile()
        let child = try ChildProcess.start("/usr/bin/env", ["python3", "Scripts/fuzz-dictionary"], directory: repositoryRoot.path,
                                           stdout: out.descriptor, stderr: err.descriptor)
        XCTAssertEqual(child.wait(seconds: 120), 0, err.text)
        let entries = out.text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        for entry in entries {
            XCTAssertTrue(entry.hasPrefix("\"") && entry.hasSuffix("\"") && entry.count >= 3, String(entry))
            let inside = entry.dropFirst().dropLast()
            XCTAssertTrue(inside.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 }, String(entry))
            XCTAssertFalse(inside.replacingOccurrences(of: "\\x[0-9A-F]{2}", with: "", options: .regularExpression).contains("\\"), String(entry))
        }
        for word in ["account", "repeat", "commodity", "include", "monthly", "@@", "==*", "\\x09", "allow-negative:"] {
            XCTAssertTrue(entries.contains("\"\(word)\""), word)
        }
        XCTAssertGreaterThan(entries.count, 100)
    }

    /// The language server's fuzz script, with its first seed: it runs 400 random messages.
    func testTheLanguageServerFuzzScriptRuns() throws {
        let (status, err) = try run("/usr/bin/env", ["python3", "Scripts/fuzz-lsp", "1", ledgercBinary.path])
        XCTAssertEqual(status, 0, err)
    }

    /// hledger's shelltests runner (issue 58), on one file of them: it reads
    /// the tests and counts them; without ../shared it says so and ends 0.
    func testTheShelltestRunnerRuns() throws {
        let out = try OutputFile()
        let child = try ChildProcess.start("/usr/bin/env", ["python3", "Scripts/hledger-shelltests", "--only", "pivot", "--ledgerc", ledgercBinary.path],
                                           directory: repositoryRoot.path, stdout: out.descriptor, stderr: nil)
        XCTAssertEqual(child.wait(seconds: 120), 0)
        XCTAssertTrue(out.text.contains("hledger-shelltests:"), out.text)
    }
}
