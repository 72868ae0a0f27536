import Foundation
import XCTest
@testable import LedgerCore

/// `check` lets go of transactions it has checked (`CheckStream`): it must
/// report exactly what a compile that keeps everything reports.
final class CheckStreamTests: XCTestCase {
    let until = CivilDate(year: 2025, month: 12, day: 31)!

    func diagnostics(_ text: String, onlyChecks: Bool, parallel: Bool = false, path: String = "stream.ledger") -> String {
        var options = CompileOptions(mode: onlyChecks ? .diagnosticsOnly : .everything)
        options.parallelThreshold = parallel ? 0 : Int.max
        let c = compile([InputFile(path: path, bytes: Array(text.utf8))], until: until, options: options)
        return DiagnosticPrinter(sources: c.sources, useColor: false)
            .render(c.diagnostics.sorted(), format: .text, droppedErrors: max(0, c.diagnostics.errorCount - c.diagnostics.limit))
            + "errors: \(c.diagnostics.errorCount)"
    }

    func assertSameDiagnostics(_ text: String, path: String = "stream.ledger", file: StaticString = #filePath, line: UInt = #line) {
        let full = diagnostics(text, onlyChecks: false, path: path)
        XCTAssertEqual(diagnostics(text, onlyChecks: true, path: path), full, path, file: file, line: line)
        XCTAssertEqual(diagnostics(text, onlyChecks: true, parallel: true, path: path), full, "\(path), split", file: file, line: line)
    }

    func testAssertionsSeeTransactionsLetGoInDateOrder() {
        let text = """
        2025-01-05 Pay
            Assets:Bank   100 USD
            Income:Salary
        2025-01-03 Earlier, written later
            Assets:Bank   50 USD
            Income:Salary
        2025-01-04 Check
            Assets:Bank   0 USD = 50 USD
            Income:Salary
        2025-01-06 Check
            Assets:Bank   0 USD = 140 USD
            Income:Salary
        2025-01-06 Later the same day
            Assets:Bank   -10 USD
            Expenses:Fees
        2025-01-07 Assign
            Assets:Bank   = 200 USD
            Income:Salary

        """
        let full = diagnostics(text, onlyChecks: false)
        XCTAssertTrue(full.contains("stream.ledger:11:"), "the 140 USD assertion fails (the balance is 150): \(full)")
        XCTAssertEqual(full.components(separatedBy: "error:").count - 1, 1, full)
        assertSameDiagnostics(text)
    }

    /// A movement is stored in 32 bits: a transaction with a larger mantissa
    /// (5,000,000,000 KRW; an elided amount that large) is kept whole, and
    /// the assertions after it see the same balances either way.
    func testAmountsPastThirtyTwoBitsAreKeptWhole() {
        let text = """
        2025-01-02 House
            Assets:House   5,000,000,000 KRW
            Assets:Bank
        2025-01-03 Small
            Assets:Bank   2,147,483,647 KRW
            Income:Gift
        2025-01-04 At the edge
            Assets:Bank   -2,147,483,648 KRW
            Income:Gift
        2025-01-05 Check
            Assets:Bank   0 KRW = -5,000,000,001 KRW
            Assets:House  0 KRW = 5,000,000,000 KRW
        2025-01-06 Wrong
            Assets:House  0 KRW = 5,000,000,001 KRW
            Assets:Bank

        """
        let full = diagnostics(text, onlyChecks: false)
        XCTAssertTrue(full.contains("stream.ledger:14:"), "only the last assertion fails: \(full)")
        XCTAssertEqual(full.components(separatedBy: "error:").count - 1, 1, full)
        assertSameDiagnostics(text)
    }

    func testRecordsLetGoFulfilRepeatRules() {
        let text = """
        repeat monthly from 2025-01-25  Salary
            Assets:Bank    3,000 USD
            Income:Salary

        2025-02-24 salary | early
            Assets:Bank    3,000 USD
            Income:Salary
        2025-03-26 Payroll  ; repeat: Salary
            Assets:Bank    3,000 USD
            Income:Salary
        2025-04-30 Check
            Assets:Bank    0 USD = 6,000 USD
            Equity:X

        """
        // Jan generated, Feb and Mar recorded, Apr generated; assertions see only the recorded two.
        XCTAssertEqual(diagnostics(text, onlyChecks: false), "errors: 0")
        let c = compile([InputFile(path: "r.ledger", bytes: Array(text.utf8))], until: CivilDate(year: 2025, month: 4, day: 30)!,
                        options: CompileOptions(mode: .diagnosticsOnly))
        XCTAssertEqual(c.ledger.transactions.filter { $0.generated != nil }.map(\.date.description), ["2025-01-25", "2025-04-25"])
        assertSameDiagnostics(text)
    }

