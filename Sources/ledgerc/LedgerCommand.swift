#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// The `ledgerc` command: picks the subcommand and turns errors into exit codes.
enum LedgerCommand {
    static let version = "ledgerc " + LedgerCoreVersion.string

    nonisolated(unsafe) static let subcommands: [String: Subcommand.Type] = [
        "check": CheckCommand.self,
        "print": PrintCommand.self,
        "report": ReportCommand.self,
        "materialize": MaterializeCommand.self,
        "fmt": FormatCommand.self,
        "lsp": LanguageServerCommand.self,
        "add": AddCommand.self,
        "close": CloseCommand.self,
        "reconcile": ReconcileCommand.self,
        "rename": RenameCommand.self,
        "import": ImportCommand.self,
        "diff": DiffCommand.self,
        "merge": MergeCommand.self,
        "serve": ServeCommand.self,
        "accounts": ListCommand<AccountsList>.self,
        "payees": ListCommand<PayeesList>.self,
        "commodities": ListCommand<CommoditiesList>.self,
        "tags": ListCommand<TagsList>.self,
        "prices": ListCommand<PricesList>.self,
        "stats": ListCommand<StatsList>.self,
    ]

    /// The usage lines of the commands from check to rename: syntax, the same in every language.
    static let usageLines = """
      ledgerc check  [FILE...] [--strict] [--check-payees] [--until DATE] [--diagnostics text|json|github]
      ledgerc print  [FILE...] [--until DATE] [--from DATE] [--to DATE] [--date RANGE] [FILTER...]
      ledgerc report [REPORT] [FILE...] [--format text|csv|json] [--until DATE]
                     [--from DATE] [--to DATE] [--date RANGE] [FILTER...] [--depth N]
                     [--period week|month|quarter|year] [--historical] [--flat] [--empty] [-o PATH]
      ledgerc fmt    [FILE...] [--check | --write]
      ledgerc materialize FILE [--until DATE] [--write] [--quiet]
      ledgerc add    [FILE] [DATE] DESCRIPTION [ACCOUNT [AMOUNT]]... [--dry-run] [--new-account]
      ledgerc import JOURNAL CSV... [--rules FILE] [--dry-run] [--match-days N] [--learn] [--quiet]
      ledgerc close  [FILE...] --to DATE [FILTER...]
      ledgerc reconcile FILE --account ACCOUNT --to DATE --balance AMOUNT [--write]
      ledgerc rename account OLD NEW [FILE...] [--dry-run] [--merge]
    """

    static let help = """
    ledgerc: a compiler for plain-text ledgers

    USAGE:
    \(usageLines)
      ledgerc diff   OLD NEW | REV [PATH] [--format text|json|markdown]   (exit 1: the meaning changed)
      ledgerc merge  BASE OURS THEIRS   (git's merge driver for journals; docs/GIT.md)
      ledgerc serve  [JOURNAL] [--port N] [--read-only] [--no-open] [--lang ko|en]   (the web app; docs/SERVE.md)
      ledgerc accounts|payees|commodities|tags|prices|stats [FILE...] [--format text|csv|json]
                     (as 'report NAME'; accounts --types, tags --values, prices --infer)
      ledgerc lsp    (a Language Server on stdin/stdout; see docs/EDITORS.md)
      ledgerc --help | --version

    hledger's command line works too (docs/COMPATIBILITY.md):
      ledgerc [-f FILE]... bal|bs|is|cf|reg|print|accounts|check|close [QUERY...] [FLAGS...]
                     (-M -Q -Y -p -b -e -H -T -A --tree --depth -O csv -o FILE ...)

    FILE is a path or '-' for standard input; with none, $LEDGER_FILE is read.
    LEDGERC_TODAY=YYYY-MM-DD pins "today", the default horizon of repeat rules.
    Run 'ledgerc SUBCOMMAND --help' for a subcommand's options.

    """

    /// Whether `--lang` was given (the web page then speaks it, else the browser's language).
    nonisolated(unsafe) static var languageGiven = false

    /// The main help in the current language.
    static var mainHelp: String { Language.current == .korean ? KoreanHelp.main : help }

    /// Runs a command line (without the program name); returns the exit status.
    static func run(_ args: [String]) -> Int {
        var args = args
        RunDiagnostics.prescan(args)
        // The language: the environment's (LC_ALL, LC_MESSAGES, LANG), or --lang, which every command takes.
        Language.current = Language.fromEnvironment()
        if let bad = takeLanguage(&args) {
            RunDiagnostics.error(Messages.badLanguage(bad).text)
            RunDiagnostics.finish()
            return 2
        }
        var status = runCommand(args)
        // Standard output that could not be written is a failed run, never a silent one.
        if let failure = ByteSink.standardOutput.failure, status < 2 {
            RunDiagnostics.error(Messages.cannotWrite("standard output", failure))
            status = 2
        }
        RunDiagnostics.finish()
        return status
    }

