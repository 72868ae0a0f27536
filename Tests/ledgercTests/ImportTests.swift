import Foundation
import XCTest

/// `ledgerc import` (issue 30, first part): statements with hledger's CSV
/// rules, once each, written safely, errors at their line. The statements
/// and rules are in Tests/ledgercTests/Import/.
final class ImportTests: XCTestCase {
    let fixtures = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Import")

    /// The fixtures copied into a fresh folder, so that the journal can be written.
    func workspace() throws -> URL {
        let dir = try temporaryDirectory(self)
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        return dir
    }

    func importing(_ args: [String], in dir: URL) throws -> RunResult {
        try runLedgerc(["import"] + args, env: ["LEDGERC_TODAY": "2025-03-31"], cwd: dir)
    }

    func testAKoreanStatementWithRules() throws {
        let dir = try workspace()
        let r = try importing(["house.ledger", "kb-2025-03.csv", "--rules", "kb.rules", "--dry-run"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        2025-03-02 이마트 성수
            자산:은행:국민   -45,200 KRW = 1,948,300 KRW
            지출:식비:장보기  45,200 KRW

        2025-03-03 급여
            자산:은행:국민  3,200,000 KRW = 5,148,300 KRW
            수입:급여      -3,200,000 KRW

        2025-03-04 스타벅스 강남
            자산:은행:국민  -6,500 KRW = 5,141,800 KRW
            지출:식비:외식   6,500 KRW

        """)
        // The coffee of 03-02 was entered by hand before the statement came: not added twice.
        XCTAssertEqual(r.stderr, "would import 3 new transactions from kb-2025-03.csv (1 already recorded)\n")
    }

    /// hledger 1.25 is the oracle for the rules: `import --dry-run` into a
    /// journal that holds only the opening balance prints the transactions
    /// `hledger -f X.csv --rules-file R print` prints (recorded by
    /// Scripts/record-hledger-import): dates, descriptions, comments, accounts,
    /// amounts and assertions, compared as values (the tools write `-6,500 KRW`
    /// and `KRW-6,500`).
    func testTheSameTransactionsAsHledger() throws {
        let dir = try workspace()
        for (csv, rules, journal) in [("kb-2025-03.csv", "kb.rules", "opening.ledger"), ("us-bank.csv", "us-bank.rules", "us.ledger"),
                                      ("card-eu.csv", "card-eu.rules", "eu.ledger"), ("checking-2025-04.csv", "checking.rules", "checking.ledger")] {
            let ours = try importing([journal, csv, "--rules", rules, "--dry-run"], in: dir)
            XCTAssertEqual(ours.status, 0, ours.stderr)
            let theirs = try String(contentsOf: fixtures.appendingPathComponent(csv.replacingOccurrences(of: ".csv", with: ".hledger")), encoding: .utf8)
            XCTAssertEqual(normalized(ours.stdout), lastOfDayAssertions(normalized(theirs)), csv)
            XCTAssertGreaterThanOrEqual(normalized(theirs).count, 6, csv)
        }
    }

    /// hledger's transactions with the one deliberate difference
    /// (COMPATIBILITY.md): a balance is asserted only on each account's last
    /// row of a day, since a journal cannot know the order within a day.
    func lastOfDayAssertions(_ lines: [String]) -> [String] {
        var out = lines, seen = Set<String>(), date = ""
        let dates = lines.indices.map { k in lines[...k].last { $0.first?.isNumber == true }.map { String($0.prefix(10)) } ?? "" }
        for k in lines.indices.reversed() where lines[k].first?.isNumber != true && lines[k].contains(" = ") {
            date = dates[k]
            let account = String(lines[k].prefix { $0 != " " })
            if !seen.insert(date + " " + account).inserted { out[k] = String(lines[k].components(separatedBy: " = ")[0]) }
        }
        return out
    }

    /// Lines with amounts as `sign number commodity`, no grouping, single spaces.
    func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { written -> String in
            // `==` (balance-type) is kept apart from the amount it asserts.
            let line = written.replacingOccurrences(of: " == ", with: " = ==")
            let parts = line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard line.hasPrefix(" "), parts.count >= 2 else { return line.trimmingCharacters(in: .whitespaces) }
            let amounts = parts.dropFirst().joined(separator: " ").components(separatedBy: " = ").map { amount -> String in
                let a = amount.replacingOccurrences(of: " ", with: "")
                let negative = a.contains("-")
                // The decimal mark: the last of '.' and ',' when both are there; a lone ',' before two digits at the end.
                let marks = a.filter { $0 == "." || $0 == "," }
                let comma = marks.count > 1 ? marks.last == "," : (marks == "," && a.range(of: #",\d\d(\D|$)"#, options: .regularExpression) != nil)
                var digits = a.filter { $0.isNumber || $0 == (comma ? "," : ".") }.replacingOccurrences(of: ",", with: ".")
                if digits.contains(".") { while digits.hasSuffix("0") { digits.removeLast() }; if digits.hasSuffix(".") { digits.removeLast() } }
                let commodity = a.filter { !$0.isNumber && $0 != "." && $0 != "," && $0 != "-" }
                return (negative ? "-" : "") + digits + " " + commodity
            }
            return parts[0] + " " + amounts.joined(separator: " = ")
        }
    }

    func testImportingTwiceAddsNothingAndAnOverlapAddsOnlyTheNewRows() throws {
        let dir = try workspace()
        let journal = dir.appendingPathComponent("house.ledger")
        let before = try Data(contentsOf: journal)
        XCTAssertEqual(try importing(["house.ledger", "kb-2025-03.csv", "--rules", "kb.rules"], in: dir).status, 0)
        let once = try Data(contentsOf: journal)
        XCTAssertTrue(once.starts(with: before), "every byte that was there is kept")
        let again = try importing(["house.ledger", "kb-2025-03.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertEqual(again.stderr, "imported 0 new transactions from kb-2025-03.csv (4 already recorded)\n")
        XCTAssertEqual(try Data(contentsOf: journal), once, "byte-identical")
        // The next statement repeats 03-03 and 03-04 and has a second coffee on 03-04 and a new row.
        let overlap = try importing(["house.ledger", "kb-2025-03b.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertEqual(overlap.stderr, "imported 2 new transactions from kb-2025-03b.csv (2 already recorded)\n")
        let text = try String(contentsOf: journal, encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "스타벅스 강남").count - 1, 2, "two coffees on 03-04 stay two transactions")
        XCTAssertTrue(text.hasSuffix("2025-03-05 GS25 편의점\n    자산:은행:국민  -3,200 KRW = 5,132,100 KRW\n    지출:미분류      3,200 KRW\n"), text)
        XCTAssertEqual(try runLedgerc(["check", journal.path]).status, 0)
        XCTAssertEqual(try runLedgerc(["fmt", "--check", journal.path]).status, 0, "written in fmt's layout")
    }

    /// Random statements against random journals: the import keeps every
    /// byte that was there, the result compiles, and a second import of the
    /// same statement adds nothing and leaves the file byte-identical.
    func testImportIsIdempotentAndKeepsEveryByte() throws {
        var seed: UInt64 = 0x2545F4914F6CDD1D
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let dir = try temporaryDirectory(self)
        try "skip 1\nfields date, description, amount\ncurrency KRW\naccount1 자산:은행\naccount2 지출:기타\nif 급여\n  account2 수입:급여\n"
            .write(to: dir.appendingPathComponent("s.rules"), atomically: true, encoding: .utf8)
        let amounts = ["-4,500", "-4,500", "-12,000", "3,200,000", "-650,000", "-1"]
        for round in 0..<25 {
            // A journal: some of the statement's rows were already typed by hand, some twice.
            var journal = "2025-03-01 기초\n    자산:은행  10,000,000 KRW\n    자본:기초\n"
            var csv = "date,description,amount\n"
            for _ in 0..<(1 + next(12)) {
                let day = 1 + next(10), amount = amounts[next(amounts.count)]
                let description = amount == "3,200,000" ? "급여" : "가게 \(next(3))"
                csv += "2025-03-\(String(format: "%02d", day)),\(description),\"\(amount)\"\n"
                if next(3) == 0 {
                    let other = amount.hasPrefix("-") ? "지출:기타" : "수입:급여"
                    journal += "\n2025-03-\(String(format: "%02d", day)) 손으로\n    자산:은행  \(amount) KRW\n    \(other)\n"
                }
            }
            let journalURL = dir.appendingPathComponent("j\(round).ledger"), csvURL = dir.appendingPathComponent("s\(round).csv")
            try journal.write(to: journalURL, atomically: true, encoding: .utf8)
            try csv.write(to: csvURL, atomically: true, encoding: .utf8)
            let first = try importing([journalURL.path, csvURL.path, "--rules", "s.rules"], in: dir)
            XCTAssertEqual(first.status, 0, "\(first.stderr)\n\(csv)")
            let once = try String(contentsOf: journalURL, encoding: .utf8)
            // Only whole transactions are inserted: the old text is all there, in order.
            var rest = Substring(journal).utf8[...]
            for b in once.utf8 where rest.first == b { rest = rest.dropFirst() }
            XCTAssertTrue(rest.isEmpty, "round \(round): a byte that was there changed")
            XCTAssertTrue(once.hasPrefix("2025-03-01 기초\n"), "round \(round): new transactions come after the opening")
            XCTAssertEqual(try runLedgerc(["check", journalURL.path]).status, 0, "round \(round) does not compile:\n\(once)")
            let second = try importing([journalURL.path, csvURL.path, "--rules", "s.rules"], in: dir)
            XCTAssertTrue(second.stderr.hasPrefix("imported 0 new transactions"), "round \(round): \(second.stderr)")
            XCTAssertEqual(try String(contentsOf: journalURL, encoding: .utf8), once, "round \(round): the second import changed the file")
        }
    }

    /// New transactions go where `add` would put them: after the last one
    /// dated on or before them, in a journal that is in date order.
    func testNewTransactionsGoInDateOrder() throws {
        let dir = try workspace()
        let journal = dir.appendingPathComponent("house.ledger")
        try (try String(contentsOf: journal, encoding: .utf8) + "\n2025-03-10 나중\n    지출:식비:외식  1,000 KRW\n    부채:카드\n")
            .write(to: journal, atomically: true, encoding: .utf8)
        XCTAssertEqual(try importing(["house.ledger", "kb-2025-03.csv", "--rules", "kb.rules"], in: dir).status, 0)
        let text = try String(contentsOf: journal, encoding: .utf8)
        let dates = text.split(separator: "\n").filter { $0.first?.isNumber == true }.map { String($0.prefix(10)) }
        XCTAssertEqual(dates, ["2025-03-01", "2025-03-02", "2025-03-02", "2025-03-03", "2025-03-04", "2025-03-10"], text)
        XCTAssertEqual(try runLedgerc(["fmt", "--check", journal.path]).status, 0, text)
    }

    /// A statement is untrusted: its text cannot start a comment or a tag in the
    /// description, or put an amount into an account name.
    func testAStatementsTextCannotInjectTagsOrAmounts() throws {
        let dir = try workspace()
        try "date,description,category,amount\n2025-03-02,\"Coffee ; receipt: javascript:alert(1)\",\"식비  100 KRW\",-4.50\n"
            .write(to: dir.appendingPathComponent("evil.csv"), atomically: true, encoding: .utf8)
        try "skip 1\nfields date, description, category, amount\ncurrency USD\naccount1 Assets:Cash\naccount2 지출:%category\n"
            .write(to: dir.appendingPathComponent("evil.rules"), atomically: true, encoding: .utf8)
        try "2025-03-01 open\n    Assets:Cash  10 USD\n    Equity\n".write(to: dir.appendingPathComponent("e.ledger"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try importing(["e.ledger", "evil.csv", "--rules", "evil.rules"], in: dir).status, 0)
        let json = try runLedgerc(["report", "transactions", dir.appendingPathComponent("e.ledger").path, "--format", "json"])
        XCTAssertTrue(json.stdout.contains("\"description\":\"Coffee , receipt: javascript:alert(1)\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"receipt\":null"), "no receipt tag came from the statement")
        XCTAssertFalse(json.stdout.contains("\"receipt\":\"javascript"), json.stdout)
        let balance = try runLedgerc(["report", "balance", dir.appendingPathComponent("e.ledger").path, "--format", "csv", "--flat"])
        XCTAssertTrue(balance.stdout.contains("지출:식비 100 KRW,USD,4.50"), "the amount stayed the row's: \(balance.stdout)")
    }

    /// Amounts take the journal's style, a commodity declared with a decimal comma included.
    func testAmountsInTheJournalsStyle() throws {
        let dir = try workspace()
        let r = try importing(["eu.ledger", "card-eu.csv", "--rules", "card-eu.rules", "--dry-run"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("2025-03-03 * Gehalt März\n    Aktiva:Girokonto  3.200,00 EUR\n    Ertrag:Gehalt    -3.200,00 EUR\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2025-03-05 ! Deutsche Bahn Fahrkarte  ; vorgemerkt: ja\n"), r.stdout)
    }

    /// Two overlapping statements in one run: the second adds only what the first did not have.
    func testOverlappingStatementsInOneRun() throws {
        let dir = try workspace()
        let r = try importing(["house.ledger", "kb-2025-03.csv", "kb-2025-03b.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "imported 3 new transactions from kb-2025-03.csv (1 already recorded)\nimported 2 new transactions from kb-2025-03b.csv (2 already recorded)\n")
        XCTAssertEqual(try runLedgerc(["check", dir.appendingPathComponent("house.ledger").path]).status, 0)
    }

    /// Three monthly card bills in one run (issue 55), each listing the same
    /// 3-month 할부 purchase: it is added once, by the first bill, and a
    /// second run adds nothing, as one bill a run would.
    func testThreeBillsThatListOneInstallmentPurchaseAddItOnce() throws {
        let dir = try temporaryDirectory(self)
        try "; 삼성카드\n".write(to: dir.appendingPathComponent("j.ledger"), atomically: true, encoding: .utf8)
        try "fields date, description, amount, months\ncurrency KRW\naccount1 부채:카드:삼성\naccount2 지출:가전\namount -%amount\n"
            .write(to: dir.appendingPathComponent("card.rules"), atomically: true, encoding: .utf8)
        for (month, extra) in [("03", "2025-03-02,편의점,3000,"), ("04", "2025-04-02,편의점,3000,"), ("05", "2025-05-02,편의점,3000,")] {
            try "2025-02-10,롯데하이마트,1200000,3개월\n\(extra)\n".write(to: dir.appendingPathComponent("bill-\(month).csv"), atomically: true, encoding: .utf8)
        }
        let args = ["j.ledger", "bill-03.csv", "bill-04.csv", "bill-05.csv", "--rules", "card.rules"]
        let r = try importing(args, in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stderr, "imported 2 new transactions from bill-03.csv (0 already recorded)\nimported 1 new transaction from bill-04.csv (1 already recorded)\nimported 1 new transaction from bill-05.csv (1 already recorded)\n")
        let text = try String(contentsOf: dir.appendingPathComponent("j.ledger"), encoding: .utf8)
        XCTAssertEqual(text.components(separatedBy: "롯데하이마트").count - 1, 1, text)
        let again = try importing(args, in: dir)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try String(contentsOf: dir.appendingPathComponent("j.ledger"), encoding: .utf8), text)
    }

    /// Issue 55: under `currency KRW`, `12,000원` and `₩3,000` are KRW and a
    /// dash alone is zero; a cell in another currency is an error at its cell.
    func testWonUnderKRWIsKRWAndADashIsZero() throws {
        let dir = try temporaryDirectory(self)
        try "commodity 1,000 KRW\n".write(to: dir.appendingPathComponent("j.ledger"), atomically: true, encoding: .utf8)
        try "skip 1\nfields date, description, out, in\ncurrency KRW\naccount1 부채:카드:삼성\naccount2 지출:미분류\namount-in %in\namount-out %out\n"
            .write(to: dir.appendingPathComponent("card.rules"), atomically: true, encoding: .utf8)
        try "날짜,가맹점,출금,입금\n2025-03-02,편의점,\"12,000원\",-\n2025-03-03,환불,-,₩3000\n".write(to: dir.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        let r = try importing(["j.ledger", "s.csv", "--rules", "card.rules"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: dir.appendingPathComponent("j.ledger"), encoding: .utf8)
        XCTAssertTrue(text.contains("부채:카드:삼성  -12,000 KRW") && text.contains("부채:카드:삼성  3,000 KRW"), text)
        XCTAssertFalse(text.contains("원"), text)
        try "날짜,가맹점,출금,입금\n2025-03-02,편의점,€12,-\n".write(to: dir.appendingPathComponent("eu.csv"), atomically: true, encoding: .utf8)
        let eu = try importing(["j.ledger", "eu.csv", "--rules", "card.rules"], in: dir)
        XCTAssertEqual(eu.status, 1, eu.stderr)
        XCTAssertTrue(eu.stderr.contains("eu.csv:2:"), eu.stderr)
        XCTAssertTrue(eu.stderr.contains("error: the amount is in '€', but the rules say 'currency KRW'"), eu.stderr)
    }

    func testAUSStatementNewestFirst() throws {
        let dir = try workspace()
        let r = try importing(["us.ledger", "us-bank.csv", "--rules", "us-bank.rules", "--dry-run"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("2025-03-25 NETFLIX.COM\n    Assets:Checking        -$15.49 = $2,419.67\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2025-03-28 PAYROLL ACME CORP  ; payroll: acme\n    Assets:Checking  $2,875.40 = $5,210.95\n    Income:Salary   -$2,875.40\n"), r.stdout)
    }

    func testABadRowIsAnErrorAtItsLineAndNothingIsWritten() throws {
        let dir = try workspace()
        let csv = dir.appendingPathComponent("bad.csv")
        try "거래일시,적요,출금액,입금액,잔액,거래점\n2025.03.02 14:22:01,스타벅스,\"6,500\",0,\"1,993,500\",x\n2025.13.40 10:00:00,이상한 날,100,0,0,x\n"
            .write(to: csv, atomically: true, encoding: .utf8)
        let journal = dir.appendingPathComponent("house.ledger")
        let before = try Data(contentsOf: journal)
        let r = try importing(["house.ledger", "bad.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("bad.csv:3:1: error: '2025.13.40 10:00:00' does not match the date format '%Y.%m.%d %H:%M:%S'"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: journal), before)
        try "거래일시,적요,출금액,입금액,잔액,거래점\n2025.03.02 14:22:01,스타벅스,\"6,5x0\",0,0,x\n".write(to: csv, atomically: true, encoding: .utf8)
        let amount = try importing(["house.ledger", "bad.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertTrue(amount.stderr.hasPrefix("bad.csv:2:26: error: '6,5x0' is not an amount"), amount.stderr)
    }

    func testAnUnknownRulesLineIsAnErrorAtItsLine() throws {
        let dir = try workspace()
        try "skip 1\nfields date, description, amount\ntimezone +0900\n".write(to: dir.appendingPathComponent("odd.rules"), atomically: true, encoding: .utf8)
        let r = try importing(["house.ledger", "kb-2025-03.csv", "--rules", "odd.rules"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("odd.rules:3:1: error: ledgerc does not read the rules directive 'timezone'"), r.stderr)
        try "skip 1\nbalance-type =!\n".write(to: dir.appendingPathComponent("type.rules"), atomically: true, encoding: .utf8)
        let type = try importing(["house.ledger", "kb-2025-03.csv", "--rules", "type.rules"], in: dir)
        XCTAssertTrue(type.stderr.hasPrefix("type.rules:2:1: error: balance-type takes =, ==, =* or ==*"), type.stderr)
        // `&&` (as later hledgers write it) and `&` (hledger 1.25) both mean "and".
        for and in ["&&", "&"] {
            try "# 국민은행\nskip 1\nfields date, description, amount-out, amount-in, balance, _\ndate-format %Y.%m.%d %H:%M:%S\ncurrency KRW\naccount1 자산:은행:국민\naccount2 지출:미분류\nif %description 스타벅스\n\(and) %amount-out 6,500\n  account2 지출:식비:외식\n"
                .write(to: dir.appendingPathComponent("and.rules"), atomically: true, encoding: .utf8)
            let r = try importing(["house.ledger", "kb-2025-03.csv", "--rules", "and.rules", "--dry-run"], in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("2025-03-04 스타벅스 강남\n    자산:은행:국민  -6,500 KRW = 5,141,800 KRW\n    지출:식비:외식"), r.stdout)
            XCTAssertTrue(r.stdout.contains("2025-03-02 이마트 성수\n    자산:은행:국민  -45,200 KRW = 1,948,300 KRW\n    지출:미분류"), r.stdout)
        }
        // Both must match: with an amount that is not there, the block does not apply.
        let rules = try String(contentsOf: dir.appendingPathComponent("and.rules"), encoding: .utf8).replacingOccurrences(of: "6,500", with: "9,999")
        try rules.write(to: dir.appendingPathComponent("and.rules"), atomically: true, encoding: .utf8)
        let neither = try importing(["house.ledger", "kb-2025-03.csv", "--rules", "and.rules", "--dry-run"], in: dir)
        XCTAssertTrue(neither.stdout.contains("2025-03-04 스타벅스 강남\n    자산:은행:국민  -6,500 KRW = 5,141,800 KRW\n    지출:미분류"), neither.stdout)
    }

    func testAStatementThatBreaksAnAssertionWritesNothing() throws {
        let dir = try workspace()
        let csv = dir.appendingPathComponent("wrong.csv")
        // The bank says 1,993,000 after the coffee; the journal holds 1,993,500.
        try "거래일시,적요,출금액,입금액,잔액,거래점\n2025.03.02 18:05:44,이마트,\"45,200\",0,\"1,000,000\",x\n".write(to: csv, atomically: true, encoding: .utf8)
        let journal = dir.appendingPathComponent("house.ledger")
        let before = try Data(contentsOf: journal)
        let r = try importing(["house.ledger", "wrong.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("wrong.csv:2:1: error: this row would not compile in the journal: balance assertion failed"), r.stderr)
        XCTAssertTrue(r.stderr.contains("nothing was written to house.ledger"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: journal), before)
        // A later assertion of the journal that the new rows would break: shown in the journal as it would be.
        let later = dir.appendingPathComponent("later.ledger")
        try "2025-03-01 * 기초잔액\n    자산:은행:국민  2,000,000 KRW\n    자본:기초잔액\n\n2025-03-31 * 확인\n    자산:은행:국민  0 KRW = 2,000,000 KRW\n"
            .write(to: later, atomically: true, encoding: .utf8)
        let laterBefore = try Data(contentsOf: later)
        let broken = try importing(["later.ledger", "kb-2025-03.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(broken.stderr.hasPrefix("later.ledger (with the new transactions):"), broken.stderr)
        XCTAssertTrue(broken.stderr.contains("balance assertion failed"), broken.stderr)
        XCTAssertEqual(try Data(contentsOf: later), laterBefore)
    }

    /// A CP949 copy of the statement imports the same transactions as its
    /// UTF-8 original: detected, or said in the rules (`encoding cp949`).
    func testACP949StatementImportsAsItsUTF8Original() throws {
        let dir = try workspace()
        let original = try importing(["opening.ledger", "kb-2025-03.csv", "--rules", "kb.rules", "--dry-run"], in: dir)
        XCTAssertEqual(original.status, 0, original.stderr)
        let iconv = try OutputFile()
        let child = try ChildProcess.start("/usr/bin/iconv", ["-f", "UTF-8", "-t", "CP949", dir.appendingPathComponent("kb-2025-03.csv").path], stdout: iconv.descriptor)
        XCTAssertEqual(child.wait(seconds: 30), 0)
        let cp949 = try Data(contentsOf: iconv.url)
        XCTAssertNil(String(data: cp949, encoding: .utf8), "the copy is not UTF-8")
        try cp949.write(to: dir.appendingPathComponent("kb-cp949.csv"))
        let detected = try importing(["opening.ledger", "kb-cp949.csv", "--rules", "kb.rules", "--dry-run"], in: dir)
        XCTAssertEqual(detected.stdout, original.stdout, detected.stderr)
        try (try String(contentsOf: dir.appendingPathComponent("kb.rules"), encoding: .utf8) + "encoding euc-kr\n").write(to: dir.appendingPathComponent("kb949.rules"), atomically: true, encoding: .utf8)
        let said = try importing(["opening.ledger", "kb-cp949.csv", "--rules", "kb949.rules", "--dry-run"], in: dir)
        XCTAssertEqual(said.stdout, original.stdout, said.stderr)
        // Bytes that are neither: the error says what to do.
        try Data([0x64, 0x0A, 0xFF, 0xFF, 0xFF, 0x0A]).write(to: dir.appendingPathComponent("junk.csv"))
        let junk = try importing(["opening.ledger", "junk.csv", "--rules", "kb.rules"], in: dir)
        XCTAssertEqual(junk.status, 1)
        XCTAssertTrue(junk.stderr.contains("iconv -f ENCODING -t UTF-8"), junk.stderr)
    }

    func testARowNoRuleCategorizesGoesToTheUnknownAccountWithAWarning() throws {
        let dir = try workspace()
        try "skip 1\nfields date, description, amount-out, amount-in, balance, _\ndate-format %Y.%m.%d %H:%M:%S\ncurrency KRW\naccount1 자산:은행:국민\nif 스타벅스\n  account2 지출:식비:외식\n"
            .write(to: dir.appendingPathComponent("few.rules"), atomically: true, encoding: .utf8)
        let r = try importing(["opening.ledger", "kb-2025-03.csv", "--rules", "few.rules", "--dry-run"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("    지출:미분류      45,200 KRW\n"), r.stdout)
        XCTAssertTrue(r.stderr.contains("kb-2025-03.csv:3:1: warning: no rule gives this row an account2: it goes to 지출:미분류"), r.stderr)
        XCTAssertFalse(r.stderr.contains("kb-2025-03.csv:2:1: warning"), "the coffee has its rule")
        // --learn: 이마트 성수 was recorded before under 지출:식비:장보기 (paid by card), so its row goes there.
        let journal = dir.appendingPathComponent("opening.ledger")
        try (try String(contentsOf: journal, encoding: .utf8) + "\n2025-02-20 이마트 성수\n    지출:식비:장보기  10,000 KRW\n    부채:카드\n")
            .write(to: journal, atomically: true, encoding: .utf8)
        let learned = try importing(["opening.ledger", "kb-2025-03.csv", "--rules", "few.rules", "--dry-run", "--learn"], in: dir)
        XCTAssertTrue(learned.stdout.contains("2025-03-02 이마트 성수\n    자산:은행:국민   -45,200 KRW = 1,948,300 KRW\n    지출:식비:장보기  45,200 KRW\n"), learned.stdout)
        XCTAssertFalse(learned.stderr.contains("kb-2025-03.csv:3:1: warning"), learned.stderr)
    }

    /// Issue 44: statement text never becomes syntax. `(주)한빛소프트` is a
    /// description, not code `주` (written after an empty code); `* (123)` and
    /// `! foo` are not a status; a memo's `repeat: Rent` or `receipt: ...`
    /// mapped into a comment is no tag; ESC, BEL and U+2028 never reach the
    /// journal; a currency cell holding a quote cannot close the commodity and
    /// write transactions of its own.
    func testStatementTextNeverBecomesSyntax() throws {
        let dir = try workspace()
        let csv = "date,description,memo,amount\n"
            + "2025-03-25,(주)한빛소프트 3월 급여,,3200000\n"
            + "2025-03-26,* (123) PAYROLL,,100\n"
            + "2025-03-27,! foo,repeat: 월세,-3500\n"
            + "2025-03-28,\"Bell\u{07}and \u{1B}[2J clear\u{2028}x\",receipt: ../../../../etc/passwd,-1000\n"
        try csv.write(to: dir.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        try "skip 1\nfields date, description, memo, amount\ncurrency KRW\naccount1 자산:은행\naccount2 지출:기타\ncomment note: %memo\n"
            .write(to: dir.appendingPathComponent("s.rules"), atomically: true, encoding: .utf8)
        try "commodity 1,000 KRW\n\nrepeat monthly from 2025-01-27  월세\n    지출:주거  500,000 KRW\n    자산:은행\n\n2025-01-01 open\n    자산:은행  10,000,000 KRW\n    자본\n"
            .write(to: dir.appendingPathComponent("h.ledger"), atomically: true, encoding: .utf8)
        let r = try importing(["h.ledger", "s.csv", "--rules", "s.rules"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let journal = try String(contentsOf: dir.appendingPathComponent("h.ledger"), encoding: .utf8)
        XCTAssertTrue(journal.contains("2025-03-25 () (주)한빛소프트 3월 급여"), journal)
        XCTAssertTrue(journal.contains("2025-03-26 () * (123) PAYROLL"), journal)
        XCTAssertTrue(journal.contains("2025-03-27 () ! foo  ; note: repeat\u{FF1A} 월세"), journal)
        XCTAssertFalse(journal.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x1B || $0.value == 0x2028 }, journal)
        let json = try runLedgerc(["report", "transactions", dir.appendingPathComponent("h.ledger").path, "--format", "json", "--until", "2025-03-31"])
        XCTAssertTrue(json.stdout.contains("\"description\":\"(주)한빛소프트 3월 급여\""), json.stdout)
        XCTAssertTrue(json.stdout.contains("\"description\":\"* (123) PAYROLL\""), json.stdout)
        XCTAssertFalse(json.stdout.contains("\"status\":\"cleared\""), json.stdout)
        XCTAssertFalse(json.stdout.contains("\"receipt\":\"../"), json.stdout)
        // The March rent is still owed: the coffee with `repeat: 월세` in its memo fulfilled nothing.
        let register = try runLedgerc(["report", "register", dir.appendingPathComponent("h.ledger").path, "--account", "지출:주거", "--until", "2025-03-31", "--format", "csv"])
        XCTAssertEqual(register.stdout.split(separator: "\n").count, 4, register.stdout)

        // A currency cell with a quote and line breaks is refused, and nothing is written.
        try "skip 1\nfields date, description, memo, amount\ncurrency %memo\naccount1 자산:은행\naccount2 지출:기타\n"
            .write(to: dir.appendingPathComponent("c.rules"), atomically: true, encoding: .utf8)
        try "date,description,memo,amount\n2025-03-29,x,\"X\"\"\n\n2025-03-29 evil\n    Assets:Checking  $1000000\n    Income:Salary\n\",1\n"
            .write(to: dir.appendingPathComponent("c.csv"), atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: dir.appendingPathComponent("h.ledger"))
        let c = try importing(["h.ledger", "c.csv", "--rules", "c.rules"], in: dir)
        XCTAssertEqual(c.status, 1, c.stderr)
        XCTAssertTrue(c.stderr.contains("c.csv:2:"), c.stderr)
        XCTAssertTrue(c.stderr.contains("the currency holds a quote or a control character"), c.stderr)
        // Found by the rules fuzz target: a quoted commodity in the amount cell held ESC.
        try "date,description,memo,amount\n2025-03-29,x,,\"5 \"\"A\u{1B}B\"\"\"\n".write(to: dir.appendingPathComponent("q.csv"), atomically: true, encoding: .utf8)
        let q = try importing(["h.ledger", "q.csv", "--rules", "s.rules"], in: dir)
        XCTAssertEqual(q.status, 1, q.stderr)
        XCTAssertTrue(q.stderr.contains("the amount's commodity holds a quote or a control character"), q.stderr)
        XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent("h.ledger")), before)
    }

    /// Issue 44: an inflow no rule categorizes comes from 수입:미분류
    /// (Income:Unknown), as hledger's income:unknown; an outflow still goes
    /// to 지출:미분류 (Expenses:Unknown).
    func testAnUncategorizedInflowComesFromUnknownIncome() throws {
        let dir = try workspace()
        try "skip 1\nfields date, description, amount-out, amount-in, balance, _\ndate-format %Y.%m.%d %H:%M:%S\ncurrency KRW\naccount1 자산:은행:국민\n"
            .write(to: dir.appendingPathComponent("none.rules"), atomically: true, encoding: .utf8)
        let r = try importing(["opening.ledger", "kb-2025-03.csv", "--rules", "none.rules", "--dry-run"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("2025-03-03 급여\n    자산:은행:국민  3,200,000 KRW = 5,148,300 KRW\n    수입:미분류    -3,200,000 KRW\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("    지출:미분류      45,200 KRW\n"), r.stdout)
        XCTAssertTrue(r.stderr.contains("it goes to 수입:미분류"), r.stderr)
        try "skip 1\nfields date, description, amount\naccount1 Assets:Checking\ncurrency USD\n".write(to: dir.appendingPathComponent("us.rules"), atomically: true, encoding: .utf8)
        try "date,description,amount\n2025-03-02,Refund,12.50\n".write(to: dir.appendingPathComponent("in.csv"), atomically: true, encoding: .utf8)
        let us = try importing(["us.ledger", "in.csv", "--rules", "us.rules", "--dry-run"], in: dir)
        XCTAssertTrue(us.stdout.contains("Income:Unknown"), us.stdout + us.stderr)
    }

    /// Issue 44: a rules file's includes follow a journal's include rules: no
    /// cycle (`include self.rules` once ran to 34 MB), regular files only
    /// (`/dev/stdin` would read the language server's own input), and a file
    /// that is not rules is never quoted (`/etc/passwd`).
    func testRulesIncludesAreBoundedAndQuoteNothing() throws {
        let dir = try workspace()
        let secret = dir.appendingPathComponent("secret.env")
        try "GH_TOKEN=ghp_secret123\nAPI_KEY=abc\n".write(to: secret, atomically: true, encoding: .utf8)
        for (rules, says) in [("include self.rules", "'self.rules' is included again"),
                              ("include /dev/stdin", "cannot read the included rules '/dev/stdin'"),
                              ("include secret.env", "line 1 of the included 'secret.env' is not rules text ledgerc reads"),
                              ("include loop-a.rules", "'loop-a.rules' is included again")] {
            try rules.write(to: dir.appendingPathComponent("self.rules"), atomically: true, encoding: .utf8)
            try "include loop-b.rules\n".write(to: dir.appendingPathComponent("loop-a.rules"), atomically: true, encoding: .utf8)
            try "include loop-a.rules\n".write(to: dir.appendingPathComponent("loop-b.rules"), atomically: true, encoding: .utf8)
            let r = try importing(["opening.ledger", "kb-2025-03.csv", "--rules", "self.rules", "--dry-run"], in: dir)
            XCTAssertEqual(r.status, 1, rules)
            XCTAssertTrue(r.stderr.contains(says), "\(rules): \(r.stderr)")
            XCTAssertFalse(r.stderr.contains("ghp_secret") || r.stderr.contains("GH_TOKEN"), r.stderr)
        }
    }

    /// Issue 44: a rules regex that backtracking took 8 s on (a 1.4 KB field)
    /// matches in linear time; backreferences, which cannot, are refused at
    /// their line.
    func testRulesRegexesMatchInLinearTime() throws {
        let dir = try workspace()
        let long = String(repeating: "AMAZON MARKETPLACE ", count: 75)
        try "date,description,amount\n2025-03-02,\(long),-1\n2025-03-03,AMAZON PRIME,-2\n".write(to: dir.appendingPathComponent("a.csv"), atomically: true, encoding: .utf8)
        try "skip 1\nfields date, description, amount\ncurrency USD\naccount1 Assets:Cash\naccount2 Expenses:Shopping\nif .*AMAZON.*PRIME\n  account2 Expenses:Subscriptions\n"
            .write(to: dir.appendingPathComponent("a.rules"), atomically: true, encoding: .utf8)
        let r = try importing(["us.ledger", "a.csv", "--rules", "a.rules", "--dry-run"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("AMAZON PRIME\n    Assets:Cash            -2 USD\n    Expenses:Subscriptions  2 USD"), r.stdout)
        XCTAssertTrue(r.stdout.contains("    Expenses:Shopping  1 USD"), "the long field matched no subscription: \(r.stdout)")
        try "skip 1\nfields date, description, amount\nif (a)\\1\n  account2 X\n".write(to: dir.appendingPathComponent("b.rules"), atomically: true, encoding: .utf8)
        let bad = try importing(["us.ledger", "a.csv", "--rules", "b.rules", "--dry-run"], in: dir)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("b.rules:3:1: error:") && bad.stderr.contains("backreferences"), bad.stderr)
    }

    /// Issue 44: importing twice adds nothing when the journal renames the
    /// rules' account1 (`alias Bank=Assets:Checking`, `apply account`): the
    /// match uses the name the journal reads.
    func testImportingTwiceThroughAnAliasOrApplyAccountAddsNothing() throws {
        let dir = try workspace()
        try "date,description,amount\n2025-03-02,Coffee,-4.50\n".write(to: dir.appendingPathComponent("al.csv"), atomically: true, encoding: .utf8)
        try "skip 1\nfields date, description, amount\ncurrency USD\naccount1 Bank\naccount2 Expenses:Food\n".write(to: dir.appendingPathComponent("al.rules"), atomically: true, encoding: .utf8)
        for header in ["alias Bank=Assets:Checking\n", "apply account Household\n"] {
            try (header + "\n2025-01-01 open\n    Bank  100 USD\n    Equity\n").write(to: dir.appendingPathComponent("al.ledger"), atomically: true, encoding: .utf8)
            let first = try importing(["al.ledger", "al.csv", "--rules", "al.rules"], in: dir)
            XCTAssertEqual(first.stderr, "imported 1 new transaction from al.csv (0 already recorded)\n", header)
            let second = try importing(["al.ledger", "al.csv", "--rules", "al.rules"], in: dir)
            XCTAssertEqual(second.stderr, "imported 0 new transactions from al.csv (1 already recorded)\n", header)
        }
    }
}
