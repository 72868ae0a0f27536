/// Every diagnostic message of `ledgerc`, in one place, alphabetised by name.
///
/// This is where a reviewer judges wording: each message says what is wrong
/// and, where one exists, what would fix it (usually in a note).
public enum Messages {
    public static func ambiguousNumber(_ text: String) -> String {
        "ambiguous number '\(text)': a grouping comma must be followed by exactly three digits"
    }
    public static let ambiguousNumberHint = "write the decimal part with '.', or declare 'decimal-mark ,' for decimal commas"
    public static func assertionFailed(_ account: String, expected: String, actual: String) -> String {
        "balance assertion failed: \(account) is \(actual), not \(expected)"
    }
    public static func assertionDifference(_ diff: String) -> String { "the difference is \(diff)" }
    public static let automatedTransactionsUnsupported =
        "automated transactions ('= QUERY') are not supported"
    public static let automatedTransactionsHint = "write the extra postings in each transaction; see docs/COMPATIBILITY.md"
    public static func badAlias() -> String { "an alias needs the form 'alias OLD = NEW'" }
    public static func badDecimalMark(_ text: String) -> String {
        "decimal-mark must be '.' or ',', not '\(text)'"
    }
    public static let blankDescriptionRule = "a repeat rule needs a description after its schedule, separated by two spaces"
    public static func cannotRead(_ path: String, _ reason: String) -> String { "cannot read '\(path)': \(reason)" }
    public static let inputTooLarge = "larger than 2 GiB, the most ledgerc reads"
    public static func cannotWrite(_ path: String, _ reason: String) -> String { "cannot write '\(path)': \(reason)" }
    public static let notARegularFile = "not a regular file (a pipe or a device cannot be included)"
    public static let notWritable = "the file is not writable (left as it is)"
    public static let outputIsAnInput = "it is one of the journal's input files; refusing to write over it"
    public static func materializeWouldFail(_ message: String) -> String {
        "nothing was written: with the occurrences recorded, the journal would not compile: \(message)"
    }
    public static let materializeWouldChangeMeaning =
        "nothing was written: recording the occurrences would change what the journal means (please report this)"
    public static func recorded(occurrences: Int, rules: Int, file: String) -> String {
        "recorded \(occurrences) occurrence\(occurrences == 1 ? "" : "s") of \(rules) rule\(rules == 1 ? "" : "s") in \(file)"
    }
    public static func formatWouldChangeMeaning(_ path: String) -> String {
        "\(path): the formatted text would not mean the same; the file is left as it is (please report this)"
    }
    public static let lockedByAnotherWriter = "another ledgerc is writing this file; try again when it has finished"
    public static let countZero = "'count 0' gives no occurrences; the count must be at least 1"
    public static func dateNotInCalendar(_ y: Int, _ m: Int, _ d: Int) -> String {
        let names = ["January", "February", "March", "April", "May", "June", "July",
                     "August", "September", "October", "November", "December"]
        if (1...12).contains(m), (1...9999).contains(y) {
            return "invalid date: \(names[m - 1]) \(y) has \(CivilDate.daysInMonth(year: y, month: m)) days, not \(d)"
        }
        return "invalid date: month \(m) does not exist"
    }
    public static func didYouMean(_ s: String) -> String { "did you mean '\(s)'?" }
    public static func doesNotBalance(_ diff: String) -> String { "transaction does not balance: off by \(diff)" }
    public static func duplicateRule(_ name: String) -> String {
        "a repeat rule named '\(name)' already exists; rule names must be unique"
    }
    public static let duplicateRuleNote = "the first rule with this name is here"
    public static let emptyAccount = "expected an account name"
    public static let expectedAmount = "expected an amount"
    public static func expectedAfterKeyword(_ keyword: String, _ what: String) -> String { "expected \(what) after '\(keyword)'" }
    public static let expectedDate = "expected a date (YYYY-MM-DD)"
    public static let expectedSpaceAfterDate = "expected a space after the date"
    public static func includeCycle(_ path: String) -> String { "include cycle: '\(path)' is already being read" }
    public static func includeTooDeep(_ path: String, _ depth: Int) -> String {
        "cannot include '\(path)': includes are nested more than \(depth) deep"
    }
    public static func includedTwice(_ path: String) -> String {
        "'\(path)' is already included in this journal; it is read once (its transactions would otherwise count twice)"
    }
    public static func includeMissing(_ path: String, _ reason: String) -> String { "cannot include '\(path)': \(reason)" }
    public static func includeNoMatch(_ pattern: String) -> String { "no file matches 'include \(pattern)'" }
    public static let invalidNul = "NUL byte in the input"
    public static func invalidPeriod(_ word: String) -> String { "invalid period expression: unexpected '\(word)'" }
    public static let invalidUTF8 = "invalid UTF-8 byte sequence"
    public static func missingArgument(_ directive: String, _ what: String) -> String { "'\(directive)' needs \(what)" }
    public static let missingFrom = "a repeat rule needs 'from DATE': the anchor and first occurrence"
    public static let multipleElided = "transaction has more than one posting without an amount"
    public static let multipleElidedNote = "this posting has no amount either; only one posting per group may omit it"
    public static let numberTooLarge = "number is too large (at most 34 digits and 30 decimal places)"
    public static let orphanIndentedLine = "indented line does not belong to a transaction or directive"
    public static let orphanIndentedHint = "items start in column 1; postings are indented under a transaction"
    public static let overflow = "amount overflows: the sum is too large to compute exactly"
    public static func runningBalanceOverflows(_ account: String) -> String {
        "amount overflows: the running balance of \(account) needs more than 38 digits, so this assertion cannot be checked exactly"
    }
    public static let tooLargeToShow = "too large to show exactly"
    public static func accountEndsInAmount(_ name: String, _ amount: String) -> String {
        "the account name '\(name)' ends in what looks like an amount ('\(amount)')"
    }
    public static let accountAmountSeparator = "separate the account from its amount with two spaces or a tab"
    public static func undeclaredNear(_ name: String, _ near: String) -> String {
        "account '\(name)' is not declared, but '\(near)' is"
    }
    public static func tooManyAccountLevels(_ n: Int) -> String {
        "an account name has at most \(n) levels; the name is cut here"
    }
    public static func unlikelyYear(_ year: Int) -> String {
        let digits = String(year)
        return "the year \(String(repeating: "0", count: max(0, 4 - digits.count)) + digits) looks mistyped: dates before 1900 or after 2200 are almost always typos"
    }
    public static func manyOccurrences(_ rule: String, _ n: Int) -> String {
        "the rule '\(rule)' generates \(n) occurrences up to the horizon; check its dates (a mistyped year?)"
    }
    public static func tooManyOccurrences(_ rule: String, _ limit: Int) -> String {
        "too many occurrences: with the rule '\(rule)' the journal generates more than \(limit); generation stops here (check the rule's dates and --until)"
    }
    public static let tooManyErrors = "too many errors; stopping"
    public static func amountOverflows(_ what: String) -> String {
        "amount overflows: \(what) needs more than 38 digits; ledgerc computes every figure exactly or not at all"
    }
    public static func postingsSum(_ sum: String) -> String { "the postings sum to \(sum)" }
    public static func ruleDoesNotBalance(_ diff: String) -> String { "repeat rule does not balance: off by \(diff)" }
    public static func sellsMoreThanHeld(_ sold: String, _ account: String, _ held: String) -> String {
        "sells \(sold) but \(account) holds \(held)"
    }
    public static func undeclared(_ kind: String, _ name: String, option: String = "--strict") -> String {
        "\(kind) '\(name)' is not declared (\(option))"
    }
    public static func undeclaredHint(_ directive: String, _ name: String) -> String { "declare it with '\(directive) \(name)'" }
    public static let unclosedBlockComment = "block comment runs to the end of the file: add 'end comment' where it should stop"
    public static func unclosedVirtual(_ close: Character) -> String { "virtual account is missing its closing '\(close)'" }
    public static func unexpectedText(_ after: String) -> String { "unexpected text after \(after)" }
    public static func unknownAccountType(_ t: String) -> String {
        "unknown account type '\(t)': use Asset, Liability, Equity, Income or Expense (or A L E R X)"
    }
    public static func unknownDirective(_ word: String) -> String { "unknown directive '\(word)'" }
    public static func unknownSchedule(_ word: String) -> String { "unknown schedule '\(word)'" }
    public static let unknownScheduleHint =
        "use daily, weekly, biweekly, monthly, bimonthly, quarterly, semiannually, yearly, or 'every N days|weeks|months|quarters|years'"
    public static let unterminatedQuote = "unterminated quoted commodity: add the closing '\"'"
    public static let untilBeforeFrom = "'until' is before 'from': the rule would have no occurrences"
}

/// Suggests the closest known word for a misspelled one (edit distance ≤ 2).
public func closestWord(to word: String, among candidates: [String]) -> String? {
    let w = Array(word.lowercased().unicodeScalars)
    var best: (String, Int)?
    for c in candidates {
        let d = editDistance(w, Array(c.unicodeScalars))
        if d <= min(2, max(1, w.count / 2)), best == nil || d < best!.1 { best = (c, d) }
    }
    return best?.0
}

func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var prev = Array(0...b.count)
    var cur = prev
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return prev[b.count]
}
