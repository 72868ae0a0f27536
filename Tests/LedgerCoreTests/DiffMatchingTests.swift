import XCTest
@testable import LedgerCore

/// The pieces `ledgerc diff` matches with (issue 33's speed work): the
/// fingerprint of tags, the table of meanings, the lines of a few places,
/// and the first-letter test of rule fulfilment. GitDiffTests runs the command.
final class DiffMatchingTests: XCTestCase {
    func diff(_ old: String, _ new: String) throws -> JournalDiff {
        try JournalDiff(old: compileText(old), new: compileText(new))
    }

    /// A side as `ledgerc diff` compiles it: streaming, each transaction let go keeping its header.
    func streamed(_ text: String, path: String = "test.ledger") -> Compilation {
        var options = CompileOptions(horizon: CivilDate.parse("2025-12-31"), today: CivilDate.parse("2025-12-31"), mode: .diagnosticsOnly)
        options.keepsLetGoHeaders = true
        return compile([InputFile(path: path, bytes: Array(text.utf8))], options: options)
    }

    /// Every journal of the owned corpus means the same read whole and read
    /// as a stream: a transaction's meaning does not depend on whether its
    /// stream let it go, and neither do the balances.
    func testAStreamedSideMeansWhatAWholeSideMeans() throws {
        try assertStreamedSidesMeanTheSame(try TestCorpus.owned(withErrorSamples: true), atLeast: 60)
    }

    /// The same over ledger-cli's and hledger's journals, when they are beside the repository.
    func testAStreamedSideMeansWhatAWholeSideMeansOverTheCompatibilityCorpus() throws {
        try assertStreamedSidesMeanTheSame(try TestCorpus.compatibility(), atLeast: 500)
    }

    func assertStreamedSidesMeanTheSame(_ journals: [TestCorpus.Journal], atLeast: Int) throws {
        var compared = 0
        for journal in journals {
            let text = String(decoding: journal.bytes, as: UTF8.self)
            let whole = compileText(text, path: journal.path), stream = streamed(text, path: journal.path)
            for d in [try JournalDiff(old: whole, new: stream), try JournalDiff(old: streamed(text, path: journal.path), new: compileText(text, path: journal.path))] {
                XCTAssertTrue(d.isUnchanged, "\(journal.path): \(d.added.map(\.description)) \(d.removed.map(\.description)) \(d.changed.map(\.fields)) \(d.newDiagnostics) \(d.fixedDiagnostics)")
                XCTAssertTrue(d.balances.isEmpty, journal.path)
            }
            compared += 1
        }
        XCTAssertGreaterThanOrEqual(compared, atLeast)
    }

    /// One side's stream lets a transfer of shares go; the other keeps it
    /// whole (an earlier purchase made the pair a traded one): the same transfer.
    func testATransactionLetGoOnOneSideAndKeptOnTheOtherIsTheSame() throws {
        let transfer = "2025-03-01 Move shares\n    Assets:Broker  5 AAPL\n    Assets:Old  -5 AAPL\n\n"
        let purchase = "2025-01-02 Buy\n    Assets:Broker  10 AAPL @ 150 USD\n    Assets:Cash\n\n"
        let old = streamed(transfer), new = streamed(purchase + transfer)
        XCTAssertEqual(old.ledger.journal.letGo?.records.count, 1)
        XCTAssertEqual(new.ledger.transactions.count, 2, "the transfer is kept whole beside the purchase")
        let d = try JournalDiff(old: old, new: new)
        XCTAssertEqual(d.added.map(\.description), ["Buy"])
        XCTAssertTrue(d.removed.isEmpty && d.changed.isEmpty)
        XCTAssertEqual(d.balances.map { "\($0.account) \($0.change)" }.sorted(), ["Assets:Broker 10 AAPL", "Assets:Cash -1500 USD"])
        // Let go on both sides, an edit of its amount is a change of its postings, shown from its movements.
        let edited = try JournalDiff(old: streamed(transfer), new: streamed(transfer.replacingOccurrences(of: "5 AAPL", with: "6 AAPL")))
        XCTAssertEqual(edited.changed.map(\.fields), [["postings"]])
        XCTAssertEqual(edited.changed.first?.new.postings, ["Assets:Broker  6 AAPL", "Assets:Old  -6 AAPL"])
        XCTAssertEqual(edited.changed.first?.new.line, 1)
    }

