import Foundation
import XCTest

/// The folders of LedgerCore are layers: a file may name types of its own
/// folder and of lower folders, never of a higher one. The order is written
/// in docs/ARCHITECTURE.md. `knownCrossings` lists crossings accepted for a
/// while (none today); a new one fails this test, and so does an entry of the
/// list that no longer crosses (take it out).
final class FolderOrderTests: XCTestCase {
    static let order = ["Platform", "Source", "Diagnostics", "Files", "Model", "Syntax", "Semantics", "Recurrence",
                        "Ledger", "Balances", "Cards", "Positions", "Compile", "Valuation", "Edit", "Reports", "Output", "Pages", "Import", "Diff", "Editor", "Serve"]

    /// "File.swift names Type (Folder)" for each crossing left.
    static let knownCrossings: Set<String> = []

    func testNoFileNamesATypeOfAHigherFolder() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/LedgerCore")
        var files: [(folder: String, name: String, text: String)] = []
        for folder in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            XCTAssertTrue(FolderOrderTests.order.contains(folder), "folder \(folder) is not in the order (docs/ARCHITECTURE.md)")
            let dir = root.appendingPathComponent(folder)
            // Every subfolder too (Import/Workbooks, Output/Renderers): its files are of their top folder's layer.
            let names = (FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
            for name in names {
                files.append((folder, name, try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)))
            }
        }
        // Top-level names each folder declares.
        var home: [String: String] = [:]
        let declaration = try NSRegularExpression(pattern: "^(?:public |package |final |@[a-zA-Z]+ )*(?:struct|enum|class|protocol|typealias|func) ([A-Za-z_][A-Za-z0-9_]*)",
                                                  options: .anchorsMatchLines)
        for f in files {
            for m in declaration.matches(in: f.text, range: NSRange(f.text.startIndex..., in: f.text)) {
                home[String(f.text[Range(m.range(at: 1), in: f.text)!])] = f.folder
            }
        }
        let rank = Dictionary(uniqueKeysWithValues: FolderOrderTests.order.enumerated().map { ($1, $0) })
        var crossings = Set<String>()
        for f in files {
            // Words of the code, comments left out.
            let code: String = f.text.split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
                .joined(separator: "\n")
            // String literals left out too: their words are text, not names.
            let unquoted = code.replacingOccurrences(of: #""(?:[^"\\\n]|\\.)*""#, with: "\"\"", options: .regularExpression)
            let words = Set(unquoted.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
            for word in words {
                guard let folder = home[word], rank[folder]! > rank[f.folder]! else { continue }
                crossings.insert("\(f.folder)/\(f.name) names \(word) (\(folder))")
            }
        }
        for c in crossings.subtracting(FolderOrderTests.knownCrossings).sorted() { XCTFail("a lower folder names a higher one: \(c)") }
        for c in FolderOrderTests.knownCrossings.subtracting(crossings).sorted() { XCTFail("no longer crosses; remove it from knownCrossings: \(c)") }
    }

    /// libc calls whose spelling differs between platforms live in Platform/.
    func testNoQualifiedLibcCallOutsideThePlatformShim() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: root.path)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for path in files where !path.hasPrefix("LedgerCore/Platform/") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            XCTAssertFalse(text.contains("Glibc.") || text.contains("Darwin.") || text.contains("pthread_"), "\(path) calls libc by platform; use Platform/")
        }
    }
}
