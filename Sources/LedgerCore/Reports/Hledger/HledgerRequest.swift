/// What a command line in hledger's form asks: the command, its report's
/// options (query, period, interval, depth, valuation), how to compile,
/// and how to write. Read once, here; the CLI only finds the files and
/// writes the bytes, and the figures come from the same reports as
/// ledgerc's own command line.
public struct HledgerRequest: Sendable {
    public let words: HledgerWords
    /// The command's one name (`bal` and `balance` are `balance`).
    public let command: String
    /// The day relative dates count from (`--today` or the caller's).
    public let today: CivilDate
    /// The report's options: query (with its `date:`, `date2:`, `depth:`), period, interval, depth, valuation.
    public private(set) var options = ReportOptions()
    /// `aregister`'s account, and the pattern as written.
    public private(set) var registerAccount: TextPattern?
    /// `txt`, `csv`, `tsv`, `html` (from -O, else -o's extension).
    public private(set) var output = "txt"
    /// `--format`: a one-column balance's line format (hledger's `StringFormat`).
    package private(set) var lineFormat: HledgerBalanceFormat?
    /// `--layout`: how a cell of several commodities is drawn.
    package private(set) var layout = HledgerLayout.wide(nil)
    /// `--drop N`: leading account name parts left out.
    public private(set) var drop = 0
    /// `-w N`: the register's width.
    public private(set) var width: Int?

    /// hledger's commands and the one each name means.
    static let commands: [String: String] = [
        "bal": "balance", "balance": "balance", "bs": "balancesheet", "balancesheet": "balancesheet",
        "is": "incomestatement", "incomestatement": "incomestatement", "cf": "cashflow", "cashflow": "cashflow",
        "reg": "register", "register": "register", "print": "print", "accounts": "accounts", "payees": "payees",
        "tags": "tags", "commodities": "commodities", "prices": "prices", "stats": "stats", "check": "check",
        "close": "close", "roi": "roi", "descriptions": "descriptions", "notes": "notes", "codes": "codes", "areg": "aregister", "aregister": "aregister",
        "add": "add", "import": "import",
    ]

    /// Reads a command line; `today` is the caller's day, unless `--today` names one.
    public init(_ args: [String], today: CivilDate) throws(CommandLineError) {
        words = try HledgerWords(args)
        var day = today
        if let text = words.values["--today"] {
            guard let d = CivilDate.parse(text) else { throw CommandLineError("--today takes a date YYYY-MM-DD, not '\(text)'") }
            day = d
        }
        self.today = day
        guard !words.has("--help", "-h") else {
            command = "help"
            return
        }
        guard let given = words.command else { throw CommandLineError("no command given (balance, bs, is, cf, register, print, ...)") }
        // A command, one of hledger's short names, or a prefix of one command's name alone (`acc`, `inc`), as hledger reads them.
        let prefixed = Set(Self.commands.filter { $0.key.hasPrefix(given) }.map(\.value))
        guard let command = Self.commands[given] ?? (prefixed.count == 1 ? prefixed.first : nil) else {
            let hint = prefixed.count > 1 ? " (it begins \(prefixed.sorted().joined(separator: ", ")))"
                : closestWord(to: given, among: Array(Self.commands.keys)).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandLineError("unknown command '\(given)'\(hint)")
        }
        self.command = command
        guard !["check", "add", "import"].contains(command) else { return }
        try readReportOptions()
        try readOutput()
    }

    /// `--help` or `-h`.
    public var wantsHelp: Bool { words.has("--help", "-h") }

    /// The query words, as given.
    public var queryWords: [String] { words.positionals }

    /// ledgerc's `--until`: the horizon of `repeat` rules (default today).
    public func horizon() throws(CommandLineError) -> CivilDate {
        guard let text = words.values["--until"] else { return today }
        guard let d = DateSpan.parse(text, today: today) else { throw CommandLineError("--until takes \(DateSpan.forms); not '\(text)'") }
        return d.last
    }

