import XCTest
@testable import LedgerCore

/// The one checked edit (issue 45) under fmt, add, import, materialize and
/// the editor's formatting: what must stay equal is part of the value.
final class CheckedEditTests: XCTestCase {
    let text = "2025-01-05 rent\n    expenses:rent  650 USD\n    assets:bank\n"

    func edit(_ c: Compilation, _ find: String, _ replace: String) -> TextEdit {
        let bytes = c.sources.files[c.rootFiles[0]].bytes
        let at = String(decoding: bytes, as: UTF8.self).range(of: find)!
        let start = String(decoding: bytes, as: UTF8.self).utf8.distance(from: String(decoding: bytes, as: UTF8.self).utf8.startIndex, to: at.lowerBound)
        return TextEdit(file: c.rootFiles[0], range: start..<start + find.utf8.count, text: Array(replace.utf8))
    }

    func testWhatMustStayEqualIsPartOfTheValue() {
        let c = compileText(text)
        let options = CompileOptions(horizon: CivilDate.parse("2025-12-31"))
        // White space only: the meaning is the same.
        let spaces = CheckedEdit(c, edits: [edit(c, "  650 USD", "    650 USD")], keeps: .everything).check(options: options)
        XCTAssertTrue(spaces.isSafe)
        XCTAssertEqual(spaces.files.map(\.index), [c.rootFiles[0]])
        // A changed figure: never for fmt; an error-free edit for add.
        let figure = [edit(c, "650 USD", "651 USD")]
        XCTAssertFalse(CheckedEdit(c, edits: figure, keeps: .everything).check(options: options).isSafe)
        XCTAssertTrue(CheckedEdit(c, edits: figure, keeps: .errorsOnly).check(options: options).isSafe)
        // An edit that breaks the journal: its errors, in the edited text.
        let broken = CheckedEdit(c, edits: [edit(c, "    assets:bank\n", "    assets:bank  1 USD\n")], keeps: .errorsOnly).check(options: options)
        XCTAssertFalse(broken.isSafe)
        XCTAssertEqual(broken.errors.map { $0.id }, ["doesNotBalance"])
    }

    /// An included file is compiled in its place, through the overlay.
    func testAnIncludedFileIsCheckedInItsPlace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("checked-edit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try text.write(to: dir.appendingPathComponent("part.ledger"), atomically: true, encoding: .utf8)
        let main = "include part.ledger\n2025-01-06 check\n    assets:bank  0 USD = -650 USD\n    equity\n"
        let path = dir.appendingPathComponent("main.ledger").path
        let c = compile([InputFile(path: path, bytes: Array(main.utf8))], until: CivilDate.parse("2025-12-31")!)
        XCTAssertFalse(c.hasErrors, "\(c.diagnostics.sorted().map(\.message))")
        let part = c.sources.files.firstIndex { $0.path.hasSuffix("part.ledger") }!
        let bytes = c.sources.files[part].bytes
        let start = bytes.count - "    assets:bank\n".utf8.count
        let changed = TextEdit(file: part, range: start..<bytes.count, text: Array("    assets:bank  -600 USD\n    equity\n".utf8))
        let outcome = CheckedEdit(c, edits: [changed], keeps: .errorsOnly).check(options: CompileOptions(horizon: CivilDate.parse("2025-12-31")))
        XCTAssertEqual(outcome.errors.map { $0.id }, ["assertionFailed"], "the root file's assertion sees the edited include")
    }

    /// `noNewErrors` and `renamed`: a journal with errors may be edited when the edit adds none,
    /// and a rename keeps every figure under the new names (the checks rename and import's probe go through).
    func testNoNewErrorsAndRenamedKeeps() throws {
        let text = "2025-01-01 a\n    Assets:Cash  5 USD\n    Income:Pay\n\n2025-01-02 broken\n    Assets:Cash  1 USD\n    Income:Pay  1 USD\n"
        let c = compileText(text)
        XCTAssertEqual(c.diagnostics.sorted().filter { $0.severity == .error }.count, 1)
        let file = c.rootFiles[0]
        let bytes = c.sources.files[file].bytes
        let append = TextEdit(file: file, range: bytes.count..<bytes.count, text: Array("\n2025-01-03 c\n    Assets:Cash  2 USD\n    Income:Pay\n".utf8))
        var options = CompileOptions()
        options.horizon = c.ledger.until
        XCTAssertTrue(CheckedEdit(c, edits: [append], keeps: .noNewErrors).check(options: options).isSafe)
        XCTAssertEqual(CheckedEdit(c, edits: [append], keeps: .errorsOnly).check(options: options).problem, .errors)
        // Renaming Assets:Cash to Assets:Wallet everywhere keeps the figures; renaming one posting does not.
        let all = text.replacingOccurrences(of: "Assets:Cash", with: "Assets:Wallet")
        let whole = TextEdit(file: file, range: 0..<bytes.count, text: Array(all.utf8))
        XCTAssertTrue(CheckedEdit(c, edits: [whole], keeps: .renamed(.account(old: "Assets:Cash", new: "Assets:Wallet"))).check(options: options).isSafe)
        let one = TextEdit(file: file, range: 0..<bytes.count, text: Array(text.replacingOccurrences(of: "    Assets:Cash  5 USD", with: "    Assets:Wallet  5 USD").utf8))
        XCTAssertEqual(CheckedEdit(c, edits: [one], keeps: .renamed(.account(old: "Assets:Cash", new: "Assets:Wallet"))).check(options: options).problem, .meaningChanged)
    }
}

/// A diagnostic's fixes move with it: from a chunk of the editor's
/// incremental compile to the file (a fuzz finding).
final class FixItPlacesTests: XCTestCase {
    func testFixesOfAChunkedCompileAreInTheFile() {
        var text = "account expenses:food\naccount assets:cash\n\n"
        for day in 1...20 { text += "2025-01-\(day < 10 ? "0" : "")\(day) shop\n    expenses:food  1 USD\n    assets:cash\n\n" }
        text += "2025-02-01 shop\n    expenses:food 4.50 USD\n    assets:cash\n"
        text += "\n2025-02-02 shop\n    expenses:fod  1 USD\n    assets:cash\n"
        let options = CompileOptions(horizon: CivilDate.parse("2025-12-31"), mode: .diagnosticsOnly)
        let fresh = compile([InputFile(path: "fix.ledger", bytes: Array(text.utf8))], options: options)
        let chunked = ChunkedJournal(path: "fix.ledger", chunkSize: 64).compile(Array(text.utf8), options: options)
        let a = fresh.diagnostics.sorted().flatMap(\.fixes), b = chunked.diagnostics.sorted().flatMap(\.fixes)
        XCTAssertEqual(a.map(\.title), ["Separate the amount with two spaces", "Change to 'expenses:food'", "Declare 'account expenses:fod'"])
        XCTAssertEqual(a, b)
        XCTAssertEqual(a.last?.edits.first?.range, 0..<0, "before the first account directive")
        XCTAssertEqual(b.first?.edits.first?.file, chunked.rootFiles[0])
    }
}
