import XCTest
@testable import LedgerCore

/// FORMAT.md sections 7 (rule syntax) and 8 (`~` periodic transactions).
final class RepeatParsingTests: XCTestCase {
    func rule(_ header: String) -> (RepeatRule?, Compilation) {
        let result = compileText(header + "\n    Expenses:X    10 USD\n    Assets:Y\n")
        return (result.ledger.journal.rules.first, result)
    }

    func testScheduleKeywords() {
        let cases: [(String, Schedule)] = [
            ("daily", Schedule(.day)), ("weekly", Schedule(.week)), ("biweekly", Schedule(.week, every: 2)),
            ("monthly", Schedule(.month)), ("bimonthly", Schedule(.month, every: 2)), ("quarterly", Schedule(.quarter)),
            ("semiannually", Schedule(.month, every: 6)), ("yearly", Schedule(.year)), ("ANNUALLY", Schedule(.year)),
            ("every 3 days", Schedule(.day, every: 3)), ("every week", Schedule(.week)),
            ("every 2 months", Schedule(.month, every: 2)), ("every quarter", Schedule(.quarter)),
            ("Every 2 Years", Schedule(.year, every: 2)),
        ]
        for (words, schedule) in cases {
            let (r, result) = rule("repeat \(words) from 2025-01-31  Thing")
            XCTAssertEqual(result.diagnostics.diagnostics.map(\.message), [], words)
            XCTAssertEqual(r?.schedule, schedule, words)
        }
    }

    func testHeaderParts() {
        let (r, _) = rule("repeat monthly from 2025-01-31 until 2025-12-31 count 5  * Rent | flat ; tag: v")
        XCTAssertEqual(r?.anchor.description, "2025-01-31")
        XCTAssertEqual(r?.until?.description, "2025-12-31")
        XCTAssertEqual(r?.count, 5)
        XCTAssertEqual(r?.description, "Rent | flat")
        XCTAssertEqual(r?.template.status, .cleared)
        XCTAssertEqual(r?.template.tag("tag"), "v")
    }

    func testRuleErrors() {
        let body = "\n    Expenses:X    10 USD\n    Assets:Y\n"
        assertDiagnostics("repeat 1️⃣montly from 2025-01-01  R" + body, [("1️⃣", "unknownSchedule")])
        assertDiagnostics("1️⃣repeat monthly  R" + body, [("1️⃣", "missingFrom")])
        assertDiagnostics("repeat weekly from 2025-01-01 count 1️⃣0  R" + body, [("1️⃣", "countZero")])
        assertDiagnostics("repeat weekly from 2025-06-01 until 1️⃣2025-01-01  R" + body, [("1️⃣", "untilBeforeFrom")])
        assertDiagnostics("repeat weekly from 1️⃣2025-02-30  R" + body, [("1️⃣", "dateNotInCalendar")])
        assertDiagnostics("repeat every 2 1️⃣fortnights from 2025-01-01  R" + body, [("1️⃣", "unknownSchedule")])
        assertDiagnostics("1️⃣repeat monthly from 2025-01-01  R\n    a    1 X\n    b    1 X\n", [("1️⃣", "ruleDoesNotBalance")])
        assertDiagnostics("repeat monthly from 2025-01-01  Rent" + body + "2️⃣repeat weekly from 2025-01-01  rent" + body,
                          [("2️⃣", "duplicateRule")])
    }

    func testAnUnbalancedRuleIsReportedOnceAndGeneratesNothing() {
        let result = compileText("repeat daily from 2025-01-01  R\n    a    1 X\n    b    1 X\n", until: "2025-12-31")
        XCTAssertEqual(result.diagnostics.errorCount, 1)
        XCTAssertEqual(result.transactions.count, 0)
    }

    func testPeriodicTransactionsAreCheckedButGenerateNothing() {
        let result = compileText("~ monthly from 2025-01 to 2025/06  Budget\n    Expenses:Food    400 USD\n    Assets:Checking\n\n~ every 2 weeks\n    a    1 X\n    b\n")
        XCTAssertEqual(result.diagnostics.diagnostics.map(\.message), [])
        XCTAssertEqual(result.ledger.journal.periodic.count, 2)
        XCTAssertEqual(result.transactions.count, 0)
        assertDiagnostics("~ 1️⃣montly  Budget\n    a    1 X\n    b\n", [("1️⃣", "invalidPeriod")])
        assertDiagnostics("1️⃣~ monthly  Budget\n    a    1 X\n    b    1 X\n", [("1️⃣", "doesNotBalance")])
    }
}
