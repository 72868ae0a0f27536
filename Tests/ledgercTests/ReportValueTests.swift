import Foundation
import XCTest

/// Reads report CSV and JSON back and checks values, including awkward text.
final class ReportValueTests: XCTestCase {
    let awkward = """
    commodity 1,000.00 USD
    2025-03-01 * (A-1) Smith, "Bob" & Co | 점심 \\ 회식 ; header comment
        Expenses:Food        12.50 USD  ; first line
        ; second line, with "quotes"
        Assets:Cash
        (Budget:Food)       -12.50 USD
    2025-03-02 Tab\there\u{1}control
        Expenses:Food        1 USD
        Assets:Cash

    """

    /// A small RFC 4180 reader: quoted fields, doubled quotes, line breaks in quotes.
    func readCSV(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var inQuotes = false
        var chars = Array(text)[...]
        while let ch = chars.popFirst() {
            if inQuotes {
                if ch == "\"" {
                    if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { inQuotes = false }
                } else {
                    field.append(ch)
                }
            } else if ch == "\"" {
                inQuotes = true
            } else if ch == "," {
                row.append(field); field = ""
            } else if ch == "\n" {
                row.append(field); field = ""
                rows.append(row); row = []
            } else {
                field.append(ch)
            }
        }
        XCTAssertTrue(row.isEmpty && field.isEmpty, "CSV ends with a line break")
        return rows
    }

