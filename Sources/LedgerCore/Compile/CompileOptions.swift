/// What one compile is asked for.
public struct CompileOptions: Sendable {
    /// How much of the input the compile keeps.
    public enum Mode: Sendable {
        /// The whole ledger, for reports, `print` and writes.
        case everything
        /// Only the diagnostics are wanted (`ledgerc check`): transactions that
        /// balance exactly are checked as they are read and let go; the ledger
        /// holds the rest and their balance events (`Journal.letGo`).
        case diagnosticsOnly
    }

    /// Repeat rules are materialized up to this date. Nil: none is.
    public var horizon: CivilDate?
    /// "Today": dates written without a year (`1/15`) take its year when no
    /// `Y`/`year` directive is in effect. It is never the horizon: moving the
    /// horizon must not move recorded data. Nil: such dates need a `Y` directive.
    public var today: CivilDate?
    /// Every account and commodity used must be declared (hledger's `--strict`).
    public var strict = false
    /// What `strict` asks of: accounts, commodities, or both (hledger's `check accounts`, `check commodities`).
    public var strictAccounts = true, strictCommodities = true
    /// Every payee used must be declared (`check --check-payees`).
    public var checkPayees = false
    public var mode = Mode.everything
    /// hledger's `--alias`: account aliases for every file, applied after the
    /// journal's own `alias` directives, in the order given.
    public var aliases: [AccountAlias] = []
    /// Texts that take the place of files on disk, by path as joined from
    /// `include` (unsaved editor buffers; a write checked before it is made).
    public var overlay: [String: [UInt8]] = [:]
    /// Where included files come from when not from the disk (a journal at a
    /// git revision, `ledgerc diff`): reads a path, and lists a glob's matches.
    public var files: IncludedFiles?
    /// How an `include` on disk is read, when not copied in by `FileIO.read`
    /// (the commands that write nothing back map large ones:
    /// `FileIO.readForReading`).
    package var readsInclude: (@Sendable (String) -> Result<FileBytes, FileError>)?
    /// Files at least this large are read by two parsers at once (tests set 0
    /// to read every file that way).
    public var parallelThreshold = JournalParser.defaultParallelThreshold
    /// With `diagnosticsOnly`, each transaction let go keeps the fingerprint
    /// of its header (date, status, code, description, tags) beside its
    /// movements, so that `ledgerc diff` can tell it from another without
    /// keeping it whole.
    public var keepsLetGoHeaders = false
    /// Where the second parser starts, in thousandths of the file (tests and
    /// the fuzzer move it to check that every split gives the same result).
    public var splitPermille = 500
    /// About how large each piece of a file read at once is: one thread
    /// reads pieces from the front, another from the back, until they
    /// meet. Tests and the fuzzer make it small, so that a small file has
    /// many pieces.
    public var parallelPieceBytes = JournalParser.defaultPieceBytes
    /// The most occurrences of `repeat` rules a compile generates in all
    /// (past it: an error naming the rule). The fuzzer lowers it, so that an
    /// input of a few bytes (`repeat daily from 0001-01-01`) costs what the
    /// others do; the bound's path is the same.
    public var mostOccurrences = Expander.mostOccurrences
    /// The most postings automated transactions (`= QUERY`) add in a compile
    /// (past it: an error naming the rule). The fuzzer lowers it as it does
    /// `mostOccurrences`.
    public var mostGeneratedPostings = AutomatedPostings.mostGeneratedPostings
    /// The work a journal's own patterns (`alias /.../`, automated
    /// transactions' queries) may take matching its names (`PatternWork`);
    /// tests lower it.
    public var mostPatternSteps = PatternWork.most
    /// With `diagnosticsOnly`, plain transactions are read straight into the
    /// check stream (`Parser+PlainTransactions.swift`); tests turn it off to
    /// compare with the general path.
    package var readsPlainTransactionsDirectly = true

    public init(horizon: CivilDate? = nil, today: CivilDate? = nil, strict: Bool = false, checkPayees: Bool = false,
                mode: Mode = .everything) {
        self.horizon = horizon
        self.today = today
        self.strict = strict
        self.checkPayees = checkPayees
        self.mode = mode
    }

    /// What the checker requires.
    var checks: CheckOptions {
        var c = CheckOptions(strict: strict, checkPayees: checkPayees)
        c.strictAccounts = strictAccounts
        c.strictCommodities = strictCommodities
        c.mostGeneratedPostings = mostGeneratedPostings
        c.mostPatternSteps = mostPatternSteps
        return c
    }
}
