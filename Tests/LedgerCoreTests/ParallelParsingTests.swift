import Foundation
import XCTest
@testable import LedgerCore

/// Reading a file with two parsers gives exactly what one parser gives.
final class ParallelParsingTests: XCTestCase {
    let until = CivilDate(year: 2025, month: 12, day: 31)!

    func compiled(_ path: String, _ bytes: [UInt8], parallel: Bool, splitPermille: Int = 450,
                  pieceBytes: Int = JournalParser.defaultPieceBytes) -> (meaning: [UInt8], diagnostics: String) {
        var options = CompileOptions()
        options.parallelThreshold = parallel ? 0 : Int.max
        options.splitPermille = splitPermille
        options.parallelPieceBytes = pieceBytes
        let c = compile([InputFile(path: path, bytes: bytes)], until: until, options: options)
        let printed = DiagnosticPrinter(sources: c.sources, useColor: false)
            .render(c.diagnostics.sorted(), format: .text, droppedErrors: max(0, c.diagnostics.errorCount - c.diagnostics.limit))
        return (meaning(of: c), printed + "errors: \(c.diagnostics.errorCount)")
    }

    func assertSame(_ path: String, _ bytes: [UInt8], splitPermille: Int = 450, pieceBytes: Int = JournalParser.defaultPieceBytes,
                    file: StaticString = #filePath, line: UInt = #line) {
        let one = compiled(path, bytes, parallel: false)
        let two = compiled(path, bytes, parallel: true, splitPermille: splitPermille, pieceBytes: pieceBytes)
        XCTAssertEqual(two.diagnostics, one.diagnostics, path, file: file, line: line)
        XCTAssertEqual(two.meaning, one.meaning, path, file: file, line: line)
    }

    func testSplitHalvesAgreeWithOneParser() {
        var text = "commodity $1,000.00\n; a journal long enough to split\n"
        for i in 0..<400 {
            let day = 1 + i % 28, month = 1 + (i / 28) % 12
            text += "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day) * Shop \(i % 7)  ; id: \(i)\n"
            text += "    Expenses:Shop:\(["Food", "식비", "Rent"][i % 3])    \(i % 5 == 0 ? "10.5 EUR" : "$\(i).25")\n"
            if i % 11 == 0 { text += "    Assets:Broker    2 AAPL @ $1.125\n" }
            text += "    Assets:Cash\n"
            if i == 300 { text += "P 2025-06-01 AAPL $210.00\n" }
        }
        assertSame("split.ledger", Array(text.utf8))
    }

    /// A journal of many transactions, some of them not plain.
    func manyTransactions(_ count: Int) -> String {
        var text = "commodity $1,000.00\n; a journal long enough to split\n"
        for i in 0..<count {
            let day = 1 + i % 28, month = 1 + (i / 28) % 12
            text += "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day) * Shop \(i % 7)  ; id: \(i)\n"
            text += "    Expenses:Shop:\(["Food", "식비", "Rent"][i % 3])    \(i % 5 == 0 ? "10.5 EUR" : "$\(i).25")\n"
            if i % 11 == 0 { text += "    Assets:Broker    2 AAPL @ $1.125\n" }
            text += "    Assets:Cash\n"
        }
        return text
    }

    /// A file cut into many pieces, read from both ends at once, whatever
    /// its pieces hold: a directive, a block comment, errors, a year.
    func testManyPiecesAgreeWithOneParser() {
        let plain = manyTransactions(300)
        let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
        let inserted = ["decimal-mark ,", "comment\nnot a transaction\nend comment", "comment", "Y 2024", "2025-13-01 bad date",
                        "2025-02-01 unbalanced\n    a  1 USD\n    b  -2 USD", "apply account Shared", "P 2025-03-01 AAPL $9"]
        for pieceBytes in [40, 300, 2_000] {
            assertSame("pieces.ledger", Array(plain.utf8), pieceBytes: pieceBytes)
            for (k, text) in inserted.enumerated() {
                // Before a header about a third of the way in, or at two thirds.
                let at = lines.indices.filter { $0 > lines.count * (1 + k % 2) / 3 && lines[$0].first?.isNumber == true }.first ?? 0
                var edited = lines
                edited.insert(Substring(text), at: at)
                assertSame("pieces-\(k).ledger", Array(edited.joined(separator: "\n").utf8), pieceBytes: pieceBytes)
            }
        }
    }

    /// Past the error limit, one parser stops at an exact line: a file in
    /// pieces stops at the same one, whichever thread read it.
    func testTooManyErrorsStopAtTheSameLine() {
        var text = ""
        for i in 0..<400 {
            text += "2025-01-01 T\(i)\n    a  \(i % 3 == 0 ? "1,5" : "1") USD\n    b  -1 USD\n"
        }
        for pieceBytes in [60, 500, 4_000] { assertSame("limit.ledger", Array(text.utf8), pieceBytes: pieceBytes) }
    }

