import LedgerCore

/// `ledgerc print`: the compiled journal as canonical ledger text.
enum PrintCommand: Subcommand {
    static let help = """
    ledgerc print: the compiled journal as ledger text

    USAGE: ledgerc print [FILE...] [--until DATE] [--from DATE] [--to DATE]
                         [--date RANGE] [FILTER...]

    Prints the declarations the figures depend on (decimal-mark, commodity,
    account, P), then recorded and generated transactions in date order, in
    the canonical layout, every amount explicit, with the journal's decimal
    mark. Generated ones carry a comment
    '; generated: FILE:LINE #K' naming their rule and occurrence. The output is
    itself valid input and compiles to the same transactions. With filters,
    a transaction is printed whole when any of its postings matches.

    OPTIONS:
      --until DATE          materialize repeat rules up to DATE (default: today)
    \(queryHelp.split(separator: "\n").joined(separator: "\n    "))
      --diagnostics FORMAT  text (default), json or github
      --column-unit UNIT    what a column counts in text and github diagnostics:
                            char (default), byte or display
      --werror              warnings make the run fail (exit 1)
      --textconv            for git's diff driver (docs/GIT.md): one file alone, its
                            includes read as empty; a file that does not compile
                            is printed as it is; never fails

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(queryValueOptions), flagOptions: CommonOptions.flagOptions.union(["--textconv"]))
        if parsed.has("--textconv") { return try textconv(parsed) }
        var common = try CommonOptions(parsed)
        let period = try periodOption(parsed, today: common.today)
        let query = try queryOption(parsed)
        common.reach(period)
        guard let result = try compileAndReport(common) else { return 1 }
        let matcher = QueryMatcher(query, accounts: result.ledger.journal.accounts)
        // A split's new shares are the `split` directive's, printed as the directive.
        write(result, result.ledger.printable.filter { period.contains($0.date) && matcher.matches($0) })
        return 0
    }

    /// The declarations, then `transactions`, to standard output in pieces of a megabyte.
    /// `journal`: the one the transactions name (a pivoted ledger's), else the compile's.
    static func write(_ result: Compilation, journal: Journal? = nil, _ transactions: some Sequence<Transaction>) {
        let journal = journal ?? result.ledger.journal
        var printer = LedgerPrinter(journal: journal, sources: result.sources)
        printer.decimalComma = journal.declaresDecimalComma
        var buf = ByteBuffer(capacity: 1 << 20)
        printer.writeDeclarations(into: &buf, pinning: printer.commoditiesToPin(transactions))
        var first = true
        for t in transactions {
            if !first { buf.byte(0x0A) }
            first = false
            printer.write(t, into: &buf, headerComment: printer.generatedComment(t))
            if buf.count > 1 << 20 {
                writeStdout(terminalSafeLines(buf.bytes, keepingCarriageReturns: true))
                buf.removeAll()
            }
        }
        // A name or description holding ESC or a bidi override is shown
        // escaped (`\u{1B}`), never sent raw to whatever reads it; its own
        // carriage returns are kept, so that print reads back as itself.
        writeStdout(terminalSafeLines(buf.bytes, keepingCarriageReturns: true))
    }

    /// git gives a blob in a temporary file: its includes are not beside it.
    /// They are read as empty, and what does not compile is shown as written.
    static func textconv(_ parsed: Arguments) throws -> Int {
        guard parsed.positionals.count == 1 else { throw UsageError(message: "--textconv prints one file (git passes its path)") }
        let common = try CommonOptions(parsed)
        var input = try readInputs(parsed.positionals)[0]
        // git's copy of a blob is in a temporary directory: the name alone, so that both sides print alike.
        input = InputFile(path: input.path.split(separator: "/").last.map(String.init) ?? input.path, bytes: input.bytes)
        var options = CompileOptions(horizon: common.until, today: common.today)
        options.files = IncludedFiles(read: { _ in .success([]) }, glob: { _ in [] })
        let result = compile([input], options: options)
        guard !result.hasErrors else {
            writeStdout(input.bytes)
            return 0
        }
        write(result, result.ledger.printable)
        return 0
    }
}
