import Foundation
import XCTest

/// `check` and `report` map a large journal instead of copying it in
/// (`FileIO.readForReading`): what they say must be what a copy gives, and
/// a journal cut shorter while it is read must end the run with exit 2 and
/// a message, never a crash.
final class MappedInputTests: XCTestCase {
    /// A journal of about `megabytes` MB: balanced transactions over the
    /// years, Korean text in each, then one that does not balance last, so
    /// that its place tells whether the whole file was read.
    private func largeJournal(megabytes: Int, in dir: URL, named name: String = "large.ledger") throws -> URL {
        var text = "; 월급 and rent, again and again\r\n"
        var n = 0
        while text.utf8.count < megabytes << 20 {
            let day = n % 28 + 1, month = n / 28 % 12 + 1, year = 2000 + n / 336
            text += "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day) 월세 \(n)  ; tag:\(n % 7)\n"
            text += "    expenses:rent:집    ₩\(n % 9973 + 1),000\n    assets:bank\n\n"
            n += 1
        }
        text += "2030-01-01 last\n    expenses:food    1.00 USD\n    assets:bank    -1.10 USD\n"
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The same journal through standard input (never mapped) and as a file
    /// (mapped): the same report, and the same diagnostic at the same line.
    func testAMappedJournalReadsAsACopy() throws {
        let dir = try temporaryDirectory(self)
        let url = try largeJournal(megabytes: 5, in: dir)
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        let mapped = try runLedgerc(["check", url.path])
        let copied = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(mapped.status, 1)
        XCTAssertEqual(copied.status, 1)
        XCTAssertTrue(mapped.stderr.hasPrefix("\(url.path):\(lines - 3):1: error:"), mapped.stderr)
        XCTAssertEqual(mapped.stderr.replacingOccurrences(of: url.path, with: "<stdin>"), copied.stderr)

        // Without the broken transaction, a report over it all.
        let balanced = String(text[..<text.range(of: "2030-01-01 last")!.lowerBound])
        try balanced.write(to: url, atomically: false, encoding: .utf8)
        let report = try runLedgerc(["report", "balance", url.path])
        let fromInput = try runLedgerc(["report", "balance", "-"], stdin: balanced)
        XCTAssertEqual(report.status, 0, report.stderr)
        XCTAssertEqual(report.stdout, fromInput.stdout)
        XCTAssertTrue(report.stdout.contains("      집\n"), report.stdout)
    }

    /// The journal is cut to one page while `check` is stopped right after
    /// mapping it (seen in /proc): the run goes on, meets the missing pages,
    /// and ends with exit 2 naming the file.
    func testAJournalCutShorterWhileReadEndsTheRunWithAMessage() throws {
        let dir = try temporaryDirectory(self)
        var large = try largeJournal(megabytes: 48, in: dir)
        let message = "cannot read '\(large.path)': it got shorter while it was read; run the command again"
        try cutShorterWhileRead(["check"], [large], cut: large, says: "ledgerc: error: \(message)\n")
        // In JSON when JSON is asked for: one array, as every run gives.
        large = try largeJournal(megabytes: 48, in: dir)
        try cutShorterWhileRead(["report", "summary", "--diagnostics", "json"], [large], cut: large,
                                says: #"[{"severity":"error","id":"cannotRead","file":null,"line":null,"column":null,"byteColumn":null,"displayColumn":null,"message":"\#(message)","notes":[]}]\#n"#)
        // Of two mapped journals, the one cut is the one named.
        let first = try largeJournal(megabytes: 8, in: dir, named: "first.ledger")
        let second = try largeJournal(megabytes: 8, in: dir, named: "second.ledger")
        try cutShorterWhileRead(["check"], [first, second], cut: second,
                                says: "ledgerc: error: cannot read '\(second.path)': it got shorter while it was read; run the command again\n")
        // An included journal is mapped too, and named as the include joins it.
        let included = try largeJournal(megabytes: 8, in: dir, named: "2024.ledger")
        let main = dir.appendingPathComponent("main.ledger")
        try "include 2024.ledger\n".write(to: main, atomically: true, encoding: .utf8)
        try cutShorterWhileRead(["check"], [main], mapped: [included], cut: included,
                                says: "ledgerc: error: cannot read '\(included.path)': it got shorter while it was read; run the command again\n")
    }

    /// An included journal that is mapped reads as one that is copied: the
    /// diagnostic at its last transaction is the same from `check` (which
    /// maps it) and `fmt --check` (which writes, and so copies it).
    func testAMappedIncludeReadsAsACopy() throws {
        let dir = try temporaryDirectory(self)
        let included = try largeJournal(megabytes: 5, in: dir, named: "2024.ledger")
        let main = dir.appendingPathComponent("main.ledger")
        try "include 2024.ledger\n".write(to: main, atomically: true, encoding: .utf8)
        let mapped = try runLedgerc(["check", main.path])
        let copied = try runLedgerc(["materialize", main.path, "--until", "2000-01-01"])
        XCTAssertEqual(mapped.status, 1)
        XCTAssertEqual(copied.status, 1)
        XCTAssertTrue(mapped.stderr.hasPrefix("\(included.path):"), mapped.stderr)
        XCTAssertTrue(mapped.stderr.contains("error: transaction does not balance"), mapped.stderr)
        XCTAssertEqual(mapped.stderr, copied.stderr)
    }

    /// Runs `ledgerc COMMAND FILES`, stops it once every file shows in its
    /// mappings, cuts `cut` to one page, lets it go on, and compares its
    /// exit status (2) and all of standard error.
    private func cutShorterWhileRead(_ command: [String], _ files: [URL], mapped: [URL]? = nil, cut: URL, says expected: String,
                                     file: StaticString = #filePath, line: UInt = #line) throws {
        let mapped = mapped ?? files
        #if os(Linux)
        let err = try OutputFile()
        var environment = ProcessInfo.processInfo.environment
        environment["LEDGERC_TODAY"] = "2025-12-31"
        let child = try ChildProcess.start(ledgercBinary.path, command + files.map(\.path), environment: environment, stderr: err.descriptor)
        var caught = false
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            // An ended child (not yet waited for) has no mappings: stop looking.
            guard let maps = try? String(contentsOfFile: "/proc/\(child.pid)/maps", encoding: .utf8), !maps.isEmpty else { break }
            if mapped.allSatisfy({ maps.contains($0.path) }) {
                child.send(SIGSTOP)
                caught = true
                break
            }
            usleep(200)
        }
        if caught {
            XCTAssertEqual(truncate(cut.path, 4096), 0, file: file, line: line)
            child.send(SIGCONT)
        }
        let status = child.wait(seconds: 120)
        guard caught else { throw XCTSkip("check ended before its mapping of the journal could be seen") }
        XCTAssertEqual(status, 2, err.text, file: file, line: line)
        XCTAssertEqual(err.text, expected, file: file, line: line)
        #else
        throw XCTSkip("watching a mapping through /proc needs Linux")
        #endif
    }
}
