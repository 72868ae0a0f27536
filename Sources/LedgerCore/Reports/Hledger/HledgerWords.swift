/// A command line that cannot be read: a usage error (exit status 2).
public struct CommandLineError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The words of one command line in hledger's form (CLI.md, "hledger's
/// command line"): `[-f FILE]... COMMAND [QUERY...] [FLAGS...]`, options
/// before or after the command, bundled short flags (`-MTA`), glued short
/// values (`-w80`), the depth shorthand (`-1`...`-9`), `--opt=value`.
/// Every option is kept by its short spelling where it has one.
public struct HledgerWords: Sendable {
    public var command: String?
    public var files: [String] = []
    /// The words after the command: its query, or `check`'s names.
    public var positionals: [String] = []
    public var values: [String: String] = [:]
    public var flags: Set<String> = []

    /// Options that take a value.
    static let valueOptions: Set<String> = [
        "-f", "--file", "-p", "--period", "-b", "--begin", "-e", "--end", "--depth", "-X", "--exchange", "--value",
        "-O", "--output-format", "-o", "--output-file", "--today", "--diagnostics", "--column-unit", "--until", "--pivot", "--rules-file",
        "--drop", "-w", "--width", "--inv", "--investment", "--pnl", "--profit-loss", "--format", "--alias", "--layout",
    ]
    /// Options that take none.
    static let flagOptions: Set<String> = [
        "-D", "--daily", "-W", "--weekly", "-M", "--monthly", "-Q", "--quarterly", "-Y", "--yearly",
        "-H", "--historical", "-T", "--row-total", "-A", "--average", "-N", "--no-total", "-S", "--sort-amount",
        "--invert", "-E", "--empty", "--flat", "-l", "--tree", "-t", "-B", "--cost", "-V", "--market",
        "--infer-market-prices", "--costs", "--inverted-costs", "-C", "--cleared", "-P", "--pending", "-U", "--unmarked", "-R", "--real",
        "-I", "--ignore-assertions", "--auto", "--color", "--colour", "--no-color", "--werror", "--strict", "--transpose", "--cumulative", "--change", "--help", "-h", "--budget",
        "-%", "--percent", "-r", "--related", "--values", "--types", "--declared", "--used", "--dry-run",
        "-x", "--explicit", "-s", "--no-elide", "--pretty", "--date2", "--open", "--close", "--infer-reverse-prices", "--interleaved", "--show-costs",
    ]
    /// The short spelling of an option that has two.
    static let shortSpelling = [
        "--period": "-p", "--begin": "-b", "--end": "-e", "--exchange": "-X", "--output-format": "-O", "--output-file": "-o",
        "--daily": "-D", "--weekly": "-W", "--monthly": "-M", "--quarterly": "-Q", "--yearly": "-Y", "--historical": "-H",
        "--row-total": "-T", "--average": "-A", "--no-total": "-N", "--sort-amount": "-S", "--empty": "-E", "-l": "--flat",
        "-t": "--tree", "--cost": "-B", "--market": "-V", "--cleared": "-C", "--pending": "-P", "--unmarked": "-U",
        "--real": "-R", "--ignore-assertions": "-I", "--colour": "--color", "--percent": "-%", "--related": "-r",
        "--explicit": "-x", "--width": "-w", "--investment": "--inv", "--profit-loss": "--pnl",
        // `prices`' old spellings.
        "--costs": "--infer-market-prices", "--inverted-costs": "--infer-reverse-prices",
    ]
    static func canonical(_ name: String) -> String { shortSpelling[name] ?? name }

    /// The commands only hledger's form has (ledgerc's own words are `report NAME`).
    static let hledgerOnly: Set<String> = ["bal", "balance", "bs", "balancesheet", "is", "incomestatement", "cf", "cashflow", "reg", "register", "roi", "descriptions", "notes", "codes", "areg", "aregister"]

