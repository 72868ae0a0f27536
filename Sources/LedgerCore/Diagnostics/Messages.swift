/// Every diagnostic message of `ledgerc`, in one place, in alphabetical
/// order of name. Each is a typed message whose ID is its name: tests and
/// `--diagnostics json` use the ID, which stays the same when the wording is
/// improved; renaming a member changes its ID and must be called out.
///
/// This is where a reviewer judges wording: each message says what is wrong
/// and, where one exists, what would fix it (usually in a note).
public enum Messages {
    public static var accountAmountSeparator: DiagnosticMessage { .init("separate the account from its amount with two spaces or a tab", ko: "계정과 금액 사이는 공백 두 칸이나 탭으로 띄웁니다") }
    public static func accountEndsInAmount(_ name: String, _ amount: String) -> DiagnosticMessage {
        .init("the account name '\(name)' ends in what looks like an amount ('\(amount)')", ko: "계정 이름 '\(name)'이(가) 금액처럼 보이는 '\(amount)'(으)로 끝납니다")
    }
    public static func accountPrefixTooLong(_ bytes: Int, _ levels: Int) -> DiagnosticMessage {
        .init("with this 'apply account' the prefixes in effect would pass \(bytes) bytes or \(levels) levels, so it is not applied (its 'end apply account' still ends it)", ko: "이 'apply account'를 더하면 적용 중인 접두사가 \(bytes)바이트나 \(levels)단계를 넘으므로 적용하지 않습니다(짝이 되는 'end apply account'는 그대로 끝냅니다)")
    }
    public static func accountMayEndInAmount(_ name: String, _ amount: String) -> DiagnosticMessage {
        .init("if '\(amount)' was meant as the amount of '\(name)', separate them with two spaces or a tab", ko: "'\(amount)'이(가) '\(name)'의 금액이라면 둘 사이를 공백 두 칸이나 탭으로 띄우세요")
    }
    public static func ambiguousNumber(_ text: String) -> DiagnosticMessage {
        .init("ambiguous number '\(text)': a grouping comma must be followed by exactly three digits", ko: "'\(text)'은(는) 모호한 숫자입니다: 자릿수 구분 쉼표 뒤에는 숫자가 정확히 세 개 와야 합니다")
    }
    public static var percentOfMixedCommodities: DiagnosticMessage {
        .init("cannot show percentages of amounts in more than one commodity (as hledger); add -B, -V or -X COMMODITY, or a cur: term", ko: "통화가 둘 이상인 금액은 백분율로 보일 수 없습니다(hledger와 같습니다). -B, -V, -X 통화 또는 cur: 조건을 더하세요")
    }
    public static func secondDateQueryIgnored(_ command: String) -> DiagnosticMessage {
        .init("date2: narrows no \(command) report in hledger 1.25, and ledgerc gives hledger's figures: every date is counted (it narrows register, aregister and print)", ko: "hledger 1.25에서 date2:는 \(command) 보고서를 좁히지 않으며, ledgerc도 hledger와 같은 숫자를 보입니다: 모든 날짜를 셉니다(register, aregister, print는 좁힙니다)")
    }
    public static func cardTagsMissing(_ account: String, _ missing: String) -> DiagnosticMessage {
        .init("the card '\(account)' also needs \(missing) (a card declares statement-day, payment-day and paid-from)", ko: "카드 '\(account)'에는 \(missing)도 필요합니다(카드는 statement-day, payment-day, paid-from을 선언합니다)")
    }
    public static func cardDayInvalid(_ tag: String, _ value: String) -> DiagnosticMessage {
        .init("\(tag) takes a day of the month from 1 to 31, not '\(value)'", ko: "\(tag)에는 1에서 31 사이의 날짜를 씁니다. '\(value)'은(는) 쓸 수 없습니다")
    }
    public static func cardPaymentDiffers(_ closes: String, _ due: String, _ paid: String, _ paidOn: String, _ gap: String, short: Bool) -> DiagnosticMessage {
        .init("the statement of \(closes) comes to \(due); \(paid) was paid on \(paidOn): \(gap) \(short ? "short" : "over")",
              ko: "\(closes) 명세서의 청구액은 \(due)인데 \(paidOn)에 \(paid)을(를) 결제했습니다: \(gap) \(short ? "부족" : "초과")")
    }
    public static var ambiguousNumberHint: DiagnosticMessage { .init("write the decimal part with '.', or declare 'decimal-mark ,' for decimal commas", ko: "소수점은 '.'으로 쓰거나, 소수점 쉼표를 쓰려면 'decimal-mark ,'를 선언하세요") }
    public static func amountOverflows(_ what: String) -> DiagnosticMessage {
        let what = phrase(what)
        return .init("amount overflows: \(what) needs more than 38 digits; ledgerc computes every figure exactly or not at all", ko: "금액이 넘칩니다: \(what)에 38자리가 넘게 필요합니다. ledgerc는 모든 숫자를 정확히 계산하거나 계산하지 않습니다")
    }
    public static func assertionDifference(_ diff: String) -> DiagnosticMessage { .init("the difference is \(diff)", ko: "차이: \(diff)") }
    public static func assertionFailed(_ account: String, expected: String, actual: String) -> DiagnosticMessage {
        .init("balance assertion failed: \(account) is \(actual), not \(expected)", ko: "잔액 확인 실패: \(account)의 잔액은 \(expected)이(가) 아니라 \(actual)입니다")
    }
    public static var automatedPostingNeedsAmount: DiagnosticMessage { .init("a posting of an automated transaction needs an amount, or '*N' for the matched amount times N", ko: "자동 거래의 포스팅에는 금액이 필요합니다. 일치한 금액의 N배는 '*N'으로 씁니다") }
    public static func automatedUnbalanced(_ query: String, _ difference: String) -> DiagnosticMessage {
        .init("the postings that '= \(query)' adds do not balance (off by \(difference)); make them balance, or make them virtual with '(...)'", ko: "'= \(query)'가 더하는 포스팅의 합이 맞지 않습니다(\(difference) 차이). 합을 맞추거나 '(...)'로 가상 포스팅으로 만드세요")
    }
    public static func automatedPatternsTooSlow(_ query: String, _ limit: Int) -> DiagnosticMessage {
        .init("the automated transactions' patterns take too long to match this journal's names and postings (more than \(limit) steps in all): they stop at '= \(query)' and add no more postings; use fewer or simpler patterns", ko: "자동 거래의 패턴을 이 장부의 이름과 포스팅에 맞춰 보는 데 너무 오래 걸립니다(모두 \(limit)단계 초과): '= \(query)'에서 멈추고 더는 포스팅을 더하지 않습니다. 패턴을 줄이거나 단순하게 하세요")
    }
    public static func automatedTransactionTooLarge(_ query: String, _ limit: Int) -> DiagnosticMessage {
        .init("'= \(query)' would give a transaction more than \(limit) postings, so it is not applied to it: each rule applies to the postings earlier rules added, and rules that match each other's postings multiply them", ko: "'= \(query)'을(를) 적용하면 거래의 포스팅이 \(limit)개를 넘으므로 그 거래에는 적용하지 않습니다: 각 규칙은 앞선 규칙이 더한 포스팅에도 적용되므로, 서로의 포스팅에 일치하는 규칙은 포스팅을 몇 배로 늘립니다")
    }
    public static var automatedTransactionTooLargeHere: DiagnosticMessage { .init("the first such transaction", ko: "그런 첫 거래입니다") }
    public static func aliasPatternsTooSlow(_ limit: Int) -> DiagnosticMessage {
        .init("the aliases take too long to apply to this journal's account names (more than \(limit) steps in all): from this name on, no alias applies to a name not seen before; use fewer aliases or simpler patterns", ko: "별칭을 이 장부의 계정 이름에 적용하는 데 너무 오래 걸립니다(모두 \(limit)단계 초과): 이 이름부터는 처음 보는 이름에 별칭을 적용하지 않습니다. 별칭을 줄이거나 패턴을 단순하게 하세요")
    }
    public static func bareNumberInAutomated(_ n: String) -> DiagnosticMessage {
        .init("'\(n)' has no commodity: ledgerc and hledger add it as an amount, ledger-cli reads it as a multiplier; write '*\(n)' for the matched amount times \(n)", ko: "'\(n)'에는 통화가 없습니다: ledgerc와 hledger는 금액으로 더하고, ledger-cli는 배수로 읽습니다. 일치한 금액의 \(n)배는 '*\(n)'으로 쓰세요")
    }
    public static func companyMarkAsCode(_ mark: String) -> DiagnosticMessage {
        .init("'\(mark)' is read as the transaction's code, not as part of the description (as hledger and ledger read it)", ko: "'\(mark)'은(는) 적요의 일부가 아니라 거래 코드로 읽힙니다(hledger와 ledger도 그렇게 읽습니다)")
    }
    public static func companyMarkAsCodeFix(_ header: String) -> DiagnosticMessage {
        .init("to keep it in the description, write an empty code before it: '\(header)'", ko: "적요에 남기려면 앞에 빈 코드를 쓰세요: '\(header)'")
    }
    public static var prettyNotDone: DiagnosticMessage {
        .init("--pretty: roi's table is drawn in ASCII (hledger's box-drawing lines are not done yet there)", ko: "--pretty: roi 표는 ASCII로 그립니다(hledger의 선 그리기 문자는 아직 지원하지 않습니다)")
    }
    public static var widthNotDone: DiagnosticMessage {
        .init("-w/--width: ledgerc fits only the register's postings to a width (N), not a description width (,M) or another report", ko: "-w/--width: ledgerc는 register의 포스팅만 폭(N)에 맞춥니다. 적요 폭(,M)이나 다른 보고서에는 적용하지 않습니다")
    }
    /// A problem import said in its own words (the rules' reader gives them in both languages).
    public static func importProblem(_ text: String) -> DiagnosticMessage { .init(text, ko: text) }
    public static func importNotUTF8(_ path: String) -> DiagnosticMessage {
        .init("'\(path)' is neither UTF-8 nor CP949/EUC-KR; say its encoding in the rules ('encoding ...'), or convert it: iconv -f ENCODING -t UTF-8 '\(path)' > statement.csv", ko: "'\(path)'은(는) UTF-8도 CP949/EUC-KR도 아닙니다. 규칙 파일에 인코딩을 쓰거나('encoding ...'), 변환하세요: iconv -f ENCODING -t UTF-8 '\(path)' > statement.csv")
    }
    public static func importUncategorized(_ account: String) -> DiagnosticMessage {
        .init("no rule gives this row an account2: it goes to \(account) (add an 'if' block, or an 'account2' default, to the rules)", ko: "이 행에 account2를 주는 규칙이 없어 \(account)(으)로 갑니다(규칙 파일에 'if' 블록이나 기본 'account2'를 더하세요)")
    }
    public static func importSkippedData(_ skip: Int) -> DiagnosticMessage {
        .init("'skip \(skip)' skips this row, which reads as a transaction (its date is a date); blank lines are not counted, as in hledger", ko: "'skip \(skip)'이(가) 거래로 읽히는 이 행을 건너뜁니다(날짜가 날짜로 읽힙니다). hledger처럼 빈 줄은 세지 않습니다")
    }
    public static func importRowBreaks(_ text: String) -> DiagnosticMessage { .init("this row would not compile in the journal: \(text)", ko: "이 행은 장부에서 컴파일되지 않습니다: \(text)") }
    public static func badQueryTerm(_ term: String) -> DiagnosticMessage { .init("cannot read the query term '\(term)'", ko: "조회 조건 '\(term)'을(를) 읽을 수 없습니다") }
    public static func unsupportedQueryTerm(_ term: String) -> DiagnosticMessage {
        .init("the query term '\(term)' is not supported in automated transactions (use acct:, desc:, payee:, note:, code:, tag:, amt:, cur:, status:, real:, not:)", ko: "조회 조건 '\(term)'은(는) 자동 거래에서 쓸 수 없습니다(acct:, desc:, payee:, note:, code:, tag:, amt:, cur:, status:, real:, not:을 쓰세요)")
    }
    public static func valueExpressionAsQuery(_ query: String) -> DiagnosticMessage {
        .init("'= \(query)' reads as hledger's query words, not as a ledger-cli value expression; balances may differ from ledger-cli's", ko: "'= \(query)'는 ledger-cli의 값 표현식이 아니라 hledger의 조회어로 읽힙니다. 잔액이 ledger-cli와 다를 수 있습니다")
    }
    public static func badAlias() -> DiagnosticMessage { .init("an alias needs the form 'alias OLD = NEW'", ko: "alias는 'alias 이전 = 새이름' 형식으로 씁니다") }
    public static var aliasToNothing: DiagnosticMessage {
        .init("an alias to nothing would leave postings without an account; give the new name after '=' (hledger 1.25 prints such postings with no account)",
              ko: "빈 이름으로 바꾸는 alias는 포스팅의 계정을 지웁니다. '=' 뒤에 새 이름을 쓰세요 (hledger 1.25는 계정 없는 포스팅을 출력합니다)")
    }
    public static func badAliasRegex(_ source: String) -> DiagnosticMessage { .init("'/\(source)/' is not a regular expression", ko: "'/\(source)/'은(는) 정규 표현식이 아닙니다") }
    public static func badDecimalMark(_ text: String) -> DiagnosticMessage {
        .init("decimal-mark must be '.' or ',', not '\(text)'", ko: "decimal-mark는 '.' 또는 ','입니다. '\(text)'은(는) 쓸 수 없습니다")
    }
    public static func badOrdinal(_ word: String) -> DiagnosticMessage {
        .init("'\(word)' is not a week of the month: use 1st, 2nd, 3rd, 4th, 5th or last", ko: "'\(word)'은(는) 그 달의 몇째 주가 아닙니다: 1st, 2nd, 3rd, 4th, 5th, last 중 하나를 쓰세요")
    }
    public static func badPostingDate(_ text: String) -> DiagnosticMessage {
        .init("invalid posting date '\(text)': write YYYY-MM-DD, or MM-DD for the transaction's year", ko: "포스팅 날짜 '\(text)'이(가) 잘못되었습니다: YYYY-MM-DD로 쓰거나, 거래의 연도를 쓰려면 MM-DD로 쓰세요")
    }
    public static var blankDescriptionRule: DiagnosticMessage { .init("a repeat rule needs a description after its schedule, separated by two spaces", ko: "repeat 규칙은 일정 뒤에 공백 두 칸을 두고 적요를 씁니다") }
    public static func cannotRead(_ path: String, _ reason: String) -> DiagnosticMessage { .init("cannot read '\(path)': \(reason)", ko: "'\(path)'을(를) 읽을 수 없습니다: \(reason)") }
    public static func cannotWrite(_ path: String, _ reason: String) -> DiagnosticMessage { let path = phrase(path); return .init("cannot write '\(path)': \(reason)", ko: "'\(path)'에 쓸 수 없습니다: \(reason)") }
    public static func changedWhileFormatting(_ path: String) -> DiagnosticMessage {
        .init("\(path) changed while it was being formatted; it was left as it is (run fmt again)", ko: "\(path)이(가) 정리하는 동안 바뀌어 그대로 두었습니다(fmt를 다시 실행하세요)")
    }
    public static var countZero: DiagnosticMessage { .init("'count 0' gives no occurrences; the count must be at least 1", ko: "'count 0'은 발생이 없습니다. count는 1 이상이어야 합니다") }
    public static var datedAssertion: DiagnosticMessage {
        .init("ledgerc checks this posting's balance assertion on the transaction's date; hledger checks it on the posting's own date", ko: "ledgerc는 이 포스팅의 잔액 확인을 거래 날짜에 합니다. hledger는 포스팅 자체의 날짜에 합니다")
    }
    public static func dateOutOfOrder(_ date: String, previous: String) -> DiagnosticMessage {
        .init("transaction date \(date) is before the previous transaction's, \(previous) (check ordereddates)", ko: "거래 날짜 \(date)이(가) 앞 거래의 날짜 \(previous)보다 이릅니다(check ordereddates)")
    }
    public static func secondDateOutOfOrder(_ date: String, previous: String) -> DiagnosticMessage {
        .init("transaction date2 \(date) is before the previous transaction's, \(previous) (check ordereddates --date2)", ko: "거래의 두 번째 날짜 \(date)이(가) 앞 거래의 \(previous)보다 이릅니다(check ordereddates --date2)")
    }
    public static func dateNotInCalendar(_ y: Int, _ m: Int, _ d: Int) -> DiagnosticMessage {
        let names = ["January", "February", "March", "April", "May", "June", "July",
                     "August", "September", "October", "November", "December"]
        if (1...12).contains(m), (1...9999).contains(y) {
            return .init("invalid date: \(names[m - 1]) \(y) has \(CivilDate.daysInMonth(year: y, month: m)) days, not \(d)",
                         ko: "잘못된 날짜: \(y)년 \(m)월은 \(CivilDate.daysInMonth(year: y, month: m))일까지 있습니다. \(d)일은 없습니다")
        }
        return .init("invalid date: month \(m) does not exist", ko: "잘못된 날짜: \(m)월은 없습니다")
    }
    public static func didYouMean(_ s: String) -> DiagnosticMessage { .init("did you mean '\(s)'?", ko: "'\(s)'을(를) 뜻했나요?") }
    public static func doesNotBalance(_ diff: String) -> DiagnosticMessage { .init("transaction does not balance: off by \(diff)", ko: "거래의 합이 맞지 않습니다: \(diff) 차이") }
    public static func duplicateRule(_ name: String) -> DiagnosticMessage {
        .init("a repeat rule named '\(name)' already exists; rule names must be unique", ko: "'\(name)'(이)라는 repeat 규칙이 이미 있습니다. 규칙 이름은 겹치지 않아야 합니다")
    }
    public static var duplicateRuleNote: DiagnosticMessage { .init("the first rule with this name is here", ko: "같은 이름의 첫 규칙은 여기 있습니다") }
    public static var emptyAccount: DiagnosticMessage { .init("expected an account name", ko: "계정 이름이 와야 합니다") }
    public static func encodingHint(_ path: String) -> DiagnosticMessage {
        .init("convert it once: iconv -f CP949 -t UTF-8 '\(path)' > converted.ledger, then replace the file with converted.ledger", ko: "한 번 변환하세요: iconv -f CP949 -t UTF-8 '\(path)' > converted.ledger 후 파일을 converted.ledger로 바꾸세요")
    }
    public static var encodingLooksKorean: DiagnosticMessage {
        .init("the file is not UTF-8: it reads as CP949 (EUC-KR), the older Korean encoding", ko: "파일이 UTF-8이 아닙니다: 예전 한국어 인코딩인 CP949(EUC-KR)로 읽힙니다")
    }
    public static func expectedAfterKeyword(_ keyword: String, _ what: String) -> DiagnosticMessage { let what = phrase(what); return .init("expected \(what) after '\(keyword)'", ko: "'\(keyword)' 뒤에 \(what)이(가) 와야 합니다") }
    public static var expectedAmount: DiagnosticMessage { .init("expected an amount", ko: "금액이 와야 합니다") }
    public static var expectedDate: DiagnosticMessage { .init("expected a date (YYYY-MM-DD)", ko: "날짜(YYYY-MM-DD)가 와야 합니다") }
    public static var expectedSpaceAfterDate: DiagnosticMessage { .init("expected a space after the date", ko: "날짜 뒤에 공백이 와야 합니다") }
    public static func formatWouldChangeMeaning(_ path: String) -> DiagnosticMessage {
        .init("\(path): the formatted text would not mean the same; the file is left as it is (please report this)", ko: "\(path): 정리한 내용의 의미가 달라지므로 파일을 그대로 두었습니다(이 문제를 알려 주세요)")
    }
    public static func fullWidthCharacter(_ character: String, _ code: String, _ ascii: String) -> DiagnosticMessage {
        .init("'\(character)' (\(code)) is a full-width character; write the ASCII '\(ascii)'", ko: "'\(character)'(\(code))은(는) 전각 문자입니다. ASCII '\(ascii)'을(를) 쓰세요")
    }
    public static func fullWidthInAccount(_ name: String, _ character: String, _ code: String, _ ascii: String) -> DiagnosticMessage {
        .init("the account name '\(name)' has the full-width '\(character)' (\(code)) where the ASCII '\(ascii)' was probably meant", ko: "계정 이름 '\(name)'에 전각 '\(character)'(\(code))이(가) 있습니다. ASCII '\(ascii)'을(를) 뜻한 것 같습니다")
    }
    public static func ignoredConstruct(_ what: String, _ tool: String) -> DiagnosticMessage {
        let what = phrase(what)
        return .init("ledgerc ignores \(what); balances may differ from \(tool)'s", ko: "ledgerc는 \(what)을(를) 무시합니다. 잔액이 \(tool)와(과) 다를 수 있습니다")
    }
    public static func includeCycle(_ path: String) -> DiagnosticMessage { .init("include cycle: '\(path)' is already being read", ko: "include가 순환합니다: '\(path)'을(를) 이미 읽는 중입니다") }
    public static func includedTwice(_ path: String) -> DiagnosticMessage {
        .init("'\(path)' is already included in this journal; it is read once (its transactions would otherwise count twice)", ko: "'\(path)'은(는) 이 장부에 이미 포함되어 있어 한 번만 읽습니다(두 번 읽으면 거래가 두 번 셈해집니다)")
    }
    public static func includeMissing(_ path: String, _ reason: String) -> DiagnosticMessage { .init("cannot include '\(path)': \(reason)", ko: "'\(path)'을(를) 포함할 수 없습니다: \(reason)") }
    public static func includeNoMatch(_ pattern: String) -> DiagnosticMessage { .init("no file matches 'include \(pattern)'", ko: "'include \(pattern)'에 맞는 파일이 없습니다") }
    public static func includeTooDeep(_ path: String, _ depth: Int) -> DiagnosticMessage {
        .init("cannot include '\(path)': includes are nested more than \(depth) deep", ko: "'\(path)'을(를) 포함할 수 없습니다: include가 \(depth)단계보다 깊게 중첩되었습니다")
    }
    public static var inputTooLarge: DiagnosticMessage { .init("larger than 2 GiB, the most ledgerc reads", ko: "2 GiB보다 큽니다. ledgerc가 읽는 최대 크기입니다") }
    public static var invalidNul: DiagnosticMessage { .init("NUL byte in the input", ko: "입력에 NUL 바이트가 있습니다") }
    public static func invalidPeriod(_ word: String) -> DiagnosticMessage { .init("invalid period expression: unexpected '\(word)'", ko: "기간 표현이 잘못되었습니다: '\(word)'이(가) 올 자리가 아닙니다") }
    public static var invalidUTF8: DiagnosticMessage { .init("invalid UTF-8 byte sequence", ko: "잘못된 UTF-8 바이트 열입니다") }
    public static var lockedByAnotherWriter: DiagnosticMessage { .init("another ledgerc is writing this file; try again when it has finished", ko: "다른 ledgerc가 이 파일에 쓰는 중입니다. 끝난 뒤 다시 시도하세요") }
    public static func manyOccurrences(_ rule: String, _ n: Int) -> DiagnosticMessage {
        .init("the rule '\(rule)' generates \(n) occurrences up to the horizon; check its dates (a mistyped year?)", ko: "규칙 '\(rule)'이(가) 기준일까지 \(n)번 발생합니다. 날짜를 확인하세요(연도를 잘못 쓰지 않았나요?)")
    }
    public static var materializeWouldChangeMeaning: DiagnosticMessage { .init("nothing was written: recording the occurrences would change what the journal means (please report this)", ko: "아무것도 쓰지 않았습니다: 발생을 기록하면 장부의 의미가 달라집니다(이 문제를 알려 주세요)") }
    public static func materializeWouldFail(_ message: String) -> DiagnosticMessage {
        .init("nothing was written: with the occurrences recorded, the journal would not compile: \(message)", ko: "아무것도 쓰지 않았습니다: 발생을 기록하면 장부가 컴파일되지 않습니다: \(message)")
    }
    public static func missingArgument(_ directive: String, _ what: String) -> DiagnosticMessage { let what = phrase(what); return .init("'\(directive)' needs \(what)", ko: "'\(directive)'에는 \(what)이(가) 필요합니다") }
    public static var missingFrom: DiagnosticMessage { .init("a repeat rule needs 'from DATE': the anchor and first occurrence", ko: "repeat 규칙에는 'from 날짜'가 필요합니다: 기준일이자 첫 발생일입니다") }
    public static var multipleElided: DiagnosticMessage { .init("transaction has more than one posting without an amount", ko: "거래에 금액이 없는 포스팅이 둘 이상입니다") }
    public static var multipleElidedNote: DiagnosticMessage { .init("this posting has no amount either; only one posting per group may omit it", ko: "이 포스팅에도 금액이 없습니다. 금액은 한 묶음에서 한 포스팅만 생략할 수 있습니다") }
    public static func nearMissOccurrence(_ date: String, _ rule: String) -> DiagnosticMessage {
        .init("this looks like the \(date) occurrence of rule '\(rule)', which is generated as well; use the rule's description or add '; repeat: \(rule)' to fulfil it", ko: "규칙 '\(rule)'의 \(date) 발생으로 보이는데, 그 발생도 따로 생성됩니다. 규칙의 적요를 쓰거나 '; repeat: \(rule)'을(를) 더해 이 거래로 채우세요")
    }
    public static var newAccountHint: DiagnosticMessage { .init("to add a new account, declare it with 'account NAME' or give --new-account", ko: "새 계정을 더하려면 'account 이름'으로 선언하거나 --new-account를 주세요") }
    public static func noPrice(_ commodity: String, _ target: String, _ date: String, more: Int) -> DiagnosticMessage {
        let others = more == 0 ? "" : Language.current == .korean ? " (그 밖에 \(more)일 더)" : " (and on \(more) more \(more == 1 ? "day" : "days"))"
        return .init("no price converts \(commodity) to \(target) on \(date)\(others): those amounts stay in \(commodity); add a 'P DATE \(commodity) PRICE \(target)' line",
                     ko: "\(date)\(others)에 \(commodity)을(를) \(target)(으)로 바꿀 시세가 없어 그 금액은 \(commodity)(으)로 남습니다. 'P 날짜 \(commodity) 가격 \(target)' 줄을 더하세요")
    }
    public static func unknownBooking(_ word: String) -> DiagnosticMessage {
        .init("unknown booking method '\(word)': average, fifo or lifo", ko: "'\(word)'은(는) 알 수 없는 매각 방식입니다: average, fifo, lifo 중 하나를 쓰세요")
    }
    public static var badSplitRatio: DiagnosticMessage {
        .init("a split needs a ratio N:M of two positive numbers, e.g. 50:1 (fifty new shares for one)", ko: "split에는 양수 두 개의 비율 N:M이 필요합니다. 예: 50:1(1주당 새 주식 50주)")
    }
    public static func noSuchLot(_ wanted: String, _ account: String, _ lots: String) -> DiagnosticMessage {
        .init("no lot \(wanted) in \(account); its lots: \(lots)", ko: "\(account)에 로트 \(wanted)이(가) 없습니다. 있는 로트: \(lots)")
    }
    public static var notARegularFile: DiagnosticMessage { .init("not a regular file (a pipe, a device or a file of /dev, /proc or /sys cannot be included)", ko: "일반 파일이 아닙니다(파이프, 장치, /dev·/proc·/sys의 파일은 포함할 수 없습니다)") }
    public static var notWritable: DiagnosticMessage { .init("the file is not writable (left as it is)", ko: "파일에 쓸 수 없습니다(그대로 두었습니다)") }
    public static var isADirectory: DiagnosticMessage { .init("it is a directory", ko: "디렉터리입니다") }
    public static var numberTooLarge: DiagnosticMessage { .init("number is too large (at most 34 digits and 30 decimal places)", ko: "숫자가 너무 큽니다(최대 34자리, 소수점 아래 30자리)") }
    public static func onNeedsMonths(_ schedule: String) -> DiagnosticMessage {
        .init("'on' picks a day of the month, so it needs a monthly, quarterly or yearly schedule, not '\(schedule)'", ko: "'on'은 그 달의 날짜를 고르므로 monthly, quarterly, yearly 일정이 필요합니다. '\(schedule)'에는 쓸 수 없습니다")
    }
    public static var orphanIndentedHint: DiagnosticMessage { .init("items start in column 1; postings are indented under a transaction", ko: "항목은 1열에서 시작하고, 포스팅은 거래 아래에 들여 씁니다") }
    public static var orphanIndentedLine: DiagnosticMessage { .init("indented line does not belong to a transaction or directive", ko: "들여 쓴 줄이 어느 거래나 지시어에도 속하지 않습니다") }
    public static var outputIsAnInput: DiagnosticMessage { .init("it is one of the journal's input files; refusing to write over it", ko: "장부의 입력 파일 중 하나이므로 덮어쓰지 않습니다") }
    public static var overflow: DiagnosticMessage { .init("amount overflows: the sum is too large to compute exactly", ko: "금액이 넘칩니다: 합이 너무 커서 정확히 계산할 수 없습니다") }
    public static func periodNotScheduled(_ period: String) -> DiagnosticMessage {
        .init("ledgerc cannot schedule '~ \(period)' (it reads daily ... yearly, every N days|weeks|months|quarters|years, every Nth day|WEEKDAY, every weekday, every MM/DD, a date, from, to, in): this rule sets no budget goal, though hledger's budget may use it", ko: "ledgerc는 '~ \(period)'의 일정을 잡을 수 없습니다(daily ... yearly, every N days|weeks|months|quarters|years, every Nth day|WEEKDAY, every weekday, every MM/DD, 날짜, from, to, in을 읽습니다). 이 규칙은 예산 목표를 정하지 않지만, hledger의 예산은 쓸 수도 있습니다")
    }
    public static var postingNotIndented: DiagnosticMessage {
        .init("posting lines are indented: start this line with spaces or a tab, under its transaction", ko: "포스팅 줄은 들여 씁니다: 이 줄을 공백이나 탭으로 시작해 거래 아래에 두세요")
    }
    public static func postingsSum(_ sum: String) -> DiagnosticMessage { .init("the postings sum to \(sum)", ko: "각 포스팅의 합계: \(sum)") }
    public static func receiptNotAFile(_ receipt: String) -> DiagnosticMessage {
        .init("the receipt '\(receipt)' is not a file path relative to the journal; the page shows it as text, never as a link", ko: "영수증 '\(receipt)'은(는) 장부 기준의 상대 파일 경로가 아닙니다. 페이지에는 링크가 아닌 글자로만 보입니다")
    }
    public static func receiptMissing(_ receipt: String, _ path: String) -> DiagnosticMessage {
        .init("the receipt '\(receipt)' is not there (looked for \(path))", ko: "영수증 '\(receipt)'이(가) 없습니다(\(path)에서 찾았습니다)")
    }
    public static func recorded(occurrences: Int, rules: Int, file: String) -> DiagnosticMessage {
        .init("recorded \(occurrences) occurrence\(occurrences == 1 ? "" : "s") of \(rules) rule\(rules == 1 ? "" : "s") in \(file)",
              ko: "규칙 \(rules)개의 발생 \(occurrences)건을 \(file)에 기록했습니다")
    }
    public static func ruleDoesNotBalance(_ diff: String) -> DiagnosticMessage { .init("repeat rule does not balance: off by \(diff)", ko: "repeat 규칙의 합이 맞지 않습니다: \(diff) 차이") }
    public static func runningBalanceOverflows(_ account: String) -> DiagnosticMessage {
        .init("amount overflows: the running balance of \(account) needs more than 38 digits, so this assertion cannot be checked exactly", ko: "금액이 넘칩니다: \(account)의 누적 잔액에 38자리가 넘게 필요해 이 잔액 확인을 정확히 할 수 없습니다")
    }
    public static var scheduleDescriptionSpacing: DiagnosticMessage {
        .init("two spaces separate the schedule from the description", ko: "일정과 적요 사이는 공백 두 칸으로 띄웁니다")
    }
    public static func secondaryDateIgnored(_ text: String) -> DiagnosticMessage {
        .init("ledgerc ignores the secondary posting date '\(text)' (hledger reads it only with --date2); the posting counts on its primary date", ko: "ledgerc는 포스팅의 보조 날짜 '\(text)'을(를) 무시합니다(hledger는 --date2일 때만 읽습니다). 포스팅은 주 날짜에 셈합니다")
    }
    public static func sellsMoreThanHeld(_ sold: String, _ account: String, _ held: String) -> DiagnosticMessage {
        .init("sells \(sold) but \(account) holds \(held)", ko: "\(sold)을(를) 팔지만 \(account)의 보유량은 \(held)입니다")
    }
    public static func sellsMoreThanHeldHint(_ account: String) -> DiagnosticMessage {
        .init("ledgerc checks what is sold against what was bought (hledger and ledger do not); where a short sale, or a journal that records only the sale, is meant, declare 'account \(account)' with the tag '; allow-negative:'", ko: "ledgerc는 판 수량을 산 수량과 비교합니다(hledger와 ledger는 하지 않습니다). 공매도이거나 매도만 기록한 장부라면 'account \(account)'에 '; allow-negative:' 태그를 달아 선언하세요")
    }
    public static var shrankWhileRead: DiagnosticMessage { .init("it got shorter while it was read; run the command again", ko: "읽는 동안 파일이 짧아졌습니다. 명령을 다시 실행하세요") }
    public static var tooLargeToShow: DiagnosticMessage { .init("too large to show exactly", ko: "너무 커서 정확히 보일 수 없습니다") }
    public static func tooManyAccountLevels(_ n: Int) -> DiagnosticMessage {
        .init("an account name has at most \(n) levels; the name is cut here", ko: "계정 이름은 최대 \(n)단계입니다. 이름을 여기서 자릅니다")
    }
    public static var tooManyErrors: DiagnosticMessage { .init("too many errors; stopping", ko: "오류가 너무 많아 멈춥니다") }
    public static func tooManyGeneratedPostings(_ query: String, _ limit: Int) -> DiagnosticMessage {
        .init("too many generated postings: with '= \(query)' the automated transactions add more than \(limit); adding stops here (do the rules match each other's postings?)", ko: "생성된 포스팅이 너무 많습니다: '= \(query)'(으)로 자동 거래가 \(limit)개가 넘게 더합니다. 여기서 더하기를 멈춥니다(규칙이 서로의 포스팅에 일치하지 않나요?)")
    }
    public static func tooManyLotsOutOfOrder(_ limit: Int) -> DiagnosticMessage {
        .init("too many lots arrive out of date order: making room for them moved more than \(limit) lots, so the positions and trades stop here (are old shares moved in every day to an account of newer lots?)", ko: "날짜 순서를 벗어나 들어오는 로트가 너무 많습니다: 자리를 만드느라 \(limit)개가 넘는 로트를 옮겼으므로 보유와 거래 계산을 여기서 멈춥니다(오래된 주식을 새 로트가 있는 계좌로 매일 옮기지 않나요?)")
    }
    public static func tooManyOccurrencePostings(_ rule: String, _ limit: Int) -> DiagnosticMessage {
        .init("too many generated postings: with the rule '\(rule)' the occurrences hold more than \(limit) postings; generation stops here (check the rule's dates and --until)", ko: "생성된 포스팅이 너무 많습니다: 규칙 '\(rule)'(으)로 발생들의 포스팅이 \(limit)개를 넘습니다. 여기서 생성을 멈춥니다(규칙의 날짜와 --until을 확인하세요)")
    }
    public static func tooManyOccurrences(_ rule: String, _ limit: Int) -> DiagnosticMessage {
        .init("too many occurrences: with the rule '\(rule)' the journal generates more than \(limit); generation stops here (check the rule's dates and --until)", ko: "발생이 너무 많습니다: 규칙 '\(rule)'(으)로 장부가 \(limit)개가 넘게 생성합니다. 여기서 생성을 멈춥니다(규칙의 날짜와 --until을 확인하세요)")
    }
    public static var unclosedBlockComment: DiagnosticMessage { .init("block comment runs to the end of the file: add 'end comment' where it should stop", ko: "블록 주석이 파일 끝까지 이어집니다: 끝낼 곳에 'end comment'를 더하세요") }
    public static func unclosedVirtual(_ close: Character) -> DiagnosticMessage { .init("virtual account is missing its closing '\(close)'", ko: "가상 계정에 닫는 '\(close)'이(가) 없습니다") }
    public static func undeclared(_ kind: String, _ name: String, option: String = "--strict") -> DiagnosticMessage {
        let kind = phrase(kind)
        return .init("\(kind) '\(name)' is not declared (\(option))", ko: "\(kind) '\(name)'이(가) 선언되지 않았습니다(\(option))")
    }
    public static func undeclaredHint(_ directive: String, _ name: String) -> DiagnosticMessage { .init("declare it with '\(directive) \(name)'", ko: "'\(directive) \(name)'(으)로 선언하세요") }
    public static func undeclaredNear(_ name: String, _ near: String) -> DiagnosticMessage {
        .init("account '\(name)' is not declared, but '\(near)' is", ko: "계정 '\(name)'은(는) 선언되지 않았지만 '\(near)'은(는) 선언되어 있습니다")
    }
    public static func unexpectedText(_ after: String) -> DiagnosticMessage { let after = phrase(after); return .init("unexpected text after \(after)", ko: "\(after) 뒤에 예상하지 못한 글자가 있습니다") }
    public static func unknownAccount(_ name: String) -> DiagnosticMessage { .init("account '\(name)' is not in the journal", ko: "계정 '\(name)'이(가) 장부에 없습니다") }
    public static func unknownAccountType(_ t: String) -> DiagnosticMessage {
        .init("unknown account type '\(t)': use Asset, Liability, Equity, Income or Expense (or A L E R X)", ko: "'\(t)'은(는) 알 수 없는 계정 유형입니다: Asset, Liability, Equity, Income, Expense(또는 A L E R X)를 쓰세요")
    }
    public static func moreLikeThis(_ n: Int, _ example: String) -> DiagnosticMessage {
        .init("and \(n) more warning\(n == 1 ? "" : "s") like this one, not shown: \(example)", ko: "이와 같은 경고 \(n)건은 더 보이지 않습니다: \(example)")
    }
    public static var notJournalSyntax: DiagnosticMessage {
        .init("this line is not journal syntax: no transaction, directive or comment starts like it", ko: "이 줄은 장부 문법이 아닙니다: 이렇게 시작하는 거래, 지시어, 주석은 없습니다")
    }
    public static func unknownDirective(_ word: String) -> DiagnosticMessage { .init("unknown directive '\(word)'", ko: "알 수 없는 지시어 '\(word)'입니다") }
    public static func stepTooLarge(_ most: Int) -> DiagnosticMessage {
        .init("a schedule steps at most \(most) units at a time ('every 12 months' is a year)", ko: "일정은 한 번에 최대 \(most) 단위까지 건너뜁니다('every 12 months'는 1년입니다)")
    }
    public static func unknownSchedule(_ word: String) -> DiagnosticMessage { .init("unknown schedule '\(word)'", ko: "알 수 없는 일정 '\(word)'입니다") }
    public static var unknownScheduleHint: DiagnosticMessage { .init("use daily, weekly, biweekly, monthly, bimonthly, quarterly, semiannually, yearly, or 'every N days|weeks|months|quarters|years'", ko: "daily, weekly, biweekly, monthly, bimonthly, quarterly, semiannually, yearly 또는 'every N days|weeks|months|quarters|years'를 쓰세요") }
    public static func unknownWeekday(_ word: String) -> DiagnosticMessage { .init("unknown weekday '\(word)'", ko: "알 수 없는 요일 '\(word)'입니다") }
    public static func unlikelyYear(_ year: Int) -> DiagnosticMessage {
        let digits = String(year)
        let year = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        return .init("the year \(year) looks mistyped: dates before 1900 or after 2200 are almost always typos",
                     ko: "연도 \(year)은(는) 잘못 입력한 것 같습니다: 1900년 이전이나 2200년 이후의 날짜는 거의 언제나 오타입니다")
    }
    public static var unterminatedQuote: DiagnosticMessage { .init("unterminated quoted commodity: add the closing '\"'", ko: "따옴표로 묶은 통화가 닫히지 않았습니다: 닫는 '\"'를 더하세요") }
    public static var untilBeforeFrom: DiagnosticMessage { .init("'until' is before 'from': the rule would have no occurrences", ko: "'until'이 'from'보다 이릅니다: 규칙이 한 번도 발생하지 않습니다") }
    public static func leafNameNotUnique(_ leaf: String, _ accounts: String) -> DiagnosticMessage {
        .init("the account leaf name '\(leaf)' is not unique: \(accounts) (check uniqueleafnames)", ko: "계정의 마지막 이름 '\(leaf)'이(가) 겹칩니다: \(accounts)(check uniqueleafnames)")
    }
    // Usage: what the command line says of its own words (exit status 2).
    public static func unknownOption(_ name: String, _ near: String?) -> DiagnosticMessage {
        let hint = near.map { Language.text(" (did you mean '\($0)'?)", ko: " ('\($0)'을(를) 뜻했나요?)") } ?? ""
        return .init("unknown option '\(name)'\(hint)", ko: "알 수 없는 옵션 '\(name)'입니다\(hint)")
    }
    public static func optionNeedsValue(_ name: String) -> DiagnosticMessage {
        .init("option '\(name)' needs a value", ko: "옵션 '\(name)'에는 값이 필요합니다")
    }
    public static func unknownSubcommand(_ name: String, _ near: String?) -> DiagnosticMessage {
        let hint = near.map { Language.text(" (did you mean '\($0)'?)", ko: " ('\($0)'을(를) 뜻했나요?)") } ?? ""
        return .init("unknown subcommand '\(name)'\(hint)", ko: "알 수 없는 명령 '\(name)'입니다\(hint)")
    }
    public static var noSubcommand: DiagnosticMessage {
        .init("no subcommand given; run 'ledgerc --help' for usage", ko: "명령이 없습니다. 'ledgerc --help'로 사용법을 보세요")
    }
    public static func seeHelp(_ command: String) -> DiagnosticMessage {
        .init("run '\(command) --help' for usage", ko: "'\(command) --help'로 사용법을 보세요")
    }
    public static var seeHelpHledger: DiagnosticMessage {
        .init("run 'ledgerc --help' for usage; hledger's command line is in docs/COMPATIBILITY.md",
              ko: "'ledgerc --help'로 사용법을 보세요. hledger 형식의 명령줄은 docs/COMPATIBILITY.md에 있습니다")
    }
    public static func badLanguage(_ value: String) -> DiagnosticMessage {
        .init("--lang takes ko or en, not '\(value)'", ko: "--lang에는 ko나 en을 씁니다. '\(value)'은(는) 쓸 수 없습니다")
    }
    public static var previousTransactionIsHere: DiagnosticMessage { .init("the transaction before it in the file", ko: "파일에서 바로 앞의 거래") }
}