    /// A check stream's parser that has read `text` at `path`, every file in pieces of 2,000 bytes.
    func streamingParserInPieces(path: String, _ text: String) -> JournalParser {
        let sources = SourceManager()
        let parser = JournalParser(sources: sources, diagnostics: DiagnosticEngine())
        var options = CompileOptions()
        options.parallelThreshold = 0
        options.parallelPieceBytes = 2_000
        parser.configuration = ParserConfiguration(options)
        parser.sink = CheckStream(keepingHeaders: false)
        parser.parse(fileIndex: sources.add(SourceFile(path: path, contents: FileBytes(Array(text.utf8)))))
        return parser
    }

    /// The other thread's pieces are taken in, not read again (a split that
    /// always fell back would still agree with one parser).
    func testPiecesReadElsewhereAreTakenIn() {
        let text = manyTransactions(2_000)
        let parser = streamingParserInPieces(path: "taken.ledger", text)
        let pieces = text.utf8.count / 2_000
        XCTAssertGreaterThan(parser.piecesReadElsewhere, 0)
        XCTAssertLessThan(parser.piecesReadElsewhere, pieces)
        XCTAssertEqual(parser.finish().transactions.count + parser.sink!.letGo.records.count, 2_000)
    }

    /// A file of a few pieces' size has its middle fifth cut into at least
    /// four, so that neither thread reads a fifth more than the other.
    func testASmallMiddleIsStillCutInFour() {
        let text = Array(manyTransactions(400).utf8)
        let parser = JournalParser(sources: SourceManager(), diagnostics: DiagnosticEngine())
        var options = CompileOptions()
        options.parallelThreshold = 0
        options.parallelPieceBytes = text.count / 4
        parser.configuration = ParserConfiguration(options)
        let starts = text.withUnsafeBufferPointer { parser.pieceStarts($0, from: 0) } ?? []
        // Two fifths, four pieces of a twentieth, two fifths: five starts after the first piece's.
        XCTAssertEqual(starts.count, JournalParser.cores > 1 ? 5 : 0)
        if starts.count == 5 {
            XCTAssertLessThan(starts[4] - starts[0], text.count / 4)
            XCTAssertGreaterThan(starts[0], text.count / 3)
        }
        assertSame("quarter.ledger", text, pieceBytes: text.count / 4)
    }

    func testErrorsInTheSecondHalfAreReportedOnce() {
        var text = ""
        for i in 0..<200 {
            text += "2025-01-01 T\(i)\n    a  \(i == 150 ? "1,5" : "1") USD\n    b  \(i == 170 ? "-2" : "-1") USD\n"
        }
        assertSame("errors.ledger", Array(text.utf8))
    }

    /// A declared style keeps its digit groups, or their absence, whichever
    /// parser reads the amounts written with groups (found by the `diff`
    /// fuzz surface: a diff in chunks printed `$1,450.00` where the whole
    /// side printed `$1450.00`).
    func testADeclaredStyleWithoutGroupsStaysSoInTheOtherHalf() {
        for declaration in ["commodity $1000.00", "commodity $1,000.00"] {
            var text = declaration + "\n"
            for i in 0..<200 { text += "2025-01-01 T\(i)\n    a  $\(i < 100 ? "" : "1,")450.00\n    b\n" }
            assertSame("declared.ledger", Array(text.utf8))
            let two = String(decoding: compiled("declared.ledger", Array(text.utf8), parallel: true).meaning, as: UTF8.self)
            XCTAssertEqual(two.contains("$1,450.00"), declaration.contains(","), declaration)
        }
    }

    func testADirectiveAfterTheMiddleFallsBackToOneParser() {
        var text = ""
        for i in 0..<100 {
            if i == 70 { text += "decimal-mark ,\n" }
            text += "2025-01-01 T\(i)\n    a  1\(i >= 70 ? ",50" : ".50") EUR\n    b\n"
        }
        assertSame("directive.ledger", Array(text.utf8))
        var block = "comment\n"
        for i in 0..<100 { block += "2025-01-01 T\(i)\n    a  1 EUR\n" }
        block += "end comment\n2025-01-02 x\n    a  1 EUR\n    b\n"
        assertSame("block.ledger", Array(block.utf8))
    }

    /// Every journal the project owns, read split at several points.
    func testOwnedCorpusAgreesWithOneParser() throws {
        let journals = try TestCorpus.owned(withErrorSamples: true)
        for j in journals {
            for permille in [0, 450, 800] { assertSame(j.path, j.bytes, splitPermille: permille) }
            assertSame(j.path, j.bytes, pieceBytes: 64)
        }
        XCTAssertGreaterThan(journals.count, 80)
    }

    /// Every journal of the compatibility corpus, read split at its middle.
    func testCompatibilityCorpusAgreesWithOneParser() throws {
        let journals = try TestCorpus.compatibility()
        for j in journals { assertSame(j.path, j.bytes) }
        XCTAssertGreaterThan(journals.count, 700)
    }

