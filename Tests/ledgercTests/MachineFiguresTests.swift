import Foundation
import XCTest

/// Issue 28: what a machine reads is exact, print is a fixed point, and the
/// peers' dialect (both marks, `!include`) reads as they read it; typos and
/// never-held sales are errors at their posting.
final class MachineFiguresTests: XCTestCase {
    /// `3 XYZ @ 166.5 KRW` in a journal of whole won: the inferred posting is -499.5.
    static let halfWon = """
    2025-01-01 opening
        Assets:Bank  1,000,000 KRW
        Equity:Opening

    2025-01-05 buy
        Assets:Broker  3 XYZ @ 166.5 KRW
        Assets:Bank

    """

    func testCSVAndJSONCarryTheExactFigure() throws {
        let transactions = try runLedgerc(["report", "transactions", "-", "--format", "csv"], stdin: MachineFiguresTests.halfWon)
        XCTAssertEqual(transactions.status, 0, transactions.stderr)
        XCTAssertTrue(transactions.stdout.contains(",Assets:Bank,-499.5,KRW,"), transactions.stdout)
        let balance = try runLedgerc(["report", "balance", "-", "--format", "csv", "--flat"], stdin: MachineFiguresTests.halfWon)
        XCTAssertTrue(balance.stdout.contains("Assets:Bank,KRW,999500.5\n"), balance.stdout)
        let json = try runLedgerc(["report", "register", "-", "--format", "json"], stdin: MachineFiguresTests.halfWon)
        XCTAssertTrue(json.stdout.contains("\"-499.5\""), json.stdout)
        // The whole-won figures keep their display precision (no trailing ".0").
        XCTAssertTrue(balance.stdout.contains("Equity:Opening,KRW,-1000000\n"), balance.stdout)
    }

    func testATextTableSaysWhereItRounds() throws {
        let text = try runLedgerc(["report", "balance", "-"], stdin: MachineFiguresTests.halfWon)
        XCTAssertTrue(text.stdout.contains("≈999,501 KRW"), text.stdout)
        XCTAssertTrue(text.stdout.contains("≈ rounded to the commodity's display precision"), text.stdout)
        XCTAssertFalse(text.stdout.contains("≈-1,000,000"), "an exact figure carries no mark")
        let plain = try runLedgerc(["report", "balance", "samples/household.ledger"])
        XCTAssertFalse(plain.stdout.contains("≈"), "no mark where nothing rounds")
    }

