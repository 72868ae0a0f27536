#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// hledger's command line (CLI.md, "hledger's command line"):
/// `ledgerc [-f FILE]... COMMAND [QUERY...] [FLAGS...]`, options before or
/// after the command, hledger's query words, and hledger's CSV layout. The
/// words are read here; the figures come from the one engine.
enum HledgerCommandLine {
    /// hledger's commands and the one each name means.
    static let commands: [String: String] = [
        "bal": "balance", "balance": "balance", "bs": "balancesheet", "balancesheet": "balancesheet",
        "is": "incomestatement", "incomestatement": "incomestatement", "cf": "cashflow", "cashflow": "cashflow",
        "reg": "register", "register": "register", "print": "print", "accounts": "accounts", "payees": "payees",
        "tags": "tags", "commodities": "commodities", "prices": "prices", "stats": "stats", "check": "check",
        "close": "close", "roi": "roi", "descriptions": "descriptions", "notes": "notes", "areg": "aregister", "aregister": "aregister",
        "add": "add", "import": "import",
    ]

    /// The commands only hledger's form has (ledgerc's own words are `report NAME`).
    static let hledgerOnly: Set<String> = ["bal", "balance", "bs", "balancesheet", "is", "incomestatement", "cf", "cashflow", "reg", "register", "roi", "descriptions", "notes", "areg", "aregister"]

    /// Options that take a value.
    static let valueOptions: Set<String> = [
        "-f", "--file", "-p", "--period", "-b", "--begin", "-e", "--end", "--depth", "-X", "--exchange", "--value",
        "-O", "--output-format", "-o", "--output-file", "--today", "--diagnostics", "--column-unit", "--until", "--pivot", "--rules-file",
        "--drop", "-w", "--width",
    ]
    /// Options that take none.
    static let flagOptions: Set<String> = [
        "-D", "--daily", "-W", "--weekly", "-M", "--monthly", "-Q", "--quarterly", "-Y", "--yearly",
        "-H", "--historical", "-T", "--row-total", "-A", "--average", "-N", "--no-total", "-S", "--sort-amount",
        "--invert", "-E", "--empty", "--flat", "-l", "--tree", "-t", "-B", "--cost", "-V", "--market",
        "--infer-market-prices", "-C", "--cleared", "-P", "--pending", "-U", "--unmarked", "-R", "--real",
        "-I", "--ignore-assertions", "--auto", "--color", "--colour", "--no-color", "--werror", "--strict", "--transpose", "--cumulative", "--change", "--help", "-h", "--budget",
        "-%", "--percent", "-r", "--related", "--values", "--types", "--declared", "--used", "--dry-run",
        "-x", "--explicit", "-s", "--no-elide", "--pretty", "--date2",
    ]
    /// Whether `args` is a command line in hledger's form: `-f` anywhere, or a command only hledger's form has.
    static func recognizes(_ args: [String]) -> Bool {
        if args.contains(where: { $0 == "-f" || $0 == "--file" || $0.hasPrefix("--file=") || ($0.hasPrefix("-f") && $0.count > 2 && !$0.hasPrefix("--")) }) { return true }
        return args.first.map { hledgerOnly.contains($0) } ?? false
    }

    /// The words of one hledger command line.
    struct Words {
        var command: String?
        var files: [String] = []
        var query: [String] = []
        var values: [String: String] = [:]
        var flags: Set<String> = []
        /// Query words as given, for `check`'s names.
        var positionals: [String] = []

