import Foundation
import XCTest

/// `ledgerc add`, end to end: validation before writing, the insertion
/// point, and every other byte of the file kept.
final class AddCommandTests: XCTestCase {
    static let journal = """
    ; 우리집 가계부
    account 자산:은행
    account 자산:현금
    account 부채:카드
    account 지출:식비:장보기
    account 지출:식비:외식

    2025-03-01 * 월급
        자산:은행  3,000,000 KRW
        수입:급여

    2025-03-05 이마트
        지출:식비:장보기  46,800 KRW
        부채:카드

    ; 3월 중순
    2025-03-15 현금 확인
        자산:현금  0 KRW = 0 KRW
        자산:은행

    """

    var dir: URL!
    var path = ""

    override func setUpWithError() throws {
        dir = try temporaryDirectory(self)
        path = dir.appendingPathComponent("house.ledger").path
        try AddCommandTests.journal.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func add(_ args: [String], file: String? = nil) throws -> RunResult {
        try runLedgerc(["add", file ?? path] + args, env: ["LEDGERC_TODAY": "2025-03-20"])
    }

    func contents(_ p: String? = nil) throws -> String { try String(contentsOfFile: p ?? path, encoding: .utf8) }

    func balance(_ account: String) throws -> String {
        let r = try runLedgerc(["report", "balance", path, "--flat", "--account", account, "--format", "csv"], env: ["LEDGERC_TODAY": "2025-03-20"])
        return r.stdout.split(separator: "\n").dropFirst().first.map { String($0.split(separator: ",")[2]) } ?? "0"
    }

    func testAddsInDateOrderAndKeepsEveryOtherByte() throws {
        let before = try balance("외식")
        let r = try add(["2025-03-02", "편의점", "지출:식비:외식", "4,500", "KRW", "부채:카드"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "2025-03-02 편의점\n    지출:식비:외식  4,500 KRW\n    부채:카드\n")
        XCTAssertEqual(r.stderr, "added at \(path):12\n")
        let expected = AddCommandTests.journal.replacingOccurrences(of: "\n2025-03-05 이마트", with: "\n2025-03-02 편의점\n    지출:식비:외식  4,500 KRW\n    부채:카드\n\n2025-03-05 이마트")
        XCTAssertEqual(try contents(), expected)
        XCTAssertEqual(before, "0")
        XCTAssertEqual(try balance("외식"), "4500")
    }

    func testSameDateGoesAfterTheDaysTransactionsAndLaterDatesAtTheEnd() throws {
        XCTAssertEqual(try add(["2025-03-05", "스타벅스", "지출:식비:외식", "6,300 KRW", "부채:카드"]).status, 0)
        XCTAssertTrue(try contents().contains("    부채:카드\n\n2025-03-05 스타벅스\n    지출:식비:외식  6,300 KRW\n    부채:카드\n\n; 3월 중순\n"), (try? contents()) ?? "")
        XCTAssertEqual(try add(["2025-03-19", "교촌치킨", "지출:식비:외식", "21,300 KRW", "부채:카드"]).status, 0)
        XCTAssertTrue(try contents().hasSuffix("    자산:은행\n\n2025-03-19 교촌치킨\n    지출:식비:외식  21,300 KRW\n    부채:카드\n"), (try? contents()) ?? "")
        XCTAssertEqual(try add(["2025-02-01", "이월", "자산:현금", "0 KRW", "자산:은행"]).status, 0)
        XCTAssertTrue(try contents().contains("account 지출:식비:외식\n\n2025-02-01 이월\n    자산:현금  0 KRW\n    자산:은행\n\n2025-03-01 * 월급"), (try? contents()) ?? "")
    }

    func testDateDefaultsToToday() throws {
        let r = try add(["--dry-run", "편의점", "지출:식비:외식", "4500 KRW", "자산:현금"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("2025-03-20 편의점\n"), r.stdout)
        XCTAssertEqual(try contents(), AddCommandTests.journal, "--dry-run wrote")
    }

    func testANearMissAccountIsRefusedWithTheNearestName() throws {
        let r = try add(["2025-03-02", "편의점", "지출:식비:장보가", "4,500 KRW", "부채:카드"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("(new transaction):2:5: error: account '지출:식비:장보가' is not in the journal"), r.stderr)
        XCTAssertTrue(r.stderr.contains("did you mean '지출:식비:장보기'?"), r.stderr)
        XCTAssertEqual(try contents(), AddCommandTests.journal)
        // A part of a name suggests the account that has it.
        let part = try add(["2025-03-02", "편의점", "외식", "4,500 KRW", "부채:카드"])
        XCTAssertTrue(part.stderr.contains("did you mean '지출:식비:외식'?"), part.stderr)
        // --new-account accepts it.
        XCTAssertEqual(try add(["2025-03-02", "편의점", "지출:간식", "4,500 KRW", "부채:카드", "--new-account"]).status, 0)
    }

    func testUnbalancedInvalidDateAndAmbiguousNumbersAreRefused() throws {
        let unbalanced = try add(["2025-03-02", "편의점", "지출:식비:외식", "4,500 KRW", "부채:카드", "-4,000 KRW"])
        XCTAssertEqual(unbalanced.status, 1)
        XCTAssertTrue(unbalanced.stderr.contains("(new transaction):1:1: error: transaction does not balance: off by 500 KRW"), unbalanced.stderr)
        XCTAssertTrue(unbalanced.stderr.contains("(new transaction):2:"), "the note points into the new transaction: \(unbalanced.stderr)")
        let date = try add(["2025-02-30", "편의점", "지출:식비:외식", "4,500 KRW", "부채:카드"])
        XCTAssertEqual(date.status, 1)
        XCTAssertTrue(date.stderr.contains("'2025-02-30' is not a date in the calendar"), date.stderr)
        let number = try add(["2025-03-02", "편의점", "지출:식비:외식", "4,5", "KRW", "부채:카드"])
        XCTAssertEqual(number.status, 1, number.stderr)
        XCTAssertTrue(number.stderr.contains("(new transaction):2:"), number.stderr)
        XCTAssertEqual(try contents(), AddCommandTests.journal)
    }

    func testALaterBalanceAssertionThatWouldBreakIsRefused() throws {
        let r = try add(["2025-03-10", "현금 인출", "자산:현금", "10,000 KRW", "자산:은행"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("house.ledger:18:"), "points at the assertion as the file is: \(r.stderr)")
        XCTAssertTrue(r.stderr.contains("balance assertion failed"), r.stderr)
        XCTAssertEqual(try contents(), AddCommandTests.journal)
    }

    func testWritesThroughASymlinkKeepingPermissionsAndLineEnds() throws {
        let crlf = AddCommandTests.journal.replacingOccurrences(of: "\n", with: "\r\n")
        try crlf.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let link = dir.appendingPathComponent("link.ledger").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let r = try add(["2025-03-02", "편의점", "지출:식비:외식", "4,500 KRW", "부채:카드"], file: link)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), path)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int, 0o640)
        XCTAssertTrue(try contents().contains("\r\n2025-03-02 편의점\r\n    지출:식비:외식  4,500 KRW\r\n    부채:카드\r\n\r\n2025-03-05"), (try? contents()) ?? "")
    }

    func testAFileNotInDateOrderGetsItAtTheEnd() throws {
        let unordered = "2025-03-05 b\n    자산:현금  1 KRW\n    자산:은행\n\n2025-03-01 a\n    자산:현금  1 KRW\n    자산:은행"
        try unordered.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try add(["2025-03-02", "c", "자산:현금", "1 KRW", "자산:은행"]).status, 0)
        XCTAssertEqual(try contents(), unordered + "\n\n2025-03-02 c\n    자산:현금  1 KRW\n    자산:은행\n")
    }

    func testJSONDiagnosticsAreOneArray() throws {
        let r = try add(["2025-03-02", "편의점", "지출:식비:장보가", "4,500 KRW", "부채:카드", "--diagnostics", "json"])
        XCTAssertEqual(r.status, 1)
        let array = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [[String: Any]]
        XCTAssertEqual(array?.first?["file"] as? String, "(new transaction)", r.stderr)
        XCTAssertEqual(array?.first?["line"] as? Int, 2)
    }

    func testUsage() throws {
        XCTAssertEqual(try add(["2025-03-02", "편의점", "지출:식비:외식"]).status, 2)  // one posting, not a terminal
        XCTAssertEqual(try runLedgerc(["add", "no-such.ledger", "x", "a:b", "1", "c:d"]).status, 2)
        XCTAssertEqual(try add(["--bogus"]).status, 2)
    }

    /// A terminal for `ledgerc add`: tmux runs it in a detached session;
    /// keys are sent and the screen is read back.
    final class Terminal {
        let tmux: String
        let session = "ledgerc-add-\(UUID().uuidString.prefix(8))"

        init(_ test: XCTestCase, command: String) throws {
            guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
                throw XCTSkip("tmux is not installed (apt-get install tmux); the interactive add is not tested")
            }
            self.tmux = tmux
            _ = try run(["new-session", "-d", "-s", session, "-x", "120", "-y", "40", command])
            test.addTeardownBlock { [self] in _ = try? run(["kill-session", "-t", session]) }
        }

        /// Runs tmux; only `capture-pane` has its output read. The tmux
        /// server that the first command starts keeps no descriptor of ours
        /// (see ChildProcess), so waiting for the command ends.
        @discardableResult
        func run(_ args: [String]) throws -> String {
            let out = try OutputFile()
            let child = try ChildProcess.start(tmux, args, stdout: args.first == "capture-pane" ? out.descriptor : nil)
            child.wait(seconds: 30)
            return out.text
        }

        func send(_ keys: String...) throws { try run(["send-keys", "-t", session] + keys) }

        /// Waits up to 5 s for `text` on the screen.
        func waitFor(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
            var screen = ""
            for _ in 0..<100 {
                screen = try run(["capture-pane", "-p", "-t", session])
                if screen.contains(text) { return }
                usleep(50_000)
            }
            XCTFail("never saw '\(text)' on the screen:\n\(screen)", file: file, line: line)
        }
    }

