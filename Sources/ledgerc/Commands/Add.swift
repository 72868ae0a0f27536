#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// `ledgerc add`: records one transaction, checked against the whole journal first.
enum AddCommand: Subcommand {
    static let help = """
    ledgerc add: record a transaction, validated before it is written

    USAGE: ledgerc add [FILE] [DATE] DESCRIPTION [ACCOUNT [AMOUNT]]... [--dry-run] [--new-account]

    Example: ledgerc add house.ledger 2025-03-02 편의점 지출:식비 4,500 KRW 자산:카드

    DATE defaults to today (LEDGERC_TODAY pins it; also 'yesterday'). One
    posting may leave its amount out. An AMOUNT is read as the journal writes
    amounts (its commodity formats and decimal mark) and may be one word or
    two (4,500 KRW). Quote words that hold spaces.

    Before anything is written, the journal with the new transaction must
    compile: the transaction balances, its numbers and date are valid, its
    accounts are known (else the nearest are suggested), and no later balance
    assertion breaks. On an error, nothing is written and the exit status is 1.

    The transaction is written in the layout of 'ledgerc fmt', after the last
    transaction of FILE dated on or before it (at the end when FILE is not in
    date order); every other byte of FILE stays as it was. The write is atomic,
    through a symlink, keeping the file's permissions.

    With no postings, on a terminal, add asks for the description, the date and
    the postings, offering the most recent transaction with a similar
    description as a template, and completing account names from a part of
    them. An empty description or Ctrl-D at the first question ends without
    writing.

    OPTIONS:
      --dry-run             print the transaction, write nothing
      --new-account         accept accounts the journal does not have yet
      --diagnostics FORMAT  text (default), json or github
      --column-unit UNIT    what a column counts in text and github diagnostics
      --werror              warnings make the run fail (exit 1)

    """

    static func run(_ args: [String]) throws -> Int {
        // Amounts may start with '-': only the known options are options here.
        var words: [String] = [], flags = Set<String>(), values: [String: String] = [:]
        var i = 0
        while i < args.count {
            let a = args[i]
            i += 1
            if a == "--dry-run" || a == "--new-account" || a == "--werror" { flags.insert(a); continue }
            if a == "--diagnostics" || a == "--column-unit" {
                guard i < args.count else { throw UsageError(message: Messages.optionNeedsValue(a).text) }
                values[a] = args[i]
                i += 1
                continue
            }
            if a.hasPrefix("--"), a.count > 2, !a.dropFirst(2).first!.isNumber {
                if let eq = a.firstIndex(of: "="), ["--diagnostics", "--column-unit"].contains(String(a[..<eq])) {
                    values[String(a[..<eq])] = String(a[a.index(after: eq)...])
                    continue
                }
                throw UsageError(message: Messages.unknownOption(a, closestWord(to: a, among: ["--dry-run", "--new-account", "--diagnostics", "--column-unit", "--werror"])).text)
            }
            words.append(a)
        }
        let today = try currentDate()
        // FILE: the first word when it names a file (or LEDGER_FILE when it does not).
        var file: String
        if let first = words.first, first != "-", access(first, F_OK) == 0 {
            file = first
            words.removeFirst()
        } else if let env = getenv("LEDGER_FILE"), env.pointee != 0 {
            file = String(cString: env)
        } else if let first = words.first, first.hasSuffix(".ledger") || first.hasSuffix(".journal") {
            throw UsageError(message: "no such file '\(first)'")
        } else {
            throw UsageError(message: "no journal: name FILE first, or set LEDGER_FILE")
        }
        if file == "-" { throw UsageError(message: "add writes into a file, not standard input") }
        var date = today
        do {
            if let first = words.first, let d = try dateWord(first, today: today) {
                date = d
                words.removeFirst()
            }
        } catch let e as UsageError {
            // A date that is not in the calendar is a refusal of the input, like check's errors.
            RunDiagnostics.error(e.message)
            say(Language.text("nothing was written to \(file)", ko: "\(file)에 아무것도 쓰지 않았습니다"))
            return 1
        }
        let common = try CommonOptions(Arguments([file] + values.flatMap { [$0.key, $0.value] } + flags.filter { $0 == "--werror" }.sorted(),
                                                 valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions))
        // The whole read-check-write holds the lock (not for a dry run).
        let writer = flags.contains("--dry-run") ? nil : try SafeWriter(path: file)
        try writer?.lock()
        guard let compilation = try compileAndReport(common, journalWarnings: false) else { return 1 }
        var new: NewTransaction
        if words.count <= 1 {
            guard isatty(0) != 0 else {
                throw UsageError(message: words.isEmpty ? "give a DESCRIPTION and postings (or run on a terminal to be asked)" : "give the postings: ACCOUNT [AMOUNT]...")
            }
            guard let asked = AddDialog(compilation: compilation, date: date, description: words.first).run() else { return 0 }
            new = asked
        } else {
            new = NewTransaction(date: date, description: words.removeFirst(), postings: try postings(words, compilation))
        }
        if new.description.trimmingSpaces.isEmpty { throw UsageError(message: "the description is empty") }
        var options = CompileOptions()
        options.today = common.today
        let plan = AddPlan(compilation, new: new, allowNewAccounts: flags.contains("--new-account"), options: options)
        guard plan.problems.isEmpty else {
            RunDiagnostics.show(plan.problems, sources: plan.sources)
            say(Language.text("nothing was written to \(file)", ko: "\(file)에 아무것도 쓰지 않았습니다"))
            return 1
        }
        writeStdout(plan.text)
        guard let writer else {
            say(Language.text("(dry run: would be added at \(file):\(plan.line))", ko: "(시험 실행: \(file):\(plan.line)에 추가됩니다)"))
            return 0
        }
        try writer.write(plan.edited)
        say(Language.text("added at \(file):\(plan.line)", ko: "\(file):\(plan.line)에 추가했습니다"))
        return 0
    }

