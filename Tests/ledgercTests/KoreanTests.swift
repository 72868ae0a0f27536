import Foundation
import XCTest

/// 한국어 (issue 59): the language as POSIX orders it (LC_ALL, LC_MESSAGES,
/// LANG) or `--lang`; Korean diagnostics, usage errors, help, report
/// headings and page; CSV and JSON the same bytes in both languages.
final class KoreanTests: XCTestCase {
    let korean = ["LANG": "ko_KR.UTF-8"]

    func hasHangul(_ s: String) -> Bool { s.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }

    /// Each file in samples/errors/ says its diagnostics in Korean, as its `.ko.expected`
    /// (LEDGERC_RECORD=1 rewrites them); the place and the severity word stay as editors read them.
    func testErrorSamplesInKorean() throws {
        let dir = repositoryRoot.appendingPathComponent("samples/errors")
        for (name, path, args) in try errorSamples() {
            let r = try runLedgerc(args + [path], env: korean)
            XCTAssertEqual(r.status, 1, name)
            try assertGolden(r.stderr, at: dir.appendingPathComponent(name.replacingOccurrences(of: ".ledger", with: ".ko.expected")), name)
            let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertTrue(first.hasPrefix(path + ":"), name)
            XCTAssertTrue(first.contains(": error: ") || first.contains(": warning: "), "the severity word stays English: \(first)")
            XCTAssertTrue(hasHangul(first), "\(name): \(first)")
        }
    }

