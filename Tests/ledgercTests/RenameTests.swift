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
}
