import XCTest
@testable import LedgerCore

/// The language server's incremental check (`ChunkedJournal`) gives exactly
/// the diagnostics a fresh compile gives, after every edit of random edit
/// sequences, and re-reads only the chunks an edit touched.
final class IncrementalCompileTests: XCTestCase {
    let today = CivilDate(year: 2025, month: 12, day: 31)!

    /// A journal with what changes how later lines read (a `Y` directive, a
    /// late `alias`, a block comment), rules, assertions, prices, costs,
    /// Korean names and a few errors.
    func journal(_ transactions: Int) -> String {
        var text = "account Assets:Cash\ncommodity $1,000.00\n\nrepeat monthly from 2025-01-31  월세\n    Expenses:Rent  $500\n    Assets:Cash\n\n"
        for i in 0..<transactions {
            let day = 1 + i % 28, month = 1 + (i / 28) % 12
            let date = "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            if i == transactions / 2 { text += "P \(date) AAPL $210.00\n\n" }
            if i == transactions * 3 / 4 { text += "alias food=Expenses:식비\n\n" }
            text += "\(date) * Shop \(i % 7)  ; id: \(i)\n"
            text += "    \(i % 4 == 0 ? "food" : "Expenses:Shop:\(["Food", "식비", "Rent"][i % 3])")    $\(i).25\n"
            if i % 13 == 0 { text += "    Assets:Broker    2 AAPL @ $1.125\n" }
            if i % 17 == 0 { text += "    Assets:Cash  $-\(i).25 = $-999\n" } else { text += "    Assets:Cash\n" }
            if i % 29 == 0 { text += "    Expenses:Oops  $1\n" }
            text += "\n"
        }
        return text
    }

    /// Text an edit may put in: pieces of transactions and of directives, line
    /// breaks, a date that does not exist (bytes that are not UTF-8 make the
    /// whole file read at once: `testBytesThatAreNotUTF8`).
    let pieces: [[UInt8]] = ["x", "7", "\n", "  ", "\r\n", "2025-02-30 bad\n    a  1 USD\n", "2025-03-01 typed\n",
                             "    Expenses:Food  $5\n", "P 2025-01-01 AAPL $1\n", "; note\n", " = $5", " @ $2", "식비"].map { Array($0.utf8) }
    /// Directives that change how the lines after them read, or add a file: rarer.
    let directives: [[UInt8]] = ["alias a=b\n", "Y 2024\n", "comment\n", "end comment\n", "include other.ledger\n",
                                 "decimal-mark ,\n", "~ monthly\n    a  $1\n    b\n"].map { Array($0.utf8) }

    func piece(_ rng: inout SeededRandom) -> [UInt8] {
        rng.next() % 8 == 0 ? directives[Int(rng.next() % UInt64(directives.count))] : pieces[Int(rng.next() % UInt64(pieces.count))]
    }

    /// A piece put in at a random place, or up to 60 bytes taken out there.
    func insertOrRemove(_ bytes: inout [UInt8], _ rng: inout SeededRandom) {
        let at = Int(rng.next() % UInt64(bytes.count + 1))
        if rng.next() % 2 == 0 {
            bytes.insert(contentsOf: piece(&rng), at: at)
        } else {
            bytes.removeSubrange(at..<min(bytes.count, at + Int(rng.next() % 60)))
        }
    }

    func fresh(_ bytes: [UInt8], _ options: CompileOptions) -> String {
        rendered(compile([InputFile(path: "edited.ledger", bytes: bytes)], options: options))
    }

    func rendered(_ c: Compilation) -> String {
        DiagnosticPrinter(sources: c.sources, useColor: false)
            .render(c.diagnostics.sorted(), format: .text, droppedErrors: max(0, c.diagnostics.errorCount - c.diagnostics.limit))
            + "errors: \(c.diagnostics.errorCount)"
    }

    func options(streaming: Bool) -> CompileOptions {
        CompileOptions(horizon: today, today: today, mode: streaming ? .diagnosticsOnly : .everything)
    }

