#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// `ledgerc report`: month summaries, transactions, balances and the register.
enum ReportCommand: Subcommand {
    static let help = """
    ledgerc report: reports on the compiled ledger

    USAGE: ledgerc report [REPORT] [FILE...] [--format text|csv|json] [--until DATE]
                          [--from DATE] [--to DATE] [--date RANGE] [FILTER...]
                          [--depth N] [--period week|month|quarter|year]
                          [--historical] [--average] [--flat] [--empty] [-o PATH]
                          [-X COMMODITY | -V | --value TYPE[,COMMODITY]]

    REPORT is one of:
    \(ReportKind.allCases.map { "  " + padded($0.rawValue, to: 14, right: false) + $0.summaryLine }.joined(separator: "\n"))

    OPTIONS:
      --format FORMAT       \(OutputFormat.allCases.first!.rawValue) (default), \(OutputFormat.allCases.dropFirst().map(\.rawValue).joined(separator: " or "))
      --until DATE          materialize repeat rules up to DATE (default: today)
    \(queryHelp.split(separator: "\n").joined(separator: "\n    "))
      --depth N             roll accounts up to N levels (summary categories: default 2)
      --period LENGTH       week, month, quarter or year: a column each (balance),
                            or rows grouped by it (summary, budget; default month)
      --historical          balance, register: include everything before --from
                            (balance: ending balances instead of changes)
      --flat                balance: full account names, each with its own postings
      --empty               balance: keep rows whose amount is zero
      -A, --average         balance --period: an average column (total ÷ periods)
      --side buy|sell       with trades: only purchases or only sales
      --types               with accounts: each account's type
      --values              with tags: the tags' values instead of their names
      --infer               with prices: the prices that costs imply too
      --lots                with holdings: a row per open lot (date, quantity, unit cost)
      -X, --exchange COMMODITY
                            value every amount in COMMODITY with market prices
                            at the report's end (each period's end with --period)
      -V                    value each commodity in that of its latest P price
      --value TYPE[,COMMODITY]
                            TYPE: end (as -X), then (each posting's date), cost,
                            now, or a DATE (docs/REPORTS.md, Valuation)
      -o PATH               write the report to PATH (atomically) instead of standard output
      --diagnostics FORMAT  text (default), json or github
      --column-unit UNIT    what a column counts in text and github diagnostics:
                            char (default), byte or display
      --werror              warnings make the run fail (exit 1)

    Column and key reference: docs/REPORTS.md.

    """

    static func run(_ args: [String]) throws -> Int {
        var parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(queryValueOptions).union(["--format", "--depth", "-o", "--side", "--period"]).union(valuationValueOptions),
                                   flagOptions: CommonOptions.flagOptions.union(["--historical", "--flat", "--tree", "--empty", "--types", "--values", "--infer", "--lots", "-V", "--average", "-A"]))
        var report = ReportKind.summary
        if let first = parsed.positionals.first, let kind = ReportKind(rawValue: first) {
            report = kind
            parsed.positionals.removeFirst()
        } else if let first = parsed.positionals.first, first != "-", access(first, F_OK) != 0,
                  let near = closestWord(to: first, among: ReportKind.allCases.map(\.rawValue)) {
            // Not a report and not a file: most likely a mistyped report name.
            throw UsageError(message: "unknown report '\(first)' (did you mean '\(near)'?)")
        }
        var common = try CommonOptions(parsed)
        var options = ReportOptions(period: try periodOption(parsed, today: common.today), query: try queryOption(parsed))
        common.reach(options.period)
        try readBalanceModes(parsed, report: report, into: &options)
        if let text = parsed.values["--side"] {
            guard report == .trades else { throw UsageError(message: "--side goes with 'report trades'") }
            guard let s = Trade.Side(rawValue: text) else { throw UsageError(message: "--side takes buy or sell, not '\(text)'") }
            options.side = s
        }
        if report == .html, let f = parsed.values["--format"], f != "html" {
            throw UsageError(message: "'report html' writes HTML; --format \(f) goes with the other reports")
        }
        let formatName = report == .html ? OutputFormat.text.rawValue : parsed.values["--format"] ?? OutputFormat.text.rawValue
        guard let format = OutputFormat(rawValue: formatName) else {
            throw UsageError(message: "--format takes \(OutputFormat.names), not '\(formatName)'")
        }
        if let text = parsed.values["--depth"] {
            guard let n = Int(text), n >= 1 else { throw UsageError(message: "--depth takes a whole number of at least 1, not '\(text)'") }
            options.depth = n
        }
        options.valuation = try valuationOption(parsed, today: common.today)
        if options.valuation != nil, ![.summary, .transactions, .balance, .register, .holdings, .trades, .budget, .returns, .html, .prices].contains(report) {
            throw UsageError(message: "-X, -V and --value go with the reports of amounts, not '\(report.rawValue)'")
        }
        guard let result = try compileAndReport(common, writesNothingBack: true) else { return 1 }
        // Output streams to standard output, or to a temporary file renamed over PATH at the end.
        var file: SafeWriter?
        if let path = parsed.values["-o"] {
            let writer = try SafeWriter(path: path)
            try writer.refuse(overwriting: inputIdentities(result.sources))
            try writer.open()
            file = writer
        }
        let sink = file?.sink ?? ByteSink.standardOutput
        let document: ReportDocument
        var page: [UInt8]?
        do throws(AmountOverflow) {
            if let valuation = options.valuation {
                options.valuer = try Valuer(valuation, ledger: result.ledger, reportTo: options.period.to)
            }
            if let chosen = try report.report(result, options: options) {
                document = try chosen.document()
            } else {
                // `report html`: one page, written whole.
                page = try HTMLReport(compilation: result, options: options, today: common.today).render()
                document = ReportDocument([], until: result.ledger.until)
            }
        } catch {
            // A figure that cannot be computed exactly: no report is written.
            file?.abandon()
            RunDiagnostics.show([error.diagnostic], sources: result.sources)
            return 1
        }
        if let valuer = options.valuer {
            // Amounts left unconverted: said, and with --werror the run fails before writing.
            let warnings = valuer.warnings(result.ledger.journal.commodities)
            RunDiagnostics.show(warnings, sources: result.sources)
            if RunDiagnostics.warningsAreErrors && !warnings.isEmpty {
                file?.abandon()
                return 1
            }
        }
        if let page {
            sink.write(page)
            try file?.commit()
            return 0
        }
        let journal = result.ledger.journal
        var rest = ByteBuffer(capacity: 0)
        rest.write(bytes: format.render(document, accounts: journal.accounts, commodities: journal.commodities, to: sink))
        sink.write(&rest)
        try file?.commit()
        return 0
    }
}

