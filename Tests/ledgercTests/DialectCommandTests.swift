import Foundation
import XCTest

/// Syntax the peers give a meaning to, read as they read it.
final class DialectCommandTests: XCTestCase {
    func balances(_ journal: String) throws -> String {
        let r = try runLedgerc(["report", "balance", "-", "--flat", "--format", "csv"], stdin: journal)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    func testExponentAmountsAsHledgerReadsThem() throws {
        XCTAssertEqual(try balances("2025-01-01 x\n    a  1E3 USD\n    b  -2.5e-2 USD\n    c\n"),
                       "account,commodity,balance\na,USD,1000.000\nb,USD,-0.025\nc,USD,-999.975\n")
        // A commodity that starts with E right after the number stays a commodity.
        XCTAssertEqual(try balances("2025-01-01 x\n    a  1EUR\n    c\n"), "account,commodity,balance\na,EUR,1\nc,EUR,-1\n")
        let huge = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    a  1E99 USD\n    c\n")
        XCTAssertEqual(huge.status, 1)
        XCTAssertTrue(huge.stderr.contains("<stdin>:2:8: error: number is too large"), huge.stderr)
    }

    func testAStatusMarkNeedsNoSpace() throws {
        let r = try runLedgerc(["report", "transactions", "-", "--format", "csv"], stdin: "2025-01-01 *Opening balances\n    a  1 USD\n    b\n")
        XCTAssertTrue(r.stdout.contains(",2025-01-01,cleared,,Opening balances,"), r.stdout)
    }

    func testRegularExpressionAliases() throws {
        let journal = "alias /^(expenses):food/ = \\1:groceries\nalias checking = assets:bank\n\n2025-01-01 x\n    Expenses:Food:Fruit  1 USD\n    checking\n"
        XCTAssertEqual(try balances(journal), "account,commodity,balance\nExpenses:groceries:Fruit,USD,1\nassets:bank,USD,-1\n")
        let bad = try runLedgerc(["check", "-"], stdin: "alias /(/ = x\n")
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("'/(/' is not a regular expression"), bad.stderr)
    }

    /// A posting's own date (hledger's `date:`, ledger-cli's `[D]`, on the
    /// posting's line or the comment line below it) moves it in the register,
    /// the periods and the balances; `transactions` keeps the transaction whole.
    /// `print` keeps the declarations the figures depend on and writes the
    /// journal's decimal mark, so its output means the same: the holdings
    /// (account type, price) and the balances are equal when read back.
    func testPrintKeepsDeclarationsAndTheDecimalMark() throws {
        let journal = """
        decimal-mark ,
        commodity 1.000,00 EUR
        account Vermögen:Depot  ; type: A
            ; allow-negative:
        P 2025-01-05 ACME 12,50 EUR

        2025-01-02 Kauf
            Vermögen:Depot  10 ACME @ 10,00 EUR
            Vermögen:Bank  -1.100,25 EUR
            Ausgaben:Gebühren  1.000,25 EUR

        """
        let printed = try runLedgerc(["print", "-"], stdin: journal)
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertTrue(printed.stdout.hasPrefix("""
        decimal-mark ,
        commodity 1.000,00 EUR
        account Vermögen:Depot  ; type: Asset
            ; allow-negative:
        P 2025-01-05 ACME 12,50 EUR

        """), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("Vermögen:Bank      -1.100,25 EUR"), printed.stdout)
        for report in ["holdings", "balance"] {
            let before = try runLedgerc(["report", report, "-", "--format", "csv"], stdin: journal)
            let after = try runLedgerc(["report", report, "-", "--format", "csv"], stdin: printed.stdout)
            XCTAssertEqual(before.status, 0, before.stderr)
            XCTAssertEqual(after.stdout, before.stdout, report)
        }
    }

    func testPostingDatesMoveThePosting() throws {
        let journal = """
        2025-01-30 Card payment
            Expenses:Food    10 USD  ; date: 2025-02-02
            Expenses:Rent   100 USD
            Assets:Bank
            ; [02/03]
        2025-02-01 Coffee
            Expenses:Food     3 USD
            Assets:Cash

        """
        let register = try runLedgerc(["report", "register", "-", "--format", "csv"], stdin: journal)
        XCTAssertEqual(register.status, 0, register.stderr)
        XCTAssertEqual(register.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",").prefix(4).joined(separator: " ") }, [
            "2025-01-30 Card payment Expenses:Rent 100",
            "2025-02-01 Coffee Expenses:Food 3",
            "2025-02-01 Coffee Assets:Cash -3",
            "2025-02-02 Card payment Expenses:Food 10",
            "2025-02-03 Card payment Assets:Bank -110",
        ])
        let january = try runLedgerc(["report", "balance", "-", "--to", "2025-01-31", "--format", "csv"], stdin: journal)
        XCTAssertEqual(january.stdout, "account,commodity,balance\nExpenses,USD,100\nExpenses:Rent,USD,100\n")
        let months = try runLedgerc(["report", "summary", "-", "--format", "csv"], stdin: journal)
        XCTAssertTrue(months.stdout.contains("\n2025-01,USD,0,100,"), months.stdout)
        let whole = try runLedgerc(["report", "transactions", "-", "--format", "csv"], stdin: journal)
        XCTAssertEqual(whole.stdout.split(separator: "\n").filter { $0.contains("Card payment") }.count, 3, "one transaction, three postings")
    }

    func testBadAndSecondaryPostingDates() throws {
        let r = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    a  1 USD  ; date: 2025-02-30\n    b  ; [=2025-01-09]\n    c  0 USD  ; [note]\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("<stdin>:2:17: error: invalid posting date '2025-02-30'"), r.stderr)
        XCTAssertTrue(r.stderr.contains("<stdin>:3:10: warning: ledgerc ignores the secondary posting date '2025-01-09'"), r.stderr)
        let leap = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    a  1 USD\n    b\n    ; date: 02-29\n")
        XCTAssertTrue(leap.stderr.contains("<stdin>:4:7: error: invalid posting date '02-29'"), leap.stderr)
        let asserted = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    a  1 USD = 1 USD ; date: 2025-01-05\n    b\n")
        XCTAssertTrue(asserted.stderr.contains("<stdin>:2:24: warning: ledgerc checks this posting's balance assertion on the transaction's date"), asserted.stderr)
    }
}
