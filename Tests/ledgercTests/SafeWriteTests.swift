import Foundation
import XCTest

/// Every write is safe (issue 11 §8, issue 19 §2): through the binary.
final class SafeWriteTests: XCTestCase {
    let journal = """
    repeat monthly from 2025-01-25  Salary, net | employer
        Assets:Bank    3,000.00 USD
        Income:Salary

    2025-01-02 Coffee
        Expenses:Food    3.00 USD
        Assets:Bank

    """

    func write(_ text: String, _ name: String, in dir: URL) throws -> URL {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    func contents(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func mode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as! NSNumber).intValue
    }

    func testMaterializeWritesThroughASymlinkAndKeepsIt() throws {
        let dir = try temporaryDirectory(self)
        let target = try write(journal, "real.ledger", in: dir)
        let link = dir.appendingPathComponent("link.ledger")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.ledger")
        let r = try runLedgerc(["materialize", link.path, "--until", "2025-03-31", "--write"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), "real.ledger", "still a link")
        XCTAssertEqual(try contents(target).components(separatedBy: "; repeat: Salary, net | employer").count - 1, 3)
    }

    func testReportOutputWritesThroughASymlink() throws {
        let dir = try temporaryDirectory(self)
        let input = try write(journal, "in.ledger", in: dir)
        let target = try write("old\n", "out.csv", in: dir)
        let link = dir.appendingPathComponent("out-link.csv")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let r = try runLedgerc(["report", "balance", input.path, "--format", "csv", "-o", link.path, "--until", "2025-01-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertNotNil(try? FileManager.default.destinationOfSymbolicLink(atPath: link.path))
        XCTAssertTrue(try contents(target).hasPrefix("account,commodity,balance\n"))
    }

    /// `-o /dev/null` once renamed a regular file over /dev/null (found by
    /// Scripts/limits, which then broke tmux on the machine). A device or a
    /// FIFO is written into, never replaced; a directory is refused. Tested
    /// with a FIFO, so that a regression cannot break this machine's /dev/null.
    func testAnOutputThatIsNoRegularFileIsWrittenIntoNotReplaced() throws {
        let dir = try temporaryDirectory(self)
        let journalPath = dir.appendingPathComponent("j.ledger").path
        try journal.write(toFile: journalPath, atomically: true, encoding: .utf8)
        let fifo = dir.appendingPathComponent("pipe").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let out = try OutputFile()
        let reader = try ChildProcess.start("/bin/cat", [fifo], stdout: out.descriptor)
        let r = try runLedgerc(["report", "balance", journalPath, "--format", "csv", "-o", fifo])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(reader.wait(seconds: 30), 0)
        XCTAssertTrue(out.text.hasPrefix("account,commodity,balance\n"), out.text)
        var st = stat()
        XCTAssertEqual(lstat(fifo, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
        let directory = try runLedgerc(["report", "balance", journalPath, "-o", dir.path])
        XCTAssertEqual(directory.status, 2)
        XCTAssertTrue(directory.stderr.contains("it is a directory"), directory.stderr)
    }

    func testPermissionsAreKept() throws {
        let dir = try temporaryDirectory(self)
        let file = try write(journal, "kept.ledger", in: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        XCTAssertEqual(try runLedgerc(["materialize", file.path, "--until", "2025-02-28", "--write"]).status, 0)
        XCTAssertEqual(try mode(file), 0o640)
        XCTAssertEqual(try runLedgerc(["fmt", file.path, "--write"]).status, 0)
        XCTAssertEqual(try mode(file), 0o640)
    }

    func testAReadOnlyJournalIsRefused() throws {
        let dir = try temporaryDirectory(self)
        let file = try write(journal, "ro.ledger", in: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        let r = try runLedgerc(["materialize", file.path, "--until", "2025-03-31", "--write"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("not writable"), r.stderr)
        XCTAssertEqual(try contents(file), journal)
        XCTAssertEqual(try mode(file), 0o444)
    }

    func testAnOutputThatIsAnInputIsRefusedBeforeWriting() throws {
        let dir = try temporaryDirectory(self)
        let main = try write("include part.ledger\n" + journal, "main.ledger", in: dir)
        let part = try write("2025-01-03 Tea\n    Expenses:Food    2.00 USD\n    Assets:Bank\n", "part.ledger", in: dir)
        let link = dir.appendingPathComponent("alias.ledger")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: main.path)
        for output in [main.path, dir.path + "/./main.ledger", dir.path + "/../" + dir.lastPathComponent + "/main.ledger", link.path, part.path] {
            let r = try runLedgerc(["report", "transactions", main.path, "--format", "csv", "-o", output])
            XCTAssertEqual(r.status, 2, output)
            XCTAssertTrue(r.stderr.contains("one of the journal's input files"), r.stderr)
        }
        XCTAssertTrue(try contents(main).hasPrefix("include part.ledger\n"))
        XCTAssertTrue(try contents(part).hasPrefix("2025-01-03 Tea"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["alias.ledger", "main.ledger", "part.ledger"])
    }

    func testAFailedWriteToStandardOutputIsAnError() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full on this system") }
        let status = try ChildProcess.start("/bin/sh", ["-c", "'\(ledgercBinary.path)' report transactions samples/household.ledger --format csv --until 2025-03-31 > /dev/full 2>/dev/null"],
                                            directory: repositoryRoot.path).wait()
        XCTAssertEqual(status, 2)
    }

    func testNoTemporaryFileIsLeftAfterAFailure() throws {
        let dir = try temporaryDirectory(self)
        let file = try write(journal, "j.ledger", in: dir)
        // A report that fails: the output directory does not exist.
        let r = try runLedgerc(["report", "balance", file.path, "-o", dir.path + "/missing/out.txt"])
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["j.ledger"])
    }

    /// Two writers at once: the lock makes them take turns, so no occurrence is lost or written twice.
    func testTwoWritersAtOnceLoseNothing() throws {
        let dir = try temporaryDirectory(self)
        let file = try write(journal, "shared.ledger", in: dir)
        let writers = try ["2025-06-30", "2025-09-30", "2025-04-30", "2025-12-31"].map { until in
            try ChildProcess.start(ledgercBinary.path, ["materialize", file.path, "--until", until, "--write", "--quiet"],
                                   environment: ["LEDGERC_TODAY": "2025-12-31"])
        }
        for writer in writers { XCTAssertEqual(writer.wait(), 0) }
        let text = try contents(file)
        XCTAssertEqual(text.components(separatedBy: "; repeat: Salary, net | employer").count - 1, 12, text)
        XCTAssertEqual(try runLedgerc(["materialize", file.path, "--until", "2025-12-31"]).stdout, "", "nothing left to record")
    }

    /// `fmt --write` killed at any moment leaves the old text or the new one, never a mix.
    func testAnInterruptedFormatLeavesTheOldOrTheNewText() throws {
        let dir = try temporaryDirectory(self)
        var text = ""
        for i in 0..<3000 { text += "2025-01-\(1 + i % 28) Shop \(i)\n  Expenses:Food   \(i).50 USD\n  Assets:Cash\n" }
        let file = try write(text, "big.ledger", in: dir)
        let formatted = try runLedgerc(["fmt", file.path]).stdout
        XCTAssertNotEqual(formatted, text)
        var random = SystemRandomNumberGenerator()
        for round in 0..<12 {
            try text.write(to: file, atomically: false, encoding: .utf8)
            let writer = try ChildProcess.start(ledgercBinary.path, ["fmt", file.path, "--write"], environment: ["LEDGERC_TODAY": "2025-12-31"])
            usleep(UInt32.random(in: 0...60_000, using: &random))
            writer.send(round % 2 == 0 ? SIGTERM : SIGKILL)
            writer.wait()
            let now = try contents(file)
            XCTAssertTrue(now == text || now == formatted, "round \(round): a mix of old and new text")
            if round % 2 == 0 {
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["big.ledger"], "SIGTERM removes the temporary file")
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name != "big.ledger" {
                try FileManager.default.removeItem(at: dir.appendingPathComponent(name))
            }
        }
    }
}
