import Foundation
import XCTest

/// `-X`, `-V` and `--value` against hledger 1.25's `bal`, recorded by
/// Scripts/record-hledger-valuation into Tests/ledgercTests/Valuation/: every
/// figure of every case, at the places hledger shows. hledger rounds half to
/// even where ledgerc's text rounds half away from zero, so ledgerc's exact
/// CSV figure is rounded half to even here (COMPATIBILITY.md).
final class ValuationTests: XCTestCase {
    struct Fixture: Decodable {
        struct Case: Decodable {
            let name: String
            let ledgerc: [String]
            let csv: String
        }
        let journal: String
        let until: String
        let cases: [Case]
    }

    /// (account, column, commodity) → figure, for figures not zero.
    typealias Figures = [String: String]

    func testBalancesEqualHledgers() throws {
        let dir = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Valuation")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 2)
        var compared = 0
        for name in names {
            let fixture = try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: dir.appendingPathComponent(name)))
            for c in fixture.cases {
                let r = try runLedgerc(["report", "balance", "--flat", fixture.journal, "--until", fixture.until, "--format", "csv"] + c.ledgerc)
                XCTAssertEqual(r.status, 0, "\(name) \(c.name): \(r.stderr)")
                let theirs = hledgerFigures(c.csv)
                let ours = ledgercFigures(r.stdout, placesOf: theirs.places)
                XCTAssertFalse(theirs.figures.isEmpty, "\(name) \(c.name): nothing recorded")
                XCTAssertEqual(ours, theirs.figures, "\(name) \(c.name)")
                compared += theirs.figures.count
            }
        }
        XCTAssertGreaterThan(compared, 100)
    }

    /// hledger's `-O csv`: `"account","col1",...` then rows whose cells hold
    /// amounts like `-812340 KRW`, `$-5.00` or several joined with `, `.
    func hledgerFigures(_ csv: String) -> (figures: Figures, places: [String: Int]) {
        var figures: Figures = [:], places: [String: Int] = [:]
        for (n, row) in Self.csvRows(csv).enumerated() where n > 0 && row.first != "total" {
            for (k, cell) in row.dropFirst().enumerated() where !cell.isEmpty && cell != "0" {
                for amount in cell.components(separatedBy: ", ") {
                    // `30 "005930"`, `-812340 KRW` or `$-5.00`.
                    let parts = amount.split(separator: " ").map(String.init)
                    let isNumber = { (s: String) in !s.isEmpty && s.allSatisfy { "-0123456789.".contains($0) } }
                    let number = parts.count == 2 ? parts.first(where: isNumber) ?? "" : amount.filter { "-0123456789.".contains($0) }
                    let commodity = (parts.count == 2 ? parts.first { !isNumber($0) } ?? "" : amount.filter { !"-0123456789.".contains($0) })
                        .trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                    places[commodity] = number.split(separator: ".").dropFirst().first?.count ?? 0
                    if Decimal(string: number) != 0 { figures["\(row[0]) | \(k) | \(commodity)"] = number }
                }
            }
        }
        return (figures, places)
    }

    /// ledgerc's CSV: `account,commodity,balance` or `account,commodity,<period starts>...,total`;
    /// each exact figure rounded half to even at the places hledger shows for its commodity.
    func ledgercFigures(_ csv: String, placesOf places: [String: Int]) -> Figures {
        var figures: Figures = [:]
        let rows = Self.csvRows(csv)
        guard let header = rows.first else { return [:] }
        let columns = header.count - 2 - (header.last == "total" ? 1 : 0)
        for row in rows.dropFirst() {
            let commodity = row[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            for k in 0..<columns {
                guard var x = Decimal(string: row[2 + k]) else { continue }
                var rounded = Decimal()
                let p = places[commodity] ?? 0
                NSDecimalRound(&rounded, &x, p, .bankers)
                if rounded == 0 { continue }
                var text = NSDecimalNumber(decimal: rounded).stringValue
                if p > 0 {
                    if !text.contains(".") { text += "." }
                    text += String(repeating: "0", count: p - (text.split(separator: ".").dropFirst().first?.count ?? 0))
                }
                figures["\(row[0]) | \(k) | \(commodity)"] = text
            }
        }
        return figures
    }

    /// Rows of a CSV text, with quoted fields unquoted.
    static func csvRows(_ text: String) -> [[String]] {
        text.split(separator: "\n").map { line in
            var fields: [String] = [], field = "", quoted = false, previous: Character = " "
            for ch in line {
                if ch == "\"" {
                    // A doubled quote inside quotes is a quote.
                    if !quoted && previous == "\"" && !field.isEmpty { field.append(ch) }
                    quoted.toggle()
                } else if ch == ",", !quoted {
                    fields.append(field)
                    field = ""
                } else {
                    field.append(ch)
                }
                previous = ch
            }
            fields.append(field)
            return fields
        }
    }
}

/// The same valuation everywhere: holdings, the page and the warnings.
final class ValuationAgreementTests: XCTestCase {
    let journal = "samples/networth.ledger"

