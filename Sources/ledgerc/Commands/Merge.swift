import LedgerCore

/// `ledgerc merge BASE OURS THEIRS`: git's merge driver for journals
/// (`git config merge.ledgerc.driver 'ledgerc merge %O %A %B'`).
enum MergeCommand: Subcommand {
    static let help = """
    ledgerc merge: merge two versions of a journal that each appended transactions

    USAGE: ledgerc merge BASE OURS THEIRS

    git's merge driver for journals: BASE is the common ancestor, OURS the
    current branch's version (the result is written there, safely), THEIRS
    the other branch's. When both branches only appended to BASE, the
    appended entries are merged in date order (a day's entries: ours, then
    theirs; one written the same on both sides is kept once): exit 0.
    Otherwise it is git's own three-way merge (git merge-file), with conflict
    markers where both changed the same lines: exit 1. A merge whose result
    has more errors than either side had (checked by compiling it) is a
    conflict too: exit 1. Setup: docs/GIT.md.

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: [], flagOptions: [])
        guard parsed.positionals.count == 3 else { throw UsageError(message: "give BASE OURS THEIRS (git's %O %A %B)") }
        let (basePath, oursPath, theirsPath) = (parsed.positionals[0], parsed.positionals[1], parsed.positionals[2])
        let base = try FileIO.read(basePath).get(), ours = try FileIO.read(oursPath).get(), theirs = try FileIO.read(theirsPath).get()
        // A merge is clean only when the merged journal compiles with no more
        // errors than either side had: a change that looked like an append
        // (`Equity:Opening` → `Equity:Opening:Sub` at the end of the last
        // line) must never become a broken file that git commits.
        let today = try currentDate()
        // Each text compiled once, though both merges below may ask about ours and theirs.
        var counted: [[UInt8]: Int] = [:]
        func errors(_ bytes: [UInt8]) -> Int {
            if let n = counted[bytes] { return n }
            var options = CompileOptions(mode: .diagnosticsOnly)
            options.today = today
            let n = compile([InputFile(path: oursPath, bytes: bytes)], until: today, options: options).diagnostics.errorCount
            counted[bytes] = n
            return n
        }
        if let appended = JournalMerge.cleanAppend(base: base, ours: ours, theirs: theirs, errors: errors) {
            try SafeWriter(path: oursPath).write(appended)
            return 0
        }
        // Not two appends: git's three-way merge, conflicts marked.
        guard let r = Subprocess.run(["git", "merge-file", "-p", "-L", "ours", "-L", "base", "-L", "theirs", "--", oursPath, basePath, theirsPath]) else {
            throw UsageError(message: "git merge-file could not be run")
        }
        guard r.status >= 0 && r.status < 128 else { throw UsageError(message: "git merge-file failed: " + String(decoding: r.errors, as: UTF8.self)) }
        let merged = r.output
        let clean = r.status == 0 && errors(merged) <= max(errors(ours), errors(theirs))
        let writer = try SafeWriter(path: oursPath)
        try writer.write(merged)
        return clean ? 0 : 1
    }
}