/// The options of valuation, each taking a value.
let valuationValueOptions: Set<String> = ["-X", "--exchange", "--value"]

/// `-X COMMODITY` (`--exchange`), `-V` or `--value TYPE[,COMMODITY]`: at most one.
func valuationOption(_ parsed: Arguments, today: CivilDate) throws -> Valuation? {
    let given = ["-X", "--exchange", "--value"].filter { parsed.values[$0] != nil } + (parsed.has("-V") ? ["-V"] : [])
    guard let first = given.first else { return nil }
    guard given.count == 1 else { throw UsageError(message: "\(given.joined(separator: " and ")): choose one way to value amounts") }
    switch first {
    case "-V": return Valuation(.end)
    case "--value":
        let text = parsed.values["--value"]!
        guard let v = Valuation.parse(text, today: today) else {
            throw UsageError(message: "--value takes end, then, cost, now or a date YYYY-MM-DD, with an optional ',COMMODITY'; not '\(text)'")
        }
        return v
    default:
        let name = parsed.values[first]!.trimmingSpaces
        guard !name.isEmpty else { throw UsageError(message: "\(first) takes a commodity") }
        return Valuation(.end, in: name)
    }
}

extension ReportCommand {
    /// `--period`, `--historical`, `--flat`, `--tree`, `--empty`: refused
    /// where the report gives them no meaning, never ignored.
    static func readBalanceModes(_ parsed: Arguments, report: ReportKind, into options: inout ReportOptions) throws {
        if let text = parsed.values["--period"] {
            guard let length = CalendarUnit.reportPeriod(text) else {
                throw UsageError(message: "--period takes week, month, quarter or year, not '\(text)'")
            }
            guard [.balance, .summary, .budget, .html, .returns].contains(report) else { throw UsageError(message: "--period goes with 'report balance', 'summary', 'budget', 'returns' or 'html'") }
            options.grouping = length
        }
        if parsed.has("--historical") {
            guard report == .balance || report == .register else { throw UsageError(message: "--historical goes with 'report balance' or 'report register'") }
            options.historical = true
        }
        if parsed.has("--average") || parsed.has("-A") {
            guard report == .balance, options.grouping != nil else { throw UsageError(message: "--average goes with 'report balance --period LENGTH'") }
            options.average = true
        }
        for flag in ["--flat", "--tree", "--empty"] where parsed.has(flag) {
            guard report == .balance else { throw UsageError(message: "\(flag) goes with 'report balance'") }
        }
        if parsed.has("--flat") && parsed.has("--tree") { throw UsageError(message: "--flat and --tree: choose one") }
        for (flag, owner) in [("--types", ReportKind.accounts), ("--values", .tags), ("--infer", .prices), ("--lots", .holdings)] where parsed.has(flag) {
            guard report == owner else { throw UsageError(message: "\(flag) goes with '\(owner.rawValue)'") }
        }
        options.showTypes = parsed.has("--types")
        options.showValues = parsed.has("--values")
        options.lots = parsed.has("--lots")
        options.inferPrices = parsed.has("--infer")
        options.flat = parsed.has("--flat")
        options.empty = parsed.has("--empty")
        if report == .returns && options.query.accounts.isEmpty {
            throw UsageError(message: "'report returns' needs --account: the investment accounts whose returns it computes")
        }
        if report == .holdings || report == .trades {
            if options.query.terms.contains(where: { $0.field != .account }) {
                throw UsageError(message: "'report \(report.rawValue)' filters by --account and --not-account only: its rows are positions, not postings")
            }
        }
    }
}