    /// A header let go is read from its bytes, never made a string: its payee
    /// (before `|`, trimmed) and the tags the stream reads must come out as
    /// from the strings of a transaction kept whole.
    func testAHeaderReadAsBytesGivesThePayeeAndTagsOfItsStrings() {
        let text = """
        repeat monthly from 2025-01-25  Salary
            Assets:Bank    3,000 USD
            Income:Salary
        repeat monthly from 2025-01-10  Rent
            Expenses:Rent    500 USD
            Assets:Bank

        2025-02-24 Salary \t | early  ; id: 7
            Assets:Bank    3,000 USD
            Income:Salary
        2025-03-26 Payroll  ; note: x, REPEAT: Salary
            Assets:Bank    3,000 USD
            Income:Salary
        2025-04-25 Payroll
            ; Repeat: Salary
            Assets:Bank    3,000 USD
            Income:Salary
        2025-02-10 (12) Rent|  ; id: 8
            Expenses:Rent    500 USD
            Assets:Bank
        2025-03-10 Rent  ; Generated: by hand
            Expenses:Rent    500 USD
            Assets:Bank
        2025-04-30 Check
            Assets:Bank    0 USD = 8,500 USD
            Equity:X

        """
        // Salary: Jan generated, Feb to Apr recorded. Rent: Jan and Apr generated,
        // Feb recorded, Mar read back from `print` (marked `generated:`): it fulfils
        // its month but stays out of the assertion, as the generated ones do.
        let until = CivilDate(year: 2025, month: 4, day: 30)!
        for mode in [CompileOptions.Mode.diagnosticsOnly, .everything] {
            let c = compile([InputFile(path: "r.ledger", bytes: Array(text.utf8))], until: until, options: CompileOptions(mode: mode))
            XCTAssertEqual(c.ledger.transactions.filter { $0.generated != nil }.map { "\($0.date) \($0.description)" }.sorted(),
                           ["2025-01-10 Rent", "2025-01-25 Salary", "2025-04-10 Rent"], "\(mode)")
        }
        XCTAssertEqual(diagnostics(text, onlyChecks: false), "errors: 0")
        assertSameDiagnostics(text)
    }

    func testAReceiptBeforeTheFirstPricedPurchaseIsNotLost() {
        let text = """
        2025-01-02 Shares received
            Assets:Broker    10 AAPL
            Equity:Gift
        2025-01-03 Buy
            Assets:Broker    5 AAPL @ 100 USD
            Assets:Cash
        2025-01-04 Sell
            Assets:Broker    -12 AAPL @ 110 USD
            Assets:Cash

        """
        XCTAssertEqual(diagnostics(text, onlyChecks: false), "errors: 0", "15 held, 12 sold")
        assertSameDiagnostics(text)
    }

    /// A transaction let go moves positions in its place by date, not by where
    /// it was read: the compile does not read the input a second time.
    func testAReceiptLetGoCountsOnItsDate() {
        let text = """
        2025-03-01 Shares received
            Assets:Broker    10 AAPL
            Equity:Gift
        2025-01-03 Buy
            Assets:Broker    5 AAPL @ 100 USD
            Assets:Cash
        2025-02-04 Sell
            Assets:Broker    -12 AAPL @ 110 USD
            Assets:Cash

        """
        XCTAssertTrue(diagnostics(text, onlyChecks: false).hasSuffix("errors: 1"), "5 held on Feb 4, 12 sold")
        assertSameDiagnostics(text)
    }

    /// Every journal the project owns: samples, error samples, Tests/Corpus and generated ones.
    func testOwnedCorpusGivesTheSameDiagnostics() throws {
        let journals = try TestCorpus.owned(withErrorSamples: true)
        for j in journals { assertSameDiagnostics(String(decoding: j.bytes, as: UTF8.self), path: j.path) }
        XCTAssertGreaterThan(journals.count, 80)
    }

    /// Every journal of the compatibility corpus, when it is beside the repository.
    func testCompatibilityCorpusGivesTheSameDiagnostics() throws {
        let journals = try TestCorpus.compatibility()
        for j in journals { assertSameDiagnostics(String(decoding: j.bytes, as: UTF8.self), path: j.path) }
        XCTAssertGreaterThan(journals.count, 700)
    }

    /// The set of pairs a stream touched gives back each pair once, in the
    /// order of accounts and then commodities (wide ids after), whichever
    /// bits are set.
    func testTouchedPairsAreGivenBackAsInserted() {
        var r = SeededRandom(seed: 64)
        for _ in 0..<200 {
            var set = AccountCommoditySet()
            var expected = Set<AccountCommodity>()
            for _ in 0..<Int(r.next() % 40) {
                let account = Int32(r.next() % 12), commodity = Int32(r.next() % 3 == 0 ? 60 + r.next() % 10 : r.next() % 64)
                set.insert(account, commodity)
                expected.insert(AccountCommodity(account, commodity))
            }
            var seen: [AccountCommodity] = []
            set.forEach { seen.append(AccountCommodity($0, $1)) }
            XCTAssertEqual(seen.count, expected.count)
            XCTAssertEqual(Set(seen), expected)
            let narrow = seen.filter { $0.commodity < 64 }
            XCTAssertEqual(narrow, narrow.sorted { ($0.account, $0.commodity) < ($1.account, $1.commodity) })
            for pair in expected { XCTAssertTrue(set.contains(pair.account, pair.commodity)) }
        }
    }
}
