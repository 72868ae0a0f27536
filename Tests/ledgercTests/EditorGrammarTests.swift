import Foundation
import XCTest

/// The VS Code extension's TextMate grammar: valid, and it splits lines as
/// Grammar/ledger.ebnf does (an account ends at two spaces or a tab).
final class EditorGrammarTests: XCTestCase {
    private func grammar() throws -> [String: Any] {
        let url = repositoryRoot.appendingPathComponent("editors/vscode/syntaxes/ledger.tmLanguage.json")
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    private func captures(_ rule: String, _ line: String) throws -> [String?] {
        let repository = try XCTUnwrap(grammar()["repository"] as? [String: Any])
        let pattern = try XCTUnwrap((repository[rule] as? [String: Any])?["match"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        let text = line as NSString
        guard let m = regex.firstMatch(in: line, range: NSRange(location: 0, length: text.length)) else { return [] }
        return (0..<m.numberOfRanges).map { i in m.range(at: i).location == NSNotFound ? nil : text.substring(with: m.range(at: i)) }
    }

    func testEveryPatternCompiles() throws {
        var count = 0
        func walk(_ value: Any) throws {
            if let object = value as? [String: Any] {
                for (key, v) in object {
                    if ["match", "begin", "end"].contains(key), let pattern = v as? String {
                        _ = try NSRegularExpression(pattern: pattern)
                        count += 1
                    } else {
                        try walk(v)
                    }
                }
            } else if let array = value as? [Any] {
                for v in array { try walk(v) }
            }
        }
        try walk(grammar())
        XCTAssertGreaterThan(count, 10)
    }

    func testPostingsSplitAtTwoSpacesOrATab() throws {
        XCTAssertEqual(try captures("posting", "    지출:식비  4,500 KRW")[3], "지출:식비")
        XCTAssertEqual(try captures("posting", "    지출:식비  4,500 KRW")[5], "4,500 KRW")
        XCTAssertEqual(try captures("posting", "    Assets:My Bank\t$5 ; note")[3], "Assets:My Bank")
        XCTAssertEqual(try captures("posting", "    (Budget:Food)  -10 USD = 0")[3], "Budget:Food")
        // One space: the amount is part of the name, as ledgerc reads it (and warns).
        XCTAssertEqual(try captures("posting", "    지출:식비 4,500 KRW")[3], "지출:식비 4,500 KRW")
    }

    func testHeadersAndRules() throws {
        let header = try captures("transaction-header", "2025-01-05 * (123) 마트 | 장보기 ; tag: x")
        XCTAssertEqual(Array(header.dropFirst()), ["2025-01-05", nil, "*", "(123)", "마트", "|", "장보기", "; tag: x"])
        let rule = try captures("repeat-rule", "repeat monthly from 2025-01-25  월급")
        XCTAssertEqual(rule[2], "monthly")
        XCTAssertEqual(rule[4], "2025-01-25")
        XCTAssertEqual(rule[9], "월급")
    }
}
