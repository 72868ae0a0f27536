import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `ledgerc serve` (issue 60), through the binary over HTTP: the security
/// contract point by point, and add, edit and delete with their exact effect
/// on the file.
final class ServeTests: XCTestCase {
    /// A running server on a copy of a journal.
    final class Server {
        let child: ChildProcess
        let port: Int
        let token: String
        let dir: URL
        let journal: URL
        let output: OutputFile

        init(_ text: String, arguments: [String] = [], env: [String: String] = [:], files: [String: String] = [:]) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for (name, content) in files { try content.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            journal = dir.appendingPathComponent("house.ledger")
            try text.write(to: journal, atomically: true, encoding: .utf8)
            let out = try OutputFile()
            output = out
            var environment = ProcessInfo.processInfo.environment
            environment["LEDGERC_TODAY"] = "2025-06-30"
            for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment.removeValue(forKey: name) }
            for (k, v) in env { environment[k] = v }
            child = try ChildProcess.start(ledgercBinary.path, ["serve", journal.path, "--port", "0", "--no-open"] + arguments,
                                           environment: environment, stdout: out.descriptor, stderr: out.descriptor)
            var first = ""
            for _ in 0..<1200 {
                first = out.text.split(separator: "\n").first.map(String.init) ?? ""
                if first.hasPrefix("http://") { break }
                usleep(25_000)
            }
            guard first.hasPrefix("http://127.0.0.1:"), let p = Int(first.dropFirst("http://127.0.0.1:".count).dropLast()) else {
                kill(child.pid, SIGKILL)
                throw NSError(domain: "serve", code: 1, userInfo: [NSLocalizedDescriptionKey: "no URL on the first line: \(out.text)"])
            }
            port = p
            let page = try ServeTests.request(port, "GET", "/").body
            let after = page.components(separatedBy: "name=\"ledgerc-token\" content=\"").dropFirst().first ?? ""
            token = String(after.prefix { $0 != "\"" })
        }

        func stop() -> Int32 {
            kill(child.pid, SIGINT)
            let status = child.wait(seconds: 10)
            try? FileManager.default.removeItem(at: dir)
            return status
        }

        var text: String { (try? String(contentsOf: journal, encoding: .utf8)) ?? "" }

