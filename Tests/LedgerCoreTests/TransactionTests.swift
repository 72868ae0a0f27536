import XCTest
@testable import LedgerCore

/// FORMAT.md section 5: transactions, balancing, assertions.
final class TransactionTests: XCTestCase {
    func testHeaderParts() {
        let t = compileText("2025-01-01 ! (INV-7) Acme | March invoice ; note\n    a    1 X\n    b\n").transactions[0]
        XCTAssertEqual(t.status, .pending)
        XCTAssertEqual(t.code, "INV-7")
        XCTAssertEqual(t.description, "Acme | March invoice")
        XCTAssertEqual(t.payee, "Acme")
        XCTAssertEqual(t.note, "March invoice")
        XCTAssertEqual(t.comment, "note")
    }

    func testAccountNamesWithSpacesAndKorean() {
        let result = compileText("2025-01-01 t\n    * Assets:My Bank Account\t100 KRW\n    지출:식비:점심 값    -100 KRW\n")
        let ps = result.transactions[0].postings
        XCTAssertEqual(ps.map(result.accountName), ["Assets:My Bank Account", "지출:식비:점심 값"])
        XCTAssertEqual(ps[0].status, .cleared)
    }

    func testVirtualPostings() {
        let result = compileText("2025-01-01 t\n    a    1 X\n    b\n    (budget)    -1 X\n    [x]    2 Y\n    [y]\n")
        let ps = result.transactions[0].postings
        XCTAssertEqual(ps.map(\.virtual), [.real, .real, .unbalanced, .balanced, .balanced])
        XCTAssertEqual(result.amountText(result.transactions[0], 4), "-2 Y")
        assertDiagnostics("1️⃣2025-01-01 t\n    a    1 X\n    b   -1 X\n    [c]    2 Y\n", [("1️⃣", "doesNotBalance")])
        assertCompiles("2025-01-01 t\n    (budget)    -1 X\n")
    }

    func testElidedAmountIsInferred() {
        let result = compileText("2025-01-01 t\n    a    1.50 USD\n    a    2 EUR\n    a    0.50 USD\n    b\n")
        let t = result.transactions[0]
        XCTAssertEqual(t.postings.count, 5, "one inferred posting per commodity")
        XCTAssertEqual(result.amountText(t, 3), "-2.00 USD")
        XCTAssertEqual(result.amountText(t, 4), "-2 EUR")
        XCTAssertTrue(t.postings[3].isInferred)
    }

    /// A group the fast path leaves (a cost) infers its one amount in place, and
    /// exactly zero, in the first commodity seen, when the others sum to zero.
    func testOneInferredAmountOrAZeroBesideACost() {
        let one = compileText("2025-01-01 t\n    a    10 AAPL @ $5\n    b    $-20\n    c\n")
        XCTAssertEqual(one.transactions[0].postings.count, 3)
        XCTAssertEqual(one.amountText(one.transactions[0], 2), "-$30")
        XCTAssertTrue(one.transactions[0].postings[2].isInferred)
        let zero = compileText("2025-01-01 t\n    a    10 AAPL @ $5\n    b    $-50\n    c\n")
        XCTAssertEqual(zero.transactions[0].postings.count, 3)
        XCTAssertEqual(zero.amountText(zero.transactions[0], 2), "$0")
        XCTAssertTrue(zero.transactions[0].postings[2].isInferred)
    }

    func testCostsCountAtCost() {
        assertCompiles("2025-01-01 buy\n    Assets:Broker    10 AAPL @ 150.00 USD\n    Assets:Cash    -1,500.00 USD\n")
        assertCompiles("2025-01-01 buy\n    Assets:Broker    10 AAPL @@ 1,500.00 USD\n    Assets:Cash    -1,500.00 USD\n")
        assertCompiles("2024-12-01 buy\n    Assets:Broker    10 AAPL @ 150 USD\n    Assets:Cash\n"
                       + "2025-01-01 sell\n    Assets:Broker    -10 AAPL @@ 1,600.00 USD\n    Assets:Cash    1,600.00 USD\n")
        assertCompiles("2025-01-01 buy\n    Assets:Broker    10 AAPL {150.00 USD} [2025-01-01]\n    Assets:Cash    -1,500.00 USD\n")
        assertDiagnostics("1️⃣2025-01-01 buy\n    Assets:Broker    10 AAPL @ 150.00 USD\n    Assets:Cash    -1,400.00 USD\n",
                          [("1️⃣", "doesNotBalance")])
        let result = compileText("2025-01-01 buy\n    Assets:Broker    10 AAPL @ 150.00 USD\n    Assets:Cash\n")
        XCTAssertEqual(result.amountText(result.transactions[0], 1), "-1500.00 USD")
    }