    func testRandomEditsGiveTheDiagnosticsOfAFreshCompile() {
        var takenIn = 0
        for seed in [1, 2, 3] {
            var rng = SeededRandom(seed: UInt64(seed))
            var bytes = Array(journal(120).utf8)
            let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
            for step in 0..<120 {
                let streaming = step % 40 < 30
                let at = Int(rng.next() % UInt64(bytes.count + 1))
                switch rng.next() % 10 {
                case 0..<4:
                    // Typing: a few characters, one at a time, each compiled.
                    for (k, b) in piece(&rng).enumerated() {
                        bytes.insert(b, at: at + k)
                        XCTAssertEqual(rendered(chunked.compile(bytes, options: options(streaming: streaming))),
                                       fresh(bytes, options(streaming: streaming)), "seed \(seed) step \(step)")
                    }
                    continue
                case 4..<7:
                    let n = Int(rng.next() % 120)
                    bytes.removeSubrange(at..<min(bytes.count, at + n))
                default:
                    let n = Int(rng.next() % 40)
                    bytes.replaceSubrange(at..<min(bytes.count, at + n), with: piece(&rng))
                }
                XCTAssertEqual(rendered(chunked.compile(bytes, options: options(streaming: streaming))),
                               fresh(bytes, options(streaming: streaming)), "seed \(seed) step \(step)")
            }
            takenIn += chunked.chunksTakenIn
        }
        // Journals with every line shape the dialect allows (costs, lots, virtual
        // postings, blocks, aliases, CRLF, year-less dates), edited the same way.
        for seed in [11, 12] {
            var rng = SeededRandom(seed: UInt64(seed))
            var bytes = Array(GeneratedJournals.make(count: 6, seed: UInt64(seed)).joined(separator: "\n").utf8)
            let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 300)
            for step in 0..<60 {
                insertOrRemove(&bytes, &rng)
                let streaming = options(streaming: step % 3 != 0)
                XCTAssertEqual(rendered(chunked.compile(bytes, options: streaming)), fresh(bytes, streaming), "seed \(seed) step \(step)")
            }
        }
        // The chunks' work was taken in, not only read again (an edit may make
        // the file read at once: an automated transaction, bytes that are not
        // UTF-8, an `alias` before the chunks).
        XCTAssertGreaterThan(takenIn, 3000)
    }

    /// A compile after an edit takes over the last compile's movements and
    /// records (nothing else holds them) and writes over them only the
    /// chunks the edit changed; what its check stream holds is what a fresh
    /// chunked compile's holds, whatever the edit did to the sizes.
    func testAnEditWritesOverTheLastCompilesRecordsOnlyWhatChanged() {
        let options = self.options(streaming: true)
        /// The stream's movements and records, places in the file's terms.
        func held(_ c: Compilation) -> [String] {
            guard let letGo = c.ledger.journal.letGo else { return ["no stream"] }
            let records = letGo.records.map { r in
                "\(r.day) \(r.end) \(letGo.payees[r.payee]) \(c.placeInFile(r.location).offset) \(r.commodity) \(r.scale)"
            }
            return records + letGo.moves.map { "\($0.account) \($0.mantissa)" } + ["kept \(letGo.keptSeq)", "seen \(letGo.seen)"]
        }
        var bytes = Array(journal(300).utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
        _ = chunked.compile(bytes, options: options)
        func offset(of text: String, after: Int = 0) -> Int {
            let t = Array(text.utf8)
            return (after..<bytes.count).first { bytes[$0...].starts(with: t) }!
        }
        let middle = bytes.count / 2
        // (name, the edit, whether most chunks are found in place)
        let edits: [(String, () -> Void, Bool)] = [
            ("typing in a description", { bytes.insert(UInt8(ascii: "x"), at: offset(of: "Shop", after: middle) + 4) }, true),
            ("the same undone", { bytes.remove(at: offset(of: "Shopx", after: middle) + 4) }, true),
            ("an amount changed (as many movements)", { bytes.insert(UInt8(ascii: "7"), at: offset(of: "    $", after: middle) + 5) }, true),
            ("a date changed", { bytes[offset(of: "\n2025-", after: middle) + 10] = UInt8(ascii: "9") }, true),
            ("a posting added (more movements)", {
                bytes.insert(contentsOf: Array("    Assets:Cash  $0\n".utf8), at: offset(of: "\n\n", after: middle) + 1)
            }, false),
            ("a transaction taken out (fewer records)", {
                let start = offset(of: "\n\n2025", after: middle) + 2
                bytes.removeSubrange(start..<(offset(of: "\n\n", after: start) + 2))
            }, false),
            ("typing near the end", { bytes.insert(UInt8(ascii: "y"), at: offset(of: "Shop", after: bytes.count - 300) + 4) }, true),
            // (The head's records changed: the arrays are not taken over.)
            ("typing in the head", { bytes.insert(UInt8(ascii: "z"), at: offset(of: "Shop") + 4) }, false),
            ("typing after it", { bytes.insert(UInt8(ascii: "x"), at: offset(of: "Shop", after: middle) + 4) }, true),
        ]
        for (name, edit, inPlace) in edits {
            edit()
            let found: Int, parts: Int, takenIn = chunked.chunksTakenIn
            do {
                let c = chunked.compile(bytes, options: options)
                found = c.ledger.journal.letGo?.chunksFoundInPlace ?? 0
                // What was taken in: runs of chunks (`ChunkGroup`), and chunks on their own.
                parts = c.ledger.journal.chunkParts.count
                XCTAssertEqual(held(c), held(ChunkedJournal(path: "edited.ledger", chunkSize: 400).compile(bytes, options: options)), name)
                XCTAssertEqual(rendered(c), fresh(bytes, options), name)
            }
            // Every chunk taken in but the one the edit touched, if it was taken in
            // (the chunks after the `alias` are read again here).
            let chunks = chunked.chunksTakenIn - takenIn
            XCTAssertGreaterThan(chunks, 30, name)
            XCTAssertGreaterThan(parts, 4, name)
            XCTAssertLessThan(parts, chunks / 2, name)
            if inPlace {
                XCTAssertGreaterThanOrEqual(found, parts - 1, name)
            } else {
                XCTAssertLessThan(found, parts - 2, name)
            }
        }
        // A compile whose last one is still held copies (the arrays are not written under it).
        bytes.insert(UInt8(ascii: "w"), at: offset(of: "Shop", after: middle) + 4)
        let held1 = chunked.compile(bytes, options: options)
        bytes.insert(UInt8(ascii: "w"), at: offset(of: "Shopw", after: middle) + 4)
        let before = held(held1)
        let held2 = chunked.compile(bytes, options: options)
        XCTAssertEqual(held2.ledger.journal.letGo?.chunksFoundInPlace, 0)
        XCTAssertEqual(held(held1), before)
    }

    /// A compile after an edit takes over the last compile's transactions
    /// (`TransactionsTakenOver`): it leaves the parts no edit changed where
    /// they lie and writes the others over theirs. Its ledger's transactions
    /// are those of a compile that copies every part, after every random
    /// edit, in both modes.
    func testAnEditWritesOverTheLastCompilesTransactionsOnlyWhatChanged() {
        func kept(_ c: Compilation) -> [String] {
            let j = c.ledger.journal
            return c.ledger.transactions.map { t in
                "\(t.date) \(t.description) \(c.placeInFile(t.location).offset) \(t.generated?.occurrence ?? -1) "
                    + t.postings.map { "\(j.accounts[$0.account]) \($0.amount.map(j.commodities.formatExactly) ?? "-")" }.joined(separator: ", ")
            } + j.chunkParts.map { "part \($0.transactions)" } + ["order \(c.ledger.order)"]
        }
        // (The last: balance assignments, which the check fills in after the parse.)
        for (streaming, text) in [(true, journal(200)), (false, journal(200)),
                                  (true, journal(200).replacingOccurrences(of: "    Assets:Cash\n", with: "    Assets:Cash  = $-5\n    Equity:Adjust\n"))] {
            let options = self.options(streaming: streaming)
            var rng = SeededRandom(seed: streaming ? 7 : 8)
            var bytes = Array(text.utf8)
            let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 300)
            let copying = ChunkedJournal(path: "edited.ledger", chunkSize: 300)
            copying.takesOverTransactions = false
            for step in 0..<50 {
                insertOrRemove(&bytes, &rng)
                XCTAssertEqual(kept(chunked.compile(bytes, options: options)), kept(copying.compile(bytes, options: options)),
                               "streaming \(streaming), step \(step)")
            }
            XCTAssertEqual(copying.transactionPartsLeft, 0)
        }
        // With no assertion, typing in a description leaves every part but the one typed in.
        var bytes = Array(journal(200).replacingOccurrences(of: " = $-999", with: "").utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 300)
        let options = self.options(streaming: false)
        _ = chunked.compile(bytes, options: options)
        let at = (bytes.count / 3..<bytes.count).first { bytes[$0...].starts(with: Array("Shop".utf8)) }!
        bytes.insert(UInt8(ascii: "x"), at: at + 4)
        let c = chunked.compile(bytes, options: options)
        XCTAssertGreaterThan(c.ledger.journal.chunkParts.count, 4)
        XCTAssertGreaterThanOrEqual(chunked.transactionPartsLeft, c.ledger.journal.chunkParts.count / 2)
        // The compile before, still held, is not written under.
        let held = kept(c)
        bytes.insert(UInt8(ascii: "y"), at: at + 4)
        _ = chunked.compile(bytes, options: options)
        XCTAssertEqual(kept(c), held)
        XCTAssertEqual(kept(chunked.compile(bytes, options: options)), kept(ChunkedJournal(path: "edited.ledger", chunkSize: 300).compile(bytes, options: options)))
    }

    /// The editor's path: a document's changes (several between two checks)
    /// tell the chunked journal where the text changed, so the texts are not
    /// compared; the diagnostics are still those of a fresh compile.
    func testEditsAnEditorReportsGiveTheDiagnosticsOfAFreshCompile() {
        for seed in [21, 22] {
            var rng = SeededRandom(seed: UInt64(seed))
            var doc = TextDocument(uri: "file:///edited.ledger", version: 1, text: Array(journal(120).utf8))
            let chunked = ChunkedJournal(path: doc.path, chunkSize: 400)
            let options = options(streaming: true)
            for step in 0..<80 {
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    let bytes = doc.file.bytes
                    func boundary(_ i: Int) -> Int { var j = i; while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }; return j }
                    let a = boundary(Int(rng.next() % UInt64(bytes.count + 1)))
                    let b = boundary(min(bytes.count, a + Int(rng.next() % 50)))
                    let text = rng.next() % 3 == 0 ? "" : String(decoding: piece(&rng), as: UTF8.self)
                    let range = JSONValue.object([("start", doc.file.editorPosition(of: a, .utf16).json), ("end", doc.file.editorPosition(of: b, .utf16).json)])
                    XCTAssertTrue(doc.apply(.object([("range", range), ("text", .string(text))]), .utf16))
                }
                let compiled = chunked.compile(doc.file, options: options, unchanged: doc.unchanged)
                doc.markCompiled()
                let fresh = rendered(compile([InputFile(path: doc.path, bytes: doc.file.bytes)], options: options))
                XCTAssertEqual(rendered(compiled), fresh, "seed \(seed) step \(step)")
            }
        }
    }

    /// An edit in the middle re-reads one chunk, not the file; the places of
    /// the diagnostics after it move with the text.
    func testAnEditReadsOnlyTheChunkItTouched() {
        var bytes = Array(journal(200).utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
        let streaming = options(streaming: true)
        XCTAssertEqual(rendered(chunked.compile(bytes, options: streaming)), fresh(bytes, streaming))
        let read = chunked.chunksRead
        XCTAssertGreaterThan(read, 20)
        // Type a line break into the description of a transaction in the middle.
        let middle = bytes.count / 2
        let at = bytes[middle...].firstIndex(of: UInt8(ascii: "*"))!
        bytes.insert(0x0A, at: at)
        let c = chunked.compile(bytes, options: streaming)
        XCTAssertEqual(chunked.chunksRead, read + 1)
        XCTAssertEqual(rendered(c), fresh(bytes, streaming))
        XCTAssertTrue(rendered(c).contains("error"), "the broken transaction is reported")
        bytes.remove(at: at)
        XCTAssertEqual(rendered(chunked.compile(bytes, options: streaming)), fresh(bytes, streaming))
        XCTAssertEqual(chunked.chunksRead, read + 2)
    }
}

