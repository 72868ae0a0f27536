// One fuzz input is one journal. A run of every target (LEDGERC_FUZZ_TARGET,
// see FuzzTarget) checks that:
// - one parser and two parsers (split at several points), keeping
//   everything and streaming, give the same diagnostics (and, keeping
//   everything, the same meaning), and so does the editor's check in
//   chunks, after an edit and its undo;
// - every report (every period length too) in every format, the HTML page,
//   `fmt` and the expander finish without a trap;
// - print of print is the same bytes;
// - the language server answers every request on it without a trap;
// - the input cut in two, as CSV rules and a statement, imports without a trap;
// - every report valued in its commodities (end, then, cost, -V), over any
//   price graph (cycles included), returns and lots, finish without a trap;
// - diff of its first half against it renders in every format (and in
//   chunks gives the diff of whole sides), it differs
//   from itself (read whole, and as a stream) in nothing, and two appends to its start merge;
// - formatting is idempotent and keeps the meaning of a journal that compiles;
// - every statement reader ends with rows or an error, within its bounds,
//   and its rows written as CSV read back as the same rows.
#if canImport(Glibc)
import Glibc
#endif
@testable import LedgerCore

let until = CivilDate(year: 2025, month: 12, day: 31)!
let devNull = ByteSink(fd: open("/dev/null", O_WRONLY))

/// A horizon before nearly every date: a rule's occurrences are few.
let earlyHorizon = CivilDate(year: 1, month: 12, day: 31)!

/// A compile of the input; `most` bounds both the occurrences and the postings automated transactions add.
func compiled(_ bytes: [UInt8], split: Int?, streaming: Bool, until: CivilDate = until,
              most: Int = Expander.mostOccurrences, pieceBytes: Int = JournalParser.defaultPieceBytes) -> (Compilation, String) {
    var options = CompileOptions(mode: streaming ? .diagnosticsOnly : .everything)
    options.mostOccurrences = most
    options.mostGeneratedPostings = min(most, AutomatedPostings.mostGeneratedPostings)
    if most < Expander.mostOccurrences { options.mostPatternSteps = fastSurfacePatternSteps }
    options.parallelThreshold = split == nil ? Int.max : 0
    options.splitPermille = split ?? 450
    options.parallelPieceBytes = pieceBytes
    let c = compile([InputFile(path: "fuzz.ledger", bytes: bytes)], until: until, options: options)
    return (c, rendered(c))
}

/// A compile's diagnostics as JSON, with its error count.
func rendered(_ c: Compilation) -> String {
    DiagnosticPrinter(sources: c.sources, useColor: false)
        .render(c.diagnostics.sorted(), format: .json, droppedErrors: max(0, c.diagnostics.errorCount - c.diagnostics.limit))
        + "errors: \(c.diagnostics.errorCount)"
}

/// The editor's incremental check (`ChunkedJournal`, in chunks of 64 bytes):
/// the input without a piece of its middle, then the input again (an edit
/// and its undo), each gives the diagnostics of a fresh compile.
func chunkedAgrees(_ bytes: [UInt8], horizon: CivilDate) {
    let cut = bytes.count / 3, end = min(bytes.count, cut + 1 + bytes.count / 7)
    for streaming in [true, false] {
        var options = CompileOptions(mode: streaming ? .diagnosticsOnly : .everything)
        options.horizon = horizon
        let chunked = ChunkedJournal(path: "fuzz.ledger", chunkSize: 64)
        for text in [bytes, Array(bytes[..<cut] + bytes[end...]), bytes] {
            let fresh = rendered(compile([InputFile(path: "fuzz.ledger", bytes: text)], options: options))
            let incremental = rendered(chunked.compile(text, options: options))
            if incremental != fresh { fail("the chunked compile, streaming \(streaming)", fresh, incremental) }
        }
    }
}

func fail(_ what: String, _ a: String, _ b: String) -> Never {
    fputs("MISMATCH: \(what)\n--- one parser, keeping everything:\n\(a)\n--- other:\n\(b)\n", stderr)
    abort()
}

/// Every report's options the fuzzer tries: plain, filtered from a date and
/// rolled up, and each period length (with and without --historical).
let reportOptions: [ReportOptions] = {
    var query = Query()
    query.accounts = [try! TextPattern("a")]
    var all = [ReportOptions(), ReportOptions(period: DateSpan(from: CivilDate(year: 2025, month: 3, day: 1), to: nil), query: query, depth: 1)]
    for length in CalendarUnit.reportPeriods {
        var o = ReportOptions()
        o.grouping = length
        o.historical = length == .week || length == .year
        all.append(o)
    }
    return all
}()

