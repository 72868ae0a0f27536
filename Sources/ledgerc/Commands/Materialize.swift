import LedgerCore

/// `ledgerc materialize`: writes unfulfilled occurrences into the file as recorded transactions.
enum MaterializeCommand: Subcommand {
    static let help = """
    ledgerc materialize: record the occurrences of repeat rules up to a date

    USAGE: ledgerc materialize FILE [--until DATE] [--write] [--quiet]

    Each occurrence up to the horizon that no recorded transaction fulfils is
    written as an ordinary transaction tagged 'repeat: DESCRIPTION', so that it
    fulfils its occurrence from then on. Without --write, prints what it would
    add; with --write, writes it into FILE safely (docs/RELIABILITY.md): the
    file is locked, a new file is written beside it and renamed over it, and a
    symlink is written through. Running it twice adds nothing the second time.

    OPTIONS:
      --until DATE          the horizon (default: today)
      --write               write into FILE instead of printing
      --quiet               with --write, say nothing of what was recorded
      --diagnostics FORMAT  text (default), json or github
      --column-unit UNIT    what a column counts in text and github diagnostics:
                            char (default), byte or display
      --werror              warnings make the run fail (exit 1)

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions,
                                   flagOptions: CommonOptions.flagOptions.union(["--write", "--quiet"]))
        let common = try CommonOptions(parsed)
        guard common.files.count == 1 else { throw UsageError(message: "materialize takes exactly one FILE") }
        let write = parsed.has("--write")
        if write && common.files[0] == "-" { throw UsageError(message: "--write needs a file, not standard input") }
        // The whole read-modify-write holds the lock.
        let writer = write ? try SafeWriter(path: common.files[0]) : nil
        try writer?.lock()
        guard let result = try compileAndReport(common) else { return 1 }
        let plan = MaterializePlan(result, today: common.today)
        guard plan.problems.isEmpty else {
            RunDiagnostics.show(plan.problems, sources: result.sources)
            return 1
        }
        guard let writer else {
            writeStdout(plan.preview)
            return 0
        }
        // Occurrences go beside their rules, which may live in included files.
        try writeEditedFiles(plan.editedFiles(result.sources), sources: result.sources, root: writer)
        if !parsed.has("--quiet") {
            writeStderr(Messages.recorded(occurrences: plan.occurrences, rules: plan.rules, file: common.files[0]).text + "\n")
        }
        return 0
    }
}
