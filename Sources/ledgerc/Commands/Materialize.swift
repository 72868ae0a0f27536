import LedgerCore

/// `ledgerc materialize`: writes unfulfilled occurrences into the file as recorded transactions.
enum MaterializeCommand: Subcommand {
    static let help = """
    ledgerc materialize: record the occurrences of repeat rules up to a date

    USAGE: ledgerc materialize FILE [--until DATE] [--write]

    Each occurrence up to the horizon that no recorded transaction fulfils is
    written as an ordinary transaction tagged 'repeat: DESCRIPTION', so that it
    fulfils its occurrence from then on. Without --write, prints what it would
    add; with --write, appends it to FILE atomically (a new file is written
    beside it and renamed over it). Running it twice adds nothing the second time.

    OPTIONS:
      --until DATE          the horizon (default: today)
      --write               append to FILE instead of printing
      --diagnostics FORMAT  text (default), json or github

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions, flagOptions: ["--write"])
        let common = try CommonOptions(parsed)
        guard common.files.count == 1 else { throw UsageError(message: "materialize takes exactly one FILE") }
        let write = parsed.has("--write")
        if write && common.files[0] == "-" { throw UsageError(message: "--write needs a file, not standard input") }
        guard let result = try compileAndReport(common) else { return 1 }
        let journal = result.ledger.journal
        let printer = LedgerPrinter(journal: journal, sources: result.sources)
        var added = ByteBuffer()
        for t in result.ledger.ordered {
            guard let g = t.generated else { continue }
            let rule = journal.rules[Int(g.rule)]
            added.byte(0x0A)
            printer.write(t, into: &added, headerComment: "repeat: \(rule.description)")
        }
        if !write {
            FileIO.writeAll(1, added.bytes)
            return 0
        }
        if added.count == 0 { return 0 }
        let path = common.files[0]
        var bytes = result.sources.files[0].bytes
        if let last = bytes.last, last != 0x0A { bytes.append(0x0A) }
        bytes.append(contentsOf: added.bytes)
        if case .failure(let e) = FileIO.writeAtomically(path, bytes) { throw IOFailure(message: e.description) }
        return 0
    }
}
