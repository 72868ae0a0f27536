import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `ledgerc serve`'s page in a real Chromium, driven over the DevTools
/// protocol on a pipe (`--remote-debugging-pipe`: JSON messages ended by NUL
/// on fds 3 and 4, no WebSocket): add, edit, a conflict, import review, and
/// 360×740 without horizontal scrolling. Skipped where Chromium is missing.
final class ServeBrowserTests: XCTestCase {
    /// A headless Chromium and one page of it.
    final class Browser {
        let pid: pid_t
        let toBrowser: Int32, fromBrowser: Int32
        var nextID = 1
        var pending: [UInt8] = []
        var session = ""

        init(_ chromium: String, profile: String) throws {
            var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
            guard pipe(&input) == 0, pipe(&output) == 0 else { throw XCTSkip("no pipes") }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, input[0], 3)
            posix_spawn_file_actions_adddup2(&actions, output[1], 4)
            let args = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
                        "--user-data-dir=\(profile)", "about:blank"]
            var argv = args.map { strdup($0) } + [nil]
            defer { for p in argv { free(p) } }
            var child = pid_t()
            guard posix_spawn(&child, chromium, &actions, nil, &argv, environ) == 0 else { throw XCTSkip("chromium did not start") }
            pid = child
            close(input[0]); close(output[1])
            toBrowser = input[1]
            fromBrowser = output[0]
        }

        deinit {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            close(toBrowser); close(fromBrowser)
        }

        /// Sends a command and waits for its answer (events in between are passed over).
        @discardableResult
        func send(_ method: String, _ params: [String: Any] = [:], inSession: Bool = true) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            var message: [String: Any] = ["id": id, "method": method, "params": params]
            if inSession, !session.isEmpty { message["sessionId"] = session }
            var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
            bytes.append(0)
            _ = bytes.withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if let end = pending.firstIndex(of: 0) {
                    let one = Array(pending[..<end])
                    pending.removeFirst(end + 1)
                    guard let object = try JSONSerialization.jsonObject(with: Data(one)) as? [String: Any] else { continue }
                    if object["id"] as? Int == id {
                        if let error = object["error"] { throw NSError(domain: "cdp", code: 1, userInfo: [NSLocalizedDescriptionKey: "\(method): \(error)"]) }
                        return object["result"] as? [String: Any] ?? [:]
                    }
                    continue
                }
                var p = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
                guard poll(&p, 1, 1000) > 0 else { continue }
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                let n = buffer.withUnsafeMutableBytes { read(fromBrowser, $0.baseAddress, $0.count) }
                guard n > 0 else { throw NSError(domain: "cdp", code: 2, userInfo: [NSLocalizedDescriptionKey: "the browser closed its pipe"]) }
                pending += buffer[0..<n]
            }
            throw NSError(domain: "cdp", code: 3, userInfo: [NSLocalizedDescriptionKey: "\(method): no answer"])
        }

        /// Opens a page of `width`×`height` at `url`.
        func open(_ url: String, width: Int, height: Int) throws {
            let target = try send("Target.createTarget", ["url": "about:blank"], inSession: false)
            let attached = try send("Target.attachToTarget", ["targetId": target["targetId"] as! String, "flatten": true], inSession: false)
            session = attached["sessionId"] as! String
            try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": true])
            try send("Page.enable")
            try send("Page.navigate", ["url": url])
        }

        /// The value of a JavaScript expression (awaited when it is a promise).
        @discardableResult
        func evaluate(_ expression: String) throws -> Any? {
            let r = try send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
            if let exception = r["exceptionDetails"] { throw NSError(domain: "cdp", code: 4, userInfo: [NSLocalizedDescriptionKey: "\(exception)"]) }
            return (r["result"] as? [String: Any])?["value"]
        }

        /// Waits until `expression` is true.
        func until(_ expression: String, seconds: Double = 60, file: StaticString = #filePath, line: UInt = #line) throws {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if try evaluate(expression) as? Bool == true { return }
                usleep(100_000)
            }
            XCTFail("never true: \(expression)", file: file, line: line)
        }
    }

    func testThePageAddsEditsConflictsAndImportsInChromium() throws {
        guard let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("chromium is not installed (apt-get install chromium); the served page is not driven")
        }
        let server = try ServeTests.Server(ServeTests.journal, arguments: ["--lang", "ko"])
        defer { _ = server.stop() }
        // A statement and its rules beside the journal, for the review queue.
        try "date,description,amount\n2025-06-10,이마트,-45000\n2025-06-15,스타벅스,-6500\n".write(to: server.dir.appendingPathComponent("statement.csv"), atomically: true, encoding: .utf8)
        try "skip 1\nfields date, description, amount\ncurrency KRW\naccount1 자산:현금\nif 스타벅스\n  account2 지출:식비\nif 이마트\n  account2 지출:식비\n"
            .write(to: server.dir.appendingPathComponent("bank.rules"), atomically: true, encoding: .utf8)
        let browser = try Browser(chromium, profile: server.dir.appendingPathComponent("profile").path)
        try browser.open("http://127.0.0.1:\(server.port)/", width: 360, height: 740)
        try browser.until("document.body && document.body.dataset.ready === '1'")
        XCTAssertEqual(try browser.evaluate("document.documentElement.lang") as? String, "ko")
        XCTAssertEqual(try browser.evaluate("document.querySelector('#entry-title').textContent") as? String, "추가")

        // 초성: ㅇㅁ finds 이마트, and picking it fills in its last postings.
        try browser.evaluate("""
            (() => { const f = document.querySelector('#entry'); f.description.value = 'ㅇㅁ'; f.description.dispatchEvent(new Event('input')); })()
            """)
        try browser.until("[...document.querySelectorAll('#suggestions li')].some(li => li.textContent === '이마트')")
        try browser.evaluate("[...document.querySelectorAll('#suggestions li')].find(li => li.textContent === '이마트').click()")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('#postings .posting')[0].children[0].value") as? String, "지출:식비")

        // Add through the form.
        try browser.evaluate("""
            (() => { const f = document.querySelector('#entry'); f.date.value = '2025-06-20'; f.description.value = '편의점';
              const rows = document.querySelectorAll('#postings .posting');
              rows[0].children[0].value = '지출:식비'; rows[0].children[1].value = '4,500 KRW'; rows[1].children[0].value = '자산:현금'; rows[1].children[1].value = '';
              f.requestSubmit(); })()
            """)
        try browser.until("[...document.querySelectorAll('#transactions .desc')].some(e => e.textContent === '편의점')")
        XCTAssertTrue(server.text.hasSuffix("\n2025-06-20 편의점\n    지출:식비  4,500 KRW\n    자산:현금\n"), server.text)

        // Edit it: click it, change the payee, save.
        try browser.evaluate("[...document.querySelectorAll('#transactions li')].find(li => li.querySelector('.desc').textContent === '편의점').click()")
        XCTAssertEqual(try browser.evaluate("document.querySelector('#entry-title').textContent") as? String, "수정")
        try browser.evaluate("(() => { const f = document.querySelector('#entry'); f.description.value = 'GS25'; f.requestSubmit(); })()")
        try browser.until("[...document.querySelectorAll('#transactions .desc')].some(e => e.textContent === 'GS25')")
        XCTAssertTrue(server.text.contains("\n2025-06-20 GS25\n    지출:식비  4,500 KRW\n"), server.text)

        // A conflict: the file changes on disk while the page edits; the save is refused and said.
        try browser.evaluate("[...document.querySelectorAll('#transactions li')].find(li => li.querySelector('.desc').textContent === 'GS25').click()")
        try server.text.replacingOccurrences(of: "월급", with: "급여").write(to: server.journal, atomically: false, encoding: .utf8)
        try browser.evaluate("(() => { const f = document.querySelector('#entry'); f.description.value = 'CU'; f.requestSubmit(); })()")
        try browser.until("!document.querySelector('#entry-error').hidden")
        XCTAssertFalse(server.text.contains("CU"), "nothing was written")
        try browser.until("[...document.querySelectorAll('#transactions .desc')].some(e => e.textContent === '급여')")

        // Import review: the statement's rows, the one already recorded marked, the other accepted.
        try browser.evaluate("document.querySelector('nav [data-view=\"import\"]').click()")
        try browser.evaluate("""
            (() => { const f = document.querySelector('#import-form'); const dt = new DataTransfer();
              dt.items.add(new File(['date,description,amount\\n2025-06-10,이마트,-45000\\n2025-06-15,스타벅스,-6500\\n'], 'statement.csv', {type: 'text/csv'}));
              f.statement.files = dt.files; f.rules.value = 'bank.rules'; f.requestSubmit(); })()
            """)
        try browser.until("document.querySelectorAll('#import-rows tr').length === 2")
        XCTAssertEqual(try browser.evaluate("document.querySelectorAll('#import-rows input:disabled').length") as? Int, 1, "이마트 is already recorded")
        try browser.evaluate("document.querySelector('#import-rows button').click()")
        try browser.until("document.querySelector('#import-rows p') !== null")
        let said = try browser.evaluate("document.querySelector('#import-rows').innerHTML + ' / ' + document.querySelector('#import-error').textContent") as? String ?? ""
        XCTAssertTrue(server.text.contains("스타벅스"), said + "\n" + server.text)
        XCTAssertEqual(server.text.components(separatedBy: "이마트").count - 1, 1, "the recorded row is not added twice")

        // 360×740: nothing wider than the screen.
        try browser.evaluate("document.querySelector('nav [data-view=\"list\"]').click()")
        XCTAssertEqual(try browser.evaluate("document.documentElement.scrollWidth <= 360") as? Bool, true)
        let shot = try browser.send("Page.captureScreenshot", ["format": "png"])
        let png = Data(base64Encoded: shot["data"] as? String ?? "") ?? Data()
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        try png.write(to: FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-serve-360x740.png"))
    }
}
