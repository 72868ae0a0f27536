/// `ledgerc import` as library calls: the command line only parses its
/// arguments, prints and writes. Each step says what went wrong as
/// diagnostics at the place a person would look: a rules file's line, a
/// statement's row, or the journal as it would be.
public enum StatementImport {
    /// Every statement read with its rules into rows, each file added to
    /// `sources` (a row's `statement` is its file's index there), and the
    /// first problem, as an error at its line (the rows are then not all);
    /// `refused` when that problem is a refusal (a wrong password, a
    /// workbook past the size limits: exit 2). `rulesPath(statement)` names
    /// the rules of a statement. A statement is told by its content: a
    /// workbook (XLSX, BIFF8, HTML, protected XLSX) becomes rows as a CSV's
    /// lines; a CSV that is not UTF-8 is read as CP949. `password` is asked
    /// only for a protected workbook. Throws when a file cannot be read at all.
    public static func rows(of statements: [String], rulesPath: (String) -> String, sources: SourceManager,
                            password: () throws(StatementFormatError) -> String = { () throws(StatementFormatError) in throw StatementFormatError(message: "the workbook is password-protected; give --password-file FILE or LEDGERC_STATEMENT_PASSWORD", refusal: true) })
        throws(FileError) -> (rows: [ImportedRow], problem: Diagnostic?, refused: Bool, warnings: [Diagnostic]) {
        var rows: [ImportedRow] = [], warnings: [Diagnostic] = []
        for csv in statements {
            let path = rulesPath(csv)
            let rulesText = String(decoding: try FileIO.read(path).get(), as: UTF8.self)
            let rules: CSVRules
            do {
                rules = try CSVRules(rulesText, path: path, read: CSVRules.readIncluded)
            } catch {
                let file = sources.add(SourceFile(path: path, bytes: Array(rulesText.utf8)))
                let starts = sources.files[file].lineStarts
                let offset = error.line - 1 < starts.count ? Int(starts[error.line - 1]) : 0
                return (rows, Diagnostic(.error, Messages.importProblem(error.message), at: SourceLocation(file: file, offset: offset)), false, warnings)
            }
            let raw = try FileIO.read(csv).get()
            var bytes: [UInt8]
            do {
                if let table = try StatementFormat.csvBytes(raw, sheet: rules.sheet, password: password) {
                    bytes = table
                } else {
                    // `encoding cp949` in the rules, or a file that is not UTF-8 and reads as CP949 (older Korean banks).
                    guard let text = statementUTF8(raw, encoding: rules.encoding) else {
                        let file = sources.add(SourceFile(path: csv, bytes: []))
                        return (rows, Diagnostic(.error, Messages.importNotUTF8(csv), at: SourceLocation(file: file, offset: 0)), false, warnings)
                    }
                    bytes = text
                }
            } catch {
                let file = sources.add(SourceFile(path: csv, bytes: []))
                return (rows, Diagnostic(.error, Messages.importProblem(error.message), at: SourceLocation(file: file, offset: 0)), error.isRefusal, warnings)
            }
            let file = sources.add(SourceFile(path: csv, bytes: bytes))
            do {
                let statement = try CSVStatement(bytes, rules: rules, statement: file)
                rows += statement.rows
                warnings += statement.skippedData.map { Diagnostic(.warning, Messages.importSkippedData(rules.skip), at: SourceLocation(file: file, offset: $0)) }
            } catch {
                return (rows, Diagnostic(.error, Messages.importProblem(error.message), at: SourceLocation(file: file, offset: error.offset)), false, warnings)
            }
        }
        return (rows, nil, false, warnings)
    }

