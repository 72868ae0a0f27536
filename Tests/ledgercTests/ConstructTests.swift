import Foundation
import XCTest

/// Every construct of hledger's and ledger-cli's journal manuals is
/// supported, warned about or an error, never ignored in silence. Each case
/// here is one row of the table in docs/COMPATIBILITY.md ("Every construct
/// of both manuals"), found there by its name, so that the table and the
/// behaviour cannot drift apart.
final class ConstructTests: XCTestCase {
    enum Outcome {
        /// Compiles with no diagnostic (and, when given, these balances in CSV rows `account,commodity,balance`).
        case supported(balances: [String]? = nil)
        /// Compiles (exit 0) with a warning containing this text.
        case warned(String)
        /// Fails (exit 1) with an error containing this text.
        case error(String)

        var word: String {
            switch self {
            case .supported: return "supported"
            case .warned: return "warned"
            case .error: return "error"
            }
        }
    }

    struct Case {
        let name: String
        let journal: String
        let outcome: Outcome
    }

    static let tx = "\n2025-01-02 Shop\n    Expenses:Food  5 USD\n    Assets:Cash\n"

    static let cases: [Case] = [
        // Transactions and postings.
        Case(name: "dates `2025-01-02`, `2025/01/02`, `2025.1.2`", journal: "2025/01/02 a\n    x  1 USD\n    y\n2025.1.3 b\n    x  1 USD\n    y\n",
             outcome: .supported(balances: ["x,USD,2", "y,USD,-2"])),
        Case(name: "secondary date `2025-01-02=2025-01-05`", journal: "2025-01-02=2025-01-05 a\n    x  1 USD\n    y\n", outcome: .supported()),
        Case(name: "status `*` `!` on transactions and postings", journal: "2025-01-02 * a\n    ! x  1 USD\n    * y\n", outcome: .supported()),
        Case(name: "code `(123)`", journal: "2025-01-02 (123) a\n    x  1 USD\n    y\n", outcome: .supported()),
        Case(name: "payee and note `payee | note`", journal: "2025-01-02 Acme | lunch\n    x  1 USD\n    y\n", outcome: .supported()),
        Case(name: "comment lines `;` `#` `*` `%` `|`", journal: "; a\n# b\n* c\n% d\n| e\n" + tx, outcome: .supported()),
        Case(name: "`comment` ... `end comment` and `test` ... `end test`", journal: "comment\nanything\nend comment\ntest x\ny\nend test\n" + tx, outcome: .supported()),
        Case(name: "tags `key: value` and `:a:b:`", journal: "2025-01-02 a  ; trip: busan, :food:\n    x  1 USD  ; :coffee:\n    y\n", outcome: .supported()),
        Case(name: "typed metadata `key:: value`", journal: "2025-01-02 a\n    ; count:: 3\n    x  1 USD\n    y\n", outcome: .supported()),
        Case(name: "posting dates `; date:D`, `; [D]`", journal: "2025-01-30 a\n    x  1 USD  ; date: 2025-02-02\n    y\n",
             outcome: .supported(balances: ["x,USD,1", "y,USD,-1"])),
        Case(name: "secondary posting dates `; date2:D`, `; [=D]`", journal: "2025-01-30 a\n    x  1 USD  ; [=2025-02-02]\n    y\n", outcome: .warned("secondary posting date")),
        Case(name: "virtual postings `(a)` and `[a]`", journal: "2025-01-02 a\n    x  1 USD\n    y\n    (budget)  -1 USD\n    [s:a]  2 USD\n    [s:b]\n", outcome: .supported()),
        Case(name: "amounts `$5`, `-$5`, `$-5`, `5 USD`, `5USD`, `\"S&P 500\"`", journal: "2025-01-02 a\n    x  $5\n    x  -$5\n    x  $-5\n    x  5 USD\n    x  -5USD\n    x  3 \"S&P 500\"\n    y\n",
             outcome: .supported(balances: ["x,$,-5", "x,S&P 500,3", "y,$,5", "y,S&P 500,-3"])),
        Case(name: "exponent amounts `1E3 USD`", journal: "2025-01-02 a\n    x  1E3 USD\n    y\n", outcome: .supported(balances: ["x,USD,1000", "y,USD,-1000"])),
        Case(name: "`decimal-mark ,`", journal: "decimal-mark ,\n2025-01-02 a\n    x  1.234,5 EUR\n    y\n", outcome: .supported(balances: ["x,EUR,1234.5", "y,EUR,-1234.5"])),
        Case(name: "an undeclared decimal comma `1,5 EUR`", journal: "2025-01-02 a\n    x  1,5 EUR\n    y\n", outcome: .error("ambiguous number")),
        Case(name: "costs `@`, `@@`, `(@)`, `(@@)`", journal: "2025-01-02 a\n    x  2 AAPL @ 10 USD\n    x  1 AAPL @@ 10 USD\n    x  1 AAPL (@) 10 USD\n    y\n",
             outcome: .supported(balances: ["x,AAPL,4", "y,USD,-40"])),
        Case(name: "lot costs `{C}`, `{{T}}`, `{=C}`, lot dates `[D]`, lot notes `(N)`", journal: "2025-01-02 a\n    x  2 AAPL {10 USD} [2025-01-01] (gift) @ 10 USD\n    x  1 AAPL {{10 USD}} @ 10 USD\n    x  1 AAPL {=10 USD} @ 10 USD\n    y\n",
             outcome: .supported(balances: ["x,AAPL,4", "y,USD,-40"])),
        Case(name: "balance assertions `=`, `==`, `=*`, `==*`", journal: "2025-01-02 a\n    x:a  1 USD = 1 USD\n    x:a  0 USD == 1 USD\n    x  0 USD =* 1 USD\n    x  0 USD ==* 1 USD\n    y\n", outcome: .supported()),
        Case(name: "balance assignments `a  = 5 USD`", journal: "2025-01-02 a\n    x  = 5 USD\n    y\n", outcome: .supported(balances: ["x,USD,5", "y,USD,-5"])),
        Case(name: "amount expressions `(1 USD + 2 USD)`", journal: "2025-01-02 a\n    x  (1 USD + 2 USD)\n    y\n", outcome: .error("expected an amount")),
        Case(name: "automated transactions `= QUERY` with `*N`", journal: "= food\n    (budget)  *-1\n    saved  *0.1\n    cash  *-0.1\n\n2025-01-02 Shop\n    food  5 USD\n    cash\n",
             outcome: .supported(balances: ["budget,USD,-5", "cash,USD,-5.5", "food,USD,5", "saved,USD,0.5"])),
        Case(name: "amounts with both marks `1.200,00 EUR`, `EUR 1.234,56`", journal: "2025-01-02 a\n    x  1.200,00 EUR\n    x  EUR -1.234,56\n    y  0,5 EUR\n    y\n",
             outcome: .supported(balances: ["x,EUR,-34.56", "y,EUR,34.56"])),
        Case(name: "`!include` and `@include`", journal: "!include samples/holidays-kr-2025.ledger\n@include samples/budget.ledger\n" + tx, outcome: .supported()),
        Case(name: "a ledger-cli multiplier without `*` in an automated transaction", journal: "= expenses\n    (budget)  -1\n" + tx, outcome: .warned("multiplier")),
        Case(name: "ledger-cli value expressions in `= QUERY`", journal: "= expr true\n    (budget)  *-1\n" + tx, outcome: .warned("value expression")),
        Case(name: "periodic transactions `~ PERIOD`", journal: "~ monthly from 2025-01\n    Expenses:Food  100 USD\n    Assets:Cash\n" + tx, outcome: .supported()),
        Case(name: "timeclock lines `i` and `o`", journal: "i 2025-01-01 08:00:00 work\no 2025-01-01 09:00:00\n", outcome: .error("unknown directive 'i'")),
        // Directives.
        Case(name: "`account` with `; type:` and `; allow-negative:`", journal: "account Assets:Cash  ; type: A\n    ; allow-negative:\n" + tx, outcome: .supported()),
        Case(name: "`account` sub-lines `note`", journal: "account Assets:Cash\n    note where the coins are\n" + tx, outcome: .supported()),
        Case(name: "`account` sub-line `alias`", journal: "account Assets:Cash\n    alias wallet\n\n2025-01-02 a\n    Expenses:Food  5 USD\n    wallet\n",
             outcome: .supported(balances: ["Assets,USD,-5", "Assets:Cash,USD,-5", "Expenses,USD,5", "Expenses:Food,USD,5"])),
        Case(name: "`account` sub-lines `assert`, `check`, `default`, `eval`, `payee`", journal: "account Assets:Cash\n    assert amount > 0\n" + tx, outcome: .warned("'assert' line under 'account'")),
        Case(name: "`alias OLD = NEW`, `alias /REGEX/ = NEW`, `end aliases`", journal: "alias food = Expenses:Food\nalias /^cash$/ = Assets:Cash\n2025-01-02 a\n    food  5 USD\n    cash\nend aliases\n",
             outcome: .supported(balances: ["Assets,USD,-5", "Assets:Cash,USD,-5", "Expenses,USD,5", "Expenses:Food,USD,5"])),
        Case(name: "`apply account` ... `end apply account`", journal: "apply account Personal\n2025-01-02 a\n    Food  5 USD\n    Cash\nend apply account\n",
             outcome: .supported(balances: ["Personal,,0", "Personal:Cash,USD,-5", "Personal:Food,USD,5"])),
        Case(name: "`apply tag`, `apply fixed`", journal: "apply tag trip\n" + tx, outcome: .error("unknown directive 'apply tag trip'")),
        Case(name: "`assert`, `check`, `define`, `expr`, `eval`, `value`, `python`, `import`, `capture`, `bucket`, `A`",
             journal: "bucket Assets:Cash\n" + tx, outcome: .error("unknown directive 'bucket'")),
        Case(name: "`commodity SYMBOL`, `commodity AMOUNT`, sub-lines `format` and `note`", journal: "commodity USD\n    note dollars\n    format 1,000.00 USD\ncommodity 1.000,00 EUR\n" + tx, outcome: .supported()),
        Case(name: "`commodity` sub-lines `alias`, `default`, `nomarket`, `value`", journal: "commodity USD\n    nomarket\n" + tx, outcome: .warned("'nomarket' line under 'commodity'")),
        Case(name: "`C` (commodity conversion)", journal: "C 1.00 Kb = 1024 b\n" + tx, outcome: .warned("the 'C' directive")),
        Case(name: "`N` (no market price)", journal: "N USD\n" + tx, outcome: .warned("the 'N' directive")),
        Case(name: "`D AMOUNT` (default commodity)", journal: "D 1,000.00 USD\n2025-01-02 a\n    x  5\n    y\n", outcome: .supported(balances: ["x,USD,5.00", "y,USD,-5.00"])),
        Case(name: "`include` (globs too)", journal: "include samples/budget.ledg*\n" + tx, outcome: .supported()),
        Case(name: "`P DATE COMMODITY PRICE`", journal: "P 2025-01-01 AAPL 200 USD\n" + tx, outcome: .supported()),
        Case(name: "`payee NAME` (sub-line `uuid`)", journal: "payee Shop\n    uuid 1234\n" + tx, outcome: .supported()),
        Case(name: "`payee` sub-line `alias`", journal: "payee Shop\n    alias SHOP.*\n" + tx, outcome: .warned("'alias' line under 'payee'")),
        Case(name: "`tag NAME`", journal: "tag trip\n" + tx, outcome: .supported()),
        Case(name: "`tag` sub-lines `check`, `assert`", journal: "tag trip\n    check value =~ /^[a-z]+$/\n" + tx, outcome: .warned("'check' line under 'tag'")),
        Case(name: "`Y 2025`, `year 2025`, `Y2025`", journal: "Y 2025\n01/02 a\n    x  1 USD\n    y\n", outcome: .supported()),
    ]

    func testEveryConstructHasItsOutcome() throws {
        let table = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/COMPATIBILITY.md"), encoding: .utf8)
        for c in ConstructTests.cases {
            XCTAssertTrue(table.contains("| \(c.name) | \(c.outcome.word)"), "docs/COMPATIBILITY.md has no row '| \(c.name) | \(c.outcome.word)'")
            let r = try runLedgerc(["check", "-"], stdin: c.journal)
            switch c.outcome {
            case .supported(let balances):
                XCTAssertEqual(r.status, 0, "\(c.name): \(r.stderr)")
                XCTAssertEqual(r.stderr, "", c.name)
                if let balances {
                    let b = try runLedgerc(["report", "balance", "-", "--format", "csv"], stdin: c.journal)
                    XCTAssertEqual(b.stdout.split(separator: "\n").dropFirst().map(String.init), balances, c.name)
                }
            case .warned(let text):
                XCTAssertEqual(r.status, 0, "\(c.name): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("warning: ") && r.stderr.contains(text), "\(c.name): \(r.stderr)")
            case .error(let text):
                XCTAssertEqual(r.status, 1, "\(c.name): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("error: ") && r.stderr.contains(text), "\(c.name): \(r.stderr)")
            }
        }
    }
}
