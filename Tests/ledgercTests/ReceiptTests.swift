import Foundation
import XCTest

/// `; receipt: PATH` beside a transaction: checked, exported, linked.
final class ReceiptTests: XCTestCase {
    func testAMissingReceiptIsAWarningAtItsTransaction() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("receipts"), withIntermediateDirectories: true)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: dir.appendingPathComponent("receipts/마트.png"))
        let path = dir.appendingPathComponent("house.ledger").path
        try """
        2025-03-02 마트  ; receipt: receipts/마트.png
            지출:식비  4,500 KRW
            자산:현금

        2025-03-03 편의점
            지출:식비  2,000 KRW  ; receipt: receipts/편의점.jpg
            자산:현금

        """.write(toFile: path, atomically: true, encoding: .utf8)
        // From another folder: the receipt is found beside the journal.
        let check = try runLedgerc(["check", path], cwd: FileManager.default.temporaryDirectory)
        XCTAssertEqual(check.status, 0)
        XCTAssertEqual(check.stderr.components(separatedBy: "warning:").count - 1, 1, check.stderr)
        XCTAssertTrue(check.stderr.contains("house.ledger:5:1: warning: the receipt 'receipts/편의점.jpg' is not there"), check.stderr)
        XCTAssertEqual(try runLedgerc(["check", path, "--werror"]).status, 1)
        let csv = try runLedgerc(["report", "transactions", path, "--format", "csv"]).stdout
        let lines = csv.split(separator: "\n")
        XCTAssertEqual(lines[0], "txn,date,status,code,description,account,amount,commodity,cost,generated,source,comment,receipt")
        XCTAssertTrue(lines[1].hasSuffix(",receipts/마트.png"), String(lines[1]))
        XCTAssertTrue(lines[2].hasSuffix(",receipts/마트.png"), "a posting carries its transaction's receipt")
        XCTAssertTrue(lines[3].hasSuffix(",receipts/편의점.jpg"), String(lines[3]))
        XCTAssertTrue(lines[4].hasSuffix(","), "no receipt on the other posting: \(lines[4])")
        let json = try runLedgerc(["report", "transactions", path, "--format", "json"]).stdout
        XCTAssertTrue(json.contains("\"receipt\":\"receipts/마트.png\""), json)
        let html = try runLedgerc(["report", "html", path]).stdout
        // The link is the path, percent-encoded (issue 29: no byte of it can make a scheme).
        let encoded = "마트".utf8.map { String(format: "%%%02X", $0) }.joined()
        XCTAssertTrue(html.contains("<a href=\"\(dir.path)/receipts/\(encoded).png\">receipts/마트.png</a>"), html)
    }

    func testTheHouseholdSampleKeepsItsReceipt() throws {
        let check = try runLedgerc(["check", "samples/household.ledger"])
        XCTAssertEqual(check.stderr, "")
        XCTAssertTrue(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent("samples/receipts/2025-01-08-이마트.png").path))
    }
}
