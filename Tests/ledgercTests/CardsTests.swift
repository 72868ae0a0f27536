import Foundation
import XCTest

/// Cards (issue 48): billing cycles, 할부, payments as occurrences, `report
/// statements`, the page's upcoming payments, and `reconcile`. The figures
/// are worked out by hand in the comments.
final class CardsTests: XCTestCase {
    let dir = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Cards")
    var card: String { dir.appendingPathComponent("card.ledger").path }

    /// The card closes on the 14th and pays on the 25th from 국민은행:
    /// - cycle to 01-14: 마트 100,000; due 01-25 is a Saturday, 01-27..30 are
    ///   설날 holidays: 01-31; paid exactly on 01-31;
    /// - cycle to 02-14: 식당 50,000 − 환불 20,000 + the first of 3 할부
    ///   portions of 1,000,000 (333,334: the remainder goes first) = 363,334,
    ///   due 02-25; 360,000 paid: 3,334 short, warned;
    /// - cycles to 03-14 and 04-14: 333,333 each, due 03-25 and 04-25: generated.
    func testCyclesInstallmentsAndPayments() throws {
        let statements = try runLedgerc(["report", "statements", card, "--until", "2025-04-30", "--format", "csv"])
        XCTAssertEqual(statements.status, 0, statements.stderr)
        XCTAssertEqual(statements.stdout, """
            card,closes,due,charges,refunds,installments,amount_due,paid,paid_on,difference
            부채:카드:신한,2025-01-14,2025-01-31,100000,0,0,100000,100000,2025-01-31,0
            부채:카드:신한,2025-02-14,2025-02-25,50000,20000,333334,363334,360000,2025-02-25,-3334
            부채:카드:신한,2025-03-14,2025-03-25,0,0,333333,333333,,,
            부채:카드:신한,2025-04-14,2025-04-25,0,0,333333,333333,,,

            """)
        XCTAssertTrue(statements.stderr.contains("card.ledger:36:1: warning: the statement of 2025-02-14 comes to 363,334 KRW; 360,000 KRW was paid on 2025-02-25: 3,334 KRW short"), statements.stderr)
        let register = try runLedgerc(["report", "register", card, "--account", "^부채:카드", "--until", "2025-04-30", "--format", "csv"])
        XCTAssertEqual(register.stdout.split(separator: "\n").suffix(2), [
            "2025-03-25,카드대금 부채:카드:신한,부채:카드:신한,333333,KRW,-336667,true",
            "2025-04-25,카드대금 부채:카드:신한,부채:카드:신한,333333,KRW,-3334,true",
        ])
        // The expense is whole on its day; only the bill is split.
        let expenses = try runLedgerc(["report", "balance", card, "--account", "^지출", "--period", "month", "--until", "2025-04-30", "--format", "csv"])
        XCTAssertTrue(expenses.stdout.contains("지출,KRW,1080000,50000,1130000"), expenses.stdout)
        // Before the horizon reaches a due day, nothing is generated for it.
        let early = try runLedgerc(["report", "register", card, "--account", "^부채:카드", "--until", "2025-03-24", "--format", "csv"])
        XCTAssertFalse(early.stdout.contains("true"), early.stdout)
        // The page shows the next payment, and the last one as recorded.
        let page = try temporaryDirectory(self).appendingPathComponent("p.html")
        let html = try runLedgerc(["report", "html", card, "--until", "2025-04-30", "-o", page.path], env: ["LEDGERC_TODAY": "2025-03-10"])
        XCTAssertEqual(html.status, 0, html.stderr)
        let text = try String(contentsOf: page, encoding: .utf8)
        let next = text.components(separatedBy: "Next 30 days").last?.components(separatedBy: "Last 30 days").first ?? ""
        XCTAssertTrue(next.contains("2025-03-25") && next.contains("카드대금 부채:카드:신한") && next.contains("333,333 KRW"), next)
    }

