import XCTest
@testable import LedgerCore

/// `repeat` calendar clauses (FORMAT.md §7): `on`, `shift`, `holiday`.
final class CalendarClauseTests: XCTestCase {
    /// The generated dates of the journal's one rule up to `until`, as text.
    func dates(_ journal: String, until: String = "2025-12-31") -> [String] {
        let c = compileText(journal, until: until)
        XCTAssertEqual(c.diagnostics.diagnostics.map(\.message), [])
        return c.ledger.ordered.filter { $0.generated != nil }.map { $0.date.description }
    }

    func rule(_ header: String) -> String { "\(header)  R\n    a  1 USD\n    b\n" }

    func testLastDayOfEachMonthInALeapYear() {
        XCTAssertEqual(dates(rule("repeat monthly from 2024-01-31 on last day"), until: "2024-12-31"), [
            "2024-01-31", "2024-02-29", "2024-03-31", "2024-04-30", "2024-05-31", "2024-06-30",
            "2024-07-31", "2024-08-31", "2024-09-30", "2024-10-31", "2024-11-30", "2024-12-31",
        ])
        // From mid-month: the first occurrence is that month's last day.
        XCTAssertEqual(dates(rule("repeat quarterly from 2025-02-10 on last day"), until: "2025-12-31"),
                       ["2025-02-28", "2025-05-31", "2025-08-31", "2025-11-30"])
    }

    func testSecondFriday() {
        XCTAssertEqual(dates(rule("repeat monthly from 2025-01-01 on 2nd friday")), [
            "2025-01-10", "2025-02-14", "2025-03-14", "2025-04-11", "2025-05-09", "2025-06-13",
            "2025-07-11", "2025-08-08", "2025-09-12", "2025-10-10", "2025-11-14", "2025-12-12",
        ])
        // `from` after the month's 2nd Friday: the first occurrence is the next month's.
        XCTAssertEqual(dates(rule("repeat monthly from 2025-01-11 on 2nd fri until 2025-03-31")), ["2025-02-14", "2025-03-14"])
    }

    func testLastFridayWithCountAcrossTheYearEnd() {
        XCTAssertEqual(dates(rule("repeat monthly from 2025-11-01 on last friday count 4"), until: "2026-12-31"),
                       ["2025-11-28", "2025-12-26", "2026-01-30", "2026-02-27"])
    }

    func testMonthsWithAFifthMonday() {
        // Count counts occurrences that exist: the four months of 2025 that have one, then 2026's first.
        XCTAssertEqual(dates(rule("repeat monthly from 2025-01-01 on 5th monday count 5"), until: "2026-12-31"),
                       ["2025-03-31", "2025-06-30", "2025-09-29", "2025-12-29", "2026-03-30"])
    }

    func testYearlyOnFirstMonday() {
        XCTAssertEqual(dates(rule("repeat yearly from 2024-01-01 on 1st mon"), until: "2028-12-31"),
                       ["2024-01-01", "2025-01-06", "2026-01-05", "2027-01-04", "2028-01-03"])
    }

    func testTwentyFifthShiftedBeforeWeekendsAcross2025() {
        XCTAssertEqual(dates(rule("repeat monthly from 2025-01-25 shift before weekend")), [
            "2025-01-24", "2025-02-25", "2025-03-25", "2025-04-25", "2025-05-23", "2025-06-25",
            "2025-07-25", "2025-08-25", "2025-09-25", "2025-10-24", "2025-11-25", "2025-12-25",
        ])
    }

    func testTenthShiftedAfterDeclaredHolidays() {
        let journal = """
        holiday 2025-02-10  a declared Monday
        holiday 2025-02-11
        holiday 2025-09-10
        holiday 2025-11-10  a Monday

        """ + rule("repeat monthly from 2025-01-10 until 2025-12-31 shift after holiday")
        XCTAssertEqual(dates(journal), [
            "2025-01-10", "2025-02-12", "2025-03-10", "2025-04-10", "2025-05-12", "2025-06-10",
            "2025-07-10", "2025-08-11", "2025-09-11", "2025-10-10", "2025-11-11", "2025-12-10",
        ])
        // `shift after weekend` ignores the declared holidays.
        XCTAssertEqual(dates(journal.replacingOccurrences(of: "after holiday", with: "after weekend")).prefix(2), ["2025-01-10", "2025-02-10"])
    }

    func testAShiftedSalaryIsFulfilledByAPaymentADayEarly() {
        // 2025-05-25 is a Sunday: the occurrence moves to Friday the 23rd; paid on Thursday the 22nd.
        let journal = rule("repeat monthly from 2025-01-25 shift before weekend").replacingOccurrences(of: "  R\n", with: "  Salary\n")
            + "\n2025-05-22 Salary\n    a  1 USD\n    b\n"
        let got = dates(journal, until: "2025-06-30")
        XCTAssertEqual(got, ["2025-01-24", "2025-02-25", "2025-03-25", "2025-04-25", "2025-06-25"])
    }

    func testDailyShiftedOffWeekendsKeepsTheWeekdays() {
        // Saturday and Sunday would land on Monday, Monday's own day: they are dropped.
        XCTAssertEqual(dates(rule("repeat daily from 2025-03-06 shift after weekend"), until: "2025-03-11"),
                       ["2025-03-06", "2025-03-07", "2025-03-10", "2025-03-11"])
        XCTAssertEqual(dates(rule("repeat daily from 2025-03-06 shift before weekend"), until: "2025-03-11"),
                       ["2025-03-06", "2025-03-07", "2025-03-10", "2025-03-11"])
    }