    func testTagsMatchInAnyOrderAndKeyCase() throws {
        let old = "2025-01-02 Shop  ; trip: Seoul, Kind: food\n    Expenses:Food  10 USD  ; Who: me, :red:blue:\n    Assets:Cash\n"
        let reordered = "2025-01-02 Shop  ; kind: food, TRIP: Seoul\n    Expenses:Food  10 USD  ; :blue:red: who: me\n    Assets:Cash\n"
        XCTAssertTrue(try diff(old, reordered).isUnchanged)
        let valueChanged = old.replacingOccurrences(of: "trip: Seoul", with: "trip: Busan")
        let d = try diff(old, valueChanged)
        XCTAssertEqual(d.changed.map(\.fields), [["tags"]])
        let postingTag = old.replacingOccurrences(of: "Who: me", with: "Who: you")
        XCTAssertEqual(try diff(old, postingTag).changed.map(\.fields), [["postings"]])
    }

    func testTwinTransactionsMatchOneForOne() throws {
        let t = "2025-01-02 Coffee\n    Expenses:Food  3 USD\n    Assets:Cash\n\n"
        let d = try diff(t + t + t, t)
        XCTAssertEqual(d.removed.count, 2)
        XCTAssertTrue(d.added.isEmpty)
        XCTAssertEqual(d.balances.map { "\($0.account) \($0.old) → \($0.new)" }, ["Assets:Cash -9 USD → -3 USD", "Expenses:Food 9 USD → 3 USD"])
        XCTAssertTrue(try diff(t + t, t + t).isUnchanged)
    }

    func testAmountsMatchByValueNotByHowTheyAreWritten() throws {
        let old = "2025-01-02 Coffee\n    Expenses:Food  3.50 USD\n    Assets:Cash\n"
        XCTAssertTrue(try diff(old, old.replacingOccurrences(of: "3.50", with: "3.5")).isUnchanged)
        XCTAssertEqual(try diff(old, old.replacingOccurrences(of: "3.50", with: "3.51")).changed.map(\.fields), [["postings"]])
    }

    func testTheFirstFewLinesAreCountedAndAgreeWithTheTable() {
        var text = "\u{FEFF}"
        for i in 0..<40 { text += i % 3 == 0 ? "\r\n" : "line \(i) 월급\n" }
        let counted = SourceFile(path: "a", bytes: Array(text.utf8))
        let table = SourceFile(path: "a", bytes: Array(text.utf8))
        _ = table.lineStarts
        for offset in stride(from: 0, through: text.utf8.count + 2, by: 7) {
            XCTAssertEqual(counted.line(of: offset), table.lineAndColumn(of: offset).line, "offset \(offset)")
        }
    }

    /// A rule's name folds by Unicode: the Kelvin sign `K` folds to an ASCII
    /// `k`, so the first-letter test must take the folded name's letter.
    func testARuleWhoseFirstLetterFoldsToASCIIIsStillFulfilled() {
        let text = "repeat monthly from 2025-01-05  \u{212A}afe\n    Expenses:Food  10 USD\n    Assets:Cash\n\n"
            + "2025-02-05 kafe\n    Expenses:Food  10 USD\n    Assets:Cash\n"
        let c = compileText(text, until: "2025-03-31")
        XCTAssertEqual(c.transactions.filter { $0.generated != nil }.map(\.date.description), ["2025-01-05", "2025-03-05"])
        XCTAssertEqual(FirstLetters(["\u{212A}afe"]).mayBegin("kafe"), true)
        XCTAssertEqual(FirstLetters(["Rent"]).mayBegin("  rENT"), true)
        XCTAssertEqual(FirstLetters(["Rent"]).mayBegin("Shop"), false)
        XCTAssertEqual(FirstLetters(["Rent"]).mayBegin("Ärzte"), true)
    }

