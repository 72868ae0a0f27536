/// hledger 1.25's JSON (`-O json`) for `print`, `register` and a
/// one-column `balance`: its shapes and field names (`tpostings`,
/// `pamount`, `aquantity` with `decimalMantissa`...), keys in alphabetical
/// order and two-space indentation, as `aeson-pretty` writes them. Scripts
/// written for hledger's JSON read ledgerc's. The figures are the ledger's,
/// exact: `decimalMantissa` and `decimalPlaces` carry them; `floatingPoint`
/// is only hledger's convenience copy.
package struct HledgerJSON {
    let journal: Journal
    let sources: SourceManager

    package init(journal: Journal, sources: SourceManager) {
        self.journal = journal
        self.sources = sources
    }

    // MARK: Reports

    /// `print -O json`: each transaction, with its index (1 for the first read).
    package func transactions(_ items: [(transaction: Transaction, index: Int32)]) throws(AmountOverflow) -> String {
        var out: [JSONValue] = []
        for item in items { out.append(try transaction(item.transaction, index: item.index)) }
        return Self.text(.array(out))
    }

    /// `register -O json`: a row per posting, `[date, null, description,
    /// posting, total]`, the date and description on a transaction's first row only.
    package func register(_ items: [RegisterReport.RegisterItem], transactions: [Transaction]) throws(AmountOverflow) -> String {
        var rows: [JSONValue] = []
        var previous: Int32?
        var implied: [SourceLocation: Cost] = [:]
        for item in items {
            let t = transactions[Int(item.index)]
            let first = previous != item.index
            previous = item.index
            if first { implied = Dictionary(try Ledger.impliedCosts(in: t, journal.commodities).map { (t.postings[$0.key].location, $0.value) }, uniquingKeysWith: { a, _ in a }) }
            var p = item.posting
            if p.cost == nil, let cost = implied[p.location] { p.cost = cost }
            rows.append(.array([first ? .string(t.date.description) : .null, .null, first ? .string(t.description) : .null,
                                posting(p, amounts: item.amount.amounts, index: item.index, in: t), amounts(item.total.amounts, computed: true)]))
        }
        return Self.text(.array(rows))
    }

    /// `balance -O json`: `[[name, name, 0, amounts]...], total]`, the
    /// total a single zero when it is zero.
    package func balance(_ rows: [(account: Int32, sum: AmountSums)], total: AmountSums) -> String {
        let shown: [JSONValue] = rows.map { r in
            let name = journal.accounts[r.account]
            return .array([.string(name), .string(name), .int(0), amounts(nonZero(r.sum), computed: true)])
        }
        // hledger's balance JSON ends with a blank line.
        return Self.text(.array([.array(shown), amounts(nonZero(total), computed: true)])) + "\n"
    }

    // MARK: Parts

    func transaction(_ t: Transaction, index: Int32) throws(AmountOverflow) -> JSONValue {
        let implied = try Ledger.impliedCosts(in: t, journal.commodities)
        return .object([
            ("tcode", .string(t.code ?? "")),
            ("tcomment", .string(Self.comment(t.comment))),
            ("tdate", .string(t.date.description)),
            ("tdate2", t.date2.map { .string($0.description) } ?? .null),
            ("tdescription", .string(t.description)),
            ("tindex", .int(Int(index) + 1)),
            ("tpostings", .array(t.postings.enumerated().map { k, p in
                // A conversion without a cost has the cost hledger infers.
                var p = p
                if p.cost == nil, let cost = implied[k] { p.cost = cost }
                return posting(p, amounts: p.amount.map { [$0] } ?? [], index: index, in: t)
            })),
            ("tprecedingcomment", .string("")),
            ("tsourcepos", .array([position(t.location, column: 1), end(of: t)])),
            ("tstatus", .string(Self.status(t.status))),
            ("ttags", Self.tags(t.tags)),
        ])
    }

    func posting(_ p: Posting, amounts list: [Amount], index: Int32, in t: Transaction) -> JSONValue {
        let type: String
        switch p.virtual {
        case .real: type = "RegularPosting"
        case .unbalanced: type = "VirtualPosting"
        case .balanced: type = "BalancedVirtualPosting"
        }
        let own = p.comment.flatMap { PostingDates.primary(in: $0, transaction: t.date) }
        return .object([
            ("paccount", .string(journal.accounts[p.account])),
            ("pamount", .array(list.map { amount($0, cost: list.count == 1 ? p.cost : nil, computed: false) })),
            ("pbalanceassertion", p.assertion.map(assertion) ?? .null),
            ("pcomment", .string(Self.comment(p.comment))),
            ("pdate", own.map { .string($0.description) } ?? .null),
            ("pdate2", .null),
            ("poriginal", .null),
            ("pstatus", .string(Self.status(p.status))),
            ("ptags", Self.tags(tags(of: p))),
            ("ptransaction_", .string(String(index + 1))),
            ("ptype", .string(type)),
        ])
    }

    /// A posting's tags as hledger lists them: its own, then its account's declared ones and its parents'.
    func tags(of p: Posting) -> Tags {
        var out: Tags = p.comment == nil ? [] : p.tags
        var a = p.account
        while a >= 0 {
            out += journal.accountTags[a] ?? []
            a = journal.accounts.parent[Int(a)]
        }
        return out
    }

    func assertion(_ a: BalanceAssertion) -> JSONValue {
        return .object([
            ("baamount", amount(a.amount, cost: nil, computed: false)),
            ("bainclusive", .bool(a.includesSubaccounts)),
            ("baposition", position(a.location)),
            ("batotal", .bool(a.isTotal)),
        ])
    }

    /// A list of amounts; a sum written as hledger writes one.
    func amounts(_ list: [Amount], computed: Bool) -> JSONValue {
        .array(list.sorted { journal.commodities[$0.commodity] < journal.commodities[$1.commodity] }.map { amount($0, cost: nil, computed: computed) })
    }

    /// The amounts not zero; none: one zero, in the first commodity that summed to it (hledger's `amounts`).
    func nonZero(_ s: AmountSums) -> [Amount] {
        let kept = s.amounts.filter { !$0.quantity.isZero }
        if !kept.isEmpty { return kept }
        let c = s.amounts.map(\.commodity).sorted { journal.commodities[$0] < journal.commodities[$1] }.first { !journal.commodities[$0].isEmpty }
        return [Amount(.zero, c ?? CommodityTable.none)]
    }

    /// One amount: its commodity, its cost (`UnitPrice`, `TotalPrice`), its
    /// quantity exactly, and its commodity's style. `computed`: a sum, which
    /// hledger gives a decimal point whether or not one was written.
    func amount(_ a: Amount, cost: Cost?, computed: Bool) -> JSONValue {
        let c = journal.commodities
        let style = c.styles[Int(a.commodity)]
        let comma = c.decimalCommaStyled.contains(a.commodity), places = c.precision(a.commodity)
        let none = a.commodity == CommodityTable.none
        let price: JSONValue = cost.map { cost in
            .object([("contents", amount(cost.amount, cost: nil, computed: false)), ("tag", .string(cost.isTotal ? "TotalPrice" : "UnitPrice"))])
        } ?? .null
        return .object([
            ("acommodity", .string(c[a.commodity])),
            ("aprice", price),
            ("aquantity", .object([
                ("decimalMantissa", .number(String(a.quantity.mantissa))),
                ("decimalPlaces", .int(a.quantity.scale)),
                ("floatingPoint", .number(Self.floating(a.quantity))),
            ])),
            ("astyle", .object([
                ("ascommodityside", .string(!none && !style.symbolFirst ? "R" : "L")),
                ("ascommodityspaced", .bool(!none && style.spaced)),
                ("asdecimalpoint", computed || places > 0 ? .string(comma ? "," : ".") : .null),
                ("asdigitgroups", style.grouped ? .array([.string(comma ? "." : ","), .array([.int(3)])]) : .null),
                ("asprecision", .int(places)),
            ])),
        ])
    }

    /// A place as hledger names it: the file's absolute path (`-` for standard input).
    func position(_ location: SourceLocation, column: Int? = nil) -> JSONValue {
        let at = sources.describe(location)
        var path = sources.files[Int(location.file)].path
        if path == "<stdin>" { path = "-" } else if !path.hasPrefix("/") { path = systemRealPath(path) ?? path }
        return .object([("sourceColumn", .int(column ?? at.column)), ("sourceLine", .int(at.line)), ("sourceName", .string(path))])
    }

    /// Where a transaction ends, as hledger's `tsourcepos` has it: the line
    /// after its last posting and that posting's comment lines, column 1.
    func end(of t: Transaction) -> JSONValue {
        let last = t.postings.last
        guard case .object(var fields) = position(last?.location ?? t.location, column: 1), let line = sources.describe(last?.location ?? t.location).line as Int? else { return .null }
        let extra = max(1, LedgerPrinter.lines(last?.comment ?? (last == nil ? t.comment : nil)).count)
        fields[1] = ("sourceLine", .int(line + extra))
        return .object(fields)
    }

    static func comment(_ text: String?) -> String {
        let lines = LedgerPrinter.lines(text)
        return lines.isEmpty ? "" : lines.map { $0 + "\n" }.joined()
    }

    static func status(_ s: Status) -> String {
        switch s {
        case .cleared: return "Cleared"
        case .pending: return "Pending"
        case .unmarked: return "Unmarked"
        }
    }

    static func tags(_ tags: Tags) -> JSONValue { .array(tags.map { .array([.string($0.key), .string($0.value)]) }) }

    /// hledger's `floatingPoint`: the number as a double would print it
    /// (`10.5`, `1`, `-2.2`); for display only, the exact figure is beside it.
    static func floating(_ q: ExactDecimal) -> String {
        var text = q.normalized.description
        if text.hasPrefix("-0") && q.isZero { text = "0" }
        return text
    }

    // MARK: Layout

    /// `aeson-pretty`'s layout: two spaces a level, `"key": value`, `[]` and `{}` when empty.
    static func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out + "\n"
    }

    private static func write(_ value: JSONValue, indent: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1), close = String(repeating: "  ", count: indent)
        switch value {
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (k, item) in items.enumerated() {
                out += pad
                write(item, indent: indent + 1, into: &out)
                out += k + 1 < items.count ? ",\n" : "\n"
            }
            out += close + "]"
        case .object(let fields):
            guard !fields.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (k, field) in fields.enumerated() {
                out += pad + String(decoding: JSONValue.string(field.0).bytes, as: UTF8.self) + ": "
                write(field.1, indent: indent + 1, into: &out)
                out += k + 1 < fields.count ? ",\n" : "\n"
            }
            out += close + "}"
        default:
            out += String(decoding: value.bytes, as: UTF8.self)
        }
    }
}
