/// What changed in meaning between two compiles of a journal (`ledgerc
/// diff`): transactions added, removed and changed, the balances they move,
/// the rule occurrences a rule edit adds or drops, and the diagnostics that
/// appear or go. Text that only moved (a reorder, `fmt`, a transaction moved
/// into an included file) is no change: transactions are matched by what
/// they mean (date, status, code, description, tags and postings with their
/// amounts as computed), never by where they are written.
public struct JournalDiff {
    /// A transaction as the diff shows it: where it is, and its meaning in words.
    public struct Entry {
        public var date: CivilDate
        public var description: String
        public var file: String
        public var line: Int
        /// The postings, one line each: `Assets:Bank  -12,000 KRW`.
        public var postings: [String]
        /// The transaction's tags, `key: value`.
        public var tags: [String] = []
    }

    /// A transaction on both sides whose meaning differs: which fields.
    public struct Change {
        public var old: Entry
        public var new: Entry
        /// `date`, `description`, `status`, `code`, `tags`, `postings`.
        public var fields: [String]
    }

    /// One account's balance in one commodity over the period (one period, or each of `--period`).
    public struct BalanceChange {
        public var account: String
        public var commodity: String
        public var period: (first: CivilDate, last: CivilDate)?
        public var old: String
        public var new: String
        public var change: String
        /// The plain figures (CSV/JSON): old, new, change.
        public var figures: (old: ExactDecimal, new: ExactDecimal, change: ExactDecimal)
    }

    public var added: [Entry] = []
    public var removed: [Entry] = []
    public var changed: [Change] = []
    public var balances: [BalanceChange] = []
    /// Occurrences of `repeat` rules up to the horizon.
    public var occurrencesAdded: [Entry] = []
    public var occurrencesDropped: [Entry] = []
    /// Diagnostics as `FILE:LINE: severity: message`.
    public var newDiagnostics: [String] = []
    public var fixedDiagnostics: [String] = []
    public var horizon: CivilDate

    /// True when the meaning is the same on both sides (exit 0).
    public var isUnchanged: Bool {
        added.isEmpty && removed.isEmpty && changed.isEmpty && occurrencesAdded.isEmpty && occurrencesDropped.isEmpty
            && newDiagnostics.isEmpty && fixedDiagnostics.isEmpty
    }
}

/// One side's transactions with their meaning as comparable text.
struct DiffSide {
    let compilation: Compilation
    let printer: LedgerPrinter
    /// Recorded transactions (indices into the ledger) and rule occurrences.
    var recorded: [Int] = []
    var generated: [Int] = []

    init(_ compilation: Compilation) {
        self.compilation = compilation
        printer = LedgerPrinter(journal: compilation.ledger.journal, sources: compilation.sources)
        let ledger = compilation.ledger
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            if t.split != nil { continue }
            if t.generated != nil { generated.append(Int(n)) } else { recorded.append(Int(n)) }
        }
    }

    var ledger: Ledger { compilation.ledger }

    /// A posting's meaning: account, amount as computed, cost, lot, kind, status, tags, assertion.
    func postingText(_ p: Posting) -> String {
        let j = ledger.journal
        var s = ""
        switch p.virtual {
        case .real: s += j.accounts[p.account]
        case .unbalanced: s += "(" + j.accounts[p.account] + ")"
        case .balanced: s += "[" + j.accounts[p.account] + "]"
        }
        if p.status != .unmarked { s = (p.status == .cleared ? "* " : "! ") + s }
        if let a = p.amount { s += "  " + amountText(a) }
        if let lot = p.lot { s += (lot.isTotal ? " {{" : " {") + amountText(lot.amount) + (lot.isTotal ? "}}" : "}") }
        if let d = p.lotDate { s += " [\(d)]" }
        if let c = p.cost { s += (c.isTotal ? " @@ " : " @ ") + amountText(c.amount) }
        if let a = p.assertion { s += (a.isTotal ? " == " : " = ") + amountText(a.amount) }
        let tags = p.tags.map { "\($0.key.lowercased()): \($0.value)" }.sorted()
        if !tags.isEmpty { s += "  ; " + tags.joined(separator: ", ") }
        return s
    }

    /// An amount by value, not by how it was written: `-12000 KRW`.
    func amountText(_ a: Amount) -> String {
        a.quantity.normalized.description + " " + ledger.journal.commodities.symbol(a.commodity)
    }

    /// The postings' meanings, in a fixed order (the order they are written in does not matter).
    func postings(_ t: Transaction) -> [String] { t.postings.map(postingText).sorted() }

    func tags(_ t: Transaction) -> [String] { t.tags.map { "\($0.key.lowercased()): \($0.value)" }.sorted() }

    /// Every field of meaning, joined: equal keys, equal transactions.
    func key(_ t: Transaction) -> String {
        "\(t.date)\u{1}\(t.status.word)\u{1}\(t.code ?? "")\u{1}\(t.description)\u{1}\(tags(t).joined(separator: "\u{2}"))\u{1}\(postings(t).joined(separator: "\u{2}"))"
    }

    func entry(_ t: Transaction) -> Entry {
        let (file, line, _) = compilation.sources.describe(t.generated.map { ledger.journal.rules[Int($0.rule)].location } ?? t.location)
        return Entry(date: t.date, description: t.description, file: file, line: line, postings: t.postings.map { p in
            var shown = p
            shown.comment = nil
            return printer.postingLine(shown)
        }, tags: t.tags.map { "\($0.key): \($0.value)" })
    }
}

