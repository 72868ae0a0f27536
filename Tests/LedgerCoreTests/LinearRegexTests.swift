import XCTest
@testable import LedgerCore

/// `LinearRegex` (issue 44): the patterns of rules, queries and aliases match
/// in linear time, with the answers a backtracking engine gives.
final class LinearRegexTests: XCTestCase {
    func testMatchesAndGroups() throws {
        XCTAssertTrue(try LinearRegex("amazon.*prime").matches("AMAZON MKTP PRIME VIDEO"))
        XCTAssertFalse(try LinearRegex("^prime").matches("AMAZON PRIME"))
        XCTAssertTrue(try LinearRegex("스타벅스|커피").matches("스타벅스 강남"))
        XCTAssertTrue(try LinearRegex("^expenses:food$").matches("Expenses:Food"))
        XCTAssertTrue(try LinearRegex("\\d{3}-\\d{4}").matches("tel 555-1234"))
        XCTAssertFalse(try LinearRegex("\\bcat\\b").matches("concatenate"))
        XCTAssertTrue(try LinearRegex("[[:upper:]]x[^0-9]").matches("ax!"), "case-insensitive classes")
        XCTAssertFalse(try LinearRegex("A", caseInsensitive: false).matches("a"))
        let m = try XCTUnwrap(try LinearRegex("(a+)(b*)").firstMatch(in: "xxaaabbc"))
        XCTAssertEqual(m.groups.map { $0.map { [$0.lowerBound, $0.upperBound] } }, [[2, 7], [2, 5], [5, 7]])
        let lazy = try XCTUnwrap(try LinearRegex("<(.+?)>").firstMatch(in: "<a><b>"))
        XCTAssertEqual(lazy.groups[1], 1..<2)
        // An alias's replacement: every match, groups as \1.
        let alias = try LinearRegex("^assets:(\\w+)")
        XCTAssertEqual(alias.replacingMatches(in: "Assets:Checking:Main") { "A:" + String($0[1] ?? "") }, "A:Checking:Main")
        XCTAssertEqual(try LinearRegex("x*").replacingMatches(in: "abc") { _ in "-" }, "-a-b-c-")
    }

    func testWhatCannotBeLinearIsASyntaxError() {
        for (pattern, says) in [("(a)\\1", "backreferences"), ("a(?=b)", "lookaround"), ("a(?!b)", "lookaround"), ("(?<=a)b", "lookaround"),
                                ("a++", "possessive"), ("(ab", "missing ')'"), ("ab)", "unbalanced"), ("[b-a]", "backwards"), ("*a", "nothing to repeat"),
                                ("(a{1000}){1000}", "too large")] {
            XCTAssertThrowsError(try LinearRegex(pattern), pattern) { error in
                XCTAssertTrue((error as? LinearRegex.SyntaxError)?.message.contains(says) == true, "\(pattern): \(error)")
            }
        }
    }

    /// The patterns that hung the old engine: a backtracking matcher takes
    /// seconds to minutes on these (8 s and 20 s); these finish in a blink
    /// (no timing is asserted: a hang would stop the suite).
    func testPathologicalPatternsFinish() throws {
        let field = String(repeating: "AMAZON MARKETPLACE ", count: 75)
        XCTAssertFalse(try LinearRegex(".*AMAZON.*PRIME").matches(field))
        XCTAssertFalse(try LinearRegex("^(a+)+$").matches(String(repeating: "a", count: 22) + "!"))
        XCTAssertFalse(try LinearRegex("(x+x+)+y").matches(String(repeating: "x", count: 5000)))
        XCTAssertTrue(try LinearRegex("(a|aa)*b").matches(String(repeating: "a", count: 10000) + "b"))
    }

