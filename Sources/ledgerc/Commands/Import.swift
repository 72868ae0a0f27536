#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// `ledgerc import`: bank and card statements (CSV) into the journal, once each.
enum ImportCommand: Subcommand {
    static let help = """
    ledgerc import: statements (CSV, XLSX, XLS, HTML) into the journal, each row once, by hledger's CSV rules

    USAGE: ledgerc import JOURNAL STATEMENT... [--rules FILE] [--dry-run] [--match-days N] [--learn] [--quiet]
                          [--password-file FILE]

    A statement is CSV (UTF-8 or CP949), XLSX, BIFF8 XLS, an HTML table saved
    as .xls, or a password-protected XLSX, told by its content. A workbook's
    first sheet (or the rules' 'sheet NAME') becomes rows as a CSV's lines.
    Each is read with its rules (hledger's CSV rules format; default: the
    statement's path with '.rules' added). A row is already recorded when the journal
    holds, on the same date (within --match-days days), a posting to its
    account1 of the same amount that no other row has claimed: importing a
    statement twice adds nothing. The new transactions are appended in date
    order, in fmt's layout, through the safe writer, after the journal with
    them compiled; otherwise nothing is written. See docs/IMPORT.md.

    OPTIONS:
      --rules FILE          the rules for every CSV
      --dry-run             print the new transactions; write nothing
      --match-days N        a posting up to N days from the row's date matches it (default 0)
      --learn               a row no rule categorizes takes the account the journal
                            uses most with its payee (else 지출:미분류 / Expenses:Unknown
                            for an outflow, 수입:미분류 / Income:Unknown for an inflow)
      --quiet               no summary line on standard error
      --password-file FILE  the password of a protected workbook (its first line);
                            else LEDGERC_STATEMENT_PASSWORD, else a prompt without
                            echo on a terminal (never read from a pipe)
      --diagnostics FORMAT  text (default), json or github

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions.union(["--rules", "--match-days", "--password-file"]),
                                   flagOptions: CommonOptions.flagOptions.union(["--dry-run", "--quiet", "--learn"]))
        guard parsed.positionals.count >= 2 else { throw UsageError(message: "give the JOURNAL, then one or more CSV statements") }
        let journalPath = parsed.positionals[0], csvPaths = Array(parsed.positionals.dropFirst())
        if journalPath == "-" { throw UsageError(message: "import writes into a journal file, not standard input") }
        if csvPaths.contains(journalPath) { throw UsageError(message: "'\(journalPath)' is the journal; give the statements after it") }
        let matchDays = try StatementOptions.matchDays(parsed)
        try StatementOptions.checkPasswordFile(parsed)
        let dryRun = parsed.has("--dry-run")
        var common = try CommonOptions(Arguments([journalPath] + (parsed.values["--until"].map { ["--until", $0] } ?? []),
                                                 valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions))
        common.files = [journalPath]
        // Read every statement first: a problem in any is an error before the journal is touched.
        let sources = SourceManager()
        let passwordFile = parsed.values["--password-file"]
        var (rows, problem, refused, skippedData) = try StatementImport.rows(of: csvPaths, rulesPath: { parsed.values["--rules"] ?? $0 + ".rules" }, sources: sources,
                                                                password: { () throws(StatementFormatError) in try StatementPassword.read(file: passwordFile) })
        RunDiagnostics.show(skippedData, sources: sources)
        if let problem {
            RunDiagnostics.show([problem], sources: sources)
            return refused ? 2 : 1
        }
        let writer = dryRun ? nil : try SafeWriter(path: journalPath)
        try writer?.lock()
        guard let compilation = try compileAndReport(common, journalWarnings: false) else { return 1 }
        if let problem = StatementImport.categorize(&rows, journal: compilation, learn: parsed.has("--learn")) {
            RunDiagnostics.show([problem], sources: sources)
            return 1
        }
        let plan = StatementImport.plan(rows, journal: compilation, journalPath: journalPath, matchDays: matchDays, today: common.today)
        // Only the rows that will be added are warned about.
        RunDiagnostics.show(StatementImport.warnings(plan), sources: sources)
        // The journal with the new rows must compile; a problem in a new row is shown at its CSV line.
        let checked = StatementImport.check(plan, journal: compilation, journalPath: journalPath, today: common.today, sources: sources)
        if !checked.problems.isEmpty {
            RunDiagnostics.show(checked.problems, sources: sources)
            AddCommand.say(Language.text("nothing was written to \(journalPath)", ko: "\(journalPath)에 아무것도 쓰지 않았습니다"))
            return 1
        }
        let (edited, texts) = (checked.edited, checked.texts)
        if dryRun {
            writeStdout(texts.joined(separator: "\n"))
        } else if !plan.new.isEmpty {
            try writer?.write(edited)
        }
        if !parsed.has("--quiet") {
            // One line per statement.
            for (index, file) in sources.files.enumerated() where csvPaths.contains(file.path) {
                let n = plan.new.count { $0.statement == index }, already = plan.alreadyRecordedIn[index] ?? 0
                AddCommand.say(Language.text("\(dryRun ? "would import" : "imported") \(n) new transaction\(n == 1 ? "" : "s") from \(file.path) (\(already) already recorded)",
                                             ko: "\(file.path)에서 새 거래 \(n)건을 \(dryRun ? "가져올 수 있습니다" : "가져왔습니다")(이미 기록됨 \(already)건)"))
            }
        }
        return 0
    }

}

/// The options `import` and `reconcile --statement` share.
enum StatementOptions {
    /// `--match-days N` (0 to 366; 0 without it).
    static func matchDays(_ parsed: Arguments) throws -> Int {
        guard let text = parsed.values["--match-days"] else { return 0 }
        guard let n = Int(text), n >= 0, n <= 366 else { throw UsageError(message: "--match-days takes a number of days from 0 to 366, not '\(text)'") }
        return n
    }

    /// A `--password-file` that cannot be read is named before any statement is (not at a statement's 1:1).
    static func checkPasswordFile(_ parsed: Arguments) throws {
        if let file = parsed.values["--password-file"], (try? FileIO.read(file, .regularFile).get()) == nil {
            throw UsageError(message: "cannot read the password file '\(file)'")
        }
    }
}

/// A protected workbook's password: from `--password-file` (its first
/// line), else `LEDGERC_STATEMENT_PASSWORD`, else asked on the terminal with
/// echo off. Never read from a pipe, never printed, never kept.
enum StatementPassword {
    static func read(file: String?) throws(StatementFormatError) -> String {
        if let file {
            guard let bytes = try? FileIO.read(file, .regularFile).get() else {
                throw StatementFormatError(message: Language.text("cannot read the password file '\(file)'", ko: "암호 파일 '\(file)'을(를) 읽을 수 없습니다"), refusal: true)
            }
            disableCoreDumps()
            return firstLine(bytes)
        }
        if let env = getenv("LEDGERC_STATEMENT_PASSWORD") {
            disableCoreDumps()
            return String(cString: env)
        }
        guard isatty(0) == 1, isatty(2) == 1 else {
            throw StatementFormatError(message: Language.text("the workbook is password-protected; give --password-file FILE or LEDGERC_STATEMENT_PASSWORD (ledgerc asks on a terminal, never on a pipe)",
                                                              ko: "암호가 걸린 통합 문서입니다. --password-file 파일이나 LEDGERC_STATEMENT_PASSWORD를 주세요(터미널에서는 묻고, 파이프에서는 묻지 않습니다)"), refusal: true)
        }
        disableCoreDumps()
        tcgetattr(0, &terminalBeforePrompt)
        var quiet = terminalBeforePrompt
        quiet.c_lflag &= ~tcflag_t(ECHO)
        // Ctrl-C (or a hang-up, a kill) at the prompt gives the terminal its echo back before the process ends.
        let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
        for s in signals { signal(s, restoreTerminalAndEnd) }
        tcsetattr(0, TCSAFLUSH, &quiet)
        var line: [UInt8] = []
        defer {
            tcsetattr(0, TCSAFLUSH, &terminalBeforePrompt)
            for s in signals { signal(s, SIG_DFL) }
            // The typed bytes are cleared once made a string.
            for k in line.indices { line[k] = 0 }
            writeStderr("\n")
        }
        writeStderr(Language.text("password for the statement: ", ko: "명세서 암호: "))
        var byte: UInt8 = 0
        while readByte(&byte), byte != 0x0A, line.count < 1024 { line.append(byte) }
        return String(decoding: line, as: UTF8.self).trimmingTrailingCR
    }
}

extension StatementPassword {
    /// A password file's first line, by its bytes: without its LF or CR LF
    /// (Windows Notepad), and without a UTF-8 byte-order mark. (As a Swift
    /// string, CR LF is one character, which a split at "\n" never finds.)
    static func firstLine(_ bytes: [UInt8]) -> String {
        var line = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if let end = line.firstIndex(of: 0x0A) { line = line[..<end] }
        if line.last == 0x0D { line = line.dropLast() }
        return String(decoding: line, as: UTF8.self)
    }
}

/// The terminal's modes before the password prompt turned echo off.
nonisolated(unsafe) private var terminalBeforePrompt = termios()

/// A signal at the password prompt: the terminal as it was, then the
/// signal's own end (tcsetattr, signal and raise are async-signal-safe).
private func restoreTerminalAndEnd(_ received: Int32) {
    tcsetattr(0, TCSAFLUSH, &terminalBeforePrompt)
    signal(received, SIG_DFL)
    raise(received)
}

/// One byte of standard input.
private func readByte(_ byte: inout UInt8) -> Bool { read(0, &byte, 1) == 1 }
