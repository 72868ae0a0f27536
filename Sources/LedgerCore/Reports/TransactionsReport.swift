/// Every transaction in the period after materialization, as CSV (one row per
/// posting), JSON, or ledger text.
public struct TransactionsReport {
    public let ledger: Ledger
    public let sources: SourceManager
    public let options: ReportOptions

    public init(ledger: Ledger, sources: SourceManager, options: ReportOptions) {
        self.ledger = ledger
        self.sources = sources
        self.options = options
    }

    /// Calls `body` for each transaction to show, in output order, with the
    /// filter that says which of its postings `--account` keeps.
    func forEachSelected(_ body: (Transaction, AccountFilter) -> Void) {
        let filter = AccountFilter(ledger.journal.accounts, text: options.account)
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            guard options.period.contains(t.date), t.postings.contains(where: { filter.keeps($0.account) }) else { continue }
            body(t, filter)
        }
    }

    /// The transactions to show, each with the postings `--account` keeps.
    func selected() -> [(Transaction, [Int])] {
        var out: [(Transaction, [Int])] = []
        forEachSelected { t, filter in out.append((t, t.postings.indices.filter { filter.keeps(t.postings[$0].account) })) }
        return out
    }

    /// Where a transaction came from: its own place, or for a generated one its rule's.
    func source(_ t: Transaction) -> (file: String, line: Int) {
        let loc = t.generated.map { ledger.journal.rules[Int($0.rule)].location } ?? t.location
        let (file, line, _) = sources.describe(loc)
        return (file, line)
    }

    /// The unit cost of a posting, if it has one: a total cost divided by the
    /// quantity, shown at the money's precision (more if it would show as zero).
    func unitCost(_ p: Posting) throws(AmountOverflow) -> Amount? {
        let c = ledger.journal.commodities
        if let cost = p.cost ?? p.lot {
            guard cost.isTotal else { return cost.amount }
            guard let q = p.amount?.quantity, !q.isZero else { return cost.amount }
            let places = max(c.precision(cost.amount.commodity), cost.amount.quantity.scale)
            guard let unit = try cost.amount.quantity.shown(over: q.magnitude, places: places, at: p.amountLocation) else { return cost.amount }
            return Amount(unit, cost.amount.commodity)
        }
        return nil
    }

    /// Computes every unit cost once before anything is written, so that a
    /// report that cannot be made exactly writes nothing.
    func checkFigures() throws(AmountOverflow) {
        var failure: AmountOverflow?
        forEachSelected { t, _ in
            for p in t.postings where failure == nil && (p.cost ?? p.lot)?.isTotal == true {
                do throws(AmountOverflow) { _ = try unitCost(p) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// A unit cost `checkFigures` has already computed once.
    func checkedUnitCost(_ p: Posting) -> Amount? {
        // checkFigures() computed this very figure without an error.
        try! unitCost(p)
    }

    func costText(_ a: Amount) -> String {
        let c = ledger.journal.commodities
        // Padded to the display precision, never rounded.
        let q = a.quantity.text(places: max(c.precision(a.commodity), a.quantity.scale))
        return c[a.commodity].isEmpty ? q : "\(q) \(c[a.commodity])"
    }

    /// CSV, one row per posting; with a sink, written out as it goes (the rest is returned).
    public func csv(to sink: ByteSink? = nil) throws(AmountOverflow) -> [UInt8] {
        try checkFigures()
        let c = ledger.journal.commodities
        let accounts = ledger.journal.accounts
        var w = CSVWriter()
        w.row(["txn", "date", "status", "code", "description", "account", "amount", "commodity", "cost", "generated", "source", "comment"])
        var number = 0
        forEachSelected { t, filter in
            number += 1
            let src = source(t)
            let sourceText = "\(src.file):\(src.line)"
            for p in t.postings where filter.keeps(p.account) {
                let a = p.amount!
                w.plainField { $0.int(number) }
                w.plainField { t.date.write(into: &$0) }
                w.field(t.status.word)
                w.field(t.code ?? "")
                w.field(t.description)
                w.field(accounts[p.account])
                w.plainField { c.writePlain(a.quantity, a.commodity, into: &$0) }
                w.field(c[a.commodity])
                w.field(checkedUnitCost(p).map(costText) ?? "")
                w.plainField { $0.write(t.generated == nil ? "false" : "true") }
                w.field(sourceText)
                w.field(p.comment ?? t.comment ?? "")
                w.endRow()
            }
            w.flush(to: sink)
        }
        return w.buffer.bytes
    }

    /// JSON, one compact transaction per line (this export can be large); with a
    /// sink, written out as it goes (the rest is returned).
    public func json(to sink: ByteSink? = nil) throws(AmountOverflow) -> [UInt8] {
        try checkFigures()
        let c = ledger.journal.commodities
        var w = JSONWriter(pretty: false, capacity: 1 << 20)
        beginJSONReport(&w, until: ledger.until)
        w.key("transactions"); w.beginArray()
        forEachSelected { t, filter in
            w.beginObjectOnNewLine()
            w.key("date"); w.plainString { t.date.write(into: &$0) }
            w.key("date2"); w.string(t.date2?.description)
            w.key("status"); w.string(t.status == .unmarked ? nil : t.status.word)
            w.key("code"); w.string(t.code)
            w.key("description"); w.string(t.description)
            w.key("payee"); w.string(t.payee)
            w.key("comment"); w.string(t.comment)
            w.key("tags"); writeTags(t.tags, &w)
            let src = source(t)
            w.key("source"); w.beginObject()
            w.key("file"); w.string(src.file)
            w.key("line"); w.int(src.line)
            w.endObject()
            w.key("generated"); w.bool(t.generated != nil)
            w.key("rule")
            if let g = t.generated {
                let rule = ledger.journal.rules[Int(g.rule)]
                w.beginObject()
                w.key("description"); w.string(rule.description)
                w.key("file"); w.string(src.file)
                w.key("line"); w.int(src.line)
                w.key("occurrence"); w.int(Int(g.occurrence))
                w.endObject()
            } else {
                w.null()
            }
            w.key("postings"); w.beginArray()
            for p in t.postings where filter.keeps(p.account) {
                let a = p.amount!
                w.beginObject()
                w.key("account"); w.string(ledger.journal.accounts[p.account])
                w.key("amount"); w.plainString { c.writePlain(a.quantity, a.commodity, into: &$0) }
                w.key("commodity"); w.string(c[a.commodity])
                w.key("cost")
                if let cost = checkedUnitCost(p) {
                    w.beginObject()
                    w.key("amount"); w.string(cost.quantity.text(places: max(c.precision(cost.commodity), cost.quantity.scale)))
                    w.key("commodity"); w.string(c[cost.commodity])
                    w.endObject()
                } else {
                    w.null()
                }
                w.key("inferred"); w.bool(p.isInferred)
                w.key("virtual")
                switch p.virtual {
                case .real: w.null()
                case .balanced: w.string("balanced")
                case .unbalanced: w.string("unbalanced")
                }
                w.key("comment"); w.string(p.comment)
                w.key("tags"); writeTags(p.tags, &w)
                w.endObject()
            }
            w.endArray()
            w.endObject()
            w.flush(to: sink)
        }
        w.endArrayOnNewLine()
        w.endObject()
        w.buffer.byte(0x0A)
        return w.buffer.bytes
    }

    /// Tags as an object; a key given twice keeps its first value.
    func writeTags(_ tags: Tags, _ w: inout JSONWriter) {
        w.beginObject()
        var seen = Set<String>()
        for (k, v) in tags where seen.insert(k).inserted {
            w.key(string: k); w.string(v)
        }
        w.endObject()
    }

    public func text() throws(AmountOverflow) -> [UInt8] {
        try checkFigures()
        let printer = LedgerPrinter(journal: ledger.journal, sources: sources)
        var buf = ByteBuffer(capacity: 1 << 20)
        for (n, (t, kept)) in selected().enumerated() {
            if n > 0 { buf.byte(0x0A) }
            var shown = t
            shown.postings = kept.map { t.postings[$0] }
            printer.write(shown, into: &buf, extraComment: printer.generatedComment(t))
        }
        return buf.bytes
    }
}