extension IncrementalCompileTests {
    /// Another version of the file, edited in several places at once, with
    /// blocks moved (`findsMovedChunks`, as `ledgerc diff` reads its new
    /// side): after every version, the diagnostics of a fresh compile.
    func testAnotherVersionEditedInManyPlacesGivesTheDiagnosticsOfAFreshCompile() {
        for seed in [21, 22, 23, 24] {
            var rng = SeededRandom(seed: UInt64(seed))
            var bytes = Array(journal(150).utf8)
            let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
            chunked.findsMovedChunks = true
            for step in 0..<40 {
                for _ in 0...rng.below(4) {
                    let at = rng.below(bytes.count + 1)
                    switch rng.below(3) {
                    case 0: bytes.insert(contentsOf: piece(&rng), at: at)
                    case 1: bytes.removeSubrange(at..<min(bytes.count, at + rng.below(300)))
                    default:
                        // A block of lines moved elsewhere.
                        let block = Array(bytes[at..<min(bytes.count, at + rng.below(900))])
                        bytes.removeSubrange(at..<at + block.count)
                        bytes.insert(contentsOf: block, at: rng.below(bytes.count + 1))
                    }
                }
                let streaming = options(streaming: step % 4 != 0)
                XCTAssertEqual(rendered(chunked.compile(bytes, options: streaming)), fresh(bytes, streaming), "seed \(seed) step \(step)")
            }
        }
    }

