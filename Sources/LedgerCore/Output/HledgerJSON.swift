/// hledger 1.25's JSON (`-O json`) for `print`, `register` and a
/// one-column `balance`: its shapes and field names (`tpostings`,
/// `pamount`, `aquantity` with `decimalMantissa`...), keys in alphabetical
/// order and two-space indentation, as `aeson-pretty` writes them. Scripts
/// written for hledger's JSON read ledgerc's. The figures are the ledger's,
/// exact: `decimalMantissa` and `decimalPlaces` carry them; `floatingPoint`
/// is only hledger's convenience copy. Written straight into bytes (a
/// journal of 100,000 transactions is some 300 MB of it).
package struct HledgerJSON {
    let journal: Journal
    let sources: SourceManager
    /// Where the text goes as it is written (standard output); nil: all of it is returned.
    let sink: ByteSink?
    /// Each source file's name as hledger gives it: its absolute path (`-` for
    /// standard input), resolved once a file, not once a transaction.
    let paths: [String]

    package init(journal: Journal, sources: SourceManager, sink: ByteSink? = nil) {
        self.journal = journal
        self.sources = sources
        self.sink = sink
        paths = sources.files.map { file in
            file.path == "<stdin>" ? "-" : file.path.hasPrefix("/") ? file.path : systemRealPath(file.path) ?? file.path
        }
    }

    // MARK: Reports

    /// `print -O json`: each transaction, with its index (0 for the first read).
    package func transactions(_ items: [(transaction: Transaction, index: Int32)]) throws(AmountOverflow) -> [UInt8] {
        // What can fail is worked out before a byte is written.
        var implied: [[Int: Cost]] = []
        for item in items { implied.append(try Ledger.impliedCosts(in: item.transaction, journal.commodities)) }
        var w = PrettyJSON(sink: sink)
        w.open(0x5B)
        for (k, item) in items.enumerated() { transaction(item.transaction, index: item.index, implied: implied[k], into: &w) }
        w.close(0x5D)
        return w.finished()
    }

    /// `register -O json`: a row per posting, `[date, null, description,
    /// posting, total]`, the date and description on a transaction's first row only.
    package func register(_ items: [RegisterReport.RegisterItem], transactions: [Transaction]) throws(AmountOverflow) -> [UInt8] {
        // What can fail is worked out before a byte is written.
        var implied: [SourceLocation: Cost] = [:]
        var previous: Int32?
        for item in items where previous != item.index {
            previous = item.index
            let t = transactions[Int(item.index)]
            for (k, cost) in try Ledger.impliedCosts(in: t, journal.commodities) { implied[t.postings[k].location] = cost }
        }
        var w = PrettyJSON(sink: sink)
        w.open(0x5B)
        previous = nil
        for item in items {
            let t = transactions[Int(item.index)]
            let first = previous != item.index
            previous = item.index
            var p = item.posting
            if p.cost == nil, let cost = implied[p.location] { p.cost = cost }
            w.open(0x5B)
            if first { w.string(t.date.description) } else { w.raw("null") }
            w.raw("null")
            if first { w.string(t.description) } else { w.raw("null") }
            posting(p, amounts: item.amount.amounts, index: item.index, in: t, into: &w)
            amounts(item.total.amounts, computed: true, into: &w)
            w.close(0x5D)
        }
        w.close(0x5D)
        return w.finished()
    }

    /// `balance -O json`: `[[name, name, 0, amounts]...], total]`, the
    /// total a single zero when it is zero; a blank line after it, as hledger's.
    package func balance(_ rows: [(account: Int32, sum: AmountSums)], total: AmountSums) -> [UInt8] {
        var w = PrettyJSON(sink: nil)
        w.open(0x5B)
        w.open(0x5B)
        for r in rows {
            let name = journal.accounts[r.account]
            w.open(0x5B)
            w.string(name)
            w.string(name)
            w.raw("0")
            amounts(nonZero(r.sum), computed: true, into: &w)
            w.close(0x5D)
        }
        w.close(0x5D)
        amounts(nonZero(total), computed: true, into: &w)
        w.close(0x5D)
        return w.finished() + [0x0A]
    }

    // MARK: Parts

    func transaction(_ t: Transaction, index: Int32, implied: [Int: Cost], into w: inout PrettyJSON) {
        w.open(0x7B)
        w.key("tcode"); w.string(t.code ?? "")
        w.key("tcomment"); w.string(Self.comment(t.comment))
        w.key("tdate"); w.string(t.date.description)
        w.key("tdate2"); if let d = t.date2 { w.string(d.description) } else { w.raw("null") }
        w.key("tdescription"); w.string(t.description)
        w.key("tindex"); w.raw(String(index + 1))
        w.key("tpostings")
        w.open(0x5B)
        for (k, p) in t.postings.enumerated() {
            // A conversion without a cost has the cost hledger infers.
            var p = p
            if p.cost == nil, let cost = implied[k] { p.cost = cost }
            posting(p, amounts: p.amount.map { [$0] } ?? [], index: index, in: t, into: &w)
        }
        w.close(0x5D)
        w.key("tprecedingcomment"); w.string("")
        w.key("tsourcepos")
        w.open(0x5B)
        position(t.location, column: 1, into: &w)
        let last = t.postings.last
        // The line after the last posting and that posting's comment lines.
        let extra = max(1, LedgerPrinter.lines(last?.comment ?? (last == nil ? t.comment : nil)).count)
        position(last?.location ?? t.location, column: 1, lineAfter: extra, into: &w)
        w.close(0x5D)
        w.key("tstatus"); w.string(Self.status(t.status))
        w.key("ttags"); tags(t.tags, into: &w)
        w.close(0x7D)
    }

    func posting(_ p: Posting, amounts list: [Amount], index: Int32, in t: Transaction, into w: inout PrettyJSON) {
        w.open(0x7B)
        w.key("paccount"); w.string(journal.accounts[p.account])
        w.key("pamount")
        w.open(0x5B)
        for a in list { amount(a, cost: list.count == 1 ? p.cost : nil, computed: false, into: &w) }
        w.close(0x5D)
        w.key("pbalanceassertion")
        if let a = p.assertion {
            w.open(0x7B)
            w.key("baamount"); amount(a.amount, cost: nil, computed: false, into: &w)
            w.key("bainclusive"); w.raw(a.includesSubaccounts ? "true" : "false")
            w.key("baposition"); position(a.location, into: &w)
            w.key("batotal"); w.raw(a.isTotal ? "true" : "false")
            w.close(0x7D)
        } else {
            w.raw("null")
        }
        w.key("pcomment"); w.string(Self.comment(p.comment))
        w.key("pdate")
        if let own = p.comment.flatMap({ PostingDates.primary(in: $0, transaction: t.date) }) { w.string(own.description) } else { w.raw("null") }
        w.key("pdate2"); w.raw("null")
        w.key("poriginal"); w.raw("null")
        w.key("pstatus"); w.string(Self.status(p.status))
        w.key("ptags"); tags(tags(of: p), into: &w)
        w.key("ptransaction_"); w.string(String(index + 1))
        w.key("ptype")
        switch p.virtual {
        case .real: w.string("RegularPosting")
        case .unbalanced: w.string("VirtualPosting")
        case .balanced: w.string("BalancedVirtualPosting")
        }
        w.close(0x7D)
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

    func tags(_ tags: Tags, into w: inout PrettyJSON) {
        w.open(0x5B)
        for tag in tags {
            w.open(0x5B)
            w.string(tag.key)
            w.string(tag.value)
            w.close(0x5D)
        }
        w.close(0x5D)
    }

    /// A list of amounts, by commodity.
    func amounts(_ list: [Amount], computed: Bool, into w: inout PrettyJSON) {
        w.open(0x5B)
        for a in list.sorted(by: { journal.commodities[$0.commodity] < journal.commodities[$1.commodity] }) { amount(a, cost: nil, computed: computed, into: &w) }
        w.close(0x5D)
    }

    /// The amounts not zero; none: one zero, in the first commodity that summed to it (hledger's `amounts`); nothing summed: none.
    func nonZero(_ s: AmountSums) -> [Amount] {
        // Nothing summed at all: no amount.
        if s.amounts.isEmpty { return [] }
        let kept = s.amounts.filter { !$0.quantity.isZero }
        if !kept.isEmpty { return kept }
        let c = s.amounts.map(\.commodity).sorted { journal.commodities[$0] < journal.commodities[$1] }.first { !journal.commodities[$0].isEmpty }
        return [Amount(.zero, c ?? CommodityTable.none)]
    }

    /// One amount: its commodity, its cost (`UnitPrice`, `TotalPrice`), its
    /// quantity exactly, and its commodity's style. `computed`: a sum, which
    /// hledger gives a decimal point whether or not one was written.
    func amount(_ a: Amount, cost: Cost?, computed: Bool, into w: inout PrettyJSON) {
        let c = journal.commodities
        let style = c.styles[Int(a.commodity)]
        let comma = c.decimalCommaStyled.contains(a.commodity), places = c.precision(a.commodity)
        let none = a.commodity == CommodityTable.none
        w.open(0x7B)
        w.key("acommodity"); w.string(c[a.commodity])
        w.key("aprice")
        if let cost {
            w.open(0x7B)
            w.key("contents"); amount(cost.amount, cost: nil, computed: false, into: &w)
            w.key("tag"); w.string(cost.isTotal ? "TotalPrice" : "UnitPrice")
            w.close(0x7D)
        } else {
            w.raw("null")
        }
        w.key("aquantity")
        w.open(0x7B)
        w.key("decimalMantissa"); w.raw(String(a.quantity.mantissa))
        w.key("decimalPlaces"); w.raw(String(a.quantity.scale))
        // hledger's `floatingPoint`: the number as a double prints it (`10.5`, `1`); for display only.
        w.key("floatingPoint"); w.raw(a.quantity.isZero ? "0" : a.quantity.normalized.description)
        w.close(0x7D)
        w.key("astyle")
        w.open(0x7B)
        w.key("ascommodityside"); w.string(!none && !style.symbolFirst ? "R" : "L")
        w.key("ascommodityspaced"); w.raw(!none && style.spaced ? "true" : "false")
        w.key("asdecimalpoint"); if computed || places > 0 { w.string(comma ? "," : ".") } else { w.raw("null") }
        w.key("asdigitgroups")
        if style.grouped {
            w.open(0x5B)
            w.string(comma ? "." : ",")
            w.open(0x5B)
            w.raw("3")
            w.close(0x5D)
            w.close(0x5D)
        } else {
            w.raw("null")
        }
        w.key("asprecision"); w.raw(String(places))
        w.close(0x7D)
        w.close(0x7D)
    }

    /// A place as hledger names it: the file's absolute path (`-` for
    /// standard input); `lineAfter` lines further down.
    func position(_ location: SourceLocation, column: Int? = nil, lineAfter: Int = 0, into w: inout PrettyJSON) {
        let at = sources.describe(location)
        w.open(0x7B)
        w.key("sourceColumn"); w.raw(String(column ?? at.column))
        w.key("sourceLine"); w.raw(String(at.line + lineAfter))
        w.key("sourceName"); w.string(paths[Int(location.file)])
        w.close(0x7D)
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
}

/// JSON in `aeson-pretty`'s layout, written as it goes: two spaces a level,
/// `"key": value`, `[]` and `{}` when empty, a line break at the end.
struct PrettyJSON {
    private var buffer = ByteBuffer(capacity: 1 << 20)
    /// Where each megabyte goes once written; nil: kept to the end.
    let sink: ByteSink?

    init(sink: ByteSink?) { self.sink = sink }
    /// Per open array or object, how many items it has so far.
    private var counts: [Int] = []
    private var afterKey = false

    /// Before a value: the comma and the line break of its place.
    private mutating func item() {
        if afterKey { afterKey = false; return }
        guard !counts.isEmpty else { return }
        if counts[counts.count - 1] > 0 { buffer.byte(0x2C) }
        counts[counts.count - 1] += 1
        newline(counts.count)
    }

    private mutating func newline(_ level: Int) {
        buffer.byte(0x0A)
        for _ in 0..<level { buffer.byte(0x20); buffer.byte(0x20) }
    }

    /// `[` or `{`.
    mutating func open(_ bracket: UInt8) {
        if let sink, buffer.count >= 1 << 20 { sink.write(&buffer) }
        item()
        buffer.byte(bracket)
        counts.append(0)
    }

    /// `]` or `}`, on a line of its own unless empty.
    mutating func close(_ bracket: UInt8) {
        let had = counts.removeLast()
        if had > 0 { newline(counts.count) }
        buffer.byte(bracket)
    }

    mutating func key(_ name: StaticString) {
        item()
        buffer.byte(0x22)
        name.withUTF8Buffer { buffer.write(bytes: $0) }
        buffer.write("\": ")
        afterKey = true
    }

    /// A number, `true`, `false` or `null`, as written.
    mutating func raw(_ text: String) {
        item()
        buffer.write(text)
    }

    /// A string, escaped as aeson escapes one.
    mutating func string(_ s: String) {
        item()
        buffer.byte(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: buffer.write("\\\"")
            case 0x5C: buffer.write("\\\\")
            case 0x0A: buffer.write("\\n")
            case 0x0D: buffer.write("\\r")
            case 0x09: buffer.write("\\t")
            case 0x08: buffer.write("\\b")
            case 0x0C: buffer.write("\\f")
            case 0..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                buffer.write("\\u00")
                buffer.byte(hex[Int(b >> 4)])
                buffer.byte(hex[Int(b & 15)])
            default: buffer.byte(b)
            }
        }
        buffer.byte(0x22)
    }

    /// The text, with the line break at its end (what is left of it, with a sink).
    mutating func finished() -> [UInt8] {
        buffer.byte(0x0A)
        if let sink {
            sink.write(&buffer)
            return []
        }
        return buffer.bytes
    }
}
