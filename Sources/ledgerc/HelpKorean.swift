import LedgerCore

/// `--help` in Korean: the main help and each command's, beside the English
/// ones (`LedgerCommand.help`, each command's `help`). Option names, file
/// names and examples stay as they are typed.
enum KoreanHelp {
    static let main = """
    ledgerc: 텍스트 가계부(plain-text ledger) 컴파일러

    사용법:
    \(LedgerCommand.usageLines)
      ledgerc diff   OLD NEW | REV [PATH] [--format text|json|markdown]   (종료 코드 1: 의미가 바뀜)
      ledgerc merge  BASE OURS THEIRS   (git의 장부 병합 드라이버, docs/GIT.md)
      ledgerc accounts|payees|commodities|tags|prices|stats [FILE...] [--format text|csv|json]
                     ('report 이름'과 같습니다. accounts --types, tags --values, prices --infer)
      ledgerc lsp    (표준 입출력으로 동작하는 언어 서버, docs/EDITORS.md)
      ledgerc --help | --version

    hledger 형식의 명령줄도 씁니다(docs/COMPATIBILITY.md):
      ledgerc [-f FILE]... bal|bs|is|cf|reg|print|accounts|check|close [QUERY...] [FLAGS...]
                     (-M -Q -Y -p -b -e -H -T -A --tree --depth -O csv -o FILE ...)

    FILE은 경로이거나 표준 입력을 뜻하는 '-'입니다. FILE이 없으면 $LEDGER_FILE을 읽습니다.
    LEDGERC_TODAY=YYYY-MM-DD는 '오늘'을 고정합니다. repeat 규칙은 기본으로 오늘까지 펼칩니다.
    --lang ko|en은 출력 언어를 고릅니다(기본: LC_ALL, LC_MESSAGES, LANG 순서).
    각 명령의 옵션은 'ledgerc 명령 --help'로 봅니다.

    """

    /// The common lines of the filter options (`queryHelp` in English).
    static let filters = """
      --from DATE, --to DATE  기간(양 끝 포함). DATE: YYYY, YYYY-MM, YYYY-MM-DD,
                            YYYY-Qn, today, yesterday, tomorrow, this|last|next
                            week|month|quarter|year (기간이면 --from은 첫날, --to는
                            마지막 날). 상대 날짜는 오늘부터 셉니다(LEDGERC_TODAY로
                            고정). --until 없이 오늘 뒤의 --to를 주면 repeat
                            규칙도 --to까지 펼칩니다.
      --date RANGE          양 끝을 한 번에: 2025-03, 'last month', 2025-01..2025-03
      --account PATTERN     계정이 맞는 포스팅
      --not-account PATTERN 계정이 맞지 않는 포스팅
      --payee PATTERN       거래처가 맞는 거래
      --note PATTERN        적요 전체가 맞는 거래
      --tag NAME[=PATTERN]  태그 NAME이 달린 포스팅(포스팅이나 그 거래에)
      --status STATUS       cleared, pending, unmarked
      --amount OPNUMBER     부호 있는 금액: '>100', '<=-5', '=0'
                            같은 필터를 여러 번 주면 그중 하나가, 다른 필터는
                            모두가 맞아야 합니다. PATTERN: 대소문자를 가리지 않는
                            글자, 또는 /정규식/.
    """

    static let common = """
      --diagnostics FORMAT  text(기본), json, github
      --column-unit UNIT    text·github 진단의 열을 세는 단위: char(기본), byte, display
      --werror              경고도 실패로 봅니다(종료 코드 1)
    """