/// A ledger too large to run every check on under the sanitizers: over 5,000
/// transactions, or dates (of transactions and prices: a valued report runs to
/// the last price) over a century apart (100,000 weeks of periods).
/// Scripts/limits times such ledgers at full speed.
func isHuge(_ c: Compilation) -> Bool {
    let dates = (c.ledger.ordered.map(\.date) + c.ledger.journal.prices.map(\.date)).sorted()
    guard let first = dates.first, let last = dates.last else { return false }
    return dates.count > 5_000 || last.day - first.day > 36_525
}

/// `print` of a journal that compiles compiles again, and printing that gives the same bytes.
func printIsAFixedPoint(_ c: Compilation) {
    func printed(_ c: Compilation) -> [UInt8] {
        var printer = LedgerPrinter(journal: c.ledger.journal, sources: c.sources)
        printer.decimalComma = c.ledger.journal.declaresDecimalComma
        var buf = ByteBuffer(capacity: 4096)
        printer.writeDeclarations(into: &buf, pinning: printer.commoditiesToPin(c.ledger.printable))
        for t in c.ledger.printable {
            printer.write(t, into: &buf, headerComment: printer.generatedComment(t))
            buf.byte(0x0A)
        }
        return buf.bytes
    }
    let first = printed(c)
    let again = compile([InputFile(path: "printed.ledger", bytes: first)], until: until)
    // A generated transaction is printed with its rule's comment, not its rule: it reads back as recorded.
    guard !again.hasErrors else {
        fail("print does not compile", String(decoding: first, as: UTF8.self), again.diagnostics.diagnostics.map(\.message).joined(separator: "\n"))
    }
    let second = printed(again)
    if second != first { fail("print is not a fixed point", String(decoding: first, as: UTF8.self), String(decoding: second, as: UTF8.self)) }
}

/// The language server's message loop: the input as an open document, then
/// requests at places taken from the input, an edit, and the input's bytes as
/// a raw message. Nothing may trap; every answer must serialize.
func languageServer(_ bytes: [UInt8]) {
    let server = LanguageServer(today: until)
    func send(_ message: JSONValue) { for out in server.handle(message.bytes) { _ = out.bytes } }
    func request(_ id: Int, _ method: String, _ params: [(String, JSONValue)]) {
        send(.object([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", .object(params))]))
    }
    let uri = JSONValue.string("file:///fuzz/fuzz.ledger")
    let text = String(decoding: bytes, as: UTF8.self)
    request(0, "initialize", [("capabilities", .object([]))])
    send(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
                  ("params", .object([("textDocument", .object([("uri", uri), ("version", .int(1)), ("text", .string(text))]))]))]))
    for out in server.checkEdited() { _ = out.bytes }
    let methods = ["textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/documentSymbol",
                   "textDocument/formatting", "textDocument/rangeFormatting", "textDocument/codeAction"]
    for (n, method) in methods.enumerated() {
        let b = bytes.isEmpty ? 0 : Int(bytes[n % bytes.count])
        let position = JSONValue.object([("line", .int(b % 40)), ("character", .int((b * 7) % 60))])
        request(n + 1, method, [("textDocument", .object([("uri", uri)])), ("position", position),
                                ("range", .object([("start", position), ("end", position)])),
                                ("context", .object([("diagnostics", .array([]))])), ("options", .object([]))])
    }
    // An edit at a place from the input, then the input itself as a message.
    let b = bytes.first.map(Int.init) ?? 0
    let at = JSONValue.object([("line", .int(b % 20)), ("character", .int(b % 13))])
    send(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didChange")),
                  ("params", .object([("textDocument", .object([("uri", uri), ("version", .int(2))])),
                                      ("contentChanges", .array([.object([("range", .object([("start", at), ("end", at)])), ("text", .string("\n    a  1 X\n"))])]))]))]))
    for out in server.checkEdited() { _ = out.bytes }
    for out in server.handle(bytes) { _ = out.bytes }
    request(99, "shutdown", [])
}

/// `import`: the input cut at its first NUL (or its middle) into a rules file
/// and a CSV statement, read and planned against the journal; nothing traps.
func importStatement(_ bytes: [UInt8], journal: Compilation) {
    let cut = bytes.firstIndex(of: 0) ?? bytes.count / 2
    let rulesText = String(decoding: bytes[..<cut], as: UTF8.self)
    let csv = Array(bytes[min(cut + 1, bytes.count)...])
    guard let rules = try? CSVRules(rulesText, path: "fuzz.rules", read: { _ in nil }),
          let statement = try? CSVStatement(csv, rules: rules) else { return }
    let plan = ImportPlan(statement.rows, journal: journal, matchDays: Int(bytes.first ?? 0) % 4)
    if !journal.rootFiles.isEmpty { _ = plan.edited(journal, fileIndex: journal.rootFiles[0]) }
}

