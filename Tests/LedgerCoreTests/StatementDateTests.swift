import XCTest
@testable import LedgerCore

/// Dates of a statement by its rules' `date-format` (issue 44): a field
/// another follows directly takes all its digits, and a time is a time.
final class StatementDateTests: XCTestCase {
    func date(_ text: String, _ format: String) -> String? { CSVStatement.date(text, format: format)?.description }

    func testFormatsReadWhatTheySay() {
        XCTAssertEqual(date("20250301", "%Y%m%d"), "2025-03-01")
        XCTAssertEqual(date("3/1/2025", "%m/%d/%Y"), "2025-03-01")
        XCTAssertEqual(date("2025.03.01 23:59:59", "%Y.%m.%d %H:%M:%S"), "2025-03-01")
        XCTAssertEqual(date("1-Mar-25", "%-d-%b-%y"), "2025-03-01")
    }

    /// Issue 55: a 12-hour clock with AM/PM or 오전/오후, and a workbook's
    /// date cell (`YYYY-MM-DD HH:MM:SS`) under a format that names the time.
    func testTwelveHourClocksAndDateCells() {
        XCTAssertEqual(date("2025-03-05 오후 2:22:10", "%Y-%m-%d %p %-I:%M:%S"), "2025-03-05")
        XCTAssertEqual(date("2025-03-05 오전 11:02:10", "%Y-%m-%d %p %I:%M:%S"), "2025-03-05")
        XCTAssertEqual(date("03/05/2025 02:22 PM", "%m/%d/%Y %I:%M %p"), "2025-03-05")
        XCTAssertEqual(date("03/05/2025 2:22 p.m.", "%m/%d/%Y %l:%M %p"), "2025-03-05")
        XCTAssertNil(date("2025-03-05 오후 13:22:10", "%Y-%m-%d %p %-I:%M:%S"), "%I is 1 to 12")
        XCTAssertNil(date("2025-03-05 정오 1:22:10", "%Y-%m-%d %p %-I:%M:%S"))
        XCTAssertEqual(date("2025-03-02 14:22:01", "%Y.%m.%d %H:%M:%S"), "2025-03-02", "a date cell")
        XCTAssertEqual(date("2025-03-02", "%d/%m/%Y"), "2025-03-02", "a date cell")
        XCTAssertNil(date("2025-03-02 24:22:01", "%Y.%m.%d %H:%M:%S"))
        XCTAssertNil(date("2025-3-02", "%d/%m/%Y"))
    }

    func testWhatIsNoDateIsRefused() {
        XCTAssertNil(date("2025031", "%Y%m%d"), "seven digits are no %Y%m%d date")
        XCTAssertNil(date("202531", "%Y%m%d"))
        XCTAssertNil(date("2025.03.01 99:99:99", "%Y.%m.%d %H:%M:%S"))
        XCTAssertNil(date("2025.03.01 24:00:00", "%Y.%m.%d %H:%M:%S"))
        XCTAssertNil(date("2025.03.01 12:60:00", "%Y.%m.%d %H:%M:%S"))
        XCTAssertNil(date("25-03-01", "%Y-%m-%d"), "%Y is four digits")
        XCTAssertNil(date("2025-02-30", "%Y-%m-%d"))
    }

    /// `fields` with 40,000 names maps each name to its column (it was
    /// quadratic: 2.4 s; not timed here, the benchmark is the judge).
    func testManyFieldsMapToTheirColumns() {
        var names = (0..<40_000).map { "f\($0)" }
        names[39_990] = "description"
        names[7] = "date"
        names[8] = "f7"
        let columns = FieldColumns(names)
        XCTAssertEqual(columns["description"], 39_990)
        XCTAssertEqual(columns["date"], 7)
        XCTAssertEqual(columns["f7"], 8)
        XCTAssertEqual(columns["f39999"], 39_999)
        XCTAssertNil(columns["amount"])
        let short = FieldColumns(["date", "", "_", "amount", "date"])
        XCTAssertEqual(short["date"], 0, "the first of a repeated name")
        XCTAssertEqual(short["amount"], 3)
        XCTAssertNil(short["_"])
    }
}