    func testTransactionsCSVReadsBack() throws {
        let r = try runLedgerc(["report", "transactions", "-", "--format", "csv"], stdin: awkward)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.hasPrefix("\u{FEFF}"))
        let rows = readCSV(r.stdout)
        XCTAssertEqual(rows[0], ["txn", "date", "status", "code", "description", "account", "amount", "commodity", "cost", "generated", "source", "comment", "receipt"])
        XCTAssertEqual(rows.count, 6)
        XCTAssertEqual(rows[1], ["1", "2025-03-01", "cleared", "A-1", "Smith, \"Bob\" & Co | 점심 \\ 회식", "Expenses:Food", "12.50", "USD", "",
                                 "false", "<stdin>:2", "first line\nsecond line, with \"quotes\"", ""])
        XCTAssertEqual(rows[2][5...6], ["Assets:Cash", "-12.50"])
        XCTAssertEqual(rows[3][5...6], ["Budget:Food", "-12.50"])
        XCTAssertEqual(rows[4][4], "Tab\there\u{1}control")
        XCTAssertEqual(rows[5][0], "2")
    }

    func testTransactionsJSONReadsBack() throws {
        let r = try runLedgerc(["report", "transactions", "-", "--format", "json", "--until", "2025-12-31"], stdin: awkward)
        XCTAssertEqual(r.status, 0, r.stderr)
        let root = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        XCTAssertEqual(root["ledgerc"] as? Int, 1)
        XCTAssertEqual(root["until"] as? String, "2025-12-31")
        let ts = root["transactions"] as! [[String: Any]]
        XCTAssertEqual(ts.count, 2)
        XCTAssertEqual(ts[0]["description"] as? String, "Smith, \"Bob\" & Co | 점심 \\ 회식")
        XCTAssertEqual(ts[0]["payee"] as? String, "Smith, \"Bob\" & Co")
        XCTAssertEqual(ts[0]["code"] as? String, "A-1")
        XCTAssertEqual(ts[0]["status"] as? String, "cleared")
        XCTAssertTrue(ts[0]["date2"] is NSNull)
        XCTAssertEqual(ts[1]["description"] as? String, "Tab\there\u{1}control")
        XCTAssertTrue(ts[1]["status"] is NSNull)
        let source = ts[0]["source"] as! [String: Any]
        XCTAssertEqual(source["file"] as? String, "<stdin>")
        XCTAssertEqual(source["line"] as? Int, 2)
        let postings = ts[0]["postings"] as! [[String: Any]]
        XCTAssertEqual(postings.map { $0["amount"] as? String }, ["12.50", "-12.50", "-12.50"])
        XCTAssertEqual(postings.map { $0["inferred"] as? Bool }, [false, true, false])
        XCTAssertEqual(postings.map { $0["virtual"] as? String }, [nil, nil, "unbalanced"])
        XCTAssertEqual(postings[0]["comment"] as? String, "first line\nsecond line, with \"quotes\"")
        XCTAssertTrue(r.stdout.contains("\\u0001"), "control characters are escaped")
    }

    func testGeneratedTransactionsInJSONAndCSV() throws {
        let text = "repeat monthly from 2025-01-31  월세\n    지출:주거    650,000 KRW\n    자산:은행\n"
        let json = try runLedgerc(["report", "transactions", "-", "--format", "json", "--until", "2025-03-31"], stdin: text)
        let ts = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["transactions"] as! [[String: Any]]
        XCTAssertEqual(ts.map { $0["date"] as? String }, ["2025-01-31", "2025-02-28", "2025-03-31"])
        let rule = ts[1]["rule"] as! [String: Any]
        XCTAssertEqual(ts[1]["generated"] as? Bool, true)
        XCTAssertEqual(rule["description"] as? String, "월세")
        XCTAssertEqual(rule["line"] as? Int, 1)
        XCTAssertEqual(rule["occurrence"] as? Int, 1)
        let csv = try runLedgerc(["report", "transactions", "-", "--format", "csv", "--until", "2025-01-31"], stdin: text)
        XCTAssertEqual(readCSV(csv.stdout)[1], ["1", "2025-01-31", "", "", "월세", "지출:주거", "650000", "KRW", "", "true", "<stdin>:1", "", ""])
    }

    func testCostColumnIsTheUnitCost() throws {
        let text = "2025-01-01 buy\n    Assets:Broker    3 AAPL @@ $600.00\n    Assets:Cash\n2025-01-02 buy\n    Assets:Broker    2 \"005930\" @ 53,400 KRW\n    Assets:Cash\n"
        let rows = readCSV(try runLedgerc(["report", "transactions", "-", "--format", "csv"], stdin: text).stdout)
        XCTAssertEqual(rows[1][6...8], ["3", "AAPL", "200.00 $"])
        XCTAssertEqual(rows[2][6...7], ["-600.00", "$"])
        XCTAssertEqual(rows[3][6...8], ["2", "005930", "53400 KRW"])
    }

    func testSummaryNumbers() throws {
        let text = """
        2025-01-05 salary
            Assets:Bank     3,200,000 KRW
            Income:Salary
        2025-01-06 rent
            Expenses:Housing:Rent    650,000 KRW
            Expenses:Food:Lunch    783,000 KRW
            Assets:Bank
        2025-02-01 lunch
            Expenses:Food:Lunch    10,000 KRW
            Assets:Bank

        """
        let rows = readCSV(try runLedgerc(["report", "summary", "-", "--format", "csv"], stdin: text).stdout)
        XCTAssertEqual(rows, [["month", "commodity", "income", "expenses", "net", "savings_rate", "transactions", "generated"],
                              ["2025-01", "KRW", "3200000", "1433000", "1767000", "0.5522", "2", "0"],
                              ["2025-02", "KRW", "0", "10000", "-10000", "", "1", "0"]])
        let json = try runLedgerc(["report", "-", "--format", "json", "--from", "2025-01", "--to", "2025-01"], stdin: text)
        let months = (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["months"] as! [[String: Any]]
        XCTAssertEqual(months.count, 1)
        XCTAssertEqual(months[0]["savingsRate"] as? String, "0.5522")
        let categories = months[0]["categories"] as! [[String: Any]]
        XCTAssertEqual(categories.map { $0["account"] as? String }, ["Expenses:Food", "Expenses:Housing"])
        XCTAssertEqual(categories.map { $0["amount"] as? String }, ["783000", "650000"])
    }

    func testOutputFileIsWrittenAtomically() throws {
        let dir = try temporaryDirectory(self)
        let out = dir.appendingPathComponent("report.csv")
        let r = try runLedgerc(["report", "balance", "samples/personal.ledger", "--format", "csv", "-o", out.path])
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).hasPrefix("account,commodity,balance\n"))
        let failed = try runLedgerc(["report", "balance", "samples/errors/unbalanced.ledger", "-o", out.path])
        XCTAssertEqual(failed.status, 1)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).hasPrefix("account,commodity,balance\n"), "no report written on errors")
        XCTAssertEqual(try runLedgerc(["report", "balance", "samples/personal.ledger", "-o", dir.path + "/no/such/dir/x"]).status, 2)
    }

    func testTradesTotalsFollowTheSide() throws {
        let sells = try runLedgerc(["report", "trades", "samples/trading.ledger", "--side", "sell", "--until", "2025-04-30"])
        XCTAssertEqual(sells.status, 0, sells.stderr)
        XCTAssertTrue(sells.stdout.contains("Commodity  Sold"), sells.stdout)
        XCTAssertFalse(sells.stdout.contains("Bought"), sells.stdout)
        XCTAssertFalse(sells.stdout.contains(" buy "), sells.stdout)
        let buys = try runLedgerc(["report", "trades", "samples/trading.ledger", "--side", "buy", "--until", "2025-04-30"])
        XCTAssertTrue(buys.stdout.contains("Commodity  Bought"), buys.stdout)
        XCTAssertFalse(buys.stdout.contains("Realized"), buys.stdout)
    }

    func testReportUsageErrors() throws {
        XCTAssertEqual(try runLedgerc(["report", "samples/personal.ledger", "--format", "xml"]).status, 2)
        XCTAssertEqual(try runLedgerc(["report", "samples/personal.ledger", "--depth", "0"]).status, 2)
        XCTAssertEqual(try runLedgerc(["report", "samples/personal.ledger", "--from", "2025-13"]).status, 2)
        XCTAssertEqual(try runLedgerc(["report", "samples/personal.ledger", "--from", "2025-03", "--to", "2025-02"]).status, 2)
        let typo = try runLedgerc(["report", "balanse", "samples/personal.ledger"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("unknown report 'balanse' (did you mean 'balance'?)"), typo.stderr)
    }
}
