import XCTest
@testable import LedgerCore

/// One `Query` (issue 45): the filter options and hledger's query terms (an
/// automated transaction's `= QUERY`) read into the same value and are
/// matched by the same `QueryMatcher`.
final class OneQueryTests: XCTestCase {
    let text = """
    2025-01-05 * (A1) Landlord | rent  ; kind: fixed
        expenses:rent  650 USD
        assets:bank
    2025-01-10 ! Cafe | coffee
        expenses:food:cafe  6.30 USD  ; trip: seoul
        assets:cash
    2025-01-12 Market | groceries
        expenses:food:market  95 EUR
        [budget:food]  -95 EUR
        assets:bank  -95 EUR
        [budget:left]  95 EUR
    """

    func matched(_ query: Query) -> [String] {
        let ledger = compileText(text).ledger
        let matcher = QueryMatcher(query, accounts: ledger.journal.accounts, commodities: ledger.journal.commodities)
        var out: [String] = []
        for t in ledger.ordered {
            for p in t.postings where matcher.matches(t, p) { out.append("\(t.date) \(ledger.journal.accounts[p.account])") }
        }
        return out
    }

    func flags(_ pairs: [(String, String)]) throws -> Query {
        var q = Query()
        for (option, value) in pairs { try q.add(option: option, value: value) }
        return q
    }

    func hledger(_ text: String) throws -> Query {
        try Query.parse(hledger: text).get()
    }

    /// The same question asked both ways gets the same postings.
    func testFlagsAndHledgerTermsAgree() throws {
        let pairs: [([(String, String)], String)] = [
            ([("--account", "food")], "food"),
            ([("--account", "/^expenses:food/")], "acct:^expenses:food"),
            ([("--not-account", "bank")], "not:bank"),
            ([("--payee", "cafe")], "payee:cafe"),
            ([("--note", "rent")], "desc:rent"),
            ([("--status", "cleared")], "status:*"),
            ([("--status", "pending")], "status:!"),
            ([("--tag", "trip")], "tag:^trip$"),
            ([("--tag", "kind=fix")], "tag:^kind$=fix"),
            ([("--amount", ">=100")], "amt:>=+100"),
            ([("--account", "expenses"), ("--status", "unmarked")], "expenses status:"),
        ]
        for (options, terms) in pairs {
            let a = matched(try flags(options)), b = matched(try hledger(terms))
            XCTAssertFalse(a.isEmpty, terms)
            XCTAssertEqual(a, b, terms)
        }
    }

    /// How terms of one field combine: the filter options take any of a
    /// kind's patterns; hledger any account, description or status, but all
    /// of the other fields' terms.
    func testHowTermsCombine() throws {
        XCTAssertEqual(matched(try flags([("--payee", "cafe"), ("--payee", "market")])).count, 2 + 4)
        XCTAssertEqual(matched(try hledger("payee:cafe payee:market")), [])
        XCTAssertEqual(matched(try hledger("cafe market")).count, 2)
        XCTAssertEqual(matched(try hledger("real:")).count, 2 + 2 + 2)
        XCTAssertEqual(matched(try hledger("real:n")), ["2025-01-12 budget:food", "2025-01-12 budget:left"])
        XCTAssertEqual(matched(try hledger("cur:EUR not:budget")), ["2025-01-12 expenses:food:market", "2025-01-12 assets:bank"])
        XCTAssertEqual(matched(try hledger("cur:EU")), [], "cur: matches the whole symbol")
        XCTAssertEqual(matched(try hledger("code:A1 amt:+650")), ["2025-01-05 expenses:rent"])
        XCTAssertEqual(matched(try hledger("amt:650")).count, 2, "without a sign, magnitudes")
    }

    /// An automated transaction's query is the same value, applied by the same matcher.
    func testAnAutomatedQueryIsAQuery() throws {
        let c = compileText(text + "\n= payee:cafe\n    (savings)  *1\n")
        XCTAssertEqual(c.ledger.journal.automatedRules.first?.filter, try hledger("payee:cafe"))
        let added = c.ledger.transactions.flatMap(\.postings).filter { c.ledger.journal.accounts[$0.account] == "savings" }
        XCTAssertEqual(added.count, 2)
    }

