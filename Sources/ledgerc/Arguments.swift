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
    /// The last value of each option.
    var values: [String: String] = [:]
    /// Every option with a value, in command-line order (for options that repeat).
    var repeated: [(name: String, value: String)] = []
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
                let value: String
                if let inline {
                    value = inline
                } else {
                    guard i < args.count else { throw UsageError(message: Messages.optionNeedsValue(name).text) }
                    value = args[i]
                    i += 1
                }
                values[name] = value
                repeated.append((name, value))
            } else if flagOptions.contains(name), inline == nil {
                flags.insert(name)
            } else {
                throw UsageError(message: Messages.unknownOption(name, closestWord(to: name, among: Array(valueOptions) + Array(flagOptions))).text)
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
    /// `--until` was on the command line.
    var untilGiven = false

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
            guard let d = DateSpan.parse(text, today: today) else { throw UsageError(message: "--until takes \(DateSpan.forms); not '\(text)'") }
            until = d.last
            untilGiven = true
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

extension CommonOptions {
    /// A period that ends after the horizon moves it there, unless `--until`
    /// was given: a report of next quarter shows next quarter's rent.
    mutating func reach(_ period: DateSpan) {
        if !untilGiven, let to = period.to, to > until { until = to }
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
func readInputs(_ paths: [String], mapping: Bool = false) throws(FileError) -> [InputFile] {
    var inputs: [InputFile] = []
    var stdinUsed = false
    for path in paths {
        if path == "-" {
            if stdinUsed { continue }
            stdinUsed = true
            inputs.append(InputFile(path: "<stdin>", bytes: try FileIO.readStandardInput().get()))
            continue
        }
        if mapping {
            let read = FileIO.readForReading(path) { RunDiagnostics.lastWords($0.message) }
            inputs.append(InputFile(path: path, contents: try read.get()))
        } else {
            inputs.append(InputFile(path: path, bytes: try FileIO.read(path).get()))
        }
    }
    return inputs
}

/// `--from`, `--to` and `--date` as a period: a DATE naming a span covers
/// all of it (`--from` takes its first day, `--to` its last).
func periodOption(_ args: Arguments, today: CivilDate) throws -> DateSpan {
    var period = DateSpan()
    if let text = args.values["--date"] {
        guard let p = DateSpan.parseRange(text, today: today) else {
            throw UsageError(message: "--date takes a DATE or DATE..DATE, where a DATE is \(DateSpan.forms); not '\(text)'")
        }
        period = p
    }
    if let text = args.values["--from"] {
        guard let s = DateSpan.parse(text, today: today) else { throw UsageError(message: "--from takes \(DateSpan.forms); not '\(text)'") }
        period.from = s.first
    }
    if let text = args.values["--to"] {
        guard let s = DateSpan.parse(text, today: today) else { throw UsageError(message: "--to takes \(DateSpan.forms); not '\(text)'") }
        period.to = s.last
    }
    if let f = period.from, let t = period.to, t < f {
        throw UsageError(message: "the period ends (\(t)) before it starts (\(f)): it is empty")
    }
    return period
}

/// The FILTER options, in the order given, as one query.
func queryOption(_ args: Arguments) throws -> Query {
    var query = Query()
    for (name, value) in args.repeated where Query.options.contains(name) {
        do { try query.add(option: name, value: value) } catch { throw UsageError(message: error.message) }
    }
    return query
}

/// The options `periodOption` and `queryOption` read.
let queryValueOptions: Set<String> = Set(Query.options).union(["--from", "--to", "--date"])

/// The help lines of the period and filter options.
let queryHelp = """
  --from DATE, --to DATE  the period, inclusive. DATE: YYYY, YYYY-MM, YYYY-MM-DD,
                        YYYY-Qn, today, yesterday, tomorrow, this|last|next
                        week|month|quarter|year (a span: --from takes its first
                        day, --to its last). Relative dates count from today
                        (LEDGERC_TODAY pins it). A --to after today without
                        --until also materializes repeat rules up to --to.
  --date RANGE          both ends: 2025-03, 'last month', 2025-01..2025-03
  --account PATTERN     postings whose account matches
  --not-account PATTERN postings whose account does not match
  --payee PATTERN       transactions whose payee matches
  --note PATTERN        transactions whose whole description matches
  --tag NAME[=PATTERN]  postings tagged NAME (on them or their transaction)
  --status STATUS       cleared, pending or unmarked
  --amount OPNUMBER     the signed amount: '>100', '<=-5', '=0'
                        A filter repeated matches any of its values; different
                        filters must all match. PATTERN: text in any case, or
                        /regex/.
"""
