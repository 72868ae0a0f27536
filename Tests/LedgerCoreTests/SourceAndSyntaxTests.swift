import XCTest
@testable import LedgerCore

/// FORMAT.md sections 1–3: files, comments, dates.
final class SourceAndSyntaxTests: XCTestCase {
    let simple = "2025-01-01 * Coffee\n    Expenses:Food    3.50 USD\n    Assets:Cash\n"

    func testBOMAndCRLFAreAccepted() {
        let text = "\u{FEFF}" + simple.replacingOccurrences(of: "\n", with: "\r\n")
        let result = compileText(text)
        XCTAssertEqual(result.diagnostics.diagnostics.count, 0)
        XCTAssertEqual(result.transactions.count, 1)
        XCTAssertEqual(result.transactions[0].description, "Coffee")
        XCTAssertEqual(result.amountText(result.transactions[0], 1), "-3.50 USD")
    }

    func testColumnsCountScalarsAfterBOM() {
        let text = "\u{FEFF}2025-01-01 * 커피\n    지출:식비    3,500 KRW x\n    자산:현금\n"
        let result = compileText(text)
        let d = result.diagnostics.diagnostics[0]
        let place = result.sources.describe(d.location!)
        XCTAssertEqual(place.line, 2)
        XCTAssertEqual(place.column, 24)
    }

    func testInvalidUTF8AndNulAreErrorsAtTheirPlace() {
        var bytes = Array("2025-01-01 * Caf".utf8) + [0xC3] + Array("\n    a  1 X\n    b\n".utf8)
        var result = compile([InputFile(path: "t", bytes: bytes)], until: CivilDate.parse("2025-12-31")!)
        XCTAssertEqual(result.diagnostics.diagnostics.map(\.id), [Messages.invalidUTF8.id])
        XCTAssertEqual(result.sources.describe(result.diagnostics.diagnostics[0].location!).column, 17)
        bytes = Array("; a\u{0}\n".utf8)
        result = compile([InputFile(path: "t", bytes: bytes)], until: CivilDate.parse("2025-12-31")!)
        XCTAssertEqual(result.diagnostics.diagnostics.map(\.id), [Messages.invalidNul.id])
    }

    func testEmptyFileAndOnlyComments() {
        assertCompiles("")
        assertCompiles("; nothing here\n# nor here\n* nor here\n\n")
    }

    func testBlankLinesDoNotEndATransaction() {
        let result = compileText("2025-01-01 Coffee\n    a    1 X\n\n    b\n")
        XCTAssertEqual(result.transactions.first?.postings.count, 2)
    }