    /// Whether `args` is a command line in hledger's form: `-f` anywhere, or a command only hledger's form has.
    public static func recognizes(_ args: [String]) -> Bool {
        if args.contains(where: { $0 == "-f" || $0 == "--file" || $0.hasPrefix("--file=") || ($0.hasPrefix("-f") && $0.count > 2 && !$0.hasPrefix("--")) }) { return true }
        return args.first.map { hledgerOnly.contains($0) } ?? false
    }

    /// `--alias OLD=NEW` and `--alias /REGEX/=NEW`, in the order given (each may repeat).
    public private(set) var aliases: [String] = []

    public init(_ args: [String]) throws(CommandLineError) {
        var i = 0
        while i < args.count {
            var arg = args[i]
            i += 1
            if arg == "-" || !arg.hasPrefix("-") || arg.count == 1 {
                if command == nil { command = arg } else { positionals.append(arg) }
                continue
            }
            if arg.hasPrefix("-f"), !arg.hasPrefix("--"), arg.count > 2 {
                files.append(String(arg.dropFirst(2)))
                continue
            }
            let short = !arg.hasPrefix("--")
            // A short option's value glued to it (`-w80`, `-p2025`, `-Ocsv`).
            if short, arg.count > 2, Self.valueOptions.contains(String(arg.prefix(2))), !Self.flagOptions.contains(arg) {
                values[Self.canonical(String(arg.prefix(2)))] = String(arg.dropFirst(2))
                continue
            }
            // `-1` ... `-9`: hledger's depth shorthand.
            if arg.count == 2, let n = Int(arg.dropFirst()), n >= 1 {
                values["--depth"] = String(n)
                continue
            }
            // Bundled short flags (`-MTA`, `-NE`): each letter a flag of its own.
            if short, arg.count > 2, !Self.flagOptions.contains(arg), !Self.valueOptions.contains(arg),
               arg.dropFirst().allSatisfy({ Self.flagOptions.contains("-\($0)") }) {
                for letter in arg.dropFirst() { flags.insert(Self.canonical("-\(letter)")) }
                continue
            }
            var inline: String?
            if !short, let eq = arg.firstIndex(of: "=") {
                inline = String(arg[arg.index(after: eq)...])
                arg = String(arg[..<eq])
            }
            if arg == "--color" || arg == "--colour" || arg == "--pretty" {
                // `--color=WHEN` and `--pretty[=yes|no]`: hledger's optional values.
                if let inline, !["yes", "no", "always", "never", "auto", "y", "n"].contains(inline.lowercased()) {
                    throw CommandLineError("\(arg) takes yes, no, always, never or auto, not '\(inline)'")
                }
                if inline.map({ ["no", "never", "n"].contains($0.lowercased()) }) != true { flags.insert(Self.canonical(arg)) }
                if let inline { values[Self.canonical(arg)] = inline.lowercased() }
                continue
            }
            if arg == "--forecast" {
                // A flag with an optional value: `--forecast` or `--forecast=PERIOD`.
                flags.insert(arg)
                if let inline { values[arg] = inline }
                continue
            }
            if Self.valueOptions.contains(arg) {
                let value: String
                if let inline { value = inline } else {
                    guard i < args.count else { throw CommandLineError(Messages.optionNeedsValue(arg).text) }
                    value = args[i]
                    i += 1
                }
                if arg == "-f" || arg == "--file" {
                    files.append(value)
                } else if arg == "--alias" {
                    aliases.append(value)
                } else {
                    values[Self.canonical(arg)] = value
                }
            } else if Self.flagOptions.contains(arg), inline == nil {
                flags.insert(Self.canonical(arg))
            } else {
                // Nearest by edit distance among the real flags of the same kind (short or long).
                let same = (Self.valueOptions.union(Self.flagOptions)).filter { $0.hasPrefix("--") == arg.hasPrefix("--") }
                throw CommandLineError(Messages.unknownOption(arg, closestWord(to: arg, among: same.sorted())).text)
            }
        }
    }

    /// Whether one of `names` was given.
    public func has(_ names: String...) -> Bool { names.contains { flags.contains($0) } }
}
