import Foundation
import XCTest

/// hledger's command lines with hledger's figures (issue 46): each line of
/// Tests/Fixtures/hledger-cli/commands.txt, run through ledgerc, gives the
/// CSV cells hledger 1.25 gave (recorded by `Scripts/compare-hledger-cli
/// --record`), and the command line itself works as hledger's does.
final class HledgerCommandLineTests: XCTestCase {
    let dir = repositoryRoot.appendingPathComponent("Tests/Fixtures/hledger-cli")
    var journal: String { dir.appendingPathComponent("household.journal").path }

    /// A line's words, with '...' and "..." quoting.
    func words(_ line: String) -> [String] {
        var out: [String] = [], word = "", quote: Character?, inWord = false
        for ch in line {
            if let q = quote {
                if ch == q { quote = nil } else { word.append(ch) }
            } else if ch == "'" || ch == "\"" {
                quote = ch
                inWord = true
            } else if ch == " " {
                if inWord { out.append(word); word = ""; inWord = false }
            } else {
                word.append(ch)
                inWord = true
            }
        }
        if inWord { out.append(word) }
        return out
    }

    /// CSV as hledger writes it (every field quoted), as rows of cells.
    func cells(_ csv: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = "", quoted = false, i = csv.startIndex
        while i < csv.endIndex {
            let ch = csv[i]
            if quoted {
                if ch == "\"" {
                    let next = csv.index(after: i)
                    if next < csv.endIndex, csv[next] == "\"" { field.append("\""); i = next } else { quoted = false }
                } else { field.append(ch) }
            } else if ch == "\"" {
                quoted = true
            } else if ch == "," {
                row.append(field); field = ""
            } else if ch == "\n" {
                row.append(field); rows.append(row); row = []; field = ""
            } else if ch != "\r" {
                field.append(ch)
            }
            i = csv.index(after: i)
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }

    func testEachCommandLineGivesHledgersCells() throws {
        let lines = try String(contentsOf: dir.appendingPathComponent("commands.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertGreaterThanOrEqual(lines.count, 60)
        var agreed = 0
        for (n, line) in lines.enumerated() {
            let expected = try String(contentsOf: dir.appendingPathComponent(String(format: "expected/%02d.csv", n + 1)), encoding: .utf8)
            let r = try runLedgerc(["-f", journal] + words(line) + ["-O", "csv"])
            XCTAssertEqual(r.status, 0, "\(line): \(r.stderr)")
            XCTAssertEqual(cells(r.stdout), cells(expected), line)
            if cells(r.stdout) == cells(expected) { agreed += 1 }
        }
        XCTAssertEqual(agreed, lines.count)
    }

    /// The lists hledger prints as text (descriptions, notes) print the same text.
    func testTheListsGiveHledgersText() throws {
        let lines = try String(contentsOf: dir.appendingPathComponent("text-commands.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.isEmpty)
        for (n, line) in lines.enumerated() {
            let expected = try String(contentsOf: dir.appendingPathComponent(String(format: "expected/t%02d.txt", n + 1)), encoding: .utf8)
            let r = try runLedgerc(["-f", journal] + words(line))
            XCTAssertEqual(r.status, 0, "\(line): \(r.stderr)")
            XCTAssertEqual(r.stdout, expected, line)
        }
    }

    /// `print`, `register` and `balance -O json` give hledger's JSON to the
    /// character (the journal's path aside: the recording names it from the
    /// repository's root, a run from wherever the clone is).
    func testJSONIsHledgersJSON() throws {
        let lines = try String(contentsOf: dir.appendingPathComponent("json-commands.txt"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.isEmpty)
        func placeless(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.contains("\"sourceName\": ") ? "        \"sourceName\": \"household.journal\"" : String(line)
            }.joined(separator: "\n")
        }
        for (n, line) in lines.enumerated() {
            let expected = try String(contentsOf: dir.appendingPathComponent(String(format: "expected/j%02d.json", n + 1)), encoding: .utf8)
            let r = try runLedgerc(["-f", journal] + words(line) + ["-O", "json"])
            XCTAssertEqual(r.status, 0, "\(line): \(r.stderr)")
            XCTAssertEqual(placeless(r.stdout), placeless(expected), line)
        }
    }

    /// Options before or after the command, -f twice, -f -, LEDGER_FILE and ~/.hledger.journal.
    func testWhereTheJournalComesFrom() throws {
        let expected = try runLedgerc(["-f", journal, "bal", "-O", "csv"]).stdout
        XCTAssertTrue(expected.hasPrefix("\"account\",\"balance\"\n"), expected)
        XCTAssertEqual(try runLedgerc(["bal", "-O", "csv", "-f", journal]).stdout, expected)
        XCTAssertEqual(try runLedgerc(["bal", "-O", "csv"], env: ["LEDGER_FILE": journal]).stdout, expected)
        let home = try temporaryDirectory(self)
        try FileManager.default.copyItem(atPath: journal, toPath: home.appendingPathComponent(".hledger.journal").path)
        XCTAssertEqual(try runLedgerc(["bal", "-O", "csv"], env: ["HOME": home.path]).stdout, expected)
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        XCTAssertEqual(try runLedgerc(["-f", "-", "bal", "-O", "csv"], stdin: text).stdout, expected)
        // Two files: the second's transaction counts too.
        let more = home.appendingPathComponent("more.journal")
        try "2025-05-01 more\n    expenses:travel  $10.00\n    assets:cash\n".write(to: more, atomically: true, encoding: .utf8)
        let both = try runLedgerc(["-f", journal, "-f", more.path, "bal", "expenses:travel", "-O", "csv"])
        XCTAssertTrue(both.stdout.contains("\"expenses:travel\",\"$650.00\""), both.stdout + both.stderr)
    }

    /// -o FILE takes its format from the extension; an unknown flag is a
    /// usage error naming the nearest real one; what is not done yet is
    /// refused, and what hledger ignores is warned about, never ignored silently.
    func testOutputFilesAndUsageErrors() throws {
        let out = try temporaryDirectory(self).appendingPathComponent("bal.csv")
        let r = try runLedgerc(["-f", journal, "bal", "-M", "-o", out.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try String(contentsOf: out, encoding: .utf8).hasPrefix("\"account\",\"2025-01\""))
        let typo = try runLedgerc(["-f", journal, "bal", "--montly"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("unknown option '--montly' (did you mean '--monthly'?)"), typo.stderr)
        let later = try runLedgerc(["-f", journal, "bal", "-M", "-O", "json"])
        XCTAssertEqual(later.status, 2)
        XCTAssertTrue(later.stderr.contains("not done yet"), later.stderr)
        // -% of two commodities has no figure: an error, as hledger's, never a guess.
        let mixed = try runLedgerc(["-f", journal, "bal", "-%"])
        XCTAssertEqual(mixed.status, 1)
        XCTAssertTrue(mixed.stderr.contains("percentages of amounts in more than one commodity"), mixed.stderr)
        XCTAssertEqual(try runLedgerc(["-f", journal, "bal", "-r"]).status, 2)
        // date2: narrows no balance report in hledger 1.25: the same figures, with a warning that says so.
        let plain = try runLedgerc(["-f", journal, "bal", "-O", "csv"])
        let second = try runLedgerc(["-f", journal, "bal", "date2:2025-02", "-O", "csv"])
        XCTAssertEqual(second.stdout, plain.stdout)
        XCTAssertTrue(second.stderr.contains("warning: date2: narrows no balance report"), second.stderr)
        let command = try runLedgerc(["-f", journal, "balnce"])
        XCTAssertEqual(command.status, 2)
        XCTAssertTrue(command.stderr.contains("did you mean 'balance'?"), command.stderr)
    }

    /// hledger's named checks: ordereddates and uniqueleafnames find what
    /// hledger finds, at the right place; a clean journal passes them.
    func testNamedChecks() throws {
        XCTAssertEqual(try runLedgerc(["-f", journal, "check", "ordereddates", "uniqueleafnames"]).status, 0)
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("od.journal")
        try "2025-01-02 a\n    x:food  1\n    y\n\n2025-01-01 b\n    z:food  1\n    y\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try runLedgerc(["-f", file.path, "check", "ordereddates", "uniqueleafnames", "--diagnostics", "json"])
        XCTAssertEqual(r.status, 1)
        let items = try JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as! [[String: Any]]
        XCTAssertEqual(items.map { $0["id"] as? String }, ["dateOutOfOrder", "leafNameNotUnique"])
        XCTAssertEqual(items.map { $0["line"] as? Int }, [5, 6])
        let unknown = try runLedgerc(["-f", file.path, "check", "ordereddate"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'ordereddates'?"), unknown.stderr)
    }

    /// ledgerc's own flags keep working in hledger's form: --until is the horizon of repeat rules.
    func testLedgercsFlagsInHledgersForm() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("repeat.journal")
        try "repeat monthly from 2025-01-31  rent\n    expenses:rent  $100.00\n    assets:bank\n".write(to: file, atomically: true, encoding: .utf8)
        let until = try runLedgerc(["-f", file.path, "reg", "expenses", "--until", "2025-03-31", "-O", "csv"])
        XCTAssertEqual(until.status, 0, until.stderr)
        XCTAssertEqual(cells(until.stdout).dropFirst().map { $0[1] }, ["2025-01-31", "2025-02-28", "2025-03-31"])
        let json = try runLedgerc(["-f", file.path, "bal", "--diagnostics", "json", "--until", "nonsense"])
        XCTAssertEqual(json.status, 2)
        XCTAssertTrue(json.stderr.hasPrefix("["), json.stderr)
    }

    /// ledgerc's own --account is a regular expression that also finds its
    /// text as written: `^expenses:food` anchors, `(주)` in a name still matches.
    func testLedgercsAccountPatternsAreRegexes() throws {
        let file = try temporaryDirectory(self).appendingPathComponent("k.ledger")
        try "2025-01-01 한빛\n  expenses:food  10 KRW\n  assets:(주)한빛\n2025-01-02 x\n  income:expenses:food  5 KRW\n  assets:bank\n".write(to: file, atomically: true, encoding: .utf8)
        func accounts(_ pattern: String) throws -> [String] {
            let r = try runLedgerc(["report", "balance", file.path, "--account", pattern, "--format", "csv"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: ",")[0]) }
        }
        XCTAssertEqual(try accounts("^expenses:food"), ["expenses", "expenses:food"])
        XCTAssertEqual(try accounts("expenses:food"), ["expenses", "expenses:food", "income", "income:expenses", "income:expenses:food"])
        XCTAssertEqual(try accounts("(주)한빛"), ["assets", "assets:(주)한빛"])
        XCTAssertEqual(try accounts("FOOD$"), ["expenses", "expenses:food", "income", "income:expenses", "income:expenses:food"])
    }

    /// hledger's `import` and `add` run ledgerc's, on the first -f file.
    func testImportAndAddInHledgersForm() throws {
        let dir = try temporaryDirectory(self)
        let file = dir.appendingPathComponent("h.journal")
        try FileManager.default.copyItem(atPath: journal, toPath: file.path)
        let csv = dir.appendingPathComponent("bank.csv")
        try "Date,Desc,Amount\n2025-04-10,COFFEE,-4.50\n".write(to: csv, atomically: true, encoding: .utf8)
        try "skip 1\nfields date, description, amount\ncurrency $\naccount1 assets:bank\nif COFFEE\n  account2 expenses:food:dining\n"
            .write(to: dir.appendingPathComponent("bank.rules"), atomically: true, encoding: .utf8)
        let rules = dir.appendingPathComponent("bank.rules").path
        let dry = try runLedgerc(["-f", file.path, "import", csv.path, "--rules-file", rules, "--dry-run"])
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stdout.contains("2025-04-10 COFFEE"), dry.stdout)
        XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), try String(contentsOfFile: journal, encoding: .utf8))
        XCTAssertEqual(try runLedgerc(["-f", file.path, "import", csv.path, "--rules-file", rules]).status, 0)
        let again = try runLedgerc(["-f", file.path, "import", csv.path, "--rules-file", rules, "--dry-run"])
        XCTAssertFalse(again.stdout.contains("COFFEE"), again.stdout)
        let added = try runLedgerc(["-f", file.path, "add", "2025-04-11", "Cafe", "expenses:food:dining", "$3.00", "assets:cash"])
        XCTAssertEqual(added.status, 0, added.stderr)
        let reg = try runLedgerc(["-f", file.path, "reg", "expenses:food:dining", "date:2025-04", "-O", "csv"])
        XCTAssertEqual(cells(reg.stdout).dropFirst().map { $0[5] }, ["$4.50", "$3.00"])
        XCTAssertEqual(try runLedgerc(["-f", file.path, "add", "--rules-file", rules]).status, 2)
    }

    /// ledgerc's own words keep their meaning.
    func testLedgercsOwnWordsStay() throws {
        let own = try runLedgerc(["report", "balance", journal, "--format", "csv"])
        XCTAssertEqual(own.status, 0, own.stderr)
        XCTAssertTrue(own.stdout.hasPrefix("account,commodity,balance\n"), own.stdout)
    }
}
