#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// `ledgerc diff`: what changed in meaning between two versions of a journal.
enum DiffCommand: Subcommand {
    static let help = """
    ledgerc diff: what changed in meaning between two versions of a journal

    USAGE: ledgerc diff OLD NEW [--format text|json|markdown] [--until DATE]
                        [--from DATE] [--to DATE] [--period LENGTH] [-X COMMODITY]
           ledgerc diff REV [PATH]

    A side is a journal's path, or REV:PATH for the journal at a git revision
    (its includes read at that revision too). 'ledgerc diff REV PATH' compares
    the revision with the working tree; PATH defaults to $LEDGER_FILE.

    It lists the transactions added, removed and changed (matched by their
    meaning: date, description, tags and postings with their amounts, never by
    where they are written), the balance change per account and commodity in
    the period (--from/--to, per --period, valued with -X), the occurrences of
    repeat rules added or dropped up to the horizon (--until, default today),
    and the diagnostics that are new or fixed.

    EXIT STATUS: 0 the meaning is unchanged (formatting, order, files moved);
                 1 it changed; 2 a side could not be read.

    Setting it up as git's diff driver and merge helper: docs/GIT.md.

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(["--format", "--from", "--to", "--period", "-X", "--exchange"]),
                                   flagOptions: CommonOptions.flagOptions)
        let formatName = parsed.values["--format"] ?? "text"
        guard let format = DiffFormat(rawValue: formatName) else { throw UsageError(message: "--format takes text, json or markdown, not '\(formatName)'") }
        let sides = try self.sides(parsed.positionals)
        var common = try CommonOptions(Arguments((parsed.values["--until"].map { ["--until", $0] } ?? []) + ["-"],
                                                 valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions))
        var options = DiffOptions()
        if let from = parsed.values["--from"] {
            guard let d = DateSpan.parse(from, today: common.today) else { throw UsageError(message: "--from takes \(DateSpan.forms); not '\(from)'") }
            options.period.from = d.first
        }
        if let to = parsed.values["--to"] {
            guard let d = DateSpan.parse(to, today: common.today) else { throw UsageError(message: "--to takes \(DateSpan.forms); not '\(to)'") }
            options.period.to = d.last
        }
        if let p = parsed.values["--period"] {
            guard let length = CalendarUnit.reportPeriod(p) else { throw UsageError(message: "--period takes week, month, quarter or year, not '\(p)'") }
            options.grouping = length
        }
        if let target = parsed.values["-X"] ?? parsed.values["--exchange"] { options.valuation = Valuation(.end, in: target) }
        common.reach(options.period)
        // Each side's text, read with git or from the disk (the old side on a
        // thread of its own), and compiled as `check` compiles.
        func read(_ side: Side) -> Result<InputFile, any Error> {
            Result {
                if let rev = side.revision { return InputFile(path: side.path, bytes: try rev.read(side.path).get()) }
                return try readInputs([side.path])[0]
            }
        }
        let (old, new) = try DiffInput.compile(old: { read(sides[0]) }, oldFiles: sides[0].revision?.files,
                                               new: { read(sides[1]) }, newFiles: sides[1].revision?.files,
                                               options: CompileOptions(horizon: common.until, today: common.today))
        let diff: JournalDiff
        do throws(AmountOverflow) {
            diff = try JournalDiff(old: old, new: new, options: options)
        } catch {
            RunDiagnostics.show([error.diagnostic], sources: new.sources)
            return 2
        }
        writeStdout(format.render(diff, old: sides[0].label, new: sides[1].label))
        // Freeing both sides piece by piece would only cost time: the process ends here.
        keptUntilExit.append(contentsOf: [old, new] as [Any])
        return diff.isUnchanged ? 0 : 1
    }

    /// A side: a path on disk, or a path at a git revision.
    struct Side {
        var path: String
        var revision: GitRevision?
        var label: String { revision.map { "\($0.revision):\(path)" } ?? path }
    }

    /// `OLD NEW` (paths or REV:PATH), or `REV [PATH]` against the working tree.
    static func sides(_ positionals: [String]) throws -> [Side] {
        func exists(_ p: String) -> Bool { access(p, F_OK) == 0 }
        func side(_ word: String) throws -> Side {
            if exists(word) { return Side(path: word) }
            guard let colon = word.firstIndex(of: ":") else {
                throw UsageError(message: "'\(word)' is neither a file nor REV:PATH")
            }
            let path = String(word[word.index(after: colon)...])
            guard !path.isEmpty else { throw UsageError(message: "'\(word)' names no path after the revision") }
            return Side(path: path, revision: try revision(String(word[..<colon])))
        }
        switch positionals.count {
        case 2 where exists(positionals[0]) || positionals[0].contains(":"):
            return [try side(positionals[0]), try side(positionals[1])]
        case 1, 2:
            let path = positionals.count == 2 ? positionals[1] : (getenv("LEDGER_FILE").map { String(cString: $0) } ?? "")
            guard !path.isEmpty else { throw UsageError(message: "name the journal: ledgerc diff REV PATH (or set LEDGER_FILE)") }
            return [Side(path: path, revision: try revision(positionals[0])), Side(path: path)]
        default:
            throw UsageError(message: "give two sides (OLD NEW), or a revision and a journal (REV PATH)")
        }
    }

    static func revision(_ text: String) throws -> GitRevision {
        do {
            return try GitRevision(text)
        } catch {
            throw UsageError(message: error.description)
        }
    }
}
