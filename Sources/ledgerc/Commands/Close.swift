import LedgerCore

/// `ledgerc close`: the closing and opening transactions at a year end.
enum CloseCommand: Subcommand {
    static let help = """
    ledgerc close: the transactions that close the books on a day and open them the next

    USAGE: ledgerc close [FILE...] --to DATE [FILTER...] [--close-acct NAME] [--open-acct NAME]

    On DATE (inclusive), every account with a balance (those the filters keep)
    is brought to zero against the equity account, each posting asserting
    '= 0'; on the next day the same balances are opened again, each asserted.
    As hledger 1.25's 'close'. The output is journal text to append to a new
    year's file (or this one); nothing is written.

    OPTIONS:
      --to DATE             the last day closed (a month or year means its last day)
      --close-acct NAME     the equity account of the closing transaction
                            (default: equity:opening/closing balances)
      --open-acct NAME      the equity account of the opening transaction (the same default)
      --explicit            write the equity postings' amounts (one per commodity)
      --interleaved         each balance's equity posting right after it
      --show-costs          each balance split by the costs it was posted at
      --until DATE          materialize repeat rules up to DATE (default: --to)
    \(queryHelp.split(separator: "\n").joined(separator: "\n    "))
      --diagnostics FORMAT  text (default), json or github
      --werror              warnings make the run fail (exit 1)

    """

    static func run(_ args: [String]) throws -> Int { try run(args, also: Query()) }

    /// `also`: hledger's query words, kept with the filters' terms (`close -e D assets`);
    /// `hledgers`: written as hledger's `print` writes them (hledger's form).
    static func run(_ args: [String], also: Query, hledgers: Bool = false) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(queryValueOptions).union(["--close-acct", "--open-acct"]),
                                   flagOptions: CommonOptions.flagOptions.union(["--close", "--open", "--explicit", "--interleaved", "--show-costs"]))
        var common = try CommonOptions(parsed)
        let period = try periodOption(parsed, today: common.today)
        guard let to = period.to else { throw UsageError(message: "close needs --to DATE, the last day it closes") }
        if parsed.values["--from"] != nil { throw UsageError(message: "close takes --to only: balances count everything up to it") }
        common.reach(period)
        var query = try queryOption(parsed)
        query.terms += also.terms
        guard let result = try compileAndReport(common) else { return 1 }
        var close = ClosingTransactions(ledger: result.ledger, query: query, date: to)
        close.inHledgersLayout = hledgers
        close.explicit = parsed.has("--explicit")
        close.interleaved = parsed.has("--interleaved")
        close.showCosts = parsed.has("--show-costs")
        // `--close` or `--open` alone: only that one; both or neither: both.
        if parsed.has("--close") != parsed.has("--open") {
            close.writesClosing = parsed.has("--close")
            close.writesOpening = parsed.has("--open")
        }
        for (option, name) in [("--close-acct", parsed.values["--close-acct"]), ("--open-acct", parsed.values["--open-acct"])] {
            guard let name else { continue }
            guard !name.isEmpty, !name.contains("  "), !name.contains("\t") else { throw UsageError(message: "\(option) takes an account name, not '\(name)'") }
            if option == "--close-acct" { close.closingAccount = name } else { close.openingAccount = name }
        }
        do throws(AmountOverflow) {
            writeStdout(try close.text(sources: result.sources))
        } catch {
            RunDiagnostics.show([error.diagnostic], sources: result.sources)
            return 1
        }
        return 0
    }
}
