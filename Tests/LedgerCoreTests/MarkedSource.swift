import Foundation
import XCTest
@testable import LedgerCore

/// Source text with markers (1️⃣ 2️⃣ ...) where diagnostics are expected.
struct MarkedSource {
    /// The text without markers.
    let text: String
    /// Byte offset of each marker in `text`, by marker.
    let offsets: [String: Int]

    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    init(_ marked: String) {
        var text = ""
        var offsets: [String: Int] = [:]
        var rest = Substring(marked)
        while !rest.isEmpty {
            if let m = MarkedSource.markers.first(where: { rest.hasPrefix($0) }) {
                offsets[m] = text.utf8.count
                rest = rest.dropFirst(m.count)
            } else {
                text.append(rest.removeFirst())
            }
        }
        self.text = text
        self.offsets = offsets
    }
}

/// Compiles a single in-memory file.
func compileText(_ text: String, until: String = "2025-12-31", today: String = "2025-12-31", strict: Bool = false,
                 checkPayees: Bool = false, path: String = "test.ledger") -> Compilation {
    compile([InputFile(path: path, bytes: Array(text.utf8))], until: CivilDate.parse(until)!,
            options: CompileOptions(today: CivilDate.parse(today)!, strict: strict, checkPayees: checkPayees))
}

/// Asserts that compiling `marked` gives exactly these errors, each at its
/// marker, each with the expected message ID (`"doesNotBalance"`: the name of
/// the message in `Messages`), so that rewording a message breaks no test.
func assertDiagnostics(_ marked: String, _ expected: [(marker: String, id: MessageID)], strict: Bool = false,
                       file: StaticString = #filePath, line: UInt = #line) {
    let source = MarkedSource(marked)
    let result = compileText(source.text, strict: strict)
    let got = result.diagnostics.sorted().filter { $0.severity == .error }
    XCTAssertEqual(got.count, expected.count, "diagnostics: \(got.map(\.message))", file: file, line: line)
    for (d, e) in zip(got, expected) {
        XCTAssertEqual(d.id, e.id, "'\(d.message)'", file: file, line: line)
        guard let offset = source.offsets[e.marker] else {
            XCTFail("no marker \(e.marker) in source", file: file, line: line)
            continue
        }
        XCTAssertEqual(d.location.map { Int($0.offset) }, offset,
                       "'\(d.message)' at \(d.location.map { result.sources.describe($0) }.debugDescription)", file: file, line: line)
    }
}

/// Asserts that the text compiles with no diagnostics at all.
func assertCompiles(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let result = compileText(text)
    XCTAssertEqual(result.diagnostics.diagnostics.map(\.message), [], file: file, line: line)
}

extension Compilation {
    /// Recorded and generated transactions in output order.
    var transactions: [Transaction] { Array(ledger.ordered) }

    /// A posting's amount as text, e.g. "-1,000.00 USD".
    func amountText(_ t: Transaction, _ i: Int) -> String {
        ledger.journal.commodities.format(t.postings[i].amount!)
    }

    func accountName(_ p: Posting) -> String { ledger.journal.accounts[p.account] }
}
