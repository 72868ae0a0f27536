import LedgerCore

/// `ledgerc rename account OLD NEW`: an account renamed in every file of the journal.
enum RenameCommand: Subcommand {
    static let help = """
    ledgerc rename: rename an account everywhere the journal writes it

    USAGE: ledgerc rename account OLD NEW [FILE...] [--dry-run] [--merge]
           ledgerc rename payee OLD NEW [FILE...] [--dry-run]

    Rewrites OLD and its subaccounts (OLD:...) in every file of the journal,
    included files too: postings, 'account' directives, the postings of
    'repeat', '~' and automated rules, the words of an automated rule's
    query that name it, aliases' targets and a card's 'paid-from'. A name inside a comment or a description is left alone.
    The journal is compiled before and after: the files are written (all or
    none, through the safe writer) only when every figure is the same under
    the new names. Renaming onto an existing account of another type is
    refused unless --merge. Running it again changes nothing.

    OPTIONS:
      --dry-run             print each edit (FILE:LINE: old -> new); write nothing
      --merge               allow NEW to be an existing account of another type
      --diagnostics FORMAT  text (default), json or github

    'rename payee' rewrites the payee (the description's part before ' | ',
    or all of it) of each transaction and repeat rule that has it, and its
    'payee' directive; the note after '|' stays. (Renaming commodities and
    tags is not done yet.)

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions.union(["--dry-run", "--merge"]))
        var words = parsed.positionals
        guard words.count >= 3 else { throw UsageError(message: "rename takes account OLD NEW [FILE...]") }
        let kind = words.removeFirst(), old = words.removeFirst(), new = words.removeFirst()
        guard kind == "account" || kind == "payee" else {
            throw UsageError(message: kind == "commodity" || kind == "tag" ? "renaming a \(kind) is not done yet; 'rename account' and 'rename payee' are" : "rename takes account|payee OLD NEW, not '\(kind)'")
        }
        guard !new.isEmpty, !new.contains("  "), !new.contains("\t"), !new.hasPrefix(":"), !new.hasSuffix(":"), !new.unicodeScalars.contains(where: { $0.isUnsafeInTerminal || $0 == "\n" }) else {
            throw UsageError(message: "'\(new)' is not an account name")
        }
        var common = try CommonOptions(Arguments(words + (parsed.values["--until"].map { ["--until", $0] } ?? []),
                                                 valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions))
        if common.files.isEmpty { common.files = try CommonOptions(Arguments([], valueOptions: [], flagOptions: [])).files }
        guard !common.files.contains("-") else { throw UsageError(message: "rename writes files, not standard input") }
        let dryRun = parsed.has("--dry-run")
        let writer = dryRun ? nil : try SafeWriter(path: common.files[0])
        try writer?.lock()
        guard let result = try compileAndReport(common) else { return 1 }
        var options = CompileOptions()
        options.today = common.today
        options.horizon = result.ledger.until
        if kind == "payee" {
            guard !new.contains("|"), !new.contains(";"), !new.hasPrefix("(") else { throw UsageError(message: "'\(new)' is not a payee (no '|', ';', or '(' first)") }
            let rename = PayeeRename(result, old: old, new: new)
            guard !rename.edits.isEmpty, old != new else {
                writeStderr("nothing to rename: no transaction has the payee '\(old)'\n")
                return 0
            }
            let (outcome, problem) = rename.check(result, options: options)
            if let problem { writeStderr("ledgerc: error: \(problem)\n"); return 1 }
            if dryRun {
                writeStdout(Array(rename.edits.map { e in
                    let (path, line, _) = result.sources.describe(SourceLocation(file: e.file, offset: e.range.lowerBound))
                    return "\(path):\(line): \(old) -> \(new)\n"
                }.joined().utf8))
                return 0
            }
            guard let outcome, let writer else { return 1 }
            try writeEditedFiles(outcome.files, sources: result.sources, root: writer)
            writeStderr("renamed the payee '\(old)' to '\(new)': \(rename.edits.count) place\(rename.edits.count == 1 ? "" : "s")\n")
            return 0
        }
        guard let rename = AccountRename(result, old: old, new: new) else {
            // Run again after a rename: nothing to do.
            if result.ledger.journal.accounts.lookup(new) != nil {
                writeStderr("nothing to rename: the journal has no '\(old)', and has '\(new)'\n")
                return 0
            }
            throw UsageError(message: "the journal has no account '\(old)'")
        }
        if old == new || rename.edits.isEmpty {
            writeStderr("nothing to rename: no file writes '\(old)'\n")
            return 0
        }
        let (outcome, problem) = rename.check(result, merge: parsed.has("--merge"), options: options)
        if let problem {
            if let outcome { RunDiagnostics.show(outcome.errors, sources: outcome.after.sources) }
            writeStderr("ledgerc: error: \(problem)\n")
            return 1
        }
        let files = Set(rename.edits.map(\.file))
        if dryRun {
            var out = ""
            for place in rename.places {
                let (path, line, _) = result.sources.describe(place)
                out += "\(path):\(line): \(old) -> \(new)\n"
            }
            writeStdout(Array(out.utf8))
            return 0
        }
        guard let outcome, let writer else { return 1 }
        try writeEditedFiles(outcome.files, sources: result.sources, root: writer)
        writeStderr("renamed '\(old)' to '\(new)': \(rename.edits.count) place\(rename.edits.count == 1 ? "" : "s") in \(files.count) file\(files.count == 1 ? "" : "s")\n")
        return 0
    }
}
