/// The formats a report can be written in: `--format text|csv|json`.
/// A new format is one case here and one renderer beside this file.
public enum OutputFormat: String, CaseIterable, Sendable {
    case text, csv, json

    /// The names, for help text and usage errors: `text, csv or json`.
    public static var names: String {
        let all = allCases.map(\.rawValue)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }

    /// Writes `document` in this format. With a sink, large outputs are handed
    /// to it as they are written; the bytes not yet handed over are returned.
    public func render(_ document: ReportDocument, accounts: AccountTable, commodities: CommodityTable, to sink: ByteSink? = nil) -> [UInt8] {
        let names = CellNames(accounts: accounts, commodities: commodities)
        switch self {
        case .text: return TextRenderer(names: names).render(document)
        case .csv: return CSVRenderer(names: names).render(document, to: sink)
        case .json: return JSONRenderer(names: names).render(document, to: sink)
        }
    }
}

/// What a renderer needs to turn ids into names.
struct CellNames {
    let accounts: AccountTable
    let commodities: CommodityTable
    /// Set when the text format rounded an amount to its display precision.
    let rounding = RoundingMark()

    /// The value of a cell as CSV and JSON write it, for the cells that are strings there.
    func dataText(_ cell: Cell) -> String? {
        let c = commodities
        switch cell {
        case .text(let s): return s
        case .date(let d): return d.description
        case .month(let d): return d.monthText
        case .account(let id): return accounts[id]
        case .commodity(let id, _): return c[id]
        case .amount(let q, let k, let places): return places.map { q.text(places: $0) } ?? c.plain(q, k)
        case .number(let q, let k), .bareQuantity(let q, let k): return c.plain(q, k)
        case .fraction(let f, let fourPlaces): return f.map { fourPlaces ? $0.text(places: max(4, $0.scale)) : $0.description }
        case .shownAs(_, let cell): return dataText(cell)
        case .count(let n): return String(n)
        case .place(let file, let line): return "\(file):\(line)"
        case .flag(let b): return b ? "true" : "false"
        case .missing, .bar, .table, .object: return nil
        }
    }

    /// The value of a cell as the text format shows it.
    func text(_ cell: Cell) -> String {
        let c = commodities
        switch cell {
        case .commodity(let id, let quoted): return quoted ? c.symbol(id) : c[id]
        case .amount(let q, let k, let places):
            // A figure given its own places is a quotient, rounded by definition (REPORTS.md).
            if places == nil, c.roundsAtDisplay(q, k) { return rounding.mark() + c.format(Amount(q, k)) }
            return c.format(Amount(q, k), precision: places)
        case .bareQuantity(let q, let k):
            return (c.roundsAtDisplay(q, k) ? rounding.mark() : "") + c.format(Amount(q, CommodityTable.none), precision: c.precision(k))
        case .fraction(let f, _): return f.map(percentShown) ?? ""
        case .bar(let value, let maximum): return proportionalBar(value, of: maximum, width: 20)
        case .shownAs(let s, _): return s
        case .object(let fields): return fields.map { text($0.cell) }.joined(separator: " ")
        default: return dataText(cell) ?? ""
        }
    }
}

/// Remembers whether a text table showed an amount rounded, so that the table can say so.
final class RoundingMark {
    private(set) var used = false

    /// The sign put before a rounded amount: `≈-500 KRW`.
    func mark() -> String {
        used = true
        return "≈"
    }

    /// The line under a table that rounded a figure.
    static var note: String {
        Language.text("≈ rounded to the commodity's display precision; --format csv or json gives the exact figure\n",
                      ko: "≈ 통화의 표시 자릿수로 반올림했습니다. --format csv나 json은 정확한 숫자를 보입니다\n")
    }
}