    func testInteractiveOnATerminal() throws {
        let term = try Terminal(self, command: "LEDGERC_TODAY=2025-03-20 \(ledgercBinary.path) add \(path); echo EXIT=$?; sleep 30")
        try term.waitFor("Description:")
        try term.send("이마", "Enter")          // completes to a past payee, whose postings are offered
        try term.waitFor("Date [2025-03-20]:")
        try term.send("Enter")
        try term.waitFor("Use these postings [y]:")
        try term.send("n", "Enter")
        try term.waitFor("Account 1:")
        try term.send("장보", "Enter")          // one account holds it
        try term.waitFor("Amount for 지출:식비:장보기")
        try term.send("12,000 KRW", "Enter")
        try term.waitFor("Account 2:")
        try term.send("카드", "Enter")
        try term.waitFor("Amount for 부채:카드")
        try term.send("Enter")
        try term.waitFor("Account 3 (empty to finish):")
        try term.send("Enter")
        try term.waitFor("Add it [y]:")
        try term.send("y", "Enter")
        try term.waitFor("EXIT=0")
        XCTAssertTrue(try contents().contains("\n2025-03-20 이마트\n    지출:식비:장보기  12,000 KRW\n    부채:카드\n"), (try? contents()) ?? "")
    }

    /// Issue 49: Tab completes a payee, an account from any part of its name
    /// and a commodity; ↑ recalls earlier answers; Ctrl-C ends with nothing written.
    func testTabCompletionAndHistoryOnATerminal() throws {
        let term = try Terminal(self, command: "LEDGERC_TODAY=2025-03-20 \(ledgercBinary.path) add \(path); echo EXIT=$?; sleep 30")
        try term.waitFor("Description:")
        try term.send("이마", "Tab")
        try term.waitFor("Description: 이마트")
        try term.send("Enter")
        try term.waitFor("Date [2025-03-20]:")
        try term.send("Enter")
        try term.waitFor("Use these postings [y]:")
        try term.send("n", "Enter")
        try term.waitFor("Account 1:")
        try term.send("장보", "Tab")
        try term.waitFor("Account 1: 지출:식비:장보기")
        try term.send("Enter")
        try term.waitFor("Amount for 지출:식비:장보기")
        try term.send("12,000 K", "Tab")
        try term.waitFor("12,000 KRW")
        try term.send("Enter")
        try term.waitFor("Account 2:")
        try term.send("Up", "Up")
        try term.waitFor("Account 2: 지출:식비:장보기")
        try term.send("C-c")
        try term.waitFor("EXIT=0")
        XCTAssertEqual(try contents(), AddCommandTests.journal)
    }

