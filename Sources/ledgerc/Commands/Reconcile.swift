import LedgerCore

/// `ledgerc reconcile`: an account's cleared balance against a statement's.
enum ReconcileCommand: Subcommand {
    static let help = """
    ledgerc reconcile: an account's cleared balance against a statement's balance

    USAGE: ledgerc reconcile FILE --account ACCOUNT --to DATE --balance AMOUNT [--write]

    Prints the account's cleared balance on DATE (its postings, and its
    subaccounts', marked '*' or in a transaction marked '*'), the statement's
    balance, the difference, and the uncleared postings up to DATE, marking
    (*) the smallest set of them whose sum is the difference (an exact search
    of up to 40 postings; with more, the latest 40, and it says so).
    --write marks that set's transactions cleared and adds the statement
    balance as an assertion on the last of them, after checking that the
    journal still compiles, through the safe writer (all files or none).
    Exit 0 when the difference is explained (or zero), 1 when it is not.

    OPTIONS:
      --account ACCOUNT     the account, by its full name (its subaccounts count too)
      --to DATE             the statement's day
      --balance AMOUNT      the statement's balance, as the journal writes amounts (1,250,000 KRW)
      --write               mark the set cleared and assert the balance
      --diagnostics FORMAT  text (default), json or github

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(["--account", "--balance", "--to"]),
                                   flagOptions: CommonOptions.flagOptions.union(["--write"]))
        var common = try CommonOptions(parsed)
        guard common.files.count == 1, common.files[0] != "-" else { throw UsageError(message: "reconcile takes exactly one FILE") }
        guard let account = parsed.values["--account"] else { throw UsageError(message: "reconcile needs --account ACCOUNT") }
        guard let toText = parsed.values["--to"], let to = DateSpan.parse(toText, today: common.today)?.last else {
            throw UsageError(message: "reconcile needs --to DATE, the statement's day")
        }
        guard let balance = parsed.values["--balance"] else { throw UsageError(message: "reconcile needs --balance AMOUNT, the statement's balance") }
        common.reach(Period(from: nil, to: to))
        let write = parsed.has("--write")
        let writer = write ? try SafeWriter(path: common.files[0]) : nil
        try writer?.lock()
        guard let result = try compileAndReport(common) else { return 1 }
        let r: Reconciliation
        switch Reconciliation.make(result, accountName: account, to: to, balanceText: balance) {
        case .success(let made): r = made
        case .failure(let problem): throw UsageError(message: problem.message)
        }
        let c = result.ledger.journal.commodities
        func amount(_ q: ExactDecimal) -> String { c.format(Amount(q, r.commodity)) }
        var out = "cleared balance on \(to):  \(amount(r.cleared))\nstatement balance:        \(amount(r.statement))\ndifference:               \(amount(r.difference))\n"
        let marked = Set(r.explaining ?? [])
        if r.uncleared.isEmpty {
            out += "no uncleared postings up to \(to)\n"
        } else {
            out += "uncleared postings up to \(to):\n"
            let width = r.uncleared.map { displayWidth(amount($0.amount.quantity)) }.max() ?? 0
            for (k, p) in r.uncleared.enumerated() {
                let (path, line, _) = result.sources.describe(p.location)
                let figure = amount(p.amount.quantity)
                out += (marked.contains(k) ? "  * " : "    ") + "\(p.date)  " + String(repeating: " ", count: width - displayWidth(figure)) + figure
                    + "  \(p.description.terminalSafe)  (\(path):\(line))\n"
            }
        }
        if !r.searchedExactly {
            out += "there are \(r.uncleared.count) uncleared postings; the latest \(Reconciliation.exactLimit) were searched exactly\n"
        }
        let explained = r.explaining != nil
        if r.difference.isZero {
            out += "the cleared balance is the statement's\n"
        } else if let set = r.explaining {
            out += "the \(set.count) marked (*) make up the difference\n"
        } else {
            out += "no set of uncleared postings makes up the difference\n"
        }
        writeStdout(Array(out.utf8))
        guard let writer, explained, !(r.explaining ?? []).isEmpty else { return explained ? 0 : 1 }
        // The clears and the assertion, checked; without the assertion when the account's balance there holds other uncleared postings.
        var options = CompileOptions()
        options.today = common.today
        options.horizon = result.ledger.until
        var outcome = CheckedEdit(result, edits: r.edits(result, withAssertion: true), keeps: .errorsOnly).check(options: options)
        if !outcome.isSafe {
            outcome = CheckedEdit(result, edits: r.edits(result, withAssertion: false), keeps: .errorsOnly).check(options: options)
            if outcome.isSafe { writeStderr("the statement balance is not asserted: the account's balance there holds other uncleared postings\n") }
        }
        guard outcome.isSafe else {
            RunDiagnostics.show(outcome.errors, sources: outcome.after.sources)
            writeStderr("nothing was written to \(common.files[0])\n")
            return 1
        }
        try writeEditedFiles(outcome.files, sources: result.sources, root: writer)
        writeStderr("marked \(marked.count) posting\(marked.count == 1 ? "" : "s") cleared in \(common.files[0])\n")
        return 0
    }
}
