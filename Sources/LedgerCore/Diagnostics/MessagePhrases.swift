extension Messages {
    /// A fragment a caller gives a message (`the amount`, `a number`), in
    /// the current language; one not in the table stays as written.
    static func phrase(_ english: String) -> String {
        guard Language.current == .korean else { return english }
        if let korean = phrases[english] { return korean }
        // `the schedule: 'Rent'`, `the 'end' line under 'commodity'`: the words around a name.
        if english.hasPrefix("a sum of "), english.hasSuffix(" and what came before it") {
            return String(english.dropFirst("a sum of ".count).dropLast(" and what came before it".count)) + "와(과) 그 앞까지의 합"
        }
        if english.hasPrefix("the schedule: ") { return "일정 " + english.dropFirst("the schedule: ".count) }
        if english.hasPrefix("the '"), let under = english.firstRange(of: "' line under '") {
            return "'\(english[english.index(english.startIndex, offsetBy: 5)..<under.lowerBound])' 줄('\(english[under.upperBound...].dropLast())' 아래)"
        }
        return english
    }

    static let phrases: [String: String] = [
        "the amount": "금액", "the lot cost": "로트 원가", "the price": "가격", "the account": "계정",
        "a number": "숫자", "a commodity symbol": "통화 기호", "a year": "연도", "a date": "날짜", "a query": "조회 조건",
        "'last day', 'Nth WEEKDAY' or 'last WEEKDAY'": "'last day', 'Nth WEEKDAY', 'last WEEKDAY' 중 하나",
        "'before' or 'after'": "'before'나 'after'", "a file path": "파일 경로", "'.' or ','": "'.'이나 ','",
        "a payee name": "거래처 이름", "a tag name": "태그 이름", "an account name": "계정 이름",
        "a symbol or a sample amount": "통화 기호나 금액 예시", "a method: average, fifo or lifo": "방식(average, fifo, lifo)",
        "account": "계정", "commodity": "통화", "payee": "거래처",
        "the 'C' directive (a commodity conversion)": "'C' 지시어(통화 환산)",
        "the 'N' directive (a commodity without market prices)": "'N' 지시어(시세 없는 통화)",
        "a card cycle's sum": "카드 명세서의 합", "a balance": "잔액", "a balance at the end of a period": "기말 잔액",
        "a row total": "행 합계", "a section total": "구역 합계", "the budget's total": "예산 합계",
        "the installments still to bill": "남은 할부", "the net total": "순합계", "the running total": "누계",
        "the share of the budget used": "예산 사용률", "the period's sum": "기간 합계", "the register's balance": "register 잔액",
        "the statement's amount − the payment": "명세서 금액 − 결제액",
        "'day' or a weekday": "'day'나 요일", "a weekday": "요일", "'weekend' or 'holiday'": "'weekend'나 'holiday'",
        "standard output": "표준 출력",
    ]
}
