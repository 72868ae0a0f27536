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
      summary       per month and commodity: income, expenses, net, savings rate,
                    transaction counts, and expense categories (the default)
      transactions  every transaction after materialization (CSV: one row per posting)
      balance       every account's balance at the end of the period, parents rolled up
      register      postings matching --account with a running total
      holdings      what asset accounts hold at the end of the period: quantity, average
                    cost, cost basis, price, market value, gains, weight
      trades        every purchase and sale in the period (--side buy|sell)

    OPTIONS:
      --format FORMAT       text (default), csv or json
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

    static let reports = ["summary", "transactions", "balance", "register", "holdings", "trades"]

    static func run(_ args: [String]) throws -> Int {
        var parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(["--format", "--from", "--to", "--account", "--depth", "-o", "--side"]),
                                   flagOptions: CommonOptions.flagOptions)
        var report = "summary"
        if let first = parsed.positionals.first, reports.contains(first) {
            report = first
            parsed.positionals.removeFirst()
        } else if let first = parsed.positionals.first, first != "-", access(first, F_OK) != 0,
                  let near = closestWord(to: first, among: reports) {
            // Not a report and not a file: most likely a mistyped report name.
            throw UsageError(message: "unknown report '\(first)' (did you mean '\(near)'?)")
        }
        var side: Trade.Side?
        if let text = parsed.values["--side"] {
            guard report == "trades" else { throw UsageError(message: "--side goes with 'report trades'") }
            guard let s = Trade.Side(rawValue: text) else { throw UsageError(message: "--side takes buy or sell, not '\(text)'") }
            side = s
        }
        let format = parsed.values["--format"] ?? "text"
        guard ["text", "csv", "json"].contains(format) else { throw UsageError(message: "--format takes text, csv or json, not '\(format)'") }
        var options = ReportOptions(period: try periodOption(parsed), account: parsed.values["--account"])
        if let text = parsed.values["--depth"] {
            guard let n = Int(text), n >= 1 else { throw UsageError(message: "--depth takes a whole number of at least 1, not '\(text)'") }
            options.depth = n
        }
        let common = try CommonOptions(parsed)
        guard let result = try compileAndReport(common) else { return 1 }
        let ledger = result.ledger
        // Output streams to standard output, or to a temporary file renamed over PATH at the end.
        var file: SafeWriter?
        if let path = parsed.values["-o"] {
            let writer = try SafeWriter(path: path)
            try writer.refuse(overwriting: inputIdentities(result.sources))
            try writer.open()
            file = writer
        }
        let sink = file?.sink ?? ByteSink.standardOutput
        let bytes: [UInt8]
        do {
        switch (report, format) {
        case ("summary", "csv"): bytes = try MonthSummaryReport(ledger: ledger, options: options).csv()
        case ("summary", "json"): bytes = try MonthSummaryReport(ledger: ledger, options: options).json()
        case ("summary", _): bytes = try MonthSummaryReport(ledger: ledger, options: options).text()
        case ("transactions", "csv"): bytes = try TransactionsReport(ledger: ledger, sources: result.sources, options: options).csv(to: sink)
        case ("transactions", "json"): bytes = try TransactionsReport(ledger: ledger, sources: result.sources, options: options).json(to: sink)
        case ("transactions", _): bytes = try TransactionsReport(ledger: ledger, sources: result.sources, options: options).text()
        case ("balance", "csv"): bytes = try BalanceReport(ledger: ledger, options: options).csv()
        case ("balance", "json"): bytes = try BalanceReport(ledger: ledger, options: options).json()
        case ("balance", _): bytes = try BalanceReport(ledger: ledger, options: options).text()
        case ("holdings", "csv"): bytes = try HoldingsReport(ledger: ledger, options: options).csv()
        case ("holdings", "json"): bytes = try HoldingsReport(ledger: ledger, options: options).json()
        case ("holdings", _): bytes = try HoldingsReport(ledger: ledger, options: options).text()
        case ("trades", "csv"): bytes = try TradesReport(ledger: ledger, sources: result.sources, options: options, side: side).csv()
        case ("trades", "json"): bytes = try TradesReport(ledger: ledger, sources: result.sources, options: options, side: side).json()
        case ("trades", _): bytes = try TradesReport(ledger: ledger, sources: result.sources, options: options, side: side).text()
        case ("register", "csv"): bytes = try RegisterReport(ledger: ledger, options: options).csv()
        case ("register", "json"): bytes = try RegisterReport(ledger: ledger, options: options).json()
        default: bytes = try RegisterReport(ledger: ledger, options: options).text()
        }
        } catch {
            // A figure that cannot be computed exactly: no report is written.
            file?.abandon()
            RunDiagnostics.show([error.diagnostic], sources: result.sources)
            return 1
        }
        var rest = ByteBuffer(capacity: 0)
        rest.write(bytes: bytes)
        sink.write(&rest)
        try file?.commit()
        return 0
    }
}