    func testCtrlDAtTheFirstQuestionWritesNothing() throws {
        let term = try Terminal(self, command: "LEDGERC_TODAY=2025-03-20 \(ledgercBinary.path) add \(path); echo EXIT=$?; sleep 30")
        try term.waitFor("Description:")
        try term.send("C-d")
        try term.waitFor("EXIT=0")
        XCTAssertEqual(try contents(), AddCommandTests.journal)
    }

    /// Issue 44: a description starting with `(` is written after an empty
    /// code (it stays the description), and control characters typed in
    /// never reach the journal.
    func testADescriptionIsNeverSyntax() throws {
        let r = try add(["2025-03-02", "(주)한빛소프트\u{1B}[2J 급여", "지출:식비:외식", "4,500", "KRW", "부채:카드"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "2025-03-02 () (주)한빛소프트 [2J 급여\n    지출:식비:외식  4,500 KRW\n    부채:카드\n")
        XCTAssertFalse(try contents().unicodeScalars.contains { $0.value == 0x1B })
        let json = try runLedgerc(["report", "transactions", path, "--format", "json"], env: ["LEDGERC_TODAY": "2025-03-20"])
        XCTAssertTrue(json.stdout.contains("\"description\":\"(주)한빛소프트 [2J 급여\""), json.stdout)
    }
}
