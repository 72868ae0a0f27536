import Foundation
import XCTest

/// The catalogue's IDs (issue 45): each message's ID is the name of its
/// member in `Messages`, so no two are alike, and every ID the quick fixes
/// switch on is one of them (a renamed message cannot silently lose its fix).
final class MessageCatalogueTests: XCTestCase {
    func source(_ path: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/LedgerCore/" + path), encoding: .utf8)
    }

    func testEachIDIsItsMembersNameAndUnique() throws {
        let text = try source("Diagnostics/Messages.swift")
        // Each member, and every `.init("ID"` in its body (up to the next member).
        let member = try NSRegularExpression(pattern: "static (?:var|func) ([A-Za-z0-9_]+)")
        let idPattern = try NSRegularExpression(pattern: "\\.init\\(\"([A-Za-z0-9_]+)\"")
        let members = member.matches(in: text, range: NSRange(text.startIndex..., in: text))
        var ids: [String] = []
        for (k, m) in members.enumerated() {
            let name = String(text[Range(m.range(at: 1), in: text)!])
            let end = k + 1 < members.count ? members[k + 1].range.location : (text as NSString).length
            let body = NSRange(location: m.range.location, length: end - m.range.location)
            let made = idPattern.matches(in: text, range: body).map { String(text[Range($0.range(at: 1), in: text)!]) }
            XCTAssertFalse(made.isEmpty, "the member \(name) makes no message")
            for id in made { XCTAssertEqual(id, name, "the message \(name) has the ID \(id)") }
            if !made.isEmpty { ids.append(name) }
        }
        XCTAssertEqual(Set(ids).count, ids.count, "IDs are unique")
        XCTAssertGreaterThan(ids.count, 100)

        let fixes = try source("Editor/QuickFixes.swift")
        let cases = try NSRegularExpression(pattern: "case ((?:\"[A-Za-z0-9_]+\"(?:, )?)+):")
        var switched: [String] = []
        for m in cases.matches(in: fixes, range: NSRange(fixes.startIndex..., in: fixes)) {
            switched += String(fixes[Range(m.range(at: 1), in: fixes)!]).split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
        }
        XCTAssertFalse(switched.isEmpty)
        for id in switched { XCTAssertTrue(ids.contains(id), "QuickFixes switches on '\(id)', which no message has") }
    }
}
