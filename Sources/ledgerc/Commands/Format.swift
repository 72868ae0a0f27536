import LedgerCore

/// `ledgerc fmt`: rewrites files in the canonical layout.
enum FormatCommand: Subcommand {
    static let help = """
    ledgerc fmt: rewrite ledger files in the canonical layout

    USAGE: ledgerc fmt [FILE...] [--check | --write]

    Postings are indented four spaces and their amounts right-aligned to one
    column per transaction (by display width, so Korean names line up); runs
    of blank lines become one, and each transaction is followed by one blank
    line. Comments, directives, numbers and dates stay as written.

    A file is formatted only when it compiles without errors, and only when
    the formatted text compiles to exactly the same transactions.

    Without an option, prints the formatted text of each FILE. With --check,
    prints the names of the files that would change, the files they include
    among them, and exits 1 if there are any. With --write, rewrites the files
    that change, included ones too, atomically.

    OPTIONS:
      --check               name the files that are not formatted; exit 1 if any
      --write               rewrite the files in place
      --until DATE          horizon of repeat rules while checking (default: today)
      --diagnostics FORMAT  text (default), json or github
      --column-unit UNIT    what a column counts in text and github diagnostics:
                            char (default), byte or display
      --werror              warnings make the run fail (exit 1)

    Exit status: 0 when every file is (or now is) formatted, 1 when a file has
    errors or --check finds one to change, 2 for usage errors and files that
    cannot be read or written.

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions.union(["--check", "--write"]))
        let common = try CommonOptions(parsed)
        let check = parsed.has("--check"), write = parsed.has("--write")
        if check && write { throw UsageError(message: "--check and --write cannot be used together") }
        if write && common.files.contains("-") { throw UsageError(message: "--write needs files, not standard input") }
        var status = 0
        for path in common.files {
            var one = common
            one.files = [path]
            // With --write, the file is locked from before it is read until it is replaced.
            let writer = write ? try SafeWriter(path: path) : nil
            try writer?.lock()
            guard let before = try compileAndReport(one) else {
                status = 1
                continue
            }
            let root = before.rootFiles[0]
            // Printing shows the file named; --check and --write also cover the files it includes.
            var files = [root]
            if check || write {
                var seen: Set<String> = [before.sources.files[root].path]
                for k in before.sources.files.indices where seen.insert(before.sources.files[k].path).inserted { files.append(k) }
            }
            for index in files {
                let input = before.sources.files[index]
                switch LedgerFormatter().format(before, file: index, options: CompileOptions(horizon: common.until, today: common.today)) {
                case .unchanged:
                    if !check && !write { writeStdout(input.bytes) }
                case .wouldChangeMeaning:
                    RunDiagnostics.error(Messages.formatWouldChangeMeaning(input.path))
                    status = 1
                case .formatted(let formatted):
                    if check {
                        writeStdout(input.path + "\n")
                        status = 1
                    } else if write {
                        let target = index == root ? writer! : try SafeWriter(path: input.path)
                        if index != root {
                            try target.lock()
                            // Changed on disk since it was read: left as it is, with an error.
                            guard case .success(let now) = FileIO.read(input.path, .regularFile), now == input.bytes else {
                                RunDiagnostics.error(Messages.changedWhileFormatting(input.path))
                                status = 1
                                continue
                            }
                        }
                        try target.write(formatted)
                    } else {
                        writeStdout(formatted)
                    }
                }
            }
        }
        return status
    }
}
