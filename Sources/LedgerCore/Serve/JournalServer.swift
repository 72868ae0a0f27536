#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ledgerc serve`'s application: one journal, compiled and kept current,
/// answering HTTP requests (SERVE.md). It takes no path from a request, and
/// every write is a checked edit of the journal's text, written atomically
/// under the same lock as every other writer. The connection loop
/// (`ServeLoop`) hands it whole requests, one at a time.
package final class JournalServer {
    /// The journal's path as given.
    package let path: String
    package let port: Int
    /// The per-launch token writes must send (`X-Ledgerc-Token`), 128 random bits in hex.
    package let token: String
    package let readOnly: Bool
    package let today: CivilDate
    /// The page's language (`--lang`); nil lets the browser's choose.
    package let pageLanguage: Language?
    /// The compile the answers come from.
    package private(set) var compilation: Compilation
    /// Each file of the compile with its stamp when it was read (modification time, size, inode).
    private var stamps: [(path: String, stamp: [Int]?)] = []
    /// How many times the journal changed (on disk, or by a write here): the events' number.
    package private(set) var generation = 0
    /// Each file's version in this compile, made when first asked (a hash of megabytes, not one per transaction).
    var versions: [Int: String] = [:]
    /// The receipts the journal names, made when first asked in this compile.
    var receipts: [(value: String, file: Int32)]?
    /// Uploaded statements waiting for review, by id.
    var pendingImports: [String: PendingImport] = [:]
    /// The editor's incremental compile of the journal's first file, once
    /// that is large (`Workspace.chunkedFromBytes`): a write or a change on
    /// disk reads again only the chunks it touched (issue 60's "not a full
    /// compile per write"). The compile's places inside its chunks are moved
    /// to the file's by `place(of:)`.
    var chunked: ChunkedJournal?

    package init(path: String, port: Int, token: String, readOnly: Bool, today: CivilDate, pageLanguage: Language? = nil) {
        self.pageLanguage = pageLanguage
        self.path = path
        self.port = port
        self.token = token
        self.readOnly = readOnly
        self.today = today
        var chunked: ChunkedJournal?
        compilation = JournalServer.compileJournal(path, today: today, chunked: &chunked)
        self.chunked = chunked
        stamps = JournalServer.stampsOf(compilation)
    }

    /// A new token from the system's random source; nil when there is none.
    package static func newToken() -> String? {
        systemRandomBytes(16).map { $0.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }
    }

    /// The journal compiled from disk: in chunks by `chunked` when its
    /// file is large (made then, dropped when it is not), else at once.
    static func compileJournal(_ path: String, today: CivilDate, chunked: inout ChunkedJournal?) -> Compilation {
        var options = CompileOptions()
        options.today = today
        options.horizon = today
        let bytes: [UInt8]
        switch FileIO.read(path) {
        case .success(let read): bytes = read
        case .failure: bytes = []
        }
        return compileJournal(SourceFile(path: path, bytes: bytes), options: options, chunked: &chunked)
    }

    /// `file` (the journal's first file) compiled with `options`, in chunks
    /// when it is large; `unchanged`: how much of it is as in the compile
    /// before (an edit here knows).
    static func compileJournal(_ file: SourceFile, options: CompileOptions, chunked: inout ChunkedJournal?,
                               unchanged: (since: Int, prefix: Int, suffix: Int)? = nil) -> Compilation {
        guard file.byteCount >= Workspace.chunkedFromBytes else {
            chunked = nil
            return compile([InputFile(path: file.path, bytes: file.bytes)], options: options)
        }
        let journal = chunked ?? ChunkedJournal(path: file.path)
        chunked = journal
        return journal.compile(file, options: options, unchanged: unchanged)
    }

    /// Each file of `c` with its stamp (a chunked compile's chunks are its first file).
    static func stampsOf(_ c: Compilation) -> [(path: String, stamp: [Int]?)] {
        c.ownFiles.map { c.sources.files[$0].path }.filter { !$0.hasPrefix("(") && !$0.hasPrefix("<") }.map { ($0, systemFileStamp($0)) }
    }

    /// Compiles again when a file of the journal changed on disk (an editor, `git pull`); whether it did.
    @discardableResult
    package func refreshIfChanged() -> Bool {
        guard stamps.contains(where: { systemFileStamp($0.path) != $0.stamp }) || stamps.isEmpty && systemFileStamp(path) != nil else { return false }
        reload()
        return true
    }

    /// Compiles the journal from disk again.
    func reload() {
        adopt(JournalServer.compileJournal(path, today: today, chunked: &chunked))
    }

    /// The journal's first file, edited, compiled by `chunked`: the compile
    /// answered from lets go of its transactions first, so the edit's
    /// compile writes over them where they are (copying 100,000 of them was
    /// most of an add, issue 60). Requests are handled one at a time, so
    /// nothing reads the compile meanwhile; an edit with errors is not
    /// written, and the text before it (`file`) is compiled again, again in
    /// chunks, and answered from as before.
    func compileEdit(of file: SourceFile, to edited: SourceFile, range: Range<Int>, options: CompileOptions) -> Compilation {
        // The bytes before the edit and after it are the same in both texts.
        let prefix = range.lowerBound, suffix = file.byteCount - range.upperBound
        compilation.letGoOfTransactions()
        let after = JournalServer.compileJournal(edited, options: options, chunked: &chunked, unchanged: (file.serial, prefix, suffix))
        if after.hasErrors {
            adopt(JournalServer.compileJournal(file, options: options, chunked: &chunked, unchanged: (edited.serial, prefix, suffix)), changed: false)
        }
        return after
    }

    /// Takes a compile of the journal as it is on disk now (a checked edit's,
    /// once written); `changed`: whether the journal changed (the events'
    /// generation); `closing`: a descriptor to close with the compile let go.
    func adopt(_ c: Compilation, changed: Bool = true, closing descriptor: Int32 = -1) {
        versions = [:]
        receipts = nil
        // The compile before is let go on a thread of its own: freeing a
        // 100k-transaction ledger took a tenth of a write's answer (issue 60).
        letGo?.wait()
        let old = ResultBox<Compilation>()
        old.value = compilation
        compilation = c
        letGo = BackgroundJob {
            old.value = nil
            if descriptor >= 0 { close(descriptor) }
        }
        stamps = JournalServer.stampsOf(c)
        if changed { generation += 1 }
    }

    /// The thread freeing the compile adopted before this one.
    private var letGo: BackgroundJob?

    deinit { letGo?.wait() }

    /// The origins the page is served from.
    var ownHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    /// The answer to one request.
    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        // DNS rebinding: a Host that is not ours is answered before anything else.
        guard let host = request.headers["host"]?.lowercased(), ownHosts.contains(host) else {
            return .problem(421, "this server answers only for 127.0.0.1:\(port), localhost:\(port) and [::1]:\(port)")
        }
        let writes = ["POST", "PUT", "DELETE", "PATCH"].contains(request.method)
        if writes {
            // The token of this launch, and our own origin when one is sent.
            guard let sent = request.headers["x-ledgerc-token"], JournalServer.sameSecret(sent, token) else {
                return .problem(403, "a write needs this launch's token in X-Ledgerc-Token")
            }
            if let origin = request.headers["origin"], !ownHosts.contains(where: { "http://\($0)" == origin.lowercased() }) {
                return .problem(403, "a write must come from this server's own page")
            }
            if readOnly { return .problem(403, "the server was started with --read-only") }
        } else if !["GET", "HEAD"].contains(request.method) {
            return .problem(405, "method \(request.method) is not allowed")
        }
        refreshIfChanged()
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let method = request.method == "HEAD" ? "GET" : request.method
        // The routes: a path's parts, `*` for an id.
        func route(_ m: String, _ pattern: String) -> Bool {
            let wanted = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
            return m == method && wanted.count == parts.count && zip(wanted, parts).allSatisfy { $0 == "*" ? !$1.isEmpty : $0 == $1 }
        }
        var answer: HTTPResponse
        if route("GET", "/") { answer = page() }
        else if route("GET", "/app.js") { answer = ServePage.asset(ServePage.script, type: "text/javascript; charset=utf-8") }
        else if route("GET", "/app.css") { answer = ServePage.asset(ServePage.style, type: "text/css; charset=utf-8") }
        else if route("GET", "/api/transactions") { answer = listTransactions(request) }
        else if route("POST", "/api/transactions") { answer = jsonOnly(request) ?? addTransaction(request) }
        else if route("PUT", "/api/transactions/*") { answer = jsonOnly(request) ?? editTransaction(parts[2], request) }
        else if route("DELETE", "/api/transactions/*") { answer = deleteTransaction(parts[2], request) }
        else if route("GET", "/api/accounts") { answer = accounts() }
        else if route("GET", "/api/payees") { answer = payees() }
        else if route("GET", "/api/commodities") { answer = commodities() }
        else if route("GET", "/api/reports/month") { answer = month(request) }
        else if route("GET", "/api/events") { answer = events(request) }
        else if route("POST", "/api/receipts") { answer = storeReceipt(request) }
        else if route("GET", "/api/receipts/*") { answer = receipt(parts[2]) }
        else if route("POST", "/api/import") { answer = previewImport(request) }
        else if route("POST", "/api/import/*/accept") { answer = jsonOnly(request) ?? acceptImport(parts[2], request) }
        else { answer = .problem(404, "no such resource") }
        if request.method == "HEAD", !answer.isEventStream { answer.headers.append(("X-Body-Length", String(answer.body.count))); answer.body = [] }
        return answer
    }

    /// `415` unless the body is JSON.
    func jsonOnly(_ request: HTTPRequest) -> HTTPResponse? {
        let type = (request.headers["content-type"] ?? "").lowercased().split(separator: ";").first.map { $0.trimmingSpaces } ?? ""
        return type == "application/json" ? nil : .problem(415, "this endpoint takes application/json")
    }

    /// Compares two secrets in time that does not depend on where they differ.
    static func sameSecret(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in x.indices { diff |= x[i] ^ y[i] }
        return diff == 0
    }

    /// The page: its token in a meta tag, its language, and nothing inline to run.
    func page() -> HTTPResponse {
        // The newest transactions are in the page as it comes (a reader without script, or one that
        // reads the page before its script ran, sees them); the script then takes the list over.
        let c = compilation.ledger.journal.commodities, accounts = compilation.ledger.journal.accounts
        let newest: String = Array(compilation.ledger.ordered.reversed().prefix(50)).map { t -> String in
            let lines = t.postings.map { p in
                "<div class=\"posting-line\"><span>\(htmlEscaped(accounts[p.account]))</span><span class=\"amount\">\(htmlEscaped(p.amount.map { c.format($0) } ?? ""))</span></div>"
            }.joined()
            return "<li><div class=\"head\"><span class=\"desc\">\(htmlEscaped(t.description))</span><span class=\"muted\">\(t.date)</span></div>\(lines)</li>"
        }.joined()
        let html = ServePage.html(token: token, language: pageLanguage, readOnly: readOnly, list: newest)
        return HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store"),
                                                   ("Content-Security-Policy", ServePage.contentSecurityPolicy)], body: Array(html.utf8))
    }

    /// `GET /api/events`: the stream stays open; `ServeLoop` sends `changed` on each new generation.
    /// `?poll=1`: the generation now, answered at once (what the page asks every two seconds).
    func events(_ request: HTTPRequest) -> HTTPResponse {
        if request.query["poll"] != nil { return .json(200, .object([("generation", .int(generation))])) }
        var r = HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store")],
                             body: Array(": ledgerc\n\n".utf8))
        r.isEventStream = true
        return r
    }

    /// One Server-Sent Event saying the journal changed.
    package var changedEvent: [UInt8] { Array("event: changed\ndata: {\"generation\":\(generation)}\n\n".utf8) }
}
