import Foundation
import XCTest
@testable import LedgerCore

/// `FileIO.read` copies a large file into memory in two halves at once, and
/// `FileIO.readForReading` maps one instead: the bytes must be the file's, in
/// order, at every size around the halves and the mapping threshold.
final class FileReadingTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-read-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A file of `size` bytes that no swap of halves or gap would leave the same.
    private func file(_ size: Int) -> (path: String, bytes: [UInt8]) {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 16) }
        let path = directory.appendingPathComponent("\(size).ledger").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return (path, bytes)
    }

    func testALargeFileReadsWhole() throws {
        for size in [FileIO.readsInTwoFrom - 1, FileIO.readsInTwoFrom, FileIO.readsInTwoFrom + 1, FileIO.readsInTwoFrom + 4099] {
            let (path, bytes) = file(size)
            let read = try FileIO.read(path).get()
            XCTAssertEqual(read.count, size)
            XCTAssertTrue(read == bytes, "size \(size)")
        }
    }

    func testALargeFileIsMappedAndReadsTheSame() throws {
        for size in [FileIO.mapsFrom - 1, FileIO.mapsFrom, FileIO.mapsFrom + 1, FileIO.mapsFrom + 4096] {
            let (path, bytes) = file(size)
            let contents = try FileIO.readForReading(path).get()
            XCTAssertEqual(contents.isMapped, size >= FileIO.mapsFrom, "size \(size)")
            XCTAssertEqual(contents.count, size)
            XCTAssertTrue(contents.withUnsafeBufferPointer { $0.elementsEqual(bytes) }, "size \(size)")
            // The array form is the same bytes, made once.
            XCTAssertTrue(contents.array == bytes, "size \(size)")
            XCTAssertEqual(contents.array.withUnsafeBufferPointer { $0.baseAddress }, contents.array.withUnsafeBufferPointer { $0.baseAddress })
            // A source file over them reads its lines from them.
            let source = SourceFile(path: path, contents: contents)
            XCTAssertEqual(source.lineStarts, SourceFile(path: path, bytes: bytes).lineStarts)
        }
    }

    func testWhatCannotBeMappedIsReadOrRefusedAsByRead() throws {
        let small = file(10)
        XCTAssertEqual(try FileIO.readForReading(small.path).get().array, small.bytes)
        let missing = directory.appendingPathComponent("missing.ledger").path
        guard case .failure(let mapped) = FileIO.readForReading(missing), case .failure(let read) = FileIO.read(missing) else {
            return XCTFail("a missing file was read")
        }
        XCTAssertEqual(mapped, read)
        guard case .failure(let dir) = FileIO.readForReading(directory.path) else { return XCTFail("a directory was read") }
        XCTAssertEqual(dir.reason, "is a directory")
    }
}