/// Suggests the closest known word for a misspelled one (edit distance ≤ 2).
package func closestWord(to word: String, among candidates: [String]) -> String? {
    NearWords(candidates).closest(to: word)
}

/// Words to find a near miss among, each lowercased once: the checker asks
/// this of every undeclared account against every declared one.
package struct NearWords: Sendable {
    private let words: [(word: String, scalars: [Unicode.Scalar])]

    package init(_ candidates: [String]) {
        words = candidates.map { ($0, Array($0.lowercased().unicodeScalars)) }
    }

    /// The candidate closest to `word` (ignoring case), within two edits
    /// (one for a word of three letters or fewer); the first of the closest.
    package func closest(to word: String) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        let limit = min(2, max(1, w.count / 2))
        var best: (word: String, distance: Int)?
        for c in words {
            if best?.distance == 0 { break }
            // Words whose lengths differ by more than the limit are farther than it: not compared.
            guard abs(c.scalars.count - w.count) <= limit else { continue }
            let d = editDistance(w, c.scalars, atMost: min(limit, (best?.distance ?? Int.max) - 1))
            if d <= limit, d < best?.distance ?? Int.max { best = (c.word, d) }
        }
        return best?.word
    }
}

/// The edit distance of `a` and `b` when it is at most `bound`, else some
/// number past `bound`. A prefix and a suffix the two share cost no edit and
/// are passed over (`Expenses:Fod` and `Expenses:Food` compare `d` with `od`);
/// the rows of what is left stop once none of their cells is within `bound`.
/// The rows live on the stack: the checker asks this of every undeclared
/// account against every declared one.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int {
    var first = 0, endA = a.count, endB = b.count
    while first < endA, first < endB, a[first] == b[first] { first += 1 }
    while endA > first, endB > first, a[endA - 1] == b[endB - 1] { endA -= 1; endB -= 1 }
    let n = endA - first, m = endB - first
    if n == 0 { return m }
    if m == 0 { return n }
    // Each edit changes the length by at most one.
    if abs(n - m) > bound { return bound + 1 }
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (m + 1)) { cells in
        var prev = 0, cur = m + 1
        for j in 0...m { cells[prev + j] = j }
        for i in 1...n {
            cells[cur] = i
            var least = i
            let ai = a[first + i - 1]
            for j in 1...m {
                let d = min(cells[prev + j] + 1, cells[cur + j - 1] + 1, cells[prev + j - 1] + (ai == b[first + j - 1] ? 0 : 1))
                cells[cur + j] = d
                least = min(least, d)
            }
            // A row's least cell never shrinks further down.
            if least > bound { return bound + 1 }
            swap(&prev, &cur)
        }
        return cells[prev + m]
    }
}

