/// One value of a report, typed so that each output format writes it its own
/// way: an amount is `$1,234.50` in text and `1234.50` in CSV and JSON; a
/// fraction is `55.2%` in text and `0.5523` in CSV and JSON.
public enum Cell {
    /// The same text in every format; a JSON string.
    case text(String)
    /// Nothing: empty in text and CSV, `null` in JSON.
    case missing
    /// A whole number; a JSON number.
    case count(Int)
    /// `true` or `false`; a JSON boolean.
    case flag(Bool)
    /// A date, `YYYY-MM-DD`.
    case date(CivilDate)
    /// A month, `YYYY-MM`.
    case month(CivilDate)
    /// An account's full name.
    case account(Int32)
    /// A commodity's name; in text quoted when it must be (`"005930"`) if `quotedInText`.
    case commodity(Int32, quotedInText: Bool = false)
    /// A quantity of a commodity. Text: in the commodity's style (`$1,234.50`);
    /// CSV and JSON: the plain number. At `places` when given, else at the
    /// commodity's display precision.
    case amount(ExactDecimal, Int32, places: Int? = nil)
    /// A quantity written as a number in every format, at the commodity's precision.
    case number(ExactDecimal, Int32)
    /// A quantity of a commodity shown without its symbol: grouped in text as
    /// the commodity-less style groups, plain in CSV and JSON.
    case bareQuantity(ExactDecimal, Int32)
    /// A fraction. Text: a percentage (`55.2%`); CSV and JSON: the fraction,
    /// padded to 4 places when `fourPlaces`, else as computed.
    case fraction(ExactDecimal?, fourPlaces: Bool)
    /// A bar of 20 cells, `value` of `maximum` (text only).
    case bar(ExactDecimal, of: ExactDecimal)
    /// `text` in the text format, `cell` in the others (a description marked
    /// "(generated)" in text, with a column of its own in CSV and JSON).
    indirect case shownAs(String, Cell)
    /// A place in a file: `file:line` in text and CSV, `{"file", "line"}` in JSON.
    case place(String, Int)
    /// A nested table: an array in JSON, a titled section after the table in text.
    indirect case table(ReportTable)
    /// A JSON object of these keys and cells (`source`, `cost`); shown in text as its cells joined.
    case object([(key: String, cell: Cell)])
}

extension Cell {
    /// A unit price or cost: as exact as written (`$236.855`), or, for a
    /// quotient that did not terminate (a split's `$170 × 2/3`), at display precision.
    static func unitPrice(_ q: ExactDecimal, _ commodity: Int32, _ table: CommodityTable) -> Cell {
        .amount(q, commodity, places: unitPlaces(q, commodity, table))
    }

    static func unitPlaces(_ q: ExactDecimal, _ commodity: Int32, _ table: CommodityTable) -> Int {
        q.scale >= ExactDecimal.maxScale ? table.precision(commodity) : max(table.precision(commodity), q.normalized.scale)
    }
}

/// Which formats show a column.
public struct Formats: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let text = Formats(rawValue: 1)
    public static let csv = Formats(rawValue: 2)
    public static let json = Formats(rawValue: 4)
    public static let all: Formats = [.text, .csv, .json]
    /// CSV and JSON: the machine-readable formats.
    public static let data: Formats = [.csv, .json]
}

/// A column of a report table.
public struct Column: Sendable {
    /// The CSV header, in snake_case (`cost_commodity`); the JSON key is its
    /// camelCase form (`costCommodity`) unless `jsonKey` says otherwise.
    public var key: String
    /// The text table's header (`Cost basis`); empty for unlabelled columns.
    public var header: String
    /// Right-aligned in the text table (numbers).
    public var isNumeric: Bool
    public var formats: Formats
    public var jsonKey: String
    /// `jsonKey` as a JSON string's bytes, quotes included (written per row).
    public let quotedJSONKey: [UInt8]

    public init(_ key: String, _ header: String, numeric: Bool = false, in formats: Formats = .all, jsonKey: String? = nil) {
        self.key = key
        // The text header in the current language (one lookup per column, never per cell).
        self.header = Language.current == .korean ? Column.korean[header] ?? header : header
        self.isNumeric = numeric
        self.formats = formats
        let name = jsonKey ?? Column.camelCase(key)
        self.jsonKey = name
        // Keys are ASCII identifiers: nothing to escape.
        precondition(name.utf8.allSatisfy { $0 < 0x80 && $0 != 0x22 && $0 != 0x5C && $0 >= 0x20 }, "JSON key \(name)")
        quotedJSONKey = [0x22] + Array(name.utf8) + [0x22]
    }

    /// The text headers in Korean, as Korean banking and brokerage apps word them.
    static let korean: [String: String] = [
        "Account": "계정", "Category": "분류", "Actual": "실제", "Amount": "금액", "Amount due": "청구액", "Average": "평균",
        "Avg cost": "평균 단가", "Balance": "잔액", "Value at start": "기초 평가액", "Booking": "매각 방식", "Bought": "매수",
        "Budget": "예산", "Card": "카드", "Cash flow": "현금 흐름", "Charges": "사용액", "Closes": "마감일", "Commodity": "통화",
        "Cost basis": "매입 원가", "Cost commodity": "원가 통화", "Date": "날짜", "Declared": "선언", "Description": "적요",
        "Difference": "차이", "Dividends": "배당", "Due": "결제일", "End": "끝", "Value at end": "기말 평가액", "Expenses": "지출",
        "Still to bill in installments": "남은 할부", "Generated": "생성", "Income": "수입", "Installments": "할부",
        "Key": "키", "Label": "이름표", "Lots": "로트", "Market value": "평가액", "Month": "월", "Net": "순수입", "Paid": "결제액",
        "Paid on": "결제일자", "Period": "기간", "Periods": "기간 수", "PnL": "손익", "Price": "가격", "Quantity": "보유 수량",
        "Realized in period": "기간 실현 손익", "Realized": "실현 손익", "Refunds": "취소·환불", "Remaining": "남은 금액",
        "Savings": "저축률", "Share": "비중", "Side": "매수/매도", "Sold": "매도", "Source": "출처", "Start": "시작",
        "Total": "합계", "Total return": "총수익", "Txns": "거래 수", "Type": "유형", "Unit cost": "단가",
        "Unrealized": "평가 손익", "Used": "사용", "Value": "값", "Weight": "비중",
    ]

