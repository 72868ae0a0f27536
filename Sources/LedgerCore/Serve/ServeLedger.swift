/// The rest of `ledgerc serve`'s API: names for completion, the month, receipts and import review.
extension JournalServer {
    /// `GET /api/accounts`: each account with its type and how often it is used, most used first.
    func accounts() -> HTTPResponse {
        let journal = compilation.ledger.journal, accounts = journal.accounts
        var uses = [Int](repeating: 0, count: accounts.count)
        // Read in place: a copy of each transaction would retain its every string.
        compilation.ledger.transactions.withUnsafeBufferPointer { all in
            for k in all.indices where all[k].generated == nil {
                for j in all[k].postings.indices { uses[Int(all[k].postings[j].account)] += 1 }
            }
        }
        let letters = accounts.hledgerTypeLetters()
        let ids = (0..<Int32(accounts.count)).filter { uses[Int($0)] > 0 || accounts.declared[$0] != nil }
            .sorted { uses[Int($0)] != uses[Int($1)] ? uses[Int($0)] > uses[Int($1)] : accounts[$0] < accounts[$1] }
        return .json(200, .object([("accounts", .array(ids.map { id in
            .object([("name", .string(accounts[id])), ("type", .string(letters(id))), ("uses", .int(uses[Int(id)]))])
        }))]))
    }

    /// `GET /api/payees`: each payee, latest first, with its last transaction's postings (what the form fills in).
    func payees() -> HTTPResponse {
        let journal = compilation.ledger.journal, c = journal.commodities
        var seen = Set<String>(), out: [JSONValue] = []
        let ledger = compilation.ledger
        // Newest first; a transaction is copied only when its payee is new.
        for n in ledger.order.reversed() where ledger.transactions[Int(n)].generated == nil && seen.insert(ledger.transactions[Int(n)].payee).inserted {
            let t = ledger.transactions[Int(n)]
            out.append(.object([("name", .string(t.payee)), ("date", .string(t.date.description)), ("postings", .array(t.postings.map { p in
                var fields: [(String, JSONValue)] = [("account", .string(journal.accounts[p.account]))]
                if let a = p.amount, !p.isInferred {
                    fields += [("amount", .string(a.quantity.text(places: max(c.precision(a.commodity), a.quantity.scale)))), ("commodity", .string(c[a.commodity]))]
                }
                return .object(fields)
            }))]))
            if out.count == 2000 { break }
        }
        return .json(200, .object([("payees", .array(out))]))
    }

    /// `GET /api/commodities`: the symbols, with the places each shows.
    func commodities() -> HTTPResponse {
        let c = compilation.ledger.journal.commodities
        return .json(200, .object([("commodities", .array((1..<Int32(max(1, c.count))).map { id in
            .object([("symbol", .string(c[id])), ("places", .int(c.precision(id)))])
        }))]))
    }

    /// `GET /api/reports/month?month=2025-03`: income, spending by category, budget, card bills and 할부 due.
    func month(_ request: HTTPRequest) -> HTTPResponse {
        let text = request.query["month"] ?? String(today.description.prefix(7))
        guard let span = CivilDate.parseSpan(text), span.first.components.day == 1, span.last == CalendarUnit.month.end(of: span.first) else {
            return .problem(400, "month takes YYYY-MM, not '\(text)'")
        }
        let ledger = compilation.ledger, journal = ledger.journal, c = journal.commodities
        var options = ReportOptions()
        options.period = DateSpan(from: span.first, to: span.last)
        func money(_ q: ExactDecimal, _ commodity: Int32) -> JSONValue {
            .object([("amount", .string(q.text(places: max(c.precision(commodity), q.scale)))), ("commodity", .string(c[commodity])),
                     ("display", .string(c.format(Amount(q, commodity))))])
        }
        do throws(AmountOverflow) {
            let rows = try MonthSummaryReport(ledger: ledger.datedByPosting(), options: options).rows()
            let summary: [JSONValue] = rows.map { r in
                .object([("commodity", .string(c[r.commodity])), ("income", money(r.income, r.commodity)), ("expenses", money(r.expenses, r.commodity)),
                         ("net", money(r.net, r.commodity)), ("savingsRate", r.savingsRate.map { .string($0.text(places: 4)) } ?? .null),
                         ("categories", .array(r.categories.map { .object([("account", .string(journal.accounts[$0.account])), ("amount", money($0.amount, r.commodity))]) }))])
            }
            var budgetOptions = options
            budgetOptions.grouping = .month
            let budget = journal.periodic.isEmpty ? [] : try BudgetReport(ledger: ledger, options: budgetOptions).rows().rows
            let budgetRows: [JSONValue] = budget.map { r in
                .object([("account", r.account.map { .string(journal.accounts[$0]) } ?? .string("<unbudgeted>")),
                         ("actual", money(r.actual, r.commodity)), ("budget", money(r.budget, r.commodity))])
            }
            // The card bills due this month, with their 할부 portions.
            var bills: [JSONValue] = []
            for (rule, cycles) in ledger.cardCycles.sorted(by: { $0.key < $1.key }) {
                for cycle in cycles where span.first <= cycle.due && cycle.due <= span.last {
                    bills.append(.object([("card", .string(journal.accounts[journal.rules[Int(rule)].card?.account ?? cycle.card])), ("closes", .string(cycle.closes.description)),
                                          ("due", .string(cycle.due.description)),
                                          ("amountDue", .array(cycle.amountDue.amounts.map { money($0.quantity, $0.commodity) })),
                                          ("installments", .array(cycle.installments.amounts.map { money($0.quantity, $0.commodity) })),
                                          ("paidOn", cycle.paidOn.map { .string($0.description) } ?? .null)]))
                }
            }
            return .json(200, .object([("month", .string(text)), ("summary", .array(summary)), ("budget", .array(budgetRows)), ("cards", .array(bills))]))
        } catch {
            return .problem(422, error.message.text)
        }
    }