    /// A posting added after a chunk's last transaction belongs to it: the
    /// chunk is read again with it, even when the chunk after it changed too
    /// (its slot is free for the text between).
    func testAPostingAddedAtAChunksEndJoinsItsLastTransaction() {
        // No blank lines: a chunk ends with its last posting, right before the next header.
        let base = Array(journal(200).replacingOccurrences(of: "\n\n", with: "\n").utf8)
        for edited in [false, true] {
            let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
            chunked.findsMovedChunks = true
            let streaming = options(streaming: true)
            _ = chunked.compile(base, options: streaming)
            let k = chunked.slots.count / 2, boundary = chunked.slots[k].end
            var bytes = base
            bytes.insert(contentsOf: Array("    Expenses:Extra  $7\n".utf8), at: boundary)
            if edited {
                let star = bytes[(boundary + 30)...].firstIndex(of: UInt8(ascii: "*"))!
                bytes[star] = UInt8(ascii: "!")
            }
            let c = chunked.compile(bytes, options: streaming)
            XCTAssertEqual(rendered(c), fresh(bytes, streaming), "the next chunk edited: \(edited)")
            XCTAssertTrue(rendered(c).contains("does not balance"), rendered(c))
        }
    }

    /// A version whose every line is alike and whose every chunk changed at
    /// its end: each chunk's first line is everywhere, and comparing a chunk
    /// at each place would read about 40 GB. The search stops at its budget
    /// (its work is counted, not timed), and the diagnostics are still a
    /// fresh compile's.
    func testAVersionOfLinesAllAlikeIsNotSlowToLayOut() {
        let transaction = "2025-01-01 Same\n    Expenses:Food  $1\n    Assets:Cash\n"
        let old = Array(String(repeating: transaction, count: 40_000).utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 16 << 10)
        chunked.findsMovedChunks = true
        let streaming = options(streaming: true)
        _ = chunked.compile(old, options: streaming)
        // A byte changed in the last transaction of every chunk.
        var new = old
        for slot in chunked.slots { new[slot.end - 3] = UInt8(ascii: "x") }
        let c = chunked.compile(new, options: streaming)
        XCTAssertGreaterThan(chunked.searchWork, 0)
        // Four times the text, and each chunk compared once where expected.
        XCTAssertLessThanOrEqual(chunked.searchWork, 5 * new.count + chunked.slots.count * (16 << 10))
        XCTAssertEqual(rendered(c), fresh(new, streaming))
    }

