import LedgerCore

/// `ledgerc reconcile`: an account's cleared balance against a statement's.
enum ReconcileCommand: Subcommand {
    static let help = """
    ledgerc reconcile: an account's cleared balance against a statement's balance

    USAGE: ledgerc reconcile FILE --account ACCOUNT --to DATE --balance AMOUNT [--write]
           ledgerc reconcile FILE --statement STATEMENT [--rules RULES] [--account ACCOUNT] [--to DATE] [--write]

    Prints the account's cleared balance on DATE (its postings, and its
    subaccounts', marked '*' or in a transaction marked '*'), the statement's
    balance, the difference, and the uncleared postings up to DATE, marking
    (*) the smallest set of them whose sum is the difference (an exact search
    of up to 40 postings; with more, the latest 40, and it says so).
    When more than one set makes up the difference (a purchase and its 취소
    both uncleared, or many postings), the sum cannot tell which the bank
    holds: it shows the two smallest, exits 1, and --write writes nothing.
    With --statement, nothing is guessed: the postings that import matches to
    the statement's rows are the ones cleared, and the statement's last
    balance on DATE (default: its last row's day) is the one asserted.
    --write marks that set's transactions cleared and adds the statement
    balance as an assertion on the last of them, after checking that the
    journal still compiles, through the safe writer (all files or none).
    Exit 0 when the difference is explained (or zero), 1 when it is not.

    OPTIONS:
      --account ACCOUNT     the account, by its full name (its subaccounts count too)
      --to DATE             the statement's day
      --balance AMOUNT      the statement's balance, as the journal writes amounts (1,250,000 KRW)
      --statement FILE      the statement itself (any format import reads)
      --rules FILE          its rules (default: the statement's path with '.rules' added)
      --match-days N        a posting up to N days from a row's date matches it (default 0)
      --password-file FILE  the password of a protected workbook (as import)
      --write               mark the set cleared and assert the balance
      --diagnostics FORMAT  text (default), json or github

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(["--account", "--balance", "--to", "--statement", "--rules", "--match-days", "--password-file"]),
                                   flagOptions: CommonOptions.flagOptions.union(["--write"]))
        var common = try CommonOptions(parsed)
        guard common.files.count == 1, common.files[0] != "-" else { throw UsageError(message: "reconcile takes exactly one FILE") }
        let statement = parsed.values["--statement"]
        let account = parsed.values["--account"]
        if statement == nil, account == nil { throw UsageError(message: "reconcile needs --account ACCOUNT (or --statement FILE)") }
        var to: CivilDate?
        if let toText = parsed.values["--to"] {
            guard let day = DateSpan.parse(toText, today: common.today)?.last else { throw UsageError(message: "--to takes a date, not '\(toText)'") }
            to = day
        } else if statement == nil {
            throw UsageError(message: "reconcile needs --to DATE, the statement's day")
        }
        let balance = parsed.values["--balance"]
        if statement == nil, balance == nil { throw UsageError(message: "reconcile needs --balance AMOUNT, the statement's balance (or --statement FILE)") }
        let matchDays = try StatementOptions.matchDays(parsed)
        try StatementOptions.checkPasswordFile(parsed)
        // The statement's rows, read before the journal is touched.
        var rows: [ImportedRow] = []
        if let statement {
            let sources = SourceManager()
            let passwordFile = parsed.values["--password-file"]
            let read = try StatementImport.rows(of: [statement], rulesPath: { parsed.values["--rules"] ?? $0 + ".rules" }, sources: sources,
                                                password: { () throws(StatementFormatError) in try StatementPassword.read(file: passwordFile) })
            RunDiagnostics.show(read.warnings, sources: sources)
            if let problem = read.problem {
                RunDiagnostics.show([problem], sources: sources)
                return read.refused ? 2 : 1
            }
            rows = read.rows
            // The journal is read up to the statement's last day.
            if to == nil, let last = rows.map(\.date).max() { common.reach(DateSpan(from: nil, to: last)) }
        }
        if let to { common.reach(DateSpan(from: nil, to: to)) }
        let write = parsed.has("--write")
        let writer = write ? try SafeWriter(path: common.files[0]) : nil
        try writer?.lock()
        guard let result = try compileAndReport(common) else { return 1 }
        let r: Reconciliation, day: CivilDate
        var missing: [ImportedRow] = [], statementRows = 0
        if statement != nil {
            var probe = CompileOptions()
            probe.today = common.today
            let resolved = ImportPlan.resolvedAccounts(rows.map(\.account1), journal: result, path: common.files[0],
                                                       bytes: result.sources.files[result.rootFiles[0]].bytes, options: probe, until: result.ledger.until)
            switch Reconciliation.make(result, statement: rows, accountName: account, resolved: resolved, to: to, balanceText: balance, matchDays: matchDays) {
            case .success(let match): (r, day, missing, statementRows) = (match.reconciliation, match.to, match.missing, match.rows)
            case .failure(let problem): throw UsageError(message: problem.message)
            }
        } else {
            // Without a statement the three were asked for above.
            guard let account, let to, let balance else { throw UsageError(message: "reconcile needs --account, --to and --balance (or --statement FILE)") }
            switch Reconciliation.make(result, accountName: account, to: to, balanceText: balance) {
            case .success(let made): (r, day) = (made, to)
            case .failure(let problem): throw UsageError(message: problem.message)
            }
        }
        let c = result.ledger.journal.commodities
        func amount(_ q: ExactDecimal) -> String { c.format(Amount(q, r.commodity)) }
        func line(_ k: Int, marked: Bool) -> String {
            let p = r.uncleared[k]
            let (path, number, _) = result.sources.describe(p.location)
            let width = r.uncleared.map { displayWidth(amount($0.amount.quantity)) }.max() ?? 0
            let figure = amount(p.amount.quantity)
            return (marked ? "  * " : "    ") + "\(p.date)  " + String(repeating: " ", count: width - displayWidth(figure)) + figure
                + "  \(p.description.terminalSafe)  (\(path.terminalSafe):\(number))\n"
        }
        var out = Language.text("cleared balance on \(day):  \(amount(r.cleared))\nstatement balance:        \(amount(r.statement))\ndifference:               \(amount(r.difference))\n",
                                ko: "\(day) 확인된 잔액:  \(amount(r.cleared))\n명세서 잔액:          \(amount(r.statement))\n차이:                 \(amount(r.difference))\n")
        let ambiguous = r.isAmbiguous
        let marked = ambiguous ? [] : Set(r.explaining ?? [])
        if r.uncleared.isEmpty {
            out += Language.text("no uncleared postings up to \(day)\n", ko: "\(day)까지 확인되지 않은 포스팅이 없습니다\n")
        } else {
            out += Language.text("uncleared postings up to \(day):\n", ko: "\(day)까지 확인되지 않은 포스팅:\n")
            for k in r.uncleared.indices { out += line(k, marked: marked.contains(k)) }
        }
        var explained = r.explaining != nil && !ambiguous
        if statement != nil {
            let already = statementRows - marked.count - missing.count
            out += Language.text("the statement's \(statementRows) row\(statementRows == 1 ? "" : "s") up to \(day): \(marked.count) uncleared here (*), \(already) already cleared, \(missing.count) not in the journal\n",
                                 ko: "\(day)까지 명세서 행 \(statementRows)개: 여기서 미확인 \(marked.count)개(*), 이미 확인됨 \(already)개, 장부에 없음 \(missing.count)개\n")
            for row in missing {
                out += "    \(row.date)  \(amount(row.quantity))  \(row.description.terminalSafe)  " + Language.text("(not in the journal: import it first)", ko: "(장부에 없음: 먼저 가져오세요)") + "\n"
            }
            let rest = r.unexplained
            explained = missing.isEmpty && rest?.isZero == true
            if let rest, !rest.isZero { out += Language.text("with them cleared, the balance is still \(amount(rest)) from the statement's\n", ko: "이들을 확인해도 잔액이 명세서와 \(amount(rest)) 다릅니다\n") }
        } else if !r.searchedExactly {
            out += Language.text("there are \(r.uncleared.count) uncleared postings; the latest \(Reconciliation.exactLimit) were searched exactly\n",
                                 ko: "확인되지 않은 포스팅이 \(r.uncleared.count)개라 최근 \(Reconciliation.exactLimit)개만 정확히 찾았습니다\n")
        }
        if r.difference.isZero && (statement == nil || explained) {
            out += Language.text("the cleared balance is the statement's\n", ko: "확인된 잔액이 명세서 잔액과 같습니다\n")
        } else if ambiguous {
            let count = r.sets == Int.max ? Language.text("many", ko: "여러") : String(r.sets)
            out += r.sets > 1 ? Language.text("\(count) sets of uncleared postings make up the difference; the sum cannot tell which the statement holds\n",
                                              ko: "차이를 만드는 미확인 포스팅 묶음이 \(count)개입니다: 합으로는 명세서가 어느 것인지 알 수 없습니다\n")
                : Language.text("a set makes up the difference, but with more postings than were searched another may too\n",
                                ko: "차이를 만드는 묶음이 있지만, 찾은 것보다 포스팅이 많아 다른 묶음도 있을 수 있습니다\n")
            for (n, set) in r.alternatives.enumerated() {
                out += Language.text("set \(n + 1) (\(set.count) posting\(set.count == 1 ? "" : "s")):\n", ko: "묶음 \(n + 1)(포스팅 \(set.count)개):\n")
                for k in set { out += line(k, marked: false) }
            }
            if !r.cancellingPairs.isEmpty { out += Language.text("postings that cancel each other are in play; any set may hold them or not:\n", ko: "서로 상쇄하는 포스팅이 있어 어느 묶음에든 들어갈 수 있습니다:\n") }
            for (a, b) in r.cancellingPairs.prefix(5) { out += line(a, marked: false) + line(b, marked: false) }
            out += Language.text("reconcile against the statement itself (--statement FILE) to know; nothing is marked\n", ko: "명세서 파일로 맞추면(--statement 파일) 알 수 있습니다. 아무것도 표시하지 않았습니다\n")
        } else if statement == nil, let set = r.explaining {
            out += Language.text("the \(set.count) marked (*) make up the difference\n", ko: "표시한(*) \(set.count)개가 차이를 만듭니다\n")
        } else if statement == nil {
            out += Language.text("no set of uncleared postings makes up the difference\n", ko: "차이를 만드는 미확인 포스팅 묶음이 없습니다\n")
        }
        writeStdout(Array(out.utf8))
        guard let writer, explained, !marked.isEmpty else { return explained ? 0 : 1 }
        // The clears and the assertion, checked; without the assertion when the account's balance there holds other uncleared postings.
        var options = CompileOptions()
        options.today = common.today
        options.horizon = result.ledger.until
        var outcome = CheckedEdit(result, edits: r.edits(result, withAssertion: true), keeps: .errorsOnly).check(options: options)
        if !outcome.isSafe {
            // Say what failed, not a guess at why.
            let why = outcome.errors.first.map { $0.message.terminalSafe } ?? "the journal would not compile"
            outcome = CheckedEdit(result, edits: r.edits(result, withAssertion: false), keeps: .errorsOnly).check(options: options)
            if outcome.isSafe { writeStderr(Language.text("the statement balance is not asserted: with it, \(why)\n", ko: "명세서 잔액 확인은 더하지 않았습니다: 더하면 \(why)\n")) }
        }
        guard outcome.isSafe else {
            RunDiagnostics.show(outcome.errors, sources: outcome.after.sources)
            writeStderr(Language.text("nothing was written to \(common.files[0])\n", ko: "\(common.files[0])에 아무것도 쓰지 않았습니다\n"))
            return 1
        }
        try writeEditedFiles(outcome.files, sources: result.sources, root: writer)
        writeStderr(Language.text("marked \(marked.count) posting\(marked.count == 1 ? "" : "s") cleared in \(common.files[0])\n", ko: "\(common.files[0])에서 포스팅 \(marked.count)개를 확인됨으로 표시했습니다\n"))
        return 0
    }
}
