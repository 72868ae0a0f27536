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

    /// Every message has its Korean text beside the English (issue 59), and
    /// the two name the same plain placeholders (`\(name)`): a Korean text
    /// that drops or invents one fails here. Expressions (`\(n == 1 ? "" : "s")`)
    /// are the language's own.
    func testEveryMessageHasKoreanWithTheSamePlaceholders() throws {
        let text = try source("Diagnostics/Messages.swift")
        let inits = MessageCatalogueTests.initCalls(in: text)
        XCTAssertGreaterThan(inits.count, 120)
        // The placeholders of one text may differ where the sentence needs another part of the date.
        let ownWords: Set<String> = ["dateNotInCalendar"]
        for call in inits {
            guard call.strings.count == 2 else {
                XCTFail("\(call.member): a message without its Korean text (.init(english, ko: korean))")
                continue
            }
            let (english, korean) = (call.strings[0], call.strings[1])
            XCTAssertTrue(korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } || english == korean,
                          "\(call.member): the Korean text has no Hangul: \(korean)")
            if !ownWords.contains(call.member) {
                XCTAssertEqual(MessageCatalogueTests.placeholders(english), MessageCatalogueTests.placeholders(korean), "\(call.member)")
            }
        }
        // The test can fail: a dropped placeholder is found.
        XCTAssertNotEqual(MessageCatalogueTests.placeholders(#""a \(x) b \(y)""#), MessageCatalogueTests.placeholders(#""a \(x)""#))
    }

    /// Each `.init(` of the catalogue with the member it is in and its string literals (as written).
    static func initCalls(in text: String) -> [(member: String, strings: [String])] {
        let chars = Array(text)
        var out: [(String, [String])] = []
        var member = ""
        var i = 0
        func literal(_ start: Int) -> Int {
            // From an opening quote to after its closing one, past interpolations and the strings in them.
            var j = start + 1
            while j < chars.count {
                if chars[j] == "\\" {
                    if j + 1 < chars.count, chars[j + 1] == "(" {
                        var depth = 1
                        j += 2
                        while j < chars.count, depth > 0 {
                            if chars[j] == "\"" { j = literal(j); continue }
                            if chars[j] == "(" { depth += 1 } else if chars[j] == ")" { depth -= 1 }
                            j += 1
                        }
                        continue
                    }
                    j += 2
                    continue
                }
                if chars[j] == "\"" { return j + 1 }
                j += 1
            }
            return j
        }
        while i < chars.count {
            if chars[i] == "s", String(chars[i..<min(i + 7, chars.count)]) == "static " {
                let rest = String(chars[i..<min(i + 120, chars.count)])
                let words = rest.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
                if words.count >= 3, words[1] == "var" || words[1] == "func" { member = String(words[2]) }
            }
            if chars[i] == ".", String(chars[i..<min(i + 6, chars.count)]) == ".init(" {
                var j = i + 6, strings: [String] = [], depth = 1
                while j < chars.count, depth > 0 {
                    if chars[j] == "\"" {
                        let end = literal(j)
                        if depth == 1 { strings.append(String(chars[j..<end])) }
                        j = end
                        continue
                    }
                    if chars[j] == "(" { depth += 1 } else if chars[j] == ")" { depth -= 1 }
                    j += 1
                }
                // `.init(text, ko: text)`: a message passed through as it was said.
                if strings.isEmpty { strings = ["", ""] }
                out.append((member, strings))
                i = j
                continue
            }
            i += 1
        }
        return out
    }

    /// The plain placeholders of a literal (`\(name)`), sorted.
    static func placeholders(_ literal: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"\\\(([A-Za-z_][A-Za-z0-9_]*)\)"#)
        return regex.matches(in: literal, range: NSRange(literal.startIndex..., in: literal)).map { (literal as NSString).substring(with: $0.range(at: 1)) }.sorted()
    }
}