/// Valuation over whatever prices the input holds (cycles A→B→A included):
/// each report valued in up to three of its commodities, at the end and
/// then, and by -V, gives figures or an `AmountOverflow`, and terminates.
func valuations(_ full: Compilation) {
    let ledger = full.ledger
    let names = (0..<Int32(ledger.journal.commodities.count)).prefix(3).map { ledger.journal.commodities[$0] }
    var asked: [Valuation] = [Valuation(.end)]
    for name in names { asked += [Valuation(.end, in: name), Valuation(.then, in: name), Valuation(.cost, in: name)] }
    for valuation in asked {
        var options = ReportOptions()
        guard let valuer = try? Valuer(valuation, ledger: ledger, reportTo: nil) else { continue }
        options.valuer = valuer
        for kind in [ReportKind.balance, .register, .summary, .holdings, .trades, .budget, .prices] {
            _ = try? kind.report(full, options: options)?.document()
        }
        options.grouping = .month
        options.historical = true
        _ = try? ReportKind.balance.report(full, options: options)?.document()
        _ = valuer.warnings(ledger.journal.commodities)
    }
    // Returns of every account whose name holds an "a", by month; lots of every holding.
    var returns = ReportOptions()
    returns.query.accounts = [try! TextPattern("a")]
    returns.grouping = .month
    _ = try? ReportKind.returns.report(full, options: returns)?.document()
    var lots = ReportOptions()
    lots.lots = true
    _ = try? ReportKind.holdings.report(full, options: lots)?.document()
    var page = ReportOptions()
    page.valuer = try? Valuer(Valuation(.end, in: names.last ?? ""), ledger: ledger, reportTo: nil)
    _ = try? HTMLReport(compilation: full, options: page, today: until).render()
}

/// `diff` of two journals cut from one input (the first half against the
/// whole), in every format, and the merge of two appends to a common start.
func diffs(_ bytes: [UInt8]) {
    let cut = bytes.count / 2
    // As `ledgerc diff` compiles a side: streaming, each transaction let go keeping its header
    // (read by two parsers when `split`, so that the second's headers are taken in).
    func streamed(_ path: String, _ bytes: [UInt8], split: Bool) -> Compilation {
        var options = CompileOptions(horizon: until, mode: .diagnosticsOnly)
        options.keepsLetGoHeaders = true
        if split { options.parallelThreshold = 0 }
        return compile([InputFile(path: path, bytes: bytes)], options: options)
    }
    guard let d = try? JournalDiff(old: streamed("old.ledger", Array(bytes[..<cut]), split: false), new: streamed("new.ledger", bytes, split: false)) else { return }
    for format in DiffFormat.allCases { _ = format.render(d, old: "old", new: "new") }
    // The same journal against itself, read whole and read as a stream: no change, whatever it holds.
    let whole = compile([InputFile(path: "new.ledger", bytes: bytes)], until: until)
    if let same = try? JournalDiff(old: whole, new: streamed("new.ledger", bytes, split: true)), !same.isUnchanged || !same.balances.isEmpty {
        fail("a journal differs from itself", String(decoding: bytes, as: UTF8.self), DiffFormat.text.render(same, old: "a", new: "b"))
    }
    let base = Array(bytes[..<(cut / 2)])
    _ = JournalMerge.appended(base: base, ours: Array(bytes[..<cut]), theirs: base + Array(bytes[cut...]))
    diffInChunksAgrees(bytes)
}

/// A diff in chunks of 64 bytes (as a large journal is diffed: the new side
/// laid out over the old side's chunks, what both took in not compared) is
/// the diff of sides compiled whole: against the first half (an append), and
/// against the input without a piece of its middle. Of twin transactions
/// (the same in every way), either may be the one added or removed: the
/// chunks pair a twin that stayed in place with itself, a whole diff the
/// first with the first. So the places are compared apart: each place a diff
/// in chunks names is a transaction header of that side with that description.
func diffInChunksAgrees(_ bytes: [UInt8]) {
    let cut = bytes.count / 2, gone = min(bytes.count, cut / 2 + 1 + bytes.count / 9)
    let new = InputFile(path: "new.ledger", bytes: bytes)
    for old in [Array(bytes[..<cut]), Array(bytes[..<(cut / 2)] + bytes[gone...])] {
        let old = InputFile(path: "old.ledger", bytes: old)
        let options = CompileOptions(horizon: until)
        let apart = DiffInput.compile(old: old, oldFiles: nil, new: new, newFiles: nil, options: options, sharesTextFrom: .max)
        let chunked = DiffInput.compile(old: old, oldFiles: nil, new: new, newFiles: nil, options: options, sharesTextFrom: 0, chunkSize: 64)
        let whole = try? JournalDiff(old: apart.old, new: apart.new), inChunks = try? JournalDiff(old: chunked.old, new: chunked.new)
        func withoutLines(_ d: JournalDiff?) -> String {
            guard var d else { return "(overflow)" }
            func clear(_ e: inout [JournalDiff.Entry]) { for k in e.indices { e[k].line = 0 } }
            clear(&d.added)
            clear(&d.removed)
            for k in d.changed.indices { d.changed[k].old.line = 0; d.changed[k].new.line = 0 }
            return DiffFormat.json.render(d, old: "old", new: "new")
        }
        if withoutLines(whole) != withoutLines(inChunks) { fail("a diff in chunks", withoutLines(whole), withoutLines(inChunks)) }
        guard let inChunks else { continue }
        // Each place it names is a header that holds the entry's description.
        // Compared as UTF-8 (the line read as the journal is, bytes that are not UTF-8 replaced):
        // a description that starts with a combining mark (`ְverflow`) is no String of its own
        // inside the line, where the mark joins the character before it.
        func holds(_ e: JournalDiff.Entry, in text: [UInt8]) -> Bool {
            let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard e.line >= 1, e.line <= lines.count else { return false }
            let line = Array(String(decoding: lines[e.line - 1], as: UTF8.self).utf8), wanted = Array(e.description.utf8)
            guard let first = line.first, first >= 0x30, first <= 0x39 else { return false }
            return wanted.isEmpty || line.firstRange(of: wanted) != nil
        }
        for (e, text) in inChunks.removed.map({ ($0, old.bytes) }) + inChunks.added.map({ ($0, bytes) })
            + inChunks.changed.map({ ($0.old, old.bytes) }) + inChunks.changed.map({ ($0.new, bytes) }) where !holds(e, in: text) {
            fail("a diff in chunks names a place where no such transaction is", "\(e.file):\(e.line)", "\(e.date) \(e.description)")
        }
    }
}

