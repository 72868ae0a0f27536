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

    /// Each file in samples/errors/ fails with exactly its expected diagnostics
    /// (LEDGERC_RECORD=1 rewrites the .expected files and fails).
    func testErrorSamplesMatchTheirExpectedOutput() throws {
        let dir = repositoryRoot.appendingPathComponent("samples/errors")
        for (name, path, args) in try errorSamples() {
            let r = try runLedgerc(args + [path])
            XCTAssertEqual(r.status, 1, name)
            try assertGolden(r.stderr, at: dir.appendingPathComponent(name.replacingOccurrences(of: ".ledger", with: ".expected")), name)
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
        XCTAssertEqual(items[0]["id"] as? String, "doesNotBalance")
        XCTAssertEqual(items[0]["message"] as? String, "transaction does not balance: off by 3.00 USD")
        let notes = items[0]["notes"] as! [[String: Any]]
        XCTAssertEqual(notes.first?["line"] as? Int, 3)
        let clean = try runLedgerc(["check", "--diagnostics", "json", "samples/personal.ledger"])
        XCTAssertEqual(clean.stderr, "[]\n")
        let missing = try runLedgerc(["check", "--diagnostics", "json", "no/such.ledger"])
        XCTAssertEqual(missing.status, 2)
        let unread = try JSONSerialization.jsonObject(with: Data(missing.stderr.utf8)) as! [[String: Any]]
        XCTAssertEqual(unread.first?["id"] as? String, "cannotRead", missing.stderr)
    }

    /// The fixes a compile knows are on its diagnostics: `check` prints them
    /// in JSON (the language server offers the same ones).
    func testFixItsInJSON() throws {
        func fixes(_ r: RunResult) throws -> [[String: Any]] {
            let items = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as! [[String: Any]]
            return items.flatMap { ($0["fixes"] as? [[String: Any]]) ?? [] }
        }
        let unbalanced = try fixes(runLedgerc(["check", "--diagnostics", "json", "samples/errors/unbalanced.ledger"]))
        XCTAssertEqual(unbalanced.first?["title"] as? String, "Change the amount to -13.00 USD so that the transaction balances")
        let edit = (unbalanced.first?["edits"] as? [[String: Any]])?.first
        XCTAssertEqual(edit?["line"] as? Int, 4)
        XCTAssertEqual(edit?["column"] as? Int, 25)
        XCTAssertEqual(edit?["endColumn"] as? Int, 35)
        XCTAssertEqual(edit?["text"] as? String, "-13.00 USD")
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("strict.ledger")
        try "account Expenses:Food\naccount Assets:Cash\n\n2025-01-09 Lunch\n    Expenses:Fod  3 USD\n    Assets:Cash\n".write(to: file, atomically: true, encoding: .utf8)
        let strict = try fixes(runLedgerc(["check", "--strict", "--diagnostics", "json", file.path]))
        XCTAssertEqual(strict.map { $0["title"] as? String }, ["Change to 'Expenses:Food'", "Declare 'account Expenses:Fod'"])
        let declare = (strict.last?["edits"] as? [[String: Any]])?.first
        XCTAssertEqual(declare?["line"] as? Int, 1)
        XCTAssertEqual(declare?["text"] as? String, "account Expenses:Fod\n")
        // A clean journal's JSON has no fixes key.
        XCTAssertFalse(try runLedgerc(["check", "--diagnostics", "json", "samples/errors/assertion-failed.ledger"]).stderr.contains("\"fixes\""))
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

    /// With --diagnostics json, every error of a run is one JSON array (issue 11 §10).
    func testEveryErrorIsJSONWhenJSONIsAskedFor() throws {
        let cases: [[String]] = [
            ["check", "no/such.ledger", "--diagnostics", "json"],
            ["report", "--diagnostics=json", "balance", "no/such.ledger"],
            ["check", "--diagnostics", "json", "--no-such-option", "samples/household.ledger"],
            ["report", "balanse", "--diagnostics", "json"],
            ["frobnicate", "--diagnostics", "json"],
        ]
        for args in cases {
            let r = try runLedgerc(args)
            XCTAssertEqual(r.status, 2, args.joined(separator: " "))
            let parsed = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [[String: Any]]
            XCTAssertEqual(parsed?.count, 1, "\(args): \(r.stderr)")
            XCTAssertEqual(parsed?.first?["severity"] as? String, "error")
            XCTAssertTrue(parsed?.first?["file"] is NSNull)
        }
        let read = try runLedgerc(["check", "no/such.ledger"])
        XCTAssertTrue(read.stderr.contains("cannot read 'no/such.ledger'"), "a read failure is a read failure: \(read.stderr)")
    }

    /// JSON diagnostics give the column in every unit; --column-unit picks one for text.
    func testColumnUnits() throws {
        let text = "2025-01-01 카페\n    지출:커피  1,5 KRW\n    자산\n"
        let json = try runLedgerc(["check", "-", "--diagnostics", "json"], stdin: text)
        let first = (try JSONSerialization.jsonObject(with: Data(json.stderr.utf8)) as? [[String: Any]])?.first
        XCTAssertEqual(first?["column"] as? Int, 12)
        XCTAssertEqual(first?["byteColumn"] as? Int, 20)
        XCTAssertEqual(first?["displayColumn"] as? Int, 16)
        let bytes = try runLedgerc(["check", "-", "--column-unit", "byte"], stdin: text)
        XCTAssertTrue(bytes.stderr.hasPrefix("<stdin>:2:20: error:"), bytes.stderr)
        let display = try runLedgerc(["check", "-", "--column-unit", "display"], stdin: text)
        XCTAssertTrue(display.stderr.hasPrefix("<stdin>:2:16: error:"), display.stderr)
    }

    func testWarningsFailTheRunWithWerror() throws {
        let text = "2025-01-01 x\n    a  1 X\n    b\ncomment\n"
        XCTAssertEqual(try runLedgerc(["check", "-"], stdin: text).status, 0)
        XCTAssertEqual(try runLedgerc(["check", "-", "--werror"], stdin: text).status, 1)
    }

    /// A FIFO or a device is not included (it would wait or never end), and a file included twice is read once.
    func testIncludesAreBoundedAndReadOnce() throws {
        let dir = try temporaryDirectory(self)
        try "include /dev/zero\ninclude part.ledger\ninclude part.ledger\n".write(to: dir.appendingPathComponent("main.ledger"), atomically: true, encoding: .utf8)
        try "2025-01-01 x\n    a  1 X\n    b\n".write(to: dir.appendingPathComponent("part.ledger"), atomically: true, encoding: .utf8)
        let r = try runLedgerc(["check", "main.ledger"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("cannot include '/dev/zero': not a regular file"), r.stderr)
        XCTAssertTrue(r.stderr.contains("main.ledger:3:1: warning: 'part.ledger' is already included"), r.stderr)
    }

    /// A file name that is not UTF-8 is opened by its bytes and shown escaped (issue 20 §2).
    func testAFileNameThatIsNotUTF8() throws {
        let dir = try temporaryDirectory(self)
        let name: [UInt8] = Array("bad-".utf8) + [0xFF] + Array(".ledger".utf8)
        let raw = Array(dir.path.utf8) + [0x2F] + name + [0]
        let fd = raw.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT, 0o644) }
        XCTAssertGreaterThanOrEqual(fd, 0)
        let text = Array("2025-01-01 x\n    a  1 X\n    b  2 X\n".utf8)
        _ = text.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let out = try OutputFile()
        let status = try ChildProcess.start("/bin/sh", ["-c", "cd '\(dir.path)' && '\(ledgercBinary.path)' check \"$(printf 'bad-\\377.ledger')\" 2>&1"],
                                            stdout: out.descriptor).wait()
        let stderr = out.text
        XCTAssertEqual(status, 1, stderr)
        XCTAssertTrue(stderr.hasPrefix("bad-\\xff.ledger:1:1: error: transaction does not balance"), stderr)
    }

    /// `include *.ledger` in files that match it: each file is read once, no cycle.
    func testGlobIncludesReadEachFileOnce() throws {
        let dir = try temporaryDirectory(self)
        for i in 1...4 {
            try "include *.ledger\n2025-01-0\(i) t\n    a  1 X\n    b\n".write(to: dir.appendingPathComponent("g\(i).ledger"), atomically: true, encoding: .utf8)
        }
        let r = try runLedgerc(["report", "balance", "g1.ledger", "--format", "csv"], cwd: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("a,X,4\n"), r.stdout)
    }

    /// Issue 44: journals ledger and hledger accept must not be errors here.
    /// `Visa P1` with no amount is a name (ledger's 1187_5), and a lot
    /// relabelled in one transaction nets to nothing sold (ledger's 1998).
    func testValidLookalikesCheckClean() throws {
        let r = try runLedgerc(["check", "Tests/Corpus/valid-lookalikes.ledger"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "")
        let bal = try runLedgerc(["report", "balance", "Tests/Corpus/valid-lookalikes.ledger", "--format", "csv", "--account", "Visa"])
        XCTAssertEqual(bal.stdout.split(separator: "\n").filter { $0.contains("Visa") }.joined(separator: "\n") + "\n", "Liabilities:Card:Visa P1,CHF,-618.50\nLiabilities:Card:Visa P1,EUR,-19.00\nLiabilities:Card:Visa P2,CHF,-52.10\n")
        // The hint stays an error where the ending can only be an amount, and
        // is a note on the error it explains where it is weaker.
        let signed = try runLedgerc(["check", "-"], stdin: "2025-03-01 x\n    지출:식비  12,000원\n    자산:현금 -12,000원\n")
        XCTAssertEqual(signed.status, 1)
        XCTAssertTrue(signed.stderr.contains("error: the account name '자산:현금 -12,000원' ends in what looks like an amount"), signed.stderr)
        let weak = try runLedgerc(["check", "-"], stdin: "2025-03-01 x\n    Expenses:Food 12\n    Assets:Cash\n")
        XCTAssertEqual(weak.status, 1)
        XCTAssertTrue(weak.stderr.contains("error: transaction has more than one posting without an amount"), weak.stderr)
        XCTAssertTrue(weak.stderr.contains("note: if '12' was meant as the amount of 'Expenses:Food 12', separate them"), weak.stderr)
    }

    /// Issue 44: a control character in a journal (ESC `[2J` clears the
    /// screen, BEL rings, U+2028 breaks a line, a bidi override reorders it)
    /// is escaped in every text a terminal shows: reports and diagnostics.
    func testControlCharactersNeverReachTheTerminal() throws {
        let text = "2025-01-01 pay\u{07}me \u{202E}gnp.exe\n    Expenses:A\u{1B}[2JB\u{2028}  5 USD\n    Assets:Cash\n"
        for args in [["report", "balance", "-"], ["report", "register", "-"], ["report", "transactions", "-"], ["report", "summary", "-"], ["check", "--strict", "-"], ["check", "--strict", "-", "--diagnostics", "github"]] {
            let r = try runLedgerc(args, stdin: text)
            let shown = r.stdout + r.stderr
            XCTAssertFalse(shown.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x1B || $0.value == 0x2028 || $0.value == 0x202E }, "\(args): \(shown)")
            XCTAssertFalse(shown.isEmpty, "\(args)")
        }
        let balance = try runLedgerc(["report", "balance", "-"], stdin: text)
        XCTAssertTrue(balance.stdout.contains("A\\u{1B}[2JB\\u{2028}"), balance.stdout)
    }

    /// Issue 44: an included file that is not journal text (`secret.env`, a
    /// link to it, `/proc/self/environ`) never reaches a message: its lines
    /// are said by their place only, in text, JSON and GitHub output, and a
    /// file of /proc is not read at all.
    func testAnIncludedSecretIsNeverEchoed() throws {
        let dir = try temporaryDirectory(self)
        try "GH_TOKEN=ghp_secret123\nexport API_KEY=abc\n".write(to: dir.appendingPathComponent("secret.env"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.ledger").path, withDestinationPath: "secret.env")
        try "include secret.env\ninclude link.ledger\n".write(to: dir.appendingPathComponent("main.ledger"), atomically: true, encoding: .utf8)
        for format in ["text", "json", "github"] {
            let r = try runLedgerc(["check", "main.ledger", "--diagnostics", format], cwd: dir)
            XCTAssertEqual(r.status, 1)
            XCTAssertFalse(r.stdout.contains("ghp_") || r.stderr.contains("ghp_") || r.stderr.contains("API_KEY"), "\(format): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("secret.env") || r.stderr.contains("link.ledger"), r.stderr)
        }
        let text = try runLedgerc(["check", "main.ledger"], cwd: dir)
        XCTAssertTrue(text.stderr.contains("secret.env:1:1: error: this line is not journal syntax"), text.stderr)
        try "include /proc/self/environ\n".write(to: dir.appendingPathComponent("proc.ledger"), atomically: true, encoding: .utf8)
        let proc = try runLedgerc(["check", "proc.ledger"], env: ["GH_TOKEN": "ghp_fromenv"], cwd: dir)
        XCTAssertEqual(proc.status, 1)
        XCTAssertFalse(proc.stderr.contains("ghp_fromenv"), proc.stderr)
        XCTAssertTrue(proc.stderr.contains("not a regular file"), proc.stderr)
    }

    /// Issue 44: warnings of one kind stop after 100, with one line saying
    /// how many more there were (a journal of a million days printed 755,011
    /// "year looks mistyped" warnings, 140 MB).
    func testWarningsOfOneKindStopAfterAHundred() throws {
        let text = (0..<250).map { "\(2300 + $0)-01-01 x\n    a  1 USD\n    b\n" }.joined()
        let r = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stderr)
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("warning:") }
        XCTAssertEqual(warnings.count, 101, r.stderr)
        XCTAssertTrue(warnings.last?.contains("and 150 more warnings like this one") == true, "\(warnings.last ?? "")")
        let json = try runLedgerc(["check", "-", "--diagnostics", "json"], stdin: text)
        XCTAssertTrue(json.stderr.contains("moreLikeThis") || json.stdout.contains("moreLikeThis"), json.stderr)
    }
}

/// The files of samples/errors/ (at least 25), each with its path and the `check` command line its
/// `; ledgerc-args:` line asks for.
func errorSamples() throws -> [(name: String, path: String, args: [String])] {
    let dir = repositoryRoot.appendingPathComponent("samples/errors")
    let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".ledger") }.sorted()
    XCTAssertGreaterThanOrEqual(files.count, 25)
    return try files.map { name in
        let source = String(decoding: try Data(contentsOf: dir.appendingPathComponent(name)), as: UTF8.self)
        var args = ["check"]
        if let line = source.split(separator: "\n").first(where: { $0.hasPrefix("; ledgerc-args: ") }) {
            args += line.dropFirst("; ledgerc-args: ".count).split(separator: " ").map(String.init)
        }
        return (name, "samples/errors/\(name)", args)
    }
}