typealias Entry = JournalDiff.Entry

/// What `ledgerc diff` is asked: the period of the balance changes, by
/// `--period` or as one, and a valuation (`-X`).
public struct DiffOptions: Sendable {
    public var period = Period()
    public var grouping: PeriodLength?
    public var valuation: Valuation?

    public init() {}
}

extension JournalDiff {
    /// The difference in meaning from `old` to `new`.
    public init(old: Compilation, new: Compilation, options: DiffOptions = DiffOptions()) throws(AmountOverflow) {
        horizon = new.ledger.until
        let a = DiffSide(old), b = DiffSide(new)
        // Transactions: the same meaning is the same transaction, wherever it is written.
        var unmatchedOld = JournalDiff.match(a.recorded, in: a, against: b.recorded, in: b)
        var unmatchedNew = JournalDiff.match(b.recorded, in: b, against: a.recorded, in: a)
        // What is left pairs up as a change when the date and description, or the postings, stayed.
        for pairing in [{ (s: DiffSide, t: Transaction) in "\(t.date)\u{1}\(t.description)" },
                        { (s: DiffSide, t: Transaction) in s.postings(t).joined(separator: "\u{2}") }] {
            var byKey: [String: [Int]] = [:]
            for i in unmatchedOld { byKey[pairing(a, a.ledger.transactions[i]), default: []].append(i) }
            var stillNew: [Int] = []
            for j in unmatchedNew {
                let t = b.ledger.transactions[j]
                let k = pairing(b, t)
                guard var list = byKey[k], !list.isEmpty else { stillNew.append(j); continue }
                let i = list.removeFirst()
                byKey[k] = list
                unmatchedOld.removeAll { $0 == i }
                let o = a.ledger.transactions[i]
                var fields: [String] = []
                if o.date != t.date { fields.append("date") }
                if o.description != t.description { fields.append("description") }
                if o.status != t.status { fields.append("status") }
                if o.code != t.code { fields.append("code") }
                if a.tags(o) != b.tags(t) { fields.append("tags") }
                if a.postings(o) != b.postings(t) { fields.append("postings") }
                changed.append(Change(old: a.entry(o), new: b.entry(t), fields: fields))
            }
            unmatchedNew = stillNew
        }
        removed = unmatchedOld.map { a.entry(a.ledger.transactions[$0]) }
        added = unmatchedNew.map { b.entry(b.ledger.transactions[$0]) }
        // Rule occurrences up to the horizon.
        occurrencesDropped = JournalDiff.match(a.generated, in: a, against: b.generated, in: b).map { a.entry(a.ledger.transactions[$0]) }
        occurrencesAdded = JournalDiff.match(b.generated, in: b, against: a.generated, in: a).map { b.entry(b.ledger.transactions[$0]) }
        // Diagnostics, by file, severity and message (lines move with edits).
        let oldDiagnostics = JournalDiff.diagnostics(old), newList = JournalDiff.diagnostics(new)
        newDiagnostics = JournalDiff.missing(newList, from: oldDiagnostics)
        fixedDiagnostics = JournalDiff.missing(oldDiagnostics, from: newList)
        balances = try JournalDiff.balances(a, b, options)
    }

    /// The transactions of `mine` (indices) with no transaction of the same meaning in `theirs`, each counted once.
    static func match(_ mine: [Int], in side: DiffSide, against theirs: [Int], in other: DiffSide) -> [Int] {
        var counts: [String: Int] = [:]
        for j in theirs { counts[other.key(other.ledger.transactions[j]), default: 0] += 1 }
        var left: [Int] = []
        for i in mine {
            let k = side.key(side.ledger.transactions[i])
            if let n = counts[k], n > 0 { counts[k] = n - 1 } else { left.append(i) }
        }
        return left
    }

