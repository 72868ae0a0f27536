import XCTest
@testable import LedgerCore

/// A journal's own patterns share one bound of work (`PatternWork`): one
/// pattern over one name is linear, but N automated transactions or aliases
/// over N names grew with the square of the file (150 KB took 22 s).
final class PatternWorkTests: XCTestCase {
    func testARegexTakesItsWorkAndSaysNoWhenItRunsOut() throws {
        let regex = try LinearRegex("a.a.b")
        var work = 1_000
        XCTAssertTrue(regex.matches("xxaxaxb", work: &work))
        // At least one state a character read before the match.
        XCTAssertLessThanOrEqual(work, 1_000 - 6)
        var little = 3
        XCTAssertFalse(regex.matches("xxxxxxxxaxaxb", work: &little), "a text it matches, but the work ran out first")
        XCTAssertLessThan(little, 0)
        // A replacement leaves the text as it is when the work runs out.
        var enough = 1_000, none = 2
        XCTAssertEqual(regex.replacingMatches(in: "xxaxaxb", work: &enough) { _ in "Y" }, "xxY")
        XCTAssertEqual(regex.replacingMatches(in: "xxaxaxb", work: &none) { _ in "Y" }, "xxaxaxb")
    }

    /// `n` long account names, each in a transaction of its own.
    func longNames(_ n: Int) -> String {
        (0..<n).map { "2025-01-02 t\($0)\n    Expenses:\(String(repeating: "a", count: 100))\($0)  1 USD\n    Assets:Cash\n\n" }.joined()
    }

    func compiled(_ text: String, steps: Int) -> Compilation {
        var options = CompileOptions(today: CivilDate.parse("2025-12-31"))
        options.mostPatternSteps = steps
        return compile([InputFile(path: "t.ledger", bytes: Array(text.utf8))], until: CivilDate.parse("2025-12-31")!, options: options)
    }

    func line(_ location: SourceLocation?, in text: String) -> Int? {
        location.map { text.utf8.prefix(Int($0.offset)).filter { $0 == 10 }.count + 1 }
    }

    func testAutomatedTransactionsStopWhereTheirPatternsRunOut() {
        var text = "= food\n    (Budget:Food)  *-1\n\n"
        for k in 0..<30 { text += "= a.a.a.a.a.a.a.a.a.a.a.a.z\(k)\n    (Budget:Other)  *-1\n\n" }
        text += "2025-01-01 lunch\n    Expenses:Food  10 USD\n    Assets:Cash\n\n" + longNames(30)
        let bounded = compiled(text, steps: 200_000)
        let errors = bounded.diagnostics.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.id), ["automatedPatternsTooSlow"])
        let at = line(errors.first?.location, in: text) ?? 0
        // At a rule of the thirty (lines 4, 7, ...), not the first.
        XCTAssertTrue(at > 4 && at <= 4 + 3 * 29 && (at - 4) % 3 == 0, "line \(at)")
        // From then on no rule applies: it ran out before any transaction.
        XCTAssertEqual(bounded.ledger.ordered.first { $0.description == "lunch" }?.postings.count, 2)
        // With the default bound nothing runs out, and nothing else changes.
        let free = compileText(text)
        XCTAssertEqual(free.diagnostics.errorCount, 0, "\(free.diagnostics.diagnostics.map(\.message))")
        XCTAssertEqual(free.ledger.ordered.first { $0.description == "lunch" }?.postings.count, 3)
    }

    func testAliasesStopWhereTheirPatternsRunOut() {
        var text = "alias food = Expenses:Food\n"
        for k in 0..<30 { text += "alias /a.a.a.a.a.a.a.a.a.a.z\(k)/ = X\n" }
        text += "alias /^assets:(cash|bank)$/ = Assets:Wallet\n\n" + longNames(30)
        text += "2025-01-03 lunch\n    food  10 USD\n    Assets:Bank\n"
        let bounded = compiled(text, steps: 100_000)
        let errors = bounded.diagnostics.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(errors.map(\.id), ["aliasPatternsTooSlow"])
        // At a posting's account, among the long names (after the 32 alias lines and the blank one).
        let at = line(errors.first?.location, in: text) ?? 0
        XCTAssertGreaterThan(at, 33)
        let accounts = bounded.ledger.journal.accounts
        let names = Set((0..<Int32(accounts.count)).map { accounts[$0] })
        // Before it ran out, `Assets:Cash` was aliased (and stays so); after
        // it, no alias applies to a new name (`Assets:Bank`, `food`).
        XCTAssertTrue(names.contains("Assets:Wallet"))
        XCTAssertFalse(names.contains("Assets:Cash"))
        XCTAssertTrue(names.contains("Assets:Bank"))
        XCTAssertTrue(names.contains("food"))
        XCTAssertFalse(names.contains("Expenses:Food"))
        // With the default bound: every alias applies, no error.
        let free = compileText(text)
        XCTAssertEqual(free.diagnostics.errorCount, 0, "\(free.diagnostics.diagnostics.map(\.message))")
        let freeNames = Set((0..<Int32(free.ledger.journal.accounts.count)).map { free.ledger.journal.accounts[$0] })
        XCTAssertFalse(freeNames.contains("Assets:Bank"))
        XCTAssertTrue(freeNames.contains("Expenses:Food"))
    }
}

