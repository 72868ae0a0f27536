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
        var rows: [ImportedRow] = []
        for csv in csvPaths {
            let rulesPath = parsed.values["--rules"] ?? csv + ".rules"
            let rulesText = String(decoding: try FileIO.read(rulesPath).get(), as: UTF8.self)
            let rules: CSVRules
            do {
                rules = try CSVRules(rulesText, path: rulesPath, read: CSVRules.readIncluded)
            } catch {
                let file = sources.add(SourceFile(path: rulesPath, bytes: Array(rulesText.utf8)))
                let starts = sources.files[file].lineStarts
                let offset = error.line - 1 < starts.count ? Int(starts[error.line - 1]) : 0
                RunDiagnostics.show([Diagnostic(.error, Messages.importProblem(error.message), at: SourceLocation(file: file, offset: offset))], sources: sources)
                return 1
            }
            var bytes = try FileIO.read(csv).get()
            // `encoding cp949` in the rules, or a file that is not UTF-8 and reads as CP949 (older Korean banks).
            if let encoding = rules.encoding ?? (String(validatingUTF8Bytes: bytes) == nil ? "CP949" : nil) {
                guard let converted = utf8Text(bytes, from: encoding) else {
                    let file = sources.add(SourceFile(path: csv, bytes: []))
                    RunDiagnostics.show([Diagnostic(.error, Messages.importNotUTF8(csv), at: SourceLocation(file: file, offset: 0))], sources: sources)
                    return 1
                }
                bytes = converted
            }
            let file = sources.add(SourceFile(path: csv, bytes: bytes))
            do {
                rows += try CSVStatement(bytes, rules: rules, statement: file).rows
            } catch {
                RunDiagnostics.show([Diagnostic(.error, Messages.importProblem(error.message), at: SourceLocation(file: file, offset: error.offset))], sources: sources)
                return 1
            }
        }
        let writer = dryRun ? nil : try SafeWriter(path: journalPath)
        try writer?.lock()
        guard let compilation = try compileAndReport(common) else { return 1 }
        // A row no rule gives an account2 goes to the journal's "unknown" expense
        // (an outflow) or income (an inflow) account, with a warning.
        let learned = parsed.has("--learn") ? ImportPlan.accountsByPayee(compilation) : [:]
        for i in rows.indices where rows[i].account2.isEmpty || rows[i].account1.isEmpty {
            if rows[i].account1.isEmpty {
                RunDiagnostics.show([Diagnostic(.error, Messages.importProblem("the rules give this row no account1"), at: SourceLocation(file: rows[i].statement, offset: rows[i].record.offset))], sources: sources)
                return 1
            }
            // --learn: the account the journal uses most with this payee (hledger add's habit).
            // account2 takes the other side of account1's amount.
            if let known = learned[rows[i].description]?[rows[i].quantity.isNegative]?.first(where: { $0 != rows[i].account1 }) {
                rows[i].account2 = known
                continue
            }
            rows[i].account2 = ImportPlan.unknownAccount(compilation.ledger.journal, inflow: rows[i].quantity.signum > 0)
            rows[i].uncategorized = true
        }
        var probeOptions = CompileOptions()
        probeOptions.today = common.today
        let resolved = ImportPlan.resolvedAccounts(rows.map(\.account1), path: journalPath, bytes: compilation.sources.files[compilation.rootFiles[0]].bytes,
                                                   options: probeOptions, until: compilation.ledger.until)
        let plan = ImportPlan(rows, journal: compilation, matchDays: matchDays, resolved: resolved)
        // Only the rows that will be added are warned about.
        RunDiagnostics.show(plan.new.filter(\.uncategorized).map {
            Diagnostic(.warning, Messages.importUncategorized($0.account2), at: SourceLocation(file: $0.statement, offset: $0.record.offset))
        }, sources: sources)
        let (edited, starts, texts) = plan.edited(compilation, fileIndex: compilation.rootFiles[0])
        // The journal with the new rows must compile; a problem in a new row is shown at its CSV line.
        var options = CompileOptions(mode: .diagnosticsOnly)
        options.today = common.today
        options.overlay[journalPath] = edited
        let after = compile([InputFile(path: journalPath, bytes: edited)], until: compilation.ledger.until, options: options)
        let errors = after.diagnostics.sorted().filter { $0.severity == .error }
        if !errors.isEmpty {
            var shown: [Diagnostic] = []
            // A problem elsewhere (a later assertion the new rows break) is shown in the
            // journal as it would be, under a name that says so.
            var mapped: [Int32: Int] = [:]
            func place(_ location: SourceLocation?) -> SourceLocation? {
                guard let location else { return nil }
                let file = after.sources.files[Int(location.file)]
                if mapped[location.file] == nil {
                    let name = file.path == journalPath ? journalPath + " (with the new transactions)" : file.path
                    mapped[location.file] = sources.add(SourceFile(path: name, bytes: file.bytes))
                }
                return SourceLocation(file: mapped[location.file]!, offset: Int(location.offset))
            }
            // The new transactions by where they start, for a binary search per error.
            let byStart = starts.indices.sorted { starts[$0] < starts[$1] }
            func newTransaction(at offset: Int) -> Int? {
                var lo = 0, hi = byStart.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if starts[byStart[mid]] <= offset { lo = mid + 1 } else { hi = mid }
                }
                guard lo > 0 else { return nil }
                let k = byStart[lo - 1]
                return offset < starts[k] + texts[k].utf8.count + 8 ? k : nil
            }
            for d in errors {
                guard let loc = d.location, after.sources.files[Int(loc.file)].path == journalPath,
                      let k = newTransaction(at: Int(loc.offset)) else {
                    var elsewhere = d
                    elsewhere.location = place(d.location)
                    for i in elsewhere.notes.indices { elsewhere.notes[i].location = place(elsewhere.notes[i].location) }
                    shown.append(elsewhere)
                    continue
                }
                let row = plan.new[k]
                shown.append(Diagnostic(.error, Messages.importRowBreaks(d.message), at: SourceLocation(file: row.statement, offset: row.record.offset)))
            }
            RunDiagnostics.show(shown, sources: sources)
            AddCommand.say("nothing was written to \(journalPath)")
            return 1
        }
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

extension String {
    /// Nil when `bytes` are not valid UTF-8.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var it = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: self = String(decoding: bytes, as: UTF8.self); return
            case .error: return nil
            }
        }
    }
}
