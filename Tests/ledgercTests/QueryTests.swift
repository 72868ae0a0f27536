import Foundation
import XCTest

/// Filters, dates as people say them, and the balance modes, end to end
/// through the binary (figures worked out by hand from the journal below).
final class QueryTests: XCTestCase {
    static let journal = """
    account 자산:은행
    account 자산:현금
    account 지출:식비:장보기
    account 지출:식비:외식
    account 지출:주거:월세
    account 수입:급여

    2025-01-05 * 월세  ; type: fixed
        지출:주거:월세         650,000 KRW
        자산:은행

    2025-01-10 ! 이마트 | 장보기
        지출:식비:장보기        46,800 KRW
        자산:현금

    2025-01-25 * 회사 | 월급
        자산:은행            3,200,000 KRW
        수입:급여

    2025-02-05 * 월세  ; type: fixed
        지출:주거:월세         650,000 KRW
        자산:은행

    2025-02-11 스타벅스  ; trip: busan
        지출:식비:외식           6,300 KRW  ; :coffee:
        자산:현금

    2025-03-28 이마트 | 장보기
        지출:식비:장보기        95,000 KRW
        자산:은행  ; :card:

    repeat monthly from 2025-04-05  월세
        지출:주거:월세         650,000 KRW
        자산:은행

    """

    var path = ""