    /// A line for the person on standard error (`add`, `import`); with JSON or
    /// GitHub diagnostics standard error holds only those, so it is left out.
    static func say(_ line: String) {
        if RunDiagnostics.format == .text { writeStderr(line + "\n") }
    }

    /// `2025-03-02` (also `/` or `.`), `today`, `yesterday`; nil for a word
    /// that is no date; a usage error for a date that does not exist.
    static func dateWord(_ word: String, today: CivilDate) throws -> CivilDate? {
        if ["today", "yesterday", "tomorrow"].contains(word.lowercased()) { return DateSpan.parse(word, today: today)?.first }
        let parts = word.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        guard let d = CivilDate.parse(word) else { throw UsageError(message: "'\(word)' is not a date in the calendar (YYYY-MM-DD)") }
        return d
    }

    /// ACCOUNT [AMOUNT] pairs: a word is an account when it holds ':' or names
    /// a known account (or comes first); the words after it, up to the next
    /// account, are its amount.
    static func postings(_ words: [String], _ c: Compilation) throws -> [(account: String, amount: String?)] {
        let accounts = c.ledger.journal.accounts
        let known = Set((0..<Int32(accounts.count)).map { accounts[$0] })
        func isAmountStart(_ w: String) -> Bool {
            guard let f = w.unicodeScalars.first else { return false }
            return f == "-" || f == "+" || f == "." || ("0"..."9").contains(f) || w.unicodeScalars.contains { ("0"..."9").contains($0) }
        }
        var out: [(account: String, amount: String?)] = []
        for w in words {
            // A word with no ':' that the journal does not know is part of an amount (`KRW`).
            let isAccount = !isAmountStart(w) && (w.contains(":") || known.contains(w) || out.isEmpty)
            if isAccount {
                out.append((w, nil))
            } else if let last = out.last {
                out[out.count - 1].amount = last.amount.map { $0 + " " + w } ?? w
            } else {
                throw UsageError(message: "'\(w)' looks like an amount, but no account comes before it")
            }
        }
        guard out.count >= 2 else { throw UsageError(message: "a transaction needs at least two postings") }
        return out
    }
}
