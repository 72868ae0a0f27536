import XCTest
@testable import LedgerCore

/// An editor's document keeps a gap where it was last edited
/// (`SourceFile.replace`, `FileBytes(gapped:)`): what reads a line, a range
/// or a position reads around it and sees the text as if read afresh, and
/// typing in one place moves only the rest of its line.
final class DocumentGapTests: XCTestCase {
    /// Lines of every kind a position may fall in: Korean text (three bytes
    /// a character, one UTF-16 unit), an emoji (four bytes, two units),
    /// CRLF, tabs, empty lines and a byte-order mark.
    func text(lines: Int) -> [UInt8] {
        var s = "\u{FEFF}"
        for i in 0..<lines {
            switch i % 6 {
            case 0: s += "2025-01-\(10 + i % 18) * 가게 \(i)  ; 메모\n"
            case 1: s += "    Expenses:식비    1,000 KRW\r\n"
            case 2: s += "    Assets:Cash\t; 🙂 tab\n"
            case 3: s += "\n"
            case 4: s += "    Assets:Bank  $5  = $10\n"
            default: s += "; comment \(i)\n"
            }
        }
        return Array(s.utf8)
    }

    let pieces: [[UInt8]] = ["x", "\n", "식", "🙂", "\r\n", "  ", "a\nb\n", ""].map { Array($0.utf8) }

    /// Random edits, each checked against the same text read afresh, with
    /// the document's gap left open: byte ranges, line starts and ends, words,
    /// columns, and the protocol's positions both ways. Now and then the text
    /// is read whole (closing the gap), as a whole compile does, and edited on.
    func testReadsAroundTheGapSeeTheTextAsReadAfresh() {
        var rng = SeededRandom(seed: 61)
        var expected = text(lines: 120)
        var file = SourceFile(path: "a.ledger", bytes: expected)
        _ = file.lineStarts
        var withGap = 0, withShift = 0
        var last = expected.count / 2
        for step in 0..<400 {
            // Mostly near the last edit, as typing is; sometimes anywhere.
            let a = rng.next() % 4 != 0 ? last - 20 + Int(rng.next() % 41) : Int(rng.next() % UInt64(expected.count + 1))
            let start = min(max(3, a), expected.count), end = min(expected.count, start + Int(rng.next() % 6))
            last = start
            let piece = pieces[Int(rng.next() % UInt64(pieces.count))]
            expected.replaceSubrange(start..<end, with: piece)
            SourceFile.replace(&file, start..<end, with: piece)
            if file.contents.hasGap { withGap += 1 }
            let fresh = SourceFile(path: "a.ledger", bytes: expected)
            XCTAssertEqual(file.byteCount, expected.count, "step \(step)")
            if file.hasPendingLineShift { withShift += 1 }
            for _ in 0..<8 {
                let o = Int(rng.next() % UInt64(expected.count + 1))
                let r = o..<min(expected.count, o + Int(rng.next() % 300))
                XCTAssertEqual(file.bytes(in: r), Array(expected[r]), "step \(step): bytes \(r)")
                XCTAssertTrue(file.lineAndColumn(of: o) == fresh.lineAndColumn(of: o), "step \(step): column at \(o)")
                XCTAssertEqual(file.lineStart(before: o), fresh.lineStart(before: o), "step \(step): line start before \(o)")
                XCTAssertEqual(file.lineEnd(after: o), fresh.lineEnd(after: o), "step \(step): line end after \(o)")
                XCTAssertEqual(file.wordEnd(from: o), fresh.wordEnd(from: o), "step \(step): word end from \(o)")
                for encoding in [PositionEncoding.utf16, .utf8] {
                    let p = file.editorPosition(of: o, encoding)
                    XCTAssertEqual(p, fresh.editorPosition(of: o, encoding), "step \(step): position of \(o)")
                    XCTAssertEqual(file.offset(of: p, encoding), fresh.offset(of: p, encoding), "step \(step): offset of \(p)")
                }
            }
            XCTAssertEqual(file.contentStart, 3, "step \(step)")
            // The table read whole now and then (the lines after the edits moved then).
            if step % 7 == 6 { XCTAssertEqual(file.lineStarts, fresh.lineStarts, "step \(step)") }
            if step % 50 == 49 { XCTAssertEqual(file.bytes, expected, "step \(step): read whole") }
        }
        // (Most steps are checked with the gap open: the reads above went around it;
        // many with the lines after the edits not yet moved.)
        XCTAssertGreaterThan(withGap, 300)
        XCTAssertGreaterThan(withShift, 100)
        XCTAssertEqual(file.bytes, expected)
    }

    /// Typing on one line moves no line start after it: the change in
    /// length is kept as a shift until the table is read whole, and the
    /// lines read before then are where a fresh read finds them.
    func testTypingOnOneLineLeavesTheLineStartsAfterItWhereTheyAre() {
        let original = text(lines: 2_000)
        var file = SourceFile(path: "a.ledger", bytes: original)
        var expected = original
        let before = file.lineStarts
        let at = Int(before[1_000]) + 4
        for k in 0..<40 {
            let range = k % 3 == 2 ? at..<(at + 1) : at..<at
            let piece: [UInt8] = k % 3 == 2 ? [] : Array("식".utf8)
            expected.replaceSubrange(range, with: piece)
            SourceFile.replace(&file, range, with: piece)
            XCTAssertTrue(file.hasPendingLineShift, "edit \(k)")
            let fresh = SourceFile(path: "a.ledger", bytes: expected)
            for line in [0, 999, 1_000, 1_001, 1_500, before.count - 1] {
                let offset = fresh.lineStarts[line] + 2
                XCTAssertTrue(file.lineAndColumn(of: Int(offset)) == fresh.lineAndColumn(of: Int(offset)), "edit \(k), line \(line)")
            }
        }
        // The table read whole is as a fresh read finds it; the file keeps its shift
        // (it is not changed once made: a background compile may read it).
        XCTAssertEqual(file.lineStarts, SourceFile(path: "a.ledger", bytes: expected).lineStarts)
        XCTAssertTrue(file.hasPendingLineShift)
        // A line break typed applies the shift, and starts one of its own.
        SourceFile.replace(&file, at..<at, with: Array("\n".utf8))
        expected.replaceSubrange(at..<at, with: Array("\n".utf8))
        XCTAssertTrue(file.hasPendingLineShift)
        XCTAssertEqual(file.lineStarts, SourceFile(path: "a.ledger", bytes: expected).lineStarts)
    }