    func csv(_ args: [String]) throws -> [[String]] {
        let r = try runLedgerc(["report"] + args + [journal, "--until", "2025-06-30", "--format", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return ValuationTests.csvRows(r.stdout)
    }

    /// Each holding's market value in KRW is exactly the balance -X KRW of its account.
    func testHoldingsInKRWEqualTheBalance() throws {
        let balance = try csv(["balance", "--flat", "-X", "KRW"])
        let holdings = try csv(["holdings", "-X", "KRW"])
        let header = holdings[0]
        let account = header.firstIndex(of: "account")!, value = header.firstIndex(of: "market_value")!, money = header.firstIndex(of: "cost_commodity")!
        var byAccount: [String: Decimal] = [:]
        for row in holdings.dropFirst() {
            XCTAssertEqual(row[money], "KRW", "every holding in one currency: \(row)")
            byAccount[row[account], default: 0] += Decimal(string: row[value])!
        }
        XCTAssertEqual(byAccount.count, 2)
        for (name, worth) in byAccount {
            let row = balance.first { $0[0] == name }
            XCTAssertEqual(row?[1], "KRW", name)
            XCTAssertEqual(row.flatMap { Decimal(string: $0[2]) }, worth, name)
        }
    }

    /// The page's net worth at the last month's end is balance -X KRW of the
    /// assets and liabilities at that day, in one chart of one currency.
    func testThePageShowsTheBalancesNetWorth() throws {
        let balance = try csv(["balance", "--flat", "-X", "KRW", "--to", "2025-06-30", "--account", "자산", "--account", "부채"])
        var net = Decimal(0)
        for row in balance.dropFirst() { net += Decimal(string: row[2])! }
        var rounded = Decimal(), exact = net
        NSDecimalRound(&rounded, &exact, 0, .plain)
        let grouped = NumberFormatter()
        grouped.numberStyle = .decimal
        grouped.groupingSeparator = ","
        let shown = grouped.string(from: rounded as NSDecimalNumber)! + " KRW"
        for args in [["-X", "KRW"], []] {
            let r = try runLedgerc(["report", "html", journal, "--until", "2025-06-30"] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertTrue(r.stdout.contains("<b>\(shown)</b>"), "net worth card \(shown) with \(args)")
            XCTAssertEqual(r.stdout.components(separatedBy: "<figure id=\"net-worth-").count - 1, 1, "one net worth chart")
            XCTAssertEqual(r.stdout.components(separatedBy: "<figure id=\"pie-").count - 1, 1, "one portfolio in one currency")
            XCTAssertTrue(r.stdout.contains(args.isEmpty ? "the journal&#39;s main currency" : "KRW, as asked"))
        }
    }

    /// A target with no prices: every other commodity stays, each named once in a warning; --werror fails.
    func testAMissingPriceIsSaid() throws {
        let r = try runLedgerc(["report", "balance", journal, "--until", "2025-06-30", "-X", "EUR"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for commodity in ["$", "AAPL", "\"005930\"", "KRW"] {
            XCTAssertEqual(r.stderr.components(separatedBy: "warning: no price converts \(commodity) to EUR on 2025-06-30").count - 1, 1, r.stderr)
        }
        XCTAssertTrue(r.stdout.contains("KRW") && r.stdout.contains("AAPL"), "amounts stay in their commodity")
        let strict = try runLedgerc(["report", "balance", journal, "--until", "2025-06-30", "-X", "EUR", "--werror"])
        XCTAssertEqual(strict.status, 1)
        XCTAssertEqual(strict.stdout, "")
        let then = try runLedgerc(["report", "register", journal, "--until", "2025-06-30", "--value", "then,EUR"])
        XCTAssertTrue(then.stderr.contains("no price converts KRW to EUR on 2025-01-02 (and on "), then.stderr)
    }

    func testUsage() throws {
        for (args, message) in [(["-X", "KRW", "-V"], "choose one way to value amounts"), (["--value", "later"], "--value takes end, then, cost"),
                                (["--value", "then,"], "--value takes")] {
            let r = try runLedgerc(["report", "balance", journal] + args)
            XCTAssertEqual(r.status, 2, "\(args)")
            XCTAssertTrue(r.stderr.contains(message), r.stderr)
        }
        let r = try runLedgerc(["report", "accounts", journal, "-X", "KRW"])
        XCTAssertEqual(r.status, 2)
    }

    /// A journal of decades: yearly bars, a few y labels, the last 12 months as a table.
    func testThePageOverDecades() throws {
        var text = "commodity $1,000.00\n"
        for year in 1950...2025 {
            text += "\(year)-03-01 pay\n    Assets:Bank  $\(1000 + year)\n    Income:Salary\n\n"
            text += "\(year)-07-01 rent\n    Expenses:Rent  $400\n    Assets:Bank\n\n"
        }
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("decades.ledger")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["report", "html", file.path, "--until", "2025-12-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let months = r.stdout.components(separatedBy: "<figure id=\"months-")[1].components(separatedBy: "</svg>")[0]
        XCTAssertEqual(months.components(separatedBy: "<rect ").count - 1, 2 * 76, "a pair of bars per year")
        let yLabels = months.components(separatedBy: "text-anchor=\"end\" class=\"axis\"").count - 1
        XCTAssertTrue((3...8).contains(yLabels), "\(yLabels) y labels")
        XCTAssertTrue(r.stdout.contains("<h3>The last 12 months</h3>"))
        let quarters = try runLedgerc(["report", "html", file.path, "--until", "2025-12-31", "--period", "quarter", "--from", "2020-01-01"])
        XCTAssertTrue(quarters.stdout.contains("2025-Q3"), "--period overrides")
    }
}
