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
                          [--from DATE] [--to DATE] [--account TEXT] [--depth N] [-o PATH]

    REPORT is one of:
    \(ReportKind.allCases.map { "  " + padded($0.rawValue, to: 14, right: false) + $0.summaryLine }.joined(separator: "\n"))

    OPTIONS:
      --format FORMAT       \(OutputFormat.allCases.first!.rawValue) (default), \(OutputFormat.allCases.dropFirst().map(\.rawValue).joined(separator: " or "))
      --from DATE, --to DATE  the period, inclusive (YYYY, YYYY-MM or YYYY-MM-DD)
      --until DATE          materialize repeat rules up to DATE (default: today)
      --account TEXT        keep postings whose account contains TEXT (any case)
      --depth N             roll accounts up to N levels (summary categories: default 2)
      --side buy|sell       with trades: only purchases or only sales
      -o PATH               write the report to PATH (atomically) instead of standard output
      --diagnostics FORMAT  text (default), json or github
      --column-unit UNIT    what a column counts in text and github diagnostics:
                            char (default), byte or display
      --werror              warnings make the run fail (exit 1)

    Column and key reference: docs/REPORTS.md.

    """

    static func run(_ args: [String]) throws -> Int {
        var parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(["--format", "--from", "--to", "--account", "--depth", "-o", "--side"]),
                                   flagOptions: CommonOptions.flagOptions)
        var report = ReportKind.summary
        if let first = parsed.positionals.first, let kind = ReportKind(rawValue: first) {
            report = kind
            parsed.positionals.removeFirst()
        } else if let first = parsed.positionals.first, first != "-", access(first, F_OK) != 0,
                  let near = closestWord(to: first, among: ReportKind.allCases.map(\.rawValue)) {
            // Not a report and not a file: most likely a mistyped report name.
            throw UsageError(message: "unknown report '\(first)' (did you mean '\(near)'?)")
        }
        var options = ReportOptions(period: try periodOption(parsed), account: parsed.values["--account"])
        if let text = parsed.values["--side"] {
            guard report == .trades else { throw UsageError(message: "--side goes with 'report trades'") }
            guard let s = Trade.Side(rawValue: text) else { throw UsageError(message: "--side takes buy or sell, not '\(text)'") }
            options.side = s
        }
        let formatName = parsed.values["--format"] ?? OutputFormat.text.rawValue
        guard let format = OutputFormat(rawValue: formatName) else {
            throw UsageError(message: "--format takes \(OutputFormat.names), not '\(formatName)'")
        }
        if let text = parsed.values["--depth"] {
            guard let n = Int(text), n >= 1 else { throw UsageError(message: "--depth takes a whole number of at least 1, not '\(text)'") }
            options.depth = n
        }
        let common = try CommonOptions(parsed)
        guard let result = try compileAndReport(common) else { return 1 }
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
        do {
            document = try report.report(result, options: options).document()
        } catch {
            // A figure that cannot be computed exactly: no report is written.
            file?.abandon()
            RunDiagnostics.show([error.diagnostic], sources: result.sources)
            return 1
        }
        let journal = result.ledger.journal
        var rest = ByteBuffer(capacity: 0)
        rest.write(bytes: format.render(document, accounts: journal.accounts, commodities: journal.commodities, to: sink))
        sink.write(&rest)
        try file?.commit()
        return 0
    }
}
