import Foundation
import XCTest

/// `ledgerc rename account` (issue 49): both files of a journal rewritten
/// with the same figures, comments and descriptions left alone, nothing the
/// second time, and a merge across types refused.
final class RenameTests: XCTestCase {
    func copy() throws -> URL {
        let dir = try temporaryDirectory(self)
        for name in ["main.ledger", "more.ledger"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Rename/\(name)"), to: dir.appendingPathComponent(name))
        }
        return dir
    }

    func testRenameRewritesEveryFileWithTheSameFigures() throws {
        let dir = try copy()
        let main = dir.appendingPathComponent("main.ledger").path
        let before = try runLedgerc(["report", "balance", main, "--until", "2025-01-31", "--format", "csv"]).stdout
        let r = try runLedgerc(["rename", "account", "지출:식비", "지출:음식", main, "--until", "2025-01-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("6 places in 2 files"), r.stderr)
        let text = try String(contentsOfFile: main, encoding: .utf8)
        XCTAssertTrue(text.contains("account 지출:음식\naccount 지출:음식:장보기\n"), text)
        XCTAssertTrue(text.contains("alias 밥 = 지출:음식:외식\n"), text)
        XCTAssertTrue(text.contains("    지출:음식:외식  10,000 KRW"), text)
        XCTAssertTrue(text.contains("2025-01-03 이마트  ; 지출:식비 in a comment\n    지출:음식:장보기"), text)
        XCTAssertTrue(text.contains("2025-01-04 식비 정산 지출:식비\n"), text)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("more.ledger"), encoding: .utf8), "2025-01-10 마트\n    지출:음식  12,000 KRW\n    자산:현금  -12,000 KRW\n")
        let after = try runLedgerc(["report", "balance", main, "--until", "2025-01-31", "--format", "csv"]).stdout
        XCTAssertEqual(after, before.replacingOccurrences(of: "지출:식비", with: "지출:음식"))
        // Again: nothing changes.
        let again = try runLedgerc(["rename", "account", "지출:식비", "지출:음식", main, "--until", "2025-01-31"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try String(contentsOfFile: main, encoding: .utf8), text)
    }

    func testAMergeAcrossTypesIsRefused() throws {
        let dir = try copy()
        let main = dir.appendingPathComponent("main.ledger").path
        let before = try String(contentsOfFile: main, encoding: .utf8)
        let r = try runLedgerc(["rename", "account", "지출:식비", "수입:급여", main])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("add --merge"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: main, encoding: .utf8), before)
        let dry = try runLedgerc(["rename", "account", "지출:식비", "지출:음식", main, "--dry-run"])
        XCTAssertTrue(dry.stdout.contains("more.ledger:2: 지출:식비 -> 지출:음식"), dry.stdout)
        XCTAssertEqual(try String(contentsOfFile: main, encoding: .utf8), before)
    }

