/// The pieces of a self-contained HTML page: escaping, tables, the page
/// shell with its inline style (dark mode by `prefers-color-scheme`, print).
enum HTML {
    /// Text safe inside an element or a quoted attribute.
    static func escape(_ s: String) -> String { htmlEscaped(s) }

    /// A word or line of the page in the current language.
    static func word(_ english: String) -> String {
        Language.current == .korean ? korean[english] ?? english : english
    }

    /// A period's unit as Korean names it (월, 분기, 연도, 주, 일).
    static func unitKorean(_ unit: CalendarUnit) -> String {
        switch unit {
        case .day: return "일"
        case .week: return "주"
        case .month: return "월"
        case .quarter: return "분기"
        case .year: return "연도"
        }
    }

    /// The page's words in Korean.
    static let korean: [String: String] = [
        "Overview": "개요",
        "Months": "월별",
        "Periods": "기간별",
        "Spending by category": "분류별 지출",
        "Net worth": "순자산",
        "Upcoming and recurring": "예정·반복 거래",
        "Portfolio": "투자",
        "Balances": "잔액",
        "Budget": "예산",
        "Receipts": "영수증",
        "Warnings": "경고",
        "Income": "수입",
        "Expenses": "지출",
        "Net": "순수입",
        "Savings rate": "저축률",
        "Month": "월",
        "Commodity": "통화",
        "Period": "기간",
        "Category": "분류",
        "Amount": "금액",
        "Period end": "기말",
        "Assets": "자산",
        "Liabilities": "부채",
        "Date": "날짜",
        "Rule": "규칙",
        "Status": "상태",
        "Holding": "종목",
        "Market value": "평가액",
        "Weight": "비중",
        "Cost basis": "매입 원가",
        "Account": "계정",
        "Quantity": "보유 수량",
        "Average cost": "평균 단가",
        "Price": "가격",
        "Unrealized gain": "평가 손익",
        "Unrealized": "평가 수익률",
        "Realized gain": "실현 손익",
        "Dividends": "배당",
        "Total return": "총수익",
        "Total return %": "총수익률",
        "Unit cost": "단가",
        "Booking": "매각 방식",
        "Side": "매수/매도",
        "Start": "시작",
        "End": "끝",
        "Value at start": "기초 평가액",
        "Cash flow": "현금 흐름",
        "Value at end": "기말 평가액",
        "PnL": "손익",
        "Value": "평가액",
        "Principal invested": "투자 원금",
        "Balance": "잔액",
        "Actual": "실제",
        "Remaining": "남은 금액",
        "Used": "사용률",
        "recorded": "기록됨",
        "not recorded yet (generated)": "아직 기록 안 됨(생성됨)",
        "The last 12 months": "최근 12개월",
        "Nothing to show.": "보일 것이 없습니다.",
        "No expenses in the period.": "기간에 지출이 없습니다.",
        "No asset or liability postings in the period.": "기간에 자산이나 부채 포스팅이 없습니다.",
        "Nothing is due.": "예정된 것이 없습니다.",
        "Last 30 days": "지난 30일",
        "No occurrences.": "발생이 없습니다.",
        "Holdings": "보유 종목",
        "Open lots": "열린 로트",
        "Trades in the period": "기간의 매수·매도",
        "Returns": "수익률",
        "At the end of the period, each parent with its sub-accounts.": "기말 잔액, 상위 계정은 하위 계정을 포함합니다.",
        "No postings in the period.": "기간에 포스팅이 없습니다.",
        "No income or expenses in the period.": "기간에 수입이나 지출이 없습니다.",
        "Figures": "숫자",
        "the whole journal": "장부 전체",
        "Description": "적요",
        "Receipt": "영수증",
    ]

    /// A table; columns from `numericFrom` on are right-aligned numbers.
    static func table(_ headers: [String], _ rows: [[String]], numericFrom: Int = Int.max, classes: [Int: String] = [:]) -> String {
        var html = "<table><thead><tr>"
        for (i, h) in headers.enumerated() { html += i >= numericFrom ? "<th class=\"num\">\(escape(h))</th>" : "<th>\(escape(h))</th>" }
        html += "</tr></thead><tbody>"
        for (r, row) in rows.enumerated() {
            html += classes[r].map { "<tr class=\"\($0)\">" } ?? "<tr>"
            for (i, cell) in row.enumerated() { html += i >= numericFrom ? "<td class=\"num\">\(escape(cell))</td>" : "<td>\(escape(cell))</td>" }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }

    /// A section with a heading and an anchor for the table of contents.
    static func section(_ id: String, _ title: String, _ body: String) -> String {
        "<section id=\"\(id)\"><h2>\(escape(title))</h2>\(body)</section>\n"
    }

    /// The page needs no script and nothing from elsewhere: it forbids both,
    /// so that no text from a journal can run or fetch anything.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// The whole page around `body`.
    static func page(title: String, subtitle: String, nav: [(id: String, title: String)], body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(Language.current.rawValue)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="ledgerc">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <header><h1>\(escape(title))</h1><p>\(escape(subtitle))</p>
        <nav>\(nav.map { "<a href=\"#\($0.id)\">\(escape($0.title))</a>" }.joined(separator: " "))</nav></header>
        <main>
        \(body)</main>
        <footer>\(Language.text("Written by ledgerc from the journal; every figure is exact. No script, no request to the network.", ko: "ledgerc가 장부에서 만든 페이지입니다. 모든 숫자는 정확합니다. 스크립트도, 네트워크 요청도 없습니다."))</footer>
        </body>
        </html>

        """
    }

    static let style = """
    :root{--bg:#fff;--fg:#1b1b1b;--muted:#5f6368;--line:#d0d4d9;--over:#b00020;--card:#f6f7f9;color-scheme:light dark}
    @media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e8eaed;--muted:#a0a6ad;--line:#3a3f45;--over:#ff7b8a;--card:#1f2329}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans KR","Apple SD Gothic Neo","Malgun Gothic",sans-serif;word-break:keep-all}
    header,main,footer{max-width:980px;margin:0 auto;padding:0 16px}
    header h1{margin:24px 0 0}header p{color:var(--muted);margin:4px 0}
    nav a{margin-right:12px;color:inherit}
    section{margin:28px 0;padding-top:4px;border-top:1px solid var(--line)}
    h2{font-size:1.25rem}h3{font-size:1.05rem}
    .cards{display:flex;flex-wrap:wrap;gap:12px}
    .card{background:var(--card);border-radius:8px;padding:10px 14px;min-width:180px}
    .card b{display:block;font-size:1.2rem;font-variant-numeric:tabular-nums}
    .card span{color:var(--muted);font-size:.85rem}
    table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums;display:block;max-width:100%;overflow-x:auto}
    th,td{padding:3px 10px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
    .num{text-align:right}
    tr.over td{color:var(--over);font-weight:600}
    figure{margin:12px 0}figcaption{font-weight:600}
    svg{width:100%;height:auto;display:block}
    svg text{fill:var(--fg);font-size:11px}svg .axis{fill:var(--muted)}
    svg .zero{stroke:var(--line)}svg .grid{stroke:var(--line);stroke-opacity:.35}
    .legend{list-style:none;padding:0;margin:4px 0;display:flex;flex-wrap:wrap;gap:12px;font-size:.85rem}
    .legend span{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}
    .legend span.line{width:14px;height:0;border-top:2px dashed currentColor}
    .warn{color:var(--over)}
    footer{color:var(--muted);font-size:.8rem;margin:40px auto}
    @media print{nav{display:none}details{display:block}details>summary{display:none}section{break-inside:avoid}body{font-size:11pt}}
    """
}