    // MARK: Receipts

    /// The receipts the ledger knows, in a fixed order: an id is an index here.
    func knownReceipts() -> [(value: String, file: Int32)] {
        if let receipts { return receipts }
        var seen = Set<String>(), out: [(value: String, file: Int32)] = []
        for t in compilation.ledger.transactions where t.generated == nil {
            if let r = t.receipt, seen.insert(r).inserted { out.append((r, place(of: t).file)) }
        }
        receipts = out
        return out
    }

    func receiptIndex(_ value: String) -> Int? { knownReceipts().firstIndex { $0.value == value } }

    /// `GET /api/receipts/N`: a receipt the ledger names, by its number; never a path from the request.
    func receipt(_ id: String) -> HTTPResponse {
        let known = knownReceipts()
        guard let n = Int(id), n >= 0, n < known.count, isRelativeFilePath(known[n].value),
              !known[n].value.split(separator: "/").contains("..") else { return .problem(404, "no such receipt") }
        let path = receiptPath(known[n].value, in: compilation.sources.files[Int(known[n].file)].path)
        guard case .success(let bytes) = FileIO.read(path, limit: 20 << 20), let type = ReceiptKind(bytes) else { return .problem(404, "no such receipt") }
        return HTTPResponse(status: 200, headers: [("Content-Type", type.mediaType), ("Cache-Control", "no-store"),
                                                   ("Content-Security-Policy", "default-src 'none'; sandbox")], body: bytes)
    }

    /// `POST /api/receipts`: the photo stored beside the journal (`receipts/`), its type told by its bytes.
    func storeReceipt(_ request: HTTPRequest) -> HTTPResponse {
        guard let kind = ReceiptKind(request.body) else { return .problem(415, "a receipt is a JPEG, PNG, HEIC or PDF file") }
        let folder = (path.lastIndex(of: "/").map { String(path[...$0]) } ?? "") + "receipts"
        guard systemMakeDirectory(folder) else { return .problem(500, "cannot make the folder 'receipts' beside the journal") }
        let name = "receipts/\(today)-\(JournalServer.version(of: request.body).prefix(12)).\(kind.fileExtension)"
        let target = (path.lastIndex(of: "/").map { String(path[...$0]) } ?? "") + name
        if systemFileStamp(target) == nil, !systemCreateFile(target, request.body) { return .problem(500, "cannot write the receipt") }
        return .json(201, .object([("receipt", .string(name))]))
    }

    // MARK: Import review

    /// An uploaded statement's rows, waiting to be accepted.
    struct PendingImport {
        var rows: [ImportedRow]
        var newRows: Set<Int>
        var version: String
    }