    /// `realized_gain` → `realizedGain`.
    static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "_")
        guard let first = parts.first else { return key }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// Rows of typed cells under keyed columns: what every report returns.
/// Renderers (text, CSV, JSON) turn it into bytes; none of them knows a report.
public struct ReportTable {
    /// The JSON key of the table's array (`holdings`, `totals`).
    public var name: String
    public var columns: [Column]
    /// The rows, when the report built them; else `stream` writes them.
    public var rows: [[Cell]]
    /// For large tables: writes the rows into a renderer as they are made,
    /// so that no row outlives its writing.
    public var stream: ((any RowWriter) -> Void)?
    /// In text, the heading of a nested table's section.
    public var title: String?

    public init(name: String, columns: [Column], rows: [[Cell]] = [], title: String? = nil) {
        self.name = name
        self.columns = columns
        self.rows = rows
        self.title = title
    }

    /// A table whose rows are written while it is rendered.
    public init(name: String, columns: [Column], stream: @escaping (any RowWriter) -> Void) {
        self.init(name: name, columns: columns)
        self.stream = stream
    }

    /// Writes the rows, built or streamed, into `writer`.
    public func write(into writer: any RowWriter) {
        if let stream {
            stream(writer)
            return
        }
        for row in rows {
            for cell in row {
                if case .table(let nested) = cell {
                    writer.beginTable(nested.columns, title: nested.title)
                    nested.write(into: writer)
                    writer.endTable()
                } else {
                    writer.cell(cell)
                }
            }
            writer.endRow()
        }
    }

    /// The rows, built or streamed, with nested tables built too.
    public func collectedRows() -> [[Cell]] {
        if stream == nil { return rows }
        let collector = RowCollector()
        write(into: collector)
        return collector.rows
    }
}

/// Receives a table's rows cell by cell, in column order. Each renderer is
/// one, so that a streamed table is written as it is made. A class, so that
/// a stream reaches it through a plain reference (no existential box per cell).
public protocol RowWriter: AnyObject {
    /// The next column's cell.
    func cell(_ cell: Cell)
    /// The next column's cell is a table: its rows follow, then `endTable`.
    func beginTable(_ columns: [Column], title: String?)
    func endTable()
    /// The current row is complete.
    func endRow()
}

/// Builds the rows written into it (for the text format, which aligns
/// columns and so needs every row first).
final class RowCollector: RowWriter {
    private var stack: [(columns: [Column], title: String?, rows: [[Cell]], row: [Cell])] = [([], nil, [], [])]
    var rows: [[Cell]] { stack[0].rows }

    func cell(_ cell: Cell) { stack[stack.count - 1].row.append(cell) }
    func beginTable(_ columns: [Column], title: String?) { stack.append((columns, title, [], [])) }
    func endTable() {
        let t = stack.removeLast()
        cell(.table(ReportTable(name: "", columns: t.columns, rows: t.rows, title: t.title)))
    }
    func endRow() {
        stack[stack.count - 1].rows.append(stack[stack.count - 1].row)
        stack[stack.count - 1].row = []
    }
}

/// How the text format lays a report out.
public enum TextLayout {
    /// Each table aligned in columns, a blank line between tables; nested
    /// tables follow their table as titled, indented sections. `empty` is
    /// printed instead when the first table has no rows.
    case tables(empty: String?)
    /// hledger's balance tree: amounts right-aligned, then the account's last
    /// segment indented by depth (`flat`: the full name); a rule; then the
    /// totals (the second table).
    case balanceTree(flat: Bool)
    /// `table`, a rule, then `totals` under the same columns; when wider than
    /// `width`, the columns after the first are split into blocks that fit,
    /// each block repeating the first column.
    case wrapped(ReportTable, totals: ReportTable, width: Int)
    /// Text of the report's own (the transactions as journal text).
    case custom(() -> [UInt8])
}

/// How the JSON format lays a report out.
public enum JSONLayout {
    /// Indented, two spaces a level.
    case pretty
    /// Compact, one row per line (large exports).
    case rowPerLine
}

/// A report's result: its tables, and how text and JSON lay them out.
/// CSV writes the first table; JSON writes every table under its name after
/// the `"ledgerc": 1, "until": …` header.
public struct ReportDocument {
    public var tables: [ReportTable]
    /// The table CSV writes, when it is not the first (transactions: one row
    /// per posting, where JSON nests the postings in their transaction).
    public var csv: ReportTable?
    public var text: TextLayout
    public var json: JSONLayout
    /// The horizon the ledger was materialized to (the JSON header's `until`).
    public var until: CivilDate

    public init(_ tables: [ReportTable], until: CivilDate, text: TextLayout = .tables(empty: nil), json: JSONLayout = .pretty) {
        self.tables = tables
        self.until = until
        self.text = text
        self.json = json
    }
}

/// A report over a compiled ledger: a pure function to a document.
public protocol Report {
    /// The report's tables; throws when a figure cannot be computed exactly,
    /// before anything is written.
    func document() throws(AmountOverflow) -> ReportDocument
}
