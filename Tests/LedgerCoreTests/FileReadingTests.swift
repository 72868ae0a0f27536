import Foundation
import XCTest
@testable import LedgerCore

/// `FileIO.read` copies a large file into memory in two halves at once: the
/// bytes must be the file's, in order, at every size around the halves.
final class FileReadingTests: XCTestCase {
    func testALargeFileReadsWhole() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-read-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for size in [FileIO.readsInTwoFrom - 1, FileIO.readsInTwoFrom, FileIO.readsInTwoFrom + 1, FileIO.readsInTwoFrom + 4099] {
            // No two halves alike: a byte pattern that a swap or a gap would break.
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 16) }
            let path = dir.appendingPathComponent("\(size).ledger").path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let read = try FileIO.read(path).get()
            XCTAssertEqual(read.count, size)
            XCTAssertTrue(read == bytes, "size \(size)")
        }
    }
}
