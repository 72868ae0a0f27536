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
        for (n, row) in csvRows(csv).enumerated() where n > 0 && row.first != "total" {
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
        let rows = csvRows(csv)
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
    func csvRows(_ text: String) -> [[String]] {
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