    /// Each diagnostic as shown, with the key it is compared by.
    static func diagnostics(_ c: Compilation) -> [(key: String, shown: String)] {
        c.diagnostics.sorted().map { d in
            let place = d.location.map { c.sources.describe($0) }
            let file = place.map { lastPathComponent($0.path) } ?? ""
            return ("\(file)\u{1}\(d.severity.rawValue)\u{1}\(d.message)", (place.map { "\($0.path):\($0.line): " } ?? "") + "\(d.severity.rawValue): \(d.message)")
        }
    }

    static func missing(_ mine: [(key: String, shown: String)], from theirs: [(key: String, shown: String)]) -> [String] {
        var counts: [String: Int] = [:]
        for d in theirs { counts[d.key, default: 0] += 1 }
        var out: [String] = []
        for d in mine {
            if let n = counts[d.key], n > 0 { counts[d.key] = n - 1 } else { out.append(d.shown) }
        }
        return out
    }

    static func lastPathComponent(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Per account and commodity (by name), the change over each period on
    /// both sides, where they differ. With a valuation, each side's sums are
    /// valued at the period's end with that side's prices.
    static func balances(_ a: DiffSide, _ b: DiffSide, _ options: DiffOptions) throws(AmountOverflow) -> [BalanceChange] {
        let oldLedger = a.ledger.datedByPosting(), newLedger = b.ledger.datedByPosting()
        var first = options.period.from, last = options.period.to
        for l in [oldLedger, newLedger] {
            if let d = l.order.first.map({ l.transactions[Int($0)].date }) { first = first ?? d; first = options.period.from ?? min(first!, d) }
            if let d = l.order.last.map({ l.transactions[Int($0)].date }) { last = last ?? d; last = options.period.to ?? max(last!, d) }
        }
        guard let begin = first, let end = last, begin <= end else { return [] }
        let periods: [(first: CivilDate, last: CivilDate)] = options.grouping.map { g in
            g.starts(from: begin, through: end).map { ($0, g.end(of: $0)) }
        } ?? [(begin, end)]
        func sums(_ ledger: Ledger) throws(AmountOverflow) -> [String: [ExactDecimal]] {
            let valuer = try options.valuation.map { v throws(AmountOverflow) in try Valuer(v, ledger: ledger, reportTo: end) }
            var perPeriod = [[Int32: AmountSums]](repeating: [:], count: periods.count)
            var k = 0
            for t in ledger.ordered where t.date >= periods[0].first {
                if t.date > end { break }
                while t.date > periods[k].last { k += 1 }
                for p in t.postings {
                    guard let amount = p.amount else { continue }
                    try perPeriod[k][p.account, default: AmountSums()].add(amount, at: p.amountLocation)
                }
            }
            var out: [String: [ExactDecimal]] = [:]
            let names = ledger.journal
            for (k, accounts) in perPeriod.enumerated() {
                for (account, s) in accounts {
                    var shown = s
                    if let valuer, let day = valuer.day(of: periods[k].last, periodEnd: periods[k].last) { shown = try valuer.value(s, on: day) }
                    for amount in shown.amounts {
                        let key = names.accounts[account] + "\u{1}" + names.commodities.symbol(amount.commodity)
                        if out[key] == nil { out[key] = Array(repeating: .zero, count: periods.count) }
                        out[key]![k] = try out[key]![k].plus(amount.quantity, at: nil)
                    }
                }
            }
            return out
        }
        let before = try sums(oldLedger), after = try sums(newLedger)
        var rows: [BalanceChange] = []
        let table = newLedger.journal.commodities, oldTable = oldLedger.journal.commodities
        for key in Set(before.keys).union(after.keys).sorted() {
            let parts = key.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
            let commodity = table.lookup(parts[1]) ?? table.lookup(parts[1].trimmingCharacters(in: "\"")) ?? oldTable.lookup(parts[1]) ?? oldTable.lookup(parts[1].trimmingCharacters(in: "\""))
            let style = table.lookup(parts[1]) != nil || table.lookup(parts[1].trimmingCharacters(in: "\"")) != nil ? table : oldTable
            for k in periods.indices {
                let x = before[key]?[k] ?? .zero, y = after[key]?[k] ?? .zero
                let change = try y.minus(x, at: nil)
                if change.isZero { continue }
                func shown(_ q: ExactDecimal) -> String { commodity.map { style.format(Amount(q, $0)) } ?? "\(q) \(parts[1])" }
                rows.append(BalanceChange(account: parts[0], commodity: parts[1].trimmingCharacters(in: "\""),
                                          period: options.grouping == nil ? nil : periods[k],
                                          old: shown(x), new: shown(y), change: shown(change), figures: (x, y, change)))
            }
        }
        return rows
    }
}
