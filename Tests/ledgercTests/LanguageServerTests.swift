import Foundation
import XCTest

/// Whole sessions of `ledgerc lsp`, driven over pipes as an editor drives it.
final class LanguageServerTests: XCTestCase {
    /// A Korean household journal: the number after `지출:식비` is ambiguous (an error).
    static let household = """
    account 자산:은행
    account 지출:식비
    account 수입:월급

    2025-01-05 마트
        지출:식비  4,50 KRW
        자산:은행

    2025-01-25 월급
        자산:은행  3,000,000 KRW
        수입:월급

    """

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func uri(_ name: String) -> String { directory.appendingPathComponent(name).absoluteURL.absoluteString }

    func testDiagnosticsCountUTF16UnitsAndClearWhenFixed() throws {
        let client = try LanguageServerClient()
        let capabilities = try client.start()
        XCTAssertEqual(capabilities["positionEncoding"] as? String, "utf-16")
        let doc = uri("household.ledger")
        try client.open(doc, Self.household)
        let diagnostics = try client.diagnostics(for: doc)
        XCTAssertEqual(diagnostics.count, 1)
        let d = try XCTUnwrap(diagnostics.first)
        XCTAssertEqual(d["code"] as? String, "ambiguousNumber")
        XCTAssertEqual(d["severity"] as? Int, 1)
        // Four spaces, five Korean characters (one UTF-16 unit each), two spaces.
        XCTAssertEqual(start(of: d["range"])?.0, 5)
        XCTAssertEqual(start(of: d["range"])?.1, 11)
        // Fix it with an incremental edit: "4,50" becomes "4,500".
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": doc, "version": 2],
            "contentChanges": [["range": ["start": position(5, 15), "end": position(5, 15)], "text": "0"]],
        ])
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        // Break it again with a full-text change: the transaction no longer balances.
        let unbalanced = Self.household.replacingOccurrences(of: "4,50 KRW\n    자산:은행\n", with: "4,500 KRW\n    자산:은행  -4,000 KRW\n")
        try client.notify("textDocument/didChange", ["textDocument": ["uri": doc, "version": 3], "contentChanges": [["text": unbalanced]]])
        let again = try client.diagnostics(for: doc)
        XCTAssertEqual(again.first?["code"] as? String, "doesNotBalance")
        let related = try XCTUnwrap((again.first?["relatedInformation"] as? [[String: Any]])?.first)
        XCTAssertEqual(start(of: (related["location"] as? [String: Any])?["range"])?.1, 11)
        // Its quick fix sets the last amount to what balances.
        let actions = try XCTUnwrap(client.request("textDocument/codeAction", [
            "textDocument": ["uri": doc], "range": ["start": position(4, 0), "end": position(4, 0)], "context": ["diagnostics": []],
        ])["result"] as? [[String: Any]])
        let edit = try XCTUnwrap(((actions.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[doc] as? [[String: Any]])
        XCTAssertEqual(edit.first?["newText"] as? String, "-4,500 KRW")
        XCTAssertEqual(start(of: edit.first?["range"])?.0, 6)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// A journal over 256 KB is checked in chunks kept between edits
    /// (`ChunkedJournal`): edits in its middle, typed one character at a
    /// time, get the diagnostics at the right places, in Korean too.
    func testALargeJournalCheckedInChunks() throws {
        var text = "account 자산:은행\n\n"
        for i in 0..<4000 {
            text += "2025-\(String(format: "%02d", 1 + i % 12))-\(String(format: "%02d", 1 + i % 28)) 마트 \(i)\n    지출:식비  \(1000 + i) KRW\n    자산:은행\n\n"
        }
        XCTAssertGreaterThan(text.utf8.count, 256 << 10)
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("large.ledger")
        try client.open(doc, text)
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        // Transaction 2000's posting: type " 5" after its amount, one character at a time: "3000 KRW 5" is an error.
        let line = 2 + 2000 * 4 + 1
        let end = "    지출:식비  3000 KRW".utf16.count
        var version = 1
        for (k, c) in [" ", "5"].enumerated() {
            version += 1
            try client.notify("textDocument/didChange", [
                "textDocument": ["uri": doc, "version": version],
                "contentChanges": [["range": ["start": position(line, end + k), "end": position(line, end + k)], "text": c]],
            ])
            let diagnostics = try client.diagnostics(for: doc)
            if k == 1 {
                XCTAssertEqual(diagnostics.count, 1, "\(diagnostics)")
                XCTAssertEqual(start(of: diagnostics.first?["range"])?.0, line)
            }
        }
        // A line break typed at the start of an earlier transaction moves the error one line down.
        version += 1
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": doc, "version": version],
            "contentChanges": [["range": ["start": position(2 + 1000 * 4, 0), "end": position(2 + 1000 * 4, 0)], "text": "\n"]],
        ])
        let moved = try client.diagnostics(for: doc)
        XCTAssertEqual(moved.count, 1, "\(moved)")
        XCTAssertEqual(start(of: moved.first?["range"])?.0, line + 1)
        // Deleting the typed " 5" fixes it.
        version += 1
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": doc, "version": version],
            "contentChanges": [["range": ["start": position(line + 1, end), "end": position(line + 1, end + 2)], "text": ""]],
        ])
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Completion after an edit ranks by the last whole compile while a newer
    /// one runs on its own thread: what was typed on the line being edited
    /// never counts, and a name typed elsewhere is offered once that compile is done.
    func testCompletionWhileTheLedgerCompilesAgain() throws {
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("typing.ledger")
        var text = "2025-01-01 a\n    Expenses:Food  5 USD\n    Assets:Cash\n\n2025-01-02 b\n    Expenses:Fuel  5 USD\n    Assets:Cash\n\n"
        try client.open(doc, text)
        _ = try client.diagnostics(for: doc)
        XCTAssertEqual(try client.completionLabels(doc, 1, 14), ["Expenses:Fuel"], "the line's own account does not count")
        // A new transaction typed at the end, its account one character at a time.
        text += "2025-01-03 c\n    \n"
        var version = 2
        try client.notify("textDocument/didChange", ["textDocument": ["uri": doc, "version": version], "contentChanges": [["text": text]]])
        for (k, c) in "Expenses:Fo".enumerated() {
            version += 1
            try client.notify("textDocument/didChange", [
                "textDocument": ["uri": doc, "version": version],
                "contentChanges": [["range": ["start": position(9, 4 + k), "end": position(9, 4 + k)], "text": String(c)]],
            ])
            let labels = try client.completionLabels(doc, 9, 5 + k)
            XCTAssertFalse(labels.contains { $0.hasPrefix("E") && !["Expenses:Food", "Expenses:Fuel"].contains($0) }, "typed text offered: \(labels)")
        }
        // Typed on, and read by a whole compile; then a line written above and the typed character taken back.
        version += 1
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": doc, "version": version],
            "contentChanges": [["range": ["start": position(9, 15), "end": position(9, 15)], "text": "x"]],
        ])
        _ = try client.diagnostics(for: doc)
        _ = try client.completionLabels(doc, 9, 16)
        usleep(300_000)
        _ = try client.completionLabels(doc, 9, 16)
        version += 1
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": doc, "version": version],
            "contentChanges": [
                ["range": ["start": position(0, 0), "end": position(0, 0)], "text": "; a comment line, longer than the line being typed\n"],
                ["range": ["start": position(10, 15), "end": position(10, 16)], "text": ""],
            ],
        ])
        _ = try client.diagnostics(for: doc)
        let labels = try client.completionLabels(doc, 10, 15)
        XCTAssertFalse(labels.contains("Expenses:Fox"), "typed text offered: \(labels)")
        // A name typed on another line: offered once the whole compile of that text is done.
        version += 1
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": doc, "version": version],
            "contentChanges": [["range": ["start": position(10, 15), "end": position(10, 15)], "text": "rest  1 USD\n    Assets:Cash\n\n2025-01-04 d\n    Expenses:F"]],
        ])
        var offered: [String] = []
        for _ in 0..<50 {
            offered = try client.completionLabels(doc, 14, 14)
            if offered.contains("Expenses:Forest") { break }
            usleep(100_000)
        }
        XCTAssertTrue(offered.contains("Expenses:Forest"), "\(offered)")
        XCTAssertEqual(try client.stop(), 0)
    }

    func testUTF8PositionsWhenTheClientOffersThem() throws {
        let client = try LanguageServerClient()
        let capabilities = try client.start(positionEncodings: ["utf-8", "utf-16"])
        XCTAssertEqual(capabilities["positionEncoding"] as? String, "utf-8")
        let doc = uri("household.ledger")
        try client.open(doc, Self.household)
        let d = try XCTUnwrap(client.diagnostics(for: doc).first)
        // Four spaces, 13 bytes of `지출:식비`, two spaces.
        XCTAssertEqual(start(of: d["range"])?.1, 19)
        XCTAssertEqual(try client.stop(), 0)
    }

    func testCompletionMatchesAnySegmentAndRanksByUse() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("budget.ledger")
        let text = """
        2025-01-05 Grocer
            Expenses:Food  $10
            Assets:Bank

        2025-01-06 Grocer
            Expenses:Food  $12
            Assets:Bank

        2025-01-07 Cafe
            Expenses:Fun  $3
            Assets:Bank

        2025-01-08 Gr
            food
            지출:식
        """
        try client.open(doc, text)
        func labels(_ line: Int, _ character: Int) throws -> [String] { try client.completionLabels(doc, line, character) }
        // `food` finds Expenses:Food by its segment.
        XCTAssertEqual(try labels(13, 8), ["Expenses:Food"])
        // At the start of a posting: every account, most used first.
        XCTAssertEqual(try labels(13, 4).prefix(3), ["Assets:Bank", "Expenses:Food", "Expenses:Fun"])
        // A payee after a date.
        XCTAssertEqual(try labels(12, 13), ["Grocer"])
        // Directive keywords in column 1.
        XCTAssertTrue(try labels(14, 0).contains("account"))
        XCTAssertEqual(try client.stop(), 0)
    }

    func testCompletionOfKoreanSegmentsAndCommodities() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("k.ledger")
        let text = Self.household.replacingOccurrences(of: "4,50", with: "4,500") + "2025-02-01 x\n    식비\n    지출:식비  100 K\n"
        try client.open(doc, text)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let last = lines.count - 2
        func labels(_ line: Int, _ character: Int) throws -> [String] { try client.completionLabels(doc, line, character) }
        XCTAssertEqual(try labels(last - 1, 6), ["지출:식비"])
        XCTAssertEqual(try labels(last, 16), ["KRW"])
        XCTAssertEqual(try client.stop(), 0)
    }

    func testHoverShowsBalancesAndInferredAmounts() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("k.ledger")
        try client.open(doc, Self.household.replacingOccurrences(of: "4,50", with: "4,500"))
        func hover(_ line: Int, _ character: Int) throws -> String {
            let result = try client.request("textDocument/hover", ["textDocument": ["uri": doc], "position": position(line, character)])
            return ((result["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        }
        let bank = try hover(6, 6)
        XCTAssertTrue(bank.contains("balance after this transaction: -4,500 KRW"), bank)
        XCTAssertTrue(bank.contains("balance at the end of the journal (2025-12-31): 2,995,500 KRW"), bank)
        XCTAssertTrue(bank.contains("inferred amount: -4,500 KRW"), bank)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// A hover on an amount in another commodity gives its worth in the
    /// journal's main currency at that day's price (reversed here: `P $ KRW`).
    func testHoverValuesAnAmountInTheMainCurrency() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("fx.ledger")
        let text = "P 2025-01-01 $ 1,450 KRW\nP 2025-02-01 $ 1,465 KRW\n\n2025-01-02 open\n    bank:krw  1,000,000 KRW\n    equity\n\n2025-01-05 x\n    bank:krw  -20,000 KRW\n    food\n\n2025-02-03 lunch abroad\n    food  $12.50\n    card\n"
        try client.open(doc, text)
        let result = try client.request("textDocument/hover", ["textDocument": ["uri": doc], "position": position(12, 15)])
        let hover = ((result["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(hover.contains("worth 18,312.5 KRW on 2025-02-03") || hover.contains("worth 18,313 KRW on 2025-02-03"), hover)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Automated transactions in the editor: an unbalanced rule is a
    /// diagnostic at the rule; a hover on it says what it adds and how often.
    func testAutomatedTransactionsHoverAndDiagnostics() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("auto.ledger")
        let text = "= expenses:food\n    (envelope:food)  *-1\n\n2025-01-05 Grocer\n    Expenses:Food    $10\n    Assets:Bank\n\n2025-01-06 Grocer\n    Expenses:Food    $12\n    Assets:Bank\n"
        try client.open(doc, text)
        let result = try client.request("textDocument/hover", ["textDocument": ["uri": doc], "position": position(0, 3)])
        let hover = ((result["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(hover.contains("`= expenses:food`"), hover)
        XCTAssertTrue(hover.contains("envelope:food × -1 of the matched amount"), hover)
        XCTAssertTrue(hover.contains("matched 2 postings in 2 transactions"), hover)
        let unbalanced = uri("unbalanced.ledger")
        try client.open(unbalanced, "= food\n    budget  *-1\n\n2025-01-05 x\n    food  $10\n    cash\n")
        let diagnostics = try client.diagnostics(for: unbalanced)
        XCTAssertTrue(diagnostics.contains { ($0["message"] as? String)?.contains("adds do not balance") == true }, "\(diagnostics)")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// CSV rules and a statement beside them get what `ledgerc import` would
    /// say, at their line; a journal's diagnostics do not reach them.
    func testRulesAndStatementsGetImportDiagnostics() throws {
        let client = try LanguageServerClient()
        try client.start()
        let rules = uri("bank.csv.rules"), csv = uri("bank.csv")
        try client.open(rules, "skip 1\nfields date, description, amount\naccount1 Assets:Bank\ntimezone +0900\n")
        let problems = try client.diagnostics(for: rules)
        XCTAssertEqual(problems.count, 1, "\(problems)")
        XCTAssertEqual(problems.first?["message"] as? String, "ledgerc does not read the rules directive 'timezone'")
        XCTAssertEqual(start(of: problems.first?["range"])?.0, 3)
        try client.notify("textDocument/didChange", ["textDocument": ["uri": rules, "version": 2],
                                                     "contentChanges": [["text": "skip 1\nfields date, description, amount\naccount1 Assets:Bank\naccount2 Expenses:Unknown\n"]]])
        XCTAssertEqual(try client.diagnostics(for: rules).count, 0)
        try client.open(csv, "date,description,amount\n2025-03-02,coffee,-4.50\n2025-13-02,tea,-3.00\n")
        let rows = try client.diagnostics(for: csv)
        XCTAssertEqual(rows.count, 1, "\(rows)")
        XCTAssertTrue((rows.first?["message"] as? String)?.contains("'2025-13-02' does not match the date format") == true, "\(rows)")
        XCTAssertEqual(start(of: rows.first?["range"])?.0, 2)
        XCTAssertEqual(try client.stop(), 0)
    }

    func testFormattingAndNoEditsWithErrors() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("f.ledger")
        try client.open(doc, "2025-01-05 Grocer\n  Expenses:Food    $10\n  Assets:Bank\n")
        let result = try client.request("textDocument/formatting", ["textDocument": ["uri": doc], "options": ["tabSize": 4, "insertSpaces": true]])
        let edits = try XCTUnwrap(result["result"] as? [[String: Any]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["newText"] as? String, "    Expenses:Food  $10\n    Assets:Bank\n")
        XCTAssertEqual(start(of: edits.first?["range"])?.0, 1)
        let broken = uri("broken.ledger")
        try client.open(broken, Self.household)
        let none = try client.request("textDocument/formatting", ["textDocument": ["uri": broken], "options": ["tabSize": 4, "insertSpaces": true]])
        XCTAssertEqual((none["result"] as? [Any])?.count, 0)
        XCTAssertEqual(try client.stop(), 0)
    }

    func testDefinitionsAndIncludedFiles() throws {
        let accounts = directory.appendingPathComponent("accounts.ledger")
        try "account Assets:Bank\naccount Expenses:Food\n".write(to: accounts, atomically: true, encoding: .utf8)
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("main.ledger")
        try client.open(doc, "include accounts.ledger\n\n2025-01-05 Grocer\n    Expenses:Food  $10\n    Assets:Bank\n")
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        func definition(_ line: Int, _ character: Int) throws -> (String?, Int?) {
            let result = try client.request("textDocument/definition", ["textDocument": ["uri": doc], "position": position(line, character)])
            let location = result["result"] as? [String: Any]
            return (location?["uri"] as? String, start(of: location?["range"])?.0)
        }
        let include = try definition(0, 10)
        XCTAssertEqual(include.0.map { URL(string: $0)!.resolvingSymlinksInPath().path }, accounts.resolvingSymlinksInPath().path)
        let account = try definition(4, 6)
        XCTAssertEqual(account.0.map { URL(string: $0)!.lastPathComponent }, "accounts.ledger")
        XCTAssertEqual(account.1, 0)
        // An error in the included file is published for that file, as open buffers see it.
        let included = accounts.absoluteURL.absoluteString
        try client.open(included, "account Assets:Bank\naccount Expenses:Food ; type: Nonsense\n")
        // (The empty list published when main.ledger was opened comes first.)
        XCTAssertEqual(try client.diagnostics(for: included).count, 0)
        let diagnostics = try client.diagnostics(for: included)
        XCTAssertEqual(diagnostics.first?["code"] as? String, "unknownAccountType")
        XCTAssertEqual(start(of: diagnostics.first?["range"])?.0, 1)
        XCTAssertEqual(try client.stop(), 0)
    }

    func testSymbolsAndOneSpaceQuickFix() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("s.ledger")
        try client.open(doc, "account Assets:Bank\n\n2025-01-05 * Grocer ; weekly\n    Expenses:Food 10 USD\n    Expenses:Fun\n    Assets:Bank  -10 USD\n\nrepeat monthly from 2025-01-25  Salary\n    Assets:Bank  $100\n    Income:Salary\n")
        let result = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": doc]])
        let names = (result["result"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["account Assets:Bank", "2025-01-05 Grocer", "repeat monthly from 2025-01-25  Salary"])
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": doc], "range": ["start": position(3, 0), "end": position(4, 0)], "context": ["diagnostics": []],
        ])["result"] as? [[String: Any]] ?? []
        let titles = actions.compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains("Separate the amount with two spaces"), "\(titles)")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// The household sample in Korean, through every feature an editor uses.
    func testHouseholdSampleInKorean() throws {
        let url = repositoryRoot.appendingPathComponent("samples/household.ledger")
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let client = try LanguageServerClient()
        try client.start()
        let doc = url.absoluteURL.absoluteString
        try client.open(doc, text)
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        // Symbols: the rules and transactions, by their own words.
        let symbols = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": doc]])["result"] as? [[String: Any]] ?? []
        let names = symbols.compactMap { $0["name"] as? String }
        XCTAssertTrue(names.contains("repeat monthly from 2025-01-25 shift before holiday  월급"), "\(names.prefix(30))")
        XCTAssertTrue(names.contains("2025-01-04 올리브영"))
        // Hover on the 월급 rule: what comes next after today (2025-12-31).
        let rule = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("repeat monthly from 2025-01-25 shift before holiday  월급") })
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": doc], "position": position(rule, 2)])
        let shown = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(shown.contains("next occurrences:\n- 2026-01-23\n- 2026-02-25\n- 2026-03-25"), shown)
        // The 25th of December is a declared holiday: the salary comes on the 24th.
        XCTAssertTrue(shown.contains("- 2025-12-24: not recorded (generated)"), shown)
        // Range formatting of one transaction: its amounts aligned, nothing else touched.
        let olive = try XCTUnwrap(lines.firstIndex(of: "2025-01-04 올리브영"))
        var misaligned = lines
        misaligned[olive + 1] = "  지출:생활용품     22,700 KRW"
        try client.notify("textDocument/didChange", ["textDocument": ["uri": doc, "version": 2], "contentChanges": [["text": misaligned.joined(separator: "\n")]]])
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        let edits = try client.request("textDocument/rangeFormatting", [
            "textDocument": ["uri": doc], "range": ["start": position(olive + 1, 0), "end": position(olive + 1, 0)],
            "options": ["tabSize": 4, "insertSpaces": true],
        ])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["newText"] as? String, "    지출:생활용품  22,700 KRW\n")
        XCTAssertEqual(start(of: edits.first?["range"])?.0, olive + 1)
        // A near miss of a declared account: a warning, and its quick fixes.
        var typo = lines
        typo[olive + 1] = "    지출:생활용풍  22,700 KRW"
        try client.notify("textDocument/didChange", ["textDocument": ["uri": doc, "version": 3], "contentChanges": [["text": typo.joined(separator: "\n")]]])
        let warning = try XCTUnwrap(client.diagnostics(for: doc).first)
        XCTAssertEqual(warning["code"] as? String, "undeclaredNear")
        XCTAssertEqual(warning["severity"] as? Int, 2)
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": doc], "range": ["start": position(olive + 1, 0), "end": position(olive + 1, 0)], "context": ["diagnostics": [warning]],
        ])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(actions.compactMap { $0["title"] as? String }, ["Change to '지출:생활용품'", "Declare 'account 지출:생활용풍'"])
        let declare = try XCTUnwrap(((actions.last?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[doc] as? [[String: Any]])
        // Before the file's first `account` directive.
        XCTAssertEqual(start(of: declare.first?["range"])?.0, try XCTUnwrap(lines.firstIndex { $0.hasPrefix("account ") }))
        XCTAssertEqual(try client.stop(), 0)
    }

    func testPricesAndGeneratedCommentsAndClosing() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("t.ledger")
        let text = """
        P 2025-03-01 AAPL $170.00
        P 2025-04-01 AAPL $180.50

        2025-02-01 Buy
            Assets:Broker  10 AAPL @ $150.00
            Assets:Cash

        repeat monthly from 2025-01-10  Rent
            Expenses:Rent  $1,000.00
            Assets:Cash

        2025-01-10 Rent
            ; generated: \(directory.appendingPathComponent("t.ledger").path):8 #0
            Expenses:Rent  $1,000.00
            Assets:Cash

        """
        try client.open(doc, text)
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": doc], "position": position(4, 23)])
        let shown = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        // The latest price, and what the posting's amount was worth that day (at its own cost).
        XCTAssertEqual(shown, "**AAPL**: latest price $180.50 on 2025-04-01\n\nworth $1,500.00 on 2025-02-01 ($, the journal's main currency, at that day's prices)")
        let definition = try client.request("textDocument/definition", ["textDocument": ["uri": doc], "position": position(12, 8)])
        XCTAssertEqual(start(of: (definition["result"] as? [String: Any])?["range"])?.0, 7)
        // Closing a document with errors clears its diagnostics.
        try client.notify("textDocument/didChange", ["textDocument": ["uri": doc, "version": 2], "contentChanges": [["text": "2025-13-01 x\n"]]])
        XCTAssertEqual(try client.diagnostics(for: doc).count, 1)
        try client.notify("textDocument/didClose", ["textDocument": ["uri": doc]])
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Issue 55: `(주)에프알엘코리아` read as code `주` is a warning whose
    /// quick fix writes `() ` before it; applied, the warning is gone.
    func testACompanyMarkCodeHasAQuickFix() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("co.ledger")
        try client.open(doc, "2025-06-10 (주)에프알엘코리아\n    지출:의류  39,900 KRW\n    자산:현금\n")
        let warning = try XCTUnwrap(client.diagnostics(for: doc).first)
        XCTAssertEqual(warning["code"] as? String, "companyMarkAsCode")
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": doc], "range": ["start": position(0, 0), "end": position(0, 0)], "context": ["diagnostics": [warning]],
        ])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(actions.compactMap { $0["title"] as? String }, ["Keep '(주)' in the description: write '() ' before it"])
        let edit = try XCTUnwrap((((actions.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[doc] as? [[String: Any]])?.first)
        XCTAssertEqual(edit["newText"] as? String, "() ")
        XCTAssertEqual(start(of: edit["range"])?.0, 0)
        try client.notify("textDocument/didChange", ["textDocument": ["uri": doc, "version": 2], "contentChanges": [["text": "2025-06-10 () (주)에프알엘코리아\n    지출:의류  39,900 KRW\n    자산:현금\n"]]])
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Issue 56: a range to line 2^63 - 1 trapped the server; it is the document's end.
    func testASemanticTokensRangeToTheLastLineThereIs() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("r.ledger")
        try client.open(doc, "2025-01-01 x\n    a  1 KRW\n    b\n")
        let r = try client.request("textDocument/semanticTokens/range", [
            "textDocument": ["uri": doc], "range": ["start": ["line": 0, "character": 0], "end": ["line": Int.max, "character": Int.max]],
        ])
        XCTAssertFalse(((r["result"] as? [String: Any])?["data"] as? [Any] ?? []).isEmpty, "\(r)")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Issue 56: journal text in a hover is text, never a live markdown link.
    func testHoverEscapesJournalMarkdown() throws {
        let client = try LanguageServerClient()
        try client.start()
        let doc = uri("h.ledger")
        try client.open(doc, "2025-01-01 x\n    a[click](command:evil)  1 KRW\n    b\n")
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": doc], "position": position(1, 6)])
        let shown = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(shown.hasPrefix("**a\\[click\\](command:evil)**"), shown)
        XCTAssertFalse(shown.contains("[click]("), shown)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Rename and references of an account (issue 49) across an included
    /// file: on `식비` in `지출:식비` the name is `지출:식비`, with its subaccounts.
    func testRenameAndReferencesAcrossIncludedFiles() throws {
        for name in ["main.ledger", "more.ledger"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Rename/\(name)"), to: directory.appendingPathComponent(name))
        }
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("main.ledger")
        try client.open(doc, try String(contentsOf: directory.appendingPathComponent("main.ledger"), encoding: .utf8))
        _ = try client.diagnostics(for: doc)
        let at = ["textDocument": ["uri": doc], "position": position(1, 12)] as [String: Any]
        let prepared = try client.request("textDocument/prepareRename", at)["result"] as? [String: Any]
        XCTAssertEqual(prepared?["placeholder"] as? String, "지출:식비")
        let references = try client.request("textDocument/references", at.merging(["context": ["includeDeclaration": true]]) { a, _ in a })["result"] as? [[String: Any]] ?? []
        // The two directives, the alias, the rule, the posting in main.ledger, the one in more.ledger.
        XCTAssertEqual(references.count, 6, "\(references)")
        XCTAssertEqual(references.filter { ($0["uri"] as? String)?.hasSuffix("more.ledger") == true }.count, 1)
        var renameParams = at
        renameParams["newName"] = "지출:음식"
        let edit = try client.request("textDocument/rename", renameParams)["result"] as? [String: Any]
        let changes = edit?["changes"] as? [String: [[String: Any]]] ?? [:]
        XCTAssertEqual(changes.keys.map { URL(string: $0)!.lastPathComponent }.sorted(), ["main.ledger", "more.ledger"])
        XCTAssertEqual(changes.values.flatMap { $0 }.count, 6)
        XCTAssertTrue(changes.values.flatMap { $0 }.allSatisfy { $0["newText"] as? String == "지출:음식" })
        // Semantic tokens: the `repeat` keyword and the dates (type numbers from the legend).
        let tokens = (try client.request("textDocument/semanticTokens/full", ["textDocument": ["uri": doc]])["result"] as? [String: Any])?["data"] as? [Int] ?? []
        var decoded: [(line: Int, start: Int, length: Int, type: Int)] = [], row = 0, column = 0
        for k in stride(from: 0, to: tokens.count - 4, by: 5) {
            row += tokens[k]
            column = tokens[k] == 0 ? column + tokens[k + 1] : tokens[k + 1]
            decoded.append((row, column, tokens[k + 2], tokens[k + 3]))
        }
        XCTAssertTrue(decoded.contains { $0.line == 7 && $0.start == 0 && $0.length == 6 && $0.type == 0 }, "\(decoded)")
        XCTAssertTrue(decoded.contains { $0.line == 7 && $0.start == 20 && $0.length == 10 && $0.type == 1 }, "\(decoded)")
        XCTAssertTrue(decoded.contains { $0.line == 11 && $0.start == 0 && $0.length == 10 && $0.type == 1 }, "\(decoded)")
        // The inlay hint: the inferred amount of 이마트's second posting.
        let hints = try client.request("textDocument/inlayHint", ["textDocument": ["uri": doc], "range": ["start": position(0, 0), "end": position(20, 0)]])["result"] as? [[String: Any]] ?? []
        XCTAssertTrue(hints.contains { ($0["label"] as? String)?.contains("-45,000 KRW") == true && ($0["position"] as? [String: Any])?["line"] as? Int == 13 }, "\(hints)")
        // Workspace symbols: the accounts and the rule, by name.
        let symbols = try client.request("workspace/symbol", ["query": "식비"])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(symbols.compactMap { $0["name"] as? String }.sorted(), ["지출:식비", "지출:식비:장보기"])
        let rules = try client.request("workspace/symbol", ["query": "점심"])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(rules.first?["name"] as? String, "점심")
        // Code lenses: an account directive's balance, a rule's next occurrence.
        let lenses = try client.request("textDocument/codeLens", ["textDocument": ["uri": doc]])["result"] as? [[String: Any]] ?? []
        let titles = lenses.compactMap { ($0["command"] as? [String: Any])?["title"] as? String }
        XCTAssertTrue(titles.contains { $0.hasPrefix("balance: ") && $0.contains("KRW") }, "\(titles)")
        XCTAssertTrue(titles.contains { $0.hasPrefix("next: 2026-") }, "\(titles)")
        // Onto an account of another type: refused with the reason, as `ledgerc rename` refuses it.
        var merge = at
        merge["newName"] = "수입:급여"
        let refused = try client.request("textDocument/rename", merge)
        XCTAssertTrue(((refused["error"] as? [String: Any])?["message"] as? String)?.contains("another type") == true, "\(refused)")
        // On `장보기` the name is the whole `지출:식비:장보기`.
        let leaf = try client.request("textDocument/prepareRename", ["textDocument": ["uri": doc], "position": position(2, 16)])["result"] as? [String: Any]
        XCTAssertEqual(leaf?["placeholder"] as? String, "지출:식비:장보기")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Rename and references on a payee, a commodity and a tag: the same edits as `ledgerc rename`, positioned in UTF-16 on Korean text.
    func testRenamePayeeCommodityAndTagInTheEditor() throws {
        let text = "commodity 1,000 KRW\ntag 여행\n\n2025-01-03 이마트 | 장보기  ; 여행: 부산\n    지출:식비  45,000 KRW\n    자산:현금\n\n2025-01-04 이마트\n    지출:식비  \"KRW\" 5,000  ; :여행:\n    자산:현금\n"
        let path = directory.appendingPathComponent("names.ledger")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("names.ledger")
        try client.open(doc, text)
        _ = try client.diagnostics(for: doc)
        func edits(_ line: Int, _ character: Int, _ new: String) throws -> [[String: Any]] {
            let params = ["textDocument": ["uri": doc], "position": position(line, character), "newName": new] as [String: Any]
            let result = try client.request("textDocument/rename", params)["result"] as? [String: Any]
            return (result?["changes"] as? [String: [[String: Any]]])?[doc] ?? []
        }
        func start(_ edit: [String: Any]) -> [Int] {
            let s = (edit["range"] as? [String: Any])?["start"] as? [String: Any]
            return [s?["line"] as? Int ?? -1, s?["character"] as? Int ?? -1]
        }
        // The payee on `이마트` (the note after `|` stays).
        let payee = try client.request("textDocument/prepareRename", ["textDocument": ["uri": doc], "position": position(3, 12)])["result"] as? [String: Any]
        XCTAssertEqual(payee?["placeholder"] as? String, "이마트")
        let payees = try edits(3, 12, "E-mart")
        XCTAssertEqual(payees.map(start), [[3, 11], [7, 11]])
        // The commodity on `KRW` of a posting: the directive, both amounts (the quoted one stays quoted).
        let commodities = try edits(4, 21, "원")
        XCTAssertEqual(commodities.map(start), [[0, 16], [4, 18], [8, 11]])
        XCTAssertEqual(commodities.map { $0["newText"] as? String }, ["원", "원", "\"원\""])
        // The tag on `여행` in a comment: the directive and both comments; references find the same places.
        let tags = try edits(3, 24, "trip")
        XCTAssertEqual(tags.map(start), [[1, 4], [3, 24], [8, 27]])
        let references = try client.request("textDocument/references", ["textDocument": ["uri": doc], "position": position(8, 28), "context": ["includeDeclaration": true]])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(references.count, 3)
        // A date is nothing to rename.
        XCTAssertTrue(try client.request("textDocument/prepareRename", ["textDocument": ["uri": doc], "position": position(3, 2)])["result"] is NSNull)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// On a `repeat` line's description, the rename is of the payee: the rule's and each recorded transaction's.
    func testRenameThePayeeOfARule() throws {
        let text = "repeat monthly from 2025-01-25 shift before weekend  월급 | 1월\n    자산:은행  3,000,000 KRW\n    수입:급여\n\n2025-01-24 월급\n    자산:은행  3,000,000 KRW\n    수입:급여\n"
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("rule.ledger")
        try client.open(doc, text)
        _ = try client.diagnostics(for: doc)
        let at = ["textDocument": ["uri": doc], "position": position(0, 53)] as [String: Any]
        let prepared = try client.request("textDocument/prepareRename", at)["result"] as? [String: Any]
        XCTAssertEqual(prepared?["placeholder"] as? String, "월급")
        var params = at
        params["newName"] = "급여"
        let result = try client.request("textDocument/rename", params)["result"] as? [String: Any]
        let edits = (result?["changes"] as? [String: [[String: Any]]])?[doc] ?? []
        XCTAssertEqual(edits.compactMap { (($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int }, [0, 4])
        // On the schedule, nothing is renamed.
        XCTAssertTrue(try client.request("textDocument/prepareRename", ["textDocument": ["uri": doc], "position": position(0, 9)])["result"] is NSNull)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// An account directive's balance lens says a sum that does not fit is too large, never a partial sum.
    func testABalanceLensThatDoesNotFitSaysSo() throws {
        let text = "account Assets:A\n\n2025-01-01 a\n    Assets:A  9999999999999999999999999999999999 X\n    Equity:E\n\n2025-01-02 b\n    Assets:A  0.00001 X\n    Equity:E\n"
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("lens.ledger")
        try client.open(doc, text)
        _ = try client.diagnostics(for: doc)
        let lenses = try client.request("textDocument/codeLens", ["textDocument": ["uri": doc]])["result"] as? [[String: Any]] ?? []
        let titles = lenses.compactMap { ($0["command"] as? [String: Any])?["title"] as? String }
        XCTAssertEqual(titles.count, 1, "\(titles)")
        XCTAssertTrue(titles.first?.hasPrefix("balance: too large to show exactly") == true, "\(titles)")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Semantic tokens after an edit, asked as a delta: one edit that makes the tokens sent before into the tokens of the new text.
    func testSemanticTokensDeltaAfterAnEdit() throws {
        let text = "2025-01-03 이마트\n    지출:식비  45,000 KRW\n    자산:현금\n\n2025-01-04 b\n    지출:식비  1 KRW\n    자산:현금\n"
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("delta.ledger")
        try client.open(doc, text)
        let full = try client.request("textDocument/semanticTokens/full", ["textDocument": ["uri": doc]])["result"] as? [String: Any]
        var data = full?["data"] as? [Int] ?? []
        XCTAssertFalse(data.isEmpty)
        // A comment typed at the end of the first posting.
        try client.notify("textDocument/didChange", ["textDocument": ["uri": doc, "version": 2],
                                                     "contentChanges": [["range": ["start": position(1, 21), "end": position(1, 21)], "text": "  ; :여행:"]]])
        let delta = try client.request("textDocument/semanticTokens/full/delta", ["textDocument": ["uri": doc], "previousResultId": full?["resultId"] as? String ?? ""])["result"] as? [String: Any]
        let edits = delta?["edits"] as? [[String: Any]] ?? []
        XCTAssertEqual(edits.count, 1, "\(String(describing: delta))")
        for edit in edits {
            let start = edit["start"] as? Int ?? 0, count = edit["deleteCount"] as? Int ?? 0
            data.replaceSubrange(start..<(start + count), with: edit["data"] as? [Int] ?? [])
        }
        let again = try client.request("textDocument/semanticTokens/full", ["textDocument": ["uri": doc]])["result"] as? [String: Any]
        XCTAssertEqual(data, again?["data"] as? [Int])
        // The comment and the tag's name are there: types 6 and 7 on line 1.
        XCTAssertTrue(edits.first.map { ($0["data"] as? [Int] ?? []).contains(7) } ?? false)
        // A range: the tokens of its lines, as the whole file has them.
        let range = try client.request("textDocument/semanticTokens/range", ["textDocument": ["uri": doc], "range": ["start": position(4, 0), "end": position(5, 3)]])["result"] as? [String: Any]
        func absolute(_ data: [Int]) -> [[Int]] {
            var out: [[Int]] = [], line = 0, start = 0
            for k in stride(from: 0, to: data.count, by: 5) {
                line += data[k]
                start = data[k] == 0 ? start + data[k + 1] : data[k + 1]
                out.append([line, start, data[k + 2], data[k + 3]])
            }
            return out
        }
        let inRange = absolute(range?["data"] as? [Int] ?? [])
        XCTAssertEqual(inRange, absolute(data).filter { (4...5).contains($0[0]) })
        XCTAssertFalse(inRange.isEmpty)
        // An unknown previous id is answered in full.
        let unknown = try client.request("textDocument/semanticTokens/full/delta", ["textDocument": ["uri": doc], "previousResultId": "nope"])["result"] as? [String: Any]
        XCTAssertEqual(unknown?["data"] as? [Int], data)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// After a balance assertion, the balance the checker reads there: in date order (a later line dated earlier counts first),
    /// with `=*` its subaccounts, and when the assertion fails, the balance it found.
    func testInlayHintsShowTheBalanceAfterAnAssertion() throws {
        let text = "2025-01-05 a\n    자산:현금  -5,000 KRW = -7,000 KRW\n    지출:식비\n\n2025-01-02 b\n    자산:현금:지갑  -2,000 KRW\n    지출:식비\n\n2025-01-06 c\n    자산:현금  0 KRW =* -7,000 KRW  ; 지갑 too\n    지출:식비  0 KRW = 1 KRW\n"
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("assertions.ledger")
        try client.open(doc, text)
        _ = try client.diagnostics(for: doc)
        let hints = try client.request("textDocument/inlayHint", ["textDocument": ["uri": doc], "range": ["start": position(0, 0), "end": position(20, 0)]])["result"] as? [[String: Any]] ?? []
        let shown = hints.compactMap { hint -> String? in
            guard let p = hint["position"] as? [String: Any], let label = hint["label"] as? String, label.hasPrefix("→") else { return nil }
            return "\(p["line"] as? Int ?? -1):\(p["character"] as? Int ?? -1) \(label)"
        }
        XCTAssertEqual(shown, ["1:34 → -5,000 KRW", "9:30 → -7,000 KRW", "10:24 → 7,000 KRW"], "\(hints)")
        // Only the range asked for: the lines of the third transaction.
        let part = try client.request("textDocument/inlayHint", ["textDocument": ["uri": doc], "range": ["start": position(8, 0), "end": position(10, 40)]])["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(part.compactMap { ($0["position"] as? [String: Any])?["line"] as? Int }, [9, 10], "\(part)")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// A printed occurrence read back (a `generated:` tag) moves no assertion in the checker, and so in the hint:
    /// the hint shows the balance the checker verified, and the assertion passes.
    func testInlayHintsReadTheCheckersWalk() throws {
        let text = "2025-01-01 월급\n    자산:은행  100 KRW\n    수입:월급\n\n2025-01-02 월세  ; generated: 월세\n    자산:은행  -30 KRW\n    지출:월세\n\n2025-01-03 c\n    자산:은행  0 KRW = 100 KRW\n    지출:식비\n"
        let client = try LanguageServerClient()
        _ = try client.start()
        let doc = uri("readback.ledger")
        try client.open(doc, text)
        let diagnostics = try client.diagnostics(for: doc)
        XCTAssertTrue(diagnostics.allSatisfy { ($0["severity"] as? Int) != 1 }, "\(diagnostics)")
        let hints = try client.request("textDocument/inlayHint", ["textDocument": ["uri": doc], "range": ["start": position(0, 0), "end": position(20, 0)]])["result"] as? [[String: Any]] ?? []
        let labels = hints.compactMap { $0["label"] as? String }.filter { $0.hasPrefix("→") }
        XCTAssertEqual(labels, ["→ 100 KRW"], "\(hints)")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// The VS Code extension maps every token type of the server's legend to a scope (a type it leaves out is not coloured).
    func testTheVSCodeExtensionDeclaresTheLegend() throws {
        let client = try LanguageServerClient()
        let capabilities = try client.start()
        let legend = ((capabilities["semanticTokensProvider"] as? [String: Any])?["legend"] as? [String: Any])?["tokenTypes"] as? [String] ?? []
        XCTAssertFalse(legend.isEmpty)
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: repositoryRoot.appendingPathComponent("editors/vscode/package.json"))) as? [String: Any]
        let scopes = (((manifest?["contributes"] as? [String: Any])?["semanticTokenScopes"] as? [[String: Any]])?.first?["scopes"] as? [String: Any]) ?? [:]
        XCTAssertEqual(Set(scopes.keys), Set(legend))
        XCTAssertEqual(try client.stop(), 0)
    }

    func testRequestsBeforeInitializeAndExitWithoutShutdown() throws {
        let client = try LanguageServerClient()
        let early = try client.request("textDocument/hover", ["textDocument": ["uri": uri("x.ledger")], "position": position(0, 0)])
        XCTAssertEqual((early["error"] as? [String: Any])?["code"] as? Int, -32002)
        try client.start()
        // `exit` without `shutdown` ends the server with status 1, as the protocol says.
        try client.notify("exit", NSNull())
        client.process.waitUntilExit()
        XCTAssertEqual(client.process.terminationStatus, 1)
    }

    func testSurvivesMalformedMessages() throws {
        let client = try LanguageServerClient()
        try client.start()
        // Not JSON: a parse error, and the server goes on.
        try client.sendRaw(Data("Content-Length: 9\r\n\r\n{not json".utf8))
        let parseError = try client.receive()
        XCTAssertEqual((parseError["error"] as? [String: Any])?["code"] as? Int, -32700)
        // A header without a length.
        try client.sendRaw(Data("Content-Type: x\r\n\r\n".utf8))
        XCTAssertEqual(((try client.receive())["error"] as? [String: Any])?["code"] as? Int, -32700)
        // An unknown method, and a request with parameters of the wrong shape.
        let unknown = try client.request("workspace/nonsense", [String: Any]())
        XCTAssertEqual((unknown["error"] as? [String: Any])?["code"] as? Int, -32601)
        let wrong = try client.request("textDocument/hover", ["textDocument": 42])
        XCTAssertEqual((wrong["error"] as? [String: Any])?["code"] as? Int, -32602)
        // Changes to a document never opened, and out-of-range positions, are ignored or clamped.
        try client.notify("textDocument/didChange", ["textDocument": ["uri": "file:///nowhere", "version": 2], "contentChanges": [["text": "x"]]])
        let doc = uri("m.ledger")
        try client.open(doc, "2025-01-05 x\n    a  1\n    b\n")
        try client.notify("textDocument/didChange", [
            "textDocument": ["uri": doc, "version": 2],
            "contentChanges": [["range": ["start": position(99, 99), "end": position(120, 0)], "text": "\n"]],
        ])
        XCTAssertEqual(try client.diagnostics(for: doc).count, 0)
        XCTAssertEqual(try client.stop(), 0)
    }
}