        init(_ args: [String]) throws {
            var i = 0
            while i < args.count {
                var arg = args[i]
                i += 1
                if arg == "-" || !arg.hasPrefix("-") || arg.count == 1 {
                    if command == nil { command = arg } else { positionals.append(arg) }
                    continue
                }
                if arg.hasPrefix("-f"), !arg.hasPrefix("--"), arg.count > 2 {
                    files.append(String(arg.dropFirst(2)))
                    continue
                }
                // A short option's value glued to it (`-w80`, `-p2025`, `-Ocsv`).
                if !arg.hasPrefix("--"), arg.count > 2, HledgerCommandLine.valueOptions.contains(String(arg.prefix(2))), !HledgerCommandLine.flagOptions.contains(arg) {
                    let name = String(arg.prefix(2)), value = String(arg.dropFirst(2))
                    values[HledgerCommandLine.canonical(name)] = value
                    continue
                }
                // `-1` ... `-9`: hledger's depth shorthand.
                if arg.count == 2, let n = Int(arg.dropFirst()), n >= 1 {
                    values["--depth"] = String(n)
                    continue
                }
                // Bundled short flags (`-MTA`, `-NE`): each letter a flag of its own.
                if !arg.hasPrefix("--"), arg.count > 2, !HledgerCommandLine.flagOptions.contains(arg), !HledgerCommandLine.valueOptions.contains(arg),
                   arg.dropFirst().allSatisfy({ HledgerCommandLine.flagOptions.contains("-\($0)") }) {
                    for letter in arg.dropFirst() { flags.insert(HledgerCommandLine.canonical("-\(letter)")) }
                    continue
                }
                var inline: String?
                if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                    inline = String(arg[arg.index(after: eq)...])
                    arg = String(arg[..<eq])
                }
                if arg == "--color" || arg == "--colour" || arg == "--pretty" {
                    // `--color=WHEN` and `--pretty[=yes|no]`: hledger's optional values.
                    if let inline, !["yes", "no", "always", "never", "auto", "y", "n"].contains(inline.lowercased()) {
                        throw UsageError(message: "\(arg) takes yes, no, always, never or auto, not '\(inline)'")
                    }
                    if inline.map({ ["no", "never", "n"].contains($0.lowercased()) }) != true { flags.insert(HledgerCommandLine.canonical(arg)) }
                    continue
                }
                if arg == "--forecast" {
                    // A flag with an optional value: `--forecast` or `--forecast=PERIOD`.
                    flags.insert(arg)
                    if let inline { values[arg] = inline }
                    continue
                }
                if HledgerCommandLine.valueOptions.contains(arg) {
                    let value: String
                    if let inline { value = inline } else {
                        guard i < args.count else { throw UsageError(message: "option '\(arg)' needs a value") }
                        value = args[i]
                        i += 1
                    }
                    if arg == "-f" || arg == "--file" { files.append(value) } else { values[HledgerCommandLine.canonical(arg)] = value }
                } else if HledgerCommandLine.flagOptions.contains(arg), inline == nil {
                    flags.insert(HledgerCommandLine.canonical(arg))
                } else {
                    let known = Array(HledgerCommandLine.valueOptions) + Array(HledgerCommandLine.flagOptions)
                    // Nearest by edit distance among the real flags of the same kind (short or long).
                    let same = known.filter { $0.hasPrefix("--") == arg.hasPrefix("--") }
                    let hint = closestWord(to: arg, among: same).map { " (did you mean '\($0)'?)" } ?? ""
                    throw UsageError(message: "unknown option '\(arg)'\(hint)")
                }
            }
            query = positionals
        }
    }

    /// ledgerc's `--until`: the horizon of `repeat` rules (default today).
    static func horizon(_ words: Words, today: CivilDate) throws -> CivilDate {
        guard let text = words.values["--until"] else { return today }
        guard let d = DateSpan.parse(text, today: today) else { throw UsageError(message: "--until takes \(DateSpan.forms); not '\(text)'") }
        return d.last
    }

    /// The short spelling of an option that has two.
    static func canonical(_ name: String) -> String {
        let pairs = [
            "--period": "-p", "--begin": "-b", "--end": "-e", "--exchange": "-X", "--output-format": "-O", "--output-file": "-o",
            "--daily": "-D", "--weekly": "-W", "--monthly": "-M", "--quarterly": "-Q", "--yearly": "-Y", "--historical": "-H",
            "--row-total": "-T", "--average": "-A", "--no-total": "-N", "--sort-amount": "-S", "--empty": "-E", "-l": "--flat",
            "-t": "--tree", "--cost": "-B", "--market": "-V", "--cleared": "-C", "--pending": "-P", "--unmarked": "-U",
            "--real": "-R", "--ignore-assertions": "-I", "--colour": "--color", "--percent": "-%", "--related": "-r",
            "--explicit": "-x", "--width": "-w",
        ]
        return pairs[name] ?? name
    }

    static func run(_ args: [String]) throws -> Int {
        let words = try Words(args)
        if words.flags.contains("--help") || words.flags.contains("-h") {
            writeStdout(LedgerCommand.help)
            return 0
        }
        guard let given = words.command else { throw UsageError(message: "no command given (balance, bs, is, cf, register, print, ...)") }
        // A command, one of hledger's short names, or a prefix of one command's name alone (`acc`, `inc`), as hledger reads them.
        let prefixed = Set(commands.filter { $0.key.hasPrefix(given) }.map(\.value))
        guard let command = commands[given] ?? (prefixed.count == 1 ? prefixed.first : nil) else {
            let hint = prefixed.count > 1 ? " (it begins \(prefixed.sorted().joined(separator: ", ")))"
                : closestWord(to: given, among: Array(commands.keys)).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(message: "unknown command '\(given)'\(hint)")
        }
        var today = try currentDate()
        if let text = words.values["--today"] {
            guard let d = CivilDate.parse(text) else { throw UsageError(message: "--today takes a date YYYY-MM-DD, not '\(text)'") }
            today = d
        }
        var files = words.files
        if files.isEmpty {
            if let env = getenv("LEDGER_FILE"), env.pointee != 0 {
                files = [String(cString: env)]
            } else if let home = getenv("HOME") {
                files = [String(cString: home) + "/.hledger.journal"]
            }
        }
        guard !files.isEmpty else { throw UsageError(message: "no input file: use -f FILE, or set LEDGER_FILE") }
        // Commands whose ledgerc form takes the same files and flags.
        let passed = words.flags.intersection(["--werror", "--strict"]).sorted() + words.values.filter { ["--diagnostics", "--column-unit"].contains($0.key) }.flatMap { [$0.key, $0.value] }
        switch command {
        case "accounts", "payees", "tags":
            guard words.query.isEmpty && words.flags.isEmpty && words.values.keys.allSatisfy({ ["--today", "--diagnostics", "--column-unit"].contains($0) }) else {
                return try list(command, words, files: files, today: today)
            }
            return try LedgerCommand.subcommands[command]!.run(files + passed)
        case "commodities", "prices", "stats":
            guard words.query.isEmpty else { throw UsageError(message: "'\(given)' with a query is not done yet in hledger's form; use 'ledgerc report \(command)' with --account and the other filters") }
            return try LedgerCommand.subcommands[command]!.run(files + passed)
        case "check":
            return try check(words, files: files, today: today)
        case "add", "import":
            // ledgerc's own commands, on the first -f file: `add [DATE DESCRIPTION ACCOUNT AMOUNT...]`, `import CSV... [--rules-file F]`.
            var args = [files[0]] + words.positionals
            if words.flags.contains("--dry-run") { args.append("--dry-run") }
            if let rules = words.values["--rules-file"] {
                guard command == "import" else { throw UsageError(message: "--rules-file goes with import") }
                args += ["--rules", rules]
            }
            let unknown = words.flags.subtracting(["--dry-run", "--strict", "--werror"]).union(words.values.keys.filter { !["--rules-file", "--today", "--diagnostics"].contains($0) })
            guard unknown.isEmpty else { throw UsageError(message: "\(unknown.sorted().joined(separator: ", ")): not an option of \(command)") }
            return try LedgerCommand.subcommands[command]!.run(args)
        case "close":
            // hledger's -e is the opening day; ledgerc's --to the last day closed.
            guard let end = words.values["-e"], let day = DateSpan.parse(end, today: today)?.first else {
                throw UsageError(message: "close in hledger's form takes -e DATE (the first day after the closing)")
            }
            // Its query keeps the accounts closed (`close -e D assets` closes assets only).
            let query: Query
            switch Query.parse(hledger: words.query.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")) {
            case .success(let q): query = q
            case .failure(let problem): throw UsageError(message: "cannot read the query term '\(problem.term)'")
            }
            return try CloseCommand.run(files + passed + ["--to", day.adding(days: -1).description], also: query)
        default:
            break
        }
        return try report(command, words, files: files, today: today)
    }

    /// `check` and hledger's named checks.
    static func check(_ words: Words, files: [String], today: CivilDate) throws -> Int {
        var options = CompileOptions()
        options.today = today
        options.strict = words.flags.contains("--strict") || words.flags.contains("-s")
        var named: [NamedCheck] = []
        // `check accounts` asks of accounts only, `check commodities` of commodities only; --strict of both.
        let parts = Set(words.positionals).intersection(["accounts", "commodities"])
        if !options.strict, !parts.isEmpty {
            options.strictAccounts = parts.contains("accounts")
            options.strictCommodities = parts.contains("commodities")
        }
        for name in words.positionals {
            switch name {
            case "accounts", "commodities": options.strict = true
            case "payees": options.checkPayees = true
            case "balancednoautoconversion": break  // every transaction balances without conversion in ledgerc
            default:
                guard let check = NamedCheck(rawValue: name) else {
                    let known = ["accounts", "commodities", "payees", "balancednoautoconversion"] + NamedCheck.allCases.map(\.rawValue)
                    let hint = closestWord(to: name, among: known).map { " (did you mean '\($0)'?)" } ?? ""
                    throw UsageError(message: "'\(name)' is not a check ledgerc knows\(hint)")
                }
                named.append(check)
            }
        }
        let result = compile(try readInputs(files, mapping: true), until: try horizon(words, today: today), options: options)
        keptUntilExit.append(result)
        let extra = named.flatMap { result.problems(of: $0) }
        let all = result.diagnostics.sorted() + extra
        RunDiagnostics.show(all + result.diagnostics.droppedWarningSummaries(), sources: result.sources,
                            droppedErrors: max(0, result.diagnostics.errorCount - result.diagnostics.limit))
        let failed = all.contains { $0.severity == .error } || RunDiagnostics.warningsAreErrors && all.contains { $0.severity == .warning }
        return failed ? 1 : 0
    }

    /// What a command line asks of a report: the options, aregister's
    /// account (and the pattern as written), and a `date2:` period.
    struct Asked {
        var options: ReportOptions
        var registerAccount: TextPattern?
        var registerPatternText: String
        var date2: Period?
    }

    /// Reads the query words and flags a report shares with the lists.
    static func asked(_ command: String, _ words: Words, today: CivilDate) throws -> Asked {
        var options = ReportOptions()
        options.spanOfWholeJournal = true
        options.flat = !words.flags.contains("--tree")
        options.empty = words.flags.contains("-E")
        options.historical = words.flags.contains("-H")
        options.cumulative = words.flags.contains("--cumulative")
        for (flag, unit) in [("-D", CalendarUnit.day), ("-W", .week), ("-M", .month), ("-Q", .quarter), ("-Y", .year)] where words.flags.contains(flag) {
            options.grouping = unit
        }
        // aregister's first word is its account; the rest a query, as for the others.
        var queryWords = words.query
        var registerAccount: TextPattern?, registerPatternText = "", date2: Period?
        if command == "aregister" {
            guard !queryWords.isEmpty else { throw UsageError(message: "aregister takes an account (a regular expression) first") }
            let pattern = queryWords.removeFirst()
            do { registerAccount = try TextPattern(regex: pattern) } catch { throw UsageError(message: error.message) }
            registerPatternText = pattern
        }
        // Query words: date: and depth: are the report's; the rest one Query.
        var terms: [String] = []
        for word in queryWords {
            let lower = word.lowercased()
            if lower.hasPrefix("date2:") {
                // hledger 1.25 narrows its tables of postings by the secondary date, and no balance report.
                let expr = String(word.dropFirst(6))
                guard let e = PeriodExpression.parse(expr, today: today, endExclusive: true), e.interval == nil else {
                    throw UsageError(message: "date2: takes a period (2025, 2025-01, 2025q1, A..B), not '\(expr)'")
                }
                date2 = e.period
            } else if lower.hasPrefix("date:") {
                let expr = String(word.dropFirst(5))
                // As -p: `A..B` ends before B.
                guard let e = PeriodExpression.parse(expr, today: today, endExclusive: true), e.interval == nil else {
                    throw UsageError(message: "date: takes a period (2025, 2025-01, 2025q1, A..B), not '\(expr)'")
                }
                options.period = e.period
            } else if lower.hasPrefix("depth:") {
                guard let n = Int(word.dropFirst(6)), n >= 1 else { throw UsageError(message: "depth: takes a whole number of at least 1, not '\(word)'") }
                options.depth = n
            } else {
                terms.append(word.contains(" ") ? "'\(word)'" : word)
            }
        }
        switch Query.parse(hledger: terms.joined(separator: " ")) {
        case .success(let q): options.query = q
        case .failure(let problem): throw UsageError(message: "cannot read the query term '\(problem.term)'")
        }
        for (flag, status) in [("-C", "*"), ("-P", "!"), ("-U", "")] where words.flags.contains(flag) {
            if case .success(let q) = Query.parse(hledger: "status:\(status)") { options.query.terms += q.terms }
        }
        if words.flags.contains("-R"), case .success(let q) = Query.parse(hledger: "real:1") { options.query.terms += q.terms }
        if let text = words.values["-p"] {
            guard let e = PeriodExpression.parse(text, today: today, endExclusive: true) else {
                throw UsageError(message: "-p takes a period expression (2025q1, from A to B, monthly in 2025...), not '\(text)'")
            }
            if let interval = e.interval {
                options.grouping = interval.unit
                options.groupingEvery = interval.every
            }
            if e.from != nil || e.to != nil { options.period = e.period }
        }
        if let text = words.values["-b"] {
            guard let s = DateSpan.parse(text, today: today) else { throw UsageError(message: "-b takes a date, not '\(text)'") }
            options.period.from = s.first
        }
        if let text = words.values["-e"] {
            // hledger's end is exclusive.
            guard let s = DateSpan.parse(text, today: today) else { throw UsageError(message: "-e takes a date, not '\(text)'") }
            options.period.to = s.first.adding(days: -1)
        }
        if let text = words.values["--depth"] {
            guard let n = Int(text), n >= 1 else { throw UsageError(message: "--depth takes a whole number of at least 1, not '\(text)'") }
            options.depth = n
        }
        return Asked(options: options, registerAccount: registerAccount, registerPatternText: registerPatternText, date2: date2)
    }

    /// `accounts`, `payees` and `tags` with a query or flags: what the query
    /// keeps, as hledger lists it. `tags`' first word is a regex on the tag's
    /// name; `accounts --tree` indents each name's last part under its parents.
    static func list(_ command: String, _ words: Words, files: [String], today: CivilDate) throws -> Int {
        var words = words, tagName: TextPattern?
        if command == "tags", !words.query.isEmpty {
            let first = words.query.removeFirst()
            do { tagName = try TextPattern(regex: first) } catch { throw UsageError(message: error.message) }
        }
        let options = try asked(command, words, today: today).options
        var compileOptions = CompileOptions()
        compileOptions.today = today
        let result = compile(try readInputs(files, mapping: true), until: try horizon(words, today: today), options: compileOptions)
        keptUntilExit.append(result)
        RunDiagnostics.show(result.diagnostics.sorted() + result.diagnostics.droppedWarningSummaries(), sources: result.sources)
        if result.diagnostics.errorCount > 0 { return 1 }
        var ledger = result.ledger
        if let field = words.values["--pivot"] { ledger = ledger.pivoted(by: field) }
        let accounts = ledger.journal.accounts
        var lines: [String]
        switch command {
        case "accounts":
            var ids = AccountsReport(ledger: ledger, options: options).rows().map(\.account)
            let declared = words.flags.contains("--declared"), used = words.flags.contains("--used")
            if declared != used {
                // One of the two lists hledger joins: the declared accounts, or those of the postings the query keeps.
                let matcher = QueryMatcher(options.query, journal: ledger.journal)
                var posted = Set<Int32>()
                for t in ledger.ordered where options.period.contains(t.date) {
                    for p in t.postings where matcher.matches(t, p) { posted.insert(options.depth.map { accounts.ancestor(of: p.account, atDepth: $0) } ?? p.account) }
                }
                ids = ids.filter { declared ? accounts.declared[$0] != nil : posted.contains($0) }
            }
            if words.flags.contains("--types") {
                let width = ids.map { displayWidth(accounts[$0]) }.max() ?? 0
                let letter = accounts.hledgerTypeLetters()
                lines = ids.map { padded(accounts[$0], to: width, right: false) + "    ; type: " + letter($0) }
            } else if options.flat {
                lines = ids.map { accounts[$0] }
            } else {
                // The tree: every shown account with its parents, each under its parent.
                var all = Set<Int32>()
                for id in ids {
                    var a = id
                    while a >= 0, all.insert(a).inserted { a = accounts.parent[Int(a)] }
                }
                lines = all.sorted(by: accounts.inHledgerOrder).map { accounts.treeLabel($0, flat: false) }
            }
        case "payees":
            lines = NamesReport(.payees, ledger: ledger, options: options).names().names
        default:
            // The tags of the transactions the query keeps and of their postings; with no query, the declarations' too.
            let matcher = QueryMatcher(options.query, journal: ledger.journal)
            var found = Set<String>(options.query.terms.isEmpty ? ledger.journal.declarationTags.keys : [:].keys)
            for t in ledger.ordered where t.generated == nil && options.period.contains(t.date) && matcher.matches(t) {
                for tag in t.tags { found.insert(tag.key) }
                for p in t.postings {
                    if p.comment != nil { for tag in p.tags { found.insert(tag.key) } }
                    // A posting inherits its account's tags, and its parents'.
                    var a = p.account
                    while a >= 0 { found.formUnion(ledger.journal.accountTagNames[a] ?? []); a = accounts.parent[Int(a)] }
                }
            }
            if words.flags.contains("--values") {
                // The values of the tags found, non-empty ones unless -E.
                var values = Set<String>()
                func take(_ tags: Tags) { for tag in tags where found.contains(tag.key) && (options.empty || !tag.value.isEmpty) { values.insert(tag.value) } }
                found = found.filter { tagName?.matcher().matches($0) ?? true }
                if options.query.terms.isEmpty { for (key, vs) in ledger.journal.declarationTags where found.contains(key) { take(vs.map { (key: key, value: $0) }) } }
                for t in ledger.ordered where t.generated == nil && options.period.contains(t.date) && matcher.matches(t) {
                    take(t.tags)
                    for p in t.postings where p.comment != nil { take(p.tags) }
                }
                found = values
                tagName = nil
            }
            let nameMatcher = tagName?.matcher()
            lines = found.filter { nameMatcher?.matches($0) ?? true }.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        }
        writeStdout(Array(lines.map { $0.terminalSafe + "\n" }.joined().utf8))
        return 0
    }

    /// The balance-shaped commands, the register and print.
    static func report(_ command: String, _ words: Words, files: [String], today: CivilDate) throws -> Int {
        let asked = try asked(command, words, today: today)
        var options = asked.options
        let registerAccount = asked.registerAccount, registerPatternText = asked.registerPatternText
        let valuations = ["-B", "-V"].filter { words.flags.contains($0) } + ["-X", "--value"].filter { words.values[$0] != nil }
        guard valuations.count <= 1 else { throw UsageError(message: "\(valuations.joined(separator: " and ")): choose one way to value amounts") }
        switch valuations.first {
        case "-B": options.valuation = Valuation(.cost)
        case "-V": options.valuation = Valuation(.end)
        case "-X": options.valuation = Valuation(.end, in: words.values["-X"]!)
        case "--value":
            guard let v = Valuation.parse(words.values["--value"]!, today: today) else { throw UsageError(message: "--value takes end, then, cost, now or a date, not '\(words.values["--value"]!)'") }
            options.valuation = v
        default: break
        }
        // Output: -O, else the extension of -o, else text.
        var format = words.values["-O"]
        if format == nil, let path = words.values["-o"] {
            let ext = path.split(separator: ".").last.map { String($0).lowercased() } ?? ""
            format = ["csv", "tsv", "json", "html", "txt"].contains(ext) ? ext : "txt"
        }
        let output = format ?? "txt"
        var dropParts = 0
        if let text = words.values["--drop"] {
            guard let n = Int(text), n >= 0 else { throw UsageError(message: "--drop takes a number of account name parts, not '\(text)'") }
            dropParts = n
        }
        // What hledger draws and ledgerc does not yet: said, never passed over.
        if words.flags.contains("--pretty") {
            RunDiagnostics.show([Diagnostic(.warning, Messages.prettyNotDone, at: nil)], sources: SourceManager())
        }
        // `-w N` (or `-w N,M`): the register's width; elsewhere said, never passed over.
        var registerWidth: Int?
        if let text = words.values["-w"] {
            guard let n = Int(text.split(separator: ",").first ?? ""), n > 0 else { throw UsageError(message: "-w takes a width in columns, not '\(text)'") }
            registerWidth = n
            if command != "register" || text.contains(",") { RunDiagnostics.show([Diagnostic(.warning, Messages.widthNotDone, at: nil)], sources: SourceManager()) }
        }
        guard ["txt", "csv", "tsv", "html"].contains(output) else {
            throw UsageError(message: output == "json" ? "-O json in hledger's layout is not done yet; use 'ledgerc report ... --format json'" : "-O takes txt, csv, tsv or html, not '\(output)'")
        }
        if words.flags.contains("--budget") && command != "balance" {
            throw UsageError(message: "--budget goes with balance")
        }
        if command == "roi" {
            throw UsageError(message: "'roi' in hledger's form is not done yet; use 'ledgerc report returns FILE --account ACCT'")
        }
        if ["descriptions", "notes"].contains(command) || command == "print" && output != "csv" {
            guard output == "txt" else { throw UsageError(message: "'\(command) -O \(output)' is not done yet in hledger's form") }
        }
        // Compile, with -I leaving failed assertions out.
        let inputs = try readInputs(files, mapping: true)
        var compileOptions = CompileOptions()
        compileOptions.today = today
        compileOptions.strict = words.flags.contains("--strict") || words.flags.contains("-s")
        let result = compile(inputs, until: try horizon(words, today: today), options: compileOptions)
        keptUntilExit.append(result)
        let ignoring = words.flags.contains("-I")
        let shown = result.diagnostics.sorted().filter { !(ignoring && $0.id == Messages.assertionFailed("", expected: "", actual: "").id) }
        RunDiagnostics.show(shown + result.diagnostics.droppedWarningSummaries(), sources: result.sources)
        if shown.contains(where: { $0.severity == .error }) { return 1 }
        var ledger = result.ledger
        // Amounts show as hledger shows them: the P directives' places count.
        ledger.journal.commodities.widenToPrices(ledger.journal.prices)
        if words.flags.contains("--forecast") {
            // `--forecast=PERIOD` bounds the forecast; else the report's end does, if it has one.
            var forecast = Period()
            if let text = words.values["--forecast"] {
                guard let e = PeriodExpression.parse(text, today: today, endExclusive: true), e.interval == nil else {
                    throw UsageError(message: "--forecast= takes a period (2025-05..2025-07, 2026), not '\(text)'")
                }
                forecast = e.period
            }
            ledger = ledger.forecasting(from: forecast.from, through: forecast.to ?? options.period.to, today: today)
        }
        if words.flags.contains("--date2") { ledger = ledger.onSecondaryDates() }
        // A posting with a date of its own (`; date:03/01`) counts on that day in the reports by date,
        // as hledger counts it (a register of postings shows them in their transactions).
        if !["print", "aregister"].contains(command), command != "register" || options.grouping != nil { ledger = ledger.datedByPosting() }
        if let field = words.values["--pivot"] {
            // The query's account terms see each posting's name as it was and as pivoted, as hledger's do.
            (ledger, options.query) = ledger.pivoted(by: field, query: options.query, wholeTransactions: command == "print")
        }
        if let period = asked.date2 {
            if ["register", "aregister", "print", "descriptions", "notes"].contains(command) {
                ledger = ledger.keeping(secondDatesIn: period)
            } else {
                // hledger 1.25 reads date2: and narrows no balance report by it: the same figures, and a word why.
                RunDiagnostics.show([Diagnostic(.warning, Messages.secondDateQueryIgnored(command), at: nil)], sources: result.sources)
            }
        }
        if words.flags.contains("-r") && command != "register" { throw UsageError(message: "-r (--related) goes with register") }
        if words.flags.contains("-%") && !HledgerStatement.Kind.allCases.map(\.rawValue).contains(command) {
            throw UsageError(message: "-% (--percent) goes with balance, bs, is and cf")
        }
        if command == "descriptions" || command == "notes" {
            // The distinct descriptions (notes: the part after `|`, else the
            // whole description) of the recorded transactions the query keeps, in code point order.
            let matcher = QueryMatcher(options.query, journal: ledger.journal)
            var seen = Set<String>()
            for t in ledger.ordered where t.generated == nil && options.period.contains(t.date) && matcher.matches(t) {
                seen.insert(command == "notes" ? t.note ?? t.description : t.description)
            }
            let sorted = seen.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            writeStdout(Array(sorted.map { $0.terminalSafe + "\n" }.joined().utf8))
            return 0
        }
        if command == "print" && output != "csv" {
            // hledger asks each term of the whole transaction: `print not:a` prints none with a posting to `a`.
            let matcher = QueryMatcher(options.query, accounts: ledger.journal.accounts, commodities: ledger.journal.commodities)
            // As hledger prints: no directives first, each transaction in its layout, a blank line after each.
            var printer = LedgerPrinter(journal: ledger.journal, sources: result.sources)
            printer.decimalComma = ledger.journal.declaresDecimalComma
            var buf = ByteBuffer(capacity: 1 << 16)
            for t in ledger.printable where options.period.contains(t.date) && matcher.matchesTransaction(t) {
                printer.writeHledger(t, into: &buf, explicit: words.flags.contains("-x"))
                buf.byte(0x0A)
                if buf.count > 1 << 20 { writeStdout(terminalSafeLines(buf.bytes, keepingCarriageReturns: true)); buf.removeAll() }
            }
            writeStdout(terminalSafeLines(buf.bytes, keepingCarriageReturns: true))
            return 0
        }
        if let registerAccount {
            var mine = Query()
            mine.terms = [Query.Term(.account, text: registerAccount)]
            let matcher = QueryMatcher(mine, journal: ledger.journal)
            guard (0..<Int32(ledger.journal.accounts.count)).contains(where: { matcher.keeps(account: $0) }) else {
                throw UsageError(message: "aregister: '\(registerPatternText)' matches no account")
            }
        }
        var cells: [[String]]
        do throws(AmountOverflow) {
            // hledger values a report with no end on today.
            // Prices from costs only with --infer-market-prices, as hledger 1.25 values.
            if let valuation = options.valuation {
                options.valuer = try Valuer(valuation, ledger: ledger, reportTo: options.period.to ?? today,
                                            inferringPrices: words.flags.contains("--infer-market-prices"))
            }
            // The tables of postings show each amount valued (and total the valued amounts).
            var valued = ledger
            if let v = options.valuer, ["register", "aregister", "print"].contains(command) { valued = try ledger.valued(by: v) }
            if command == "register" {
                var table = HledgerTable(.register, ledger: valued, options: options)
                table.related = words.flags.contains("-r")
                table.digitGroups = output == "txt"
                cells = try table.cells()
            } else if words.flags.contains("--budget") {
                cells = try HledgerTable(.budget, ledger: ledger, options: options).cells()
            } else if command == "print" {
                cells = try HledgerTable(.print, ledger: valued, options: options).cells()
            } else if let registerAccount {
                cells = try HledgerTable(.accountRegister(registerAccount), ledger: valued, options: options).cells()
            } else {
                var statement = HledgerStatement(HledgerStatement.Kind(rawValue: command)!, ledger: ledger, options: options)
                statement.rowTotal = words.flags.contains("-T")
                statement.average = words.flags.contains("-A")
                statement.noTotal = words.flags.contains("-N")
                statement.sortByAmount = words.flags.contains("-S")
                statement.invert = words.flags.contains("--invert")
                statement.percent = words.flags.contains("-%")
                statement.change = words.flags.contains("--change")
                statement.holdingAsked = !words.flags.isDisjoint(with: ["-H", "--cumulative", "--change"])
                statement.noElide = words.flags.contains("--no-elide")
                statement.digitGroups = output == "txt"
                statement.drop = dropParts
                cells = try statement.cells()
            }

        } catch {
            RunDiagnostics.show([error.diagnostic], sources: result.sources)
            return 1
        }
        if words.flags.contains("--transpose") {
            guard command == "balance" else { throw UsageError(message: "--transpose goes with balance") }
            // Rows become columns: the periods down, the accounts across.
            let width = cells.map(\.count).max() ?? 0
            cells = (0..<width).map { k in cells.map { k < $0.count ? $0[k] : "" } }
        }
        // One column of balances in text: hledger's own layout.
        let hledgerText = output == "txt" && command == "balance" && !words.flags.contains("--budget") && !words.flags.contains("--transpose")
            && cells.first == ["account", "balance"]
        // A register of postings (no interval) in text: hledger's own layout, 80 columns or -w N.
        let registerText = output == "txt" && command == "register" && (options.grouping == nil || options.groupingEvery == 1)
            && cells.first == ["txnidx", "date", "code", "description", "account", "amount", "total"]
        // Columns of balances, and bs, is and cf, in text: hledger's own tables.
        var tableText: String?
        if output == "txt" && !words.flags.contains("--budget") && !words.flags.contains("--transpose") {
            if command == "balance", options.grouping != nil, !hledgerText {
                let holding = words.flags.contains("-H") ? "historical" : words.flags.contains("--cumulative") ? "cumulative" : "changes"
                tableText = HledgerTableText.balance(cells, tree: words.flags.contains("--tree"), hasTotal: !words.flags.contains("-N"), holding: holding)
            } else if ["balancesheet", "incomestatement", "cashflow"].contains(command) {
                tableText = HledgerTableText.statement(cells)
            }
        }
        let text: String
        if let tableText {
            text = tableText
        } else if hledgerText {
            text = HledgerBalanceText.render(Array(cells.dropFirst()), tree: words.flags.contains("--tree"), hasTotal: !words.flags.contains("-N"))
        } else if registerText {
            var rows = Array(cells.dropFirst())
            if let unit = options.grouping {
                // Each period by its label, as hledger's register shows it (`2016-02`, `2016Q1`, `2016-02-15W07`).
                for k in rows.indices { if let d = CivilDate.parse(rows[k][1]) { rows[k][1] = HledgerStatement.label(unit, d, compound: false) } }
            }
            text = HledgerRegisterText.render(rows, width: registerWidth ?? 80, periods: options.grouping != nil)
        } else {
            text = render(cells, as: output)
        }
        let bytes = Array(text.utf8)
        if let path = words.values["-o"], path != "-" {
            let writer = try SafeWriter(path: path)
            try writer.refuse(overwriting: inputIdentities(result.sources))
            try writer.open()
            writer.sink!.write(bytes)
            try writer.commit()
        } else {
            writeStdout(bytes)
        }
        return 0
    }

    /// The cells as CSV (every field quoted, as hledger writes it), TSV, an
    /// HTML table, or text columns (numbers right-aligned).
    static func render(_ cells: [[String]], as format: String) -> String {
        switch format {
        case "csv":
            return cells.map { $0.map { "\"" + $0.replacingAll("\"", "\"\"") + "\"" }.joined(separator: ",") }.joined(separator: "\n") + "\n"
        case "tsv":
            return cells.map { $0.map { $0.replacingAll("\t", " ") }.joined(separator: "\t") }.joined(separator: "\n") + "\n"
        case "html":
            func escaped(_ s: String) -> String {
                s.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;").replacingAll("\"", "&quot;")
            }
            return "<table>\n" + cells.map { "<tr>" + $0.map { "<td>\(escaped($0))</td>" }.joined() + "</tr>" }.joined(separator: "\n") + "\n</table>\n"
        default:
            let width = cells.map(\.count).max() ?? 0
            var widths = Array(repeating: 0, count: width)
            for row in cells { for (k, c) in row.enumerated() { widths[k] = max(widths[k], displayWidth(c.terminalSafe)) } }
            // Text columns to the left, figures to the right.
            let textHeaders: Set<String> = ["date", "code", "description", "account", "otheraccounts"]
            let left = Set((0..<width).filter { k in k == 0 || cells.prefix(2).contains { k < $0.count && textHeaders.contains($0[k]) } })
            return cells.map { row in
                row.enumerated().map { k, c in
                    let text = c.terminalSafe
                    let pad = String(repeating: " ", count: widths[k] - displayWidth(text))
                    return left.contains(k) ? text + pad : pad + text
                }.joined(separator: "  ").trimmingSpaces
            }.joined(separator: "\n") + "\n"
        }
    }
}