    /// Against Swift's backtracking `Regex` on thousands of random small
    /// patterns and texts: the same yes or no, and the same leftmost match
    /// (see `LinearRegex` for the one corner where its end may differ).
    func testAgreesWithABacktrackingEngine() throws {
        var r = SeededRandom(seed: 4401)
        func atom(_ depth: Int) -> String {
            switch r.below(depth > 2 ? 5 : 8) {
            case 0: return "a"
            case 1: return "b"
            case 2: return "."
            case 3: return ["[ab]", "[^a]", "[a-c]", "\\w", "B"][r.below(5)]
            case 4: return "c"
            case 5: return "(" + pattern(depth + 1) + ")"
            case 6: return "(?:" + pattern(depth + 1) + "|" + pattern(depth + 1) + ")"
            default: return "(" + pattern(depth + 1) + ")"
            }
        }
        func pattern(_ depth: Int) -> String {
            var out = r.chance(10) ? "^" : ""
            for _ in 0..<(1 + r.below(3)) {
                out += atom(depth)
                if r.chance(40) { out += ["*", "+", "?", "{1,2}", "{2}", "*?", "+?", "??"][r.below(8)] }
            }
            if r.chance(10) { out += "$" }
            return out
        }
        var checked = 0, matched = 0
        for _ in 0..<1500 {
            let p = pattern(0)
            let ours = try LinearRegex(p)
            let theirs = try Regex(p).ignoresCase()
            for _ in 0..<6 {
                let text = String((0..<r.below(8)).map { _ in ["a", "b", "c", "A", "B", "d"][r.below(6)] })
                let theirMatch = try theirs.firstMatch(in: text)
                let ourMatch = ours.firstMatch(in: text)
                XCTAssertEqual(ours.matches(text), theirMatch != nil, "/\(p)/ on '\(text)'")
                // Where a match ends may differ when a quantified group can match
                // nothing (an empty pass ends a backtracking loop; RE2 differs the same way).
                let quantifiedGroup = [")*", ")+", ")?", "){"].contains { p.contains($0) }
                if let t = theirMatch, let o = ourMatch?.groups[0], !quantifiedGroup {
                    let lower = text.unicodeScalars.distance(from: text.startIndex, to: t.range.lowerBound)
                    let upper = text.unicodeScalars.distance(from: text.startIndex, to: t.range.upperBound)
                    XCTAssertEqual(o, lower..<upper, "/\(p)/ on '\(text)'")
                    matched += 1
                }
                checked += 1
            }
        }
        XCTAssertEqual(checked, 9000)
        XCTAssertGreaterThan(matched, 1500)
    }
}

/// Nested counts multiply; a part that emits nothing repeated is nothing (a fuzz finding).
final class LinearRegexBoundsTests: XCTestCase {
    func testNestedCountsEndQuickly() throws {
        let pattern = "[*.]}{2}{355}{0}{35}{22}{352}{22}{352}r.35}"
        let regex = try LinearRegex(pattern)
        XCTAssertTrue(regex.matches(".r135}"), "the counted part is nothing: [*.] then r.35}")
        XCTAssertFalse(regex.matches("r135}"))
        XCTAssertThrowsError(try LinearRegex("a{1000}{1000}"), "too large is an error, not a hang")
        XCTAssertTrue(try LinearRegex("(?:){1000}{1000}{1000}x").matches("x"))
        // Issue 56: 10,000 steps matched over a megabyte of names took minutes; past 1,000 it is refused, naming the bound.
        XCTAssertThrowsError(try LinearRegex("(((a{10}){10}){10}){10}")) { error in
            XCTAssertTrue((error as? LinearRegex.SyntaxError)?.message.contains("past 1000 steps") == true, "\(error)")
        }
        let largest = try LinearRegex("(?:(?:a{10}){10}){9}")
        XCTAssertTrue(largest.matches(String(repeating: "a", count: 900)))
        XCTAssertFalse(largest.matches(String(repeating: "a", count: 899)))
        XCTAssertEqual(largest.replacingMatches(in: "x" + String(repeating: "a", count: 901)) { _ in "Y" }, "xYa")
    }
}
