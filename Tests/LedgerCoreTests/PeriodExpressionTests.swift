import XCTest
@testable import LedgerCore

/// One period (issue 45): one reader of period expressions behind `--date`,
/// `~` rules and the interval words of `repeat` rules, and the lexer's fast
/// date path held equal to the general date reader.
final class PeriodExpressionTests: XCTestCase {
    func lexed(_ text: String) -> CivilDate? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buf in
            var lx = Lexer(buf, from: 0, to: buf.count)
            guard case .success(let d) = lx.date(), lx.atEnd else { return nil }
            return d
        }
    }

    /// Every shape of date, valid or not: the lexer reads what `CivilDate.parse` reads.
    func testTheLexersDatesAreTheGeneralReaders() {
        var generator = SystemRandomNumberGenerator()
        var compared = 0, valid = 0
        let separators = ["-", "/", "."]
        for _ in 0..<20_000 {
            let y = [0, 1, 1999, 2000, 2024, 2025, 2100, 9999, Int.random(in: 0...9999, using: &generator)].randomElement(using: &generator)!
            let m = Int.random(in: 0...13, using: &generator), d = Int.random(in: 0...32, using: &generator)
            let a = separators.randomElement(using: &generator)!, b = Bool.random(using: &generator) ? a : separators.randomElement(using: &generator)!
            func digits(_ n: Int, _ width: Int) -> String {
                let s = String(n)
                return Bool.random(using: &generator) ? String(repeating: "0", count: max(0, width - s.count)) + s : s
            }
            var text = "\(digits(y, 4))\(a)\(digits(m, 2))\(b)\(digits(d, 2))"
            if Int.random(in: 0..<20, using: &generator) == 0 { text += ["x", " ", "0", "-"].randomElement(using: &generator)! }
            XCTAssertEqual(lexed(text), CivilDate.parse(text), text)
            compared += 1
            if CivilDate.parse(text) != nil { valid += 1 }
        }
        XCTAssertGreaterThan(valid, 1000)
        XCTAssertEqual(lexed("2024-02-29"), CivilDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(CivilDate.parse("2025-02-29"))
        XCTAssertNil(CivilDate.parse("2025-01/05"), "one separator throughout")
        XCTAssertNil(CivilDate.parse("2025-+1-05"))
    }

    func day(_ text: String) -> CivilDate { CivilDate.parse(text)! }

    func testOneReaderOfPeriodExpressions() {
        let today = day("2025-03-15")
        XCTAssertEqual(PeriodExpression.parse("monthly from 2025-01 to 2025-04", today: nil),
                       PeriodExpression(interval: Schedule(.month), from: day("2025-01-01"), to: day("2025-04-01")))
        XCTAssertEqual(PeriodExpression.parse("every 2 weeks in 2025", today: nil),
                       PeriodExpression(interval: Schedule(.week, every: 2), from: day("2025-01-01"), to: day("2026-01-01")))
        XCTAssertEqual(PeriodExpression.parse("from 2025-02 fortnightly", today: nil)?.interval, Schedule(.week, every: 2))
        XCTAssertEqual(PeriodExpression.parse("last month", today: today)?.period.from, day("2025-02-01"))
        XCTAssertEqual(PeriodExpression.parse("last month", today: today)?.period.to, day("2025-02-28"))
        XCTAssertEqual(PeriodExpression.parse("2025-Q2..", today: today), PeriodExpression(from: day("2025-04-01")))
        XCTAssertEqual(PeriodExpression.parse("..2024", today: today), PeriodExpression(to: day("2025-01-01")))
        XCTAssertNil(PeriodExpression.parse("last month", today: nil), "relative spans need today")
        XCTAssertNil(PeriodExpression.parse("every 2nd monday", today: nil))
        XCTAssertNil(PeriodExpression.parse("monthly from", today: nil))
        // The readers it serves.
        XCTAssertEqual(PeriodicSchedule.parse("quarterly since 2025"), PeriodicSchedule(Schedule(.quarter), from: day("2025-01-01")))
        XCTAssertEqual(DateSpan.parseRange("2025-02", today: today)?.to, day("2025-02-28"))
        XCTAssertNil(DateSpan.parseRange("monthly", today: today), "--date takes days, not an interval")
        // `repeat` reads the same interval words (fortnightly is one of them).
        let c = compileText("repeat fortnightly from 2025-01-06  pay\n    assets:bank  1 USD\n    income\n", until: "2025-02-01")
        XCTAssertEqual(c.ledger.transactions.filter { $0.generated != nil }.map(\.date), [day("2025-01-06"), day("2025-01-20")])
    }

    /// hledger's `A-B` (issue 58): alone, or after an interval; B's start is
    /// the end. A date alone is never taken for a range (`2014-01-10`).
    func testDashRanges() {
        let today = CivilDate(year: 2026, month: 11, day: 27)!
        let alone = PeriodExpression.parse("2014/1/10-2014/2/20", today: today, endExclusive: true)
        XCTAssertEqual(alone?.from?.description, "2014-01-10")
        XCTAssertEqual(alone?.to?.description, "2014-02-20")
        let monthly = PeriodExpression.parse("monthly 2014/1/10-2014/2/20", today: today, endExclusive: true)
        XCTAssertNotNil(monthly?.interval)
        XCTAssertEqual(monthly?.from?.description, "2014-01-10")
        let day = PeriodExpression.parse("2014-01-10", today: today, endExclusive: true)
        XCTAssertEqual(day?.from?.description, "2014-01-10")
        XCTAssertEqual(day?.to?.description, "2014-01-11")
        XCTAssertNil(PeriodExpression.parse("2014/2/20-2014/1/10", today: today, endExclusive: true), "a range that runs backwards")
    }

    /// hledger's day rules in `~` periods (issue 58, forecast.test #10, #12,
    /// #13): `every 28th day`, `every 2nd monday`, `every weekday`, `every
    /// weekendday`, `every tue,thu`, `every 12/25`; a period alone is one
    /// occurrence on its first day (`~ 2/1` with `Y 2000`: 2000-02-01).
    func testPeriodicDayRules() {
        func dates(_ text: String, _ a: String, _ b: String, reference: CivilDate? = nil) -> [String]? {
            PeriodicSchedule.parse(text, reference: reference)?.dates(from: day(a), through: day(b)).map(\.description)
        }
        XCTAssertEqual(dates("every 28th day", "2020-01-01", "2020-03-31"), ["2020-01-28", "2020-02-28", "2020-03-28"])
        XCTAssertEqual(dates("every 31st day of month", "2024-01-01", "2024-03-31"), ["2024-01-31", "2024-02-29", "2024-03-31"])
        XCTAssertEqual(dates("every 2nd monday", "2025-01-01", "2025-03-31"), ["2025-01-13", "2025-02-10", "2025-03-10"])
        // As hledger 1.25 steps them: December's fifth friday lands on 2025-01-03, then
        // February's (none: counted on to 2025-03-07), March's; January's own is passed over.
        XCTAssertEqual(dates("every 5th friday of month", "2025-01-01", "2025-04-30"), ["2025-01-03", "2025-03-07", "2025-04-04"])
        XCTAssertEqual(dates("every weekday", "2021-09-03", "2021-09-07"), ["2021-09-03", "2021-09-06", "2021-09-07"])
        XCTAssertEqual(dates("every weekendday", "2021-09-03", "2021-09-07"), ["2021-09-04", "2021-09-05"])
        XCTAssertEqual(dates("every tue,thu from 2025-01-01 to 2025-01-10", "2024-12-01", "2025-12-31"), ["2025-01-02", "2025-01-07", "2025-01-09"])
        XCTAssertEqual(dates("every 2/29", "2023-01-01", "2024-12-31"), ["2023-02-28", "2024-02-29"])
        XCTAssertEqual(dates("every dec 25th", "2024-01-01", "2025-12-31"), ["2024-12-25", "2025-12-25"])
        let y2000 = day("2000-01-01")
        XCTAssertEqual(dates("2/1", "2000-01-02", "2000-12-31", reference: y2000), ["2000-02-01"])
        XCTAssertEqual(dates("15", "2000-01-02", "2000-12-31", reference: y2000), ["2000-01-15"])
        XCTAssertEqual(dates("next month", "2000-01-02", "2000-12-31", reference: y2000), ["2000-02-01"])
        XCTAssertEqual(dates("2021-10-01", "2021-09-02", "2021-10-31"), ["2021-10-01"])
        XCTAssertNil(PeriodicSchedule.parse("every 6th sunday"))
        XCTAssertNil(PeriodicSchedule.parse("next month"), "relative dates need a reference")
    }
}
