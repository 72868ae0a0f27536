import XCTest
@testable import LedgerCore

/// Automated transactions apply to the postings earlier rules added (as
/// hledger's `--auto` does), so rules that match each other's postings
/// multiply them: sixteen `= a` rules of two postings once made one
/// transaction 3^16 times larger (two minutes and 24 GB for 400 bytes; the
/// fuzzer found it). The postings are bounded as `repeat` occurrences are.
final class AutomatedPostingsBoundTests: XCTestCase {
    /// `n` rules that each match every posting and add two.
    func rulesMatchingEverything(_ n: Int) -> String {
        String(repeating: "= a\n    Assets:Broker   10 AAPL @ $150.00\n    Assets:Cash\n\n", count: n)
    }

    /// The line (from 1) a place is on.
    func line(_ location: SourceLocation?, in text: String) -> Int? {
        location.map { text.utf8.prefix(Int($0.offset)).filter { $0 == 10 }.count + 1 }
    }

    func testARuleThatWouldPassTheBoundInATransactionIsNotAppliedToIt() {
        let text = rulesMatchingEverything(16) + "2025-01-10 buy\n    Assets:Broker   10 AAPL @ $150.00\n    Assets:Cash\n"
        let result = compileText(text)
        // Two postings tripled by each rule: 4,374 after seven; the eighth would make 13,122.
        XCTAssertEqual(result.ledger.ordered.map(\.postings.count), [2 * 729 * 3])
        XCTAssertLessThanOrEqual(2 * 729 * 3, AutomatedPostings.mostPostingsInATransaction)
        XCTAssertGreaterThan(2 * 729 * 9, AutomatedPostings.mostPostingsInATransaction)
        let errors = result.diagnostics.diagnostics.filter { $0.severity == .error }
        // Each of the nine rules left out says so once, at its own line, with a note at the transaction.
        XCTAssertEqual(errors.map(\.id), Array(repeating: "automatedTransactionTooLarge", count: 9))
        XCTAssertEqual(errors.map { line($0.location, in: text) }, (7...15).map { $0 * 4 + 1 })
        XCTAssertEqual(errors.map { line($0.notes.first?.location, in: text) }, Array(repeating: 65, count: 9))
    }

    func testTheRulesStopPastTheMostGeneratedPostings() {
        // One rule adding two postings to each of 60 transactions: 120 postings, against a bound of 100.
        var text = "= food\n    (Budget:Food)  *-1\n    (Budget:Left)  *1\n\n"
        for day in 1...60 { text += "2025-03-\(String(format: "%02d", (day - 1) % 28 + 1)) lunch \(day)\n    Expenses:Food   10 USD\n    Assets:Cash\n\n" }
        var options = CompileOptions(today: CivilDate.parse("2025-12-31"))
        options.mostGeneratedPostings = 100
        let result = compile([InputFile(path: "t.ledger", bytes: Array(text.utf8))], until: CivilDate.parse("2025-12-31")!, options: options)
        let counts = result.ledger.ordered.map(\.postings.count)
        XCTAssertEqual(counts.filter { $0 == 4 }.count, 50, "the first 50 transactions (in file order) get their two")
        XCTAssertEqual(counts.filter { $0 == 2 }.count, 10)
        XCTAssertEqual(Set(result.ledger.ordered.filter { $0.postings.count == 2 }.map(\.description)), Set((51...60).map { "lunch \($0)" }))
        let errors = result.diagnostics.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.id), ["tooManyGeneratedPostings"], "\(result.diagnostics.diagnostics.map(\.message))")
        XCTAssertEqual(line(errors.first?.location, in: text), 1)
        // With the default bound, all 60 get theirs.
        XCTAssertEqual(compileText(text).ledger.ordered.map(\.postings.count), Array(repeating: 4, count: 60))
    }

    /// Rules that add postings to a `repeat` rule's template stay within the bound in each occurrence.
    func testARepeatTemplateIsBoundedLikeATransaction() {
        let text = rulesMatchingEverything(10) + "repeat monthly from 2025-01-10  buy\n    Assets:Broker   10 AAPL @ $150.00\n    Assets:Cash\n"
        let result = compileText(text, until: "2025-03-31")
        XCTAssertEqual(result.ledger.ordered.map(\.postings.count), Array(repeating: 2 * 729 * 3, count: 3))
        XCTAssertEqual(result.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.id),
                       Array(repeating: "automatedTransactionTooLarge", count: 3))
    }
}

/// The occurrences of `repeat` rules are bounded by their postings too: a
/// rule of 2,000 postings every day for a century (46 KB) made 73 million,
/// which `report summary` took 35 s and 940 MB to read.
final class OccurrencePostingsBoundTests: XCTestCase {
    func testOccurrencesStopWhereTheirPostingsPassTheBound() {
        // Bound: 10 occurrences, so 40 postings. A rule of 9 postings: four occurrences (36), not a fifth (45).
        let big = "repeat daily from 2025-01-01  big\n" + (1...8).map { "    Expenses:E\($0)  1 USD\n" }.joined() + "    Assets:Cash\n"
        var options = CompileOptions(today: CivilDate.parse("2025-12-31"))
        options.mostOccurrences = 10
        let result = compile([InputFile(path: "t.ledger", bytes: Array(big.utf8))], until: CivilDate.parse("2025-01-31")!, options: options)
        XCTAssertEqual(result.ledger.ordered.count, 4)
        XCTAssertEqual(result.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.id), ["tooManyOccurrencePostings"])
        // A rule of two postings reaches the bound of occurrences first, as before.
        let small = "repeat daily from 2025-01-01  small\n    Expenses:E  1 USD\n    Assets:Cash\n"
        let many = compile([InputFile(path: "t.ledger", bytes: Array(small.utf8))], until: CivilDate.parse("2025-01-31")!, options: options)
        XCTAssertEqual(many.ledger.ordered.count, 10)
        XCTAssertEqual(many.diagnostics.diagnostics.filter { $0.severity == .error }.map(\.id), ["tooManyOccurrences"])
    }
}
