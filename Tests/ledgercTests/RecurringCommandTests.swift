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

        2025-01-31 Rent  ; generated: <stdin>:1 #0
            Expenses:Rent     900.00 USD
            Assets:Checking  -900.00 USD

        2025-03-02 * Rent  ; paid late
            Expenses:Rent     900.00 USD
            Assets:Checking  -900.00 USD

        2025-03-31 Rent  ; generated: <stdin>:1 #2
            Expenses:Rent     900.00 USD
            Assets:Checking  -900.00 USD

        2025-04-30 Rent  ; generated: <stdin>:1 #3
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

    /// Shifted occurrences are written on the day they fall, and a second run adds nothing.
    func testMaterializeWritesShiftedDates() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("salary.ledger")
        try """
        holiday 2025-05-23  a Friday off

        repeat monthly from 2025-04-25 shift before holiday  Salary
            Assets:Bank  3,000.00 USD
            Income:Salary

        """.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runLedgerc(["materialize", file.path, "--until", "2025-06-30", "--write", "--quiet"]).status, 0)
        let written = try String(contentsOf: file, encoding: .utf8)
        // April 25 is a Friday; May 25 a Sunday, and Friday the 23rd a holiday: Thursday the 22nd.
        let dates = written.split(separator: "\n").filter { $0.hasPrefix("2025-") }.map { String($0.prefix(10)) }
        XCTAssertEqual(dates, ["2025-04-25", "2025-05-22", "2025-06-25"])
        XCTAssertEqual(try runLedgerc(["materialize", file.path, "--until", "2025-06-30"]).stdout, "")
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

    /// A salary recorded under another description is warned about at the
    /// recorded transaction, in `check` and in reports alike; a `repeat:` tag
    /// fulfils the occurrence and the warning goes.
    func testANearMissOfAnOccurrenceIsWarned() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("salary.ledger")
        let text = """
        repeat monthly from 2025-01-25  월급
            자산:은행  3,000,000 KRW
            수입:급여

        2025-02-24 ACME 급여이체
            자산:은행  3,000,000 KRW
            수입:급여

        2025-02-25 ACME 급여이체
            자산:은행  3,000,001 KRW
            수입:급여

        """
        try text.write(to: file, atomically: true, encoding: .utf8)
        for args in [["check"], ["report", "summary"]] {
            let r = try runLedgerc(args + [file.path, "--until", "2025-03-31"])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stderr.contains("salary.ledger:5:1: warning: this looks like the 2025-02-25 occurrence of rule '월급'"), r.stderr)
            XCTAssertEqual(r.stderr.components(separatedBy: "warning:").count - 1, 1, "a different amount is no near miss: \(r.stderr)")
        }
        try text.replacingOccurrences(of: "2025-02-24 ACME 급여이체", with: "2025-02-24 ACME 급여이체  ; repeat: 월급")
            .write(to: file, atomically: true, encoding: .utf8)
        let tagged = try runLedgerc(["check", file.path, "--until", "2025-03-31"])
        XCTAssertEqual(tagged.stderr, "")
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

