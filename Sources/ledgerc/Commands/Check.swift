import LedgerCore

/// `ledgerc check`: compile and report problems; prints nothing else.
enum CheckCommand: Subcommand {
    static let help = """
    ledgerc check: parse, balance, check assertions and expand repeat rules

    USAGE: ledgerc check [FILE...] [--strict] [--until DATE] [--diagnostics text|json|github]

    OPTIONS:
      --strict              require every account and commodity to be declared (as hledger's
                            --strict); an undeclared one near a declared one is named
      --check-payees        require every payee to be declared too
      --until DATE          materialize repeat rules up to DATE (default: today)
      --diagnostics FORMAT  text (default), json or github
      --column-unit UNIT    what a column counts in text and github diagnostics:
                            char (default), byte or display
      --werror              warnings make the run fail (exit 1)

    Exit status: 0 when the input compiles, 1 when it has errors, 2 for usage
    errors and files that cannot be read.

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: CommonOptions.valueOptions, flagOptions: CommonOptions.flagOptions.union(["--strict", "--check-payees"]))
        let common = try CommonOptions(parsed)
        return try compileAndReport(common, options: CompileOptions(strict: parsed.has("--strict"), checkPayees: parsed.has("--check-payees"), mode: .diagnosticsOnly), writesNothingBack: true) == nil ? 1 : 0
    }
}
