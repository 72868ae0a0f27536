import Foundation
import XCTest

/// `ledgerc diff` and `ledgerc merge` in a real git repository: a journal
/// with an include and a repeat rule is committed, then edited as users do.
final class GitDiffTests: XCTestCase {
    static let main = """
    include prices.ledger

    repeat monthly from 2025-01-05  Rent
        Expenses:Rent  $1,000.00
        Assets:Bank

    2025-01-02 * Opening
        Assets:Bank  $5,000.00
        Equity:Opening

    2025-01-10 Grocer
        Expenses:Food  $42.10
        Assets:Bank

    2025-01-12 Cinema
        Expenses:Fun  $18.00
        Assets:Bank

    2025-01-20 Book
        Expenses:Fun  $12.00
        Assets:Bank

    """
    static let prices = "P 2025-01-01 EUR $1.08\n"

    var dir: URL!

    override func setUpWithError() throws {
        dir = try temporaryDirectory(self)
        try git(["init", "-q", "-b", "main"])
        try Self.main.write(to: dir.appendingPathComponent("house.ledger"), atomically: true, encoding: .utf8)
        try Self.prices.write(to: dir.appendingPathComponent("prices.ledger"), atomically: true, encoding: .utf8)
        try git(["add", "."])
        try git(["commit", "-q", "-m", "base"])
    }

