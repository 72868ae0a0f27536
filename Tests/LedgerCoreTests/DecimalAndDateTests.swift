import XCTest
@testable import LedgerCore

final class ExactDecimalTests: XCTestCase {
    func d(_ m: Int128, _ s: Int) -> ExactDecimal { ExactDecimal(mantissa: m, scale: s) }

    func testAddingAlignsScales() {
        XCTAssertEqual(d(1250, 2).adding(d(5, 1))?.description, "13.00")
        XCTAssertEqual(d(-1, 2).adding(d(1, 2))?.isZero, true)
    }

    func testRoundingIsHalfAwayFromZero() {
        XCTAssertEqual(d(5525, 4).rounded(to: 3).description, "0.553")
        XCTAssertEqual(d(-5525, 4).rounded(to: 3).description, "-0.553")
        XCTAssertEqual(d(5524, 4).rounded(to: 3).description, "0.552")
        XCTAssertEqual(d(12, 1).atScale(3)?.description, "1.200")
    }

    func testMultiplyAndDivide() {
        XCTAssertEqual(d(10, 0).multiplied(by: d(15000, 2))?.description, "1500.00")
        XCTAssertEqual(d(1767000, 0).divided(by: d(3200000, 0), places: 4)?.description, "0.5522")
        XCTAssertEqual(d(2, 0).divided(by: d(3, 0), places: 4)?.description, "0.6667")
        XCTAssertNil(d(1, 0).divided(by: .zero, places: 2))
    }

    func testOverflowIsReportedNotWrapped() {
        let huge = d(Int128(10) ** 37, 0)
        XCTAssertNil(huge.multiplied(by: d(20, 0)))
        XCTAssertNil(d(Int128(10) ** 38, 0).adding(d(Int128(10) ** 38, 0)))
        XCTAssertNil(d(1, 0).rescaled(upTo: 40))
    }

    func testHugeExactValuesFormatExactly() {
        let v = d(Int128("123456789012345678901234567890")!, 10)
        XCTAssertEqual(v.description, "12345678901234567890.1234567890")
        var buf = ByteBuffer()
        d(-123456789, 2).write(into: &buf, grouping: UInt8(ascii: ","))
        XCTAssertEqual(buf.string, "-1,234,567.89")
    }
}

infix operator **
func ** (base: Int128, power: Int) -> Int128 { (0..<power).reduce(1) { r, _ in r * base } }

final class CivilDateTests: XCTestCase {
    func testRoundTripOverFourCenturies() {
        var d = CivilDate(year: 1900, month: 1, day: 1)!
        var expected = (1900, 1, 1)
        for _ in 0..<(366 * 400) {
            let c = d.components
            XCTAssertEqual(c.year, expected.0)
            XCTAssertEqual(c.month, expected.1)
            XCTAssertEqual(c.day, expected.2)
            XCTAssertEqual(CivilDate(year: c.year, month: c.month, day: c.day), d)
            d = d.adding(days: 1)
            expected.2 += 1
            if expected.2 > CivilDate.daysInMonth(year: expected.0, month: expected.1) {
                expected.2 = 1
                expected.1 += 1
                if expected.1 > 12 { expected.1 = 1; expected.0 += 1 }
            }
        }
    }

    func testLeapYears() {
        XCTAssertNotNil(CivilDate(year: 2024, month: 2, day: 29))
        XCTAssertNil(CivilDate(year: 2025, month: 2, day: 29))
        XCTAssertNil(CivilDate(year: 1900, month: 2, day: 29))
        XCTAssertNotNil(CivilDate(year: 2000, month: 2, day: 29))
        XCTAssertNil(CivilDate(year: 2025, month: 4, day: 31))
        XCTAssertNil(CivilDate(year: 2025, month: 13, day: 1))
    }

    func testAddingMonthsClampsToMonthEnd() {
        let jan31 = CivilDate(year: 2024, month: 1, day: 31)!
        XCTAssertEqual(jan31.adding(months: 1, dayOfMonth: 31)?.description, "2024-02-29")
        XCTAssertEqual(jan31.adding(months: 13, dayOfMonth: 31)?.description, "2025-02-28")
        XCTAssertEqual(jan31.adding(months: 3, dayOfMonth: 31)?.description, "2024-04-30")
        XCTAssertEqual(jan31.adding(months: -2, dayOfMonth: 31)?.description, "2023-11-30")
    }

    func testCommandLineDates() {
        XCTAssertEqual(CivilDate.parse("2025-01-05")?.description, "2025-01-05")
        XCTAssertEqual(CivilDate.parse("2025/1/5")?.description, "2025-01-05")
        XCTAssertNil(CivilDate.parse("2025-02-30"))
        XCTAssertNil(CivilDate.parse("25-01-05"))
        XCTAssertNil(CivilDate.parse("yesterday"))
    }
}

final class CommaSeparatedTests: XCTestCase {
    /// Semantic tokens' numbers written with commas: each under 1,000 from a
    /// table, larger ones digit by digit, none past the last, as a JSON array.
    func testCommaSeparatedNumbers() {
        var values: [UInt32] = Array(0..<1200) + [9_999, 10_000, 65_535, 1_000_000, UInt32.max, 7, 0]
        var rng = SeededRandom(seed: 3)
        for _ in 0..<500 { values.append(UInt32(truncatingIfNeeded: rng.next() >> UInt64(rng.next() % 64))) }
        XCTAssertEqual(String(decoding: JSONValue.numbers(values).bytes, as: UTF8.self), "[" + values.map(String.init).joined(separator: ",") + "]")
        XCTAssertEqual(String(decoding: JSONValue.numbers([UInt32]()).bytes, as: UTF8.self), "[]")
        XCTAssertEqual(String(decoding: JSONValue.object([("a", .numbers([UInt32(5)])), ("b", .int(1))]).bytes, as: UTF8.self), #"{"a":[5],"b":1}"#)
    }

    /// Semantic tokens written as they are encoded are the numbers encoded.
    func testSemanticTokensWrittenAsEncoded() {
        let text = "2025-01-05 * 가게  ; 메모\n    Expenses:식비    1,000 KRW\n    Assets:Cash\n\n" + String(repeating: "; x\n", count: 1500) + "2025-01-06 b\n    a  $1\n    b\n"
        let tokens = SemanticTokenLines(SourceFile(path: "t.ledger", bytes: Array(text.utf8)), .utf16)
        for encoded in [tokens.encoded(), tokens.encoded(lines: 1...3), tokens.encoded(lines: 1500...9000)] {
            let written = JSONValue(parsing: JSONValue.numbers(encoded).bytes)?.array?.compactMap { $0.int }.map(UInt32.init)
            XCTAssertEqual(written, encoded.values)
            XCTAssertFalse(encoded.values.isEmpty)
        }
    }
}
