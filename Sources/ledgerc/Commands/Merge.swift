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
    conflict too: exit 1. So is one in which an entry of either side means
    something else than on its side (a directive one side appended, such as
    'alias' or 'apply account', that moves the other side's postings): both
    sides are left marked. Setup: docs/GIT.md.

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: [], flagOptions: [])
        guard parsed.positionals.count == 3 else { throw UsageError(message: "give BASE OURS THEIRS (git's %O %A %B)") }
        let (basePath, oursPath, theirsPath) = (parsed.positionals[0], parsed.positionals[1], parsed.positionals[2])
        let base = try FileIO.read(basePath).get(), ours = try FileIO.read(oursPath).get(), theirs = try FileIO.read(theirsPath).get()
        // A merge is clean only when the merged journal compiles with no more
        // errors than either side had (a change that looked like an append,
        // `Equity:Opening` → `Equity:Opening:Sub` at the end of the last line,
        // must never become a broken file that git commits), and every entry
        // of each side means there what it meant on its side (a directive one
        // side appended, `alias Assets:Bank = Assets:Attacker`, must never move
        // the other side's salary).
        let today = try currentDate()
        // Each text compiled once, though both merges below may ask about ours and theirs.
        var compiledTexts: [[UInt8]: Compilation] = [:]
        func compiled(_ bytes: [UInt8]) -> Compilation {
            if let c = compiledTexts[bytes] { return c }
            var options = CompileOptions(mode: .everything)
            options.today = today
            let c = compile([InputFile(path: oursPath, bytes: bytes)], until: today, options: options)
            compiledTexts[bytes] = c
            return c
        }
        if let appended = JournalMerge.cleanAppend(base: base, ours: ours, theirs: theirs, compiled: compiled) {
            try SafeWriter(path: oursPath).write(appended)
            return 0
        }
        // Not two appends that keep their meaning: git's three-way merge, conflicts marked.
        guard let r = Subprocess.run(["git", "merge-file", "-p", "-L", "ours", "-L", "base", "-L", "theirs", "--", oursPath, basePath, theirsPath]) else {
            throw UsageError(message: "git merge-file could not be run")
        }
        guard r.status >= 0 && r.status < 128 else { throw UsageError(message: "git merge-file failed: " + String(decoding: r.errors, as: UTF8.self)) }
        var merged = r.output
        let clean = r.status == 0 && JournalMerge.isClean(merged, base: base, ours: ours, theirs: theirs, compiled: compiled)
        if r.status == 0 && !clean {
            // git saw no conflict, but the meaning changed: the whole of each side, marked, for a person to decide.
            merged = JournalMerge.wholeSidesConflict(ours: ours, theirs: theirs)
            writeStderr(Language.text("ledgerc merge: the merged journal would change what an entry of one side means (an alias, apply, comment or include beside the other's entries?); both sides are left marked\n",
                                      ko: "ledgerc merge: 병합한 장부에서 한쪽 항목의 의미가 달라집니다(다른 쪽 항목 옆의 alias, apply, 주석, include?). 양쪽을 표시해 두었습니다\n"))
        }
        let writer = try SafeWriter(path: oursPath)
        try writer.write(merged)
        return clean ? 0 : 1
    }
}
