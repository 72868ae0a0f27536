import XCTest
@testable import LedgerCore

/// The pieces `ledgerc diff` matches with (issue 33's speed work): the
/// fingerprint of tags, the table of meanings, the lines of a few places,
/// and the first-letter test of rule fulfilment. GitDiffTests runs the command.
final class DiffMatchingTests: XCTestCase {
    func diff(_ old: String, _ new: String) throws -> JournalDiff {
        try JournalDiff(old: compileText(old), new: compileText(new))
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
}