    /// hledger's `date:`, `date2:` and `depth:` are the query's (Query.hs),
    /// read with a day for relative periods; an automated rule refuses them.
    func testDateSecondDateAndDepthTerms() throws {
        let today = try XCTUnwrap(CivilDate.parse("2025-02-15"))
        let q = try Query.parse(hledger: "date:2025-01-06..2025-01-12 date2:2025 depth:2 food", today: today).get()
        XCTAssertEqual(q.date, DateSpan(from: CivilDate.parse("2025-01-06"), to: CivilDate.parse("2025-01-11")), "A..B ends before B")
        XCTAssertEqual(q.date2, DateSpan(from: CivilDate.parse("2025-01-01"), to: CivilDate.parse("2025-12-31")))
        XCTAssertEqual(q.depth, 2)
        XCTAssertEqual(matched(q), ["2025-01-10 expenses:food:cafe"])
        let lastMonth = try Query.parse(hledger: "date:lastmonth", today: today).get()
        XCTAssertEqual(lastMonth.date, DateSpan(from: CivilDate.parse("2025-01-01"), to: CivilDate.parse("2025-01-31")))
        // Two date terms keep the days of both (hledger ANDs them), `DATE-` is open-ended.
        let both = try Query.parse(hledger: "date:2019-02 date:2019-01-01-", today: today).get()
        XCTAssertEqual(both.date, DateSpan(from: CivilDate.parse("2019-02-01"), to: CivilDate.parse("2019-02-28")))
        XCTAssertEqual(try Query.parse(hledger: "date:q3", today: today).get().date, DateSpan(from: CivilDate.parse("2025-07-01"), to: CivilDate.parse("2025-09-30")))
        XCTAssertEqual(try Query.parse(hledger: "date:mar", today: today).get().date, DateSpan(from: CivilDate.parse("2025-03-01"), to: CivilDate.parse("2025-03-31")))
        XCTAssertEqual(try Query.parse(hledger: "'date:to next month'", today: today).get().date, DateSpan(from: nil, to: CivilDate.parse("2025-02-28")))
        XCTAssertEqual(try Query.parse(hledger: "depth:0", today: today).get().depth, 0, "depth 0: one row, as hledger has it")
        guard case .failure(let bad) = Query.parse(hledger: "depth:-1", today: today) else { return XCTFail("depth:-1 read") }
        XCTAssertEqual(bad.term, "depth:-1")
        guard case .failure(let refused) = Query.parse(hledger: "date:2025") else { return XCTFail("an automated rule read date:") }
        XCTAssertTrue(refused.unsupported)
    }

    /// hledger's command line is read into one request: its query, period, interval and depth.
    func testAHledgerCommandLineIsARequest() throws {
        let today = try XCTUnwrap(CivilDate.parse("2025-02-15"))
        let r = try HledgerRequest(["-f", "x.journal", "bal", "-MT", "-2", "food", "date:2025q1", "-C", "--value=cost"], today: today)
        XCTAssertEqual(r.command, "balance")
        XCTAssertEqual(r.words.files, ["x.journal"])
        XCTAssertEqual(r.options.grouping, .month)
        XCTAssertEqual(r.options.depth, 2)
        XCTAssertEqual(r.options.period, DateSpan(from: CivilDate.parse("2025-01-01"), to: CivilDate.parse("2025-03-31")))
        XCTAssertNil(r.options.query.date, "the date: term became the report's period")
        XCTAssertEqual(r.options.query.terms.map(\.field), [.account, .status])
        XCTAssertTrue(r.words.has("-T"))
        XCTAssertNotNil(r.options.valuation)
        XCTAssertThrowsError(try HledgerRequest(["-f", "x", "bal", "--bogus"], today: today))
        XCTAssertThrowsError(try HledgerRequest(["-f", "x", "reg", "-B", "-V"], today: today))
        XCTAssertEqual(try HledgerRequest(["-f", "x", "acc"], today: today).command, "accounts", "a unique prefix")
    }

    /// hledger's report through the library: the request and the one balance engine give
    /// hledger 1.25's own text (recorded with `hledger -f h.journal bal -M`).
    func testAHledgerReportThroughTheLibrary() throws {
        let c = compileText("""
        2025-01-05 마트
            expenses:food  $10.50
            assets:cash

        2025-02-01 salary
            assets:bank  $1,000.00
            income:salary
        """)
        XCTAssertFalse(c.hasErrors)
        let request = try HledgerRequest(["-f", "h.journal", "bal", "-M"], today: try XCTUnwrap(CivilDate.parse("2025-12-31")))
        let text = String(decoding: try request.output(c).bytes, as: UTF8.self)
        XCTAssertEqual(text, """
        Balance changes in 2025-01-01..2025-02-28:

                       ||     Jan         Feb\u{20}
        ===============++=====================
         assets:bank   ||       0   $1,000.00\u{20}
         assets:cash   || $-10.50           0\u{20}
         expenses:food ||  $10.50           0\u{20}
         income:salary ||       0  $-1,000.00\u{20}
        ---------------++---------------------
                       ||       0           0\u{20}

        """)
    }
}
