import Foundation
import XCTest

/// Statements as Korean banks send them (issue 47), through the binary: one
/// statement as CP949 CSV, XLSX, BIFF8 XLS, HTML saved as .xls and a
/// password-protected XLSX (Tests/Fixtures/statements, made by
/// Scripts/make-statement-fixtures) imports to the same six transactions
/// under one rules file; the same statement in another format adds
/// nothing; a wrong password and a zip bomb are refused with nothing written.
final class StatementFormatsTests: XCTestCase {
    let dir = repositoryRoot.appendingPathComponent("Tests/Fixtures/statements")
    let formats = ["statement.csv", "statement.xlsx", "statement.xls", "statement-html.xls", "statement-protected.xlsx",
                   // Issue 55: Excel 2003 XML with date cells that hold a time; a UTF-8 page whose meta still says euc-kr.
                   "statement-2003.xls", "statement-bom.xls"]

    func journalCopy() throws -> URL {
        let file = try temporaryDirectory(self).appendingPathComponent("household.ledger")
        try FileManager.default.copyItem(at: dir.appendingPathComponent("household.ledger"), to: file)
        return file
    }

    func importing(_ statement: String, into journal: URL, _ extra: [String] = [], env: [String: String] = ["LEDGERC_STATEMENT_PASSWORD": "900101"]) throws -> RunResult {
        try runLedgerc(["import", journal.path, dir.appendingPathComponent(statement).path, "--rules", dir.appendingPathComponent("statement.rules").path] + extra, env: env)
    }

    func testEveryFormatGivesTheSameSixTransactions() throws {
        let journal = try journalCopy()
        let csv = try importing("statement.csv", into: journal, ["--dry-run"])
        XCTAssertEqual(csv.status, 0, csv.stderr)
        // Preamble and 합계 skipped; a △ refund; full-width （주） read as (주) and kept as the description; an inflow with no rule.
        XCTAssertEqual(csv.stdout.components(separatedBy: "\n\n").count, 6, csv.stdout)
        XCTAssertFalse(csv.stdout.contains("합계"))
        XCTAssertTrue(csv.stdout.contains("2025-03-05 () (주)한빛상사\n"), csv.stdout)
        XCTAssertTrue(csv.stdout.contains("2025-03-20 () (주)카카오\n"), csv.stdout)
        XCTAssertTrue(csv.stdout.contains("2025-03-12 이마트 성수점  ; 환불\n    자산:국민은행      12,000 KRW = 3,886,200 KRW\n    지출:식비:장보기  -12,000 KRW"), csv.stdout)
        XCTAssertTrue(csv.stdout.contains("    수입:미분류   -50,000 KRW"), csv.stdout)
        XCTAssertTrue(csv.stderr.contains("would import 6 new transactions"), csv.stderr)
        for format in formats.dropFirst() {
            let r = try importing(format, into: journal, ["--dry-run"])
            XCTAssertEqual(r.status, 0, "\(format): \(r.stderr)")
            XCTAssertEqual(r.stdout, csv.stdout, format)
        }
        // Written once, the statement in any other format adds nothing; the journal still compiles.
        XCTAssertEqual(try importing("statement.xls", into: journal).status, 0)
        let written = try String(contentsOf: journal, encoding: .utf8)
        for format in formats {
            let again = try importing(format, into: journal)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertTrue(again.stderr.contains("imported 0 new transactions"), "\(format): \(again.stderr)")
        }
        XCTAssertEqual(try String(contentsOf: journal, encoding: .utf8), written)
        XCTAssertEqual(try runLedgerc(["check", journal.path]).status, 0)
    }

    /// The password: from a file or the environment; a wrong one says so; none on a pipe is asked for never.
    func testPasswords() throws {
        let journal = try journalCopy()
        let before = try String(contentsOf: journal, encoding: .utf8)
        let wrong = try importing("statement-protected.xlsx", into: journal, [], env: ["LEDGERC_STATEMENT_PASSWORD": "123456"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("the password is wrong"), wrong.stderr)
        XCTAssertFalse(wrong.stderr.contains("123456"))
        let none = try runLedgerc(["import", journal.path, dir.appendingPathComponent("statement-protected.xlsx").path,
                                   "--rules", dir.appendingPathComponent("statement.rules").path], stdin: "900101\n")
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("never on a pipe"), none.stderr)
        XCTAssertEqual(try String(contentsOf: journal, encoding: .utf8), before)
        let passwordFile = try temporaryDirectory(self).appendingPathComponent("pw")
        try "900101\n".write(to: passwordFile, atomically: true, encoding: .utf8)
        let right = try importing("statement-protected.xlsx", into: journal, ["--password-file", passwordFile.path, "--dry-run"], env: [:])
        XCTAssertEqual(right.status, 0, right.stderr)
        XCTAssertTrue(right.stderr.contains("would import 6 new transactions"), right.stderr)
        // Saved by Windows Notepad (issue 55): a byte-order mark and CR LF.
        try Data([0xEF, 0xBB, 0xBF] + Array("900101\r\n".utf8)).write(to: passwordFile)
        let notepad = try importing("statement-protected.xlsx", into: journal, ["--password-file", passwordFile.path, "--dry-run"], env: [:])
        XCTAssertEqual(notepad.status, 0, notepad.stderr)
        // A missing password file is named, before any statement.
        let missing = try importing("statement-protected.xlsx", into: journal, ["--password-file", passwordFile.path + "-gone", "--dry-run"], env: [:])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read the password file '\(passwordFile.path)-gone'"), missing.stderr)
        XCTAssertFalse(missing.stderr.contains("xlsx:1:1"), missing.stderr)
    }