    /// Runs git in the repository, with no user or system configuration.
    @discardableResult
    func git(_ args: [String], allowFailure: Bool = false) throws -> String {
        let out = try OutputFile(), err = try OutputFile()
        let env = ["GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1", "HOME": dir.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                   "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"]
        let child = try ChildProcess.start("/usr/bin/env", ["git"] + args, environment: env, directory: dir.path, stdout: out.descriptor, stderr: err.descriptor)
        let status = child.wait(seconds: 60)
        if !allowFailure { XCTAssertEqual(status, 0, "git \(args): \(err.text)") }
        return out.text
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    func diff(_ args: [String]) throws -> (status: Int32, json: [String: Any], stderr: String) {
        let r = try runLedgerc(["diff"] + args + ["--format", "json", "--until", "2025-03-31"], cwd: dir)
        let json = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [String: Any] ?? [:]
        return (r.status, json, r.stderr)
    }

    func descriptions(_ json: [String: Any], _ group: String, _ kind: String) -> [String] {
        ((json[group] as? [String: Any])?[kind] as? [[String: Any]] ?? []).map {
            ($0["description"] as? String) ?? (($0["new"] as? [String: Any])?["description"] as? String ?? "")
        }
    }

    func testAddedEditedAndDeletedTransactionsAreListed() throws {
        var text = Self.main.replacingOccurrences(of: "    Expenses:Food  $42.10", with: "    Expenses:Food  $44.10")
        text = text.replacingOccurrences(of: "2025-01-12 Cinema\n    Expenses:Fun  $18.00\n    Assets:Bank\n\n", with: "")
        text += "2025-02-01 Bakery\n    Expenses:Food  $6.50\n    Assets:Bank\n"
        try write("house.ledger", text)
        let d = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(d.status, 1, d.stderr)
        XCTAssertEqual(descriptions(d.json, "transactions", "added"), ["Bakery"])
        XCTAssertEqual(descriptions(d.json, "transactions", "removed"), ["Cinema"])
        XCTAssertEqual(descriptions(d.json, "transactions", "changed"), ["Grocer"])
        let change = (d.json["transactions"] as! [String: Any])["changed"] as! [[String: Any]]
        XCTAssertEqual(change[0]["fields"] as? [String], ["postings"])
        let balances = (d.json["balances"] as! [[String: Any]]).map { "\($0["account"]!) \($0["change"]!)" }
        XCTAssertEqual(balances.sorted(), ["Assets:Bank 9.5", "Expenses:Food 8.5", "Expenses:Fun -18"].sorted())
        XCTAssertEqual(descriptions(d.json, "occurrences", "added"), [])
    }

    /// A journal over a megabyte, whose sides are compiled in chunks (the
    /// new one as an edit of the old): two edits far apart and an append are
    /// listed at their lines, and an unchanged copy is no change.
    func testALargeJournalIsDiffedInChunksAtTheRightLines() throws {
        var text = Self.main
        var i = 0
        while text.utf8.count < 1_200_000 {
            let day = 1 + i % 28, month = 1 + (i / 28) % 12
            text += "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day) Shop \(i)  ; id: \(i)\n    Expenses:Food  $\(i % 90).25\n    Assets:Bank\n\n"
            i += 1
        }
        try write("house.ledger", text)
        try git(["commit", "-q", "-am", "large"])
        XCTAssertEqual(try diff(["HEAD", "house.ledger"]).status, 0)
        let edited = text.replacingOccurrences(of: "Shop 500  ;", with: "Shop 500 (edited)  ;")
            .replacingOccurrences(of: "Shop 9000  ;", with: "Shop 9000!  ;") + "2025-12-30 Late\n    Expenses:Fun  $1.00\n    Assets:Bank\n"
        try write("house.ledger", edited)
        let d = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(d.status, 1, d.stderr)
        XCTAssertEqual(descriptions(d.json, "transactions", "added"), ["Late"])
        let changed = (d.json["transactions"] as? [String: Any])?["changed"] as? [[String: Any]] ?? []
        let lines = edited.split(separator: "\n", omittingEmptySubsequences: false)
        func line(of needle: String) -> Int { 1 + lines.firstIndex { $0.contains(needle) }! }
        XCTAssertEqual(changed.map { ($0["new"] as? [String: Any])?["line"] as? Int }, [line(of: "Shop 500 (edited)"), line(of: "Shop 9000!")])
        XCTAssertEqual(changed.map { ($0["old"] as? [String: Any])?["line"] as? Int }, [line(of: "Shop 500 (edited)"), line(of: "Shop 9000!")])
        let added = (d.json["transactions"] as? [String: Any])?["added"] as? [[String: Any]] ?? []
        XCTAssertEqual(added.first?["line"] as? Int, line(of: "2025-12-30 Late"))
        // Two revisions: the new one's chunks are read as git gives its text.
        try git(["commit", "-q", "-am", "edited"])
        let revisions = try diff(["HEAD~1:house.ledger", "HEAD:house.ledger"])
        XCTAssertEqual(revisions.status, 1, revisions.stderr)
        XCTAssertEqual(revisions.json["transactions"] as? NSDictionary, d.json["transactions"] as? NSDictionary)
        XCTAssertEqual(revisions.json["balances"] as? NSArray, d.json["balances"] as? NSArray)
        XCTAssertEqual(try diff(["HEAD:house.ledger", "HEAD:house.ledger"]).status, 0)
    }

    func testFormattingAndReorderingChangeNothing() throws {
        XCTAssertEqual(try runLedgerc(["fmt", "--write", "house.ledger"], cwd: dir).status, 0)
        var d = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(d.status, 0, "fmt is not a change: \(d.json)")
        // Transactions in another order, an amount left out, spaces changed: the same meaning.
        let reordered = Self.main
            .replacingOccurrences(of: "2025-01-20 Book\n    Expenses:Fun  $12.00\n    Assets:Bank\n", with: "")
            .replacingOccurrences(of: "2025-01-02 * Opening", with: "2025-01-20 Book\n    Assets:Bank      $-12.00\n    Expenses:Fun\n\n2025-01-02 * Opening")
        try write("house.ledger", reordered)
        d = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(d.status, 0, "\(d.json)")
    }

    func testARuleEditListsTheOccurrencesItChanges() throws {
        try write("house.ledger", Self.main.replacingOccurrences(of: "Expenses:Rent  $1,000.00", with: "Expenses:Rent  $1,100.00"))
        let r = try runLedgerc(["diff", "HEAD", "house.ledger", "--until", "2025-03-31"], cwd: dir)
        XCTAssertEqual(r.status, 1)
        let d = try diff(["HEAD", "house.ledger"])
        let added = (d.json["occurrences"] as! [String: Any])["added"] as! [[String: Any]]
        let dropped = (d.json["occurrences"] as! [String: Any])["dropped"] as! [[String: Any]]
        XCTAssertEqual(added.map { $0["date"] as! String }, ["2025-01-05", "2025-02-05", "2025-03-05"])
        XCTAssertEqual(dropped.map { $0["date"] as! String }, ["2025-01-05", "2025-02-05", "2025-03-05"])
        XCTAssertTrue((added[0]["postings"] as! [String]).contains("Expenses:Rent  $1,100.00"), "\(added[0])")
        XCTAssertTrue(descriptions(d.json, "transactions", "added").isEmpty)
    }

    func testATransactionMovedIntoAnIncludedFileIsNoChange() throws {
        try write("house.ledger", Self.main.replacingOccurrences(of: "2025-01-12 Cinema\n    Expenses:Fun  $18.00\n    Assets:Bank\n", with: ""))
        try write("prices.ledger", Self.prices + "\n2025-01-12 Cinema\n    Expenses:Fun  $18.00\n    Assets:Bank\n")
        let d = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(d.status, 0, "\(d.json)")
        // Two revisions, each side read with its own includes.
        try git(["commit", "-q", "-am", "moved"])
        XCTAssertEqual(try diff(["HEAD~1:house.ledger", "HEAD:house.ledger"]).status, 0)
        try write("prices.ledger", Self.prices)
        XCTAssertEqual(try diff(["HEAD", "house.ledger"]).status, 1, "the include at HEAD has the transaction; the working tree's has not")
    }

    func testNewAndFixedDiagnostics() throws {
        try write("house.ledger", Self.main + "2025-02-03 Broken\n    Expenses:Food  $5.00\n    Assets:Bank  $-4.00\n")
        let d = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(d.status, 1)
        let diagnostics = d.json["diagnostics"] as! [String: Any]
        XCTAssertEqual((diagnostics["new"] as! [String]).count, 1)
        XCTAssertTrue((diagnostics["new"] as! [String])[0].contains("does not balance"), "\(diagnostics)")
    }

    /// Revisions that look like options or shell: refused or unknown, never run.
    func testCraftedRevisionsRunNothing() throws {
        let target = dir.appendingPathComponent("x")
        for rev in ["--output=\(target.path)", "$(touch pwned)", "`touch pwned`", "-p", "HEAD;touch pwned"] {
            for args in [[rev, "house.ledger"], ["\(rev):house.ledger", "house.ledger"]] {
                let r = try runLedgerc(["diff"] + args, cwd: dir)
                XCTAssertEqual(r.status, 2, "\(args): \(r.stdout)")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: target.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("pwned").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: repositoryRoot.appendingPathComponent("pwned").path))
        let unknown = try runLedgerc(["diff", "no-such-rev", "house.ledger"], cwd: dir)
        XCTAssertTrue(unknown.stderr.contains("git knows no commit 'no-such-rev'"), unknown.stderr)
    }

    /// `*.ledger diff=ledgerc` with `ledgerc print` as textconv: git diff shows print's text.
    func testTheTextconvDriverShowsPrintsText() throws {
        try write(".gitattributes", "*.ledger diff=ledgerc\n")
        try git(["config", "diff.ledgerc.textconv", ledgercBinary.path + " print --textconv --until 2025-01-31"])
        // Written loosely: print's canonical text has the amounts aligned and the elided one filled in.
        try write("house.ledger", Self.main + "2025-01-25   Tea\n  Expenses:Food   $3.00\n  Assets:Bank\n")
        let shown = try git(["diff", "--", "house.ledger"])
        XCTAssertTrue(shown.contains("+2025-01-25 Tea\n"), shown)
        XCTAssertTrue(shown.contains("+    Expenses:Food   $3.00\n+    Assets:Bank    -$3.00\n"), shown)
        XCTAssertFalse(shown.contains("+  Expenses:Food   $3.00"), "the raw text is not what git shows: \(shown)")
        // The same text, reformatted: git diff shows nothing.
        try git(["add", "house.ledger"])
        try git(["commit", "-q", "-m", "tea"])
        XCTAssertEqual(try runLedgerc(["fmt", "--write", "house.ledger"], cwd: dir).status, 0)
        let after = try git(["diff", "--", "house.ledger"])
        XCTAssertFalse(after.contains("@@"), "fmt changes no canonical text (git names the file, shows no change): \(after)")
    }

    /// Two branches that each appended: merged in date order by the driver.
    func testTheMergeDriverMergesAppendsInDateOrder() throws {
        try write(".gitattributes", "*.ledger merge=ledgerc\n")
        try git(["config", "merge.ledgerc.driver", ledgercBinary.path + " merge %O %A %B"])
        try git(["add", ".gitattributes"])
        try git(["commit", "-q", "-m", "attributes"])
        try git(["checkout", "-q", "-b", "card"])
        try write("house.ledger", Self.main + "\n2025-02-03 Card A\n    Expenses:Food  $3.00\n    Assets:Bank\n\n2025-02-20 Card B\n    Expenses:Food  $4.00\n    Assets:Bank\n")
        try git(["commit", "-q", "-am", "card"])
        try git(["checkout", "-q", "main"])
        try write("house.ledger", Self.main + "\n2025-02-10 Bank C\n    Expenses:Fun  $5.00\n    Assets:Bank\n")
        try git(["commit", "-q", "-am", "bank"])
        try git(["merge", "-q", "--no-edit", "card"])
        let merged = try String(contentsOf: dir.appendingPathComponent("house.ledger"), encoding: .utf8)
        let order = ["Card A", "Bank C", "Card B"].map { merged.range(of: $0)?.lowerBound }
        XCTAssertTrue(order.allSatisfy { $0 != nil }, merged)
        XCTAssertTrue(order[0]! < order[1]! && order[1]! < order[2]!, merged)
        XCTAssertFalse(merged.contains("<<<<<<<"), merged)
        XCTAssertEqual(try runLedgerc(["check", "house.ledger"], cwd: dir).status, 0)
    }

    /// The markdown for a pull request, on the household sample and an edited copy.
    func testTheMarkdownOfTheHouseholdSample() throws {
        let r = try runLedgerc(["diff", "samples/household.ledger", "Tests/ledgercTests/Diff/household-edited.ledger", "--format", "markdown",
                                "--until", "2025-06-30", "--to", "2025-06-30"])
        XCTAssertEqual(r.status, 1, r.stderr)
        try assertGolden(r.stdout, at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Golden/diff-household.md"), "diff-household.md")
        XCTAssertFalse(r.stdout.contains("<script"), "journal text is escaped")
    }

    /// Issue 44: a glob include is read at a revision too (git 2.39 listed
    /// nothing for `ls-tree --end-of-options REV`, so the old side lost every
    /// globbed file), and an include that leaves the repository is refused
    /// at a revision: the old side is what the repository held.
    func testGlobIncludesAtARevisionAndNothingOutsideTheRepository() throws {
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("months"), withIntermediateDirectories: true)
        try write("months/01.ledger", "2025-01-25 Cafe\n    Expenses:Food  $4.00\n    Assets:Bank\n")
        try write("months/02.ledger", "2025-02-25 Cafe\n    Expenses:Food  $5.00\n    Assets:Bank\n")
        try write("house.ledger", Self.main + "\ninclude months/*.ledger\n")
        try git(["add", "."])
        try git(["commit", "-q", "-m", "months"])
        let same = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(same.status, 0, "both sides read both months: \(same.json) \(same.stderr)")
        try write("months/02.ledger", "2025-02-25 Cafe\n    Expenses:Food  $6.00\n    Assets:Bank\n")
        let edited = try diff(["HEAD", "house.ledger"])
        XCTAssertEqual(edited.status, 1, edited.stderr)
        XCTAssertEqual(descriptions(edited.json, "transactions", "changed"), ["Cafe"], "\(edited.json)")

        let outside = try temporaryDirectory(self).appendingPathComponent("outside.ledger")
        try "2025-01-03 Secret\n    Expenses:Food  $1.00\n    Assets:Bank\n".write(to: outside, atomically: true, encoding: .utf8)
        try write("house.ledger", Self.main + "\ninclude \(outside.path)\n")
        try git(["commit", "-q", "-am", "outside"])
        let r = try runLedgerc(["diff", "HEAD", "house.ledger", "--until", "2025-03-31"], cwd: dir)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("cannot include '\(outside.path)': outside the repository"), r.stdout)
        XCTAssertTrue(r.stdout.contains("1 added"), "the old side read nothing from outside: \(r.stdout)")
    }
}