    func testPrintIsAFixedPointWithThePrecisionPinned() throws {
        let first = try runLedgerc(["print", "-"], stdin: MachineFiguresTests.halfWon)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("commodity 1,000. KRW\n"), first.stdout)
        XCTAssertTrue(first.stdout.contains("    Assets:Bank      1,000,000 KRW\n"), first.stdout)
        let second = try runLedgerc(["print", "-"], stdin: first.stdout)
        XCTAssertEqual(second.stdout, first.stdout)
        let before = try runLedgerc(["report", "balance", "-", "--format", "csv"], stdin: MachineFiguresTests.halfWon)
        let after = try runLedgerc(["report", "balance", "-", "--format", "csv"], stdin: first.stdout)
        XCTAssertEqual(after.stdout, before.stdout)
    }

    /// A fuzz finding: padding a 34-digit amount to a precision of 30 places
    /// printed a number of 64 digits, which does not read back. Padding stops
    /// at 34 digits; the printed journal reads back to the same balances.
    func testPrintNeverPadsPastThirtyFourDigits() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/corpus/print-34-digits.ledger"), encoding: .utf8)
        let first = try runLedgerc(["print", "-"], stdin: text)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("    Assets:A   9999999999999999999999999999999999 X\n"), first.stdout)
        let again = try runLedgerc(["print", "-"], stdin: first.stdout)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, first.stdout)
    }

    /// A fuzz finding: two 34-digit amounts infer a third of 35 digits,
    /// which print wrote and nothing reads. The inferred amount is left out,
    /// as the user left it; print of print is the same and the balances too.
    func testPrintLeavesOutAnInferredAmountTooLongToWrite() throws {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/corpus/print-inferred-35-digits.ledger"), encoding: .utf8)
        let first = try runLedgerc(["print", "-"], stdin: text)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasSuffix("    Asseets:C\n\n") || first.stdout.hasSuffix("    Asseets:C\n"), first.stdout)
        let again = try runLedgerc(["print", "-"], stdin: first.stdout)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, first.stdout)
        let before = try runLedgerc(["report", "balance", "-", "--format", "csv", "--flat"], stdin: text)
        let after = try runLedgerc(["report", "balance", "-", "--format", "csv", "--flat"], stdin: first.stdout)
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertTrue(before.stdout.contains("-19999999999999999999999999999999998"), before.stdout)
        XCTAssertEqual(after.stdout, before.stdout)
    }

    /// Fuzz finding: a description followed by `\r\r\n` kept a carriage return
    /// that print wrote before its newline, so each print lost one. Carriage
    /// returns at a line's end, and before an account's separator, are white
    /// space: the texts are read without them, and print is a fixed point.
    func testCarriageReturnsBeforeALineEndAreWhiteSpace() throws {
        let text = "2025-03-01 * Too much\r\r\r:\r\r\n    a\r \r\n    b\r  1 X ; note\r \r\n    (c)\r\r\n\r\r\n"
        let first = try runLedgerc(["print", "-"], stdin: text)
        XCTAssertEqual(first.status, 0, first.stderr)
        // The description's own carriage returns stay; none is left at an end.
        XCTAssertEqual(first.stdout.utf8.filter { $0 == 0x0D }.count, 3, first.stdout)
        XCTAssertTrue(first.stdout.contains("Too much\r\r\r:\n"), first.stdout)
        let again = try runLedgerc(["print", "-"], stdin: first.stdout)
        XCTAssertEqual(Array(again.stdout.utf8), Array(first.stdout.utf8))
        let accounts = try runLedgerc(["report", "balance", "-", "--format", "csv", "--flat"], stdin: text)
        XCTAssertEqual(accounts.status, 0, accounts.stderr)
        XCTAssertFalse(accounts.stdout.contains("\r"), accounts.stdout)
        for name in ["a,", "b,"] { XCTAssertTrue(accounts.stdout.contains("\n" + name), "\(name) in\n\(accounts.stdout)") }
    }

    /// Fuzz finding: an account whose name ends in `:` (`a::`, `:::`) has an
    /// empty last segment; the balance tree, its columns by period and the
    /// page trapped on it. Each draws it as an empty leaf at its depth.
    func testAccountNamesEndingInColonsDrawAsATree() throws {
        let text = "2025-01-01 odd names\n    a::  1 USD\n    :::  2 USD\n    b:c:  3 USD\n    Assets:Cash\n"
        let tree = try runLedgerc(["report", "balance", "-"], stdin: text)
        XCTAssertEqual(tree.status, 0, tree.stderr)
        // `a::` at depth 3: its amount, two spaces, two indents and an empty leaf; `b:c:` likewise under `b:c`.
        XCTAssertTrue(tree.stdout.contains("1 USD      \n"), tree.stdout)
        XCTAssertTrue(tree.stdout.contains("3 USD      \n"), tree.stdout)
        XCTAssertTrue(tree.stdout.contains("3 USD    c\n"), tree.stdout)
        for args in [["report", "balance", "-", "--period", "month"], ["report", "html", "-"]] {
            let r = try runLedgerc(args, stdin: text)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        }
    }

    /// Every sample, and every corpus journal when ../shared is there: print
    /// of print is byte-identical, and its CSV balances equal the source's.
    func testPrintOfPrintIsIdenticalOnEveryJournal() throws {
        var journals = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("samples").path)
            .filter { $0.hasSuffix(".ledger") }.map { repositoryRoot.appendingPathComponent("samples/\($0)") }
        let corpus = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/compat")
        let index = corpus.appendingPathComponent("INDEX.txt")
        if let list = try? String(contentsOf: index, encoding: .utf8) {
            // Every 7th corpus journal keeps the test short; Scripts/compare-print-hledger runs them all.
            let names = list.split(separator: "\n").enumerated().filter { $0.offset % 7 == 0 }.map { String($0.element) }
            journals += names.map { corpus.appendingPathComponent($0) }
        }
        var checked = 0
        for url in journals {
            let first = try runLedgerc(["print", url.path], env: ["LEDGERC_TODAY": "2100-01-01"])
            guard first.status == 0 else { continue }
            let dir = url.deletingLastPathComponent()
            let second = try runLedgerc(["print", "-"], stdin: first.stdout, env: ["LEDGERC_TODAY": "2100-01-01"], cwd: dir)
            XCTAssertEqual(second.stdout, first.stdout, "print is not a fixed point on \(url.path)")
            let before = try runLedgerc(["report", "balance", url.path, "--format", "csv", "--flat"], env: ["LEDGERC_TODAY": "2100-01-01"])
            let after = try runLedgerc(["report", "balance", "-", "--format", "csv", "--flat"], stdin: first.stdout, env: ["LEDGERC_TODAY": "2100-01-01"], cwd: dir)
            XCTAssertEqual(after.stdout, before.stdout, "print changed the balances of \(url.path)")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 5)
    }

    func testHoldingsValueATotalCostExactly() throws {
        let text = "commodity 1.0000 USD\n\n2025-01-01 buy\n    Assets:Broker  22500000000000000000000000000 X @@ 0.00009 USD\n    Assets:Cash\n"
        let csv = try runLedgerc(["report", "holdings", "-", "--format", "csv"], stdin: text)
        XCTAssertEqual(csv.status, 0, csv.stderr)
        let row = csv.stdout.split(separator: "\n")[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(row[5], "0.00009", "cost basis")
        XCTAssertEqual(row[7], "0.00009", "market value: the trade's total, not a rounded unit price times the quantity")
        XCTAssertEqual(row[9], "0.0000", "unrealized_pct")
    }

    func testAmountsWithBothMarksReadAsThePeersReadThem() throws {
        let text = "2025-01-01 x\n    a  1.200,00 EUR\n    b  EUR -1.234,56\n    c  -0,075 EUR\n    d  1,000.50 EUR\n    e\n"
        let csv = try runLedgerc(["report", "balance", "-", "--format", "csv"], stdin: text)
        XCTAssertEqual(csv.status, 0, csv.stderr)
        XCTAssertEqual(csv.stdout, "account,commodity,balance\na,EUR,1200.000\nb,EUR,-1234.560\nc,EUR,-0.075\nd,EUR,1000.500\ne,EUR,-965.865\n")
        let lone = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    a  12,45 EUR\n    b\n")
        XCTAssertEqual(lone.status, 1)
        XCTAssertTrue(lone.stderr.contains("ambiguous number '12,45'"), lone.stderr)
    }

    func testAnAccountEndingInAnAmountOfAnyFormIsAnError() throws {
        for (posting, amount) in [("자산:현금 -12,000원", "-12,000원"), ("Assets:Cash $-5", "$-5"), ("Assets:Cash ₩12,000", "₩12,000")] {
            let r = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    Expenses:Food  12,000 KRW\n    \(posting)\n")
            XCTAssertEqual(r.status, 1, posting)
            XCTAssertTrue(r.stderr.hasPrefix("<stdin>:3:5: error: the account name '\(posting)' ends in what looks like an amount ('\(amount)')"), r.stderr)
            XCTAssertTrue(r.stderr.contains("two spaces"), r.stderr)
        }
        // A name with a number that has its own amount stays a warning.
        let named = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    Expenses:Trip 2024  5 USD\n    Assets:Cash\n")
        XCTAssertEqual(named.status, 0, named.stderr)
    }

    func testSellingANeverHeldShareIsAnErrorButAConversionIsNot() throws {
        let never = try runLedgerc(["check", "-"], stdin: "2025-01-01 x\n    Assets:Broker  -15 AAPL @ 200 USD\n    Assets:Cash\n")
        XCTAssertEqual(never.status, 1)
        XCTAssertTrue(never.stderr.hasPrefix("<stdin>:2:20: error: sells 15 AAPL but Assets:Broker holds 0 AAPL"), never.stderr)
        for journal in ["2025-01-02 fx\n    Assets:Cash  -100 USD @ 1,400 KRW\n    Assets:Bank\n",
                        "2025-01-02 fx\n    Assets:Cash  -$100 @ ₩1,400\n    Assets:Bank\n",
                        "commodity MILES  ; currency:\n\n2025-01-02 swap\n    Assets:Card  -2500 MILES @@ 30 USD\n    Assets:Cash\n"] {
            let fx = try runLedgerc(["check", "-"], stdin: journal)
            XCTAssertEqual(fx.status, 0, fx.stderr)
        }
    }

    func testIncludeWithLedgersOlderSpelling() throws {
        let dir = try temporaryDirectory(self)
        try "2025-01-01 x\n    a  1 EUR\n    b\n".write(to: dir.appendingPathComponent("inc.ledger"), atomically: true, encoding: .utf8)
        try "!include inc.ledger\n".write(to: dir.appendingPathComponent("main.ledger"), atomically: true, encoding: .utf8)
        let r = try runLedgerc(["report", "balance", dir.appendingPathComponent("main.ledger").path, "--format", "csv"])
        XCTAssertEqual(r.stdout, "account,commodity,balance\na,EUR,1\nb,EUR,-1\n", r.stderr)
    }
}