    override func setUpWithError() throws {
        let dir = try temporaryDirectory(self)
        path = dir.appendingPathComponent("house.ledger").path
        try QueryTests.journal.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The CSV of a report (header dropped), with today pinned to 2025-03-31.
    func csv(_ args: [String], today: String = "2025-03-31", file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let r = try runLedgerc(["report"] + args + [path, "--format", "csv"], env: ["LEDGERC_TODAY": today])
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        return Array(r.stdout.split(separator: "\n").dropFirst().map(String.init))
    }

    /// `date,account,amount` of each register line.
    func register(_ args: [String], today: String = "2025-03-31", file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try csv(["register"] + args, today: today, file: file, line: line).map { row in
            let f = row.split(separator: ",", omittingEmptySubsequences: false)
            return "\(f[0]) \(f[2]) \(f[3])"
        }
    }

    // MARK: Filters

    func testRepeatedAccountFiltersWiden() throws {
        XCTAssertEqual(try register(["--account", "식비", "--account", "월세"]), [
            "2025-01-05 지출:주거:월세 650000", "2025-01-10 지출:식비:장보기 46800",
            "2025-02-05 지출:주거:월세 650000", "2025-02-11 지출:식비:외식 6300", "2025-03-28 지출:식비:장보기 95000",
        ])
    }

    func testFiltersOfDifferentKindsMustAllMatch() throws {
        XCTAssertEqual(try register(["--account", "식비", "--status", "cleared"]), [])
        XCTAssertEqual(try register(["--account", "식비", "--status", "pending"]), ["2025-01-10 지출:식비:장보기 46800"])
        XCTAssertEqual(try register(["--account", "자산", "--status", "unmarked"]), ["2025-02-11 자산:현금 -6300", "2025-03-28 자산:은행 -95000"])
    }

    func testNotAccount() throws {
        XCTAssertEqual(try register(["--account", "지출", "--not-account", "월세", "--not-account", "외식"]), [
            "2025-01-10 지출:식비:장보기 46800", "2025-03-28 지출:식비:장보기 95000",
        ])
    }

    func testPayeeAndNote() throws {
        // The payee is the part before `|`; the note is the whole description.
        XCTAssertEqual(try register(["--payee", "이마트", "--account", "지출"]), ["2025-01-10 지출:식비:장보기 46800", "2025-03-28 지출:식비:장보기 95000"])
        XCTAssertEqual(try register(["--payee", "장보기"]), [])
        XCTAssertEqual(try register(["--note", "장보기", "--account", "자산"]), ["2025-01-10 자산:현금 -46800", "2025-03-28 자산:은행 -95000"])
        XCTAssertEqual(try register(["--payee", "starbucks"]), [])
        XCTAssertEqual(try register(["--note", "/^회사/"]), ["2025-01-25 자산:은행 3200000", "2025-01-25 수입:급여 -3200000"])
    }

    func testTagsOnPostingsAndTheirTransactions() throws {
        // A transaction's tag is carried by each of its postings.
        XCTAssertEqual(try register(["--tag", "trip"]), ["2025-02-11 지출:식비:외식 6300", "2025-02-11 자산:현금 -6300"])
        XCTAssertEqual(try register(["--tag", "coffee"]), ["2025-02-11 지출:식비:외식 6300"])
        XCTAssertEqual(try register(["--tag", "card"]), ["2025-03-28 자산:은행 -95000"])
        XCTAssertEqual(try register(["--tag", "trip=seoul"]), [])
        XCTAssertEqual(try register(["--tag", "TYPE=/^fix/", "--account", "은행"]), ["2025-01-05 자산:은행 -650000", "2025-02-05 자산:은행 -650000"])
    }

    func testAmountComparisonsAreSigned() throws {
        XCTAssertEqual(try register(["--amount", ">100000"]), ["2025-01-05 지출:주거:월세 650000", "2025-01-25 자산:은행 3200000", "2025-02-05 지출:주거:월세 650000"])
        XCTAssertEqual(try register(["--amount", "<=-650000", "--account", "자산"]), ["2025-01-05 자산:은행 -650000", "2025-02-05 자산:은행 -650000"])
        XCTAssertEqual(try register(["--amount", "=6300"]), ["2025-02-11 지출:식비:외식 6300"])
    }

    func testRegularExpressionsAndCase() throws {
        XCTAssertEqual(try register(["--account", "/식비:(외식|장보기)$/", "--from", "2025-02"]), ["2025-02-11 지출:식비:외식 6300", "2025-03-28 지출:식비:장보기 95000"])
        let bad = try runLedgerc(["report", "register", path, "--account", "/(/"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("not a regular expression"), bad.stderr)
    }

    func testTransactionReportsKeepAWholeTransactionWhenAnyPostingMatches() throws {
        let r = try runLedgerc(["print", path, "--payee", "스타벅스"], env: ["LEDGERC_TODAY": "2025-03-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("지출:식비:외식") && r.stdout.contains("자산:현금"), r.stdout)
        // The declarations come first (the won's whole-number format pinned for
        // hledger, then the accounts); no other transaction's posting follows.
        XCTAssertTrue(r.stdout.hasPrefix("commodity 1,000. KRW\naccount 자산:은행\n"), r.stdout)
        XCTAssertFalse(r.stdout.contains("    지출:주거:월세"), r.stdout)
        let rows = try csv(["transactions", "--tag", "trip"])
        XCTAssertEqual(rows.count, 2)
    }

    func testSummaryTakesTheFilters() throws {
        XCTAssertEqual(try csv(["summary", "--account", "식비"]), ["2025-01,KRW,0,46800,-46800,,1,0", "2025-02,KRW,0,6300,-6300,,1,0", "2025-03,KRW,0,95000,-95000,,1,0"])
    }

    func testHoldingsRefuseFiltersThatDoNotApply() throws {
        let r = try runLedgerc(["report", "holdings", path, "--payee", "x"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--account"), r.stderr)
    }

    // MARK: Dates

    func testRelativeDates() throws {
        let today = "2025-02-14"  // a Friday
        func dates(_ args: [String]) throws -> [String] { Array(Set(try register(args + ["--account", "자산"], today: today).map { String($0.prefix(10)) })).sorted() }
        XCTAssertEqual(try dates(["--date", "last month"]), ["2025-01-05", "2025-01-10", "2025-01-25"])
        XCTAssertEqual(try dates(["--date", "this month"]), ["2025-02-05", "2025-02-11"])
        XCTAssertEqual(try dates(["--date", "this week"]), ["2025-02-11"])       // Mon 10 to Sun 16
        XCTAssertEqual(try dates(["--date", "last week"]), ["2025-02-05"])       // Mon 3 to Sun 9
        XCTAssertEqual(try dates(["--date", "next month"]), ["2025-03-28"])
        XCTAssertEqual(try dates(["--from", "yesterday", "--to", "tomorrow"]), [])
        XCTAssertEqual(try dates(["--from", "last month", "--to", "yesterday"]), ["2025-01-05", "2025-01-10", "2025-01-25", "2025-02-05", "2025-02-11"])
        XCTAssertEqual(try dates(["--date", "this quarter", "--until", "2025-03-31"]), ["2025-01-05", "2025-01-10", "2025-01-25", "2025-02-05", "2025-02-11", "2025-03-28"])
        XCTAssertEqual(try dates(["--date", "today"]), [])
        XCTAssertEqual(try dates(["--date", "2025-02-11"]), ["2025-02-11"])
    }

    func testQuartersYearsAndRanges() throws {
        func dates(_ args: [String]) throws -> [String] { try register(args + ["--account", "은행"]).map { String($0.prefix(10)) } }
        XCTAssertEqual(try dates(["--date", "2025-Q1"]), ["2025-01-05", "2025-01-25", "2025-02-05", "2025-03-28"])
        XCTAssertEqual(try dates(["--date", "2025-01..2025-02"]), ["2025-01-05", "2025-01-25", "2025-02-05"])
        XCTAssertEqual(try dates(["--date", "2025-02.."]), ["2025-02-05", "2025-03-28"])
        XCTAssertEqual(try dates(["--from", "2025-Q1", "--to", "2025-01"]), ["2025-01-05", "2025-01-25"])
        XCTAssertEqual(try dates(["--date", "2024"]), [])
        let bad = try runLedgerc(["report", "register", path, "--date", "lastfortnight"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("YYYY-Qn"), bad.stderr)
    }

    func testAToDateAfterTodayMaterializesUpToIt() throws {
        // Today is 2025-03-31: the rule's April to June rent is in a report to June...
        let rent = try register(["--account", "월세", "--to", "2025-06"]).map { String($0.prefix(10)) }
        XCTAssertEqual(rent, ["2025-01-05", "2025-02-05", "2025-04-05", "2025-05-05", "2025-06-05"])
        // ...and in `next quarter`; an explicit --until still wins.
        XCTAssertEqual(try register(["--account", "월세", "--date", "next quarter"]).count, 3)
        XCTAssertEqual(try register(["--account", "월세", "--date", "next quarter", "--until", "2025-04-30"]).count, 1)
    }

    // MARK: Balance modes

    func testBalanceShowsTheChangeWithinThePeriod() throws {
        XCTAssertEqual(try csv(["balance", "--from", "2025-02-01", "--to", "2025-02-28"]), [
            "자산,KRW,-656300", "자산:은행,KRW,-650000", "자산:현금,KRW,-6300",
            "지출,KRW,656300", "지출:식비,KRW,6300", "지출:식비:외식,KRW,6300", "지출:주거,KRW,650000", "지출:주거:월세,KRW,650000",
        ])
        XCTAssertEqual(try csv(["balance", "--from", "2025-02-01", "--to", "2025-02-28", "--historical", "--depth", "1"]), [
            "수입,KRW,-3200000", "자산,KRW,1846900", "지출,KRW,1353100",
        ])
    }

    func testFlatListsEachAccountsOwnPostings() throws {
        XCTAssertEqual(try csv(["balance", "--flat", "--account", "지출"]), [
            "지출:식비:외식,KRW,6300", "지출:식비:장보기,KRW,141800", "지출:주거:월세,KRW,1300000",
        ])
        XCTAssertEqual(try csv(["balance", "--flat", "--depth", "2", "--account", "지출"]), ["지출:식비,KRW,148100", "지출:주거,KRW,1300000"])
        let text = try runLedgerc(["report", "balance", path, "--flat", "--account", "외식"], env: ["LEDGERC_TODAY": "2025-03-31"]).stdout
        XCTAssertEqual(text, "6,300 KRW  지출:식비:외식\n---------\n6,300 KRW\n")
    }

    func testTreeShowsZeroParentsAndEmptyKeepsZeroRows() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("move.ledger").path
        try "2025-01-01 move\n    자산:은행  100 KRW\n    자산:현금\n\n2025-01-02 back\n    자산:현금  100 KRW\n    자산:은행\n\n2025-01-03 move again\n    자산:은행  5 KRW\n    자산:현금\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let tree = try runLedgerc(["report", "balance", file, "--format", "csv"])
        XCTAssertEqual(tree.stdout, "account,commodity,balance\n자산,,0\n자산:은행,KRW,5\n자산:현금,KRW,-5\n")
        let text = try runLedgerc(["report", "balance", file]).stdout
        XCTAssertEqual(text, "     0  자산\n 5 KRW    은행\n-5 KRW    현금\n------\n     0\n")
        let window = try runLedgerc(["report", "balance", file, "--to", "2025-01-02", "--format", "csv"]).stdout
        XCTAssertEqual(window, "account,commodity,balance\n")
        let empty = try runLedgerc(["report", "balance", file, "--to", "2025-01-02", "--format", "csv", "--empty"]).stdout
        XCTAssertEqual(empty, "account,commodity,balance\n자산,,0\n자산:은행,,0\n자산:현금,,0\n")
    }

    func testBalanceColumnsPerPeriod() throws {
        let r = try runLedgerc(["report", "balance", path, "--period", "month", "--depth", "1", "--format", "csv"], env: ["LEDGERC_TODAY": "2025-03-31"])
        XCTAssertEqual(r.stdout, """
        account,commodity,2025-01-01,2025-02-01,2025-03-01,total
        수입,KRW,-3200000,0,0,-3200000
        자산,KRW,2503200,-656300,-95000,1751900
        지출,KRW,696800,656300,95000,1448100

        """)
        let h = try runLedgerc(["report", "balance", path, "--period", "quarter", "--historical", "--depth", "1", "--format", "csv", "--to", "2025-06-30"],
                               env: ["LEDGERC_TODAY": "2025-03-31"])
        XCTAssertEqual(h.stdout, """
        account,commodity,2025-01-01,2025-04-01
        수입,KRW,-3200000,-3200000
        자산,KRW,1751900,-198100
        지출,KRW,1448100,3398100

        """)
        let json = try runLedgerc(["report", "balance", path, "--period", "year", "--depth", "1", "--format", "json", "--account", "수입"],
                                  env: ["LEDGERC_TODAY": "2025-03-31"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let row = (object["balances"] as! [[String: Any]])[0]
        XCTAssertEqual(row["account"] as? String, "수입")
        XCTAssertEqual(row["total"] as? String, "-3200000")
        let periods = row["periods"] as! [[String: Any]]
        XCTAssertEqual(periods.map { $0["period"] as? String }, ["2025"])
        XCTAssertEqual(periods.map { $0["start"] as? String }, ["2025-01-01"])
        XCTAssertEqual(periods.map { $0["amount"] as? String }, ["-3200000"])
    }

    func testWeeksAreISOWeeksAndTextFitsEightyColumns() throws {
        let r = try runLedgerc(["report", "balance", path, "--period", "week", "--account", "자산:은행"], env: ["LEDGERC_TODAY": "2025-03-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for line in r.stdout.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) }, 80, String(line))
        }
        // 2025-01-05 is a Sunday: ISO week 1 of 2025 starts on Monday 2024-12-30.
        XCTAssertTrue(r.stdout.contains("2025-W01"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2025-W13"), r.stdout)
        let csv = try runLedgerc(["report", "balance", path, "--period", "week", "--account", "자산:은행", "--format", "csv"], env: ["LEDGERC_TODAY": "2025-03-31"])
        XCTAssertTrue(csv.stdout.hasPrefix("account,commodity,2024-12-30,2025-01-06,"), csv.stdout)
    }

    func testRegisterTotalsStartAtTheFromDateUnlessHistorical() throws {
        let plain = try csv(["register", "--account", "은행", "--from", "2025-02"]).map { String($0.split(separator: ",")[5]) }
        XCTAssertEqual(plain, ["-650000", "-745000"])
        let historical = try csv(["register", "--account", "은행", "--from", "2025-02", "--historical"]).map { String($0.split(separator: ",")[5]) }
        XCTAssertEqual(historical, ["1900000", "1805000"])
    }

    func testModesOnReportsThatDoNotTakeThemAreUsageErrors() throws {
        for args in [["summary", "--flat"], ["holdings", "--historical"], ["register", "--period", "month"], ["balance", "--period", "fortnight"]] {
            let r = try runLedgerc(["report"] + args + [path])
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
        }
    }
}