        /// A write with the token and JSON.
        func write(_ method: String, _ path: String, _ body: String, _ extra: [String: String] = [:]) throws -> (status: Int, headers: String, body: String) {
            try ServeTests.request(port, method, path, headers: ["X-Ledgerc-Token": token, "Content-Type": "application/json"].merging(extra) { $1 }, body: Array(body.utf8))
        }
    }

    /// One request on a fresh connection, read to its close.
    static func request(_ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [], host: String? = nil,
                        raw: [UInt8]? = nil) throws -> (status: Int, headers: String, body: String) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw NSError(domain: "serve", code: 2) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else { throw NSError(domain: "serve", code: 3) }
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var message: [UInt8]
        if let raw {
            message = raw
        } else {
            var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n"
            for (k, v) in headers { head += "\(k): \(v)\r\n" }
            if !body.isEmpty || ["POST", "PUT"].contains(method) { head += "Content-Length: \(body.count)\r\n" }
            message = Array((head + "\r\n").utf8) + body
        }
        var sent = 0
        while sent < message.count {
            let n = message[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { break }
            sent += n
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            received += buffer[0..<n]
        }
        let text = String(decoding: received, as: UTF8.self)
        let split = text.range(of: "\r\n\r\n")
        let head = split.map { String(text[..<$0.lowerBound]) } ?? text
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, head, split.map { String(text[$0.upperBound...]) } ?? "")
    }

    static let journal = """
    account 자산:현금
    account 지출:식비
    account 수입:급여

    2025-06-01 월급
        자산:현금  3,000,000 KRW
        수입:급여

    2025-06-10 이마트
        지출:식비  45,000 KRW
        자산:현금

    """

    func testTheSecurityContract() throws {
        let server = try Server(ServeTests.journal)
        defer { XCTAssertEqual(server.stop(), 0, "Ctrl-C ends it cleanly") }
        let before = server.text
        XCTAssertEqual(server.token.count, 32, "128 random bits")
        // Host: DNS rebinding is refused before anything else.
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/api/transactions", host: "evil.example:\(server.port)").status, 421)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/api/transactions", host: "localhost:\(server.port)").status, 200)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/api/transactions", host: "[::1]:\(server.port)").status, 200)
        // Every answer: nosniff, no referrer, no CORS; the page's CSP forbids inline script.
        let page = try ServeTests.request(server.port, "GET", "/")
        XCTAssertTrue(page.headers.contains("X-Content-Type-Options: nosniff"))
        XCTAssertTrue(page.headers.contains("Referrer-Policy: no-referrer"))
        XCTAssertFalse(page.headers.lowercased().contains("access-control-"))
        XCTAssertTrue(page.headers.contains("default-src 'self'") && page.headers.contains("frame-ancestors 'none'") && !page.headers.contains("unsafe-inline"))
        XCTAssertFalse(page.body.contains("<script>"), "no inline script")
        let add = #"{"date":"2025-06-20","description":"편의점","postings":[{"account":"지출:식비","amount":"4,500 KRW"},{"account":"자산:현금"}]}"#
        // Token, Origin, JSON only.
        XCTAssertEqual(try ServeTests.request(server.port, "POST", "/api/transactions", headers: ["Content-Type": "application/json"], body: Array(add.utf8)).status, 403)
        let wrong = (server.token.first == "0" ? "1" : "0") + server.token.dropFirst()
        XCTAssertEqual(try server.write("POST", "/api/transactions", add, ["X-Ledgerc-Token": wrong]).status, 403)
        XCTAssertEqual(try server.write("POST", "/api/transactions", add, ["Origin": "http://evil.example"]).status, 403)
        XCTAssertEqual(try server.write("POST", "/api/transactions", add, ["Content-Type": "text/plain"]).status, 415)
        // Fields are values: a line break, a control character, a bidi override.
        for bad in ["x\\ninclude /etc/passwd", "x\\u001b[2J", "x\\u202e"] {
            let body = add.replacingOccurrences(of: "편의점", with: bad)
            XCTAssertEqual(try server.write("POST", "/api/transactions", body).status, 422, bad)
        }
        // No path from a request; bounded bodies and heads; malformed requests.
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/../../etc/passwd").status, 404)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/api/receipts/..%2F..%2Fetc%2Fpasswd").status, 404)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/house.ledger").status, 404)
        XCTAssertEqual(try server.write("POST", "/api/transactions", String(repeating: "a", count: (1 << 20) + 1)).status, 413)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/", headers: ["X-Big": String(repeating: "b", count: 17_000)]).status, 431)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/", raw: Array("NOT HTTP\r\n\r\n".utf8)).status, 400)
        XCTAssertEqual(server.text, before, "nothing was written")
        // The server still answers after all that.
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/api/accounts").status, 200)
    }

    func testAddEditAndDeleteChangeOnlyTheirLines() throws {
        let server = try Server(ServeTests.journal)
        // Ctrl-C still ends it cleanly after writes (each took the signals for its temporary file).
        defer { XCTAssertEqual(server.stop(), 0) }
        // An unbalanced add: 422 with the diagnostics, the file untouched.
        let unbalanced = try server.write("POST", "/api/transactions", #"{"date":"2025-06-20","description":"편의점","postings":[{"account":"지출:식비","amount":"4,500 KRW"},{"account":"자산:현금","amount":"-4,000 KRW"}]}"#)
        XCTAssertEqual(unbalanced.status, 422)
        XCTAssertTrue(unbalanced.body.contains("\"doesNotBalance\""), unbalanced.body)
        XCTAssertEqual(server.text, ServeTests.journal)
        // An unknown account: 422, with the nearest name.
        let unknown = try server.write("POST", "/api/transactions", #"{"date":"2025-06-20","description":"편의점","postings":[{"account":"지출:식ㅂ","amount":"4,500 KRW"},{"account":"자산:현금"}]}"#)
        XCTAssertEqual(unknown.status, 422)
        // Add: where `add` puts it, in fmt's layout.
        let added = try server.write("POST", "/api/transactions", #"{"date":"2025-06-20","description":"(주)컬리","postings":[{"account":"지출:식비","amount":"4500","commodity":"KRW"},{"account":"자산:현금"}]}"#)
        XCTAssertEqual(added.status, 201, added.body)
        XCTAssertEqual(server.text, ServeTests.journal + "\n2025-06-20 () (주)컬리\n    지출:식비  4,500 KRW\n    자산:현금\n")
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(added.body.utf8)) as? [String: Any])
        let id = try XCTUnwrap(json["id"] as? String), version = try XCTUnwrap(json["version"] as? String)
        // Edit: only its lines change.
        let edited = try server.write("PUT", "/api/transactions/\(id)", #"{"date":"2025-06-20","description":"컬리","status":"cleared","postings":[{"account":"지출:식비","amount":"5,000 KRW"},{"account":"자산:현금"}]}"#,
                                      ["If-Match": "\"\(version)\""])
        XCTAssertEqual(edited.status, 200, edited.body)
        XCTAssertEqual(server.text, ServeTests.journal + "\n2025-06-20 * 컬리\n    지출:식비  5,000 KRW\n    자산:현금\n")
        // A stale version: 409, nothing written.
        let stale = try server.write("PUT", "/api/transactions/\(id)", #"{"date":"2025-06-20","description":"x","postings":[{"account":"지출:식비","amount":"1 KRW"},{"account":"자산:현금"}]}"#,
                                     ["If-Match": "\"\(version)\""])
        XCTAssertEqual(stale.status, 409)
        // Changed on disk (an editor): the old version is stale too, and the list shows the change.
        let current = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(edited.body.utf8)) as? [String: Any])?["version"] as? String)
        try (server.text.replacingOccurrences(of: "이마트", with: "홈플러스")).write(to: server.journal, atomically: false, encoding: .utf8)
        XCTAssertEqual(try server.write("DELETE", "/api/transactions/\(id)", "", ["If-Match": "\"\(current)\""]).status, 409)
        let list = try ServeTests.request(server.port, "GET", "/api/transactions?query=desc:홈플러스".addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)!)
        XCTAssertTrue(list.body.contains("홈플러스") && list.body.contains("\"total\":1"), list.body)
        // Delete with the new version: its lines go, and only they (the blank line before it stays).
        let fresh = try ServeTests.request(server.port, "GET", "/api/transactions?limit=1")
        let top = try XCTUnwrap(((JSONSerialization.jsonObject(with: Data(fresh.body.utf8)) as? [String: Any])?["transactions"] as? [[String: Any]])?.first)
        XCTAssertEqual(top["description"] as? String, "컬리")
        let deleted = try server.write("DELETE", "/api/transactions/\(top["id"] as! String)", "", ["If-Match": "\"\(top["version"] as! String)\""])
        XCTAssertEqual(deleted.status, 200, deleted.body)
        XCTAssertEqual(server.text, ServeTests.journal.replacingOccurrences(of: "이마트", with: "홈플러스") + "\n")
        // The id names nothing in the file's new version: 404; with the old version: 409.
        let now = try ServeTests.request(server.port, "GET", "/api/transactions?limit=1")
        let latest = try XCTUnwrap(((JSONSerialization.jsonObject(with: Data(now.body.utf8)) as? [String: Any])?["transactions"] as? [[String: Any]])?.first?["version"] as? String)
        XCTAssertEqual(try server.write("DELETE", "/api/transactions/\(top["id"] as! String)", "", ["If-Match": "\"\(latest)\""]).status, 404)
        XCTAssertEqual(try server.write("DELETE", "/api/transactions/\(top["id"] as! String)", "", ["If-Match": "\"\(top["version"] as! String)\""]).status, 409)
    }

    /// A journal of 256 KB and more is compiled in chunks (the editor's incremental compile): a
    /// write reads again only the chunks it touched. Its ids, lines and diagnostics are still the
    /// file's own places, and add, edit and delete change exactly their lines, in the middle too.
    /// A journal of 5,000 transactions (over 256 KB: compiled in chunks), 50 a day.
    static var largeJournal: String {
        var text = "account 자산:현금\naccount 지출:식비\n\n"
        for k in 0..<5000 {
            let day = 1 + k / 50, month = 1 + (day - 1) / 28, dom = 1 + (day - 1) % 28
            text += String(format: "2025-%02d-%02d 가게 %d\n    지출:식비  %d KRW\n    자산:현금\n\n", month, dom, k, 1000 + k)
        }
        return text
    }

    func testALargeJournalIsWrittenThroughItsChunks() throws {
        let text = ServeTests.largeJournal
        XCTAssertGreaterThan(text.utf8.count, 256 << 10)
        let server = try Server(text)
        defer { XCTAssertEqual(server.stop(), 0) }
        /// The 1-based line of the first line of the file that starts with `prefix`.
        func line(of prefix: String, in text: String) -> Int? {
            text.components(separatedBy: "\n").firstIndex { $0.hasPrefix(prefix) }.map { $0 + 1 }
        }
        func listed(_ query: String) throws -> [String: Any] {
            let answer = try ServeTests.request(server.port, "GET", "/api/transactions?query=" + query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            let list = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["transactions"] as? [[String: Any]])
            XCTAssertEqual(list.count, 1, answer.body)
            return try XCTUnwrap(list.first)
        }
        // An add in the middle goes after the last transaction of its day, and is listed at its line.
        let added = try server.write("POST", "/api/transactions", #"{"date":"2025-02-15","description":"새가게","postings":[{"account":"지출:식비","amount":"777 KRW"},{"account":"자산:현금"}]}"#)
        XCTAssertEqual(added.status, 201, added.body)
        let block = "2025-02-15 새가게\n    지출:식비  777 KRW\n    자산:현금\n"
        let afterAdd = server.text
        XCTAssertEqual(afterAdd.replacingOccurrences(of: block + "\n", with: ""), text)
        // (after the day's last block and its blank line: where the next day started)
        XCTAssertEqual(line(of: "2025-02-15 새가게", in: afterAdd), line(of: "2025-02-16 ", in: text))
        let new = try listed("desc:새가게")
        XCTAssertEqual((new["source"] as? [String: Any])?["line"] as? Int, line(of: "2025-02-15 새가게", in: afterAdd))
        // An unbalanced edit of a transaction in the middle: 422 at its line, the file untouched.
        let middle = try listed("desc:가게.2500$")
        let middleLine = try XCTUnwrap(line(of: "2025-02-23 가게 2500", in: afterAdd))
        XCTAssertEqual((middle["source"] as? [String: Any])?["line"] as? Int, middleLine)
        let id = try XCTUnwrap(middle["id"] as? String), version = try XCTUnwrap(middle["version"] as? String)
        let unbalanced = try server.write("PUT", "/api/transactions/\(id)", #"{"date":"2025-02-23","description":"가게 2500","postings":[{"account":"지출:식비","amount":"1 KRW"},{"account":"자산:현금","amount":"-2 KRW"}]}"#,
                                          ["If-Match": "\"\(version)\""])
        XCTAssertEqual(unbalanced.status, 422, unbalanced.body)
        XCTAssertTrue(unbalanced.body.contains("\"line\":\(middleLine)"), unbalanced.body)
        XCTAssertEqual(server.text, afterAdd)
        // (the text written ahead while it was checked is gone)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: server.dir.path), ["house.ledger"])
        // The edit itself: only its lines change (the amount in the journal's style for KRW).
        let edited = try server.write("PUT", "/api/transactions/\(id)", #"{"date":"2025-02-23","description":"가게 2500","postings":[{"account":"지출:식비","amount":"9,999 KRW"},{"account":"자산:현금"}]}"#,
                                      ["If-Match": "\"\(version)\""])
        XCTAssertEqual(edited.status, 200, edited.body)
        let afterEdit = server.text
        XCTAssertEqual(afterEdit, afterAdd.replacingOccurrences(of: "가게 2500\n    지출:식비  3500 KRW\n", with: "가게 2500\n    지출:식비  9999 KRW\n"))
        // Delete the added one by its new id: the file is the first one again but for the edit.
        let again = try listed("desc:새가게")
        XCTAssertEqual((again["source"] as? [String: Any])?["line"] as? Int, line(of: "2025-02-15 새가게", in: afterEdit))
        let deleted = try server.write("DELETE", "/api/transactions/\(again["id"] as? String ?? "")", "", ["If-Match": "\"\(again["version"] as? String ?? "")\""])
        XCTAssertEqual(deleted.status, 200, deleted.body)
        XCTAssertEqual(server.text, afterEdit.replacingOccurrences(of: block, with: ""))
        // Changed on disk in the middle (an editor): the chunks it touched are read again, and
        // the list shows the change at its line.
        let onDisk = server.text.replacingOccurrences(of: "2025-03-13 가게 3400\n", with: "2025-03-13 이마트 3400\n")
        try onDisk.write(to: server.journal, atomically: false, encoding: .utf8)
        var changed: [String: Any] = [:]
        for _ in 0..<100 {
            let answer = try ServeTests.request(server.port, "GET", "/api/transactions?query=desc%3A%EC%9D%B4%EB%A7%88%ED%8A%B8")
            if let list = (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])?["transactions"] as? [[String: Any]],
               let found = list.first { changed = found; break }
            usleep(50_000)
        }
        XCTAssertEqual((changed["source"] as? [String: Any])?["line"] as? Int, line(of: "2025-03-13 이마트 3400", in: onDisk))
    }

    /// A write compares the bytes on disk with the compile's (while it compiles and writes
    /// ahead): a change the file's stamp does not show (written in place, same size, its
    /// time put back) is not written over; the write starts over from the file read again.
    func testAWriteKeepsAChangeOnDiskThatTheStampDoesNotShow() throws {
        let text = ServeTests.largeJournal
        let server = try Server(text)
        defer { XCTAssertEqual(server.stop(), 0) }
        var before = stat()
        XCTAssertEqual(stat(server.journal.path, &before), 0)
        // The same number of bytes: 가게 and 마트 are six each.
        let onDisk = text.replacingOccurrences(of: "2025-03-13 가게 3400\n", with: "2025-03-13 마트 3400\n")
        XCTAssertEqual(onDisk.utf8.count, text.utf8.count)
        let handle = try FileHandle(forWritingTo: server.journal)
        try handle.write(contentsOf: Data(onDisk.utf8))
        try handle.close()
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, server.journal.path, &times, 0), 0)
        var after = stat()
        XCTAssertEqual(stat(server.journal.path, &after), 0)
        XCTAssertEqual([after.st_ino, UInt(after.st_size), UInt(after.st_mtim.tv_nsec)], [before.st_ino, UInt(before.st_size), UInt(before.st_mtim.tv_nsec)])
        let added = try server.write("POST", "/api/transactions", #"{"date":"2025-02-15","description":"새가게","postings":[{"account":"지출:식비","amount":"777 KRW"},{"account":"자산:현금"}]}"#)
        XCTAssertEqual(added.status, 201, added.body)
        XCTAssertEqual(server.text.replacingOccurrences(of: "2025-02-15 새가게\n    지출:식비  777 KRW\n    자산:현금\n\n", with: ""), onDisk)
    }

    /// An add to an included file of a large journal (compiled in chunks, then again whole for
    /// the included file): answered with the transaction as written, in that file.
    func testAnAddToAnIncludedFileOfALargeJournal() throws {
        var text = "include 카드.ledger\naccount 자산:현금\naccount 지출:식비\n\n"
        for k in 0..<4000 { text += "2025-01-\(String(format: "%02d", 1 + k / 200)) 가게 \(k)\n    지출:식비  \(1000 + k) KRW\n    자산:현금\n\n" }
        let included = "2025-01-05 서점\n    지출:식비  12,000 KRW\n    자산:현금\n"
        let server = try Server(text, files: ["카드.ledger": included])
        defer { XCTAssertEqual(server.stop(), 0) }
        let added = try server.write("POST", "/api/transactions", #"{"date":"2025-01-06","description":"빵집","file":"카드.ledger","postings":[{"account":"지출:식비","amount":"3,000 KRW"},{"account":"자산:현금"}]}"#)
        XCTAssertEqual(added.status, 201, added.body)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(added.body.utf8)) as? [String: Any])
        XCTAssertEqual(json["description"] as? String, "빵집", added.body)
        XCTAssertEqual(((json["source"] as? [String: Any])?["file"] as? String).map { ($0 as NSString).lastPathComponent }, "카드.ledger")
        XCTAssertEqual(try String(contentsOf: server.dir.appendingPathComponent("카드.ledger"), encoding: .utf8),
                       included + "\n2025-01-06 빵집\n    지출:식비  3,000 KRW\n    자산:현금\n")
        XCTAssertEqual(server.text, text)
    }

    func testReadOnlyRefusesEveryWrite() throws {
        let server = try Server(ServeTests.journal, arguments: ["--read-only"])
        defer { _ = server.stop() }
        let add = #"{"date":"2025-06-20","description":"편의점","postings":[{"account":"지출:식비","amount":"4,500 KRW"},{"account":"자산:현금"}]}"#
        XCTAssertEqual(try server.write("POST", "/api/transactions", add).status, 403)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/api/transactions").status, 200)
        XCTAssertEqual(server.text, ServeTests.journal)
    }

    func testTheMonthAndTheNamesForCompletion() throws {
        let server = try Server(ServeTests.journal, arguments: ["--lang", "ko"])
        defer { _ = server.stop() }
        let month = try ServeTests.request(server.port, "GET", "/api/reports/month?month=2025-06")
        XCTAssertEqual(month.status, 200, month.body)
        XCTAssertTrue(month.body.contains("\"display\":\"45,000 KRW\""), month.body)
        let payees = try ServeTests.request(server.port, "GET", "/api/payees")
        XCTAssertTrue(payees.body.contains("이마트") && payees.body.contains("지출:식비"), payees.body)
        let page = try ServeTests.request(server.port, "GET", "/")
        XCTAssertTrue(page.body.contains("<html lang=\"ko\""), page.body)
        XCTAssertEqual(try ServeTests.request(server.port, "GET", "/api/reports/month?month=2025-13").status, 400)
    }

    /// Receipts: the type told by the bytes, stored beside the journal, served by the id the ledger knows.
    func testReceipts() throws {
        let server = try Server(ServeTests.journal)
        defer { _ = server.stop() }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 32)
        let stored = try ServeTests.request(server.port, "POST", "/api/receipts", headers: ["X-Ledgerc-Token": server.token, "Content-Type": "image/png"], body: png)
        XCTAssertEqual(stored.status, 201, stored.body)
        XCTAssertEqual(try ServeTests.request(server.port, "POST", "/api/receipts", headers: ["X-Ledgerc-Token": server.token, "Content-Type": "image/png"],
                                              body: Array("<html>".utf8)).status, 415)
        let value = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(stored.body.utf8)) as? [String: Any])?["receipt"] as? String)
        XCTAssertTrue(value.hasPrefix("receipts/") && value.hasSuffix(".png"), value)
        let add = try server.write("POST", "/api/transactions", #"{"date":"2025-06-21","description":"약국","tags":{"receipt":"\#(value)"},"postings":[{"account":"지출:식비","amount":"9,000 KRW"},{"account":"자산:현금"}]}"#)
        XCTAssertEqual(add.status, 201, add.body)
        XCTAssertTrue(server.text.contains("; receipt: \(value)"), server.text)
        let id = try XCTUnwrap((JSONSerialization.jsonObject(with: Data(add.body.utf8)) as? [String: Any])?["receiptId"] as? String)
        let served = try ServeTests.request(server.port, "GET", "/api/receipts/\(id)")
        XCTAssertEqual(served.status, 200)
        XCTAssertTrue(served.headers.contains("Content-Type: image/png"))
    }

    /// A change on disk shows: the event stream says `changed`, the short poll's generation moves,
    /// and the page as served already holds the newest transactions (before its script runs).
    func testChangesOnDiskAreAnnounced() throws {
        let server = try Server(ServeTests.journal)
        defer { _ = server.stop() }
        let page = try ServeTests.request(server.port, "GET", "/")
        XCTAssertTrue(page.body.contains("<span class=\"desc\">이마트</span>"), "the newest transactions are in the page as served")
        func generation() throws -> Int {
            let r = try ServeTests.request(server.port, "GET", "/api/events?poll=1")
            return try XCTUnwrap((JSONSerialization.jsonObject(with: Data(r.body.utf8)) as? [String: Any])?["generation"] as? Int)
        }
        let before = try generation()
        // The stream: headers and a first comment, then `changed` when the file changes.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(server.port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        XCTAssertEqual(withUnsafePointer(to: &address) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }, 0)
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let ask = Array("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
        _ = ask.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        var received = ""
        func read(until text: String) {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !received.contains(text) {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { return }
                received += String(decoding: buffer[0..<n], as: UTF8.self)
            }
        }
        read(until: ": ledgerc")
        XCTAssertTrue(received.contains("Content-Type: text/event-stream"), received)
        try (server.text + "\n2025-06-30 편의점\n    지출:식비  1,000 KRW\n    자산:현금\n").write(to: server.journal, atomically: false, encoding: .utf8)
        read(until: "event: changed")
        XCTAssertTrue(received.contains("event: changed"), received)
        XCTAssertGreaterThan(try generation(), before)
    }
}
