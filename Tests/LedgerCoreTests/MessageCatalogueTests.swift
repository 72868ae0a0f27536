import Foundation
import XCTest
@testable import LedgerCore

/// The catalogue's IDs (issue 45): each message's ID is derived from the
/// name of its member in `Messages` (never typed by hand), so no two are
/// alike as long as no two members share a name, and the fixes find their
/// messages by those IDs.
final class MessageCatalogueTests: XCTestCase {
    func source(_ path: String) throws -> String {
        try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/LedgerCore/" + path), encoding: .utf8)
    }

    func testEachIDIsItsMembersNameAndUnique() throws {
        let text = try source("Diagnostics/Messages.swift")
        let member = try NSRegularExpression(pattern: "static (?:var|func) ([A-Za-z0-9_]+)")
        let members = member.matches(in: text, range: NSRange(text.startIndex..., in: text))
        var names: [String] = []
        for (k, m) in members.enumerated() {
            let name = String(text[Range(m.range(at: 1), in: text)!])
            let end = k + 1 < members.count ? members[k + 1].range.location : (text as NSString).length
            let body = (text as NSString).substring(with: NSRange(location: m.range.location, length: end - m.range.location))
            XCTAssertTrue(body.contains(".init("), "the member \(name) makes no message")
            XCTAssertFalse(body.contains("member:"), "the member \(name) names its ID by hand")
            names.append(name)
        }
        // Two overloads of one name would give two messages one ID.
        XCTAssertEqual(Set(names).count, names.count, "member names (the IDs) are unique")
        XCTAssertGreaterThan(names.count, 100)
        // The derivation: a property's name, a function's name without its labels.
        XCTAssertEqual(Messages.accountAmountSeparator.id, "accountAmountSeparator")
        XCTAssertEqual(Messages.amountOverflows("x").id, "amountOverflows")
        XCTAssertEqual(Messages.undeclared("account", "a", option: "--strict").id, "undeclared")
        for id in [FixIts.undeclared, FixIts.undeclaredNear, FixIts.accountEndsInAmount, FixIts.doesNotBalance] {
            XCTAssertTrue(names.contains(id.name), "a fix is for '\(id)', which no message has")
        }
    }
}
