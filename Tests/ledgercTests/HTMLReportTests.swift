import Foundation
import XCTest

/// `report html`: one self-contained, deterministic page with the figures of
/// the other reports; rendered in headless Chromium where it is installed.
final class HTMLReportTests: XCTestCase {
    func page(_ args: [String], today: String = "2025-06-20", file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let r = try runLedgerc(["report", "html"] + args, env: ["LEDGERC_TODAY": today])
        XCTAssertEqual(r.status, 0, r.stderr, file: file, line: line)
        return r.stdout
    }

    func testTheBudgetSampleMatchesItsGoldenPage() throws {
        let html = try page(["samples/budget.ledger"])
        try assertGolden(html, at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Golden/html-budget.html"), "html-budget.html")
    }

    func testSelfContainedAndByteIdentical() throws {
        for sample in ["samples/household.ledger", "samples/trading.ledger", "samples/personal.ledger", "samples/budget.ledger"] {
            let a = try page([sample]), b = try page([sample])
            XCTAssertEqual(a, b, sample)
            XCTAssertTrue(a.hasPrefix("<!DOCTYPE html>"), sample)
            // Nothing from the network, no script needed.
            for forbidden in ["http://", "https://", "<script", "<link", "@import", "src="] {
                XCTAssertFalse(a.contains(forbidden), "\(sample) holds \(forbidden)")
            }
            XCTAssertLessThan(a.utf8.count, 1_000_000, sample)
            // Every chart has a title and a table of its figures.
            let svgs = a.components(separatedBy: "<svg ").count - 1
            XCTAssertGreaterThan(svgs, 0, sample)
            XCTAssertEqual(a.components(separatedBy: "role=\"img\" aria-labelledby=").count - 1, svgs, sample)
            XCTAssertEqual(a.components(separatedBy: "<details><summary>Figures</summary><table>").count - 1, svgs, sample)
            XCTAssertTrue(a.contains("prefers-color-scheme:dark"), sample)
        }
    }

    func testTheHouseholdFiguresAreThere() throws {
        let html = try page(["samples/household.ledger"])
        // Month totals, as the summary reports them.
        let summary = try runLedgerc(["report", "summary", "samples/household.ledger", "--format", "csv"], env: ["LEDGERC_TODAY": "2025-06-20"]).stdout
        let january = summary.split(separator: "\n")[1].split(separator: ",")
        XCTAssertEqual(january[0], "2025-01")
        XCTAssertTrue(html.contains("<td>2025-01</td><td class=\"num\">3,200,000 KRW</td><td class=\"num\">1,153,100 KRW</td>"), "January's income and expenses")
        XCTAssertEqual(january[2], "3200000")
        // A category, the upcoming rent, a recorded or generated past occurrence.
        XCTAssertTrue(html.contains("지출:주거"))
        XCTAssertTrue(html.contains("<td>2025-07-05</td><td>월세</td><td class=\"num\">650,000 KRW</td>"), "next month's rent is upcoming")
        XCTAssertTrue(html.contains("not recorded yet (generated)"))
        for id in ["overview", "months", "categories", "net-worth", "upcoming", "balances"] { XCTAssertTrue(html.contains("<section id=\"\(id)\">"), id) }
        XCTAssertFalse(html.contains("<section id=\"portfolio\">"), "no holdings, no portfolio")
    }

    func testThePortfolioShowsHoldingsAndGains() throws {
        let html = try page(["samples/trading.ledger"], today: "2025-04-30")
        let holdings = try runLedgerc(["report", "holdings", "samples/trading.ledger", "--format", "csv"], env: ["LEDGERC_TODAY": "2025-04-30"]).stdout
        XCTAssertTrue(html.contains("<section id=\"portfolio\">"))
        XCTAssertTrue(html.contains("Market value by holding"))
        XCTAssertTrue(html.contains("Cost basis and market value"))
        // The average cost and market value the holdings report prints for Samsung.
        for figure in ["52,892 KRW", "4,448,000 KRW", "134,333 KRW"] {
            XCTAssertTrue(holdings.contains(figure.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: " KRW", with: "")), "holdings report: \(figure)")
            XCTAssertTrue(html.contains(figure), "page: \(figure)")
        }
        XCTAssertTrue(html.contains("<h3>Trades in the period</h3>"))
    }

    func testCommoditiesAreNeverAdded() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("two.ledger").path
        try """
        2025-01-02 pay
            assets:bank  $1,000.00
            income:salary
        2025-01-03 월급
            자산:은행  3,200,000 KRW
            수입:급여
        2025-01-04 food
            expenses:food  $10.00
            assets:bank
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let html = try page([path])
        XCTAssertTrue(html.contains("Income and expenses by month, $"))
        XCTAssertTrue(html.contains("Income and expenses by month, KRW"))
        XCTAssertFalse(html.contains("3,201,000"))
    }

    func testUsage() throws {
        XCTAssertEqual(try runLedgerc(["report", "html", "samples/budget.ledger", "--format", "csv"]).status, 2)
        let dir = try temporaryDirectory(self)
        let out = dir.appendingPathComponent("page.html").path
        let r = try runLedgerc(["report", "html", "samples/budget.ledger", "-o", out])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try String(contentsOfFile: out, encoding: .utf8).hasSuffix("</html>\n"))
    }

    /// The page in a real browser: it loads, its text holds the figures, no console error.
    func testChromiumRendersThePage() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("chromium is not installed (apt-get install chromium); the page is not rendered")
        }
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("household.html").path
        XCTAssertEqual(try runLedgerc(["report", "html", "samples/household.ledger", "-o", path], env: ["LEDGERC_TODAY": "2025-06-20"]).status, 0)
        func browser(_ args: [String]) throws -> (out: String, err: String) {
            let out = try OutputFile(), err = try OutputFile()
            let child = try ChildProcess.start(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                          "--user-data-dir=\(dir.path)/profile", "--enable-logging=stderr", "--v=0"]
                                                         + args + ["file://\(path)"],
                                               stdout: out.descriptor, stderr: err.descriptor)
            child.wait(seconds: 120)
            return (out.text, err.text)
        }
        let dom = try browser(["--dump-dom"])
        XCTAssertTrue(dom.out.contains("<section id=\"overview\">"), dom.err)
        XCTAssertTrue(dom.out.contains("16,162,480 KRW"), "income of the period in the rendered page")
        XCTAssertTrue(dom.out.contains("월세"))
        XCTAssertFalse(dom.err.contains("Uncaught"), dom.err)
        XCTAssertFalse(dom.err.contains(":CONSOLE("), dom.err)
        let shot = dir.appendingPathComponent("shot.png").path
        _ = try browser(["--screenshot=\(shot)", "--window-size=1000,1400"])
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        XCTAssertGreaterThan(png.count, 10_000)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    }
}
