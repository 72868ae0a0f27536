import Foundation
import XCTest

/// `accounts`, `payees`, `commodities`, `tags`, `prices`, `stats` and `close`
/// against hledger 1.25's output, recorded by Scripts/record-hledger-lists
/// into Tests/ledgercTests/Lists/ (the samples, and 25 corpus journals that
/// are checked where ../shared is beside the repository).
final class ListsTests: XCTestCase {
    struct Fixture: Decodable {
        let journal: String
        let accounts, payees, commodities, tags, stats: String
        let tagValues, prices, inferredPrices: String
        let close: String?
        let closeTo: String?

        enum CodingKeys: String, CodingKey {
            case journal, accounts, payees, commodities, tags, stats, prices, close
            case tagValues = "tags --values", inferredPrices = "prices --infer", closeTo = "close_to"
        }
    }

    func fixtures() throws -> [(String, Fixture)] {
        let dir = repositoryRoot.appendingPathComponent("Tests/ledgercTests/Lists")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".json") }.sorted().map {
            ($0, try JSONDecoder().decode(Fixture.self, from: Data(contentsOf: dir.appendingPathComponent($0))))
        }
    }

    /// A journal's path: a sample in the repository, or a corpus journal beside it (nil when absent).
    func path(of journal: String) -> String? {
        if journal.hasPrefix("samples/") { return repositoryRoot.appendingPathComponent(journal).path }
        let url = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/compat/" + journal)
        return FileManager.default.fileExists(atPath: url.path) ? url.path : nil
    }

    func lines(_ text: String) -> [String] { text.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) } }

    /// Amount text as both tools agree on it: no grouping, `$-5` for `-$5`, single spaces.
    func normalized(_ line: String) -> String {
        var s = line.replacingOccurrences(of: "-$", with: "$-")
        // Grouping commas only (a comma between digits followed by three digits).
        s = s.replacingOccurrences(of: #"(?<=\d),(?=\d{3}\b)"#, with: "", options: .regularExpression)
        s = s.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
        // Display precision differs between the tools (hledger counts P prices): trailing zeros go.
        s = s.replacingOccurrences(of: #"(\d)\.0+\b"#, with: "$1", options: .regularExpression)
        s = s.replacingOccurrences(of: #"(\.\d*?[1-9])0+\b"#, with: "$1", options: .regularExpression)
        return s.trimmingCharacters(in: .whitespaces)
    }

    func ledgerc(_ args: [String]) throws -> String {
        let r = try runLedgerc(args, env: ["LEDGERC_TODAY": "2100-01-01"])
        XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        return r.stdout
    }

    /// The closing and opening transactions read back: appended to the
    /// journal, every assertion holds, the closing day ends at zero, and the
    /// new year opens with the old balances.
    func testCloseReadsBackWithItsAssertions() throws {
        let dir = try temporaryDirectory(self)
        let close = try ledgerc(["close", "samples/household.ledger", "--to", "2025-06-30"])
        XCTAssertTrue(close.hasPrefix("2025-06-30 closing balances\n"), close)
        XCTAssertTrue(close.contains("\n2025-07-01 opening balances\n"), close)
        let journal = try String(contentsOf: repositoryRoot.appendingPathComponent("samples/household.ledger"), encoding: .utf8)
        let path = dir.appendingPathComponent("closed.ledger")
        // The household journal includes its holidays beside it.
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("samples/holidays-kr-2025.ledger"), to: dir.appendingPathComponent("holidays-kr-2025.ledger"))
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("samples/receipts"), to: dir.appendingPathComponent("receipts"))
        try (journal + "\n" + close).write(to: path, atomically: true, encoding: .utf8)
        let check = try runLedgerc(["check", path.path, "--until", "2025-06-30"])
        XCTAssertEqual(check.status, 0, check.stderr)
        // What was recorded (a horizon before every rule: no generated occurrence).
        let before = try ledgerc(["report", "balance", "samples/household.ledger", "--to", "2025-06-30", "--until", "2000-01-01", "--flat", "--format", "csv"])
        let after = try ledgerc(["report", "balance", path.path, "--date", "2025-07-01", "--until", "2025-06-30", "--flat", "--format", "csv"])
        let opened = after.split(separator: "\n").filter { !$0.hasPrefix("equity:opening/closing balances,") }
        XCTAssertEqual(opened, before.split(separator: "\n"), "the opening transaction opens the closed balances")
    }

    func testListsMatchHledger() throws {
        var compared = 0, corpus = 0
        for (name, f) in try fixtures() {
            guard let path = path(of: f.journal) else { continue }
            XCTAssertEqual(lines(try ledgerc(["accounts", path])), lines(f.accounts), "accounts of \(name)")
            XCTAssertEqual(lines(try ledgerc(["payees", path])), lines(f.payees), "payees of \(name)")
            XCTAssertEqual(lines(try ledgerc(["commodities", path])), lines(f.commodities), "commodities of \(name)")
            XCTAssertEqual(lines(try ledgerc(["tags", path])), lines(f.tags), "tags of \(name)")
            XCTAssertEqual(lines(try ledgerc(["tags", "--values", path])), lines(f.tagValues), "tag values of \(name)")
            XCTAssertEqual(lines(try ledgerc(["prices", path])).map(normalized), lines(f.prices).map(normalized), "prices of \(name)")
            XCTAssertEqual(lines(try ledgerc(["prices", "--infer", path])).map(normalized), lines(f.inferredPrices).map(normalized), "inferred prices of \(name)")
            // stats: the counts (hledger adds rates and names after them).
            let ours = Dictionary(lines(try ledgerc(["stats", path])).map { line -> (String, String) in
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { a, _ in a })
            for line in lines(f.stats) {
                let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, ["Transactions", "Payees/descriptions", "Accounts", "Commodities", "Market prices"].contains(parts[0]) else { continue }
                let count = parts[1].split(separator: " ").first.map(String.init) ?? ""
                XCTAssertEqual(ours[parts[0]], count, "stats '\(parts[0])' of \(name)")
            }
            if let close = f.close, let day = f.closeTo {
                XCTAssertEqual(lines(try ledgerc(["close", path, "--to", day])).map(normalized), lines(close).map(normalized), "close of \(name)")
            }
            compared += 1
            if !f.journal.hasPrefix("samples/") { corpus += 1 }
        }
        XCTAssertGreaterThanOrEqual(compared, 2, "the samples at least")
        if FileManager.default.fileExists(atPath: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/compat/INDEX.txt").path) {
            XCTAssertGreaterThanOrEqual(corpus, 20)
        }
    }
}