/// What one execution checks. `all` (the default, and what the seed replay of
/// `.ci/run` runs) does every check below on each input; a named target does
/// one area's checks, so that its executions are many and its coverage
/// feedback is about that area alone. Chosen with `LEDGERC_FUZZ_TARGET`.
enum FuzzTarget: String, CaseIterable {
    /// The parsers agree (split, streamed, in chunks), `fmt` and `print` are fixed points.
    case parse
    /// Every report, with every period length, in every format; the page; the expander.
    case reports
    /// Valued reports over any price graph, returns, lots.
    case valuation
    /// `diff` of two journals cut from the input, and the merge of two appends.
    case diff
    /// A rules file and a statement cut from the input, imported.
    case importing = "import"
    /// The language server's message loop.
    case lsp
    /// Rules files (includes from an in-memory folder, cycles included) and
    /// the statements they read, with no journal compiled: fast.
    case rules
    /// Linear-time regexes: a pattern and a text cut from the input.
    case regex
    /// `ledgerc merge` on a generated three-way case: ours and theirs each
    /// append and edit lines; the merge compiles, loses nothing, or is a conflict.
    case merge
    /// LSP framing: the input as the bytes of a message stream.
    case framing
    /// The journal alone, fast: compiled once, keeping everything (no trap,
    /// leak or hang). One compile an input (issue 61: two halved the rate).
    case journal
    /// The journal compiled keeping everything and streamed as `check` reads
    /// it: the two give the same diagnostics.
    case streaming
    /// The statement readers (zip and inflate, XLSX, the compound file,
    /// BIFF8, HTML, XML, protected workbooks) on the input's bytes.
    case workbook
    /// `ledgerc serve`'s request reader and answers: the input as the bytes a
    /// connection sent, read whole and in two parts, answered by a server of
    /// a small journal (read-only, so answers are many a second).
    case http
    case all

    static let chosen: FuzzTarget = {
        guard let name = getenv("LEDGERC_FUZZ_TARGET").map({ String(cString: $0) }), !name.isEmpty else { return .all }
        guard let target = FuzzTarget(rawValue: name) else {
            fputs("LEDGERC_FUZZ_TARGET: no target '\(name)'; one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n", stderr)
            exit(2)
        }
        return target
    }()

    func runs(_ area: FuzzTarget) -> Bool { self == .all || self == area }
}

/// The most occurrences a compile of the `journal` and `streaming` targets
/// generates, and the most postings its automated transactions add: past
/// it, the error that names the rule. At 5,000, the inputs that reached it
/// (generating, then replaying positions) were still a tenth of the
/// `journal` target's time; 1,000 is 80 years of a monthly rule.
let fastSurfaceOccurrences = 1_000

