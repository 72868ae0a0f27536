import XCTest
@testable import LedgerCore

/// FORMAT.md section 6: directives and account types.
final class DirectiveTests: XCTestCase {
    func testAccountTypesFromDeclarationsAndRootNames() {
        let result = compileText("""
        account Savings    ; type: Asset
        account Card       ; type: L
        2025-01-01 t
            Savings    1 X
            Card
            자산:현금    1 X
            지출:식비    1 X
            수입:급여    -1 X
            비용:기타    1 X
            수익:이자    -1 X
            부채:카드    -1 X
            Revenues:Consulting    -1 X
            Expenses:Food    1 X
            Liabilities:Visa    -1 X
        """)
        XCTAssertEqual(result.diagnostics.diagnostics.map(\.message), [])
        let accounts = result.ledger.journal.accounts
        func type(_ name: String) -> AccountType? { accounts.type(of: accounts.lookup(name)!) }
        XCTAssertEqual(type("Savings"), .asset)
        XCTAssertEqual(type("Card"), .liability)
        XCTAssertEqual(type("자산:현금"), .asset)
        XCTAssertEqual(type("지출:식비"), .expense)
        XCTAssertEqual(type("수입:급여"), .income)
        XCTAssertEqual(type("비용:기타"), .expense)
        XCTAssertEqual(type("수익:이자"), .income)
        XCTAssertEqual(type("부채:카드"), .liability)
        XCTAssertEqual(type("Revenues:Consulting"), .income)
        XCTAssertEqual(type("Liabilities:Visa"), .liability)
        assertDiagnostics("account A  ; 1️⃣type: Bogus\n", [("1️⃣", "unknownAccountType")])
    }

    /// Every account's type at once gives each account's own `type(of:)`,
    /// over random trees: roots typed by name or not, types declared at any
    /// level (on a parent, a child, a root), children named before parents.
    func testAllTypesAtOnceAreEachAccountsType() {
        let roots = ["Assets", "자산", "Liabilities", "Equity", "Income", "지출", "Expenses", "Misc", "Other"]
        let leaves = ["a", "b", "c", "현금", "d"]
        let declared = ["Asset", "Liability", "Equity", "Revenue", "Expense", "Cash"]
        var rng = SystemRandomNumberGenerator()
        var typed = 0
        for _ in 0..<40 {
            var names: [String] = []
            for _ in 0..<30 {
                let depth = Int.random(in: 0...3, using: &rng)
                names.append(([roots.randomElement(using: &rng) ?? "A"] + (0..<depth).map { _ in leaves.randomElement(using: &rng) ?? "x" }).joined(separator: ":"))
            }
            var text = ""
            for name in names.shuffled(using: &rng).prefix(8) {
                text += "account \(name)  ; type: \(declared.randomElement(using: &rng) ?? "Asset")\n"
            }
            for name in names { text += "2025-01-01 t\n    \(name)  1 X\n    Other\n" }
            let accounts = compileText(text).ledger.journal.accounts
            let all = accounts.types()
            XCTAssertEqual(all.count, accounts.count)
            for id in 0..<Int32(accounts.count) {
                XCTAssertEqual(all[Int(id)], accounts.type(of: id), accounts[id])
                typed += all[Int(id)] == nil ? 0 : 1
            }
        }
        XCTAssertGreaterThan(typed, 500)
    }

    func testAccountSubLinesHoldTags() {
        let result = compileText("account Assets:Broker\n    ; type: Asset\n    ; allow-negative:\n")
        let accounts = result.ledger.journal.accounts
        let id = accounts.lookup("Assets:Broker")!
        XCTAssertEqual(accounts.declaredType[id], .asset)
        XCTAssertTrue(accounts.allowsNegative.contains(id))
    }