    /// Takes `--lang ko|en` (or `--lang=...`) out of `args` and makes it the
    /// language; returns the value when it names no language.
    static func takeLanguage(_ args: inout [String]) -> String? {
        var i = 0
        while i < args.count, args[i] != "--" {
            var value: String?
            if args[i] == "--lang", i + 1 < args.count {
                value = args[i + 1]
                args.removeSubrange(i...(i + 1))
            } else if args[i].hasPrefix("--lang=") {
                value = String(args[i].dropFirst("--lang=".count))
                args.remove(at: i)
            } else {
                i += 1
                continue
            }
            guard let value, let language = Language(option: value) else { return value ?? "" }
            Language.current = language
            languageGiven = true
        }
        return nil
    }

    static func runCommand(_ args: [String]) -> Int {
        guard let first = args.first else {
            if RunDiagnostics.format == .text { writeStderr(mainHelp) } else { RunDiagnostics.error(Messages.noSubcommand.text) }
            return 2
        }
        switch first {
        case "--help", "-h", "help":
            writeStdout(mainHelp)
            return 0
        case "--version", "-V":
            writeStdout(version + "\n")
            return 0
        default:
            break
        }
        if HledgerCommandLine.recognizes(args) {
            return exitStatus(usage: Messages.seeHelpHledger.text) {
                try HledgerCommandLine.run(args)
            }
        }
        guard let command = subcommands[first] else {
            RunDiagnostics.error(Messages.unknownSubcommand(first, closestWord(to: first, among: Array(subcommands.keys))).text, notes: [Messages.seeHelp("ledgerc").text])
            return 2
        }
        let rest = Array(args.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            writeStdout(Language.current == .korean ? KoreanHelp.commands[first] ?? KoreanHelp.list(first) : command.help)
            return 0
        }
        return exitStatus(prefix: "\(first): ", usage: Messages.seeHelp("ledgerc \(first)").text) { try command.run(rest) }
    }

    /// Runs a command; a usage error is exit status 2 with a pointer to the
    /// help, a file that cannot be read or written 2 (with its catalogue id).
    static func exitStatus(prefix: String = "", usage: String, _ body: () throws -> Int) -> Int {
        do {
            return try body()
        } catch let e as UsageError {
            RunDiagnostics.error(prefix + UsageKorean.say(e.message), notes: [usage])
            return 2
        } catch let e as FileError {
            // With its catalogue id (`cannotRead`, `cannotWrite`) in JSON.
            RunDiagnostics.error(e.message)
            return 2
        } catch {
            RunDiagnostics.error("\(error)")
            return 2
        }
    }
}

/// One subcommand: its help text and what it does.
protocol Subcommand {
    static var help: String { get }
    /// Runs with the arguments after the subcommand's name; returns the exit status.
    static func run(_ args: [String]) throws -> Int
}

/// Writes to standard output; a failure is remembered and ends the run with exit 2.
func writeStdout(_ s: String) { ByteSink.standardOutput.write(Array(s.utf8)) }
func writeStdout(_ bytes: [UInt8]) { ByteSink.standardOutput.write(bytes) }
func writeStderr(_ s: String) { FileIO.writeAll(2, Array(s.utf8)) }

/// Compiles the inputs and prints the diagnostics to standard error.
/// Returns the compilation, or nil when it has errors (the caller exits 1).
/// `writesNothingBack`: the command only reads its inputs, so large ones
/// may be mapped rather than copied in (`FileIO.readForReading`).
/// `journalWarnings`: false for a command that adds entries (`add`,
/// `import`), which says what concerns its own entries; the journal's own
/// warnings (a card's payment, a name) are `check`'s to say, unless
/// `--werror` makes them fail the run.
func compileAndReport(_ common: CommonOptions, options: CompileOptions = CompileOptions(), writesNothingBack: Bool = false,
                      journalWarnings: Bool = true) throws -> Compilation? {
    let inputs = try readInputs(common.files, mapping: writesNothingBack)
    var options = options
    if writesNothingBack {
        options.readsInclude = { FileIO.readForReading($0, .regularFile) { RunDiagnostics.lastWords($0.message) } }
    }
    options.today = common.today
    let result = compile(inputs, until: common.until, options: options)
    let diagnostics = result.diagnostics
    let shown = journalWarnings || RunDiagnostics.warningsAreErrors ? diagnostics.sorted() + diagnostics.droppedWarningSummaries()
        : diagnostics.sorted().filter { $0.severity == .error }
    RunDiagnostics.show(shown, sources: result.sources, droppedErrors: max(0, diagnostics.errorCount - diagnostics.limit))
    // The process ends right after the command; freeing a large ledger
    // piece by piece would only cost time, so it is kept until exit.
    keptUntilExit.append(result)
    let failed = result.hasErrors || RunDiagnostics.warningsAreErrors && diagnostics.diagnostics.contains { $0.severity == .warning }
    return failed ? nil : result
}

/// Compilations (and diff sides) kept alive until the process exits (see `compileAndReport`).
nonisolated(unsafe) var keptUntilExit: [Any] = []

/// Every file a compile read (the journal and its includes), by identity on
/// disk, so that no spelling or link of an input passes as an output.
func inputIdentities(_ sources: SourceManager) -> Set<FileIdentity> {
    Set(sources.files.compactMap { FileIO.identity(of: $0.path) })
}
