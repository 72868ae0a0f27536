import Foundation
import XCTest
@testable import LedgerCore

/// The canonical layout of `ledgerc fmt`: what moves, what stays as written.
final class FormatterTests: XCTestCase {
    func formatted(_ text: String) -> String {
        String(decoding: LedgerFormatter().format(Array(text.utf8)), as: UTF8.self)
    }

    func testAmountsAlignByDisplayWidth() {
        XCTAssertEqual(formatted("""
        2025-01-25 * 월급
          자산:은행:국민   3,200,000 KRW
            수입:급여
        2025-01-26 Lunch
        \tExpenses:Food:Dining\t$12.50
        \tAssets:Cash  -$12.50

        """), """
        2025-01-25 * 월급
            자산:은행:국민  3,200,000 KRW
            수입:급여

        2025-01-26 Lunch
            Expenses:Food:Dining  $12.50
            Assets:Cash          -$12.50

        """)
    }

    func testBlankLinesCollapseAndItemsAreSeparated() {
        XCTAssertEqual(formatted("""


        commodity 1,000 KRW
        account 자산:은행
        2025-01-01 a
            x  1 KRW

            y



        ; about b
        2025-01-02 b
            x  1 KRW
            y
        P 2025-01-03 AAPL 200 USD


        """), """
        commodity 1,000 KRW
        account 자산:은행

        2025-01-01 a
            x  1 KRW
            y

        ; about b
        2025-01-02 b
            x  1 KRW
            y

        P 2025-01-03 AAPL 200 USD

        """)
    }

    func testCommentsCostsAssertionsAndStatusesKeepTheirText() {
        XCTAssertEqual(formatted("""
        2025-01-06 * (42) Buy | broker   ;  trade: yes
            ; a transaction comment
          *  Assets:Broker     10 "005930"   @  53,400 KRW ; lot
            ;posting note
            Assets:Bank:KRW   = 1,000 KRW
            [Budget:Stocks]    -534,000 KRW == -534,000 KRW
            (Tracking)  1 X {2 KRW} [2025-01-06]

        """), """
        2025-01-06 * (42) Buy | broker   ;  trade: yes
            ; a transaction comment
            * Assets:Broker   10 "005930" @  53,400 KRW  ; lot
            ;posting note
            Assets:Bank:KRW  = 1,000 KRW
            [Budget:Stocks]  -534,000 KRW == -534,000 KRW
            (Tracking)                1 X {2 KRW} [2025-01-06]

        """)
    }

    func testBlockCommentsAndRulesStayAsWritten() {
        let text = """
        comment
          anything   goes   here

        end comment

        repeat monthly from 2025-01-25  월급
            자산:은행  3,200,000 KRW
            수입:급여

        """
        XCTAssertEqual(formatted(text), text)
    }

    func testColumnOneCommentsInsideATransactionStayInside() {
        XCTAssertEqual(formatted("""
        2025-01-01 x
            a    1 USD
        ;    b  2 USD
          c
        ; after x

        ; about y
        2025-01-02 y
            a  1 USD
            b

        """), """
        2025-01-01 x
            a  1 USD
        ;    b  2 USD
            c

        ; after x

        ; about y
        2025-01-02 y
            a  1 USD
            b

        """)
    }

    func testByteOrderMarkAndCRLFAreKept() {
        let input = "\u{FEFF}2025-01-01 a\r\n  x   1 USD  \r\n  y\r\n\r\n\r\n"
        XCTAssertEqual(formatted(input), "\u{FEFF}2025-01-01 a\r\n    x  1 USD\r\n    y\r\n")
    }

    func testEmptyAndBlankFiles() {
        XCTAssertEqual(formatted(""), "")
        XCTAssertEqual(formatted("\n\n  \n"), "")
    }

    func testDecimalCommaAmountsAreNotSplit() {
        XCTAssertEqual(formatted("""
        commodity EUR
            format 1.000,00 EUR
        2024/01/01 Shop
            Expenses:Food    1.500,00 EUR @ $1.10
            Assets:Cash

        """), """
        commodity EUR
            format 1.000,00 EUR

        2024/01/01 Shop
            Expenses:Food  1.500,00 EUR @ $1.10
            Assets:Cash

        """)
    }

    /// Every journal the project owns that compiles: formatting is idempotent
    /// and the formatted text compiles to the same meaning.
    func testFormattingOwnedJournalsIsIdempotentAndKeepsTheMeaning() throws {
        let checked = assertFormattingKeepsTheMeaning(try TestCorpus.owned(withErrorSamples: false))
        XCTAssertGreaterThan(checked, 30)
    }

    /// The same over the compatibility corpus, when it is beside the repository.
    func testFormattingCompatibilityJournalsIsIdempotentAndKeepsTheMeaning() throws {
        let checked = assertFormattingKeepsTheMeaning(try TestCorpus.compatibility())
        XCTAssertGreaterThan(checked, 600)
    }

    /// Returns how many journals compiled and were checked.
    func assertFormattingKeepsTheMeaning(_ journals: [TestCorpus.Journal], file: StaticString = #filePath, line: UInt = #line) -> Int {
        let until = CivilDate(year: 2025, month: 12, day: 31)!
        var checked = 0
        for j in journals {
            let before = compile([InputFile(path: j.path, bytes: j.bytes)], until: until)
            guard !before.hasErrors else { continue }
            let once = LedgerFormatter().format(j.bytes)
            XCTAssertEqual(LedgerFormatter().format(once), once, "not idempotent: \(j.path)", file: file, line: line)
            let after = compile([InputFile(path: j.path, bytes: once)], until: until)
            XCTAssertFalse(after.hasErrors, "formatted text has errors: \(j.path)", file: file, line: line)
            XCTAssertEqual(meaning(of: after), meaning(of: before), "meaning changed: \(j.path)", file: file, line: line)
            checked += 1
        }
        return checked
    }
}
