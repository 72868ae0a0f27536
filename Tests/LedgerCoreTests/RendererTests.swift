import XCTest
@testable import LedgerCore

/// One table through the three renderers: each writes the cells its own way.
final class RendererTests: XCTestCase {
    func testOneTableInEveryFormat() throws {
        var accounts = AccountTable()
        let food = accounts.intern("지출:식비")
        var commodities = CommodityTable()
        let krw = commodities.intern("KRW")
        commodities.observe(krw, scale: 0, symbolFirst: false, spaced: true, grouped: true)
        let columns = [Column("account", "Account"), Column("amount", "Amount", numeric: true),
                       Column("share_of_total", "Share", numeric: true), Column("note", "", in: .data)]
        let rows: [[Cell]] = [[.account(food), .amount(ExactDecimal(1234567), krw), .fraction(ExactDecimal(mantissa: 5523, scale: 4), fourPlaces: true), .missing]]
        let document = ReportDocument([ReportTable(name: "rows", columns: columns, rows: rows)], until: CivilDate(year: 2025, month: 1, day: 31)!)
        func render(_ f: OutputFormat) -> String {
            String(decoding: f.render(document, accounts: accounts, commodities: commodities), as: UTF8.self)
        }
        XCTAssertEqual(render(.csv), "account,amount,share_of_total,note\n지출:식비,1234567,0.5523,\n")
        XCTAssertEqual(render(.json), """
        {
          "ledgerc": 1,
          "until": "2025-01-31",
          "rows": [
            {
              "account": "지출:식비",
              "amount": "1234567",
              "shareOfTotal": "0.5523",
              "note": null
            }
          ]
        }

        """)
        XCTAssertEqual(render(.text), """
        Account           Amount  Share
        ---------  -------------  -----
        지출:식비  1,234,567 KRW  55.2%

        """)
    }

    func testEmptyTextAndCamelCaseKeys() {
        XCTAssertEqual(Column.camelCase("unrealized_gain_pct"), "unrealizedGainPct")
        let document = ReportDocument([ReportTable(name: "rows", columns: [Column("a", "A")])], until: CivilDate(year: 2025, month: 1, day: 1)!,
                                      text: .tables(empty: "Nothing.\n"))
        XCTAssertEqual(OutputFormat.text.render(document, accounts: AccountTable(), commodities: CommodityTable()), Array("Nothing.\n".utf8))
    }

    /// A nested table written whole into a streamed row gives the same JSON
    /// and CSV as the same rows built, and as the nested rows streamed.
    func testNestedTablesRenderTheSameBuiltOrStreamed() {
        let accounts = AccountTable(), commodities = CommodityTable()
        let inner = [Column("name", "Name"), Column("count", "Count", numeric: true)]
        let outer = [Column("group", "Group"), Column("items", "", in: [.json])]
        let items = ReportTable(name: "items", columns: inner, rows: [[.text("a"), .count(1)], [.text("b"), .count(2)]])
        let until = CivilDate(year: 2025, month: 1, day: 1)!
        let built = ReportDocument([ReportTable(name: "groups", columns: outer, rows: [[.text("g"), .table(items)]])], until: until)
        let whole = ReportDocument([ReportTable(name: "groups", columns: outer) { w in
            w.cell(.text("g")); w.cell(.table(items)); w.endRow()
        }], until: until)
        let streamed = ReportDocument([ReportTable(name: "groups", columns: outer) { w in
            w.cell(.text("g"))
            w.beginTable(inner, title: nil)
            w.cell(.text("a")); w.cell(.count(1)); w.endRow()
            w.cell(.text("b")); w.cell(.count(2)); w.endRow()
            w.endTable()
            w.endRow()
        }], until: until)
        for format in [OutputFormat.json, .csv] {
            let expected = format.render(built, accounts: accounts, commodities: commodities)
            XCTAssertEqual(format.render(whole, accounts: accounts, commodities: commodities), expected, "\(format)")
            XCTAssertEqual(format.render(streamed, accounts: accounts, commodities: commodities), expected, "\(format)")
        }
        XCTAssertEqual(String(decoding: OutputFormat.json.render(built, accounts: accounts, commodities: commodities), as: UTF8.self), """
        {
          "ledgerc": 1,
          "until": "2025-01-01",
          "groups": [
            {
              "group": "g",
              "items": [
                {
                  "name": "a",
                  "count": 1
                },
                {
                  "name": "b",
                  "count": 2
                }
              ]
            }
          ]
        }

        """)
        XCTAssertEqual(OutputFormat.csv.render(built, accounts: accounts, commodities: commodities), Array("group\ng\n".utf8))
    }

    /// Won on a Korean axis: 만 and 억 (and 조), as Korean writes money; other axes as before.
    func testWonOnAKoreanAxis() {
        XCTAssertEqual(Chart.won(0), "0")
        XCTAssertEqual(Chart.won(5_000), "5,000")
        XCTAssertEqual(Chart.won(15_000), "1.5만")
        XCTAssertEqual(Chart.won(2_000_000), "200만")
        XCTAssertEqual(Chart.won(40_000_000), "4,000만")
        XCTAssertEqual(Chart.won(120_000_000), "1.2억")
        XCTAssertEqual(Chart.won(-300_000_000), "-3억")
        XCTAssertEqual(Chart.won(2_500_000_000_000), "2.5조")
        XCTAssertEqual(Chart.short(40_000_000), "40M")
    }

    /// A month under a Korean chart: `3월`, with the year on the first and on January.
    func testMonthLabelsInKorean() {
        let saved = Language.current
        defer { Language.current = saved }
        Language.current = .korean
        XCTAssertEqual(Chart.monthLabel("2025-03", first: false), "3월")
        XCTAssertEqual(Chart.monthLabel("2025-03", first: true), "2025년 3월")
        XCTAssertEqual(Chart.monthLabel("2026-01", first: false), "2026년 1월")
        XCTAssertEqual(Chart.monthLabel("2025Q1", first: false), "2025Q1")
        Language.current = .english
        XCTAssertEqual(Chart.monthLabel("2025-03", first: false), "2025-03")
    }

    /// Locale names as POSIX writes them.
    func testLocaleNames() {
        XCTAssertEqual(Language(locale: "ko_KR.UTF-8"), .korean)
        XCTAssertEqual(Language(locale: "ko_KR.eucKR"), .korean)
        XCTAssertEqual(Language(locale: "ko"), .korean)
        XCTAssertEqual(Language(locale: "kok_IN"), .english, "Konkani is not Korean")
        XCTAssertEqual(Language(locale: "C.UTF-8"), .english)
        XCTAssertEqual(Language.fromEnvironment { ["LC_ALL": "", "LC_MESSAGES": "ko_KR", "LANG": "C"][$0] }, .korean)
        XCTAssertEqual(Language.fromEnvironment { ["LC_ALL": "C", "LANG": "ko_KR.UTF-8"][$0] }, .english)
        XCTAssertEqual(Language.fromEnvironment { _ in nil }, .english)
    }
}
