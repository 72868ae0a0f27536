#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// A usage mistake: printed with a pointer to `--help`, exit status 2.
struct UsageError: Error {
    var message: String
}

/// The words of a command line: options (with or without values) and positionals.
struct Arguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    /// Parses `args` given the options that take a value and the flags.
    init(_ args: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            var name = arg
            var inline: String?
            if let eq = arg.firstIndex(of: "="), arg.hasPrefix("--") {
                name = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            if valueOptions.contains(name) {
                if let inline {
                    values[name] = inline
                } else {
                    guard i < args.count else { throw UsageError(message: "option '\(name)' needs a value") }
                    values[name] = args[i]
                    i += 1
                }
            } else if flagOptions.contains(name), inline == nil {
                flags.insert(name)
            } else {
                var hint = ""
                if let s = closestWord(to: name, among: Array(valueOptions) + Array(flagOptions)) { hint = " (did you mean '\(s)'?)" }
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
        }
    }

    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// What every compiling subcommand shares: inputs, today, horizon, diagnostics format.
struct CommonOptions {
    var files: [String]
    /// Today (`LEDGERC_TODAY` pins it): the year of dates written without one.
    var today: CivilDate
    /// The horizon of repeat rules: `--until`, else today.
    var until: CivilDate
    var diagnostics: DiagnosticFormat

    static let valueOptions: Set<String> = ["--until", "--diagnostics", "--column-unit"]
    static let flagOptions: Set<String> = ["--werror"]

    init(_ args: Arguments) throws {
        files = args.positionals
        if files.isEmpty, let env = getenv("LEDGER_FILE"), env.pointee != 0 {
            files = [String(cString: env)]
        }
        if files.isEmpty { throw UsageError(message: "no input file: name one, use '-' for standard input, or set LEDGER_FILE") }
        today = try currentDate()
        if let text = args.values["--until"] {
            guard let d = CivilDate.parse(text) else { throw UsageError(message: "--until needs a date YYYY-MM-DD, not '\(text)'") }
            until = d
        } else {
            until = today
        }
        let format = args.values["--diagnostics"] ?? "text"
        guard let f = DiagnosticFormat(rawValue: format) else {
            throw UsageError(message: "--diagnostics takes text, json or github, not '\(format)'")
        }
        diagnostics = f
        if let unit = args.values["--column-unit"], ColumnUnit(rawValue: unit) == nil {
            throw UsageError(message: "--column-unit takes byte, char or display, not '\(unit)'")
        }
    }
}

/// Today as a local date, or `LEDGERC_TODAY` when set (so runs are reproducible).
func currentDate() throws -> CivilDate {
    if let env = getenv("LEDGERC_TODAY") {
        let text = String(cString: env)
        guard let d = CivilDate.parse(text) else { throw UsageError(message: "LEDGERC_TODAY must be a date YYYY-MM-DD, not '\(text)'") }
        return d
    }
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    return CivilDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
}

/// Reads the named inputs; a file that cannot be read is exit status 2.
func readInputs(_ paths: [String]) throws(FileError) -> [InputFile] {
    var inputs: [InputFile] = []
    var stdinUsed = false
    for path in paths {
        if path == "-" {
            if stdinUsed { continue }
            stdinUsed = true
            inputs.append(InputFile(path: "<stdin>", bytes: try FileIO.readStandardInput().get()))
            continue
        }
        inputs.append(InputFile(path: path, bytes: try FileIO.read(path).get()))
    }
    return inputs
}

/// `--from` / `--to` as a period (partial dates cover their whole year or month).
func periodOption(_ args: Arguments) throws -> Period {
    var period = Period()
    if let text = args.values["--from"] {
        guard let b = Period.parseBound(text) else { throw UsageError(message: "--from takes YYYY, YYYY-MM or YYYY-MM-DD, not '\(text)'") }
        period.from = b.first
    }
    if let text = args.values["--to"] {
        guard let b = Period.parseBound(text) else { throw UsageError(message: "--to takes YYYY, YYYY-MM or YYYY-MM-DD, not '\(text)'") }
        period.to = b.last
    }
    if let f = period.from, let t = period.to, t < f {
        throw UsageError(message: "--to is before --from: the period is empty")
    }
    return period
}