    /// Typing on one line of a large document moves the rest of that line,
    /// not the rest of the document: after the first edit, whose move makes
    /// the gap, forty keystrokes move less than one line's bytes each.
    func testTypingInOnePlaceMovesOnlyItsLine() {
        var expected = text(lines: 30_000)
        var file = SourceFile(path: "a.ledger", bytes: expected)
        _ = file.lineStarts
        let at = file.lineStarts[15_000 + 1] + 4
        SourceFile.replace(&file, Int(at)..<Int(at), with: Array("x".utf8))
        expected.insert(UInt8(ascii: "x"), at: Int(at))
        let first = file.contents.movedByEdits
        XCTAssertGreaterThan(first, expected.count / 3, "the first edit moves the bytes after it once")
        for k in 0..<40 {
            let cursor = Int(at) + 1 + k / 2
            if k % 2 == 0 {
                SourceFile.replace(&file, cursor..<cursor, with: Array("식".utf8))
                expected.replaceSubrange(cursor..<cursor, with: Array("식".utf8))
            } else {
                SourceFile.replace(&file, cursor..<(cursor + 3), with: Array("y".utf8))
                expected.replaceSubrange(cursor..<(cursor + 3), with: Array("y".utf8))
            }
            XCTAssertTrue(file.contents.hasGap, "keystroke \(k)")
        }
        XCTAssertLessThan(file.contents.movedByEdits - first, 40 * 80, "typing moved more than its line")
        XCTAssertEqual(file.bytes, expected)
        XCTAssertFalse(file.contents.hasGap)
    }

    /// The language server's check after an edit of a large document reads
    /// it around its gap: nothing on the way from the edit to the
    /// diagnostics reads it whole. Those diagnostics, placed through the gap,
    /// are those of a server that opens the edited text afresh.
    func testTheServersCheckKeepsTheGapAndPlacesDiagnosticsAsAFreshOpen() throws {
        let today = CivilDate(year: 2025, month: 12, day: 31)!
        var lines = ["account Assets:Cash", ""]
        for i in 0..<4000 {
            lines += ["2025-0\(1 + i % 9)-1\(i % 9) * 가게 \(i)", "    Expenses:식비    $\(i).50", "    Assets:Cash", ""]
        }
        var text = lines.joined(separator: "\n")
        XCTAssertGreaterThan(text.utf8.count, Workspace.chunkedFromBytes)
        func open(_ text: String, _ server: LanguageServer) -> [JSONValue] {
            _ = server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
            _ = server.handle(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8))
            let opened = JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")), ("params", .object([
                ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("ledger")), ("version", .int(1)), ("text", .string(text))])),
            ]))])
            return server.handle(opened.bytes) + server.checkEdited()
        }
        let uri = "file:///tmp/ledgerc-gap.ledger"
        let server = LanguageServer(today: today)
        _ = open(text, server)
        // Three edits on line 5,999 (`    Expenses:식비    $1499.50`): its amount
        // made wrong, its account given a Korean letter, then a line put in
        // before it; each line after them moves. (The first edit cuts the
        // text into chunks, and reads it whole to do so.)
        let edits: [(line: Int, from: Int, to: Int, text: String)] = [(5999, 22, 23, "x"), (5999, 4, 4, "식"), (5999, 0, 0, "bad line\\n")]
        for (step, e) in edits.enumerated() {
            let range = #"{"start":{"line":\#(e.line),"character":\#(e.from)},"end":{"line":\#(e.line),"character":\#(e.to)}}"#
            _ = server.handle(Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(step + 2)},"contentChanges":[{"range":\#(range),"text":"\#(e.text)"}]}}"#.utf8))
            let published = server.checkEdited()
            let doc = try XCTUnwrap(server.workspace.documents[uri])
            if step > 0 { XCTAssertTrue(doc.file.contents.hasGap, "step \(step): the check read the document whole") }
            var edited = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var line = Array(edited[e.line].utf16)
            line.replaceSubrange(e.from..<e.to, with: Array(e.text.replacingOccurrences(of: "\\n", with: "\n").utf16))
            edited[e.line] = String(decoding: line, as: UTF16.self)
            text = edited.joined(separator: "\n")
            let fresh = open(text, LanguageServer(today: today))
            let diagnostics = { (messages: [JSONValue]) in messages.last { $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"] }
            XCTAssertNotNil(diagnostics(published), "step \(step)")
            XCTAssertEqual(diagnostics(published), diagnostics(fresh), "step \(step)")
            XCTAssertNotEqual(diagnostics(published)?.array?.count ?? 0, 0, "step \(step): the edit makes an error")
        }
    }
}