    func testCommodityDirectives() {
        let result = compileText("commodity $1,000.00\ncommodity \"005930\"\ncommodity KRW\n    format 1,000 KRW\n")
        let c = result.ledger.journal.commodities
        XCTAssertEqual(result.diagnostics.diagnostics.count, 0)
        XCTAssertEqual(c.format(Amount(ExactDecimal(mantissa: -123456, scale: 1), c.lookup("$")!)), "-$12,345.60")
        XCTAssertNotNil(c.declared[c.lookup("005930")!])
        XCTAssertEqual(c.precision(c.lookup("KRW")!), 0)
    }

    func testMarketPrices() {
        let result = compileText("P 2025-08-01 AAPL 212.40 USD\nP 2018/01/02 15:50:00 BTC $10800\n")
        XCTAssertEqual(result.diagnostics.diagnostics.map(\.message), [])
        let prices = result.ledger.journal.prices
        XCTAssertEqual(prices.map(\.date.description), ["2025-08-01", "2018-01-02"])
        XCTAssertEqual(result.ledger.journal.commodities.format(prices[0].price), "212.40 USD")
        assertDiagnostics("P 2025-08-01 1️⃣212.40 USD\n", [("1️⃣", "expectedAfterKeyword")])
    }

    func testAliases() {
        let result = compileText("""
        alias Checking = Assets:Bank:Checking
        2025-01-01 t
            Checking    1 X
            Checking:Joint    1 X
            CheckingX    -2 X
        end aliases
        2025-01-02 t
            Checking    1 X
            b
        """)
        XCTAssertEqual(result.diagnostics.diagnostics.count, 0)
        let names = result.transactions.flatMap { $0.postings.map(result.accountName) }
        XCTAssertEqual(names, ["Assets:Bank:Checking", "Assets:Bank:Checking:Joint", "CheckingX", "Checking", "b"])
        assertDiagnostics("1️⃣alias Checking\n", [("1️⃣", "badAlias")])
    }

    func testPayeeAndTagDeclarationsAndStrictMode() {
        assertDiagnostics("""
        account Assets:Cash
        commodity USD
        payee Cafe
        tag trip
        2025-01-01 cafe
            1️⃣Expenses:Coffee    4.50 USD
            Assets:Cash
        2️⃣2025-01-02 Bakery
            Expenses:Coffee    3️⃣3.00 EUR
            Assets:Cash
        """, [("1️⃣", "undeclared"), ("3️⃣", "undeclared")], strict: true)
        // Payees are checked only when asked for, as hledger's `check payees`.
        let payees = compileText("payee Cafe\n2025-01-01 cafe\n    a  1 X\n    b\n2025-01-02 Bakery\n    a  1 X\n    b\n", checkPayees: true)
        XCTAssertEqual(payees.diagnostics.diagnostics.map(\.message), ["payee 'Bakery' is not declared (--check-payees)"])
    }

    func testUnknownDirectiveWithHint() {
        let result = compileText("comodity USD\n")
        XCTAssertEqual(result.diagnostics.diagnostics.first?.message, "unknown directive 'comodity'")
        XCTAssertEqual(result.diagnostics.diagnostics.first?.notes.first?.message, "did you mean 'commodity'?")
        assertDiagnostics("1️⃣frobnicate now\n    1 2 3\n", [("1️⃣", "notJournalSyntax")])
    }

    func testAutomatedTransactionProblemsAreErrorsAtTheirPlace() {
        assertDiagnostics("= 1️⃣date:2025\n    (Budget)  *-1\n", [("1️⃣", "unsupportedQueryTerm")])
        assertDiagnostics("= 1️⃣amt:>x\n    (Budget)  *-1\n", [("1️⃣", "badQueryTerm")])
        assertDiagnostics("= food\n    1️⃣Budget\n", [("1️⃣", "automatedPostingNeedsAmount")])
        assertDiagnostics("1️⃣= food\n    Budget  *-1\n\n2025-01-01 x\n    food  5 USD\n    cash\n", [("1️⃣", "automatedUnbalanced")])
    }
}
