/// Every transaction in the period after materialization, as CSV (one row per
/// posting), JSON, or ledger text.
public struct TransactionsReport: Report {
    public let ledger: Ledger
    public let sources: SourceManager
    public let options: ReportOptions

    public init(ledger: Ledger, sources: SourceManager, options: ReportOptions) { (self.ledger, self.sources, self.options) = (ledger, sources, options) }

    /// Calls `body` for each transaction to show, in output order, with the
    /// filter that says which of its postings the query keeps.
    func forEachSelected(_ body: (Transaction, QueryMatcher) -> Void) {
        let filter = QueryMatcher(options.query, journal: ledger.journal)
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            guard options.period.contains(t.date), filter.matches(t) else { continue }
            body(t, filter)
        }
    }

    /// The transactions to show, each with the postings the query keeps.
    func selected() -> [(Transaction, [Int])] {
        var out: [(Transaction, [Int])] = []
        forEachSelected { t, filter in out.append((t, t.postings.indices.filter { filter.matches(t, t.postings[$0]) })) }
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

    /// `transactions`: a row per transaction with its `postings` nested (JSON,
    /// one per line); for CSV a row per posting; as text, the journal itself.
    /// Rows are streamed while they are written: this export can be large.
    public func document() throws(AmountOverflow) -> ReportDocument {
        try checkFigures()
        let transactions = ReportTable(name: "transactions", columns: TransactionsReport.columns) { w in
            forEachSelected { t, filter in write(t, filter, into: w) }
        }
        let postings = ReportTable(name: "postings", columns: TransactionsReport.csvColumns) { w in
            var number = 0
            forEachSelected { t, filter in
                number += 1
                let src = source(t)
                let transactionReceipt = t.comment == nil ? nil : t.tag("receipt")
                for p in t.postings where filter.matches(t, p) {
                    let a = p.amount!
                    w.cell(.count(number)); w.cell(.date(t.date)); w.cell(.text(t.status.word))
                    w.cell(.text(t.code ?? "")); w.cell(.text(t.description)); w.cell(.account(p.account))
                    w.cell(.number(a.quantity, a.commodity)); w.cell(.commodity(a.commodity))
                    w.cell(.text(checkedUnitCost(p).map(costText) ?? "")); w.cell(.flag(t.generated != nil))
                    w.cell(.place(src.file, src.line)); w.cell(.text(p.comment ?? t.comment ?? ""))
                    w.cell(.text(p.receipt ?? transactionReceipt ?? ""))
                    w.endRow()
                }
            }
        }
        var document = ReportDocument([transactions], until: ledger.until, text: .custom(journalText), json: .rowPerLine)
        document.csv = postings
        return document
    }

    static let csvColumns = ["txn", "date", "status", "code", "description", "account", "amount", "commodity", "cost",
                             "generated", "source", "comment", "receipt"].map { Column($0, $0) }
    static let columns = ["date", "date2", "status", "code", "description", "payee", "comment", "tags", "receipt", "source", "generated",
                          "rule", "postings"].map { Column($0, $0) }
    static let postingColumns = ["account", "amount", "commodity", "cost", "inferred", "virtual", "comment", "tags"].map { Column($0, $0) }

    /// One transaction as a row, with the postings `--account` keeps nested.
    func write(_ t: Transaction, _ filter: QueryMatcher, into w: any RowWriter) {
        let c = ledger.journal.commodities
        let src = source(t)
        w.cell(.date(t.date)); w.cell(t.date2.map(Cell.date) ?? .missing)
        w.cell(t.status == .unmarked ? .missing : .text(t.status.word)); w.cell(t.code.map(Cell.text) ?? .missing)
        w.cell(.text(t.description)); w.cell(.text(t.payee)); w.cell(t.comment.map(Cell.text) ?? .missing)
        w.cell(t.comment == nil ? TransactionsReport.noTags : tagCells(t.tags))
        w.cell(t.receipt.map(Cell.text) ?? .missing)
        w.cell(.place(src.file, src.line))
        w.cell(.flag(t.generated != nil))
        w.cell(t.generated.map { g in
            .object([("description", .text(ledger.journal.rules[Int(g.rule)].description)), ("file", .text(src.file)),
                     ("line", .count(src.line)), ("occurrence", .count(Int(g.occurrence)))])
        } ?? .missing)
        w.beginTable(TransactionsReport.postingColumns, title: nil)
        for p in t.postings where filter.matches(t, p) {
            let a = p.amount!
            w.cell(.account(p.account)); w.cell(.number(a.quantity, a.commodity)); w.cell(.commodity(a.commodity))
            w.cell(checkedUnitCost(p).map { cost in
                .object([("amount", .text(cost.quantity.text(places: max(c.precision(cost.commodity), cost.quantity.scale)))),
                         ("commodity", .commodity(cost.commodity))])
            } ?? .missing)
            w.cell(.flag(p.isInferred))
            w.cell(p.virtual == .real ? .missing : .text(p.virtual == .balanced ? "balanced" : "unbalanced"))
            w.cell(p.comment.map(Cell.text) ?? .missing)
            w.cell(p.comment == nil ? TransactionsReport.noTags : tagCells(p.tags))
            w.endRow()
        }
        w.endTable()
        w.endRow()
    }

    static var noTags: Cell { .object([]) }

    /// Tags as an object; a key given twice keeps its first value.
    func tagCells(_ tags: Tags) -> Cell {
        // Most comments carry no tag or one: no set to build.
        if tags.isEmpty { return TransactionsReport.noTags }
        if tags.count == 1 { return .object([(tags[0].key, .text(tags[0].value))]) }
        var seen = Set<String>()
        return .object(tags.filter { seen.insert($0.key).inserted }.map { ($0.key, .text($0.value)) })
    }

    /// The transactions as journal text, each with the postings `--account` keeps.
    func journalText() -> [UInt8] {
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