    func testBlockComments() {
        assertCompiles("comment\n2025-13-45 nonsense\n    indented\nend comment\n" + simple)
        // As in hledger, an unclosed block runs to the end of the file, with a warning.
        let unclosed = compileText("comment\nnever closed\n2025-13-45 nonsense\n")
        XCTAssertFalse(unclosed.hasErrors)
        XCTAssertEqual(unclosed.diagnostics.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(unclosed.diagnostics.diagnostics.first?.location?.offset, 0)
    }

    func testTransactionAndPostingComments() {
        let text = """
        2025-01-01 * Coffee ; header note, kind: treat
            ; about the transaction
            Expenses:Food    3.50 USD  ; for: me
            ; about the posting :work:travel:
            Assets:Cash
        """
        let t = compileText(text).transactions[0]
        XCTAssertEqual(t.comment, "header note, kind: treat\nabout the transaction")
        XCTAssertEqual(t.tag("kind"), "treat")
        XCTAssertEqual(t.postings[0].comment, "for: me\nabout the posting :work:travel:")
        XCTAssertEqual(t.postings[0].tags.map(\.key), ["for", "work", "travel"])
    }

    func testTags() {
        let tags = parseTags("trip: Busan 2025, paid:, :a:b:")
        XCTAssertEqual(tags.map(\.key), ["trip", "paid", "a", "b"])
        XCTAssertEqual(tags.map(\.value), ["Busan 2025", "", "", ""])
    }

    func testDatesWithThreeSeparatorsAndSecondaryDate() {
        let text = """
        2025-01-02 a
            x    1 X
            y
        2025/01/03=2025/01/05 b
            x    1 X
            y
        2025.1.4 c
            x    1 X
            y
        """
        let ts = compileText(text).transactions
        XCTAssertEqual(ts.map(\.date.description), ["2025-01-02", "2025-01-03", "2025-01-04"])
        XCTAssertEqual(ts[1].date2?.description, "2025-01-05")
    }

    func testInvalidDates() {
        assertDiagnostics("1️⃣2025-02-29 a\n    x    1 X\n    y\n", [("1️⃣", "dateNotInCalendar")])
        assertDiagnostics("1️⃣2025-13-01 a\n    x    1 X\n    y\n", [("1️⃣", "dateNotInCalendar")])
        assertDiagnostics("2025-01-01=1️⃣2025-04-31 a\n    x    1 X\n    y\n", [("1️⃣", "dateNotInCalendar")])
        assertDiagnostics("2025-01-011️⃣x a\n    x    1 X\n    y\n", [("1️⃣", "expectedSpaceAfterDate")])
        assertCompiles("2024-02-29 leap day\n    x    1 X\n    y\n")
    }

    /// A date whose ten bytes match the last date read is taken without being
    /// parsed again: only when nothing of the date follows them.
    func testADateWrittenAgainReadsAsTheFirstTime() {
        let text = "2025-01-31 a\n    x    1 X\n    y\n2025-01-31 b\n    x    1 X\n    y\n2025-01-31=2025-01-31 c\n    x    1 X\n    y\n"
        let ts = compileText(text).transactions
        XCTAssertEqual(ts.map(\.date.description), ["2025-01-31", "2025-01-31", "2025-01-31"])
        XCTAssertEqual(ts[2].date2?.description, "2025-01-31")
        assertDiagnostics("2025-01-31 a\n    x    1 X\n    y\n1️⃣2025-01-311 b\n    x    1 X\n    y\n", [("1️⃣", "expectedDate")])
        assertDiagnostics("2025-01-31 a\n    x    1 X\n    y\n2025-01-311️⃣x b\n    x    1 X\n    y\n", [("1️⃣", "expectedSpaceAfterDate")])
        // Zero bytes are never a date read before, even before any date was ten bytes long.
        let zeros = Array("2025-1-31=".utf8) + [UInt8](repeating: 0, count: 10) + Array(" z\n    x    1 X\n    y\n".utf8)
        let c = compile([InputFile(path: "t", bytes: zeros)], until: CivilDate.parse("2025-12-31")!)
        XCTAssertTrue(c.diagnostics.diagnostics.contains { $0.id == Messages.expectedDate.id })
        XCTAssertEqual(c.ledger.transactions.count, 0)
    }

    /// Account names are scanned eight bytes at a time: each way a name ends
    /// (two spaces, a tab, ` ;`, the line's end) at each place in a word.
    func testAccountNamesEndWhereTheyEndAtAnyLength() {
        for length in 1...19 {
            let name = "A:" + String(repeating: "b", count: length) + " c"
            for (posting, amount) in [("\(name)  1 X", "1 X"), ("\(name)\t1 X", "1 X"), ("\(name) ; note", nil), ("\(name)", nil),
                                      ("\(name)\t ; note", nil), ("\(name) \r", nil), ("자산:현금 \(name)  1 X", "1 X")] {
                let text = "2025-01-01 a\n    \(posting)\n    y    -1 X\n"
                let c = compileText(text)
                XCTAssertFalse(c.hasErrors, posting)
                let p = c.transactions.first?.postings.first
                let expected = posting.hasPrefix("자산") ? "자산:현금 \(name)" : name
                XCTAssertEqual(p.map { c.ledger.journal.accounts[$0.account] }, expected, posting)
                if let amount { XCTAssertEqual(c.amountText(c.transactions[0], 0), amount, posting) }
            }
        }
    }

    func testIndentedLineWithoutAnItem() {
        assertDiagnostics("P 2025-01-01 EUR 1.08 USD\n    1️⃣stray posting  1 X\n", [("1️⃣", "orphanIndentedLine")])
    }

    /// `Lexer.first` finds what a byte-by-byte search finds: in spans
    /// shorter and longer than the 64 bytes it searches itself, with the byte
    /// at every place, beside bytes of 0x80 and up (Korean) and its own
    /// neighbours (a borrow in the word must not flag the byte after).
    func testFirstByteAgreesWithASearchByteByByte() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x3A, 0x3B, 0x3C, 0x00, 0x01, 0x20, 0x61, 0x80, 0xEC, 0xFF] + Array("지출".utf8)
        var checked = 0
        for _ in 0..<4_000 {
            let count = Int.random(in: 0..<200, using: &generator)
            let bytes = (0..<count).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            bytes.withUnsafeBufferPointer { buf in
                for target in [UInt8(0x0A), 0x3B, 0x00, 0xEC] {
                    let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
                    let to = Int.random(in: from...count, using: &generator)
                    let expected = (from..<to).first { buf[$0] == target }
                    XCTAssertEqual(Lexer.first(target, in: buf, from: from, to: to), expected, "\(bytes) \(from)..<\(to) \(target)")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 16_000)
        // Two bytes at once (a header's `;` and `|`), as two searches byte by byte find the first of them.
        let twoAlphabet = alphabet + [0x7C, 0x7B, 0x7D]
        var checkedTwo = 0
        for _ in 0..<4_000 {
            let count = Int.random(in: 0..<120, using: &generator)
            let bytes = (0..<count).map { _ in twoAlphabet.randomElement(using: &generator) ?? 0x61 }
            bytes.withUnsafeBufferPointer { buf in
                for (a, b) in [(UInt8(0x3B), UInt8(0x7C)), (0x7C, 0x3B), (0x0A, 0x00), (0xEC, 0x3A)] {
                    let from = count == 0 ? 0 : Int.random(in: 0...count, using: &generator)
                    let to = Int.random(in: from...count, using: &generator)
                    let expected = (from..<to).first { buf[$0] == a || buf[$0] == b }
                    XCTAssertEqual(Lexer.first(a, or: b, in: buf, from: from, to: to), expected, "\(bytes) \(from)..<\(to) \(a) \(b)")
                    checkedTwo += 1
                }
            }
        }
        XCTAssertEqual(checkedTwo, 16_000)
        // The header's comment and a line's end, through the readers that search for them.
        let text = "2025-01-01 Shop  ; id: \(String(repeating: "x", count: 80))\n    a  1 USD\n    b\n"
        let result = compileText(text)
        XCTAssertEqual(result.diagnostics.diagnostics.count, 0)
        XCTAssertEqual(result.transactions.first?.description, "Shop")
        XCTAssertEqual(result.transactions.first?.comment, "id: " + String(repeating: "x", count: 80))
    }
}
