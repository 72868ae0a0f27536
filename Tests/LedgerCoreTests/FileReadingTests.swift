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

    /// A mapped journal's pages are given back as the check reads them
    /// (`releaseMappedPages`): what the check says, the source lines it
    /// quotes from the start of the file, and the bytes themselves afterwards
    /// are those of the same journal read into memory. With small blocks,
    /// several are released in each half, with an error in the first
    /// block, a bad byte in the middle and an assertion at the end that reads
    /// every movement.
    func testAMappedJournalGivenBackAsItIsReadChecksTheSame() throws {
        let every = JournalParser.releasesEvery
        JournalParser.releasesEvery = 256 << 10
        defer { JournalParser.releasesEvery = every }
        var text = "2024-01-01 Broken\n    Expenses:Food    5 USD\n    Assets:Cash    -4 USD\n\n"
        var i = 0
        var total = 0
        while text.utf8.count < FileIO.mapsFrom + 4096 {
            let day = 1 + i % 28, amount = 1 + i % 97
            total += amount
            text += "2024-02-\(day < 10 ? "0" : "")\(day) 이마트 \(i)\n    지출:식비    \(amount) USD\n    Assets:Cash\n\n"
            if i == 40_000 { text += "; a bad byte: \u{FFFD}\n\n" }
            i += 1
        }
        text += "2024-12-31 Count\n    Assets:Cash    0 USD = -\(total + 4) USD\n    Equity:Zero\n"
        var bytes = Array(text.utf8)
        // The replacement character's first byte made invalid (0xEF -> 0xFF).
        let bad = bytes.firstIndex(of: 0xEF)!
        bytes[bad] = 0xFF
        let path = directory.appendingPathComponent("large.ledger").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let mapped = try FileIO.readForReading(path).get()
        XCTAssertTrue(mapped.isMapped)

        var options = CompileOptions()
        options.mode = .diagnosticsOnly
        func said(_ contents: FileBytes) -> String {
            let c = compile([InputFile(path: path, contents: contents)], options: options)
            return DiagnosticPrinter(sources: c.sources, useColor: false).render(c.diagnostics.sorted(), format: .text)
        }
        let fromMapping = said(mapped), fromMemory = said(FileBytes(bytes))
        XCTAssertEqual(fromMapping, fromMemory)
        XCTAssertTrue(fromMapping.contains("large.ledger:1:1: error"), fromMapping)
        XCTAssertTrue(fromMapping.contains("invalid UTF-8"), fromMapping)
        XCTAssertFalse(fromMapping.contains("assertion"), fromMapping)
        XCTAssertTrue(mapped.withUnsafeBufferPointer { $0.elementsEqual(bytes) })
    }

    /// A mapped file is checked to be UTF-8 as it is read (issue 61): a
    /// file that is UTF-8 is read once, and one with a bad byte anywhere
    /// (in either half, in the last bytes) or that stops for errors is
    /// read again, checked first. Either way the diagnostics are those of
    /// the same bytes read from memory, checked before the parse.
    func testAMappedJournalIsCheckedAsItIsRead() throws {
        let every = JournalParser.releasesEvery
        JournalParser.releasesEvery = 256 << 10
        defer { JournalParser.releasesEvery = every }
        var text = ""
        var i = 0
        while text.utf8.count < FileIO.mapsFrom + 4096 {
            text += "2024-03-\(1 + i % 28 < 10 ? "0" : "")\(1 + i % 28) 가게 \(i)\n    지출:식비    \(1 + i % 97) USD\n    Assets:Cash\n\n"
            i += 1
        }
        let clean = Array(text.utf8)
        let path = directory.appendingPathComponent("checked.ledger").path
        var options = CompileOptions()
        options.mode = .diagnosticsOnly
        options.parallelThreshold = 0
        /// Whether a read checking as it reads must read again, and what the compile says, mapped and from memory.
        func read(_ bytes: [UInt8]) throws -> (again: Bool, mapped: String, memory: String) {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let mapped = try FileIO.readForReading(path).get()
            XCTAssertTrue(mapped.isMapped)
            let read = readJournal([InputFile(path: path, contents: mapped)], into: SourceManager(), diagnostics: DiagnosticEngine(),
                                   options: options, checksUTF8AsItReads: true)
            func said(_ contents: FileBytes) -> String {
                let c = compile([InputFile(path: path, contents: contents)], options: options)
                return DiagnosticPrinter(sources: c.sources, useColor: false).render(c.diagnostics.sorted(), format: .text)
                    + "errors: \(c.diagnostics.errorCount)"
            }
            return (read.mustReadAgain, said(try FileIO.readForReading(path).get()), said(FileBytes(bytes)))
        }
        let fine = try read(clean)
        XCTAssertFalse(fine.again)
        XCTAssertEqual(fine.mapped, fine.memory)
        XCTAssertEqual(fine.mapped, "errors: 0")
        // A bad byte in the first half, in the second, and in the file's last byte.
        let hangul = clean.indices.filter { clean[$0] == 0xEA }
        for at in [hangul[10], hangul[hangul.count * 3 / 4], clean.count - 1] {
            var bytes = clean
            bytes[at] = 0xFF
            let bad = try read(bytes)
            XCTAssertTrue(bad.again, "a bad byte at \(at) of \(bytes.count)")
            XCTAssertEqual(bad.mapped, bad.memory)
            XCTAssertTrue(bad.mapped.contains("invalid UTF-8"), bad.mapped)
        }
        // Too many errors: the parse stops early, the rest is checked first on a second read.
        var broken = Array("2024-13-45 nope\n".utf8) + clean
        for k in 0..<200 { broken += Array("2024-13-\(k % 9 + 40) bad\n".utf8) }
        broken += [0xFF, 0x0A]
        let stopped = try read(broken)
        XCTAssertTrue(stopped.again)
        XCTAssertEqual(stopped.mapped, stopped.memory)
        XCTAssertTrue(stopped.mapped.contains("invalid UTF-8"), stopped.mapped)
    }
}