    /// How to compile: today, `--strict`/`-s`, and `check`'s named parts.
    public func compileOptions() throws(CommandLineError) -> (options: CompileOptions, named: [NamedCheck]) {
        var options = CompileOptions()
        options.today = today
        options.strict = words.has("--strict", "-s")
        for text in words.aliases {
            guard let alias = AccountAlias(text) else {
                throw CommandLineError("--alias takes OLD=NEW or /REGEX/=NEW (a regular expression ledgerc reads), not '\(text)'")
            }
            options.aliases.append(alias)
        }
        guard command == "check" else { return (options, []) }
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
                    throw CommandLineError("'\(name)' is not a check ledgerc knows\(hint)")
                }
                named.append(check)
            }
        }
        return (options, named)
    }

    /// The query of the words (`close -e D assets` keeps the accounts closed).
    public func query(_ words: [String]) throws(CommandLineError) -> Query {
        switch Query.parse(hledger: words.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " "), today: today) {
        case .success(let q): return q
        case .failure(let problem): throw CommandLineError("cannot read the query term '\(problem.term)'")
        }
    }

    /// A query written as one text (`--inv 'assets:investment'`).
    public func query(text: String) throws(CommandLineError) -> Query {
        switch Query.parse(hledger: text, today: today) {
        case .success(let q): return q
        case .failure(let problem): throw CommandLineError("cannot read the query term '\(problem.term)'")
        }
    }

    /// Reads the query words and flags every report shares.
    private mutating func readReportOptions() throws(CommandLineError) {
        options.spanOfWholeJournal = true
        options.flat = !words.has("--tree")
        options.empty = words.has("-E")
        options.historical = words.has("-H")
        options.cumulative = words.has("--cumulative")
        for (flag, unit) in [("-D", CalendarUnit.day), ("-W", .week), ("-M", .month), ("-Q", .quarter), ("-Y", .year)] where words.has(flag) {
            options.grouping = unit
        }
        // aregister's first word is its account; the rest a query, as for the others.
        var terms = words.positionals
        if command == "aregister" {
            guard !terms.isEmpty else { throw CommandLineError("aregister takes an account (a regular expression) first") }
            let pattern = terms.removeFirst()
            do { registerAccount = try TextPattern(regex: pattern) } catch { throw CommandLineError(error.message) }
        }
        // `tags`' first word is a pattern on the tag's name.
        if command == "tags", !terms.isEmpty { terms.removeFirst() }
        options.query = try query(terms)
        options.depth = options.query.depth
        // -C, -P, -U and -R are query terms.
        for (flag, status) in [("-C", Status.cleared), ("-P", .pending), ("-U", .unmarked)] where words.has(flag) {
            var term = Query.Term(.status)
            term.status = status
            options.query.terms.append(term)
        }
        if words.has("-R") { options.query.terms.append(Query.Term(.real)) }
        if let text = words.values["-p"], let schedule = PeriodicSchedule.parse(text, reference: today), case .weekdays(let days) = schedule.days, days.count == 1 {
            // `every tue`: weeks that start on Tuesdays.
            options.grouping = .week
            options.weekStart = days.first
            if schedule.from != nil || schedule.to != nil { options.period = DateSpan(from: schedule.from, to: schedule.to.map { $0.adding(days: -1) }) }
        } else if let text = words.values["-p"] {
            guard let e = PeriodExpression.parse(text, today: today, endExclusive: true) else {
                throw CommandLineError("-p takes a period expression (2025q1, from A to B, monthly in 2025...), not '\(text)'")
            }
            if let interval = e.interval {
                options.grouping = interval.unit
                options.groupingEvery = interval.every
            }
            if e.from != nil || e.to != nil { options.period = e.period }
        }
        if let text = words.values["-b"] {
            guard let s = DateSpan.parse(text, today: today) else { throw CommandLineError("-b takes a date, not '\(text)'") }
            options.period.from = s.first
        }
        if let text = words.values["-e"] {
            // hledger's end is exclusive.
            guard let s = DateSpan.parse(text, today: today) else { throw CommandLineError("-e takes a date, not '\(text)'") }
            options.period.to = s.first.adding(days: -1)
        }
        // The query's date: is the report's period, with the date options' days (hledger ANDs them).
        if let date = options.query.date { options.period = options.period.intersection(date) }
        options.query.date = nil
        if let text = words.values["--depth"] {
            guard let n = Int(text), n >= 0 else { throw CommandLineError("--depth takes a whole number, not '\(text)'") }
            options.depth = n
        }
        // Depth 0: everything in one row, `...` (balance and register, as hledger has it).
        if options.depth == 0, !["balance", "register"].contains(command) { throw CommandLineError("--depth 0 goes with balance and register") }
        let valuations = ["-B", "-V"].filter { words.has($0) } + ["-X", "--value"].filter { words.values[$0] != nil }
        guard valuations.count <= 1 else { throw CommandLineError("\(valuations.joined(separator: " and ")): choose one way to value amounts") }
        if words.has("-B") { options.valuation = Valuation(.cost) }
        if words.has("-V") { options.valuation = Valuation(.end) }
        if let unit = words.values["-X"] { options.valuation = Valuation(.end, in: unit) }
        if let text = words.values["--value"] {
            guard let v = Valuation.parse(text, today: today) else { throw CommandLineError("--value takes end, then, cost, now or a date, not '\(text)'") }
            options.valuation = v
        }
    }

    /// Reads how to write, and refuses what goes with other commands.
    private mutating func readOutput() throws(CommandLineError) {
        // Output: -O, else the extension of -o, else text.
        if let format = words.values["-O"] {
            output = format
        } else if let path = words.values["-o"] {
            let ext = path.split(separator: ".").last.map { String($0).lowercased() } ?? ""
            output = ["csv", "tsv", "json", "html", "txt"].contains(ext) ? ext : "txt"
        }
        if let text = words.values["--drop"] {
            guard let n = Int(text), n >= 0 else { throw CommandLineError("--drop takes a number of account name parts, not '\(text)'") }
            drop = n
        }
        if let text = words.values["-w"] {
            guard let n = Int(text.split(separator: ",").first ?? ""), n > 0 else { throw CommandLineError("-w takes a width in columns, not '\(text)'") }
            width = n
        }
        guard ["txt", "csv", "tsv", "html", "json"].contains(output) else {
            throw CommandLineError("-O takes txt, csv, tsv, html or json, not '\(output)'")
        }
        // hledger's JSON: print, register and a flat one-column balance.
        if output == "json" {
            let done = command == "print" || command == "register" && options.grouping == nil
                || command == "balance" && options.grouping == nil && !words.has("--budget", "--tree")
            guard done else {
                throw CommandLineError("-O json in hledger's form is not done yet here (it is for print, register and a flat one-column balance); use 'ledgerc report ... --format json'")
            }
        }
        if words.has("--budget") && command != "balance" { throw CommandLineError("--budget goes with balance") }
        if let text = words.values["--layout"] { layout = try HledgerLayout(text) }
        if let text = words.values["--format"] {
            // hledger reads --format for a one-column balance's text (CSV and the others ignore it).
            guard command == "balance", options.grouping == nil, !words.has("--budget", "--transpose") else {
                throw CommandLineError("--format is read for a one-column 'balance' only (no period columns, --budget or --transpose)")
            }
            lineFormat = try HledgerBalanceFormat(parsing: text)
        }
        if command == "roi", output != "txt" { throw CommandLineError("'roi -O \(output)': hledger's roi writes text only") }
        if ["descriptions", "notes", "codes"].contains(command) || command == "print" && !["csv", "json"].contains(output), output != "txt" {
            throw CommandLineError("'\(command) -O \(output)' is not done yet in hledger's form")
        }
        if words.has("-r") && command != "register" { throw CommandLineError("-r (--related) goes with register") }
        if words.has("-%") && !HledgerStatement.Kind.allCases.map(\.rawValue).contains(command) {
            throw CommandLineError("-% (--percent) goes with balance, bs, is and cf")
        }
        if words.has("--transpose") && command != "balance" { throw CommandLineError("--transpose goes with balance") }
    }

    /// The words of ledgerc's own `add` or `import` on the first file:
    /// `add [DATE DESCRIPTION ACCOUNT AMOUNT...]`, `import CSV... [--rules F]`.
    public func ownArguments(file: String) throws(CommandLineError) -> [String] {
        var args = [file] + words.positionals
        if words.has("--dry-run") { args.append("--dry-run") }
        if let rules = words.values["--rules-file"] {
            guard command == "import" else { throw CommandLineError("--rules-file goes with import") }
            args += ["--rules", rules]
        }
        let unknown = words.flags.subtracting(["--dry-run", "--strict", "--werror"]).union(words.values.keys.filter { !["--rules-file", "--today", "--diagnostics"].contains($0) })
        guard unknown.isEmpty else { throw CommandLineError("\(unknown.sorted().joined(separator: ", ")): not an option of \(command)") }
        return args
    }

    /// Whether a list command (`accounts`, `payees`, `tags`) asks nothing
    /// of ledgerc's own list beyond its files.
    public var isPlainList: Bool {
        words.positionals.isEmpty && words.flags.isEmpty && words.values.keys.allSatisfy { ["--today", "--diagnostics", "--column-unit"].contains($0) }
    }

    /// The options that pass to ledgerc's own form of a command as they are.
    public var passedOptions: [String] {
        words.flags.intersection(["--werror", "--strict"]).sorted()
            + words.values.filter { ["--diagnostics", "--column-unit"].contains($0.key) }.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
            // The period (-b, -e, -p, date:) as ledgerc's inclusive --from and --to.
            + (["commodities", "stats"].contains(command)
               ? (options.period.from.map { ["--from", $0.description] } ?? []) + (options.period.to.map { ["--to", $0.description] } ?? [])
               : [])
    }
}