/// The work a compile of the fast surfaces gives a journal's own patterns
/// (automated transactions, `alias /.../`): a thousandth of the default,
/// about a millisecond at full speed (at a hundredth, the inputs that
/// reached it took 120 ms each under the sanitizers); past it, the same errors.
let fastSurfacePatternSteps = PatternWork.most / 1_000

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let target = FuzzTarget.chosen
    // The surfaces that need no compiled journal run alone, hundreds of times a second.
    if target.runs(.rules) { rulesAndStatement(bytes) }
    if target.runs(.regex) { regexes(bytes) }
    if target.runs(.merge) { merges(bytes) }
    if target.runs(.framing) { framing(bytes) }
    if target.runs(.workbook) { workbooks(bytes) }
    if target.runs(.http) { http(bytes) }
    if [.rules, .regex, .merge, .framing, .workbook, .http].contains(target) { return 0 }
    // The fast surfaces bound a journal's occurrences lower (the bound's path is the same): a
    // few bytes of `repeat daily from 0001-01-01` cost a million transactions, and such inputs
    // were most of the journal target's time (issue 61).
    if target == .journal {
        // The compile alone: its diagnostics are not rendered (nothing compares them here).
        var options = CompileOptions(mode: .everything)
        options.parallelThreshold = Int.max
        options.mostOccurrences = fastSurfaceOccurrences
        options.mostGeneratedPostings = fastSurfaceOccurrences
        options.mostPatternSteps = fastSurfacePatternSteps
        _ = compile([InputFile(path: "fuzz.ledger", bytes: bytes)], until: until, options: options)
        return 0
    }
    if target == .streaming {
        let (_, whole) = compiled(bytes, split: nil, streaming: false, most: fastSurfaceOccurrences)
        let (_, streamed) = compiled(bytes, split: nil, streaming: true, most: fastSurfaceOccurrences)
        if whole != streamed { fail("streaming", whole, streamed) }
        return 0
    }
    let (full, fullReference) = compiled(bytes, split: nil, streaming: false)
    if target.runs(.parse) { parsersAgree(bytes, full: full, reference: fullReference) }
    let ledger = full.ledger
    // A small input can expand into a huge ledger (`repeat weekly from 0225-...`:
    // 94,000 weeks). Such a ledger gets every report's figures once:
    // under the sanitizers every format of every option set would take
    // minutes, and Scripts/limits times those at full speed.
    let huge = isHuge(full)
    if !full.hasErrors {
        if target.runs(.reports) { reports(full, huge: huge) }
        if !huge {
            if target.runs(.valuation) { valuations(full) }
            if target.runs(.diff) { diffs(bytes) }
            // print of print is the same, and reads back to the same meaning.
            if target.runs(.parse) { printIsAFixedPoint(full) }
        }
    }
    if target.runs(.lsp) {
        // The editor reads the input as text (invalid UTF-8 replaced), which may compile
        // where the bytes did not: it is measured as the editor will see it.
        let asText = Array(String(decoding: bytes, as: UTF8.self).utf8)
        let edited = asText == bytes ? full : compile([InputFile(path: "fuzz.ledger", bytes: asText)], until: until)
        if !isHuge(edited) { languageServer(bytes) }
    }
    if target.runs(.importing) { importStatement(bytes, journal: full) }
    if target.runs(.reports) { _ = Expander(until: CivilDate(year: 2026, month: 6, day: 30)!).unfulfilled(ledger.journal) }
    if target.runs(.parse) { formatKeepsMeaning(bytes, full: full, huge: huge) }
    return 0
}

/// One parser and two (split at several points, or in many pieces), keeping
/// everything and streaming, and the editor's check in chunks give the same diagnostics.
func parsersAgree(_ bytes: [UInt8], full: Compilation, reference fullReference: String) {
    // The parsers are compared at an early horizon when the input expands into
    // a huge ledger: the split is in the text, and eleven expansions of
    // 94,000 weeks under the sanitizers would take the fuzzer's whole budget.
    let horizon = isHuge(full) ? earlyHorizon : until
    let reference = horizon == until ? fullReference : compiled(bytes, split: nil, streaming: false, until: horizon).1
    // What a journal that compiles means (its transactions and prices as printed, in
    // each commodity's style) is the same read by one parser or two: a second
    // parser's styles taken in once gave a declared style digit groups.
    let meant = full.hasErrors || horizon != until ? nil : meaning(of: full)
    for split in [0, 450, 1000] {
        for streaming in [false, true] {
            let (c, other) = compiled(bytes, split: split, streaming: streaming, until: horizon)
            if other != reference { fail("split at \(split)‰, streaming \(streaming)", reference, other) }
            if !streaming, let meant {
                let read = meaning(of: c)
                if read != meant { fail("split at \(split)‰, the meaning", String(decoding: meant, as: UTF8.self), String(decoding: read, as: UTF8.self)) }
            }
        }
    }
    let (_, streamed) = compiled(bytes, split: nil, streaming: true, until: horizon)
    if streamed != reference { fail("streaming", reference, streamed) }
    // In many pieces, read from both ends at once (where the threads meet varies from run to run).
    let (_, pieces) = compiled(bytes, split: 450, streaming: true, until: horizon, pieceBytes: max(8, bytes.count / 12))
    if pieces != reference { fail("in pieces", reference, pieces) }
    chunkedAgrees(bytes, horizon: horizon)
}

