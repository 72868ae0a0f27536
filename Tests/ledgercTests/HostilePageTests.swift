import Foundation
import XCTest

/// Issue 29: a journal someone else wrote (or an import copied from a
/// statement) is untrusted. `report html` of a journal full of markup and
/// `javascript:` links runs nothing and fetches nothing.
final class HostilePageTests: XCTestCase {
    static let journal = """
    account Assets:<script>document.title='pwned'</script>
    account Expenses:<img src=http://127.0.0.1:9/a onerror=alert(1)>

    2025-03-01 <script>alert(2)</script>  ; receipt: javascript:alert(3)
        Expenses:<img src=http://127.0.0.1:9/a onerror=alert(1)>  5,000 KRW
        Assets:<script>document.title='pwned'</script>

    2025-03-02 "><iframe src=//127.0.0.1:9>  ; receipt: data:text/html,<script>alert(4)</script>
        Expenses:Food  6,000 KRW  ; note: <style>body{background:url(http://127.0.0.1:9/b)}</style>
        Assets:Cash

    2025-03-03 third  ; receipt: http://127.0.0.1:9/c.pdf
        Expenses:Food  7,000 KRW
        Assets:Cash

    2025-03-04 fourth  ; receipt: //127.0.0.1:9/d.pdf
        Expenses:Food  8,000 KRW
        Assets:Cash

    2025-03-05 fifth  ; receipt: 영수증 3월/a b:c.pdf
        Expenses:Food  9,000 KRW
        Assets:Cash

    ; A holding whose account and commodity are markup: the portfolio's lots,
    ; dividends, returns and value-against-principal sections show them.
    2025-03-06 buy
        Assets:<script>document.title='pwned'</script>  10 "<b>X</b>" @ 1,000 KRW
        Assets:Cash

    P 2025-03-20 "<b>X</b>" 1,200 KRW

    2025-03-21 dividend  ; dividend: <b>X</b>
        Assets:Cash  500 KRW
        Income:Dividends

    """

    func page(in dir: URL) throws -> (path: String, html: String, stderr: String) {
        let journal = dir.appendingPathComponent("hostile.ledger")
        try HostilePageTests.journal.write(to: journal, atomically: true, encoding: .utf8)
        let path = dir.appendingPathComponent("page.html").path
        let r = try runLedgerc(["report", "html", journal.path, "-o", path], env: ["LEDGERC_TODAY": "2025-03-31"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return (path, try String(contentsOfFile: path, encoding: .utf8), r.stderr)
    }

    func testNoLinkHasASchemeAndNoMarkupGetsThrough() throws {
        let dir = try temporaryDirectory(self)
        let (_, html, stderr) = try page(in: dir)
        XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'\">"))
        for bad in ["<script", "<img", "<iframe", "href=\"javascript", "href=\"data", "href=\"http", "href=\"//", "<style>body", "<b>X"] {
            XCTAssertFalse(html.contains(bad), "the page holds \(bad)")
        }
        // Every link is the page's own anchor or a percent-encoded relative path.
        for link in html.components(separatedBy: "href=\"").dropFirst().map({ String($0.prefix(while: { $0 != "\"" })) }) {
            XCTAssertTrue(link.hasPrefix("#") || !link.contains(":"), "a link with a scheme: \(link)")
        }
        XCTAssertTrue(html.contains("%EC%98%81%EC%88%98%EC%A6%9D%203%EC%9B%94/a%20b%3Ac.pdf"), "the relative receipt is linked, encoded")
        XCTAssertTrue(html.contains("javascript:alert(3)"), "a hostile receipt is shown as text")
        XCTAssertTrue(html.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
        XCTAssertTrue(html.contains("<td>&lt;b&gt;X&lt;/b&gt; (Assets:&lt;script&gt;"), "the holding is on the page, escaped")
        for section in ["Open lots", "Dividends", "Returns"] { XCTAssertTrue(html.contains(section), "the portfolio has \(section)") }
        // Each receipt that is no relative path is warned about by name.
        for receipt in ["javascript:alert(3)", "http://127.0.0.1:9/c.pdf", "//127.0.0.1:9/d.pdf"] {
            XCTAssertTrue(stderr.contains("the receipt '\(receipt)' is not a file path relative to the journal"), stderr)
        }
    }

    /// Fuzz finding (issue 29 round): a balance of 10^34 trapped the chart's
    /// coordinate conversion. Charts draw such a figure at the edge.
    func testAHugeFigureDrawsWithoutATrap() throws {
        let journal = try String(contentsOf: repositoryRoot.appendingPathComponent("Fuzz/corpus/html-huge-axis.ledger"), encoding: .utf8)
        let r = try runLedgerc(["report", "html", "-"], stdin: journal)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("</html>"))
    }

    /// In a real browser: no script runs (the title stays, no dialog, no
    /// console message) and nothing is fetched or refused.
    func testChromiumRunsNothingAndFetchesNothing() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("chromium is not installed (apt-get install chromium); the hostile page is not rendered")
        }
        let dir = try temporaryDirectory(self)
        let (path, _, _) = try page(in: dir)
        let out = try OutputFile(), err = try OutputFile()
        let child = try ChildProcess.start(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                      "--user-data-dir=\(dir.path)/profile", "--enable-logging=stderr", "--v=0",
                                                      "--dump-dom", "file://\(path)"],
                                           stdout: out.descriptor, stderr: err.descriptor)
        child.wait(seconds: 120)
        let dom = out.text, log = err.text
        XCTAssertTrue(dom.contains("<section id=\"overview\">"), log)
        XCTAssertFalse(dom.contains("<title>pwned</title>"), "a script ran")
        XCTAssertTrue(dom.contains("document.title='pwned'"), "the account's text is shown as text")
        XCTAssertFalse(dom.contains("<script") || dom.contains("<iframe") || dom.contains("<img"), "markup from the journal became elements")
        XCTAssertFalse(log.contains(":CONSOLE("), log)
        XCTAssertFalse(log.contains("Refused to"), "the page tried to load something: \(log)")
        XCTAssertFalse(log.contains("127.0.0.1:9"), log)
    }
}
