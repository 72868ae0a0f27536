/// Every diagnostic message of `ledgerc`, in one place, in alphabetical
/// order of name. Each is a typed message whose ID is its name: tests and
/// `--diagnostics json` use the ID, which stays the same when the wording is
/// improved; renaming a member changes its ID and must be called out.
///
/// This is where a reviewer judges wording: each message says what is wrong
/// and, where one exists, what would fix it (usually in a note).
public enum Messages {
    public static var accountAmountSeparator: DiagnosticMessage { .init("separate the account from its amount with two spaces or a tab") }
    public static func accountEndsInAmount(_ name: String, _ amount: String) -> DiagnosticMessage {
        .init("the account name '\(name)' ends in what looks like an amount ('\(amount)')")
    }
    public static func accountMayEndInAmount(_ name: String, _ amount: String) -> DiagnosticMessage {
        .init("if '\(amount)' was meant as the amount of '\(name)', separate them with two spaces or a tab")
    }
    public static func ambiguousNumber(_ text: String) -> DiagnosticMessage {
        .init("ambiguous number '\(text)': a grouping comma must be followed by exactly three digits")
    }
    public static var percentOfMixedCommodities: DiagnosticMessage {
        .init("cannot show percentages of amounts in more than one commodity (as hledger); add -B, -V or -X COMMODITY, or a cur: term")
    }
    public static func secondDateQueryIgnored(_ command: String) -> DiagnosticMessage {
        .init("date2: narrows no \(command) report in hledger 1.25, and ledgerc gives hledger's figures: every date is counted (it narrows register, aregister and print)")
    }
    public static func cardTagsMissing(_ account: String, _ missing: String) -> DiagnosticMessage {
        .init("the card '\(account)' also needs \(missing) (a card declares statement-day, payment-day and paid-from)")
    }
    public static func cardDayInvalid(_ tag: String, _ value: String) -> DiagnosticMessage {
        .init("\(tag) takes a day of the month from 1 to 31, not '\(value)'")
    }
    public static func cardPaymentDiffers(_ closes: String, _ due: String, _ paid: String, _ paidOn: String, _ gap: String, short: Bool) -> DiagnosticMessage {
        .init("the statement of \(closes) comes to \(due); \(paid) was paid on \(paidOn): \(gap) \(short ? "short" : "over")")
    }
    public static var ambiguousNumberHint: DiagnosticMessage { .init("write the decimal part with '.', or declare 'decimal-mark ,' for decimal commas") }
    public static func amountOverflows(_ what: String) -> DiagnosticMessage {
        .init("amount overflows: \(what) needs more than 38 digits; ledgerc computes every figure exactly or not at all")
    }
    public static func assertionDifference(_ diff: String) -> DiagnosticMessage { .init("the difference is \(diff)") }
    public static func assertionFailed(_ account: String, expected: String, actual: String) -> DiagnosticMessage {
        .init("balance assertion failed: \(account) is \(actual), not \(expected)")
    }
    public static var automatedPostingNeedsAmount: DiagnosticMessage { .init("a posting of an automated transaction needs an amount, or '*N' for the matched amount times N") }
    public static func automatedUnbalanced(_ query: String, _ difference: String) -> DiagnosticMessage {
        .init("the postings that '= \(query)' adds do not balance (off by \(difference)); make them balance, or make them virtual with '(...)'")
    }
    public static func bareNumberInAutomated(_ n: String) -> DiagnosticMessage {
        .init("'\(n)' has no commodity: ledgerc and hledger add it as an amount, ledger-cli reads it as a multiplier; write '*\(n)' for the matched amount times \(n)")
    }
    public static func companyMarkAsCode(_ mark: String) -> DiagnosticMessage {
        .init("'\(mark)' is read as the transaction's code, not as part of the description (as hledger and ledger read it)")
    }
    public static func companyMarkAsCodeFix(_ header: String) -> DiagnosticMessage {
        .init("to keep it in the description, write an empty code before it: '\(header)'")
    }
    public static var prettyNotDone: DiagnosticMessage {
        .init("--pretty: ledgerc draws its tables in ASCII (hledger's box-drawing lines are not done yet)")
    }
    public static var widthNotDone: DiagnosticMessage {
        .init("-w/--width: ledgerc fits only the register's postings to a width (N), not a description width (,M) or another report")
    }
    public static func importProblem(_ text: String) -> DiagnosticMessage { .init(text) }
    public static func importNotUTF8(_ path: String) -> DiagnosticMessage {
        .init("'\(path)' is neither UTF-8 nor CP949/EUC-KR; say its encoding in the rules ('encoding ...'), or convert it: iconv -f ENCODING -t UTF-8 '\(path)' > statement.csv")
    }
    public static func importUncategorized(_ account: String) -> DiagnosticMessage {
        .init("no rule gives this row an account2: it goes to \(account) (add an 'if' block, or an 'account2' default, to the rules)")
    }
    public static func importSkippedData(_ skip: Int) -> DiagnosticMessage {
        .init("'skip \(skip)' skips this row, which reads as a transaction (its date is a date); blank lines are not counted, as in hledger")
    }
    public static func importRowBreaks(_ text: String) -> DiagnosticMessage { .init("this row would not compile in the journal: \(text)") }
    public static func badQueryTerm(_ term: String) -> DiagnosticMessage { .init("cannot read the query term '\(term)'") }
    public static func unsupportedQueryTerm(_ term: String) -> DiagnosticMessage {
        .init("the query term '\(term)' is not supported in automated transactions (use acct:, desc:, payee:, note:, code:, tag:, amt:, cur:, status:, real:, not:)")
    }
    public static func valueExpressionAsQuery(_ query: String) -> DiagnosticMessage {
        .init("'= \(query)' reads as hledger's query words, not as a ledger-cli value expression; balances may differ from ledger-cli's")
    }
    public static func badAlias() -> DiagnosticMessage { .init("an alias needs the form 'alias OLD = NEW'") }
    public static func badAliasRegex(_ source: String) -> DiagnosticMessage { .init("'/\(source)/' is not a regular expression") }
    public static func badDecimalMark(_ text: String) -> DiagnosticMessage {
        .init("decimal-mark must be '.' or ',', not '\(text)'")
    }
    public static func badOrdinal(_ word: String) -> DiagnosticMessage {
        .init("'\(word)' is not a week of the month: use 1st, 2nd, 3rd, 4th, 5th or last")
    }
    public static func badPostingDate(_ text: String) -> DiagnosticMessage {
        .init("invalid posting date '\(text)': write YYYY-MM-DD, or MM-DD for the transaction's year")
    }
    public static var blankDescriptionRule: DiagnosticMessage { .init("a repeat rule needs a description after its schedule, separated by two spaces") }
    public static func cannotRead(_ path: String, _ reason: String) -> DiagnosticMessage { .init("cannot read '\(path)': \(reason)") }
    public static func cannotWrite(_ path: String, _ reason: String) -> DiagnosticMessage { .init("cannot write '\(path)': \(reason)") }
    public static func changedWhileFormatting(_ path: String) -> DiagnosticMessage {
        .init("\(path) changed while it was being formatted; it was left as it is (run fmt again)")
    }
    public static var countZero: DiagnosticMessage { .init("'count 0' gives no occurrences; the count must be at least 1") }
    public static var datedAssertion: DiagnosticMessage {
        .init("ledgerc checks this posting's balance assertion on the transaction's date; hledger checks it on the posting's own date")
    }
    public static func dateOutOfOrder(_ date: String, previous: String) -> DiagnosticMessage {
        .init("transaction date \(date) is before the previous transaction's, \(previous) (check ordereddates)")
    }
    public static func dateNotInCalendar(_ y: Int, _ m: Int, _ d: Int) -> DiagnosticMessage {
        let names = ["January", "February", "March", "April", "May", "June", "July",
                     "August", "September", "October", "November", "December"]
        if (1...12).contains(m), (1...9999).contains(y) {
            return .init("invalid date: \(names[m - 1]) \(y) has \(CivilDate.daysInMonth(year: y, month: m)) days, not \(d)")
        }
        return .init("invalid date: month \(m) does not exist")
    }
    public static func didYouMean(_ s: String) -> DiagnosticMessage { .init("did you mean '\(s)'?") }
    public static func doesNotBalance(_ diff: String) -> DiagnosticMessage { .init("transaction does not balance: off by \(diff)") }
    public static func duplicateRule(_ name: String) -> DiagnosticMessage {
        .init("a repeat rule named '\(name)' already exists; rule names must be unique")
    }
    public static var duplicateRuleNote: DiagnosticMessage { .init("the first rule with this name is here") }
    public static var emptyAccount: DiagnosticMessage { .init("expected an account name") }
    public static func encodingHint(_ path: String) -> DiagnosticMessage {
        .init("convert it once: iconv -f CP949 -t UTF-8 '\(path)' > converted.ledger, then replace the file with converted.ledger")
    }
    public static var encodingLooksKorean: DiagnosticMessage {
        .init("the file is not UTF-8: it reads as CP949 (EUC-KR), the older Korean encoding")
    }
    public static func expectedAfterKeyword(_ keyword: String, _ what: String) -> DiagnosticMessage { .init("expected \(what) after '\(keyword)'") }
    public static var expectedAmount: DiagnosticMessage { .init("expected an amount") }
    public static var expectedDate: DiagnosticMessage { .init("expected a date (YYYY-MM-DD)") }
    public static var expectedSpaceAfterDate: DiagnosticMessage { .init("expected a space after the date") }
    public static func formatWouldChangeMeaning(_ path: String) -> DiagnosticMessage {
        .init("\(path): the formatted text would not mean the same; the file is left as it is (please report this)")
    }
    public static func fullWidthCharacter(_ character: String, _ code: String, _ ascii: String) -> DiagnosticMessage {
        .init("'\(character)' (\(code)) is a full-width character; write the ASCII '\(ascii)'")
    }
    public static func fullWidthInAccount(_ name: String, _ character: String, _ code: String, _ ascii: String) -> DiagnosticMessage {
        .init("the account name '\(name)' has the full-width '\(character)' (\(code)) where the ASCII '\(ascii)' was probably meant")
    }
    public static func ignoredConstruct(_ what: String, _ tool: String) -> DiagnosticMessage {
        .init("ledgerc ignores \(what); balances may differ from \(tool)'s")
    }
    public static func includeCycle(_ path: String) -> DiagnosticMessage { .init("include cycle: '\(path)' is already being read") }
    public static func includedTwice(_ path: String) -> DiagnosticMessage {
        .init("'\(path)' is already included in this journal; it is read once (its transactions would otherwise count twice)")
    }
    public static func includeMissing(_ path: String, _ reason: String) -> DiagnosticMessage { .init("cannot include '\(path)': \(reason)") }
    public static func includeNoMatch(_ pattern: String) -> DiagnosticMessage { .init("no file matches 'include \(pattern)'") }
    public static func includeTooDeep(_ path: String, _ depth: Int) -> DiagnosticMessage {
        .init("cannot include '\(path)': includes are nested more than \(depth) deep")
    }
    public static var inputTooLarge: DiagnosticMessage { .init("larger than 2 GiB, the most ledgerc reads") }
    public static var invalidNul: DiagnosticMessage { .init("NUL byte in the input") }
    public static func invalidPeriod(_ word: String) -> DiagnosticMessage { .init("invalid period expression: unexpected '\(word)'") }
    public static var invalidUTF8: DiagnosticMessage { .init("invalid UTF-8 byte sequence") }
    public static var lockedByAnotherWriter: DiagnosticMessage { .init("another ledgerc is writing this file; try again when it has finished") }
    public static func manyOccurrences(_ rule: String, _ n: Int) -> DiagnosticMessage {
        .init("the rule '\(rule)' generates \(n) occurrences up to the horizon; check its dates (a mistyped year?)")
    }
    public static var materializeWouldChangeMeaning: DiagnosticMessage { .init("nothing was written: recording the occurrences would change what the journal means (please report this)") }
    public static func materializeWouldFail(_ message: String) -> DiagnosticMessage {
        .init("nothing was written: with the occurrences recorded, the journal would not compile: \(message)")
    }
    public static func missingArgument(_ directive: String, _ what: String) -> DiagnosticMessage { .init("'\(directive)' needs \(what)") }
    public static var missingFrom: DiagnosticMessage { .init("a repeat rule needs 'from DATE': the anchor and first occurrence") }
    public static var multipleElided: DiagnosticMessage { .init("transaction has more than one posting without an amount") }
    public static var multipleElidedNote: DiagnosticMessage { .init("this posting has no amount either; only one posting per group may omit it") }
    public static func nearMissOccurrence(_ date: String, _ rule: String) -> DiagnosticMessage {
        .init("this looks like the \(date) occurrence of rule '\(rule)', which is generated as well; use the rule's description or add '; repeat: \(rule)' to fulfil it")
    }
    public static var newAccountHint: DiagnosticMessage { .init("to add a new account, declare it with 'account NAME' or give --new-account") }
    public static func noPrice(_ commodity: String, _ target: String, _ date: String, more: Int) -> DiagnosticMessage {
        let others = more > 0 ? " (and on \(more) more \(more == 1 ? "day" : "days"))" : ""
        return .init("no price converts \(commodity) to \(target) on \(date)\(others): those amounts stay in \(commodity); add a 'P DATE \(commodity) PRICE \(target)' line")
    }
    public static func unknownBooking(_ word: String) -> DiagnosticMessage {
        .init("unknown booking method '\(word)': average, fifo or lifo")
    }
    public static var badSplitRatio: DiagnosticMessage {
        .init("a split needs a ratio N:M of two positive numbers, e.g. 50:1 (fifty new shares for one)")
    }
    public static func noSuchLot(_ wanted: String, _ account: String, _ lots: String) -> DiagnosticMessage {
        .init("no lot \(wanted) in \(account); its lots: \(lots)")
    }
    public static var notARegularFile: DiagnosticMessage { .init("not a regular file (a pipe, a device or a file of /dev, /proc or /sys cannot be included)") }
    public static var notWritable: DiagnosticMessage { .init("the file is not writable (left as it is)") }
    public static var isADirectory: DiagnosticMessage { .init("it is a directory") }
    public static var numberTooLarge: DiagnosticMessage { .init("number is too large (at most 34 digits and 30 decimal places)") }
    public static func onNeedsMonths(_ schedule: String) -> DiagnosticMessage {
        .init("'on' picks a day of the month, so it needs a monthly, quarterly or yearly schedule, not '\(schedule)'")
    }
    public static var orphanIndentedHint: DiagnosticMessage { .init("items start in column 1; postings are indented under a transaction") }
    public static var orphanIndentedLine: DiagnosticMessage { .init("indented line does not belong to a transaction or directive") }
    public static var outputIsAnInput: DiagnosticMessage { .init("it is one of the journal's input files; refusing to write over it") }
    public static var overflow: DiagnosticMessage { .init("amount overflows: the sum is too large to compute exactly") }
    public static func periodNotScheduled(_ period: String) -> DiagnosticMessage {
        .init("ledgerc cannot schedule '~ \(period)' (it reads daily ... yearly, every N days|weeks|months|quarters|years, from, to, in): this rule sets no budget goal, though hledger's budget may use it")
    }
    public static var postingNotIndented: DiagnosticMessage {
        .init("posting lines are indented: start this line with spaces or a tab, under its transaction")
    }
    public static func postingsSum(_ sum: String) -> DiagnosticMessage { .init("the postings sum to \(sum)") }
    public static func receiptNotAFile(_ receipt: String) -> DiagnosticMessage {
        .init("the receipt '\(receipt)' is not a file path relative to the journal; the page shows it as text, never as a link")
    }
    public static func receiptMissing(_ receipt: String, _ path: String) -> DiagnosticMessage {
        .init("the receipt '\(receipt)' is not there (looked for \(path))")
    }
    public static func recorded(occurrences: Int, rules: Int, file: String) -> DiagnosticMessage {
        .init("recorded \(occurrences) occurrence\(occurrences == 1 ? "" : "s") of \(rules) rule\(rules == 1 ? "" : "s") in \(file)")
    }
    public static func ruleDoesNotBalance(_ diff: String) -> DiagnosticMessage { .init("repeat rule does not balance: off by \(diff)") }
    public static func runningBalanceOverflows(_ account: String) -> DiagnosticMessage {
        .init("amount overflows: the running balance of \(account) needs more than 38 digits, so this assertion cannot be checked exactly")
    }
    public static var scheduleDescriptionSpacing: DiagnosticMessage {
        .init("two spaces separate the schedule from the description")
    }
    public static func secondaryDateIgnored(_ text: String) -> DiagnosticMessage {
        .init("ledgerc ignores the secondary posting date '\(text)' (hledger reads it only with --date2); the posting counts on its primary date")
    }
    public static func sellsMoreThanHeld(_ sold: String, _ account: String, _ held: String) -> DiagnosticMessage {
        .init("sells \(sold) but \(account) holds \(held)")
    }
    public static func sellsMoreThanHeldHint(_ account: String) -> DiagnosticMessage {
        .init("ledgerc checks what is sold against what was bought (hledger and ledger do not); where a short sale, or a journal that records only the sale, is meant, declare 'account \(account)' with the tag '; allow-negative:'")
    }
    public static var shrankWhileRead: DiagnosticMessage { .init("it got shorter while it was read; run the command again") }
    public static var tooLargeToShow: DiagnosticMessage { .init("too large to show exactly") }
    public static func tooManyAccountLevels(_ n: Int) -> DiagnosticMessage {
        .init("an account name has at most \(n) levels; the name is cut here")
    }
    public static var tooManyErrors: DiagnosticMessage { .init("too many errors; stopping") }
    public static func tooManyOccurrences(_ rule: String, _ limit: Int) -> DiagnosticMessage {
        .init("too many occurrences: with the rule '\(rule)' the journal generates more than \(limit); generation stops here (check the rule's dates and --until)")
    }
    public static var unclosedBlockComment: DiagnosticMessage { .init("block comment runs to the end of the file: add 'end comment' where it should stop") }
    public static func unclosedVirtual(_ close: Character) -> DiagnosticMessage { .init("virtual account is missing its closing '\(close)'") }
    public static func undeclared(_ kind: String, _ name: String, option: String = "--strict") -> DiagnosticMessage {
        .init("\(kind) '\(name)' is not declared (\(option))")
    }
    public static func undeclaredHint(_ directive: String, _ name: String) -> DiagnosticMessage { .init("declare it with '\(directive) \(name)'") }
    public static func undeclaredNear(_ name: String, _ near: String) -> DiagnosticMessage {
        .init("account '\(name)' is not declared, but '\(near)' is")
    }
    public static func unexpectedText(_ after: String) -> DiagnosticMessage { .init("unexpected text after \(after)") }
    public static func unknownAccount(_ name: String) -> DiagnosticMessage { .init("account '\(name)' is not in the journal") }
    public static func unknownAccountType(_ t: String) -> DiagnosticMessage {
        .init("unknown account type '\(t)': use Asset, Liability, Equity, Income or Expense (or A L E R X)")
    }
    public static func moreLikeThis(_ n: Int, _ example: String) -> DiagnosticMessage {
        .init("and \(n) more warning\(n == 1 ? "" : "s") like this one, not shown: \(example)")
    }
    public static var notJournalSyntax: DiagnosticMessage {
        .init("this line is not journal syntax: no transaction, directive or comment starts like it")
    }
    public static func unknownDirective(_ word: String) -> DiagnosticMessage { .init("unknown directive '\(word)'") }
    public static func unknownSchedule(_ word: String) -> DiagnosticMessage { .init("unknown schedule '\(word)'") }
    public static var unknownScheduleHint: DiagnosticMessage { .init("use daily, weekly, biweekly, monthly, bimonthly, quarterly, semiannually, yearly, or 'every N days|weeks|months|quarters|years'") }
    public static func unknownWeekday(_ word: String) -> DiagnosticMessage { .init("unknown weekday '\(word)'") }
    public static func unlikelyYear(_ year: Int) -> DiagnosticMessage {
        let digits = String(year)
        return .init("the year \(String(repeating: "0", count: max(0, 4 - digits.count)) + digits) looks mistyped: dates before 1900 or after 2200 are almost always typos")
    }
    public static var unterminatedQuote: DiagnosticMessage { .init("unterminated quoted commodity: add the closing '\"'") }
    public static var untilBeforeFrom: DiagnosticMessage { .init("'until' is before 'from': the rule would have no occurrences") }
    public static func leafNameNotUnique(_ leaf: String, _ accounts: String) -> DiagnosticMessage {
        .init("the account leaf name '\(leaf)' is not unique: \(accounts) (check uniqueleafnames)")
    }
    public static var previousTransactionIsHere: DiagnosticMessage { .init("the transaction before it in the file") }
}

/// Suggests the closest known word for a misspelled one (edit distance ≤ 2).
package func closestWord(to word: String, among candidates: [String]) -> String? {
    let w = Array(word.lowercased().unicodeScalars)
    var best: (String, Int)?
    for c in candidates {
        let d = editDistance(w, Array(c.lowercased().unicodeScalars))
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
