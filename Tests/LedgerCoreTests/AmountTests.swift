import XCTest
@testable import LedgerCore

/// FORMAT.md section 4: amounts.
final class AmountTests: XCTestCase {
    /// The first posting's amount of a one-transaction journal, formatted.
    func firstAmount(_ amount: String, extra: String = "") -> (String, Compilation) {
        let result = compileText(extra + "2025-01-01 t\n    a    \(amount)\n    b\n")
        XCTAssertEqual(result.diagnostics.diagnostics.map(\.message), [], amount)
        guard let t = result.transactions.first else { return ("", result) }
        return (result.amountText(t, 0), result)
    }

    func testCommodityBeforeOrAfterWithOrWithoutSpace() {
        XCTAssertEqual(firstAmount("$12.50").0, "$12.50")
        XCTAssertEqual(firstAmount("-$5").0, "-$5")
        XCTAssertEqual(firstAmount("$-5").0, "-$5")
        XCTAssertEqual(firstAmount("12,000 KRW").0, "12,000 KRW")
        XCTAssertEqual(firstAmount("₩12,000").0, "₩12,000")
        XCTAssertEqual(firstAmount("12000원").0, "12000원")
        XCTAssertEqual(firstAmount("10 AAPL").0, "10 AAPL")
        XCTAssertEqual(firstAmount("-0.01").0, "-0.01")
        XCTAssertEqual(firstAmount("+7 X").0, "7 X")
    }

    /// `isSymbolByte`'s bits: every byte but the listed ones below 0x80 (and
    /// the list is what FORMAT.md §4 says ends a symbol).
    func testSymbolBytesAreAllButTheListedOnes() {
        XCTAssertEqual(Set(CommodityTable.nonSymbolBytes), Set(Array("0123456789 \t\r\n\0-+.,;:@=*!(){}[]\"/".utf8)))
        var wrong: [UInt8] = []
        for b in UInt8(0)...UInt8(255) where CommodityTable.isSymbolByte(b) == (b < 0x80 && CommodityTable.nonSymbolBytes.contains(b)) {
            wrong.append(b)
        }
        XCTAssertEqual(wrong, [])
        XCTAssertFalse(CommodityTable.isSymbolByte(UInt8(ascii: "7")))
        XCTAssertTrue(CommodityTable.isSymbolByte(UInt8(ascii: "$")))
        XCTAssertTrue(CommodityTable.isSymbolByte(0xEC))
    }

    func testQuotedCommodities() {
        let (text, result) = firstAmount("10 \"005930\"")
        XCTAssertEqual(text, "10 \"005930\"")
        XCTAssertEqual(result.ledger.journal.commodities[result.transactions[0].postings[0].amount!.commodity], "005930")
        XCTAssertEqual(firstAmount("3 \"S&P 500\"").0, "3 \"S&P 500\"")
        assertDiagnostics("2025-01-01 t\n    a    10 1️⃣\"005930\n    b\n", [("1️⃣", "unterminatedQuote")])
    }

    func testGroupingAndAmbiguousCommas() {
        XCTAssertEqual(firstAmount("1,234,567.89 USD").1.transactions[0].postings[0].amount!.quantity.description, "1234567.89")
        assertDiagnostics("2025-01-01 t\n    a    1️⃣1,5 EUR\n    b\n", [("1️⃣", "ambiguousNumber")])
        assertDiagnostics("2025-01-01 t\n    a    1️⃣12,34567 EUR\n    b\n", [("1️⃣", "ambiguousNumber")])
    }

    func testDecimalMarkComma() {
        let (text, result) = firstAmount("1.234,56 EUR", extra: "decimal-mark ,\n")
        XCTAssertEqual(result.transactions[0].postings[0].amount!.quantity.description, "1234.56")
        XCTAssertEqual(text, "1,234.56 EUR")
        assertDiagnostics("decimal-mark ,\n2025-01-01 t\n    a    1️⃣1.5 EUR\n    b\n", [("1️⃣", "ambiguousNumber")])
    }

    func testExactDecimalsNeverFloat() {
        let result = compileText("2025-01-01 t\n    a    0.1 X\n    a    0.2 X\n    b    -0.3 X\n")
        XCTAssertEqual(result.diagnostics.diagnostics.count, 0)
    }

    func testHugeNumbersAreDiagnosedNotCrashed() {
        XCTAssertEqual(firstAmount("99999999999999999999999999999999 X").0, "99999999999999999999999999999999 X")
        assertDiagnostics("2025-01-01 t\n    a    1️⃣1234567890123456789012345678901234567 X\n    b\n", [("1️⃣", "numberTooLarge")])
        assertDiagnostics("2025-01-01 t\n    a    1️⃣0.0000000000000000000000000000001 X\n    b\n", [("1️⃣", "numberTooLarge")])
    }

    func testDisplayPrecisionIsTheLargestSeenOrDeclared() {
        let result = compileText("2025-01-01 t\n    a    1.5 USD\n    a    1.125 USD\n    b\n")
        XCTAssertEqual(result.ledger.journal.commodities.precision(result.ledger.journal.commodities.lookup("USD")!), 3)
        let declared = compileText("commodity 1,000.00 USD\n2025-01-01 t\n    a    1.125 USD\n    b\n")
        let usd = declared.ledger.journal.commodities.lookup("USD")!
        XCTAssertEqual(declared.ledger.journal.commodities.precision(usd), 2)
        XCTAssertEqual(declared.amountText(declared.transactions[0], 1), "-1.13 USD")
    }

    func testMissingNumber() {
        assertDiagnostics("2025-01-01 t\n    a    1️⃣USD\n    b\n", [("1️⃣", "expectedAmount")])
    }
}

/// Nearly every number is read by a short path (`Lexer.scanNumber`): it must
/// read exactly what the full reading reads, where it stops included.
final class NumberScanningTests: XCTestCase {
    func read(_ r: Result<(ExactDecimal, Bool), AmountProblem>) -> String {
        switch r {
        case .success(let (q, grouped)): return "\(q.mantissa) scale \(q.scale) grouped \(grouped)"
        case .failure(let problem): return "\(problem)"
        }
    }

    func testTheShortPathReadsWhatTheFullReadingReads() {
        let pieces = ["0", "1", "7", "00", "123", "999", "1234", ",", ".", ",", ".", "E", "e", "-", "2", " ", "USD", "E3"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...9, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let bytes = Array(text.utf8)
            for comma in [false, true] {
                bytes.withUnsafeBufferPointer { buf in
                    var short = Lexer(buf, from: 0, to: buf.count), full = short
                    let a = short.scanNumber(decimalComma: comma), b = full.scanNumberInFull(decimalComma: comma)
                    XCTAssertEqual(read(a), read(b), "\(text) comma: \(comma)")
                    XCTAssertEqual(short.pos, full.pos, "\(text) comma: \(comma)")
                }
            }
        }
    }
}