/// A report either gives its figures or an `AmountOverflow`; it never traps.
func reports(_ full: Compilation, huge: Bool) {
    let ledger = full.ledger
    for options in huge ? [reportOptions[0]] : reportOptions {
        for kind in ReportKind.allCases {
            guard let document = try? kind.report(full, options: options)?.document() else { continue }
            // Rendering 94,000 rows is the renderers' plain loop; the figures are computed above.
            // Every format for the plain options; the figures (CSV) for the others.
            for format in huge ? [] : options.grouping == nil && options.depth == nil ? OutputFormat.allCases : [.csv] {
                _ = format.render(document, accounts: ledger.journal.accounts, commodities: ledger.journal.commodities, to: devNull)
            }
        }
    }
    if !huge { hledgerReports(full) }
    if !huge {
        _ = MaterializePlan(full, today: until)
        // The page: every part, with whatever names and tags the input holds.
        _ = try? HTMLReport(compilation: full, options: ReportOptions(), today: until).render()
    }
}

/// hledger's form of the reports, lists, print, close and forecast, in its
/// text, CSV and JSON: each gives its bytes or a usage error or an
/// `AmountOverflow`; it never traps.
func hledgerReports(_ full: Compilation) {
    let lines: [[String]] = [
        ["bal"], ["bal", "-M", "-T", "-A", "-S", "--tree"], ["bal", "-Y", "--layout=bare"], ["bal", "--budget", "-E", "-M", "--cumulative"],
        ["bs", "-M", "--tree"], ["is", "-N", "-S"], ["cf"], ["reg", "-M", "-H"], ["reg", "-r"], ["areg", "."], ["print", "-x"],
        // JSON to a file is written whole (to standard output it would go as it is made).
        ["print", "-O", "json", "-o", "/dev/null"], ["reg", "-O", "json", "-o", "/dev/null"], ["bal", "-O", "json", "-o", "/dev/null"],
        ["prices", "--infer-market-prices", "--infer-reverse-prices"], ["payees"], ["accounts", "--tree", "--drop", "1"], ["print", "--forecast", "-e", "2027"],
        ["bal", "-p", "every tue"], ["bal", "--drop", "1", "--tree", "-O", "csv"],
    ]
    for words in lines {
        guard let request = try? HledgerRequest(["-f", "fuzz.ledger"] + words, today: until),
              let output = try? request.output(full) else { continue }
        devNull.write(output.bytes)
    }
    // `close` in hledger's layout, its amounts explicit, split by cost, interleaved.
    var close = ClosingTransactions(ledger: full.ledger, query: Query(), date: until)
    close.inHledgersLayout = true
    close.explicit = true
    close.showCosts = true
    _ = try? close.text(sources: full.sources)
    close.interleaved = true
    _ = try? close.text(sources: full.sources)
}

/// `fmt` is idempotent, and keeps the meaning of a journal that compiles.
func formatKeepsMeaning(_ bytes: [UInt8], full: Compilation, huge: Bool) {
    let formatted = LedgerFormatter().format(bytes)
    guard !full.hasErrors else { return }
    let again = LedgerFormatter().format(formatted)
    if again != formatted { fail("fmt is not idempotent", String(decoding: formatted, as: UTF8.self), String(decoding: again, as: UTF8.self)) }
    // A huge ledger is compared at an early horizon: fmt changes the text, and
    // the text is what a rule's thousands of occurrences are copies of.
    let horizon = huge ? earlyHorizon : until
    let before = huge ? compile([InputFile(path: "fuzz.ledger", bytes: bytes)], until: horizon) : full
    let after = compile([InputFile(path: "fuzz.ledger", bytes: formatted)], until: horizon)
    if meaning(of: after) != meaning(of: before) {
        fail("fmt changed the meaning", String(decoding: bytes, as: UTF8.self), String(decoding: formatted, as: UTF8.self))
    }
}

// MARK: the surfaces of issue 44

/// A rules file and a statement cut from the input at its first NUL (else
/// its middle); the rules' includes read from an in-memory folder holding
/// the rules themselves (a cycle), a second cut and a missing file. Nothing
/// may trap or hang, and a statement's text never reaches a written line
/// as syntax: each row's description, comment and accounts hold no line
/// break or control character.
func rulesAndStatement(_ bytes: [UInt8]) {
    let cut = bytes.firstIndex(of: 0) ?? bytes.count / 2
    let rulesText = String(decoding: bytes[..<cut], as: UTF8.self)
    let csv = Array(bytes[min(cut + 1, bytes.count)...])
    let second = String(decoding: csv.prefix(200), as: UTF8.self)
    let folder = ["fuzz.rules": rulesText, "self.rules": "include self.rules\n", "other.rules": second]
    guard let rules = try? CSVRules(rulesText, path: "fuzz.rules", read: { folder[$0] }) else { return }
    guard let statement = try? CSVStatement(csv, rules: rules) else { return }
    for row in statement.rows {
        for text in [row.description, row.comment, row.account1, row.account2, row.code, row.commodity] where text.holdsUnsafeScalars || text.contains("\n") {
            fail("statement text kept a line break or a control character", String(decoding: bytes, as: UTF8.self), text)
        }
        let written = row.text { q, c in CSVStatement.amountText(q, c) }
        // The header's description never reads as a code or a status.
        if let first = row.description.first, "(*!".contains(first), !written.contains(" () ") && row.code.isEmpty {
            fail("a description starting with \(first) was written as syntax", row.description, written)
        }
    }
}