/// A name finds the aliases that may rename it by their old names (and
/// its parents'), not by asking every alias: 20,000 aliases over 20,000
/// names took 11 s. The aliases still apply one after the other, the most
/// recent first, each to what the one before made.
final class AliasIndexTests: XCTestCase {
    /// Every alias asked in turn, as before the index: the model.
    func model(_ name: String, _ aliases: [(old: String, new: String)]) -> String {
        var name = name
        for alias in aliases.reversed() {
            if let regex = alias.old.count >= 2 && alias.old.hasPrefix("/") && alias.old.hasSuffix("/") ? try? LinearRegex(String(alias.old.dropFirst().dropLast())) : nil {
                name = regex.replacingMatches(in: name) { groups in JournalParser.expand(alias.new, groups) }
            } else if name == alias.old {
                name = alias.new
            } else if name.hasPrefix(alias.old + ":") {
                name = alias.new + name.dropFirst(alias.old.count)
            }
        }
        return name
    }

    func testChainsParentsAndPatternsRenameAsEveryAliasInTurnWould() {
        var generator = SystemRandomNumberGenerator()
        let words = ["a", "b", "c", "a:b", "b:c", "a:b:c", "c:a", "x"]
        for round in 0..<40 {
            var aliases: [(old: String, new: String)] = []
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let old = Int.random(in: 0..<5, using: &generator) == 0 ? "/^\(words.randomElement(using: &generator)!)/" : words.randomElement(using: &generator)!
                aliases.append((old, words.randomElement(using: &generator)!))
            }
            var text = aliases.map { "alias \($0.old) = \($0.new)\n" }.joined()
            let names = (0..<12).map { _ in (1...3).map { _ in words.randomElement(using: &generator)! }.joined(separator: ":") }
            for (k, name) in names.enumerated() { text += "2025-01-01 t\(k)\n    \(name)  1 USD\n    cash\n\n" }
            let result = compileText(text)
            let got = Array(result.ledger.ordered.map { result.ledger.journal.accounts[$0.postings[0].account] })
            XCTAssertEqual(got, names.map { model($0, aliases) }, "round \(round):\n\(text)")
        }
    }
}

/// `apply account` prefixes are joined once, as they come, and bounded:
/// 5,000 nested ones over 5,000 postings (400 KB) took 18 s and 574 MB,
/// each name built prefix by prefix and interned with 5,000 levels.
final class AccountPrefixBoundTests: XCTestCase {
    func testNestedPrefixesJoinAndEndInOrder() {
        let text = """
            apply account a
            apply account b:c
            2025-01-01 x
                d  1 USD
                e
            end apply account
            2025-01-02 y
                d  1 USD
                e
            end apply
            2025-01-03 z
                d  1 USD
                e

            """
        let result = compileText(text)
        XCTAssertEqual(result.diagnostics.errorCount, 0)
        let names = Array(result.ledger.ordered.map { t in t.postings.map { result.ledger.journal.accounts[$0.account] } })
        XCTAssertEqual(names, [["a:b:c:d", "a:b:c:e"], ["a:d", "a:e"], ["d", "e"]])
    }

    func testPrefixesPastTheBoundAreNotAppliedButStillEnd() {
        // 120 levels nested: 99 apply, the rest are refused (a name in their scope would pass 100 levels); each end still pops one.
        var text = (0..<120).map { "apply account p\($0)\n" }.joined()
        text += "2025-01-01 x\n    d  1 USD\n    e\n\n"
        text += String(repeating: "end apply account\n", count: 119)
        text += "2025-01-02 y\n    d  1 USD\n    e\n"
        let result = compileText(text)
        let errors = result.diagnostics.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(Set(errors.map(\.id)), ["accountPrefixTooLong"])
        XCTAssertEqual(errors.count, 120 - 99)
        let names = Array(result.ledger.ordered.map { t in result.ledger.journal.accounts[t.postings[0].account] })
        XCTAssertEqual(names.first, (0..<99).map { "p\($0)" }.joined(separator: ":") + ":d")
        XCTAssertEqual(names.last, "p0:d", "119 ends leave the first prefix")
        // A prefix of more than 1,000 bytes is refused too.
        let long = compileText("apply account \(String(repeating: "x", count: 1_001))\n2025-01-01 x\n    d  1 USD\n    e\n")
        XCTAssertEqual(long.diagnostics.diagnostics.map(\.id), ["accountPrefixTooLong"])
        XCTAssertEqual(long.ledger.journal.accounts[long.ledger.ordered.first!.postings[0].account], "d")
    }
}

/// `--strict` suggests a declared account for an undeclared one; each
/// suggestion compares the name with every declared one, so only the errors
/// shown get one (10,000 of 10,000 declared: 5.8 s, for errors never shown).
final class SuggestionBoundTests: XCTestCase {
    func testOnlyTheErrorsShownGetADeclaredAccountSuggested() {
        let n = 150
        var text = "commodity USD\n" + (0..<n).map { "account Expenses:Shop\($0)\n" }.joined()
        text += (0..<n).map { "2025-01-01 x\n    Expenses:Shoq\($0)  1 USD\n    Expenses:Shop0\n\n" }.joined()
        let result = compileText(text, strict: true)
        let errors = result.diagnostics.diagnostics.filter { $0.severity == .error }
        XCTAssertEqual(result.diagnostics.errorCount, n)
        XCTAssertEqual(errors.count, result.diagnostics.limit)
        // Every error kept has its suggestion, the nearest declared name.
        XCTAssertTrue(errors.allSatisfy { $0.notes.first?.message.hasPrefix("did you mean 'Expenses:Shop") == true })
        XCTAssertEqual(errors.first?.notes.first?.message, "did you mean 'Expenses:Shop0'?")
    }
}