    func testClausesInAnyOrder() {
        XCTAssertEqual(dates(rule("repeat monthly count 2 on last day from 2025-01-15")), ["2025-01-31", "2025-02-28"])
        XCTAssertEqual(dates(rule("repeat MONTHLY Shift Before Weekend FROM 2025-01-25 count 1")), ["2025-01-24"])
    }

    func testMisfitClausesAreErrorsAtTheirColumns() {
        assertDiagnostics("repeat weekly from 2025-01-01 1️⃣on last day  R\n    a  1\n    b\n", [("1️⃣", "onNeedsMonths")])
        assertDiagnostics("repeat every 3 days from 2025-01-01 1️⃣on 2nd friday  R\n    a  1\n    b\n", [("1️⃣", "onNeedsMonths")])
        assertDiagnostics("repeat monthly from 2025-01-01 on 1️⃣6th monday  R\n    a  1\n    b\n", [("1️⃣", "badOrdinal")])
        assertDiagnostics("repeat monthly from 2025-01-01 on 2nd 1️⃣funday  R\n    a  1\n    b\n", [("1️⃣", "unknownWeekday")])
        assertDiagnostics("repeat monthly from 2025-01-01 on last 1️⃣week  R\n    a  1\n    b\n", [("1️⃣", "unknownWeekday")])
        assertDiagnostics("repeat monthly from 2025-01-01 shift 1️⃣later weekend  R\n    a  1\n    b\n", [("1️⃣", "expectedAfterKeyword")])
        assertDiagnostics("repeat monthly from 2025-01-01 shift after 1️⃣holidays  R\n    a  1\n    b\n", [("1️⃣", "expectedAfterKeyword")])
        assertDiagnostics("holiday 1️⃣2025-02-30\n", [("1️⃣", "dateNotInCalendar")])
    }

    func testWeekdays() {
        XCTAssertEqual(CivilDate.parse("1970-01-01")!.weekday, .thursday)
        XCTAssertEqual(CivilDate.parse("1969-12-28")!.weekday, .sunday)
        XCTAssertEqual(CivilDate.parse("2024-02-29")!.weekday, .thursday)
        XCTAssertEqual(Weekday(name: "Fri"), .friday)
        XCTAssertNil(Weekday(name: "fr"))
    }

    /// For random rules, clauses, holidays and horizons: occurrences strictly
    /// increase, a later horizon only adds occurrences, and a shifted
    /// occurrence is never on a weekend or a declared holiday.
    func testOccurrencePropertiesForRandomRules() {
        var rng = SeededRandom(seed: 17)
        let units: [CalendarUnit] = [.day, .week, .month, .quarter, .year]
        for _ in 0..<400 {
            let unit = units[Int(rng.next() % 5)]
            let y = 2020 + Int(rng.next() % 8), m = 1 + Int(rng.next() % 12)
            let anchor = CivilDate(year: y, month: m, day: 1 + Int(rng.next() % UInt64(CivilDate.daysInMonth(year: y, month: m))))!
            let template = Transaction(date: anchor, description: "r", location: SourceLocation(file: 0, offset: 0))
            var r = RepeatRule(schedule: Schedule(unit, every: 1 + Int(rng.next() % 3)), anchor: anchor, template: template,
                               location: SourceLocation(file: 0, offset: 0))
            if unit != .day && unit != .week {
                switch rng.next() % 4 {
                case 0: r.day = .lastDay
                case 1: r.day = .nth(1 + Int(rng.next() % 5), Weekday(rawValue: Int(rng.next() % 7))!)
                case 2: r.day = .last(Weekday(rawValue: Int(rng.next() % 7))!)
                default: break
                }
            }
            if rng.next() % 3 != 0 { r.shift = BusinessDayShift(later: rng.next() % 2 == 0, holidays: rng.next() % 2 == 0) }
            if rng.next() % 3 == 0 { r.count = 1 + Int(rng.next() % 30) }
            var holidays = Set<Int32>()
            for _ in 0..<Int(rng.next() % 40) { holidays.insert(anchor.day + Int32(rng.next() % 900)) }
            let near = anchor.adding(days: Int(rng.next() % 400)), far = near.adding(days: Int(rng.next() % 800))
            let upToFar = Array(r.occurrences(holidays: holidays).prefix { $0.date <= far })
            let upToNear = Array(r.occurrences(holidays: holidays).prefix { $0.date <= near })
            XCTAssertEqual(Array(upToFar.prefix(upToNear.count)), upToNear, "a later horizon only adds")
            for (a, b) in zip(upToFar, upToFar.dropFirst()) {
                XCTAssertLessThan(a.date, b.date, "strictly increasing")
                XCTAssertLessThan(a.index, b.index)
            }
            if let shift = r.shift {
                for o in upToFar {
                    XCTAssertFalse(o.date.weekday.isWeekend, "\(o.date) is a weekend day")
                    if shift.holidays { XCTAssertFalse(holidays.contains(o.date.day), "\(o.date) is a holiday") }
                }
            }
            if let count = r.count { XCTAssertLessThanOrEqual(upToFar.count, count) }
            // Windows partition time around the shifted dates.
            var windows: [Range<Int32>] = []
            for (o, w) in r.occurrences(holidays: holidays).withWindows().prefix(20) {
                XCTAssertTrue(w.contains(o.date.day))
                if let last = windows.last { XCTAssertEqual(last.upperBound, w.lowerBound) }
                windows.append(w)
            }
        }
    }
}