/// A pattern (up to the first NUL, at most 64 bytes) and a text (the rest):
/// compiling and matching finish, and the yes-or-no of `matches` agrees
/// with `firstMatch`. The pattern read as hledger's query words and as a
/// period expression finishes too.
func regexes(_ bytes: [UInt8]) {
    let cut = min(bytes.firstIndex(of: 0) ?? min(bytes.count, 16), 64)
    let pattern = String(decoding: bytes[..<cut], as: UTF8.self)
    let text = String(decoding: bytes[min(cut + 1, bytes.count)...], as: UTF8.self)
    if case .success(let query) = Query.parse(hledger: pattern) {
        let matcher = QueryMatcher(query, accounts: AccountTable())
        _ = matcher.keepsEverything
    }
    _ = PeriodExpression.parse(pattern, today: until)
    guard let regex = try? LinearRegex(pattern) else { return }
    let found = regex.firstMatch(in: text)
    if regex.matches(text) != (found != nil) { fail("matches and firstMatch disagree", pattern, text) }
    if let whole = found?.groups[0], whole.upperBound > text.unicodeScalars.count { fail("a match past the text", pattern, text) }
    _ = regex.replacingMatches(in: text) { _ in "x" }
}

/// A three-way case made from the input: BASE is its first third; OURS
/// appends the second third, and (when the input's first byte is odd) adds
/// `:Sub` at the end of BASE's last line first; THEIRS appends the last
/// third. The merge `ledgerc merge` would call clean holds every entry each
/// side appended, as often as that side wrote it, and compiles with no more
/// errors than either side; an edit of BASE's last line is never an append.
func merges(_ bytes: [UInt8]) {
    let a = bytes.count / 3, b = 2 * bytes.count / 3
    let base = Array(bytes[..<a])
    var ours = base
    let edits = (bytes.first ?? 0) & 1 == 1 && base.contains { $0 != 0x0A && $0 != 0x0D && $0 != 0x20 && $0 != 0x09 }
    if edits {
        var end = ours.count
        while end > 0, [0x0A, 0x0D, 0x20, 0x09].contains(ours[end - 1]) { end -= 1 }
        ours.insert(contentsOf: Array(":Sub".utf8), at: end)
    }
    ours += [0x0A] + Array(bytes[a..<b])
    let theirs = base + [0x0A] + Array(bytes[b...])
    func compiled(_ text: [UInt8]) -> Compilation {
        compile([InputFile(path: "merge.ledger", bytes: text)], until: until, options: CompileOptions(mode: .everything))
    }
    func errors(_ text: [UInt8]) -> Int { compiled(text).diagnostics.errorCount }
    guard let merged = JournalMerge.cleanAppend(base: base, ours: ours, theirs: theirs, compiled: compiled) else { return }
    if edits, ours != theirs { fail("an edit of the base's last line was taken for an append", String(decoding: ours, as: UTF8.self), String(decoding: merged, as: UTF8.self)) }
    if merged == ours || merged == theirs { return }
    // Every entry appended by either side is in the merge, as often as that side wrote it.
    var have: [[UInt8]: Int] = [:]
    if let tail = JournalMerge.tail(of: merged, after: base) { for e in JournalMerge.entries(tail) { have[e.text, default: 0] += 1 } }
    for side in [ours, theirs] {
        guard let tail = JournalMerge.tail(of: side, after: base) else { continue }
        var want: [[UInt8]: Int] = [:]
        for e in JournalMerge.entries(tail) { want[e.text, default: 0] += 1 }
        for (text, n) in want where (have[text] ?? 0) < n {
            fail("the merge lost an entry", String(decoding: text, as: UTF8.self), String(decoding: merged, as: UTF8.self))
        }
    }
    if errors(merged) > max(errors(ours), errors(theirs)) { fail("a clean merge with new errors", String(decoding: bytes, as: UTF8.self), String(decoding: merged, as: UTF8.self)) }
    if !JournalMerge.keepsMeaning(base: base, ours: ours, theirs: theirs, merged: merged, compiled: compiled) {
        fail("a clean merge that changed an entry's meaning", String(decoding: bytes, as: UTF8.self), String(decoding: merged, as: UTF8.self))
    }
}