    /// Gives each row no rule gave an account2 one: with `learn`, the account
    /// the journal uses most with its payee on that side (hledger add's
    /// habit); else the journal's "unknown" expense (an outflow) or income
    /// (an inflow) account, marked `uncategorized` for a warning. A row with
    /// no account1 is an error at its row.
    public static func categorize(_ rows: inout [ImportedRow], journal: Compilation, learn: Bool) -> Diagnostic? {
        let learned = learn ? ImportPlan.accountsByPayee(journal) : [:]
        let unknown = ImportPlan.unknownAccounts(journal.ledger.journal)
        for i in rows.indices where rows[i].account2.isEmpty || rows[i].account1.isEmpty {
            if rows[i].account1.isEmpty {
                return Diagnostic(.error, Messages.importProblem("the rules give this row no account1"),
                                  at: SourceLocation(file: rows[i].statement, offset: rows[i].record.offset))
            }
            // account2 takes the other side of account1's amount.
            if let known = learned[rows[i].description]?[rows[i].quantity.isNegative]?.first(where: { $0 != rows[i].account1 }) {
                rows[i].account2 = known
                continue
            }
            rows[i].account2 = rows[i].quantity.signum > 0 ? unknown.inflow : unknown.outflow
            rows[i].uncategorized = true
        }
        return nil
    }

    /// What is new, matched against the journal by the names it reads
    /// (aliases and `apply account` applied).
    public static func plan(_ rows: [ImportedRow], journal: Compilation, journalPath: String, matchDays: Int, today: CivilDate?) -> ImportPlan {
        var probeOptions = CompileOptions()
        probeOptions.today = today
        let resolved = ImportPlan.resolvedAccounts(rows.map(\.account1), journal: journal, path: journalPath, bytes: journal.sources.files[journal.rootFiles[0]].bytes,
                                                   options: probeOptions, until: journal.ledger.until)
        return ImportPlan(rows, journal: journal, matchDays: matchDays, resolved: resolved)
    }

    /// The warnings of a plan: each new row that went to an "unknown" account.
    public static func warnings(_ plan: ImportPlan) -> [Diagnostic] {
        plan.new.filter(\.uncategorized).map {
            Diagnostic(.warning, Messages.importUncategorized($0.account2), at: SourceLocation(file: $0.statement, offset: $0.record.offset))
        }
    }

    /// The journal with the plan's new transactions, checked by compiling it.
    public struct Checked {
        /// The journal's bytes with the new transactions in them.
        public var edited: [UInt8]
        /// Each new transaction's text, in the plan's order.
        public var texts: [String]
        /// Errors of the edited journal: at the statement row whose
        /// transaction broke, or in the journal as it would be (a later
        /// assertion the new rows break) under a name that says so. Empty
        /// when it may be written.
        public var problems: [Diagnostic]
    }

    /// The plan's transactions put in the journal and compiled; the errors
    /// mapped back to their rows (files for the journal as it would be are
    /// added to `sources`).
    public static func check(_ plan: ImportPlan, journal: Compilation, journalPath: String, today: CivilDate?, sources: SourceManager) -> Checked {
        let (edited, starts, texts) = plan.edited(journal, fileIndex: journal.rootFiles[0])
        let whole = TextEdit(file: journal.rootFiles[0], range: 0..<journal.sources.files[journal.rootFiles[0]].bytes.count, text: edited)
        let outcome = CheckedEdit(journal, edits: [whole], keeps: .errorsOnly)
            .check(options: CompileOptions(horizon: journal.ledger.until, today: today, mode: .diagnosticsOnly))
        let after = outcome.after, errors = outcome.errors
        var shown: [Diagnostic] = []
        guard !errors.isEmpty else { return Checked(edited: edited, texts: texts, problems: []) }
        // A problem elsewhere (a later assertion the new rows break) is shown in the
        // journal as it would be, under a name that says so.
        var mapped: [Int32: Int] = [:]
        func place(_ location: SourceLocation) -> SourceLocation? {
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
            let lo = byStart.partitionIndex { starts[$0] > offset }
            guard lo > 0 else { return nil }
            let k = byStart[lo - 1]
            return offset < starts[k] + texts[k].utf8.count + 8 ? k : nil
        }
        for d in errors {
            guard let loc = d.location, after.sources.files[Int(loc.file)].path == journalPath,
                  let k = newTransaction(at: Int(loc.offset)) else {
                shown.append(d.moved(place))
                continue
            }
            let row = plan.new[k]
            shown.append(Diagnostic(.error, Messages.importRowBreaks(d.message), at: SourceLocation(file: row.statement, offset: row.record.offset)))
        }
        return Checked(edited: edited, texts: texts, problems: shown)
    }
}