    /// Large sides are compiled in chunks, the new side as an edit of the
    /// old (`DiffInput.compile`): after random edits (several places at once,
    /// directives that change how later lines read, errors, an include), the
    /// diff is the one of sides compiled whole, places and all.
    func testADiffInChunksIsTheDiffOfSidesCompiledWhole() throws {
        let pieces = ["x", "\n", "2025-02-30 bad\n    a  1 USD\n", "2025-03-01 typed\n    Expenses:Food  $5\n    Assets:Cash\n\n",
                      "    Expenses:Food  $5\n", "; note\n", " @ $2", "식비", "alias a=b\n", "Y 2024\n", "comment\n",
                      "end comment\n", "include other.ledger\n", "P 2025-01-01 AAPL $1\n", "= expenses\n    (Budget)  1\n\n"]
        let options = CompileOptions(horizon: CivilDate.parse("2025-12-31"), today: CivilDate.parse("2025-12-31"))
        var chunksUsed = 0, comparedWhole = 0, comparedInChunks = 0
        for seed in 1...24 {
            var rng = SeededRandom(seed: UInt64(seed))
            let base = seed % 3 == 0 ? GeneratedJournals.make(count: 8, seed: UInt64(seed)).joined(separator: "\n") : household(90 + seed)
            var edited = Array(base.utf8)
            for _ in 0...rng.below(3) {
                let at = rng.below(edited.count + 1)
                if rng.chance(30) {
                    edited.removeSubrange(at..<min(edited.count, at + rng.below(80)))
                } else {
                    edited.insert(contentsOf: Array(rng.pick(pieces).utf8), at: at)
                }
            }
            for (old, new) in [(Array(base.utf8), edited), (edited, Array(base.utf8))] {
                let a = InputFile(path: "old.ledger", bytes: old), b = InputFile(path: "new.ledger", bytes: new)
                let whole = DiffInput.compile(old: a, oldFiles: nil, new: b, newFiles: nil, options: options, sharesTextFrom: .max)
                let chunked = DiffInput.compile(old: a, oldFiles: nil, new: b, newFiles: nil, options: options, sharesTextFrom: 0, chunkSize: 300)
                chunksUsed += chunked.new.side.compilation.chunkStarts.count
                comparedWhole += whole.new.side.recorded.count
                comparedInChunks += chunked.new.side.recorded.count
                let expected = DiffFormat.json.render(try JournalDiff(old: whole.old, new: whole.new), old: "old", new: "new")
                XCTAssertEqual(DiffFormat.json.render(try JournalDiff(old: chunked.old, new: chunked.new), old: "old", new: "new"), expected, "seed \(seed)")
                // By month, valued in dollars (prices from the costs, read in chunks too).
                var valued = DiffOptions()
                valued.grouping = .month
                valued.valuation = Valuation(.end, in: "$")
                XCTAssertEqual(DiffFormat.json.render(try JournalDiff(old: chunked.old, new: chunked.new, options: valued), old: "old", new: "new"),
                               DiffFormat.json.render(try JournalDiff(old: whole.old, new: whole.new, options: valued), old: "old", new: "new"), "seed \(seed), valued")
            }
        }
        XCTAssertGreaterThan(chunksUsed, 200, "most sides were compiled in chunks")
        XCTAssertLessThan(comparedInChunks * 2, comparedWhole, "the transactions of chunks both sides took in are not compared")
    }

