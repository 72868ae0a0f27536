import XCTest
@testable import LedgerCore

/// `SafeWriter`'s text written ahead (serve writes while it checks): the
/// target is untouched until `commit()`, and `abandon()` leaves nothing.
final class SafeWriterTests: XCTestCase {
    func folder() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("safe-writer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func testTextWrittenAheadReplacesTheTargetOnlyWhenCommitted() throws {
        let dir = try folder(), path = dir + "/가계부.ledger"
        try "before\n".write(toFile: path, atomically: true, encoding: .utf8)
        let writer = try SafeWriter(path: path)
        try writer.lock()
        let text = Array("one\ntwo\nthree\n".utf8)
        XCTAssertTrue(try writer.writeAhead([text[..<4], text[4..<8], text[8...]]))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "before\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).count, 2, "the target and the text written ahead")
        try writer.commit()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "one\ntwo\nthree\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["가계부.ledger"])
    }

    func testTextWrittenAheadAndAbandonedLeavesNothing() throws {
        let dir = try folder(), path = dir + "/j.ledger"
        try "before\n".write(toFile: path, atomically: true, encoding: .utf8)
        let writer = try SafeWriter(path: path)
        XCTAssertTrue(try writer.writeAhead([Array("after\n".utf8)[...]]))
        writer.abandon()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "before\n")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["j.ledger"])
        // The writer writes again afterwards, as it would have.
        try writer.write(Array("again\n".utf8))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "again\n")
    }

    /// A target that is not a regular file is written only when committed: nothing ahead.
    func testNothingIsWrittenAheadToATargetThatIsNotARegularFile() throws {
        let writer = try SafeWriter(path: "/dev/null")
        XCTAssertFalse(try writer.writeAhead([Array("x".utf8)[...]]))
        let dir = try folder()
        XCTAssertFalse(try SafeWriter(path: dir + "/missing.ledger").writeAhead([Array("x".utf8)[...]]), "no file there yet")
    }
}