/// What materialize writes keeps the journal's meaning (issue 19 §1), through the binary.
final class MaterializeMeaningTests: XCTestCase {
    func materialize(_ text: String, until: String = "2025-03-31") throws -> (first: String, second: String, before: String, after: String) {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("m.ledger")
        try text.write(to: file, atomically: false, encoding: .utf8)
        let before = try runLedgerc(["report", "transactions", file.path, "--format", "csv", "--until", until]).stdout
        let r = try runLedgerc(["materialize", file.path, "--until", until, "--write"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let first = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(try runLedgerc(["materialize", file.path, "--until", until, "--write"]).stderr.hasSuffix("recorded 0 occurrences of 0 rules in \(file.path)\n"))
        let second = try String(contentsOf: file, encoding: .utf8)
        let after = try runLedgerc(["report", "transactions", file.path, "--format", "csv", "--until", until]).stdout
        return (first, second, before, after)
    }

    /// The CSV without the columns a write is meant to change (generated, source, comment).
    func figures(_ csv: String) -> [String] {
        csv.split(separator: "\n").map { line in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            return cells.prefix(9).joined(separator: ",")
        }.sorted()
    }

    func testADescriptionWithCommaAndBarIsWrittenOnce() throws {
        let r = try materialize("repeat monthly from 2025-01-25  Netflix, Premium | family\n    Expenses:Subscriptions    17.00 USD\n    Assets:Bank\n")
        XCTAssertEqual(r.first, r.second)
        XCTAssertEqual(r.first.components(separatedBy: "; repeat: Netflix, Premium | family\n").count - 1, 3)
    }

    func testAFileEndingInsideACommentBlockRecordsOutsideIt() throws {
        let r = try materialize("repeat monthly from 2025-01-25  Rent\n    Expenses:Rent    900 USD\n    Assets:Bank\n\ncomment\nold notes\n")
        XCTAssertEqual(r.first, r.second)
        XCTAssertEqual(figures(r.after), figures(r.before))
        XCTAssertTrue(r.first.hasSuffix("comment\nold notes\n"))
    }

    func testLaterAliasesAndOpenApplyAccountDoNotRewriteOccurrences() throws {
        let text = "repeat monthly from 2025-01-25  월급\n    Assets:Bank    1,500,000 KRW\n    Income:Salary\n\nalias Assets:Bank = Assets:Savings\napply account Other\n2025-01-02 x\n    a  1 KRW\n    b\n"
        let r = try materialize(text)
        XCTAssertEqual(figures(r.after), figures(r.before))
        XCTAssertEqual(r.first, r.second)
    }

    func testDecimalCommaFilesKeepTheirNumbers() throws {
        let r = try materialize("decimal-mark ,\nrepeat monthly from 2025-01-31  Miete\n    Ausgaben:Miete    1.234,50 EUR\n    Bank\n")
        XCTAssertTrue(r.first.contains("2025-02-28 Miete\n    ; repeat: Miete\n    Ausgaben:Miete    1.234,50 EUR\n"), r.first)
        XCTAssertEqual(figures(r.after), figures(r.before))
    }

    func testCRLFFilesKeepCRLF() throws {
        let r = try materialize("repeat monthly from 2025-01-10  Fee\r\n    Expenses:Fee   1.5 USD\r\n    Assets:Bank\r\n")
        XCTAssertFalse(r.first.replacingOccurrences(of: "\r\n", with: "").contains("\n"), r.first)
        XCTAssertEqual(figures(r.after), figures(r.before))
    }

    /// A later run writes after the occurrences an earlier run recorded, so the file stays in date order.
    func testLaterRunsWriteAfterEarlierOccurrences() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("m.ledger")
        try "repeat monthly from 2025-01-25  Rent, flat | x\n    Expenses:Rent    900 USD\n    Assets:Bank\n\n2025-01-02 Coffee\n    Expenses:Food   3 USD\n    Assets:Bank\n".write(to: file, atomically: false, encoding: .utf8)
        for until in ["2025-02-28", "2025-04-30"] {
            XCTAssertEqual(try runLedgerc(["materialize", file.path, "--until", until, "--write", "--quiet"]).status, 0)
        }
        let dates = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("2025-") }.map { String($0.prefix(10)) }
        XCTAssertEqual(dates, ["2025-01-25", "2025-02-25", "2025-03-25", "2025-04-25", "2025-01-02"])
    }

    /// An assertion in a rule's template is checked by no occurrence; printed
    /// with the occurrences, it is still not (a fuzz finding: the printed
    /// journal failed where its source passed).
    func testAPrintedTemplateAssertionChecksLikeItsSource() throws {
        let journal = """
        2025-01-01 * Opening
            Assets:Checking  1,000.00 USD
            Equity:Opening

        repeat monthly from 2025-01-15  Coffee
            Expenses:Coffee  82.10 USD
            Assets:Checking  = 900.00 USD

        """
        let source = try runLedgerc(["check", "-", "--until", "2025-02-28"], stdin: journal)
        XCTAssertEqual(source.status, 0, source.stderr)
        let printed = try runLedgerc(["print", "-", "--until", "2025-02-28"], stdin: journal)
        XCTAssertTrue(printed.stdout.contains("Assets:Checking  -82.10 USD = 900.00 USD"), printed.stdout)
        let again = try runLedgerc(["check", "-", "--until", "2025-02-28"], stdin: printed.stdout)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stderr, "")
    }

    func testPrintIsAFixedPoint() throws {
        for sample in ["samples/household.ledger", "samples/personal.ledger", "samples/trading.ledger"] {
            let once = try runLedgerc(["print", sample, "--until", "2025-06-30"])
            XCTAssertEqual(once.status, 0)
            let twice = try runLedgerc(["print", "-", "--until", "2025-06-30"], stdin: once.stdout)
            XCTAssertEqual(twice.stdout, once.stdout, sample)
        }
    }

    /// Moving the horizon moves no recorded date (issue 11 §9).
    func testMovingTheHorizonMovesNoRecordedDate() throws {
        let text = "1/15 Groceries\n    Expenses:Food   10 USD\n    Assets:Cash\n"
        let near = try runLedgerc(["print", "-", "--until", "2025-06-01"], stdin: text, env: ["LEDGERC_TODAY": "2025-06-01"])
        let far = try runLedgerc(["print", "-", "--until", "2031-01-01"], stdin: text, env: ["LEDGERC_TODAY": "2025-06-01"])
        XCTAssertTrue(near.stdout.hasPrefix("2025-01-15 Groceries"), near.stdout)
        XCTAssertEqual(far.stdout, near.stdout)
    }
}