    /// In the editor, two edits far apart in one compile (a burst of
    /// keystrokes, a replacement of every match) are too large a span to
    /// patch: the chunks between them are found again, and few are read.
    func testTwoEditsFarApartInTheEditorReadFewChunks() {
        var bytes = Array(journal(300).utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
        let streaming = options(streaming: true)
        _ = chunked.compile(bytes, options: streaming)
        let read = chunked.chunksRead
        XCTAssertGreaterThan(chunked.slots.count, 40)
        for fraction in [5, 2] {
            let at = bytes[(bytes.count / fraction)...].firstIndex(of: UInt8(ascii: "*"))!
            bytes.insert(contentsOf: Array("!!".utf8), at: at)
        }
        let c = chunked.compile(bytes, options: streaming)
        XCTAssertEqual(rendered(c), fresh(bytes, streaming))
        XCTAssertLessThanOrEqual(chunked.chunksRead - read, 3, "the patched span's chunk, then the two edited ones; not every chunk")
    }

    /// Two edits far apart and lines added at the end read three chunks again, not the file.
    func testAnotherVersionReadsOnlyTheChunksItChanged() {
        var bytes = Array(journal(200).utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
        chunked.findsMovedChunks = true
        let streaming = options(streaming: true)
        _ = chunked.compile(bytes, options: streaming)
        let read = chunked.chunksRead
        for fraction in [3, 2] {
            let at = bytes[(bytes.count * (fraction - 1) / fraction)...].firstIndex(of: UInt8(ascii: "*"))!
            bytes.insert(contentsOf: Array("!!".utf8), at: at)
        }
        bytes += Array("2025-12-30 Late\n    Expenses:Fun  $1.00\n    Assets:Cash\n".utf8)
        let c = chunked.compile(bytes, options: streaming)
        XCTAssertEqual(rendered(c), fresh(bytes, streaming))
        XCTAssertEqual(chunked.chunksRead, read + 3)
    }
}

extension IncrementalCompileTests {
    /// A file smaller than a chunk is all head (a fuzz finding: it trapped).
    func testAFileSmallerThanAChunk() {
        for text in ["", "2025-01-01 x\n    a  1 USD\n    b\n", "2025-01-01 x\n    a  1 USD\n"] {
            let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
            for streaming in [true, false] {
                XCTAssertEqual(rendered(chunked.compile(Array(text.utf8), options: options(streaming: streaming))),
                               fresh(Array(text.utf8), options(streaming: streaming)))
            }
        }
    }

    /// An editor's change worked out from the line starts before it gives the line starts of the new text.
    func testLineStartsAfterAnEdit() {
        var rng = SeededRandom(seed: 7)
        var file = SourceFile(path: "a.ledger", bytes: Array("\u{FEFF}first\nsecond\r\n\nthird 식비\n".utf8) + Array(journal(5).utf8))
        for _ in 0..<300 {
            let a = Int(rng.next() % UInt64(file.bytes.count + 1)), b = min(file.bytes.count, a + Int(rng.next() % 12))
            let text: [UInt8] = [[], [0x0A], Array("x\ny\n".utf8), Array("식".utf8), [0x0D, 0x0A]][Int(rng.next() % 5)]
            _ = file.lineStarts
            file = file.replacing(a..<b, with: text)
            XCTAssertEqual(file.lineStarts, SourceFile(path: "a.ledger", bytes: file.bytes).lineStarts)
        }
    }

    /// An editor's document held by nothing else is edited where it lies
    /// (`SourceFile.replace`): its bytes and line starts are those of the
    /// text read afresh, and after the first edit made room, no edit moves
    /// the bytes elsewhere. One that is held elsewhere is copied, and what
    /// holds it sees the text it held.
    func testAnEditChangesAFileHeldByNothingElseWhereItLies() {
        var rng = SeededRandom(seed: 8)
        var expected = Array("\u{FEFF}first\nsecond\r\n\nthird 식비\n".utf8) + Array(journal(20).utf8)
        var file = SourceFile(path: "a.ledger", bytes: expected)
        _ = file.lineStarts
        // The first edit that adds bytes makes room (64 KB: a gap, `SourceFile.edit`).
        expected.insert(UInt8(ascii: "x"), at: 3)
        SourceFile.replace(&file, 3..<3, with: Array("x".utf8))
        var place = file.withBytes { $0.baseAddress }
        for step in 0..<300 {
            let a = max(3, Int(rng.next() % UInt64(expected.count + 1))), b = min(expected.count, a + Int(rng.next() % 12))
            let text: [UInt8] = [[], [0x0A], Array("x\ny\n".utf8), Array("식".utf8), [0x0D, 0x0A]][Int(rng.next() % 5)]
            expected.replaceSubrange(a..<b, with: text)
            SourceFile.replace(&file, a..<b, with: text)
            XCTAssertEqual(file.bytes, expected, "step \(step)")
            XCTAssertEqual(file.lineStarts, SourceFile(path: "a.ledger", bytes: expected).lineStarts, "step \(step)")
            let now = file.withBytes { $0.baseAddress }
            XCTAssertEqual(now, place, "step \(step): moved")
            place = now
        }
        // Held elsewhere: copied, and the other holder's text stays.
        let held = file, before = file.bytes
        SourceFile.replace(&file, 3..<3, with: Array("z".utf8))
        XCTAssertFalse(held === file)
        XCTAssertEqual(held.bytes, before)
        XCTAssertEqual(file.bytes, Array(before[..<3]) + Array("z".utf8) + Array(before[3...]))
        // The byte-order mark edited: the line starts are read again.
        var marked = SourceFile(path: "a.ledger", bytes: Array("\u{FEFF}a\nb\n".utf8))
        _ = marked.lineStarts
        SourceFile.replace(&marked, 0..<3, with: [])
        XCTAssertEqual(marked.lineStarts, [0, 2, 4])
    }

    /// The language server edits a large document where it lies: typing
    /// moves no byte of it elsewhere after the first edit made room, and
    /// its diagnostics are a fresh compile's.
    func testTheServerEditsALargeDocumentWhereItLies() throws {
        let server = LanguageServer(today: today)
        func send(_ json: String) -> [JSONValue] { server.handle(Array(json.utf8)) }
        _ = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
        _ = send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        var text = journal(4000)
        XCTAssertGreaterThan(text.utf8.count, Workspace.chunkedFromBytes)
        let uri = "file:///tmp/ledgerc-in-place.ledger"
        let opened = JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", .string("ledger")), ("version", .int(1)), ("text", .string(text))])),
        ]))])
        _ = server.handle(opened.bytes)
        var place: UnsafePointer<UInt8>?
        let line = 8_000
        for step in 0..<6 {
            // Typing a character at line 8,000's start, then taking it out.
            let typing = step % 2 == 0
            let range = #"{"start":{"line":\#(line),"character":0},"end":{"line":\#(line),"character":\#(typing ? 0 : 1)}}"#
            _ = send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(step + 2)},"contentChanges":[{"range":\#(range),"text":"\#(typing ? ";" : "")"}]}}"#)
            // (Compiled in chunks, as the server does before it reads the next message.)
            XCTAssertFalse(server.checkEdited().isEmpty, "step \(step): published")
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines[line] = typing ? ";" + lines[line] : String(lines[line].dropFirst())
            text = lines.joined(separator: "\n")
            let doc = try XCTUnwrap(server.workspace.documents[uri])
            XCTAssertEqual(doc.file.bytes, Array(text.utf8), "step \(step)")
            let now = doc.file.withBytes { $0.baseAddress }
            if step > 0 { XCTAssertEqual(now, place, "step \(step): the document was copied") }
            place = now
        }
    }

    /// An edit at a chunk's first byte: a chunk that no longer starts at a
    /// transaction header joins the chunk before it (its lines belong to the
    /// transaction above), or the head.
    func testAnEditAtTheStartOfAChunk() {
        let original = Array(journal(60).utf8)
        for chunkSize in [400, 1000] {
            let first = ChunkedJournal.headerStart(in: original, from: chunkSize)!
            let second = ChunkedJournal.headerStart(in: original, from: first + chunkSize)!
            for at in [first, second] {
                let lineEnd = original[at...].firstIndex(of: 0x0A)! + 1
                let edits: [[UInt8]] = [
                    Array(original[..<at] + original[lineEnd...]),          // the header deleted
                    Array(original[..<at] + [0x20] + original[at...]),      // indented
                    Array(original[..<at] + Array("; gone\n".utf8) + original[lineEnd...]),
                ]
                for edited in edits {
                    for streaming in [true, false] {
                        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: chunkSize)
                        _ = chunked.compile(original, options: options(streaming: streaming))
                        XCTAssertEqual(rendered(chunked.compile(edited, options: options(streaming: streaming))),
                                       fresh(edited, options(streaming: streaming)), "at \(at), chunks of \(chunkSize)")
                    }
                }
            }
        }
    }

    /// Bytes that are not UTF-8, typed into the head or a chunk, and removed again.
    func testBytesThatAreNotUTF8() {
        var bytes = Array(journal(60).utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
        for options in [options(streaming: true), options(streaming: false)] {
            for at in [10, bytes.count / 2, bytes.count - 3] {
                for bad in [[UInt8(0xFF)], [0xE2, 0x82], [0xEC, 0x9B]] {
                    bytes.insert(contentsOf: bad, at: at)
                    XCTAssertEqual(rendered(chunked.compile(bytes, options: options)), fresh(bytes, options))
                    bytes.removeSubrange(at..<at + bad.count)
                    XCTAssertEqual(rendered(chunked.compile(bytes, options: options)), fresh(bytes, options))
                }
            }
        }
    }

    /// A chunk balances its transactions once, where they balance exactly
    /// (`Checker.balanceExactly`); the rest is balanced by the check of the
    /// whole, at the whole's display precisions. A residue that rounds away
    /// at a chunk's own precision (two places) but not at the file's (three,
    /// set by an amount in a later chunk: $4.9965 at a cost against $5.00)
    /// is an error, as in a fresh compile;
    /// so is one no precision rounds away. An amount inferred in a chunk moves
    /// a later assertion, and an assignment is worked out in date order.
    func testAChunkBalancesOnlyWhatBalancesExactly() {
        func text(finerLater: Bool) -> String {
            var t = ""
            for i in 0..<60 {
                let day = 1 + i % 28
                let date = "2025-03-\(day < 10 ? "0" : "")\(day)"
                switch i {
                case 5: t += "\(date) Residue\n    Assets:Broker    1.5 AAPL @ $3.331\n    Assets:Cash    $-5.00\n\n"
                case 12: t += "\(date) Off\n    Expenses:Food    $10.05\n    Assets:Cash    $-10.00\n\n"
                case 20: t += "\(date) Swap\n    Assets:Broker    3 AAPL\n    Assets:Cash    $-30.00\n\n"
                case 30: t += "\(date) Assign\n    Assets:Cash    = $-100.00\n    Equity:Fix\n\n"
                case 45 where finerLater: t += "\(date) Finer\n    Expenses:Food    $0.125\n    Assets:Cash\n\n"
                default: t += "\(date) Shop \(i)\n    Expenses:Food    $\(i).50\n    Assets:Cash\n\n"
                }
            }
            return t + "2025-12-31 Check\n    Assets:Cash    $0 = $-100.00\n    Equity:Zero\n"
        }
        for finerLater in [false, true] {
            let bytes = Array(text(finerLater: finerLater).utf8)
            for streaming in [true, false] {
                let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 300)
                let said = rendered(chunked.compile(bytes, options: options(streaming: streaming)))
                XCTAssertEqual(said, fresh(bytes, options(streaming: streaming)), "finer later: \(finerLater), streaming \(streaming)")
                XCTAssertTrue(said.contains("off by $0.05"), said)
                XCTAssertEqual(said.components(separatedBy: "does not balance").count - 1, finerLater ? 2 : 1, said)
                XCTAssertGreaterThan(chunked.chunksTakenIn, 10)
            }
        }
    }

    /// A chunk keeps its transactions as the last compile rewrote their ids
    /// (`Journal.append(_:remapped:)`), and a compile whose maps are the same
    /// takes them in as they are. A name new in an early chunk moves the ids
    /// of names first read after it: the later chunks are rewritten again,
    /// and every posting still names its own account, as a fresh compile reads it.
    func testAChunkKeepsItsTransactionsRewrittenWhileTheNamesBeforeItStay() {
        var text = ""
        for i in 0..<60 {
            let day = 1 + i % 28
            // Each stretch of the file brings names of its own, first read there.
            text += "2025-04-\(day < 10 ? "0" : "")\(day) Shop \(i)\n    Expenses:Part\(i / 10):\(["식비", "Rent"][i % 2])    $\(i).50\n"
            text += i % 7 == 0 ? "    Assets:Broker    1 AAPL @ $\(i).00\n    Assets:Cash\n\n" : "    Assets:Cash\n\n"
        }
        var bytes = Array(text.utf8)
        let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 300)
        let options = self.options(streaming: false)
        func postings(_ c: Compilation) -> [String] {
            let j = c.ledger.journal
            return c.ledger.transactions.map { t in
                t.description + ": " + t.postings.map { p in j.accounts[p.account] + " " + (p.amount.map { j.commodities.formatExactly($0) } ?? "") }.joined(separator: ", ")
            }
        }
        func same(_ step: String) {
            let fresh = compile([InputFile(path: "edited.ledger", bytes: bytes)], options: options)
            XCTAssertEqual(postings(chunked.compile(bytes, options: options)), postings(fresh), step)
        }
        same("first")
        same("again, every chunk as the last compile rewrote it")
        // A new name in the second transaction: every name first read after it moves by one.
        let at = bytes.indices.first { bytes[$0...].starts(with: Array("Expenses:Part0:Rent".utf8)) }!
        bytes.insert(contentsOf: Array("New".utf8), at: at + 9)
        same("a new name early")
        bytes.removeSubrange((at + 9)..<(at + 12))
        same("the name taken out")
        XCTAssertGreaterThan(chunked.chunksTakenIn, 30)
    }

    /// What the stages after the parse find in a kept chunk is kept with it
    /// (`ChunkMemo`): the transactions that name a rule, that have a
    /// receipt, that may move a traded commodity. Edits that change what
    /// those questions ask (a rule renamed, a commodity newly traded) or what
    /// a chunk answers (a payment, a receipt, a trade typed in) give the
    /// occurrences, the holdings and the diagnostics of a fresh compile.
    func testWhatTheStagesFindInAChunkIsKeptWithIt() {
        var text = "repeat monthly from 2025-01-05  Rent\n    Expenses:Rent    $500.00\n    Assets:Cash\n\n"
        for i in 0..<80 {
            let month = 1 + i / 8, day = 1 + i % 8 * 3
            let date = "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            switch i == 9 ? 8 : i % 8 {
            case 0: text += "\(date) Rent\n    Expenses:Rent    $500.00\n    Assets:Cash\n\n"
            case 6: text += "\(date) Miete\n    Expenses:Rent    $500.00\n    Assets:Cash\n\n"
            case 8: text += "\(date) Gift\n    Assets:Broker    5 MSFT\n    Equity:Gifts\n\n"
            case 3: text += "\(date) Buy\n    Assets:Broker    2 AAPL @ $10.00\n    Assets:Cash\n\n"
            case 5: text += "\(date) Sell\n    Assets:Broker    -1 AAPL @ $12.00\n    Assets:Cash\n\n"
            default: text += "\(date) Shop \(i)\n    Expenses:Food    $\(i).00\n    Assets:Cash\n\n"
            }
        }
        var bytes = Array(text.utf8)
        // One for each mode (a change of mode reads every chunk again).
        let chunked = [false, true].map { _ in ChunkedJournal(path: "edited.ledger", chunkSize: 300) }
        func said(_ c: Compilation) -> [String] {
            let j = c.ledger.journal
            let generated = c.ledger.transactions.filter { $0.generated != nil }.map { "\($0.date) \($0.description)" }
            let held = Portfolio(c.ledger).positions.map { "\(j.accounts[$0.account]) \(j.commodities.formatExactly(Amount($0.quantity, $0.commodity)))" }
            return [rendered(c)] + generated + held
        }
        func same(_ step: String) {
            for streaming in [false, true] {
                let options = self.options(streaming: streaming)
                let fresh = compile([InputFile(path: "edited.ledger", bytes: bytes)], options: options)
                XCTAssertEqual(said(chunked[streaming ? 1 : 0].compile(bytes, options: options)), said(fresh), "\(step), streaming \(streaming)")
            }
        }
        func replace(_ old: String, _ new: String, nth: Int = 0) {
            var found = 0
            for at in bytes.indices where bytes[at...].starts(with: Array(old.utf8)) {
                if found == nth { bytes.replaceSubrange(at..<(at + old.utf8.count), with: Array(new.utf8)); return }
                found += 1
            }
            XCTFail("no \(old)")
        }
        same("first")
        same("again, as kept")
        // (Runs of chunks taken in together: about the square root of the chunks' number.)
        XCTAssertGreaterThan(chunked[0].compile(bytes, options: options(streaming: false)).ledger.journal.chunkParts.count, 3)
        replace("2025-03-01 Rent", "2025-03-01 Pay")
        same("a payment renamed in a chunk")
        // The payments to "Miete" in chunks not edited now name the rule.
        replace("from 2025-01-05  Rent", "from 2025-01-05  Miete")
        same("the rule renamed")
        replace("Shop 42\n", "Shop 42  ; receipt: missing.jpg\n")
        same("a receipt typed in")
        // MSFT traded at a cost, late: the gift of it early, in a chunk not edited, is now held.
        replace("2 AAPL @ $10.00", "2 MSFT @ $10.00", nth: 6)
        same("a commodity newly traded, late")
        replace("Expenses:Food    $17.00", "Assets:Broker    -9 MSFT @ $9.00")
        same("a sale of it, in another chunk")
        // Every chunk was read once at first, and then only those the edits touched.
        XCTAssertLessThan(chunked[0].chunksRead, chunked[0].chunksTakenIn / 3)
    }

    /// An edit that leaves every trade as it was says the last position
    /// check's errors again, moved with the text (`KeptPositionsCheck`); one
    /// that changes a trade, a commodity's style or a declaration the replay
    /// reads replays the trades. Each edit's diagnostics are a fresh compile's.
    func testThePositionCheckIsSaidAgainOnlyWhenTheTradesReadTheSame() {
        var text = "account Assets:Broker\ncommodity AAPL\n\n"
        for i in 0..<60 {
            let date = "2025-\(1 + i / 6 < 10 ? "0" : "")\(1 + i / 6)-\(10 + i % 6)"
            switch i % 6 {
            case 1: text += "\(date) Buy \(i)\n    Assets:Broker    2 AAPL @ $10.00\n    Assets:Cash\n\n"
            case 4: text += "\(date) Sell \(i)\n    Assets:Broker    -3 AAPL @ $12.00\n    Assets:Cash\n\n"
            default: text += "\(date) Shop \(i)\n    Expenses:Food    $\(i).00\n    Assets:Cash\n\n"
            }
        }
        var bytes = Array(text.utf8)
        let chunked = [false, true].map { _ in ChunkedJournal(path: "edited.ledger", chunkSize: 300) }
        func same(_ step: String, saidAgain: Bool) {
            for streaming in [false, true] {
                let options = self.options(streaming: streaming)
                let memo = chunked[streaming ? 1 : 0].compileMemo
                let before = memo.timesUsed(KeptPositionsCheck.name)
                let compiled = rendered(chunked[streaming ? 1 : 0].compile(bytes, options: options))
                XCTAssertEqual(compiled, fresh(bytes, options), "\(step), streaming \(streaming)")
                XCTAssertEqual(memo.timesUsed(KeptPositionsCheck.name) > before, saidAgain, "\(step), streaming \(streaming): said again")
            }
        }
        func replace(_ old: String, _ new: String) {
            guard let at = bytes.indices.first(where: { bytes[$0...].starts(with: Array(old.utf8)) }) else { return XCTFail("no \(old)") }
            bytes.replaceSubrange(at..<(at + old.utf8.count), with: Array(new.utf8))
        }
        same("first", saidAgain: false)
        XCTAssertTrue(fresh(bytes, options(streaming: true)).contains("but Assets:Broker holds"), "the journal oversells")
        same("again", saidAgain: true)
        // (What is replaced, by what, what the edit is, and whether the last errors are said again.)
        let edits: [(String, String, String, Bool)] = [
            ("Buy 31", "Buy 31 more", "typed before an oversold sale, in its chunk: the error moves with it", true),
            ("Shop 45", "Shop 45, 46", "typed in a chunk with no trade", true),
            ("-3 AAPL @ $12.00\n    Assets:Cash\n\n2025-06-1", "-1 AAPL @ $12.00\n    Assets:Cash\n\n2025-06-1", "a sale made smaller", false),
            ("commodity AAPL\n", "commodity 1.000 AAPL\n", "the commodity shown with places", false),
            ("2 AAPL @ $10.00", "2.000 AAPL @ $10.00", "a quantity written with places", false),
            ("account Assets:Broker\n", "account Assets:Broker  ; allow-negative:\n", "the account may go below zero", false),
            ("  ; allow-negative:", "", "and may not again", false),
            ("Expenses:Food    $8.00", "Expenses:Food    $8.00  ; typed", "a comment typed", true),
        ]
        for (old, new, step, saidAgain) in edits {
            replace(old, new)
            same(step, saidAgain: saidAgain)
        }
    }

    /// What serve shows comes from a compile in chunks too: after random
    /// edits, the chunked compile's ledger (every transaction's postings by
    /// name, the occurrences generated, the holdings) is a fresh compile's.
    /// The chunks' kept rewrites and memos are what this tests.
    func testRandomEditsGiveTheLedgerOfAFreshCompile() {
        func digest(_ c: Compilation) -> [String] {
            let j = c.ledger.journal
            let transactions = c.ledger.ordered.map { t in
                "\(t.date) \(t.description) \(t.generated == nil ? "" : "generated"): " + t.postings.map { p in
                    j.accounts[p.account] + " " + (p.amount.map { j.commodities.formatExactly($0) } ?? "")
                }.joined(separator: ", ")
            }
            let held = Portfolio(c.ledger).positions.map { "\(j.accounts[$0.account]) \(j.commodities.formatExactly(Amount($0.quantity, $0.commodity)))" }
            return [rendered(c)] + transactions + held
        }
        let options = self.options(streaming: false)
        for seed in [21, 22] {
            var rng = SeededRandom(seed: UInt64(seed))
            var bytes = Array(journal(120).utf8)
            let chunked = ChunkedJournal(path: "edited.ledger", chunkSize: 400)
            for step in 0..<40 {
                insertOrRemove(&bytes, &rng)
                let fresh = compile([InputFile(path: "edited.ledger", bytes: bytes)], options: options)
                XCTAssertEqual(digest(chunked.compile(bytes, options: options)), digest(fresh), "seed \(seed) step \(step)")
            }
            XCTAssertGreaterThan(chunked.chunksTakenIn, 100)
        }
    }
}
