import LedgerCore

/// A usage error in Korean. Usage messages share a few shapes ("X takes Y,
/// not 'Z'", "X goes with Y", "X needs Y", "X: choose one"); each shape is
/// said the Korean way, with the option names, values and lists as typed.
/// A message of no known shape, or one said in Korean already, stays as it is.
enum UsageKorean {
    static func say(_ english: String) -> String {
        guard Language.current == .korean, !english.unicodeScalars.contains(where: { (0xAC00...0xD7A3).contains($0.value) }) else { return english }
        if let whole = whole[english] { return whole }
        if let (subject, rest) = split(english, " takes ") {
            // `X takes Y, not 'Z'` or `X takes Y; not 'Z'`.
            for separator in [", not '", "; not '"] {
                if let (forms, given) = split(rest, separator), given.hasSuffix("'") {
                    return "\(subject)에는 \(object(list(forms))) 씁니다. '\(given.dropLast())'은(는) 쓸 수 없습니다"
                }
            }
            return "\(subject)에는 \(object(list(rest))) 씁니다"
        }
        if let (subject, rest) = split(english, " goes with ") {
            return "\(subject)은(는) \(list(rest))와(과) 함께 씁니다"
        }
        if let (subject, rest) = split(english, " go with ") {
            return "\(subject)은(는) \(list(rest))와(과) 함께 씁니다"
        }
        if english.hasSuffix(": choose one") || english.hasSuffix(": choose one way to value amounts"), let (subject, _) = split(english, ": choose one") {
            return "\(subject.replacingAll(" and ", ", ")): 하나만 고르세요"
        }
        if english == "'report returns' needs --account: the investment accounts whose returns it computes" {
            return "'report returns'에는 --account가 필요합니다: 수익률을 계산할 투자 계정"
        }
        if let (subject, rest) = split(english, " needs ") {
            return "\(subject)에는 \(list(rest))이(가) 필요합니다"
        }
        if let (subject, rest) = split(english, " is not done yet") {
            return "\(subject)은(는) 아직 지원하지 않습니다\(rest.isEmpty ? "" : " (\(rest.drop { $0 == ";" || $0 == " " }))")"
        }
        if english.hasPrefix("unknown report '"), let (name, rest) = split(String(english.dropFirst("unknown report '".count)), "'") {
            let near = rest.firstRange(of: "'").map { r in rest[r.upperBound...].prefix { $0 != "'" } }
            return "알 수 없는 보고서 '\(name)'입니다" + (near.map { " ('\($0)'을(를) 뜻했나요?)" } ?? "")
        }
        if english.hasPrefix("the journal has no account '") { return "장부에 계정 " + english.dropFirst("the journal has no account ".count) + "이(가) 없습니다" }
        if english.hasPrefix("the journal has no commodity '") { return "장부에 통화 " + english.dropFirst("the journal has no commodity ".count) + "이(가) 없습니다" }
        if english.hasPrefix("no such file '") { return "파일 " + english.dropFirst("no such file ".count) + "이(가) 없습니다" }
        if english.hasPrefix("unexpected argument '") { return "예상하지 못한 인자 " + english.dropFirst("unexpected argument ".count) + "입니다" }
        if english.hasPrefix("the period ends ("), english.hasSuffix("): it is empty"), let (end, start) = split(String(english.dropFirst("the period ends (".count)), ") before it starts (") {
            return "기간의 끝(\(end))이 시작(\(start.prefix { $0 != ")" }))보다 이릅니다: 빈 기간입니다"
        }
        return english
    }

    /// Messages said whole.
    static let whole: [String: String] = [
        "no input file: name one, use '-' for standard input, or set LEDGER_FILE": "입력 파일이 없습니다: 파일을 주거나, 표준 입력은 '-'를 쓰거나, LEDGER_FILE을 설정하세요",
        "no input file: use -f FILE, or set LEDGER_FILE": "입력 파일이 없습니다: -f 파일을 주거나 LEDGER_FILE을 설정하세요",
        "no journal: name FILE first, or set LEDGER_FILE": "장부가 없습니다: 파일을 먼저 주거나 LEDGER_FILE을 설정하세요",
        "a transaction needs at least two postings": "거래에는 포스팅이 둘 이상 필요합니다",
        "the description is empty": "적요가 비었습니다",
        "--check and --write cannot be used together": "--check와 --write는 함께 쓸 수 없습니다",
        "add writes into a file, not standard input": "add는 표준 입력이 아니라 파일에 씁니다",
        "import writes into a journal file, not standard input": "import는 표준 입력이 아니라 장부 파일에 씁니다",
        "rename writes files, not standard input": "rename은 표준 입력이 아니라 파일에 씁니다",
        "give the JOURNAL, then one or more CSV statements": "장부 파일을 먼저, 그다음 명세서를 하나 이상 주세요",
        "give BASE OURS THEIRS (git's %O %A %B)": "BASE OURS THEIRS를 주세요(git의 %O %A %B)",
        "give two sides (OLD NEW), or a revision and a journal (REV PATH)": "양쪽(OLD NEW)이나 리비전과 장부(REV PATH)를 주세요",
        "no subcommand given (balance, bs, is, cf, register, print, ...)": "명령이 없습니다(balance, bs, is, cf, register, print, ...)",
    ]

    /// `a` and `b` around the first `separator`, if it is there.
    static func split(_ text: String, _ separator: String) -> (String, String)? {
        guard let r = text.firstRange(of: separator) else { return nil }
        return (String(text[..<r.lowerBound]), String(text[r.upperBound...]))
    }

    /// A list of forms as Korean joins them (`a, b or c` → `a, b, c 중 하나`), its words in Korean.
    static func list(_ forms: String) -> String {
        if let korean = phrases[forms] { return korean }
        if forms == DateSpan.forms {
            return "YYYY, YYYY-MM, YYYY-MM-DD, YYYY-Qn, Qn, 달 이름(jan...), today, yesterday, tomorrow, this|last|next week|month|quarter|year 중 하나"
        }
        guard forms.contains(" or ") else { return forms.replacingAll(" and ", ", ") }
        return forms.replacingAll(", or ", ", ").replacingAll(" or ", ", ") + " 중 하나"
    }

    /// `X` as an object, with the particle its last syllable takes.
    static func object(_ text: String) -> String {
        // A Hangul syllable without a final consonant takes 를, with one 을; anything else both.
        guard let last = text.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else { return text + "을(를)" }
        return text + ((last.value - 0xAC00) % 28 == 0 ? "를" : "을")
    }

    /// The forms usage messages name in words.
    static let phrases: [String: String] = [
        "a whole number of at least 1": "1 이상의 정수", "a date": "날짜", "a date YYYY-MM-DD": "YYYY-MM-DD 형식의 날짜",
        "a width in columns": "열 단위의 폭", "a number of account name parts": "계정 이름 단계 수", "a commodity": "통화",
        "an account name": "계정 이름", "an amount": "금액", "a number of days": "일 수",
    ]
}
