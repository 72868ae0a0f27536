import XCTest
@testable import LedgerCore

/// A let-go transaction's record is 24 bytes: its day and scale share four,
/// and its place in the file order is not stored but worked out from the
/// kept transactions' (`LetGoTransactions.recordsBefore`).
final class LetGoRecordTests: XCTestCase {
    func testARecordIsTwentyFourBytes() {
        XCTAssertEqual(MemoryLayout<LetGoTransactions.Record>.stride, 24)
        // A second parser's records are taken in by moving their pages (`PagedArray.append(emptying:_:)`).
        XCTAssertGreaterThan(PagedStorage<LetGoTransactions.Record>.pagesAlign, 0)
    }

    func testDayAndScaleReadBackAtTheEnds() throws {
        let first = try XCTUnwrap(CivilDate(year: 1, month: 1, day: 1)).day
        let last = try XCTUnwrap(CivilDate(year: 9999, month: 12, day: 31)).day
        XCTAssertTrue(LetGoTransactions.Record.days.contains(first))
        XCTAssertTrue(LetGoTransactions.Record.days.contains(last))
        for day in [first, first + 1, -1, 0, 1, 19_723, last - 1, last] {
            for scale: Int8 in [0, 1, 2, 7, 18, 127, -1, -128] {
                let r = LetGoTransactions.Record(day: day, end: 3, payee: 4, location: SourceLocation(file: 5, offset: 6), commodity: 7, scale: scale)
                XCTAssertEqual(r.day, day)
                XCTAssertEqual(r.scale, scale)
                XCTAssertEqual([r.end, r.payee, r.commodity, r.location.file, r.location.offset], [3, 4, 7, 5, 6])
            }
        }
    }

    /// A journal of plain transactions (let go) and transactions with an
    /// assertion (kept whole), mixed; in one file, the file order is the
    /// order of the offsets.
    func journal(seed: UInt64) -> String {
        var rng = SeededRandom(seed: seed)
        var text = ""
        let count = 1 + rng.below(40)
        for i in 0..<count {
            let day = 1 + rng.below(4)
            if rng.chance(50) {
                text += "2024-01-0\(day) kept \(i)\n    Expenses:Food  1 USD\n    Assets:Cash  -1 USD = -\(i + 1000) USD\n\n"
            } else {
                text += "2024-01-0\(day) let go \(i)\n    Expenses:Food  1 USD\n    Assets:Cash\n\n"
            }
        }
        return text
    }

    func testRecordsBeforeAKeptTransactionAreThoseBeforeItInTheFile() throws {
        for seed in 0..<60 as Range<UInt64> {
            let text = journal(seed: seed)
            let c = compile([InputFile(path: "order.ledger", bytes: Array(text.utf8))], until: CivilDate(year: 2024, month: 12, day: 31)!,
                            options: CompileOptions(mode: .diagnosticsOnly))
            let letGo = try XCTUnwrap(c.ledger.journal.letGo)
            let recordOffsets = letGo.records.indices.map { letGo.records[$0].location.offset }
            XCTAssertEqual(recordOffsets, recordOffsets.sorted(), "records in file order, seed \(seed)")
            let kept = c.ledger.transactions.filter { $0.generated == nil }
            XCTAssertEqual(kept.count, letGo.keptSeq.count, "seed \(seed)")
            XCTAssertEqual(kept.count + recordOffsets.count, Int(letGo.seen), "seed \(seed)")
            for (k, t) in kept.enumerated() {
                XCTAssertEqual(letGo.recordsBefore(kept: k), recordOffsets.filter { $0 < t.location.offset }.count, "kept \(k), seed \(seed)")
            }
            XCTAssertEqual(letGo.recordsBefore(kept: kept.count), Int.max)
            // Every file-order number: the records numbered below it.
            let numbered = (recordOffsets.map { ($0, true) } + kept.map { ($0.location.offset, false) }).sorted { $0.0 < $1.0 }
            for seq in 0...numbered.count {
                XCTAssertEqual(letGo.recordsBefore(seq: Int32(seq)), numbered.prefix(seq).filter(\.1).count, "number \(seq), seed \(seed)")
            }
        }
    }

    /// An assertion on a kept transaction counts the records of its day
    /// written before it, and not those after it.
    func testAnAssertionSeesTheRecordsOfItsDayWrittenBeforeIt() {
        let text = """
        2024-01-01 opening
            Assets:Cash  100 USD
            Equity:Opening

        2024-01-05 before
            Expenses:Food  10 USD
            Assets:Cash

        2024-01-05 asserted
            Expenses:Food  5 USD
            Assets:Cash  -5 USD = 85 USD

        2024-01-05 after
            Expenses:Food  1 USD
            Assets:Cash

        2024-01-04 earlier, written later
            Expenses:Food  2 USD
            Assets:Cash

        """
        let fixed = text.replacingOccurrences(of: "= 85 USD", with: "= 83 USD")
        for (journal, errors) in [(text, 1), (fixed, 0)] {
            let c = compile([InputFile(path: "day.ledger", bytes: Array(journal.utf8))], until: CivilDate(year: 2024, month: 12, day: 31)!,
                            options: CompileOptions(mode: .diagnosticsOnly))
            XCTAssertEqual(c.journalHasLetGo, true)
            XCTAssertEqual(c.diagnostics.errorCount, errors, journal)
        }
    }
}

private extension Compilation {
    var journalHasLetGo: Bool { !(ledger.journal.letGo?.records.isEmpty ?? true) }
}

/// Whether a header's comment may hold a tag the check stream reads
/// (`generated:`, `receipt:`, `repeat:`), in one pass over its colons: the
/// same answer as searching for each tag in turn.
final class ReadTagsTests: XCTestCase {
    func bySearching(_ c: UnsafeBufferPointer<UInt8>) -> Bool {
        containsIgnoringASCIICase(c, "generated:") || containsIgnoringASCIICase(c, "receipt", followedBy: 0x3A)
            || containsIgnoringASCIICase(c, "repeat", followedBy: 0x3A)
    }

    func testOnePassFindsWhatSearchingFinds() {
        let pieces = ["; ", "id: 0", "repeat:", "REPEAT:", "Repeat", ":", "receipt: a.pdf", "receipts:", "generated:", "GENERATED",
                      "generate:", "peat:", "re", "x", "  ", "월급:", "rePeaT :", "eceipt:", "generated", "receip:", ":repeat", "tag:v"]
        var r = SeededRandom(seed: 61)
        var yes = 0
        for _ in 0..<5000 {
            var text = ""
            for _ in 0..<r.below(6) { text += r.pick(pieces) }
            var bytes = Array(text.utf8)
            if !bytes.isEmpty, r.chance(15) { bytes[r.below(bytes.count)] = UInt8(truncatingIfNeeded: r.next()) }
            bytes.withUnsafeBufferPointer { c in
                let expected = bySearching(c)
                if expected { yes += 1 }
                XCTAssertEqual(LetGoTransactions.commentMayHoldReadTags(c), expected, text)
            }
        }
        XCTAssertGreaterThan(yes, 500)
        XCTAssertFalse(LetGoTransactions.commentMayHoldReadTags(UnsafeBufferPointer(start: nil, count: 0)))
    }
}