    /// materialize --write records the payments; again, it finds nothing to record.
    func testMaterializeRecordsThePayments() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("card.ledger")
        try FileManager.default.copyItem(atPath: card, toPath: file.path)
        let r = try runLedgerc(["materialize", file.path, "--until", "2025-04-30", "--write"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n2025-04-25 카드대금 부채:카드:신한\n    부채:카드:신한  333,333 KRW\n    자산:은행:국민  -333,333 KRW\n"), text)
        let again = try runLedgerc(["report", "register", file.path, "--until", "2025-04-30", "--format", "csv"])
        XCTAssertFalse(again.stdout.contains(",true"), again.stdout)
    }

    /// A cycle whose charges pass 38 digits is an error at the posting that
    /// passes them, never a bill with a figure left out.
    func testACycleTooLargeIsAnErrorAtItsPosting() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("big.ledger")
        let charge = "2025-01-02 a\n    지출:x  9999999999999999999999999999999999 KRW\n    부채:카드\n\n"
        try ("account 부채:카드\n    ; statement-day: 14\n    ; payment-day: 25\n    ; paid-from: 자산:은행\n\n" + String(repeating: charge, count: 20_000))
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["check", file.path, "--until", "2025-02-28"])
        XCTAssertEqual(r.status, 1)
        // The 17,015th charge is the first the sum cannot hold (Int128 holds 1.7 × 10^38).
        XCTAssertTrue(r.stderr.contains("big.ledger:68064:10: error: amount overflows: a card cycle's sum"), String(r.stderr.prefix(400)))
        let statements = try runLedgerc(["report", "statements", file.path, "--until", "2025-02-28", "--format", "csv"])
        XCTAssertEqual(statements.status, 1)
        XCTAssertFalse(statements.stdout.contains("2025-01-14"), statements.stdout)
    }

    /// A card missing a tag, or with a day that is none, is an error at its declaration.
    func testABadDeclarationIsAnError() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("bad.ledger")
        try "account 부채:카드\n    ; statement-day: 14\n    ; paid-from: 자산:은행\n\naccount 부채:카드2\n    ; statement-day: 32\n    ; payment-day: 1\n    ; paid-from: 자산:은행\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["check", file.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bad.ledger:1:9: error: the card '부채:카드' also needs payment-day"), r.stderr)
        XCTAssertTrue(r.stderr.contains("bad.ledger:6:7: error: statement-day takes a day of the month from 1 to 31, not '32'"), r.stderr)
    }

    /// Three uncleared postings (+200,000, −30,000, −5,000) against a cleared
    /// 1,000,000: a statement of 1,195,000 is explained by the first and the
    /// third; --write clears exactly those; 1,111,111 is explained by none.
    func testReconcile() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("bank.ledger")
        try FileManager.default.copyItem(at: dir.appendingPathComponent("bank.ledger"), to: file)
        let args = ["reconcile", file.path, "--account", "자산:은행:국민", "--to", "2025-03-31", "--balance"]
        let r = try runLedgerc(args + ["1,195,000 KRW"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("difference:               195,000 KRW"), r.stdout)
        XCTAssertTrue(r.stdout.contains("  * 2025-03-05  200,000 KRW  급여"), r.stdout)
        XCTAssertTrue(r.stdout.contains("    2025-03-10  -30,000 KRW  마트"), r.stdout)
        XCTAssertTrue(r.stdout.contains("  * 2025-03-12   -5,000 KRW  카페"), r.stdout)
        let before = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(try runLedgerc(args + ["1,195,000 KRW", "--write"]).status, 0)
        let after = try String(contentsOf: file, encoding: .utf8)
        XCTAssertEqual(after, before.replacingOccurrences(of: "2025-03-05 급여", with: "2025-03-05 * 급여")
                                  .replacingOccurrences(of: "2025-03-12 카페", with: "2025-03-12 * 카페"))
        let now = try runLedgerc(args + ["1,195,000 KRW"])
        XCTAssertTrue(now.stdout.contains("the cleared balance is the statement's"), now.stdout)
        // With every uncleared posting on the statement, the balance is asserted on the last.
        try before.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runLedgerc(args + ["1,165,000 KRW", "--write"]).status, 0)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("    자산:은행:국민  -5,000 KRW = 1,165,000 KRW  ; note"))
        XCTAssertEqual(try runLedgerc(["check", file.path]).status, 0)
        let none = try runLedgerc(args + ["1,111,111 KRW"])
        XCTAssertEqual(none.status, 1)
        XCTAssertTrue(none.stdout.contains("no set of uncleared postings makes up the difference"), none.stdout)
        let unknown = try runLedgerc(["reconcile", file.path, "--account", "자산:없음", "--to", "2025-03-31", "--balance", "1 KRW"])
        XCTAssertEqual(unknown.status, 2)
    }

    /// A card's opening written beside its `paid-from` bank (issue 55) is a
    /// charge billed in its cycle, not a payment: the 01-14 payment pays it.
    func testAnOpeningBesideThePaidFromBankIsBilled() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("opening.ledger")
        try """
            account 부채:카드:삼성
                ; statement-day: 31
                ; payment-day: 14
                ; paid-from: 자산:은행:국민

            2024-12-31 * 기초 잔액
                자산:은행:국민  2,000,000원
                부채:카드:삼성  -100,000원
                자본:기초잔액

            2025-01-14 * 삼성카드 결제
                부채:카드:삼성  100,000원
                자산:은행:국민

            """.write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["report", "statements", file.path, "--until", "2025-01-31", "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            card,closes,due,charges,refunds,installments,amount_due,paid,paid_on,difference
            부채:카드:삼성,2024-12-31,2025-01-14,100000,0,0,100000,100000,2025-01-14,0

            """)
    }

    /// A 할부 purchase refunded in full (issue 55) bills nothing: in its own
    /// cycle the plan is cancelled before its first portion; refunded a
    /// cycle later, the portion already billed comes back in the refund's
    /// cycle and no portion follows. A partial refund takes back what is not
    /// yet billed and the rest is split again over the remaining statements.
    func testARefundedInstallmentPlan() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("refund.ledger")
        let head = """
            account 부채:카드:현대
                ; statement-day: 31
                ; payment-day: 14
                ; paid-from: 자산:은행

            2025-07-05 전자랜드  ; 할부: 3
                지출:가전  1,490,000원
                부채:카드:현대

            2025-07-20 식당
                지출:식비  10,000원
                부채:카드:현대


            """
        func statements(_ refund: String) throws -> String {
            try (head + refund).write(to: file, atomically: true, encoding: .utf8)
            let r = try runLedgerc(["report", "statements", file.path, "--until", "2025-10-31", "--format", "csv"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        let header = "card,closes,due,charges,refunds,installments,amount_due,paid,paid_on,difference\n"
        // Refunded in July: 1,490,000 = 496,668 + 496,666 + 496,666, none billed.
        XCTAssertEqual(try statements("2025-07-09 전자랜드 취소\n    부채:카드:현대  1,490,000원\n    지출:가전\n"), header + """
            부채:카드:현대,2025-07-31,2025-08-14,10000,0,0,10000,,,

            """)
        // Refunded in August: July's 496,668 comes back in August.
        XCTAssertEqual(try statements("2025-08-09 전자랜드 취소\n    부채:카드:현대  1,490,000원\n    지출:가전\n"), header + """
            부채:카드:현대,2025-07-31,2025-08-14,10000,0,496668,506668,,,
            부채:카드:현대,2025-08-31,2025-09-15,0,496668,0,-496668,,,

            """)
        // 290,000 refunded in August: 993,332 unbilled less 290,000 is 703,332, in two.
        XCTAssertEqual(try statements("2025-08-09 전자랜드 부분취소\n    부채:카드:현대  290,000원\n    지출:가전\n"), header + """
            부채:카드:현대,2025-07-31,2025-08-14,10000,0,496668,506668,,,
            부채:카드:현대,2025-08-31,2025-09-15,0,0,351666,351666,,,
            부채:카드:현대,2025-09-30,2025-10-14,0,0,351666,351666,,,

            """)
        // A refund of another shop is an ordinary refund; the plan goes on.
        XCTAssertTrue(try statements("2025-08-09 마트 환불\n    부채:카드:현대  5,000원\n    지출:식비\n").contains("부채:카드:현대,2025-08-31,2025-09-15,0,5000,496666,491666,,,"))
    }

    /// Issue 55: a 38,000 purchase, its 취소 and a 9,000 lunch, all
    /// uncleared, with a difference of -9,000: {lunch} and {lunch, purchase,
    /// 취소} both make it up, so reconcile says so, shows both, exits 1 and
    /// --write writes nothing. The statement itself (--statement) tells: its
    /// rows are the three, and --write clears them.
    func testAnAmbiguousReconcileGuessesNothingAndTheStatementTells() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("rc.ledger")
        let journal = """
            commodity 1,000 KRW

            2025-03-01 * 기초
                자산:은행  100,000 KRW
                자본:기초

            2025-03-05 마트
                지출:식비  38,000 KRW
                자산:은행  -38,000 KRW

            2025-03-06 마트 취소
                지출:식비  -38,000 KRW
                자산:은행  38,000 KRW

            2025-03-07 점심
                지출:식비  9,000 KRW
                자산:은행  -9,000 KRW

            """
        try journal.write(to: file, atomically: true, encoding: .utf8)
        let args = ["reconcile", file.path, "--account", "자산:은행", "--to", "2025-03-31", "--balance", "91,000 KRW"]
        let guess = try runLedgerc(args + ["--write"])
        XCTAssertEqual(guess.status, 1, guess.stderr)
        XCTAssertTrue(guess.stdout.contains("2 sets of uncleared postings make up the difference; the sum cannot tell which the statement holds"), guess.stdout)
        XCTAssertTrue(guess.stdout.contains("set 1 (1 posting):\n    2025-03-07   -9,000 KRW  점심"), guess.stdout)
        XCTAssertTrue(guess.stdout.contains("set 2 (3 postings):"), guess.stdout)
        XCTAssertTrue(guess.stdout.contains("postings that cancel each other are in play"), guess.stdout)
        XCTAssertFalse(guess.stdout.contains("  * "), guess.stdout)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), journal)

        try "fields date, description, amount, balance\ncurrency KRW\naccount1 자산:은행\naccount2 지출:식비\n".write(to: dir.appendingPathComponent("s.rules"), atomically: true, encoding: .utf8)
        try "2025-03-05,마트,-38000,62000\n2025-03-06,마트 취소,38000,100000\n2025-03-07,점심,-9000,91000\n".write(to: dir.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        let statement = ["reconcile", file.path, "--statement", dir.appendingPathComponent("s.csv").path, "--rules", dir.appendingPathComponent("s.rules").path]
        let told = try runLedgerc(statement + ["--write"])
        XCTAssertEqual(told.status, 0, told.stdout + told.stderr)
        XCTAssertTrue(told.stdout.contains("the statement's 3 rows up to 2025-03-07: 3 uncleared here (*), 0 already cleared, 0 not in the journal"), told.stdout)
        let after = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(after.contains("2025-03-05 * 마트\n") && after.contains("2025-03-06 * 마트 취소\n"), after)
        XCTAssertTrue(after.contains("    자산:은행  -9,000 KRW = 91,000 KRW\n"), after)
        XCTAssertEqual(try runLedgerc(["check", file.path]).status, 0)
        // A row the journal lacks is named, and the run fails.
        try "2025-03-07,점심,-9000,91000\n2025-03-08,편의점,-2000,89000\n".write(to: dir.appendingPathComponent("s.csv"), atomically: true, encoding: .utf8)
        let short = try runLedgerc(statement)
        XCTAssertEqual(short.status, 1, short.stdout)
        XCTAssertTrue(short.stdout.contains("2025-03-08  -2,000 KRW  편의점  (not in the journal: import it first)"), short.stdout)
    }

    /// With more uncleared postings than are searched exactly, a set found
    /// among the latest cannot be known to be the only one: nothing is written.
    func testManyUnclearedPostingsWriteNothing() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("many.ledger")
        var text = "2025-01-01 * 기초\n    자산:은행  1,000,000 KRW\n    자본:기초\n\n"
        for k in 0..<45 { text += "2025-02-\(String(format: "%02d", k % 28 + 1)) 가게\(k)\n    지출:x  \(1000 + k * 7) KRW\n    자산:은행  -\(1000 + k * 7) KRW\n\n" }
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["reconcile", file.path, "--account", "자산:은행", "--to", "2025-02-28", "--balance", "\(1_000_000 - (1000 + 44 * 7)) KRW", "--write"])
        XCTAssertEqual(r.status, 1, r.stdout)
        XCTAssertTrue(r.stdout.contains("there are 45 uncleared postings; the latest 40 were searched exactly"), r.stdout)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), text)
    }

    /// Issue 56: a 할부 charge whose portions fall past 9999-12-31 trapped
    /// (a force-unwrapped date); they are billed on the calendar's last cycle.
    func testPortionsPastTheCalendarsEndDoNotTrap() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("far.ledger")
        try "account 부채:카드\n    ; statement-day: 14\n    ; payment-day: 25\n    ; paid-from: 자산:은행\n\n9999-12-10 x  ; 할부: 3\n    지출:x  3,000 KRW\n    부채:카드\n"
            .write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runLedgerc(["check", file.path]).status, 0)
        let r = try runLedgerc(["report", "statements", file.path, "--until", "9999-12-31", "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("부채:카드,9999-12-14,9999-12-27,0,0,3000,3000,,,"), r.stdout)
    }

    /// Issue 56: a `;` inside a quoted commodity is no comment: the
    /// assertion goes after the amount, not into the commodity's name.
    func testReconcileAssertsAfterAQuotedCommodityWithASemicolon() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("ab.ledger")
        try "2025-01-01 * open\n    a  10 \"A;B\"\n    e\n\n2025-01-05 x\n    a  5 \"A;B\"\n    e\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["reconcile", file.path, "--account", "a", "--to", "2025-01-31", "--balance", "15 \"A;B\"", "--write"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stderr.contains("not asserted"), r.stderr)
        XCTAssertTrue(try String(contentsOf: file, encoding: .utf8).contains("    a  5 \"A;B\" = 15 \"A;B\"\n"))
        XCTAssertEqual(try runLedgerc(["check", file.path]).status, 0)
    }
}
