import LedgerCore

/// `ledgerc rename account|payee|commodity|tag OLD NEW`: a name rewritten in every file of the journal.
enum RenameCommand: Subcommand {
    static let help = """
    ledgerc rename: rename an account, payee, commodity or tag everywhere the journal writes it

    USAGE: ledgerc rename account|payee|commodity|tag OLD NEW [FILE...] [--dry-run] [--merge]

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
      --merge               allow NEW to be an existing account of another type,
                            or an existing commodity
      --diagnostics FORMAT  text (default), json or github

    'rename payee' rewrites the payee (the description's part before ' | ',
    or all of it) of each transaction and repeat rule that has it, and its
    'payee' directive; the note after '|' stays.

    'rename commodity' rewrites the symbol in every amount (costs, lots,
    balance assertions, rules' postings too), in P, commodity (and its
    format line), D, N, C and split lines, an automated rule's cur:OLD and
    a dividend: tag; NEW is quoted where it must be ("S&P 500").

    'rename tag' rewrites the tag's name in every ';' comment (NAME: value
    and :NAME:), its 'tag' directive and an automated rule's tag:OLD. A tag
    ledgerc gives a meaning to (type, 할부, statement-day...) is refused.

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions.union(["--dry-run", "--merge"]))
        var words = parsed.positionals
        guard words.count >= 3 else { throw UsageError(message: "rename takes account|payee|commodity|tag OLD NEW [FILE...]") }
        let word = words.removeFirst(), old = words.removeFirst(), new = words.removeFirst()
        guard let kind = RenamedKind(rawValue: word) else {
            throw UsageError(message: "rename takes account|payee|commodity|tag OLD NEW, not '\(word)'")
        }
        if let problem = RenamedKind.problem(withName: new, kind) { throw UsageError(message: problem) }
        var common = try CommonOptions(Arguments(words + (parsed.values["--until"].map { ["--until", $0] } ?? []),
                                                 valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions))
        if common.files.isEmpty { common.files = try CommonOptions(Arguments([], valueOptions: [], flagOptions: [])).files }
        guard !common.files.contains("-") else { throw UsageError(message: "rename writes files, not standard input") }
        let dryRun = parsed.has("--dry-run"), merge = parsed.has("--merge")
        let writer = dryRun ? nil : try SafeWriter(path: common.files[0])
        try writer?.lock()
        guard let result = try compileAndReport(common) else { return 1 }
        var options = CompileOptions()
        options.today = common.today
        options.horizon = result.ledger.until

        // The edits and their check, or why there is nothing to do.
        let edits: [TextEdit]
        let check: () -> (outcome: CheckedEdit.Outcome?, problem: String?)
        let what: String
        switch kind {
        case .account:
            guard let rename = AccountRename(result, old: old, new: new) else {
                // Run again after a rename: nothing to do.
                if result.ledger.journal.accounts.lookup(new) != nil { return nothing("the journal has no '\(old)', and has '\(new)'") }
                throw UsageError(message: "the journal has no account '\(old)'")
            }
            (edits, what) = (rename.edits, "'\(old)' to '\(new)'")
            check = { rename.check(result, merge: merge, options: options) }
        case .commodity:
            guard let rename = CommodityRename(result, old: old, new: new) else {
                if result.ledger.journal.commodities.lookup(new) != nil { return nothing("the journal has no commodity '\(old)', and has '\(new)'") }
                throw UsageError(message: "the journal has no commodity '\(old)'")
            }
            (edits, what) = (rename.edits, "the commodity '\(old)' to '\(new)'")
            check = { rename.check(result, merge: merge, options: options) }
        case .tag:
            let rename = TagRename(result, old: old, new: new)
            (edits, what) = (rename.edits, "the tag '\(old)' to '\(new)'")
            check = { rename.check(result, options: options) }
        case .payee:
            let rename = PayeeRename(result, old: old, new: new)
            (edits, what) = (rename.edits, "the payee '\(old)' to '\(new)'")
            check = { rename.check(result, options: options) }
        }
        if old == new || edits.isEmpty { return nothing("no file writes the \(word) '\(old)'") }
        let (outcome, problem) = check()
        if let problem {
            if let outcome { RunDiagnostics.show(outcome.errors, sources: outcome.after.sources) }
            writeStderr("ledgerc: error: \(problem)\n")
            return 1
        }
        if dryRun {
            var out = ""
            for e in edits {
                let (path, line, _) = result.sources.describe(SourceLocation(file: e.file, offset: e.range.lowerBound))
                let written = result.sources.files[e.file].withBytes { String(decoding: $0[e.range], as: UTF8.self) }
                out += "\(path):\(line): \(written.terminalSafe) -> \(String(decoding: e.text, as: UTF8.self).terminalSafe)\n"
            }
            writeStdout(Array(out.utf8))
            return 0
        }
        guard let outcome, let writer else { return 1 }
        try writeEditedFiles(outcome.files, sources: result.sources, root: writer)
        let files = Set(edits.map(\.file)).count
        writeStderr(Language.text("renamed \(what): \(edits.count) place\(edits.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")\n", ko: "이름을 바꿨습니다(\(what)): 파일 \(files)개의 \(edits.count)곳\n"))
        return 0
    }

    /// Nothing to rename: said on standard error, and success (running a rename again changes nothing).
    private static func nothing(_ why: String) -> Int {
        writeStderr(Language.text("nothing to rename: \(why)\n", ko: "바꿀 이름이 없습니다: \(why)\n"))
        return 0
    }
}