    /// `POST /api/import?rules=NAME`: the statement's bytes (any format import reads), read with a rules file beside
    /// the journal, named without a path; the answer is a preview, nothing is written.
    func previewImport(_ request: HTTPRequest) -> HTTPResponse {
        guard let rules = request.query["rules"], !rules.isEmpty, !rules.contains("/"), !rules.contains("\\"), !rules.hasPrefix("."), !rules.holdsUnsafeScalars else {
            return .problem(422, "rules names a rules file beside the journal, without a path")
        }
        guard !request.body.isEmpty else { return .problem(422, "the statement is empty") }
        let folder = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
        guard let random = JournalServer.newToken() else { return .problem(500, "no random source") }
        let upload = "/tmp/ledgerc-statement-\(random)"
        guard systemCreateFile(upload, request.body) else { return .problem(500, "cannot keep the upload") }
        defer { systemRemoveFile(upload) }
        let password = request.headers["x-ledgerc-statement-password"]
        let sources = SourceManager()
        let read: (rows: [ImportedRow], problem: Diagnostic?, refused: Bool, warnings: [Diagnostic])
        do {
            read = try StatementImport.rows(of: [upload], rulesPath: { _ in folder + rules }, sources: sources, password: { () throws(StatementFormatError) in
                guard let password else { throw StatementFormatError("the workbook is password-protected: send its password", refusal: true) }
                return password
            })
        } catch {
            return .problem(422, error.message.text)
        }
        if let problem = read.problem {
            return .json(422, .object([("error", .string(problem.message)), ("needsPassword", .bool(read.refused && password == nil))]))
        }
        var rows = read.rows
        if let problem = StatementImport.categorize(&rows, journal: compilation, learn: true) { return .problem(422, problem.message) }
        let plan = StatementImport.plan(rows, journal: compilation, journalPath: path, matchDays: 0, today: today)
        let newOffsets = Set(plan.new.map(\.record.offset))
        let newRows = Set(rows.indices.filter { newOffsets.contains(rows[$0].record.offset) })
        guard let id = JournalServer.newToken()?.prefix(12) else { return .problem(500, "no random source") }
        let version = JournalServer.version(of: compilation.sources.files[compilation.rootFiles.first ?? 0].bytes)
        pendingImports = [String(id): PendingImport(rows: rows, newRows: newRows, version: version)]
        return .json(200, .object([("id", .string(String(id))), ("rows", .array(rows.indices.map { k in
            let r = rows[k]
            return .object([("index", .int(k)), ("date", .string(r.date.description)), ("description", .string(r.description)),
                            ("account1", .string(r.account1)), ("account2", .string(r.account2)),
                            ("amount", .string(plan.amountText(r.quantity, r.commodity))), ("recorded", .bool(!newRows.contains(k))),
                            ("uncategorized", .bool(r.uncategorized))])
        }))]))
    }

    /// `POST /api/import/ID/accept` `{rows: [index...]}`: appends exactly those rows, checked as `import` checks.
    func acceptImport(_ id: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let pending = pendingImports[id] else { return .problem(404, "no such import") }
        guard let body = JSONValue(parsing: request.body), let chosen = body["rows"]?.array?.compactMap(\.int) else {
            return .problem(400, "the body is {\"rows\": [index, ...]}")
        }
        guard chosen.allSatisfy({ pending.newRows.contains($0) }) else { return .problem(422, "a row chosen is already recorded, or is not a row of this import") }
        let root = compilation.rootFiles.first ?? 0, journalPath = compilation.sources.files[root].path
        let writer: SafeWriter
        switch JournalServer.lockedWriter(journalPath) {
        case .success(let w): writer = w
        case .failure(let box): return box.response
        }
        guard case .success(let onDisk) = FileIO.read(journalPath), JournalServer.version(of: onDisk) == pending.version else {
            return .problem(409, "the journal changed since the preview; upload the statement again")
        }
        if JournalServer.version(of: compilation.sources.files[root].bytes) != pending.version { reload() }
        var plan = StatementImport.plan(pending.rows, journal: compilation, journalPath: journalPath, matchDays: 0, today: today)
        let wanted = Set(chosen.map { pending.rows[$0].record.offset })
        plan.new = plan.new.filter { wanted.contains($0.record.offset) }
        guard !plan.new.isEmpty else { return .json(200, .object([("added", .int(0))])) }
        let checked = StatementImport.check(plan, journal: compilation, journalPath: journalPath, today: today, sources: SourceManager())
        guard checked.problems.isEmpty else {
            return .json(422, .object([("diagnostics", .array(checked.problems.map { .object([("message", .string($0.message))]) }))]))
        }
        do {
            try writer.write(checked.edited)
        } catch {
            return .problem(500, error.message.text)
        }
        pendingImports[id] = nil
        reload()
        return .json(200, .object([("added", .int(plan.new.count))]))
    }
}

/// A receipt's type, told by its first bytes.
enum ReceiptKind {
    case jpeg, png, heic, pdf

    init?(_ bytes: [UInt8]) {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg; return }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png; return }
        if bytes.starts(with: Array("%PDF-".utf8)) { self = .pdf; return }
        if bytes.count >= 12, bytes[4..<8].elementsEqual(Array("ftyp".utf8)),
           ["heic", "heix", "mif1", "msf1", "heim", "heis"].contains(String(decoding: bytes[8..<12], as: UTF8.self)) { self = .heic; return }
        return nil
    }

    var mediaType: String {
        switch self {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case .heic: return "image/heic"
        case .pdf: return "application/pdf"
        }
    }

    var fileExtension: String {
        switch self {
        case .jpeg: return "jpg"
        case .png: return "png"
        case .heic: return "heic"
        case .pdf: return "pdf"
        }
    }
}
