import XCTest
@testable import LedgerCore

/// The library calls behind `reconcile`, `rename` and the cards, tested
/// without the binary (issue 57): each reads the engine, and each can fail.
final class WriterLibraryTests: XCTestCase {
    /// Reconcile's cleared balance is the account's cleared movements (its subaccounts' too), summed
    /// by the engine; the uncleared postings are the candidates; an ambiguous difference is said.
    func testReconcileReadsTheClearedMovements() throws {
        let c = compileText("""
        2025-03-01 * 월급
            자산:은행  3,000,000 KRW
            수입:급여
        2025-03-05 * 월세
            자산:은행:자동이체  -650,000 KRW
            지출:주거
        2025-03-10 마트
            자산:은행  -45,000 KRW
            지출:식비
        2025-03-11 마트
            자산:은행  -45,000 KRW
            지출:식비
        2025-04-01 * 4월
            자산:은행  1 KRW
            수입:급여
        """)
        let to = try XCTUnwrap(CivilDate.parse("2025-03-31"))
        let r = try Reconciliation.make(c, accountName: "자산:은행", to: to, balanceText: "2,305,000 KRW").get()
        XCTAssertEqual(r.cleared, ExactDecimal(2_350_000), "3,000,000 − 650,000 (a subaccount's), not April's")
        XCTAssertEqual(r.uncleared.count, 2)
        XCTAssertEqual(r.difference, ExactDecimal(-45_000))
        XCTAssertGreaterThan(r.sets, 1, "two postings of 45,000 explain it: the sum cannot tell which")
        guard case .failure = Reconciliation.make(c, accountName: "자산:없음", to: to, balanceText: "0 KRW") else { return XCTFail("an unknown account") }
    }

    /// A rename's edits name every place the account is written, and the checked edit keeps every figure.
    func testRenameEditsEveryPlaceAndKeepsTheFigures() throws {
        let c = compileText("""
        account 지출:식비
        2025-03-10 마트
            지출:식비  45,000 KRW
            자산:현금
        = 지출:식비
            (예산:식비)  *-1
        """)
        let rename = try XCTUnwrap(AccountRename(c, old: "지출:식비", new: "지출:음식"))
        XCTAssertEqual(rename.edits.count, 3, "the declaration, the posting and the automated rule's query")
        var options = CompileOptions()
        options.horizon = c.ledger.until
        let checked = rename.check(c, merge: false, options: options)
        XCTAssertNil(checked.problem)
        XCTAssertEqual(checked.outcome?.isSafe, true)
        XCTAssertNil(AccountRename(c, old: "지출:없음", new: "x"))
    }

    /// A card's cycles are computed once with its payments and kept on the ledger: the statement,
    /// the page and the hover read the same cycles (the 할부 portions, a refund, the due days).
    func testCardCyclesAreKeptOnTheLedger() throws {
        let c = compileText("""
        account 부채:카드:신한
            ; statement-day: 14
            ; payment-day: 25
            ; paid-from: 자산:은행
        2025-01-10 마트
            지출:식비  100,000 KRW
            부채:카드:신한
        2025-01-20 노트북  ; 할부: 3
            지출:가전  1,000,000 KRW
            부채:카드:신한
        """, until: "2025-04-30")
        let (rule, cycles) = try XCTUnwrap(c.ledger.cardCycles.first)
        XCTAssertNotNil(c.ledger.journal.rules[Int(rule)].card)
        XCTAssertEqual(cycles.map(\.closes.description), ["2025-01-14", "2025-02-14", "2025-03-14", "2025-04-14"])
        let krw = try XCTUnwrap(c.ledger.journal.commodities.lookup("KRW"))
        XCTAssertEqual(cycles.map { $0.amountDue.quantity(krw) }, [ExactDecimal(100_000), ExactDecimal(333_334), ExactDecimal(333_333), ExactDecimal(333_333)])
        // The report reads the same cycles.
        let report = try CardStatementsReport(ledger: c.ledger, options: ReportOptions()).document()
        XCTAssertEqual(report.tables.first?.rows.count, 4)
    }

    /// A card's cycles are the card's movements in the one stream, billed by day: over all
    /// cycles, charges − refunds is what the card's non-payment movements moved, and what was
    /// paid is what the payments moved (a `repeat` charge on the card included); the payments
    /// the cycles leave unpaid take their place in the ledger's order.
    func testCardCyclesAreTheCardsMovements() throws {
        let c = compileText("""
        account 부채:카드:국민
            ; statement-day: 31
            ; payment-day: 15
            ; paid-from: 자산:은행
        repeat monthly from 2025-01-05  넷플릭스
            지출:구독료  13,900 KRW
            부채:카드:국민
        2025-01-03 편의점
            지출:식비  4,500 KRW
            부채:카드:국민
        2025-01-20 반품
            부채:카드:국민  2,000 KRW
            지출:식비
        2025-02-15 카드대금
            부채:카드:국민  16,400 KRW
            자산:은행
        2025-02-28 서점
            지출:도서  22,000 KRW
            부채:카드:국민
        """, until: "2025-04-30")
        XCTAssertFalse(c.hasErrors, "\(c.diagnostics.sorted().map(\.message))")
        let card = try XCTUnwrap(c.ledger.journal.accounts.lookup("부채:카드:국민"))
        let krw = try XCTUnwrap(c.ledger.journal.commodities.lookup("KRW"))
        let cycles = try XCTUnwrap(c.ledger.cardCycles.first?.value)
        var billed = ExactDecimal.zero, paid = ExactDecimal.zero
        for cycle in cycles {
            billed = try billed.plus(cycle.charges.quantity(krw), at: nil).minus(cycle.refunds.quantity(krw), at: nil)
            paid = try paid.plus(cycle.paid.quantity(krw), at: nil)
        }
        var moved = ExactDecimal.zero, payments = ExactDecimal.zero
        var stream = Movements(c.ledger)
        stream.recordedOnly = false
        try stream.forEach { (m) throws(AmountOverflow) in
            guard m.account == card else { return }
            let t = c.ledger.transactions[Int(m.transaction)]
            if t.generated.map({ c.ledger.journal.rules[Int($0.rule)].card != nil }) == true { return }
            if t.description == "카드대금" { payments = try payments.plus(m.amount.quantity, at: nil) } else { moved = try moved.plus(m.amount.quantity, at: nil) }
        }
        XCTAssertEqual(billed, moved.negated)
        XCTAssertEqual(paid, payments)
        XCTAssertEqual(billed, ExactDecimal(4_500 - 2_000 + 13_900 * 4 + 22_000))
        // January's bill (4,500 − 2,000 + 13,900) was paid; February's, March's and April's are generated.
        let generated = c.ledger.ordered.filter { $0.generated.map { c.ledger.journal.rules[Int($0.rule)].card != nil } ?? false }
        XCTAssertEqual(generated.map(\.date.description), ["2025-03-17", "2025-04-15"])
        // The order's rule: by day, recorded before generated, then as added.
        let keys = c.ledger.order.map { n in
            let t = c.ledger.transactions[Int(n)]
            return (t.date.day, t.generated == nil ? 0 : 1, n)
        }
        XCTAssertTrue(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
    }
}