    /// Twins count one for one either way; which copy is named added
    /// differs: in chunks, the twin whose text stayed pairs with itself and
    /// the copy whose text is new is named; compiled whole, twins pair in
    /// order (a fuzz finding against a check that wanted the same line).
    func testATwinAddedIsTheNewCopyInChunksAndTheLastInOrderWhole() throws {
        let twin = "2025-06-15 Twin\n    Expenses:Food  $1\n    Assets:Cash\n\n"
        let base = household(90)
        let middle = base.index(base.startIndex, offsetBy: base.utf8.count * 2 / 3)
        let at = base.index(after: base[middle...].range(of: "\n2025-")!.lowerBound)
        let old = String(base[..<at]) + twin + String(base[at...])
        let early = old.index(after: old.range(of: "\n2025-")!.lowerBound)
        let new = String(old[..<early]) + twin + String(old[early...])
        let options = CompileOptions(horizon: CivilDate.parse("2025-12-31"), today: CivilDate.parse("2025-12-31"))
        let a = InputFile(path: "old.ledger", bytes: Array(old.utf8)), b = InputFile(path: "new.ledger", bytes: Array(new.utf8))
        let whole = DiffInput.compile(old: a, oldFiles: nil, new: b, newFiles: nil, options: options, sharesTextFrom: .max)
        let chunked = DiffInput.compile(old: a, oldFiles: nil, new: b, newFiles: nil, options: options, sharesTextFrom: 0, chunkSize: 300)
        let inOrder = try JournalDiff(old: whole.old, new: whole.new), inChunks = try JournalDiff(old: chunked.old, new: chunked.new)
        let lines = new.split(separator: "\n", omittingEmptySubsequences: false)
        let twinLines = lines.indices.filter { lines[$0] == "2025-06-15 Twin" }.map { $0 + 1 }
        XCTAssertEqual(twinLines.count, 2)
        XCTAssertEqual(inChunks.added.map(\.line), [twinLines[0]], "the copy whose text is new")
        XCTAssertEqual(inOrder.added.map(\.line), [twinLines[1]], "the last in order")
        XCTAssertTrue(inChunks.removed.isEmpty && inOrder.removed.isEmpty && inChunks.changed.isEmpty)
        XCTAssertEqual(inChunks.balances.map(\.change), inOrder.balances.map(\.change))
    }

    /// A household's year: shops, a rule, assertions, costs, and two transactions unbalanced.
    func household(_ transactions: Int) -> String {
        var text = "commodity $1,000.00\n\nrepeat monthly from 2025-01-31  월세\n    Expenses:Rent  $500\n    Assets:Cash\n\n"
        for i in 0..<transactions {
            let day = 1 + i % 28, month = 1 + (i / 28) % 12
            text += "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day) * Shop \(i % 7)  ; id: \(i)\n"
            text += "    Expenses:\(["Food", "식비", "Rent"][i % 3])    $\(i).25\n"
            if i % 13 == 0 { text += "    Assets:Broker    2 AAPL @ $1.125\n" }
            if i % 17 == 0 { text += "    Assets:Cash  $-\(i).25 = $-999\n" } else { text += "    Assets:Cash\n" }
            if i % 41 == 0 { text += "    Expenses:Oops  $1\n" }
            text += "\n"
        }
        return text
    }

    /// Issue 44: GitHub autolinks `www.` and e-mail addresses with no markup;
    /// a description in a pull-request comment must link nowhere.
    func testMarkdownLeavesNoAutolink() {
        let text = DiffFormat.escaped("see WWW.evil.example and pay@evil.example <b>")
        XCTAssertFalse(text.lowercased().contains("www."), text)
        XCTAssertFalse(text.contains("@evil"), text)
        XCTAssertFalse(text.contains("<b>"), text)
        XCTAssertEqual(text.replacingOccurrences(of: "\u{200B}", with: "").replacingOccurrences(of: "\\", with: ""),
                       "see WWW.evil.example and pay@evil.example &lt;b&gt;")
    }
}
