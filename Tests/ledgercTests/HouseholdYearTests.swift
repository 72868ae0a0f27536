import Foundation
import XCTest

/// A household's year (issue 55): the everyday cases a Korean household met
/// around cards and import, each through the binary. The cards' figures are
/// in CardsTests, the import's dedup and currencies in ImportTests.
final class HouseholdYearTests: XCTestCase {
    func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// `(주)에프알엘코리아` typed by hand makes `주` a code, as hledger and
    /// ledger read it: a warning says so, with the fix (`() ` before it) in
    /// the text, in JSON and for the editor; `() (주)…` is quiet.
    func testACompanyMarkReadAsACodeIsWarnedWithItsFix() throws {
        let dir = try temporaryDirectory(self)
        let file = try write("""
            2025-06-10 (주)에프알엘코리아
                지출:의류  10,000원
                자산:현금

            2025-06-11 () (유)한빛
                지출:의류  10,000원
                자산:현금

            2025-06-12 (A12) 문구점
                지출:문구  1,000원
                자산:현금

            """, "co.ledger", in: dir)
        let r = try runLedgerc(["check", file])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("co.ledger:1:12: warning: '(주)' is read as the transaction's code, not as part of the description (as hledger and ledger read it)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("write an empty code before it: '() (주)에프알엘코리아'"), r.stderr)
        XCTAssertEqual(r.stderr.components(separatedBy: "warning:").count - 1, 1, r.stderr)
        let json = try runLedgerc(["check", file, "--diagnostics", "json"])
        XCTAssertTrue(json.stderr.contains(#""id":"companyMarkAsCode""#), json.stderr)
        XCTAssertTrue(json.stderr.contains(#""endLine":1,"endColumn":12,"text":"() ""#), json.stderr)
    }

    /// `㈜컬리` and `(주)컬리` are one payee: in the payee list, and for a
    /// rename, which rewrites each spelling where it is written.
    func testTheParenthesizedSignIsTheSamePayee() throws {
        let dir = try temporaryDirectory(self)
        let file = try write("""
            2025-06-10 () (주)컬리
                지출:식비  10,000원
                자산:현금

            2025-06-11 ㈜컬리
                지출:식비  20,000원
                자산:현금

            """, "p.ledger", in: dir)
        let payees = try runLedgerc(["payees", file])
        XCTAssertEqual(payees.stdout, "(주)컬리\n", payees.stderr)
        let rename = try runLedgerc(["rename", "payee", "(주)컬리", "컬리", file])
        XCTAssertEqual(rename.status, 0, rename.stderr)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.contains("2025-06-10 () 컬리\n") && text.contains("2025-06-11 컬리\n"), text)
    }

    /// An exact balance keeps a residue that displays as zero (ledger's
    /// regress 1969): CSV and JSON show -0.0002 EUR; the text marks it ≈.
    func testAResidueThatDisplaysAsZeroIsKept() throws {
        let dir = try temporaryDirectory(self)
        let file = try write("""
            commodity 1.00 EUR

            2025-01-01 x
                Liabilities:Foo  -10.0002 EUR
                Expenses:Bar

            2025-01-02 y
                Liabilities:Foo  10.00 EUR
                Assets:Cash

            """, "r.ledger", in: dir)
        let csv = try runLedgerc(["report", "balance", file, "--format", "csv"])
        XCTAssertTrue(csv.stdout.contains("Liabilities:Foo,EUR,-0.0002\n"), csv.stdout)
        let json = try runLedgerc(["report", "balance", file, "--format", "json"])
        XCTAssertTrue(json.stdout.contains(#""account": "Liabilities:Foo",\#n      "commodity": "EUR",\#n      "balance": "-0.0002""#), json.stdout)
        let text = try runLedgerc(["report", "balance", file])
        XCTAssertTrue(text.stdout.contains("≈0.00 EUR    Foo"), text.stdout)
    }

    /// `skip` does not count blank lines (hledger's rule), so a blank line
    /// above the header moves it onto the first transaction: a warning names
    /// that row, which reads as data.
    func testSkipOverARowThatReadsAsDataIsWarned() throws {
        let dir = try temporaryDirectory(self)
        let journal = try write("", "j.ledger", in: dir)
        _ = try write("skip 2\nfields date, description, amount\ncurrency KRW\naccount1 자산:은행\naccount2 지출:미분류\n", "s.rules", in: dir)
        let csv = try write("\n날짜,적요,금액\n2025-03-02,편의점,-3000\n2025-03-03,약국,-5000\n", "s.csv", in: dir)
        let r = try runLedgerc(["import", journal, csv, "--rules", dir.appendingPathComponent("s.rules").path, "--dry-run"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("s.csv:3:1: warning: 'skip 2' skips this row, which reads as a transaction"), r.stderr)
        XCTAssertTrue(r.stderr.contains("would import 1 new transaction"), r.stderr)
    }

    /// A 체크카드 statement imported before the bank's, on the same day: the
    /// bank's balance is asserted only on its last row of the day, so the
    /// order of the day's entries in the journal never breaks it.
    func testSameDayImportsAssertOnlyTheDaysLastBalance() throws {
        let dir = try temporaryDirectory(self)
        let journal = try write("2025-03-01 기초\n    자산:은행:국민  1,000,000 KRW\n    자본:기초\n", "j.ledger", in: dir)
        let check = try write("fields date, description, amount\ncurrency KRW\naccount1 자산:은행:국민\naccount2 지출:미분류\n", "check.rules", in: dir)
        let bank = try write("skip 1\nfields date, description, amount, balance\ncurrency KRW\naccount1 자산:은행:국민\naccount2 지출:미분류\n", "bank.rules", in: dir)
        let card = try write("2025-03-02,편의점,-3000\n", "check.csv", in: dir)
        let statement = try write("""
            날짜,적요,금액,잔액
            2025-03-02,급여,100000,1100000
            2025-03-02,편의점,-3000,1097000
            2025-03-02,이체,-50000,1047000
            2025-03-03,약국,-7000,1040000

            """, "bank.csv", in: dir)
        XCTAssertEqual(try runLedgerc(["import", journal, card, "--rules", check]).status, 0)
        let r = try runLedgerc(["import", journal, statement, "--rules", bank])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        XCTAssertTrue(text.contains("자산:은행:국민  -50,000 KRW = 1,047,000 KRW"), text)
        XCTAssertTrue(text.contains("자산:은행:국민  -7,000 KRW = 1,040,000 KRW"), text)
        XCTAssertFalse(text.contains("= 1,100,000 KRW"), text)
        XCTAssertEqual(try runLedgerc(["check", journal]).status, 0)
    }

    /// `print` keeps a card's terms and the holidays, so the printed journal
    /// bills the card as the original does.
    func testPrintKeepsACard() throws {
        let card = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Cards/card.ledger").path
        let printed = try runLedgerc(["print", card, "--until", "2025-02-28"])
        XCTAssertTrue(printed.stdout.hasPrefix("commodity 1,000. KRW\naccount 부채:카드:신한\n    ; statement-day: 14\n    ; payment-day: 25\n    ; paid-from: 자산:은행:국민\nholiday 2025-01-27\n"), printed.stdout)
        let dir = try temporaryDirectory(self)
        let copy = try write(printed.stdout, "printed.ledger", in: dir)
        let args = ["report", "statements", "--until", "2025-04-30", "--format", "csv"]
        let original = try runLedgerc(args + [card]), again = try runLedgerc(args + [copy])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, original.stdout)
        XCTAssertTrue(original.stdout.contains("2025-01-14,2025-01-31"), original.stdout)
    }

    /// `add` and `import` say what concerns their own entries; the card's
    /// short payment is `check`'s to say (it was reprinted on every add).
    func testAddDoesNotRepeatTheJournalsCardWarnings() throws {
        let dir = try temporaryDirectory(self)
        let card = dir.appendingPathComponent("card.ledger")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Cards/card.ledger"), to: card)
        let check = try runLedgerc(["check", card.path])
        XCTAssertTrue(check.stderr.contains("3,334 KRW short"), check.stderr)
        let add = try runLedgerc(["add", card.path, "--dry-run", "2025-03-01", "커피", "지출:식비", "4,500 KRW", "자산:은행:국민"])
        XCTAssertEqual(add.status, 0, add.stderr)
        XCTAssertFalse(add.stderr.contains("warning"), add.stderr)
        let strict = try runLedgerc(["add", card.path, "--dry-run", "--werror", "2025-03-01", "커피", "지출:식비", "4,500 KRW", "자산:은행:국민"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertTrue(strict.stderr.contains("3,334 KRW short"), strict.stderr)
    }

    /// A typed name that begins a known account suggests that account
    /// (`지출:가전` → `지출:가전가구`), not one spelled alike (`지출:식비`).
    func testAddSuggestsTheAccountTheTypedNameBegins() throws {
        let dir = try temporaryDirectory(self)
        let file = try write("account 지출:식비\naccount 지출:가전가구\naccount 자산:현금\n", "j.ledger", in: dir)
        let r = try runLedgerc(["add", file, "--dry-run", "2025-03-01", "하이마트", "지출:가전", "300,000 KRW", "자산:현금"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("did you mean '지출:가전가구'?"), r.stderr)
    }

    /// Issue 56: a file named with ESC, BEL, OSC 52 and a bidi override,
    /// reached by an include glob, never reaches the terminal raw: not in
    /// text diagnostics, GitHub annotations, print or rename --dry-run.
    func testFileNamesAndNamesNeverReachTheTerminalRaw() throws {
        let dir = try temporaryDirectory(self)
        let evil = "evil\u{1B}]0;TITLE\u{07}\u{1B}]52;c;QQ==\u{07}\u{1B}[2J\u{202E}.ledger"
        try "2025-01-01 x\n    a  1 KRW\n".write(to: dir.appendingPathComponent(evil), atomically: true, encoding: .utf8)
        let main = try write("include e*.ledger\n\n2025-01-02 y\u{1B}[2J\n    b\u{202E}c  1 KRW\n    d\n", "main.ledger", in: dir)
        func raw(_ text: String) -> Bool { text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" } }
        for format in ["text", "github", "json"] {
            let r = try runLedgerc(["check", main, "--diagnostics", format])
            XCTAssertEqual(r.status, 1, format)
            XCTAssertFalse(raw(r.stderr + r.stdout), format + ": " + r.stderr)
            XCTAssertTrue(r.stderr.contains("evil"), r.stderr)
        }
        let text = try runLedgerc(["check", main])
        XCTAssertTrue(text.stderr.contains("evil\\u{1B}]0;TITLE\\u{7}"), text.stderr)
        // Balanced, it prints and renames: names escaped.
        try "2025-01-01 x\n    a  1 KRW\n    e\n".write(to: dir.appendingPathComponent(evil), atomically: true, encoding: .utf8)
        let printed = try runLedgerc(["print", main])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertFalse(raw(printed.stdout), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("2025-01-02 y\\u{1B}[2J"), printed.stdout)
        let rename = try runLedgerc(["rename", "account", "a", "z", main, "--dry-run"])
        XCTAssertEqual(rename.status, 0, rename.stderr)
        XCTAssertFalse(raw(rename.stdout + rename.stderr), rename.stdout)
    }

    /// Issue 56: a memo's `[2030-01-01]`, copied into a comment, is no date
    /// for ledger-cli (its brackets full-width, as colons are), and a
    /// commodity that is no word and no currency sign is quoted (`\\-26`
    /// unquoted was misread by ledger-cli).
    func testImportedTextMakesNoDateAndNoBareSymbol() throws {
        let dir = try temporaryDirectory(self)
        let journal = try write("", "j.ledger", in: dir)
        _ = try write("fields date, description, amount, memo\naccount1 자산:은행\naccount2 지출:미분류\ncomment %memo\n", "s.rules", in: dir)
        let csv = try write("2025-03-02,편의점,-3000,환불 예정 [2030-01-01]\n", "s.csv", in: dir)
        let r = try runLedgerc(["import", journal, csv, "--rules", dir.appendingPathComponent("s.rules").path, "--dry-run"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("; 환불 예정 \u{FF3B}2030-01-01\u{FF3D}"), r.stdout)
        XCTAssertFalse(r.stdout.contains("[2030"), r.stdout)
        _ = try write("fields date, description, amount\ncurrency \\\naccount1 자산:은행\naccount2 지출:미분류\n", "b.rules", in: dir)
        let backslash = try runLedgerc(["import", journal, csv, "--rules", dir.appendingPathComponent("b.rules").path, "--dry-run"])
        XCTAssertEqual(backslash.status, 0, backslash.stderr)
        XCTAssertTrue(backslash.stdout.contains("-3000 \"\\\""), backslash.stdout)
    }
}
