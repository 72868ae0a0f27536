import Foundation
import XCTest

/// `report budget` and `--period` for summaries, end to end through the binary.
final class BudgetTests: XCTestCase {
    /// `period,account,commodity,actual,budget,remaining,used` rows, keyed by the first three.
    func budgetRows(_ args: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String]] {
        let r = try runLedgerc(["report", "budget"] + args + ["--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        var rows: [String: [String]] = [:]
        for row in r.stdout.split(separator: "\n").dropFirst() {
            let f = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            rows[f[0...2].joined(separator: ",")] = Array(f[3...])
        }
        return rows
    }

    func write(_ text: String) throws -> String {
        let path = try temporaryDirectory(self).appendingPathComponent("budget.ledger").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// On every budgeted account, the figures hledger 1.25 gives (recorded by
    /// Scripts/record-hledger-budgets): the sample, and hledger's own budget
    /// tests where ../shared/compat is present.
    func testFiguresEqualHledgersOnEveryBudgetedAccount() throws {
        let dir = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Budget")
        let corpus = repositoryRoot.appendingPathComponent("../shared/compat/cases/hledger/hledger/test/balance/budget.test")
        var compared = 0, files = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where name.hasSuffix(".csv") {
            let parts = name.split(separator: ".")
            let journal = parts[0] == "budget" ? repositoryRoot.appendingPathComponent("samples/budget.ledger")
                : corpus.appendingPathComponent("\(parts[0]).journal")
            guard FileManager.default.fileExists(atPath: journal.path) else { continue }
            files += 1
            let ours = try budgetRows([journal.path, "--period", String(parts[1])])
            let expected = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            for row in expected.split(separator: "\n").dropFirst() {
                let f = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                let key = f[0...2].joined(separator: ",")
                let mine = ours[key] ?? ["0", "0"]
                XCTAssertEqual(Decimal(string: mine[0]), Decimal(string: f[3]), "\(name) \(key): actual")
                XCTAssertEqual(Decimal(string: mine[1]), Decimal(string: f[4]), "\(name) \(key): budget")
                compared += 1
            }
        }
        XCTAssertGreaterThanOrEqual(files, 2)
        XCTAssertGreaterThan(compared, 20)
        if !FileManager.default.fileExists(atPath: corpus.path) {
            print("BudgetTests: ../shared/compat is not here; compared the sample only")
        }
    }

    func testTheHouseholdSampleAsIssueFifteenAsksIt() throws {
        let rows = try budgetRows(["samples/budget.ledger"])
        // Food: 장보기 and 외식 roll up into the budgeted 지출:식비.
        XCTAssertEqual(rows["2025-02,지출:식비,KRW"], ["421300", "400000", "-21300", "1.0533"])
        // Rent is budgeted from the second month.
        XCTAssertEqual(rows["2025-01,지출:주거:월세,KRW"], ["550000", "0", "-550000", ""])
        XCTAssertEqual(rows["2025-02,지출:주거:월세,KRW"], ["650000", "650000", "0", "1.0000"])
        // 0.8333...: half-up to 4 places.
        XCTAssertEqual(rows["2025-03,지출:교통,KRW"], ["50000", "60000", "10000", "0.8333"])
        // Income and the unbudgeted phone bill and card.
        XCTAssertEqual(rows["2025-01,<unbudgeted>,KRW"], ["-3313100", "0", "3313100", ""])
        XCTAssertEqual(rows.count, 15)
        let header = try runLedgerc(["report", "budget", "samples/budget.ledger", "--format", "csv"]).stdout.split(separator: "\n").first
        XCTAssertEqual(header, "period,account,commodity,actual,budget,remaining,used")
    }

    func testTextMarksRowsOverBudget() throws {
        let r = try runLedgerc(["report", "budget", "samples/budget.ledger", "--date", "2025-02"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.hasPrefix("Budget 2025-02\n"), r.stdout)
        let over = r.stdout.split(separator: "\n").filter { $0.contains("over budget") }
        XCTAssertEqual(over.count, 2, r.stdout)
        XCTAssertTrue(over[0].contains("지출:교통") && over[1].contains("지출:식비"), r.stdout)
    }

    func testGoalsCountOccurrencesInEachPeriod() throws {
        let path = try write("""
        ~ weekly  coffee
            (expenses:coffee)  $10

        ~ monthly from 2025-02 to 2025-03  gym
            (expenses:gym)  $30

        ~ monthly  gym too
            (expenses:gym)  $5

        ~ every 6th sunday  unreadable

        2025-01-02 coffee
            expenses:coffee  $4
            assets:cash

        2025-03-30 gym
            expenses:gym  $20
            assets:cash

        2025-03-31 eur
            expenses:coffee  3 EUR
            assets:cash

        """)
        let months = try budgetRows([path])
        // Mondays: 4 in January, February and March 2025 (6, 13, 20, 27 / 3, 10, 17, 24 / 3...31 is 5).
        XCTAssertEqual(months["2025-01,expenses:coffee,$"]?[1], "40")
        XCTAssertEqual(months["2025-03,expenses:coffee,$"]?[1], "50")
        // `to` is exclusive: the first gym rule is in force in February only; goals add up.
        XCTAssertEqual(months["2025-01,expenses:gym,$"]?[1], "5")
        XCTAssertEqual(months["2025-02,expenses:gym,$"]?[1], "35")
        XCTAssertEqual(months["2025-03,expenses:gym,$"], ["20", "5", "-15", "4.0000"])
        // Another commodity is its own row: never added to dollars.
        XCTAssertEqual(months["2025-03,expenses:coffee,EUR"], ["3", "0", "-3", ""])
        XCTAssertEqual(months["2025-03,<unbudgeted>,EUR"], ["-3", "0", "3", ""])
        let quarter = try budgetRows([path, "--period", "quarter"])
        XCTAssertEqual(quarter["2025-Q1,expenses:coffee,$"]?[1], "130")
        XCTAssertEqual(quarter["2025-Q1,expenses:gym,$"]?[1], "45")
        let weeks = try budgetRows([path, "--period", "week", "--to", "2025-01-12"])
        // Week 1 of 2025 starts on Monday 2024-12-30: its goal is counted.
        XCTAssertEqual(weeks["2025-W01,expenses:coffee,$"], ["4", "10", "6", "0.4000"])
        XCTAssertEqual(weeks["2025-W02,expenses:coffee,$"], ["0", "10", "10", "0.0000"])
        let check = try runLedgerc(["check", path])
        XCTAssertTrue(check.stderr.contains("warning: ledgerc cannot schedule '~ every 6th sunday'"), check.stderr)
    }

    func testSummaryByQuarterYearAndWeek() throws {
        let q = try runLedgerc(["report", "summary", "samples/budget.ledger", "--period", "quarter", "--format", "csv"])
        XCTAssertEqual(q.stdout, """
        period,commodity,income,expenses,net,savings_rate,transactions,generated
        2025-Q1,KRW,9600000,2900250,6699750,0.6979,17,0

        """)
        let m = try runLedgerc(["report", "summary", "samples/budget.ledger", "--format", "csv"])
        XCTAssertTrue(m.stdout.hasPrefix("month,commodity,"), m.stdout)
        let w = try runLedgerc(["report", "summary", "samples/budget.ledger", "--period", "week", "--format", "json", "--to", "2025-01-12"])
        let object = try JSONSerialization.jsonObject(with: Data(w.stdout.utf8)) as! [String: Any]
        let periods = object["periods"] as! [[String: Any]]
        XCTAssertEqual(periods.map { $0["period"] as? String }, ["2025-W01", "2025-W02"])
        let y = try runLedgerc(["report", "summary", "samples/budget.ledger", "--period", "year"])
        XCTAssertTrue(y.stdout.contains("2025 KRW expenses by category"), y.stdout)
    }
}
