import XCTest
@testable import LedgerCore

/// FORMAT.md section 7: occurrence dates, fulfilment windows, generation.
final class RecurrenceTests: XCTestCase {
    func rule(_ header: String, until: String = "2040-12-31", extra: String = "") -> Compilation {
        compileText(header + "\n    Expenses:X    10.00 USD\n    Assets:Y\n\n" + extra, until: until)
    }

    func dates(_ result: Compilation, generatedOnly: Bool = true) -> [String] {
        result.transactions.filter { !generatedOnly || $0.generated != nil }.map(\.date.description)
    }

    func testJan31MonthlyAcrossALeapYear() {
        let result = rule("repeat monthly from 2024-01-31 count 14  Rent")
        XCTAssertEqual(dates(result), ["2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30",
                                       "2024-07-31", "2024-08-31", "2024-09-30", "2024-10-31", "2024-11-30", "2024-12-31",
                                       "2025-01-31", "2025-02-28"])
    }

    func testFeb29YearlyOverEightYears() {
        let result = rule("repeat yearly from 2024-02-29  Leap", until: "2031-12-31")
        XCTAssertEqual(dates(result), ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28",
                                       "2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28"])
    }

    func testEveryTwoWeeksWithCount() {
        let result = rule("repeat every 2 weeks from 2025-03-03 count 4  Lesson")
        XCTAssertEqual(dates(result), ["2025-03-03", "2025-03-17", "2025-03-31", "2025-04-14"])
        XCTAssertEqual(dates(rule("repeat biweekly from 2025-03-03 count 2  Lesson")), ["2025-03-03", "2025-03-17"])
    }

    func testQuarterlyFromNov30() {
        let result = rule("repeat quarterly from 2024-11-30 count 5  Tax")
        XCTAssertEqual(dates(result), ["2024-11-30", "2025-02-28", "2025-05-30", "2025-08-30", "2025-11-30"])
    }

    func testUntilIsInclusiveAndTheEarlierEndWins() {
        XCTAssertEqual(dates(rule("repeat monthly from 2025-01-15 until 2025-03-15  R")), ["2025-01-15", "2025-02-15", "2025-03-15"])
        XCTAssertEqual(dates(rule("repeat monthly from 2025-01-15 until 2025-12-31 count 2  R")), ["2025-01-15", "2025-02-15"])
        XCTAssertEqual(dates(rule("repeat monthly from 2025-01-15 until 2025-02-01 count 5  R")), ["2025-01-15"])
        XCTAssertEqual(dates(rule("repeat daily from 2025-01-30  R", until: "2025-02-02")), ["2025-01-30", "2025-01-31", "2025-02-01", "2025-02-02"])
    }

    func testHorizonBeforeTheAnchorGeneratesNothing() {
        XCTAssertEqual(dates(rule("repeat monthly from 2025-06-01  R", until: "2025-05-31")), [])
        XCTAssertEqual(dates(rule("repeat monthly from 2025-06-01  R", until: "2025-06-01")), ["2025-06-01"])
    }

    func testRecordsEarlyAndLateFulfilTheirOccurrence() {
        let result = rule("repeat monthly from 2025-01-25  Salary", until: "2025-04-30", extra: """
        2025-02-22 salary
            Assets:Y    3000.00 USD
            Income
        2025-03-28 SALARY
            Assets:Y    3100.00 USD
            Income
        """)
        XCTAssertEqual(dates(result), ["2025-01-25", "2025-04-25"])
        let recorded = result.transactions.filter { $0.generated == nil }
        XCTAssertEqual(recorded.map { result.amountText($0, 0) }, ["3000.00 USD", "3100.00 USD"], "records keep their own amounts")
    }

    func testTwoRecordedPartsOfOneRentInOneWindow() {
        let result = rule("repeat monthly from 2025-01-01  Rent", until: "2025-02-28", extra: """
        2025-02-01 Rent
            Expenses:X    500.00 USD
            Assets:Y
        2025-02-03 rent   | second half
            Expenses:X    500.00 USD
            Assets:Y
        """)
        XCTAssertEqual(dates(result), ["2025-01-01"])
        XCTAssertEqual(result.transactions.count, 3)
    }

    func testWindowBoundaryOfAWeeklyRule() {
        // Occurrences on Mondays 03-03, 03-10, 03-17. Thursday 03-06 is 3 days after
        // the first (closer to it); Friday 03-07 is 3 days before the second.
        let thursday = rule("repeat weekly from 2025-03-03 count 3  Lesson", extra: "2025-03-06 Lesson\n    Expenses:X    10.00 USD\n    Assets:Y\n")
        XCTAssertEqual(dates(thursday), ["2025-03-10", "2025-03-17"])
        let friday = rule("repeat weekly from 2025-03-03 count 3  Lesson", extra: "2025-03-07 Lesson\n    Expenses:X    10.00 USD\n    Assets:Y\n")
        XCTAssertEqual(dates(friday), ["2025-03-03", "2025-03-17"])
    }

    func testTagLinkedRecordWithAnotherPayee() {
        let result = rule("repeat monthly from 2025-01-10  Internet", until: "2025-02-28", extra: """
        2025-02-09 Comcast Cable  ; repeat: internet
            Expenses:X    64.99 USD
            Assets:Y
        """)
        XCTAssertEqual(dates(result), ["2025-01-10"])
    }

    func testWhiteSpaceInNamesIsFolded() {
        let result = rule("repeat monthly from 2025-01-10  Piano   lesson", until: "2025-01-31", extra: "2025-01-10 piano lesson\n    Expenses:X    10.00 USD\n    Assets:Y\n")
        XCTAssertEqual(dates(result), [])
    }

    func testGeneratedTransactionsAreMarkedAndOrdered() {
        let result = rule("repeat monthly from 2025-01-10  Rent", until: "2025-01-31", extra: "2025-01-10 Coffee\n    Expenses:X    3.00 USD\n    Assets:Y\n")
        let ts = result.transactions
        XCTAssertEqual(ts.map(\.description), ["Coffee", "Rent"], "generated after recorded on the same date")
        XCTAssertEqual(ts[1].generated?.occurrence, 0)
        XCTAssertEqual(ts[1].status, .unmarked)
        XCTAssertEqual(result.amountText(ts[1], 1), "-10.00 USD")
        let cleared = rule("repeat monthly from 2025-01-10  * Rent", until: "2025-01-31")
        XCTAssertEqual(cleared.transactions[0].status, .cleared)
    }

    // MARK: properties over many random rules

    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 11 ^ state
        }
    }

    func randomRule(_ rng: inout SeededRandom) -> RepeatRule {
        let units: [CalendarUnit] = [.day, .week, .month, .quarter, .year]
        let schedule = Schedule(units.randomElement(using: &rng)!, every: Int.random(in: 1...3, using: &rng))
        let y = Int.random(in: 1990...2030, using: &rng), m = Int.random(in: 1...12, using: &rng)
        let anchor = CivilDate(year: y, month: m, day: Int.random(in: 1...CivilDate.daysInMonth(year: y, month: m), using: &rng))!
        let template = Transaction(date: anchor, description: "r", location: SourceLocation(file: 0, offset: 0))
        var r = RepeatRule(schedule: schedule, anchor: anchor, template: template, location: SourceLocation(file: 0, offset: 0))
        if Bool.random(using: &rng) { r.count = Int.random(in: 1...40, using: &rng) }
        return r
    }

    func testOccurrenceKIsTheAnchorAdvancedKStepsWithClamping() {
        var rng = SeededRandom(state: 2025)
        for _ in 0..<300 {
            let r = randomRule(&rng)
            let (y, m, d) = r.anchor.components
            for k in 0..<40 {
                let got = r.scheduledDate(k)!
                if let days = r.schedule.stepDays {
                    XCTAssertEqual(Int(got.day - r.anchor.day), k * days)
                } else {
                    let months = (m - 1) + k * r.schedule.stepMonths
                    let ey = y + months / 12, em = months % 12 + 1
                    XCTAssertEqual(got, CivilDate(year: ey, month: em, day: min(d, CivilDate.daysInMonth(year: ey, month: em))))
                }
            }
        }
    }

    func testWindowsPartitionTime() {
        var rng = SeededRandom(state: 7)
        for _ in 0..<200 {
            let r = randomRule(&rng)
            var windows: [Range<Int32>] = []
            for (occurrence, w) in r.occurrences().withWindows().prefix(r.count ?? 25) {
                XCTAssertTrue(w.contains(occurrence.date.day), "occurrence \(occurrence.index) lies in its window")
                if let previous = windows.last { XCTAssertEqual(previous.upperBound, w.lowerBound, "windows abut") }
                windows.append(w)
            }
            // Every day of the span belongs to exactly one window.
            let span = windows.first!.lowerBound..<windows.last!.upperBound
            for day in stride(from: span.lowerBound, to: span.upperBound, by: max(1, span.count / 200)) {
                XCTAssertEqual(windows.filter { $0.contains(day) }.count, 1)
            }
            // The first window reaches back as far as its forward half reaches ahead.
            let first = windows[0], anchor = r.anchor.day
            XCTAssertEqual(anchor - first.lowerBound, first.upperBound - 1 - anchor)
        }
    }

    func testPrintThenCompileGivesTheSameTransactions() throws {
        for name in ["household", "personal", "trading"] {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("samples/\(name).ledger")
            let text = try String(contentsOf: url, encoding: .utf8)
            let first = compileText(text, until: "2025-06-30", path: url.path)
            XCTAssertFalse(first.hasErrors)
            let printer = LedgerPrinter(journal: first.ledger.journal, sources: first.sources)
            var buf = ByteBuffer()
            for t in first.ledger.ordered { printer.write(t, into: &buf, extraComment: printer.generatedComment(t)); buf.byte(0x0A) }
            // Beside the sample, so that its receipts are found as they are from the sample.
            let second = compileText(buf.string, until: "2025-06-30", path: url.path)
            XCTAssertEqual(second.diagnostics.diagnostics.map(\.message), [], name)
            XCTAssertEqual(summary(first), summary(second), name)
        }
    }

    /// Each transaction as date, description and its postings' accounts and amounts.
    func summary(_ c: Compilation) -> [String] {
        c.transactions.map { t in
            ([t.date.description, t.description] + t.postings.map { p in
                c.accountName(p) + " " + c.ledger.journal.commodities.format(p.amount!, precision: 30)
            }).joined(separator: "|")
        }
    }
}
