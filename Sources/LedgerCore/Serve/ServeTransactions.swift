#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The transactions of `ledgerc serve`: listed as `report transactions
/// --format json` shows them (with `id`, `version` and `source`), added,
/// edited and deleted as checked edits of the file that holds them.
extension JournalServer {
    /// A file's version: a 64-bit hash of its bytes, in hex. Four lanes
    /// of eight bytes a step (a 12 MB journal in about a millisecond, where
    /// a byte at a time took ten), each step a bijection of the lane's state,
    /// so that two files differing in one word always differ; the lanes,
    /// the tail and the length are mixed at the end.
    static func version(of bytes: [UInt8]) -> String {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        @inline(__always) func step(_ h: UInt64, _ w: UInt64) -> UInt64 {
            let x = (h ^ w) &* prime
            return x ^ (x >> 29)
        }
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x8422_2325_cbf2_9ce4, c: UInt64 = 0x1000_0000_01b3, d: UInt64 = 0x2545_F491_4F6C_DD1D
        var tail: UInt64 = 0
        bytes.withUnsafeBytes { raw in
            var k = 0
            while k + 32 <= raw.count {
                a = step(a, raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
                b = step(b, raw.loadUnaligned(fromByteOffset: k + 8, as: UInt64.self))
                c = step(c, raw.loadUnaligned(fromByteOffset: k + 16, as: UInt64.self))
                d = step(d, raw.loadUnaligned(fromByteOffset: k + 24, as: UInt64.self))
                k += 32
            }
            while k < raw.count {
                tail = step(tail, UInt64(raw[k]) | UInt64(k) << 8)
                k += 1
            }
        }
        var h = step(step(step(step(step(UInt64(bytes.count), a), b), c), d), tail)
        h = step(h, h >> 32)
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Whether two texts are the same, compared a block at a time.
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { p in
            b.withUnsafeBytes { q in
                guard let x = p.baseAddress, let y = q.baseAddress else { return true }
                return memcmp(x, y, p.count) == 0
            }
        }
    }

    /// The version of a file of the compile, made once per compile.
    func version(ofFile index: Int) -> String {
        if let v = versions[index] { return v }
        let v = JournalServer.version(of: compilation.sources.files[index].bytes)
        versions[index] = v
        return v
    }

    /// Where a transaction is written: its file's index in `sources` and
    /// the offset of its header there (a chunked compile's places moved to the file's).
    func place(of t: Transaction) -> SourceLocation { compilation.placeInFile(t.location) }

    /// The id of a recorded transaction: its file's number among the
    /// journal's files and the offset of its header in this version of the file.
    func id(of t: Transaction) -> String {
        let at = place(of: t)
        // The first file is number 0 in every compile, chunked or not.
        let number = at.file == 0 ? 0 : compilation.ownFiles.firstIndex(of: Int(at.file)) ?? Int(at.file)
        return "\(number)-\(at.offset)"
    }

    /// The index in `sources` of the file an id names, if the journal has it.
    func fileIndex(ofID id: String) -> Int? {
        guard let number = id.split(separator: "-").first.flatMap({ Int($0) }) else { return nil }
        let own = compilation.ownFiles
        return own.indices.contains(number) ? own[number] : nil
    }

    /// The recorded transaction an id names, if it still starts there.
    func transaction(_ id: String) -> Transaction? {
        let parts = id.split(separator: "-")
        guard parts.count == 2, let file = fileIndex(ofID: id), let offset = Int(parts[1]) else { return nil }
        return recorded(at: SourceLocation(file: file, offset: offset))
    }

    /// The recorded transaction whose header is at `at` in its file.
    func recorded(at: SourceLocation) -> Transaction? {
        // Looked for in place: a copy of each transaction on the way would retain its every string.
        let c = compilation
        let found = c.ledger.transactions.withUnsafeBufferPointer { all in
            all.indices.first { all[$0].generated == nil && c.placeInFile(all[$0].location) == at }
        }
        return found.map { compilation.ledger.transactions[$0] }
    }

    /// A transaction as JSON.
    func json(_ t: Transaction) -> JSONValue {
        let journal = compilation.ledger.journal, c = journal.commodities
        let at = place(of: t), place = compilation.sources.describe(at)
        var fields: [(String, JSONValue)] = []
        if t.generated == nil {
            fields.append(("id", .string(id(of: t))))
            fields.append(("version", .string(version(ofFile: Int(at.file)))))
        }
        // The fields of `report transactions --format json`, missing ones null.
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func tags(_ t: Tags, _ comment: String?) -> JSONValue {
            var seen = Set<String>()
            return .object(comment == nil ? [] : t.filter { seen.insert($0.key).inserted }.map { ($0.key, .string($0.value)) })
        }
        fields += [
            ("date", .string(t.date.description)),
            ("date2", text(t.date2?.description)),
            ("status", t.status == .unmarked ? .null : .string(t.status.word)),
            ("code", text(t.code)),
            ("description", .string(t.description)),
            ("payee", .string(t.payee)),
            ("comment", text(t.comment)),
            ("tags", tags(t.tags, t.comment)),
            ("receipt", text(t.receipt)),
            ("source", .object([("file", .string(place.path)), ("line", .int(place.line))])),
            ("generated", .bool(t.generated != nil)),
        ]
        if let r = t.receipt, let n = receiptIndex(r) { fields.append(("receiptId", .string(String(n)))) }
        fields.append(("postings", .array(t.postings.map { p in
            var posting: [(String, JSONValue)] = [("account", .string(journal.accounts[p.account]))]
            if let a = p.amount {
                posting += [("amount", .string(a.quantity.text(places: max(c.precision(a.commodity), a.quantity.scale)))),
                            ("commodity", .string(c[a.commodity])), ("display", .string(c.format(a)))]
            } else {
                posting += [("amount", .null), ("commodity", .null)]
            }
            posting += [("inferred", .bool(p.isInferred)), ("virtual", p.virtual == .real ? .null : .string(p.virtual == .balanced ? "balanced" : "unbalanced")),
                        ("comment", text(p.comment)), ("tags", tags(p.tags, p.comment))]
            return .object(posting)
        })))
        return .object(fields)
    }

    /// `GET /api/transactions?query=Q&from=D&to=D&limit=N&offset=N`: newest first.
    func listTransactions(_ request: HTTPRequest) -> HTTPResponse {
        var query = Query()
        if let q = request.query["query"], !q.trimmingSpaces.isEmpty {
            switch Query.parse(hledger: q, today: today) {
            case .success(let parsed): query = parsed
            case .failure(let problem): return .problem(400, Messages.badQueryTerm(problem.term).text)
            }
        }
        var period = DateSpan()
        for (key, keyPath) in [("from", \DateSpan.from), ("to", \DateSpan.to)] {
            guard let text = request.query[key], !text.isEmpty else { continue }
            guard let span = DateSpan.parse(text, today: today) else { return .problem(400, "\(key) takes a date (\(DateSpan.forms)), not '\(text)'") }
            period[keyPath: keyPath] = key == "from" ? span.first : span.last
        }
        if let d = query.date { period = period.intersection(d) }
        query.date = nil
        let limit = min(max(Int(request.query["limit"] ?? "") ?? 50, 0), 1000)
        let offset = max(Int(request.query["offset"] ?? "") ?? 0, 0)
        let matcher = QueryMatcher(query, journal: compilation.ledger.journal)
        // The indices kept, the dates read in place: without a query, no
        // transaction is copied (a copy retains its every string and array).
        let ledger = compilation.ledger, everything = matcher.keepsAll
        let kept: [Int32] = ledger.transactions.withUnsafeBufferPointer { all in
            ledger.order.filter { period.contains(all[Int($0)].date) && (everything || matcher.matchesTransaction(all[Int($0)])) }
        }
        let page = kept.reversed().dropFirst(offset).prefix(limit)
        return .json(200, .object([("transactions", .array(page.map { json(ledger.transactions[Int($0)]) })), ("total", .int(kept.count))]))
    }

    /// The fields a write takes, as they arrived.
    struct Submitted {
        var date: CivilDate
        var description: String
        var status = ""
        var code = ""
        var comment = ""
        var tags: [(String, String)] = []
        var postings: [(account: String, amount: String?, commodity: String?)] = []
        var file: String?
        var newAccounts = false
    }

    /// Reads a write's body; a problem is the answer to send (400 or 422).
    func submitted(_ body: [UInt8]) -> Result<Submitted, HTTPResponseBox> {
        guard let value = JSONValue(parsing: body), case .object = value else { return .failure(HTTPResponseBox(.problem(400, "the body is not a JSON object"))) }
        var strings: [String] = []
        func text(_ key: String, _ v: JSONValue? = nil) -> String? {
            let s = (v ?? value)[key]?.string
            if let s { strings.append(s) }
            return s
        }
        guard let dateText = text("date"), let date = CivilDate.parse(dateText) else {
            return .failure(HTTPResponseBox(.problem(422, "date takes a date YYYY-MM-DD")))
        }
        guard let description = text("description"), !description.trimmingSpaces.isEmpty else {
            return .failure(HTTPResponseBox(.problem(422, "the description is empty")))
        }
        var s = Submitted(date: date, description: description.trimmingSpaces)
        s.status = text("status") ?? ""
        s.code = text("code") ?? ""
        s.comment = text("comment") ?? ""
        s.file = text("file")
        s.newAccounts = value["newAccounts"]?.bool ?? false
        if case .object(let tags)? = value["tags"] {
            for (k, v) in tags {
                guard let v = v.string else { return .failure(HTTPResponseBox(.problem(422, "a tag's value is text"))) }
                strings += [k, v]
                s.tags.append((k, v))
            }
        }
        for p in value["postings"]?.array ?? [] {
            guard let account = text("account", p), !account.trimmingSpaces.isEmpty else { return .failure(HTTPResponseBox(.problem(422, "a posting needs an account"))) }
            let amount = text("amount", p).map { $0.trimmingSpaces }, commodity = text("commodity", p).map { $0.trimmingSpaces }
            s.postings.append((account.trimmingSpaces, amount?.isEmpty == true ? nil : amount, commodity?.isEmpty == true ? nil : commodity))
        }
        guard s.postings.count >= 2 else { return .failure(HTTPResponseBox(.problem(422, "a transaction needs at least two postings"))) }
        // Values, never syntax: no line break, control character or bidi override reaches the journal.
        if let bad = strings.first(where: { $0.holdsUnsafeScalars || $0.contains("\t") }) {
            return .failure(HTTPResponseBox(.problem(422, "a field holds a line break or a control character: '\(bad.terminalSafe)'")))
        }
        guard ["", "cleared", "pending", "*", "!"].contains(s.status) else { return .failure(HTTPResponseBox(.problem(422, "status takes cleared, pending or nothing"))) }
        if s.code.contains(")") { return .failure(HTTPResponseBox(.problem(422, "a code cannot hold ')'"))) }
        // An account name ends at two spaces; a tag's name is one word.
        if s.postings.contains(where: { $0.account.contains("  ") || $0.account.hasPrefix(";") }) { return .failure(HTTPResponseBox(.problem(422, "an account name holds two spaces in a row"))) }
        if s.tags.contains(where: { $0.0.isEmpty || $0.0.contains(where: { $0 == " " || $0 == ":" || $0 == "," }) || $0.1.contains(",") }) {
            return .failure(HTTPResponseBox(.problem(422, "a tag's name is one word without ':' or ',', and its value holds no ','")))
        }
        return .success(s)
    }

    /// The transaction as journal text in the canonical layout.
    func text(of s: Submitted) -> [UInt8] {
        let journal = compilation.ledger.journal
        let mark = s.status == "cleared" || s.status == "*" ? " *" : s.status == "pending" || s.status == "!" ? " !" : ""
        var comment = s.comment.trimmingSpaces
        let tags = s.tags.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
        if !tags.isEmpty { comment = comment.isEmpty ? tags : comment + " " + tags }
        var out = "\(s.date)\(mark)" + TransactionHeader.codeAndDescription(code: s.code.isEmpty ? nil : s.code, description: s.description)
        if !comment.isEmpty { out += "  ; " + comment }
        out += "\n"
        for p in s.postings {
            out += "    \(p.account)"
            if let amount = p.amount { out += "  " + amountText(amount, p.commodity, journal) }
            out += "\n"
        }
        return LedgerFormatter().format(Array(out.utf8))
    }

    /// An amount as the journal writes that commodity's (`45,000 KRW`, `$4.50`), or as given.
    func amountText(_ amount: String, _ commodity: String?, _ journal: Journal) -> String {
        let written = commodity.map { "\(amount) \($0)" } ?? amount
        guard let (q, symbol) = Reconciliation.amount(written, decimalComma: journal.declaresDecimalComma) else { return written }
        guard let id = journal.commodities.lookup(symbol) else { return written }
        return journal.commodities.format(Amount(q, id))
    }

    /// `POST /api/transactions`: where `add` puts it, or in `file`.
    func addTransaction(_ request: HTTPRequest) -> HTTPResponse {
        let s: Submitted
        switch submitted(request.body) {
        case .success(let v): s = v
        case .failure(let box): return box.response
        }
        var fileIndex = compilation.rootFiles.first ?? 0
        if let wanted = s.file {
            guard let i = compilation.sources.files.firstIndex(where: { $0.path == wanted || lastPart($0.path) == wanted }), !compilation.sources.files[i].path.hasPrefix("<") else {
                return .problem(422, "'\(wanted)' is not a file of the journal")
            }
            fileIndex = i
        }
        return write(fileIndex, status: 201, ifMatch: request.headers["if-match"]) { c in
            let bytes = c.sources.files[fileIndex].bytes
            let crlf = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
            var text = self.text(of: s)
            if crlf { text = text.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
            let (at, leading, trailing) = InsertionPoints(c, fileIndex: fileIndex, crlf: crlf).point(for: s.date)
            return (TextEdit(file: fileIndex, range: at..<at, text: leading + text + trailing), at + leading.count, s)
        }
    }

    /// `PUT /api/transactions/ID`: only that transaction's lines change.
    func editTransaction(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let ifMatch = request.headers["if-match"] else { return .problem(428, "an edit needs If-Match: \"VERSION\"") }
        if let stale = staleVersion(id, ifMatch) { return stale }
        guard let t = transaction(id) else { return .problem(404, "no transaction has the id '\(id)' in this version of its file") }
        let s: Submitted
        switch submitted(request.body) {
        case .success(let v): s = v
        case .failure(let box): return box.response
        }
        let at = place(of: t), fileIndex = Int(at.file)
        return write(fileIndex, status: 200, ifMatch: ifMatch) { c in
            let bytes = c.sources.files[fileIndex].bytes
            let range = JournalServer.lines(at: Int(at.offset), in: bytes)
            let crlf = range.upperBound >= 2 && bytes[range.upperBound - 2] == 0x0D
            var text = self.text(of: s)
            if crlf { text = text.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } }
            // A transaction at the very end without a line end keeps having none.
            if range.upperBound == bytes.count, bytes.last != 0x0A { text.removeLast(crlf ? 2 : 1) }
            return (TextEdit(file: fileIndex, range: range, text: text), range.lowerBound, s)
        }
    }

    /// `DELETE /api/transactions/ID`: its lines go, and only they (SERVE.md: an edit or a delete
    /// changes only that transaction's lines; a blank line around it stays, `fmt` joins two).
    func deleteTransaction(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let ifMatch = request.headers["if-match"] else { return .problem(428, "a delete needs If-Match: \"VERSION\"") }
        if let stale = staleVersion(id, ifMatch) { return stale }
        guard let t = transaction(id) else { return .problem(404, "no transaction has the id '\(id)' in this version of its file") }
        let at = place(of: t), fileIndex = Int(at.file)
        return write(fileIndex, status: 200, ifMatch: ifMatch) { c in
            (TextEdit(file: fileIndex, range: JournalServer.lines(at: Int(at.offset), in: c.sources.files[fileIndex].bytes), text: []), nil, nil)
        }
    }

    /// `409` when the file an id names is no longer at the version the client saw (checked before the id is looked up:
    /// in a changed file the id may name nothing, or another transaction).
    func staleVersion(_ id: String, _ ifMatch: String) -> HTTPResponse? {
        guard let file = fileIndex(ofID: id) else { return nil }
        let path = compilation.sources.files[file].path
        guard case .success(let bytes) = FileIO.read(path) else { return nil }
        return ifMatch.trimmed(of: "\" W/") == JournalServer.version(of: bytes) ? nil : .problem(409, "the file changed since that version; nothing was written")
    }

    /// The lines of a recorded transaction whose header is at `start`: its header, its postings and the comment lines among them.
    static func lines(at start: Int, in bytes: [UInt8]) -> Range<Int> {
        let headerEnd = MaterializePlan.lineEnd(bytes, from: start)
        return start..<MaterializePlan.block(bytes, after: headerEnd).end
    }

    /// A checked write of one file: under its lock, against the bytes on disk
    /// (`If-Match` must name them), the whole journal compiled with the edit,
    /// then written atomically. The answer: the transaction at `at` after
    /// the write (201/200), `422` with the diagnostics, `409` when stale.
    func write(_ fileIndex: Int, status: Int, ifMatch: String?,
               edit: (Compilation) -> (TextEdit, Int?, Submitted?)) -> HTTPResponse {
        let path = compilation.sources.files[fileIndex].path
        let writer: SafeWriter
        switch JournalServer.lockedWriter(path) {
        case .success(let w): writer = w
        case .failure(let box): return box.response
        }
        return write(fileIndex, path: path, writer: writer, status: status, ifMatch: ifMatch, readsAside: true, edit: edit)
    }

    /// The checked write under `writer`'s lock. Our compile must be of the
    /// bytes on disk. `readsAside`: the disk's bytes are read and compared
    /// with the compile's on a thread of their own while the edit is
    /// compiled and written ahead (12 MB read and compared took a fifth of
    /// an add); when they differ, nothing was written, and the write starts
    /// over from the journal read again.
    private func write(_ fileIndex: Int, path: String, writer: SafeWriter, status: Int, ifMatch: String?, readsAside: Bool,
                       edit: (Compilation) -> (TextEdit, Int?, Submitted?)) -> HTTPResponse {
        var readingAside: BackgroundJob?
        let sameOnDisk = ResultBox<Bool>()
        if readsAside, ifMatch.map({ $0.trimmed(of: "\" W/") == version(ofFile: fileIndex) }) ?? true {
            let ours = compilation.sources.files[fileIndex].bytes
            readingAside = BackgroundJob {
                guard case .success(let onDisk) = FileIO.read(path) else { return }
                sameOnDisk.value = JournalServer.sameBytes(onDisk, ours)
            }
        } else {
            guard case .success(let onDisk) = FileIO.read(path) else { return .problem(409, "the file cannot be read now") }
            // Compared byte for byte, the version kept with the compile is the disk's (not a second hash).
            let files = compilation.sources.files
            let compiled = fileIndex < files.count && files[fileIndex].path == path && JournalServer.sameBytes(onDisk, files[fileIndex].bytes)
            if let ifMatch, ifMatch.trimmed(of: "\" W/") != (compiled ? version(ofFile: fileIndex) : JournalServer.version(of: onDisk)) {
                return .problem(409, "the file changed since that version; nothing was written")
            }
            if !compiled { reload() }
            guard fileIndex < compilation.sources.files.count, compilation.sources.files[fileIndex].path == path else {
                return .problem(409, "the journal changed; nothing was written")
            }
        }
        /// Whether the compile was of the bytes on disk; when it was not, the write was let go.
        func readAside() -> Bool {
            guard let readingAside else { return true }
            readingAside.wait()
            if sameOnDisk.value == true { return true }
            writer.abandon()
            reload()
            return false
        }
        func again() -> HTTPResponse { write(fileIndex, path: path, writer: writer, status: status, ifMatch: ifMatch, readsAside: false, edit: edit) }
        let (change, at, submitted) = edit(compilation)
        if let submitted, !submitted.newAccounts, let unknown = unknownAccount(submitted) { return readAside() ? unknown : again() }
        var options = CompileOptions()
        options.today = today
        options.horizon = compilation.ledger.until
        // The new text is written to the temporary file and synced on a
        // thread of its own while it is checked (the sync of 12 MB took as
        // long as the check); it takes the file's place only when it passes.
        var ahead: BackgroundJob?
        let aheadWritten = ResultBox<Result<Bool, FileError>>()
        let (after, errors, written) = checked(change, options: options) { pieces in
            ahead = BackgroundJob {
                do throws(FileError) { aheadWritten.value = .success(try writer.writeAhead(pieces)) } catch { aheadWritten.value = .failure(error) }
            }
        }
        // Its version, hashed while the sync runs.
        let newVersion = errors.isEmpty ? written.map(JournalServer.version(of:)) : nil
        ahead?.wait()
        guard readAside() else { return again() }
        guard errors.isEmpty, let bytes = written else {
            writer.abandon()
            let printer = DiagnosticPrinter(sources: after.sources, useColor: false, columnUnit: .char)
            let list = printer.jsonObjects(errors).compactMap { JSONValue(parsing: Array($0.utf8)) }
            return .json(422, .object([("diagnostics", .array(list))]))
        }
        do throws(FileError) {
            switch aheadWritten.value {
            case .success(true)?: try writer.commit()
            case .failure(let error)?: throw error
            default: try writer.write(bytes)
            }
        } catch {
            return .problem(500, error.message.text)
        }
        // The checked compile is the journal as written: no second compile.
        adopt(after, closing: writer.handOverLock())
        // The file written, in the compile adopted (a chunked compile numbers an included file after its chunks).
        let writtenFile = compilation.ownFiles.first { compilation.sources.files[$0].path == path } ?? fileIndex
        if let newVersion { versions[writtenFile] = newVersion }
        guard let at else { return HTTPResponse(status: status == 201 ? 201 : 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array("{}".utf8)) }
        return .json(status, recorded(at: SourceLocation(file: writtenFile, offset: at)).map(json) ?? .object([]))
    }

    /// The whole journal compiled with `change`: its errors, and the
    /// changed file's new bytes. An edit of a chunked compile's file reads
    /// again only the chunks it touched (the editor's incremental compile,
    /// with the same diagnostics as a whole compile); any other is a
    /// `CheckedEdit`, every file compiled again.
    /// `whenEdited` is given the new text in pieces before the compile, when they are known then.
    func checked(_ change: TextEdit, options: CompileOptions, whenEdited: ([ArraySlice<UInt8>]) -> Void = { _ in }) -> (after: Compilation, errors: [Diagnostic], bytes: [UInt8]?) {
        let file = compilation.sources.files[change.file]
        if compilation.isChunked, change.file == 0, chunked != nil {
            let old = file.bytes
            whenEdited([old[..<change.range.lowerBound], change.text[...], old[change.range.upperBound...]])
            // The edited text, its line starts moved from the file's (no scan of megabytes).
            let edited = file.replacing(change.range, with: change.text)
            let after = compileEdit(of: file, to: edited, range: change.range, options: options)
            return (after, after.diagnostics.sorted().filter { $0.severity == .error }, edited.bytes)
        }
        let outcome = CheckedEdit(compilation, edits: [change], keeps: .errorsOnly).check(options: options)
        return (outcome.after, outcome.errors, outcome.files.first { $0.index == change.file }?.bytes)
    }

    /// The safe writer of `path`, its lock taken for the whole read-check-write; `409` when another writer holds it.
    static func lockedWriter(_ path: String) -> Result<SafeWriter, HTTPResponseBox> {
        do {
            let writer = try SafeWriter(path: path)
            try writer.lock()
            return .success(writer)
        } catch {
            return .failure(HTTPResponseBox(.problem(409, error.message.text)))
        }
    }

    /// `422` for an account the journal does not have (as `add` says it, with the nearest names).
    func unknownAccount(_ s: Submitted) -> HTTPResponse? {
        let accounts = compilation.ledger.journal.accounts
        guard let missing = s.postings.first(where: { accounts.lookup($0.account) == nil }) else { return nil }
        let known = (0..<Int32(accounts.count)).map { accounts[$0] }
        let near = AddPlan.byPrefix(missing.account, among: known) ?? AddPlan.bySegment(missing.account, among: known) ?? closestWord(to: missing.account, among: known)
        var diagnostic: [(String, JSONValue)] = [("severity", .string("error")), ("id", .string(Messages.unknownAccount("").id.name)),
                                                 ("field", .string("account")), ("message", .string(Messages.unknownAccount(missing.account).text))]
        if let near { diagnostic.append(("notes", .array([.object([("message", .string(Messages.didYouMean(near).text))])]))) }
        return .json(422, .object([("diagnostics", .array([.object(diagnostic)]))]))
    }

    func lastPart(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// An answer carried as an error (a `Result`'s failure must be an `Error`).
struct HTTPResponseBox: Error {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
}

extension String {
    /// The text without the given characters at either end.
    func trimmed(of set: String) -> String {
        let chars = Set(set)
        var s = Substring(self)
        while let f = s.first, chars.contains(f) { s = s.dropFirst() }
        while let l = s.last, chars.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
