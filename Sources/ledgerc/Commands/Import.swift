import LedgerCore

/// `ledgerc import`: bank and card statements (CSV) into the journal, once each.
enum ImportCommand: Subcommand {
    static let help = """
    ledgerc import: statements (CSV) into the journal, each row once, by hledger's CSV rules

    USAGE: ledgerc import JOURNAL CSV... [--rules FILE] [--dry-run] [--match-days N] [--learn] [--quiet]

    Each CSV is read with its rules (hledger's CSV rules format; default: the
    CSV's path with '.rules' added). A row is already recorded when the journal
    holds, on the same date (within --match-days days), a posting to its
    account1 of the same amount that no other row has claimed: importing a
    statement twice adds nothing. The new transactions are appended in date
    order, in fmt's layout, through the safe writer, after the journal with
    them compiled; otherwise nothing is written. See docs/IMPORT.md.

    OPTIONS:
      --rules FILE          the rules for every CSV
      --dry-run             print the new transactions; write nothing
      --match-days N        a posting up to N days from the row's date matches it (default 0)
      --learn               a row no rule categorizes takes the account the journal
                            uses most with its payee (else 지출:미분류 / Expenses:Unknown
                            for an outflow, 수입:미분류 / Income:Unknown for an inflow)
      --quiet               no summary line on standard error
      --diagnostics FORMAT  text (default), json or github

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(["--rules", "--match-days"]),
                                   flagOptions: CommonOptions.flagOptions.union(["--dry-run", "--quiet", "--learn"]))
        guard parsed.positionals.count >= 2 else { throw UsageError(message: "give the JOURNAL, then one or more CSV statements") }
        let journalPath = parsed.positionals[0], csvPaths = Array(parsed.positionals.dropFirst())
        if journalPath == "-" { throw UsageError(message: "import writes into a journal file, not standard input") }
        if csvPaths.contains(journalPath) { throw UsageError(message: "'\(journalPath)' is the journal; give the statements after it") }
        var matchDays = 0
        if let text = parsed.values["--match-days"] {
            guard let n = Int(text), n >= 0, n <= 366 else { throw UsageError(message: "--match-days takes a number of days from 0 to 366, not '\(text)'") }
            matchDays = n
        }
        let dryRun = parsed.has("--dry-run")
        var common = try CommonOptions(Arguments([journalPath] + (parsed.values["--until"].map { ["--until", $0] } ?? []),
                                                 valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions))
        common.files = [journalPath]
        // Read every statement first: a problem in any is an error before the journal is touched.
        let sources = SourceManager()
        var (rows, problem) = try StatementImport.rows(of: csvPaths, rulesPath: { parsed.values["--rules"] ?? $0 + ".rules" }, sources: sources)
        if let problem {
            RunDiagnostics.show([problem], sources: sources)
            return 1
        }
        let writer = dryRun ? nil : try SafeWriter(path: journalPath)
        try writer?.lock()
        guard let compilation = try compileAndReport(common) else { return 1 }
        if let problem = StatementImport.categorize(&rows, journal: compilation, learn: parsed.has("--learn")) {
            RunDiagnostics.show([problem], sources: sources)
            return 1
        }
        let plan = StatementImport.plan(rows, journal: compilation, journalPath: journalPath, matchDays: matchDays, today: common.today)
        // Only the rows that will be added are warned about.
        RunDiagnostics.show(StatementImport.warnings(plan), sources: sources)
        // The journal with the new rows must compile; a problem in a new row is shown at its CSV line.
        let checked = StatementImport.check(plan, journal: compilation, journalPath: journalPath, today: common.today, sources: sources)
        if !checked.problems.isEmpty {
            RunDiagnostics.show(checked.problems, sources: sources)
            AddCommand.say("nothing was written to \(journalPath)")
            return 1
        }
        let (edited, texts) = (checked.edited, checked.texts)
        if dryRun {
            writeStdout(texts.joined(separator: "\n"))
        } else if !plan.new.isEmpty {
            try writer?.write(edited)
        }
        if !parsed.has("--quiet") {
            // One line per statement.
            for (index, file) in sources.files.enumerated() where csvPaths.contains(file.path) {
                let n = plan.new.count { $0.statement == index }, already = plan.alreadyRecordedIn[index] ?? 0
                AddCommand.say("\(dryRun ? "would import" : "imported") \(n) new transaction\(n == 1 ? "" : "s") from \(file.path) (\(already) already recorded)")
            }
        }
        return 0
    }

}