    /// LC_ALL over LC_MESSAGES over LANG; an empty one is passed over; --lang over all of them.
    func testTheLanguageIsChosenAsPOSIXOrdersIt() throws {
        let path = "samples/errors/unbalanced.ledger"
        func says(_ env: [String: String], _ extra: [String] = []) throws -> Bool {
            hasHangul(try runLedgerc(["check", path] + extra, env: env).stderr)
        }
        XCTAssertFalse(try says([:]), "English with no locale")
        XCTAssertFalse(try says(["LANG": "C.UTF-8"]))
        XCTAssertTrue(try says(["LANG": "ko_KR.UTF-8"]))
        XCTAssertTrue(try says(["LANG": "ko_KR.eucKR"]))
        XCTAssertTrue(try says(["LANG": "ko"]))
        XCTAssertFalse(try says(["LANG": "ko_KR.UTF-8", "LC_ALL": "C"]), "LC_ALL over LANG")
        XCTAssertTrue(try says(["LANG": "C", "LC_ALL": "ko_KR.UTF-8"]))
        XCTAssertTrue(try says(["LANG": "C", "LC_MESSAGES": "ko_KR"]), "LC_MESSAGES over LANG")
        XCTAssertTrue(try says(["LANG": "ko_KR", "LC_ALL": ""]), "an empty LC_ALL is not set")
        XCTAssertTrue(try says(["LC_ALL": "C"], ["--lang", "ko"]), "--lang over the environment")
        XCTAssertFalse(try says(["LC_ALL": "ko_KR.UTF-8"], ["--lang=en"]))
        let bad = try runLedgerc(["check", path, "--lang", "fr"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--lang"), bad.stderr)
    }

    /// A usage error and --help, in Korean (the help's golden file is Tests/ledgercTests/Golden/help.ko.txt).
    func testUsageErrorsAndHelp() throws {
        let typo = try runLedgerc(["chek", "x.ledger"], env: korean)
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "ledgerc: error: 알 수 없는 명령 'chek'입니다 ('check'을(를) 뜻했나요?)\nledgerc: note: 'ledgerc --help'로 사용법을 보세요\n")
        let option = try runLedgerc(["check", "--stirct", "samples/personal.ledger"], env: korean)
        XCTAssertEqual(option.status, 2)
        XCTAssertTrue(option.stderr.contains("알 수 없는 옵션 '--stirct'"), option.stderr)
        // The shapes of usage messages, said the Korean way with the words as typed.
        let depth = try runLedgerc(["report", "summary", "samples/household.ledger", "--depth", "0"], env: korean)
        XCTAssertEqual(depth.status, 2)
        XCTAssertTrue(depth.stderr.hasPrefix("ledgerc: error: report: --depth에는 1 이상의 정수를 씁니다. '0'은(는) 쓸 수 없습니다\n"), depth.stderr)
        let period = try runLedgerc(["report", "summary", "samples/household.ledger", "--period", "fortnight"], env: korean)
        XCTAssertTrue(period.stderr.contains("--period에는 week, month, quarter, year 중 하나를 씁니다"), period.stderr)
        let help = try runLedgerc(["--help"], env: korean)
        XCTAssertEqual(help.status, 0)
        try assertGolden(help.stdout, at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Golden/help.ko.txt"), "help.ko.txt")
        for command in ["check", "report", "add", "import", "fmt", "print", "materialize", "close", "reconcile", "rename", "diff", "merge", "lsp", "accounts"] {
            let r = try runLedgerc([command, "--help"], env: korean)
            XCTAssertEqual(r.status, 0, command)
            XCTAssertTrue(r.stdout.contains("사용법:") && r.stdout.contains("ledgerc \(command)"), "\(command): \(r.stdout)")
        }
        // English as before.
        XCTAssertTrue(try runLedgerc(["--help"]).stdout.hasPrefix("ledgerc: a compiler for plain-text ledgers"))
    }

    /// The month summary and the balance report in Korean (golden files), and the headings a household reads.
    func testReportsInKorean() throws {
        let env = korean.merging(["LEDGERC_TODAY": "2025-06-30"]) { $1 }
        let summary = try runLedgerc(["report", "summary", "samples/household.ledger"], env: env)
        XCTAssertEqual(summary.status, 0, summary.stderr)
        try assertGolden(summary.stdout, at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Golden/summary.ko.txt"), "summary.ko.txt")
        for heading in ["월", "수입", "지출", "순수입", "저축률", "분류별 지출"] { XCTAssertTrue(summary.stdout.contains(heading), heading) }
        let balance = try runLedgerc(["report", "balance", "samples/household.ledger"], env: env)
        try assertGolden(balance.stdout, at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Golden/balance.ko.txt"), "balance.ko.txt")
        let statements = try runLedgerc(["report", "statements", "samples/household.ledger"], env: env)
        for heading in ["카드", "결제일", "할부", "청구액"] { XCTAssertTrue(statements.stdout.contains(heading), heading) }
        let holdings = try runLedgerc(["report", "holdings", "samples/trading.ledger"], env: env)
        for heading in ["계정", "평가액", "보유 수량"] { XCTAssertTrue(holdings.stdout.contains(heading), heading) }
        let trades = try runLedgerc(["report", "trades", "samples/trading.ledger"], env: env)
        XCTAssertTrue(trades.stdout.contains("매수/매도"), trades.stdout)
    }

    /// CSV and JSON are the same bytes in both languages; so is --diagnostics json but for its messages and fix titles.
    func testCSVAndJSONDoNotChangeWithTheLanguage() throws {
        for report in ["summary", "balance", "register", "transactions", "holdings", "trades", "statements", "budget", "accounts"] {
            for format in ["csv", "json"] {
                for sample in ["samples/household.ledger", "samples/trading.ledger"] {
                    let args = ["report", report, sample, "--format", format]
                    let english = try runLedgerc(args, env: ["LANG": "C.UTF-8"]), hangul = try runLedgerc(args, env: korean)
                    XCTAssertEqual(english.status, hangul.status, "\(args)")
                    XCTAssertEqual(english.stdout, hangul.stdout, "\(args)")
                }
            }
        }
        let english = try runLedgerc(["check", "samples/errors/unbalanced.ledger", "--diagnostics", "json"], env: ["LANG": "C"])
        let hangul = try runLedgerc(["check", "samples/errors/unbalanced.ledger", "--diagnostics", "json"], env: korean)
        // The messages and the fixes' titles are words; everything else is the same.
        let strip = { (s: String) in s.replacingOccurrences(of: #""(message|title)":"[^"]*""#, with: "", options: .regularExpression) }
        XCTAssertNotEqual(english.stderr, hangul.stderr)
        XCTAssertEqual(strip(english.stderr), strip(hangul.stderr))
        XCTAssertTrue(hangul.stderr.contains(#""id":"doesNotBalance""#), hangul.stderr)
    }

    /// The page: lang="ko", Korean headings, axis ticks in 만 and 억 for won, months as 월.
    func testThePageInKorean() throws {
        let r = try runLedgerc(["report", "html", "samples/household.ledger"], env: korean.merging(["LEDGERC_TODAY": "2025-06-30"]) { $1 })
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("<html lang=\"ko\">"))
        for label in ["개요", "월별", "분류별 지출", "순자산", "저축률"] { XCTAssertTrue(r.stdout.contains(label), label) }
        let ticks = r.stdout.components(separatedBy: "class=\"axis\">").dropFirst().map { $0.prefix { $0 != "<" } }
        XCTAssertTrue(ticks.contains { $0.hasSuffix("만") }, "\(ticks)")
        XCTAssertFalse(ticks.contains { $0.hasSuffix("M") || $0.hasSuffix("k") }, "\(ticks)")
        XCTAssertTrue(ticks.contains("2025년 1월") && ticks.contains("2월"), "\(ticks)")
        // The page's labels, as a golden file: headings, captions, column headers, cards and axis ticks.
        let labels = ["<h2>", "<h3>", "<figcaption>", "<th>", "<th class=\"num\">", "<span>", "class=\"axis\">", "<summary>"].flatMap { open in
            r.stdout.components(separatedBy: open).dropFirst().map { String($0.prefix { $0 != "<" }) }
        }
        var seen = Set<String>()
        let unique = labels.filter { !$0.isEmpty && seen.insert($0).inserted }
        try assertGolden(unique.joined(separator: "\n") + "\n", at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Golden/page-labels.ko.txt"), "page-labels.ko.txt")
        let english = try runLedgerc(["report", "html", "samples/household.ledger"], env: ["LEDGERC_TODAY": "2025-06-30"])
        XCTAssertTrue(english.stdout.contains("<html lang=\"en\">"))
        XCTAssertTrue(english.stdout.contains("Spending by category"))
    }

    /// README.ko.md's example journal compiles, and the Korean docs it links are there.
    func testTheKoreanReadmeExampleCompiles() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.ko.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: "```ledger\n")), end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("readme-ko-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("example.ledger")
        try String(readme[start.upperBound..<end.lowerBound]).write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["check", file.path], env: ["LEDGERC_TODAY": "2025-02-28"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for linked in ["docs/CARDS.ko.md", "docs/FORMAT.md", "docs/IMPORT.md", "samples/import/kb-bank.rules"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent(linked).path), linked)
        }
        let english = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        XCTAssertTrue(english.prefix(200).contains("README.ko.md"), "README.md links the Korean one at its top")
    }

    /// The language server answers in the client's locale (initialize's `locale`): diagnostics, hovers, fix titles;
    /// its protocol fields stay as they are.
    func testTheLanguageServerFollowsTheClientsLocale() throws {
        let client = try LanguageServerClient()
        _ = try client.start(locale: "ko-KR")
        let doc = "file:///tmp/ko-\(UUID().uuidString).ledger"
        try client.open(doc, "2025-01-09 점심\n    지출:식비  13.00 USD\n    자산:현금  -10.00 USD\n")
        let diagnostics = try client.diagnostics(for: doc)
        let message = diagnostics.first?["message"] as? String ?? ""
        XCTAssertTrue(message.hasPrefix("거래의 합이 맞지 않습니다"), message)
        XCTAssertEqual(diagnostics.first?["severity"] as? Int, 1)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": doc], "position": ["line": 2, "character": 6]])
        let value = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(value.contains("잔액"), value)
        XCTAssertEqual(try client.stop(), 0)
        // Without a locale, the environment's (none here): English.
        let english = try LanguageServerClient()
        _ = try english.start()
        try english.open(doc, "2025-01-09 lunch\n    Expenses:Food  13.00 USD\n    Assets:Cash  -10.00 USD\n")
        XCTAssertTrue((try english.diagnostics(for: doc).first?["message"] as? String ?? "").hasPrefix("transaction does not balance"))
        XCTAssertEqual(try english.stop(), 0)
    }
}