    /// A fuzzer's find: invalid UTF-8 in a commodity read by the second parser
    /// became a second commodity (names were mapped by their `String`).
    func testInvalidUTF8NamesMapToThemselves() {
        let bytes: [UInt8] = [0x37, 0x2d, 0x31, 0x0a, 0x20, 0x61, 0x73, 0x23, 0x73, 0x65, 0x74, 0x73, 0x20, 0x20, 0xf9, 0x31, 0x0a,
                              0x38, 0x2d, 0x32, 0x0a, 0x20, 0x61, 0x73, 0x23, 0x73, 0x65, 0x74, 0x73, 0x20, 0x20, 0x3d, 0xf9, 0x31]
        for permille in [0, 300, 450, 600, 1000] { assertSame("utf8.ledger", bytes, splitPermille: permille) }
    }

    /// A root of `include` lines, each file read in pieces: the second
    /// thread reads on into the next file's pieces while this one reads the
    /// file before. Whatever the files hold (a nested include, which drops
    /// the next file's reading, a year, errors, a missing file, a file
    /// included twice, CR LF), the compile is the one a single parser makes.
    func testIncludedFilesReadOnAgreeWithOneParser() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-next-include-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: dir.appendingPathComponent(name))
        }
        let plain = manyTransactions(150)
        try write("a.ledger", plain)
        try write("b.ledger", "Y 2024\n" + plain)
        try write("c.ledger", plain + "include small.ledger\n" + plain)
        try write("small.ledger", "2025-01-01 nested\n    a  1 USD\n    b\n")
        try write("d.ledger", plain.replacingOccurrences(of: "\n", with: "\r\n"))
        try write("e.ledger", plain + "2025-02-30 not a day\n    a  1 USD\n    b\n")
        let roots = [
            "include a.ledger\ninclude d.ledger\ninclude e.ledger\n",
            "include a.ledger\ninclude b.ledger\ninclude c.ledger\ninclude d.ledger\ninclude e.ledger\n",
            "include c.ledger\ninclude a.ledger  ; a comment\r\ninclude a.ledger\ninclude missing.ledger\ninclude e.ledger\n",
            "Y 2023\ninclude a.ledger\ninclude b.ledger\n2025-03-01 after\n    a  1 USD\n    b\n",
        ]
        for (k, root) in roots.enumerated() {
            let path = dir.appendingPathComponent("root\(k).ledger").path
            try write("root\(k).ledger", root)
            for pieceBytes in [300, 2_000] {
                assertSame(path, Array(root.utf8), pieceBytes: pieceBytes)
            }
        }
        // The first root's second file is taken as prepared (the third too, when the thread
        // is still reading the second's pieces as this one reaches it: small files race).
        let parser = streamingParserInPieces(path: dir.appendingPathComponent("root0.ledger").path, roots[0])
        if JournalParser.cores > 1 { XCTAssertGreaterThanOrEqual(parser.preparedIncludesTaken, 1) }
        XCTAssertEqual(parser.finish().transactions.count + parser.sink!.letGo.records.count, 450)
    }

    /// Random roots of includes over random files, read with every file in
    /// pieces (the next file prepared and read on into), against one parser:
    /// files that include others, directives between and inside the files
    /// (`apply account`, `alias`, `Y`, `decimal-mark`, comment blocks),
    /// missing and repeated files, globs.
    func testRandomIncludeTreesAgreeWithOneParser() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-include-trees-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var generator = SystemRandomNumberGenerator()
        let bodies = [manyTransactions(40), manyTransactions(90), "Y 2024\n" + manyTransactions(30),
                      "decimal-mark ,\n2025-01-01 comma\n    a  1,50 EUR\n    b\n", "comment\n" + manyTransactions(10),
                      manyTransactions(20).replacingOccurrences(of: "\n", with: "\r\n"), "2025-02-30 bad\n    a  1 USD\n    b\n"]
        let between = ["", "", "", "apply account Shared\n", "end apply account\n", "alias Assets:Cash = Assets:Wallet\n",
                       "Y 2023\n", "; a comment\n", "\n", "2025-05-05 between\n    a  1 USD\n    b\n"]
        for round in 0..<60 {
            // Files 0..<6, each a body, some including a later one (no cycles: only later files).
            let count = 6
            for f in 0..<count {
                var text = bodies.randomElement(using: &generator) ?? ""
                if f + 1 < count, Bool.random(using: &generator), Int.random(in: 0..<3, using: &generator) == 0 {
                    text += "include f\(round)-\(Int.random(in: (f + 1)..<count, using: &generator)).ledger\n" + (bodies.first ?? "")
                }
                try Data(text.utf8).write(to: dir.appendingPathComponent("f\(round)-\(f).ledger"))
            }
            var root = "commodity $1,000.00\n"
            for _ in 0..<Int.random(in: 2...8, using: &generator) {
                root += between.randomElement(using: &generator) ?? ""
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: root += "include missing-\(round).ledger\n"
                case 1: root += "include f\(round)-[0-1].ledger\n"
                default: root += "include f\(round)-\(Int.random(in: 0..<count, using: &generator)).ledger\n"
                }
            }
            let path = dir.appendingPathComponent("root\(round).ledger").path
            try Data(root.utf8).write(to: URL(fileURLWithPath: path))
            assertSame(path, Array(root.utf8), pieceBytes: [200, 1_500][round % 2])
        }
    }
}
