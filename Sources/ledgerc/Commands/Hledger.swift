#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// hledger's command line (CLI.md, "hledger's command line"): the words are
/// read into a `HledgerRequest` by LedgerCore, and its reports come from the
/// one engine. Here: finding the files, compiling, showing diagnostics,
/// writing the bytes, and handing ledgerc's own commands their words.
enum HledgerCommandLine {
    static func recognizes(_ args: [String]) -> Bool { HledgerWords.recognizes(args) }

    static func run(_ args: [String]) throws -> Int {
        let today = try currentDate(), request: HledgerRequest
        do { request = try HledgerRequest(args, today: today) } catch { throw UsageError(message: error.message) }
        if request.wantsHelp {
            writeStdout(LedgerCommand.mainHelp)
            return 0
        }
        let files = try inputFiles(request.words.files)
        let passed = request.passedOptions
        do {
            switch request.command {
            case "accounts" where request.isPlainList, "payees" where request.isPlainList, "tags" where request.isPlainList:
                return try own(request.command).run(files + passed)
            case "commodities", "stats":
                guard request.queryWords.isEmpty else {
                    throw UsageError(message: "'\(request.command)' with a query is not done yet in hledger's form; use 'ledgerc report \(request.command)' with --account and the other filters")
                }
                return try own(request.command).run(files + passed)
            case "add", "import":
                return try own(request.command).run(try request.ownArguments(file: files[0]))
            case "close":
                // hledger's -e is the opening day; ledgerc's --to the last day closed. Its query keeps the accounts closed.
                guard let last = request.options.period.to else {
                    throw UsageError(message: "close in hledger's form takes -e DATE (the first day after the closing)")
                }
                let which = ["--close", "--open", "--interleaved", "--show-costs"].filter { request.words.has($0) } + (request.words.has("-x") ? ["--explicit"] : [])
                return try CloseCommand.run(files + passed + which + ["--to", last.description], also: request.options.query, hledgers: true)
            default:
                return try report(request, files: files)
            }
        } catch let error as CommandLineError {
            throw UsageError(message: error.message)
        }
    }

    /// ledgerc's own form of a command hledger's form hands on (`accounts`, `add`...).
    static func own(_ name: String) throws -> Subcommand.Type {
        guard let command = LedgerCommand.subcommands[name] else { throw UsageError(message: "'\(name)' has no ledgerc form") }
        return command
    }

    /// The `-f` files, else `$LEDGER_FILE`, else `~/.hledger.journal`.
    static func inputFiles(_ given: [String]) throws -> [String] {
        if !given.isEmpty { return given }
        if let env = getenv("LEDGER_FILE"), env.pointee != 0 { return [String(cString: env)] }
        if let home = getenv("HOME") { return [String(cString: home) + "/.hledger.journal"] }
        throw UsageError(message: "no input file: use -f FILE, or set LEDGER_FILE")
    }

    /// `check` and the reports: compile, show what the compile found, then write the output.
    static func report(_ request: HledgerRequest, files: [String]) throws -> Int {
        let (options, named) = try request.compileOptions()
        let compiled = compile(try readInputs(files, mapping: true), until: try request.horizon(), options: options)
        keptUntilExit.append(compiled)
        let shown = request.shown(compiled) + named.flatMap { compiled.problems(of: $0, secondaryDates: request.words.has("--date2")) }
        RunDiagnostics.show(shown + compiled.diagnostics.droppedWarningSummaries(), sources: compiled.sources,
                            droppedErrors: request.command == "check" ? max(0, compiled.diagnostics.errorCount - compiled.diagnostics.limit) : 0)
        if request.command == "check" {
            let failed = shown.contains { $0.severity == .error } || RunDiagnostics.warningsAreErrors && shown.contains { $0.severity == .warning }
            return failed ? 1 : 0
        }
        if shown.contains(where: { $0.severity == .error }) { return 1 }
        let output: HledgerOutput
        do {
            output = try request.output(compiled)
        } catch let overflow as AmountOverflow {
            RunDiagnostics.show([overflow.diagnostic], sources: compiled.sources)
            return 1
        } catch let problem as HledgerRoi.Problem {
            // What hledger's roi refuses (a mixed cost basis, no investment transaction): exit 1, as hledger's.
            RunDiagnostics.error(problem.message)
            return 1
        }
        RunDiagnostics.show(output.forecastProblems + output.warnings.map { Diagnostic(.warning, $0, at: nil) }, sources: compiled.sources)
        if let path = request.words.values["-o"], path != "-" {
            let writer = try SafeWriter(path: path)
            try writer.refuse(overwriting: inputIdentities(compiled.sources))
            try writer.open().write(output.bytes)
            try writer.commit()
        } else {
            writeStdout(output.bytes)
        }
        return 0
    }
}