    /// An automated rule's query word that names the account is renamed with it, so its postings still apply.
    func testAnAutomatedRulesQueryFollows() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("q.ledger")
        try "account 지출:식비\naccount 예산:식비\n\n= 지출:식비\n    (예산:식비)  *-1\n\n2025-01-02 a\n    지출:식비:외식  1,000 KRW\n    자산:현금\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["rename", "account", "지출:식비", "지출:음식", file.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       "account 지출:음식\naccount 예산:식비\n\n= 지출:음식\n    (예산:식비)  *-1\n\n2025-01-02 a\n    지출:음식:외식  1,000 KRW\n    자산:현금\n")
    }

    /// A card's `paid-from:` names the account its generated payments come from: it is renamed with the account,
    /// so the statements keep their figures (without it, the check finds them changed and writes nothing).
    func testACardsPaidFromFollows() throws {
        let dir = try temporaryDirectory(self)
        let card = dir.appendingPathComponent("card.ledger")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Cards/card.ledger"), to: card)
        let before = try runLedgerc(["report", "statements", card.path, "--until", "2025-04-30", "--format", "csv"]).stdout
        let r = try runLedgerc(["rename", "account", "자산:은행:국민", "자산:은행:KB", card.path, "--until", "2025-04-30"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try String(contentsOf: card, encoding: .utf8).contains("    ; paid-from: 자산:은행:KB\n"))
        XCTAssertEqual(try runLedgerc(["report", "statements", card.path, "--until", "2025-04-30", "--format", "csv"]).stdout, before)
    }

    /// A payee: the part before `|` of each description that has it, and its directive; the note stays; a longer name is another payee.
    func testRenamePayee() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("p.ledger")
        try "payee 스타벅스\n\n2025-01-02 스타벅스 | 라떼\n    지출:식비  5,000 KRW\n    자산:현금\n\n2025-01-03 * 스타벅스\n    지출:식비  4,500 KRW\n    자산:현금\n\n2025-01-04 스타벅스코리아\n    지출:식비  1 KRW\n    자산:현금\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["rename", "payee", "스타벅스", "Starbucks", file.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       "payee Starbucks\n\n2025-01-02 Starbucks | 라떼\n    지출:식비  5,000 KRW\n    자산:현금\n\n2025-01-03 * Starbucks\n    지출:식비  4,500 KRW\n    자산:현금\n\n2025-01-04 스타벅스코리아\n    지출:식비  1 KRW\n    자산:현금\n")
        XCTAssertEqual(try runLedgerc(["rename", "payee", "스타벅스", "Starbucks", file.path]).status, 0)
    }

    /// A commodity: amounts, costs, lots, assertions, `P`, `commodity` and its `format`, `split`, `cur:` and `dividend:`;
    /// never inside an account name, a description or a comment; quoted where it must be; a merge needs --merge.
    func testRenameCommodity() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("c.ledger")
        let before = """
        commodity AAPL
            format 1.00 AAPL
        commodity USD

        = cur:AAPL
            (Memo:AAPL)  *1

        2025-01-02 * Buy AAPL  ; AAPL in a comment
            Assets:Broker:AAPL  10 AAPL {150 USD} @ 150 USD
            Assets:Cash  -1,500 USD

        P 2025-02-01 AAPL 160 USD
        split 2025-03-01 AAPL 2:1

        2025-03-20 * Dividend  ; dividend: AAPL
            Assets:Broker:AAPL  0 AAPL = 20 AAPL
            Assets:Cash  10 USD
            Income:Dividends

        """
        try before.write(to: file, atomically: true, encoding: .utf8)
        let balance = try runLedgerc(["report", "balance", file.path, "--until", "2025-12-31", "--format", "csv"])
        XCTAssertEqual(balance.status, 0, balance.stderr)
        let r = try runLedgerc(["rename", "commodity", "AAPL", "Apple 1", file.path, "--until", "2025-12-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("9 places in 1 file"), r.stderr)
        let after = before.replacingOccurrences(of: "AAPL", with: "\"Apple 1\"")
            .replacingOccurrences(of: "cur:\"Apple 1\"", with: "cur:'Apple 1'").replacingOccurrences(of: "dividend: \"Apple 1\"", with: "dividend: Apple 1")
            .replacingOccurrences(of: "Memo:\"Apple 1\"", with: "Memo:AAPL").replacingOccurrences(of: "Broker:\"Apple 1\"", with: "Broker:AAPL")
            .replacingOccurrences(of: "Buy \"Apple 1\"  ; \"Apple 1\" in", with: "Buy AAPL  ; AAPL in")
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), after)
        let renamed = try runLedgerc(["report", "balance", file.path, "--until", "2025-12-31", "--format", "csv"])
        XCTAssertEqual(renamed.stdout, balance.stdout.replacingOccurrences(of: ",AAPL,", with: ",Apple 1,"))
        // Again: nothing to do. Onto an existing commodity: refused without --merge.
        XCTAssertEqual(try runLedgerc(["rename", "commodity", "AAPL", "Apple 1", file.path]).status, 0)
        let merge = try runLedgerc(["rename", "commodity", "Apple 1", "USD", file.path])
        XCTAssertEqual(merge.status, 1)
        XCTAssertTrue(merge.stderr.contains("add --merge"), merge.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), after)
        XCTAssertEqual(try runLedgerc(["rename", "commodity", "GOOG", "G", file.path]).status, 2)
    }

    /// A tag: `key: value` and `:key:` in `;` comments, its directive, an automated rule's `tag:`; not a
    /// column-1 comment, not a value; a tag with a meaning (`할부`) is refused.
    func testRenameTag() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("t.ledger")
        let before = "tag 여행\n; 여행: a file comment\n= tag:여행\n    (예산:여행)  *-1\n\n2025-01-05 호텔  ; 여행: 부산, :여행:가족:\n    지출:숙박  100,000 KRW  ; 여행: 1일차\n    ; note: 여행: no\n    자산:현금\n"
        try before.write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["rename", "tag", "여행", "trip", file.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8),
                       "tag trip\n; 여행: a file comment\n= tag:trip\n    (예산:여행)  *-1\n\n2025-01-05 호텔  ; trip: 부산, :trip:가족:\n    지출:숙박  100,000 KRW  ; trip: 1일차\n    ; note: 여행: no\n    자산:현금\n")
        let meaning = try runLedgerc(["rename", "tag", "trip", "할부", file.path])
        XCTAssertEqual(meaning.status, 1)
        XCTAssertTrue(meaning.stderr.contains("has a meaning"), meaning.stderr)
        XCTAssertEqual(try runLedgerc(["rename", "tag", "trip", "a b", file.path]).status, 2)
    }
}
