import Foundation
import XCTest
@testable import LedgerCore

/// `materialize --write` keeps the meaning of the journal (issue 19): on
/// random journals with rules, writing the occurrences and compiling again
/// gives the same postings, and a second run writes nothing.
final class MaterializeModelTests: XCTestCase {
    let today = CivilDate(year: 2025, month: 3, day: 31)!

    /// Every posting as (date, description, account, amount at full precision), sorted: what any report is made of.
    func postings(_ c: Compilation) -> [String] {
        let j = c.ledger.journal
        return c.ledger.ordered.flatMap { t in
            t.postings.map { p in "\(t.date) \(t.description) | \(j.accounts[p.account]) | \(p.amount.map { j.commodities.format($0, precision: max($0.quantity.scale, j.commodities.precision($0.commodity))) } ?? "-")" }
        }.sorted()
    }

    func precisions(_ c: Compilation) -> [String] {
        let j = c.ledger.journal
        return (0..<Int32(j.commodities.count)).map { "\(j.commodities[$0]) \(j.commodities.precision($0))" }.sorted()
    }

    /// Writes the plan's edits into the texts; returns them by path.
    func apply(_ plan: MaterializePlan, _ c: Compilation) -> [String: [UInt8]] {
        var out: [String: [UInt8]] = [:]
        for (index, bytes) in plan.editedFiles(c.sources) { out[c.sources.files[index].path] = bytes }
        return out
    }

    func compileOne(_ bytes: [UInt8], until: CivilDate) -> Compilation {
        compile([InputFile(path: "model.ledger", bytes: bytes)], until: until, options: CompileOptions(today: today))
    }

    static let descriptions = ["Netflix", "Netflix, Premium | family", "월세", "구독료: 유튜브, 가족", "Rent | flat 2", "a:b, c | d", "Gym;day", "Salary  "]

    static func journal(_ r: inout SeededRandom) -> String {
        var lines: [String] = []
        let comma = r.chance(25)
        if comma { lines.append("decimal-mark ,") }
        if r.chance(30) { lines.append("alias bank = Assets:Bank") }
        let applyAtRule = r.chance(25)
        if applyAtRule { lines.append("apply account Home") }
        var unused = descriptions
        for _ in 0..<(1 + r.below(3)) {
            let d = unused.remove(at: r.below(unused.count))
            let day = 1 + r.below(31)
            let amount = comma ? r.pick(["1.234,50", "17,5", "3"]) : r.pick(["1,234.50", "17.5", "3", "0.125"])
            lines.append("repeat \(r.pick(["monthly", "every 2 weeks", "weekly"])) from 2025-01-\(day < 10 ? "0" : "")\(day)  \(d)\(r.chance(30) ? "  ; note: x" : "")")
            lines.append("    Expenses:Sub    \(amount) \(r.pick(["EUR", "USD", "KRW"]))")
            lines.append("    \(r.chance(50) ? "bank" : "Assets:Bank")")
            lines.append("")
            if r.chance(30) {
                lines.append("2025-02-\(10 + r.below(10)) * \(d.trimmingCharacters(in: .whitespaces)) | by hand")
                lines.append("    Expenses:Sub    2 EUR")
                lines.append("    Assets:Bank")
                lines.append("")
            }
        }
        if applyAtRule, r.chance(50) { lines.append("end apply account") }
        if r.chance(30) { lines.append("alias Assets:Bank = Assets:Savings") }
        if r.chance(20) { lines.append("apply account Later") }
        if r.chance(20) { lines.append("end aliases") }
        lines.append("2025-01-02 Coffee")
        lines.append("    Expenses:Food    3 EUR")
        lines.append("    Assets:Bank")
        if r.chance(25) {
            lines.append("comment")
            lines.append("2025-01-01 hidden")
        }
        var text = lines.joined(separator: "\n")
        if r.chance(80) { text += "\n" }
        if r.chance(25) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return text
    }

    func testWritingOccurrencesKeepsTheMeaningAndASecondRunWritesNothing() {
        var random = SeededRandom(seed: 19)
        var written = 0
        for n in 0..<300 {
            let text = MaterializeModelTests.journal(&random)
            let until = CivilDate(year: 2025, month: 1 + n % 6, day: 28)!
            let before = compileOne(Array(text.utf8), until: until)
            guard !before.hasErrors else { XCTFail("the generator wrote a broken journal:\n\(text)"); continue }
            let plan = MaterializePlan(before, today: today)
            XCTAssertEqual(plan.problems.map(\.message), [], text)
            guard plan.occurrences > 0 else { continue }
            written += 1
            let edited = apply(plan, before)["model.ledger"]!
            let after = compileOne(edited, until: until)
            let editedText = String(decoding: edited, as: UTF8.self)
            XCTAssertFalse(after.hasErrors, editedText)
            XCTAssertEqual(postings(after), postings(before), "the postings changed:\n\(editedText)")
            XCTAssertEqual(precisions(after), precisions(before), "a display precision changed:\n\(editedText)")
            XCTAssertFalse(after.ledger.transactions.contains { $0.generated != nil }, "still generated:\n\(editedText)")
            if text.contains("\r\n") {
                XCTAssertFalse(editedText.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "a line without CR:\n\(editedText)")
            }
            XCTAssertEqual(MaterializePlan(after, today: today).occurrences, 0, "a second run writes again:\n\(editedText)")
        }
        XCTAssertGreaterThan(written, 150)
    }

    /// An occurrence that would make a balance assertion fail is not written.
    func testAnOccurrenceThatBreaksAnAssertionIsRefused() {
        let text = "2025-01-01 Open\n    Assets:Bank   100 USD = 100 USD\n    Equity\n\nrepeat monthly from 2025-01-10  Fee\n    Expenses:Fee   1 USD\n    Assets:Bank\n\n2025-03-20 Check\n    Assets:Bank   0 USD = 100 USD\n    Equity\n"
        let before = compileOne(Array(text.utf8), until: today)
        XCTAssertFalse(before.hasErrors)
        let plan = MaterializePlan(before, today: today)
        XCTAssertEqual(plan.occurrences, 3)
        XCTAssertEqual(plan.problems.count, 1)
        XCTAssertTrue(plan.problems.first?.message.contains("balance assertion failed") ?? false, "\(plan.problems)")
    }
}
