import LedgerCore

/// `ledgerc check`: compile and report problems; prints nothing else.
enum CheckCommand: Subcommand {
    static let help = """
    ledgerc check: parse, balance, check assertions and expand repeat rules

    USAGE: ledgerc check [FILE...] [--strict] [--until DATE] [--diagnostics text|json|github]

    OPTIONS:
      --strict              require every account, commodity and payee to be declared
      --until DATE          materialize repeat rules up to DATE (default: today)
      --diagnostics FORMAT  text (default), json or github

    Exit status: 0 when the input compiles, 1 when it has errors, 2 for usage
    errors and files that cannot be read.

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions, flagOptions: ["--strict"])
        let common = try CommonOptions(parsed)
        return try compileAndReport(common, options: CheckOptions(strict: parsed.has("--strict"), onlyChecks: true)) == nil ? 1 : 0
    }
}