    /// Each command's help.
    static let commands: [String: String] = [
        "check": """
        ledgerc check: 읽고, 합을 맞추고, 잔액 확인을 하고, repeat 규칙을 펼칩니다

        사용법: ledgerc check [FILE...] [--strict] [--until DATE] [--diagnostics text|json|github]

        옵션:
          --strict              모든 계정과 통화가 선언되어야 합니다(hledger의 --strict).
                                선언된 이름과 비슷한 미선언 이름은 함께 알려 줍니다
          --check-payees        모든 거래처도 선언되어야 합니다
          --until DATE          repeat 규칙을 DATE까지 펼칩니다(기본: 오늘)
        \(common)

        종료 코드: 0 문제없이 컴파일됨, 1 오류가 있음, 2 사용법 오류나 읽을 수 없는 파일.

        """,
        "report": """
        ledgerc report: 컴파일한 장부의 보고서

        사용법: ledgerc report [REPORT] [FILE...] [--format text|csv|json] [--until DATE]
                              [--from DATE] [--to DATE] [--date RANGE] [FILTER...]
                              [--depth N] [--period week|month|quarter|year]
                              [--historical] [--average] [--flat] [--empty] [-o PATH]
                              [-X COMMODITY | -V | --value TYPE[,COMMODITY]]

        REPORT: \(ReportKind.allCases.map(\.rawValue).joined(separator: ", "))
          (summary: 월별 수입·지출·순수입·저축률·분류, balance: 잔액, register: 포스팅별 누계,
           holdings: 보유 종목과 평가액, trades: 매수/매도, statements: 카드 결제일과 할부)

        옵션:
          --format FORMAT       text(기본), csv, json. CSV와 JSON은 언어와 상관없이 같습니다
          --until DATE          repeat 규칙을 DATE까지 펼칩니다(기본: 오늘)
        \(filters)
          --depth N             계정을 N단계까지 묶습니다(summary의 분류: 기본 2)
          --period LENGTH       week, month, quarter, year: 열 하나씩(balance),
                                또는 그 단위로 묶은 행(summary, budget; 기본 month)
          --historical          balance, register: --from 이전도 포함합니다
                                (balance: 변동 대신 기말 잔액)
          --flat                balance: 전체 계정 이름, 각자의 포스팅만
          --empty               balance: 금액이 0인 행도 보입니다
          -A, --average         balance --period: 평균 열(합계 ÷ 기간 수)
          --side buy|sell       trades: 매수만 또는 매도만
          --types               accounts: 계정 유형
          --values              tags: 태그 이름 대신 값
          --infer               prices: 매입 원가에서 나오는 시세도
          --lots                holdings: 열린 로트마다 한 행(날짜, 수량, 단가)
          -X, --exchange COMMODITY
                                보고서 끝(--period면 각 기간 끝)의 시세로 모든 금액을 COMMODITY로 환산합니다
          -V                    각 통화를 가장 최근 P 시세의 통화로 환산합니다
          --value TYPE[,COMMODITY]
                                TYPE: end(-X와 같음), then(포스팅 날짜), cost, now, 또는 날짜
          -o PATH               보고서를 표준 출력 대신 PATH에 씁니다(원자적으로)
        \(common)

        열과 키: docs/REPORTS.md.

        """,
        "print": """
        ledgerc print: 컴파일한 장부를 장부 텍스트로

        사용법: ledgerc print [FILE...] [--until DATE] [--from DATE] [--to DATE]
                             [--date RANGE] [FILTER...]

        숫자가 기대는 선언(decimal-mark, commodity, account, P)을 먼저, 그다음 기록한
        거래와 생성된 거래를 날짜순으로, 정해진 모양으로 모든 금액을 적어 출력합니다.
        생성된 거래에는 규칙과 발생을 밝히는 '; generated: FILE:LINE #K' 주석이 붙습니다.
        출력은 그대로 다시 읽을 수 있고 같은 거래로 컴파일됩니다. 필터를 주면 포스팅
        하나라도 맞는 거래를 통째로 출력합니다.

        옵션:
          --until DATE          repeat 규칙을 DATE까지 펼칩니다(기본: 오늘)
        \(filters)
        \(common)
          --textconv            git의 diff 드라이버용(docs/GIT.md): 파일 하나만, include는
                                빈 것으로 읽고, 컴파일되지 않는 파일은 그대로 출력하며, 실패하지 않습니다

        """,
        "add": """
        ledgerc add: 거래를 기록합니다. 쓰기 전에 검사합니다

        사용법: ledgerc add [FILE] [DATE] DESCRIPTION [ACCOUNT [AMOUNT]]... [--dry-run] [--new-account]

        예: ledgerc add house.ledger 2025-03-02 편의점 지출:식비 4,500 KRW 자산:카드

        DATE의 기본은 오늘입니다(LEDGERC_TODAY로 고정, 'yesterday'도 씁니다). 포스팅
        하나는 금액을 생략할 수 있습니다. AMOUNT는 장부가 금액을 쓰는 대로(통화 형식과
        소수점) 읽고, 한 단어나 두 단어(4,500 KRW)로 씁니다. 공백이 든 단어는 따옴표로 묶습니다.

        쓰기 전에 새 거래를 더한 장부가 컴파일되어야 합니다: 합이 맞고, 숫자와 날짜가
        올바르고, 계정을 알고(모르면 가까운 이름을 알려 줍니다), 뒤의 잔액 확인이 깨지지
        않아야 합니다. 오류가 있으면 아무것도 쓰지 않고 종료 코드는 1입니다.

        거래는 'ledgerc fmt'의 모양으로, FILE에서 날짜가 같거나 이른 마지막 거래 뒤에
        씁니다(날짜순이 아닌 파일이면 끝에). FILE의 다른 바이트는 그대로입니다. 쓰기는
        원자적이고, 심볼릭 링크를 따라가며, 파일 권한을 지킵니다.

        포스팅 없이 터미널에서 실행하면 적요, 날짜, 포스팅을 차례로 묻습니다. 비슷한
        적요의 가장 최근 거래를 틀로 제안하고, 계정 이름은 일부만 써도 완성합니다.
        첫 질문에서 빈 적요나 Ctrl-D는 쓰지 않고 끝냅니다.

        옵션:
          --dry-run             거래를 출력만 하고 쓰지 않습니다
          --new-account         장부에 아직 없는 계정도 받습니다
        \(common)

        """,
        "import": """
        ledgerc import: 명세서(CSV, XLSX, XLS, HTML)를 장부로, 행마다 한 번씩, hledger의 CSV 규칙으로

        사용법: ledgerc import JOURNAL STATEMENT... [--rules FILE] [--dry-run] [--match-days N] [--learn] [--quiet]
                              [--password-file FILE]

        명세서는 CSV(UTF-8 또는 CP949), XLSX, BIFF8 XLS, .xls로 저장한 HTML 표, 암호가 걸린
        XLSX이며 내용으로 형식을 알아봅니다. 통합 문서의 첫 시트(또는 규칙의 'sheet 이름')가
        CSV 줄처럼 행이 됩니다. 규칙은 hledger의 CSV 규칙 형식입니다(기본: 명세서 경로에
        '.rules'를 붙인 파일). 같은 날짜(--match-days 일 이내)에 같은 금액의 account1
        포스팅이 장부에 있고 다른 행이 차지하지 않았으면 이미 기록한 행입니다: 같은
        명세서를 두 번 가져와도 더해지는 것이 없습니다. 새 거래는 fmt의 모양으로 날짜순으로
        덧붙이며, 그 거래를 더한 장부가 컴파일될 때만 안전하게 씁니다. docs/IMPORT.md 참고.

        옵션:
          --rules FILE          모든 CSV에 쓸 규칙
          --dry-run             새 거래를 출력만 하고 쓰지 않습니다
          --match-days N        행의 날짜에서 N일 안의 포스팅도 맞는 것으로 봅니다(기본 0)
          --learn               어느 규칙도 분류하지 않은 행은 그 거래처와 가장 많이 쓴 계정으로
                                (없으면 지출은 지출:미분류, 수입은 수입:미분류)
          --quiet               표준 오류에 요약 줄을 쓰지 않습니다
          --password-file FILE  암호가 걸린 통합 문서의 암호(첫 줄). 없으면
                                LEDGERC_STATEMENT_PASSWORD, 그것도 없으면 터미널에서 화면에
                                보이지 않게 묻습니다(파이프에서는 읽지 않습니다)
          --diagnostics FORMAT  text(기본), json, github

        """,
        "fmt": """
        ledgerc fmt: 장부 파일을 정해진 모양으로 다시 씁니다

        사용법: ledgerc fmt [FILE...] [--check | --write]

        포스팅은 공백 네 칸으로 들여 쓰고, 금액은 거래마다 한 열에 오른쪽 정렬합니다
        (화면 폭으로 세므로 한글 이름도 맞습니다). 빈 줄이 이어지면 하나로 줄이고, 거래 뒤에는
        빈 줄을 하나 둡니다. 주석, 지시어, 숫자, 날짜는 쓴 그대로입니다.

        오류 없이 컴파일되는 파일만, 그리고 정리한 텍스트가 정확히 같은 거래로 컴파일될
        때만 정리합니다.

        옵션이 없으면 각 FILE의 정리된 텍스트를 출력합니다. --check는 바뀔 파일(포함한
        파일까지)의 이름을 출력하고 하나라도 있으면 1로 끝납니다. --write는 바뀌는 파일을
        원자적으로 다시 씁니다.

        옵션:
          --check               정리되지 않은 파일 이름을 출력합니다. 있으면 종료 코드 1
          --write               파일을 그 자리에서 다시 씁니다
          --until DATE          검사할 때 repeat 규칙의 기준일(기본: 오늘)
        \(common)

        종료 코드: 0 모든 파일이 정리됨, 1 오류가 있거나 --check가 바꿀 파일을 찾음,
        2 사용법 오류나 읽고 쓸 수 없는 파일.

        """,
        "materialize": """
        ledgerc materialize: repeat 규칙의 발생을 날짜까지 기록합니다

        사용법: ledgerc materialize FILE [--until DATE] [--write] [--quiet]

        기준일까지의 발생 가운데 기록한 거래가 채우지 않은 것을 'repeat: 적요' 태그가 붙은
        보통 거래로 씁니다. 그다음부터는 그 거래가 발생을 채웁니다. --write가 없으면 더할
        내용을 출력만 하고, --write면 FILE에 안전하게 씁니다(docs/RELIABILITY.md). 두 번
        실행해도 두 번째에는 더하는 것이 없습니다.

        옵션:
          --until DATE          기준일(기본: 오늘)
          --write               출력 대신 FILE에 씁니다
          --quiet               --write일 때 기록한 내용을 말하지 않습니다
        \(common)

        """,
        "close": """
        ledgerc close: 어느 날 장부를 마감하고 다음 날 다시 여는 거래

        사용법: ledgerc close [FILE...] --to DATE [FILTER...] [--close-acct NAME] [--open-acct NAME]

        DATE(포함)에 잔액이 있는 모든 계정(필터가 남긴 계정)을 자본 계정으로 0으로 만들고
        각 포스팅에 '= 0' 확인을 붙입니다. 다음 날 같은 잔액을 다시 열고 확인합니다.
        hledger 1.25의 'close'와 같습니다. 출력은 새해 파일에 덧붙일 장부 텍스트이며
        아무것도 쓰지 않습니다.

        옵션:
          --to DATE             마감하는 마지막 날(월이나 연도면 그 마지막 날)
          --close-acct NAME     마감 거래의 자본 계정(기본: equity:opening/closing balances)
          --open-acct NAME      개시 거래의 자본 계정(기본값 같음)
          --until DATE          repeat 규칙을 DATE까지 펼칩니다(기본: --to)
        \(filters)
          --diagnostics FORMAT  text(기본), json, github
          --werror              경고도 실패로 봅니다(종료 코드 1)

        """,
        "reconcile": """
        ledgerc reconcile: 계정의 확인된(cleared) 잔액을 명세서 잔액과 맞춥니다

        사용법: ledgerc reconcile FILE --account ACCOUNT --to DATE --balance AMOUNT [--write]
               ledgerc reconcile FILE --statement STATEMENT [--rules RULES] [--account ACCOUNT] [--to DATE] [--write]

        DATE의 확인된 잔액('*' 표시된 포스팅과 하위 계정), 명세서 잔액, 차이, 그리고 DATE까지의
        확인되지 않은 포스팅을 보이고, 합이 차이와 같은 가장 작은 묶음에 (*)를 표시합니다.
        차이를 만드는 묶음이 둘 이상이면(구매와 그 취소가 모두 미확인일 때 등) 어느 것인지
        합으로는 알 수 없으므로 가장 작은 두 묶음을 보이고 1로 끝나며, --write는 아무것도
        쓰지 않습니다. --statement를 주면 추측하지 않습니다: import가 명세서 행에 맞춘 포스팅을
        확인된 것으로 보고, DATE의 명세서 마지막 잔액을 확인합니다. --write는 그 거래들을
        확인됨으로 표시하고 마지막 거래에 명세서 잔액 확인을 더합니다(장부가 여전히
        컴파일될 때만, 안전하게). 차이가 설명되면(또는 0이면) 0, 아니면 1로 끝납니다.

        옵션:
          --account ACCOUNT     계정의 전체 이름(하위 계정도 셉니다)
          --to DATE             명세서 날짜
          --balance AMOUNT      명세서 잔액, 장부가 금액을 쓰는 대로(1,250,000 KRW)
          --statement FILE      명세서 파일(import가 읽는 형식 모두)
          --rules FILE          그 규칙(기본: 명세서 경로에 '.rules'를 붙인 파일)
          --match-days N        행의 날짜에서 N일 안의 포스팅도 맞는 것으로 봅니다(기본 0)
          --password-file FILE  암호가 걸린 통합 문서의 암호(import와 같음)
          --write               묶음을 확인됨으로 표시하고 잔액 확인을 더합니다
          --diagnostics FORMAT  text(기본), json, github

        """,
        "rename": """
        ledgerc rename: 계정, 거래처, 통화, 태그의 이름을 장부 전체에서 바꿉니다

        사용법: ledgerc rename account|payee|commodity|tag OLD NEW [FILE...] [--dry-run] [--merge]

        OLD와 그 하위 계정(OLD:...)을 장부의 모든 파일(포함한 파일도)에서 바꿉니다: 포스팅,
        'account' 지시어, 'repeat'·'~'·자동 규칙의 포스팅, 자동 규칙 조회어에서 그 이름,
        alias의 대상, 카드의 'paid-from'. 주석이나 적요 안의 이름은 그대로 둡니다. 바꾸기
        전후로 장부를 컴파일해 새 이름으로도 모든 숫자가 같을 때만 파일을 씁니다(전부 또는
        하나도 안 씀). 다른 유형의 기존 계정으로 바꾸려면 --merge가 필요합니다.

        옵션:
          --dry-run             바뀌는 곳을 출력만 합니다(FILE:LINE: old -> new)
          --merge               NEW가 다른 유형의 기존 계정이나 기존 통화여도 허용합니다
          --diagnostics FORMAT  text(기본), json, github

        """,
        "diff": """
        ledgerc diff: 장부의 두 버전 사이에서 의미가 바뀐 것

        사용법: ledgerc diff OLD NEW [--format text|json|markdown] [--until DATE]
                            [--from DATE] [--to DATE] [--period LENGTH] [-X COMMODITY]
               ledgerc diff REV [PATH]

        한쪽은 장부 경로이거나 git 리비전의 장부인 REV:PATH입니다(include도 그 리비전으로
        읽습니다). 'ledgerc diff REV PATH'는 리비전과 작업 트리를 비교합니다.

        더해지거나 빠지거나 바뀐 거래(쓴 위치가 아닌 의미로 맞춥니다), 기간의 계정·통화별
        잔액 변동, 기준일까지 더해지거나 빠진 repeat 발생, 새로 생기거나 고쳐진 진단을 보입니다.

        종료 코드: 0 의미가 같음(모양, 순서, 파일 이동), 1 바뀜, 2 한쪽을 읽을 수 없음.
        git의 diff 드라이버와 병합 도우미 설정: docs/GIT.md.

        """,
        "merge": """
        ledgerc merge: 각자 거래를 덧붙인 장부의 두 버전을 병합합니다

        사용법: ledgerc merge BASE OURS THEIRS

        git의 장부 병합 드라이버입니다. 두 브랜치가 BASE에 덧붙이기만 했다면 덧붙인 항목을
        날짜순으로 합치고 0으로 끝납니다. 그렇지 않으면 git merge-file의 3-way 병합이며,
        충돌 표시와 함께 1로 끝납니다. 병합 결과의 오류가 어느 쪽보다 많거나, 한쪽 항목의
        의미가 달라지면 충돌로 봅니다. 설정: docs/GIT.md.

        """,
        "lsp": """
        ledgerc lsp: 편집기용 언어 서버(표준 입출력의 LSP 3.17)

        사용법: ledgerc lsp

        표준 입출력으로 Content-Length 틀의 JSON-RPC를 주고받습니다: 입력하는 대로 진단,
        계정·거래처·통화·지시어 완성, 정리('ledgerc fmt'와 같음), 호버(계정 잔액, 규칙의
        발생, 생략한 금액, 통화 시세), 정의로 가기, 문서 기호, 빠른 수정. 메시지 언어는
        initialize의 locale을 따릅니다. 편집기 설정: docs/EDITORS.md.

        """,
    ]

    /// A list command's help (`accounts`, `payees`...).
    static func list(_ name: String) -> String {
        """
        ledgerc \(name): 'ledgerc report \(name)' 보고서와 같습니다

        사용법: ledgerc \(name) [FILE...] [--format text|csv|json] [--from DATE] [--to DATE] [FILTER...]
               ('ledgerc report --help' 참고)

        텍스트: 한 줄에 이름(또는 행) 하나, hledger가 보이는 대로. 열과 키: docs/REPORTS.md.

        """
    }
}