    /// Issue 56: Ctrl-C at the password prompt, under `sh -c`, gives the
    /// terminal its echo back (it was left off).
    func testCtrlCAtThePasswordPromptRestoresEcho() throws {
        let journal = try journalCopy()
        // The shell around it keeps running (`trap : INT`) to say what ledgerc left.
        let command = "trap : INT; sh -c '\(ledgercBinary.path) import \(journal.path) \(dir.appendingPathComponent("statement-protected.xlsx").path) --rules \(dir.appendingPathComponent("statement.rules").path)'; echo EXIT=$?; stty -a | grep -o -- '-\\?echo ' | head -1 | sed 's/^/MODE=/'; sleep 30"
        let term = try AddCommandTests.Terminal(self, command: command)
        try term.waitFor("password for the statement:")
        try term.send("C-c")
        try term.waitFor("EXIT=130")
        try term.waitFor("MODE=echo")
    }

    /// A zip member that declares 600 MB is refused before any inflating; one
    /// that holds more than it declares stops at its declared size; a bad CRC is damage.
    func testZipBombsAndDamage() throws {
        let journal = try journalCopy()
        let before = try String(contentsOf: journal, encoding: .utf8)
        let tmp = try temporaryDirectory(self)
        func attempt(_ zip: [UInt8]) throws -> RunResult {
            let file = tmp.appendingPathComponent("s\(zip.count).xlsx")
            try Data(zip).write(to: file)
            return try runLedgerc(["import", journal.path, file.path, "--rules", dir.appendingPathComponent("statement.rules").path])
        }
        let started = Date()
        let bomb = try attempt(ZipMaker.zip([("xl/workbook.xml", Array(repeating: 0, count: 700_000), 600 << 20, 8, 0)]))
        XCTAssertEqual(bomb.status, 2)
        XCTAssertTrue(bomb.stderr.contains("inflates past 96 MB"), bomb.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        // "hello hello hello hello" deflated, declared as 10 bytes.
        let hello: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x57, 0xC8, 0x40, 0x27, 0x01]
        let liar = try attempt(ZipMaker.zip([("xl/workbook.xml", hello, 10, 8, 0)]))
        XCTAssertEqual(liar.status, 1)
        XCTAssertTrue(liar.stderr.contains("does not inflate to its declared size"), liar.stderr)
        let crc = try attempt(ZipMaker.zip([("xl/workbook.xml", Array("<workbook/>".utf8), 11, 0, 0xDEAD_BEEF)]))
        XCTAssertEqual(crc.status, 1)
        XCTAssertTrue(crc.stderr.contains("CRC"), crc.stderr)
        let truncated = try attempt(Array(try Data(contentsOf: dir.appendingPathComponent("statement.xlsx")).prefix(3000)))
        XCTAssertEqual(truncated.status, 1)
        XCTAssertEqual(try String(contentsOf: journal, encoding: .utf8), before)
    }

    /// samples/import: each bank's layout imports with its rules, as docs/IMPORT.md shows.
    func testTheSamplesImport() throws {
        let samples = repositoryRoot.appendingPathComponent("samples/import")
        for (statement, count, shows) in [("samsung-card.xlsx", 3, "2025-03-09 쿠팡  ; 일시불 취소\n    부채:삼성카드   15,000 KRW"),
                                          ("woori-card.xls", 2, "2025-03-11 교보문고\n    부채:우리카드  -18,500 KRW"),
                                          ("kb-bank.xls", 3, "2025-03-15 () (주)한빛상사\n    자산:국민은행   10,000 KRW = 5,203,500 KRW"),
                                          ("toss-bank.xlsx", 2, "2025-03-05 넷플릭스\n    자산:토스뱅크  -17,000 KRW = 483,000 KRW")] {
            let rules = samples.appendingPathComponent(statement.split(separator: ".")[0] + ".rules").path
            let r = try runLedgerc(["import", "household.ledger", statement, "--rules", rules, "--dry-run"],
                                   env: ["LEDGERC_STATEMENT_PASSWORD": "900101"], cwd: samples)
            XCTAssertEqual(r.status, 0, "\(statement): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("would import \(count) new transactions"), "\(statement): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains(shows), "\(statement): \(r.stdout)")
        }
    }

    /// `sheet NAME` picks a sheet; a sheet that does not exist is named among those that do.
    func testSheetRule() throws {
        let journal = try journalCopy()
        let rules = try temporaryDirectory(self).appendingPathComponent("other.rules")
        try ("sheet 없는시트\n" + String(contentsOf: dir.appendingPathComponent("statement.rules"), encoding: .utf8)).write(to: rules, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["import", journal.path, dir.appendingPathComponent("statement.xlsx").path, "--rules", rules.path, "--dry-run"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("no sheet '없는시트' (it has '거래내역', '안내')"), r.stderr)
    }
}

/// Zip files made by hand, for the container's bounds.
enum ZipMaker {
    /// Members as (name, stored bytes, declared size, method, CRC-32).
    static func zip(_ members: [(String, [UInt8], Int, Int, UInt32)]) -> [UInt8] {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
        var out: [UInt8] = [], central: [UInt8] = []
        for (name, data, size, method, crc) in members {
            let offset = out.count, n = Array(name.utf8)
            let common = le16(20) + le16(0) + le16(method) + le16(0) + le16(0) + le32(Int(crc)) + le32(data.count) + le32(size) + le16(n.count) + le16(0)
            out += le32(0x0403_4B50) + common + n + data
            central += le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + n
        }
        let start = out.count
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(members.count) + le16(members.count) + le32(central.count) + le32(start) + le16(0)
        return out
    }
}
