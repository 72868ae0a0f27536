import XCTest
@testable import LedgerCore

/// The ledger-cli / hledger dialect read for compatibility (docs/COMPATIBILITY.md).
final class DialectTests: XCTestCase {
    func names(_ c: Compilation) -> [String] { c.transactions.flatMap { $0.postings.map(c.accountName) } }

    func testDefaultCommodity() {
        let c = compileText("D $1,000.00\n2025-01-01 t\n    a    5\n    b\n")
        XCTAssertEqual(c.amountText(c.transactions[0], 0), "$5.00")
    }

    func testYearDirectivesAndDatesWithoutAYear() {
        let c = compileText("Y 2019\n1/2 t\n    a    1 X\n    b\nyear 2020\n03/04 u\n    a    1 X\n    b\nY2021\n5/6 v\n    a  1 X\n    b\n")
        XCTAssertEqual(c.diagnostics.diagnostics.map(\.message), [])
        XCTAssertEqual(c.transactions.map(\.date.description), ["2019-01-02", "2020-03-04", "2021-05-06"])
        // Today's year, never the horizon's: moving --until must not move recorded data.
        let noYear = compileText("1/2 t\n    a    1 X\n    b\n", until: "2031-06-30", today: "2025-06-01")
        XCTAssertEqual(noYear.transactions.first?.date.description, "2025-01-02", "today's year")
    }

    func testApplyAccount() {
        let c = compileText("apply account Personal\n2025-01-01 t\n    Food    1 X\n    Cash\nend apply account\n2025-01-02 t\n    Food    1 X\n    Cash\n")
        XCTAssertEqual(names(c), ["Personal:Food", "Personal:Cash", "Food", "Cash"])
    }

    /// ledger-cli's `C` and `N` are read past with a warning each, never in silence.
    func testLedgerOnlyDirectivesAreWarned() {
        let c = compileText("C 1.00 EUR = $1.30\nN ACME\n2025-01-01 t\n    a    1 X\n    b\n")
        XCTAssertEqual(c.diagnostics.diagnostics.map(\.severity), [.warning, .warning])
        XCTAssertEqual(c.transactions.count, 1)
    }

    func testVirtualCostsBalanceLikeCosts() {
        assertCompiles("2025-01-01 t\n    Assets:Foreign    100 EUR (@@) $110.00\n    Assets:Cash    $-110.00\n")
        assertCompiles("2025-01-01 t\n    A    1.00 GBP (@) 1.23 EUR\n    B    -1.23 EUR\n")
    }

    func testLotCostAloneDoesNotCountForBalancing() {
        let c = compileText("2024-01-01 Test\n    Expenses:Food    10 EUR {$1.10}\n    Assets:Cash\n")
        XCTAssertEqual(c.amountText(c.transactions[0], 1), "-10 EUR")
        XCTAssertEqual(c.ledger.journal.commodities.format(c.transactions[0].postings[0].lot!.amount), "$1.10")
    }

    func testCommodityWithADecimalComma() {
        let c = compileText("commodity EUR\n    format 1.000,00 EUR\n2024-01-01 Shop\n    Expenses:Food    1.500,00 EUR\n    Assets:Cash\n")
        XCTAssertEqual(c.diagnostics.diagnostics.map(\.message), [])
        XCTAssertEqual(c.transactions[0].postings[0].amount?.quantity.description, "1500.00")
        let direct = compileText("commodity 1.000,00 EUR\n2024-01-01 Shop\n    Expenses:Food    2,5 EUR\n    Assets:Cash\n")
        XCTAssertEqual(direct.transactions.first?.postings[0].amount?.quantity.description, "2.5")
    }

    func testAssignmentSeesEarlierPostingsOfItsTransaction() {
        let c = compileText("2023-01-01\n    Expenses    1\n    Assets     -1\n    Assets        = -1\n")
        XCTAssertEqual(c.diagnostics.diagnostics.map(\.message), [])
        XCTAssertEqual(c.amountText(c.transactions[0], 2), "0")
    }

    func testHashStartsAnAccountNotAComment() {
        let c = compileText("2024-01-01\n  #a   1\n  b*  -1\n")
        XCTAssertEqual(names(c), ["#a", "b*"])
    }

    func testHalfCentResidueBalancesAsInHledger() {
        assertCompiles("2019-01-01\n    a    0.5 A @ $5.430\n    b    $-2.71\n")
    }
}