/// The input as the bytes of an LSP stream (through a pipe): every frame is
/// read or said malformed, each body is a piece of the input, and the read ends.
func framing(_ bytes: [UInt8]) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return }
    // Inputs are at most 4 KiB: a pipe holds them whole.
    _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
    close(fds[1])
    let channel = MessageChannel(input: fds[0], output: -1)
    var frames = 0
    while let frame = channel.next() {
        frames += 1
        if case .message(let body) = frame, !body.isEmpty, bytes.firstRange(of: body) == nil {
            fail("a body that is no piece of the input", String(decoding: bytes, as: UTF8.self), String(decoding: body, as: UTF8.self))
        }
        if frames > bytes.count + 1 { fail("more frames than bytes", String(decoding: bytes, as: UTF8.self), "\(frames)") }
    }
    close(fds[0])
}

/// The server's journal: one file for each fuzzing process.
func fuzzServerPath() -> String { "/tmp/ledgerc-fuzz-http-\(getpid()).ledger" }

/// One server for every input: a small journal in a temporary file,
/// read-only, removed when the process exits.
let fuzzServer: JournalServer = {
    let path = fuzzServerPath()
    atexit { _ = unlink(fuzzServerPath()) }
    let text = "account 자산:현금\naccount 지출:식비\n\n2025-01-05 이마트  ; receipt: r.png\n    지출:식비  45,000 KRW\n    자산:현금\n"
    _ = text.withCString { p in
        let f = fopen(path, "w")
        defer { fclose(f) }
        return fputs(p, f)
    }
    return JournalServer(path: path, port: 5000, token: String(repeating: "0", count: 32), readOnly: true, today: CivilDate(year: 2025, month: 6, day: 30)!)
}()

/// The input as what a connection sent: read whole, and in two parts (the
/// first is incomplete or the same request); every answer says nosniff and
/// no CORS, and a foreign Host is 421.
func http(_ bytes: [UInt8]) {
    let whole = HTTPRequest.read(bytes)
    if bytes.count > 1 {
        let cut = Int(bytes[0]) % bytes.count
        if case .request(let r, let n) = HTTPRequest.read(Array(bytes[..<cut])), case .request(let w, let m) = whole, (r.method, r.path, r.body, n) != (w.method, w.path, w.body, m) {
            fail("a request read from part of the input differs", String(decoding: bytes, as: UTF8.self), "\(cut)")
        }
    }
    let answer: HTTPResponse
    switch whole {
    case .incomplete: return
    case .refused(let a): answer = a
    case .request(let request, _): answer = fuzzServer.handle(request)
        let host = request.headers["host"]?.lowercased() ?? ""
        if !["127.0.0.1:5000", "localhost:5000", "[::1]:5000"].contains(host), answer.status != 421 { fail("a foreign Host answered", host, "\(answer.status)") }
    }
    let head = String(decoding: answer.bytes.prefix(4096), as: UTF8.self)
    if !head.contains("X-Content-Type-Options: nosniff") || head.lowercased().contains("access-control-") { fail("an answer's headers", String(decoding: bytes, as: UTF8.self), head) }
}

/// The statement readers on untrusted bytes: the inflater on the input as a
/// raw stream, the XML and HTML readers on it, and each workbook reader on
/// it as it is (so a mutated workbook reaches its container's code). Each
/// ends with rows or an error, never a trap; rows written as CSV read back
/// as the same cells. A protected workbook is decrypted only when its spin
/// count is small (Office's 100,000 rounds are for the replay's real seed).
func workbooks(_ bytes: [UInt8]) {
    _ = try? Inflate.inflate(bytes[...], limit: 1 << 20)
    var x = XMLScanner(bytes, part: "fuzz")
    while case .some(.some) = try? x.next() {}
    var tables: [[[String]]] = []
    if let rows = try? HTMLTables.rows(bytes) { tables.append(rows) }
    if let rows = try? SpreadsheetML.rows(bytes, sheet: nil) { tables.append(rows) }
    if var book = try? XLSXWorkbook(bytes), let rows = try? book.rows(sheet: nil) { tables.append(rows) }
    if let book = try? BIFFWorkbook(bytes), let rows = try? book.rows(sheet: nil) { tables.append(rows) }
    if let file = try? CompoundFile(bytes) {
        for e in file.entries { _ = file.stream(named: e.name) }
        if let info = file.stream(named: "EncryptionInfo"), info.count > 8,
           let p = try? AgileEncryption.parameters(Array(info[8...])), p.spinCount <= 100_000 {
            if let plain = try? AgileEncryption.decrypt(file, password: "900101"), var book = try? XLSXWorkbook(plain), let rows = try? book.rows(sheet: nil) {
                tables.append(rows)
            }
        }
    }
    for rows in tables {
        let read = csvRecords(StatementFormat.csvText(rows), separator: UInt8(ascii: ","))
        let written = rows.filter { !$0.isEmpty }.map { $0.map { String(decoding: Array($0.utf8).map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self) } }
        if read.map(\.fields) != written {
            fail("a workbook's rows written as CSV read back otherwise", "\(written.prefix(3))", "\(read.prefix(3).map(\.fields))")
        }
    }
}