    func testBalancesAtDisplayPrecision() {
        assertCompiles("2025-01-01 t\n    a    -113.50 USD @ 7.147224669603524229074889868 CNY\n    a    811.21 CNY\n")
        assertDiagnostics("1️⃣2025-01-01 t\n    a    1.00 USD\n    b   -0.99 USD\n", [("1️⃣", "doesNotBalance")])
    }

    func testImpliedConversionBetweenTwoCommodities() {
        assertCompiles("2025-01-01 exchange\n    assets:euros    €100\n    assets:dollars    $-135\n")
    }

    func testTooFewAndTooManyElided() {
        assertDiagnostics("1️⃣2025-01-01 t\n    a    1 X\n", [("1️⃣", "doesNotBalance")])
        // Both ledger-cli and hledger accept a header alone, or one posting that balances.
        assertCompiles("2025-01-01 just a note\n2025-01-02 zero\n    a    0\n")
        assertDiagnostics("1️⃣2025-01-01 t\n    a    1 X\n    b\n    c\n", [("1️⃣", "multipleElided")])
    }

    func testEveryErrorOfAFileInOneRun() {
        assertDiagnostics("""
        1️⃣2025-01-01 t
            a    1 X
            b    1 X
        2️⃣2025-02-30 t
            a    1 X
            b
        3️⃣bogus directive
        2025-01-01 t
            a    4️⃣1,0 X
            b
        """, [("1️⃣", "doesNotBalance"), ("2️⃣", "dateNotInCalendar"), ("3️⃣", "notJournalSyntax"), ("4️⃣", "ambiguousNumber")])
    }

    func testAtMostAHundredErrorsAreKept() {
        let text = String(repeating: "2025-01-01 t\n    a    1 X\n    b    1 X\n", count: 150)
        let result = compileText(text)
        XCTAssertEqual(result.diagnostics.diagnostics.count, 100)
        XCTAssertEqual(result.diagnostics.errorCount, 150)
    }
}

final class AssertionTests: XCTestCase {
    func testAssertionsRunInDateOrderNotFileOrder() {
        assertCompiles("""
        2025-01-10 later in time, earlier in file
            Assets:Bank    -30 USD = 70 USD
            Expenses:Food
        2025-01-01 opening
            Assets:Bank    100 USD = 100 USD
            Equity:Opening
        """)
    }

    func testFailedAssertionGivesTheActualBalance() {
        assertDiagnostics("""
        2025-01-01 opening
            Assets:Bank    100.00 USD
            Equity:Opening
        2025-01-02 t
            Assets:Bank    -30.00 USD 1️⃣= 75.00 USD
            Expenses:Food
        """, [("1️⃣", "assertionFailed")])
    }

    func testAssertionCoversExactAccountAndOneCommodity() {
        assertCompiles("""
        2025-01-01 opening
            Assets:Bank:Sub    100 USD
            Assets:Bank         5 EUR
            Equity:Opening
        2025-01-02 check
            Assets:Bank    0 EUR = 5 EUR
            Assets:Bank    0 USD = 0 USD
        """)
        assertCompiles("""
        2025-01-01 opening
            Assets:Bank:Sub    100 USD
            Equity:Opening
        2025-01-02 check inclusive
            Assets:Bank    0 USD =* 100 USD
            Equity:Opening
        """)
    }

    func testBalanceAssignment() {
        let result = compileText("""
        2025-01-01 opening
            Assets:Bank    100.00 USD
            Equity:Opening
        2025-01-31 reconcile
            Assets:Bank    = 92.50 USD
            Expenses:Fees
        """)
        XCTAssertEqual(result.diagnostics.diagnostics.count, 0)
        let t = result.transactions[1]
        XCTAssertEqual(result.amountText(t, 0), "-7.50 USD")
        XCTAssertEqual(result.amountText(t, 1), "7.50 USD")
    }

    func testGeneratedOccurrencesNeverMoveAssertions() {
        assertCompiles("""
        repeat monthly from 2025-01-05  Rent
            Expenses:Rent    900 USD
            Assets:Bank
        2025-01-01 opening
            Assets:Bank    1000 USD
            Equity:Opening
        2025-03-01 check
            Assets:Bank    0 USD = 1000 USD
            Equity:Opening
        """)
    }
}
