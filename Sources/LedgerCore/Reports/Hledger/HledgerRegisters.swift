/// hledger 1.25's forms of the register, as its CSV lays them out (its text
/// is a renderer's layout of the same cells, HledgerRegisterText):
///
/// - `register`: one row per matching posting,
///   `txnidx,date,code,description,account,amount,total`, the total running
///   over the rows; account names clipped to the depth; with an interval, one
///   row per account and period;
/// - `aregister ACCOUNT` (a regex, subaccounts included): one row per
///   transaction that moves them, `txnidx,date,code,description,
///   otheraccounts,change,balance`, by the earliest own date of its
///   postings to them (then as read); the balance runs from the journal's
///   start over the transactions the query keeps, whatever the period shows;
///   the other accounts are the real ones, or the virtual ones when there
///   is no real one, or the register's own when there is none.
extension RegisterReport {
    /// hledger's form of the register, its options.
    public struct HledgerForm: Sendable {
        /// `aregister`'s account pattern (nil: `register`).
        public var account: TextPattern?
        /// hledger's `register -r`: show the other postings of each transaction the query picks.
        public var related = false
        /// Amounts with their commodity's digit groups, as hledger's text shows them (its CSV shows none).
        public var digitGroups = false

        public init(account: TextPattern? = nil, related: Bool = false, digitGroups: Bool = false) {
            self.account = account
            self.related = related
            self.digitGroups = digitGroups
        }
    }

    /// The cells, row by row, as hledger's `-O csv` writes them.
    public func hledgerCells(_ form: HledgerForm) throws(AmountOverflow) -> [[String]] {
        if let account = form.account { return try accountRegisterCells(account, digitGroups: form.digitGroups) }
        return try registerCells(related: form.related, digitGroups: form.digitGroups)
    }

    func registerCells(related: Bool, digitGroups: Bool) throws(AmountOverflow) -> [[String]] {
        let journal = ledger.journal
        let matcher = QueryMatcher(options.query, journal: journal)
        var out = [["txnidx", "date", "code", "description", "account", "amount", "total"]]
        if let unit = options.grouping {
            try summaryRows(unit, matcher: matcher, related: related, digitGroups: digitGroups, into: &out)
            return out
        }
        for item in try registerItems(matcher, related: related) {
            let t = ledger.transactions[Int(item.index)]
            out.append(["\(item.index + 1)", t.date.description, t.code ?? "", t.description, Posting.hledgerName(name(item.account), item.posting.virtual),
                        journal.commodities.hledgerText(item.amount, grouped: digitGroups), journal.commodities.hledgerText(item.total, grouped: digitGroups)])
        }
        return out
    }

    /// One row of hledger's register of postings: the transaction (its
    /// index), the posting, its account clipped to the depth, its amount
    /// and the running total after it.
    package struct RegisterItem {
        package var index: Int32
        package var posting: Posting
        package var account: Int32
        package var amount: AmountSums
        package var total: AmountSums
    }

    /// The register's rows, without an interval: each posting the query
    /// keeps in the period, the total running over them (with `-H` from the
    /// balance before the period). An elided amount in several commodities
    /// is one posting per commodity in the ledger, one row here, as hledger has it.
    package func registerItems(_ matcher: QueryMatcher, related: Bool) throws(AmountOverflow) -> [RegisterItem] {
        var out: [RegisterItem] = []
        var total = AmountSums()
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            guard options.period.contains(t.date) else {
                // -H: the running total starts at the balance before the report's first day.
                if options.historical, let from = options.period.from, t.date < from {
                    for p in shownPostings(t, matcher, related: related) {
                        if let a = p.amount { guard total.add(a) else { throw AmountOverflow(at: p.amountLocation, "the running total") } }
                    }
                }
                continue
            }
            var previous: SourceLocation?
            for p in shownPostings(t, matcher, related: related) {
                guard let a = p.amount else { continue }
                guard total.add(a) else { throw AmountOverflow(at: p.amountLocation, "the running total") }
                if p.isInferred, let last = previous, last == p.location, !out.isEmpty {
                    guard out[out.count - 1].amount.add(a) else { throw AmountOverflow(at: p.amountLocation, "the posting's amount") }
                    out[out.count - 1].total = total
                    continue
                }
                var shown = AmountSums()
                shown.add(a)
                out.append(RegisterItem(index: n, posting: p, account: clipped(p.account), amount: shown, total: total))
                previous = p.location
            }
        }
        return out
    }

    /// An account clipped to the depth; at depth 0, every account is one (-1, shown `...`).
    func clipped(_ id: Int32) -> Int32 {
        guard let depth = options.depth else { return id }
        return depth == 0 ? -1 : ledger.journal.accounts.ancestor(of: id, atDepth: depth)
    }

    /// A clipped account's name: `...` for all of them at depth 0.
    func name(_ id: Int32) -> String { id < 0 ? "..." : ledger.journal.accounts[id] }

    /// The postings of `t` a register shows: those the query keeps, or
    /// with `related` (hledger's `-r`) the others of a transaction that has one.
    func shownPostings(_ t: Transaction, _ matcher: QueryMatcher, related: Bool) -> [Posting] {
        guard related else { return t.postings.filter { matcher.matches(t, $0) } }
        let kept = t.postings.map { matcher.matches(t, $0) }
        guard kept.contains(true) else { return [] }
        return t.postings.indices.filter { !kept[$0] }.map { t.postings[$0] }
    }

    /// `register -M` (any interval): one row per account per period, dated
    /// the period's first day, with the period's sum of the shown postings
    /// (accounts clipped to the depth, by name; a zero sum only with
    /// `--empty`, which also shows an empty period as one blank row); the
    /// total runs over the rows. The periods are whole, as hledger widens them.
    func summaryRows(_ unit: CalendarUnit, matcher: QueryMatcher, related: Bool, digitGroups: Bool, into out: inout [[String]]) throws(AmountOverflow) {
        let journal = ledger.journal, accounts = journal.accounts, commodities = journal.commodities
        let periods = options.periods(unit, over: ledger, matcher: matcher)
        guard !periods.isEmpty else { return }
        // Each period's sums per account clipped to the depth, from the one accumulator
        // (with -r, the other postings of the transactions the query picks); -H: the
        // running total starts at what moved before the first period.
        var movements = Movements(ledger)
        if related {
            movements.matcher = nil
            movements.keeps = { t, p in self.shownPostings(t, matcher, related: true).contains { $0.location == p.location } }
        } else {
            movements.matcher = matcher
        }
        let everything = Int32(accounts.count)
        let rows = try Balances.summing(movements, in: periods, opening: options.historical).gathered(into: accounts.count + 1) { id in
            let clip = clipped(id)
            return [clip < 0 ? everything : clip]
        }
        var total = rows.total[0]
        for (k, period) in periods.enumerated() {
            let ids = (0...everything).filter { rows.reached(Int($0)) }
            let names = ids.map { (id: $0, name: $0 == everything ? "..." : name($0)) }
                .sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
            var shown = 0
            for (id, name) in names {
                let sum = rows.columns(Int(id))[k]
                guard options.empty && sum.amounts.isEmpty == false || !sum.nonZero(commodities).isEmpty else { continue }
                guard total.add(sum) else { throw AmountOverflow(at: nil, "the running total") }
                out.append(["0", period.first.description, "", "", name, commodities.hledgerText(sum, grouped: digitGroups), commodities.hledgerText(total, grouped: digitGroups)])
                shown += 1
            }
            if shown == 0 && options.empty {
                out.append(["0", period.first.description, "", "", "", "0", commodities.hledgerText(total, grouped: digitGroups)])
            }
        }
    }

}

extension RegisterReport {
    func accountRegisterCells(_ accounts: TextPattern, digitGroups: Bool) throws(AmountOverflow) -> [[String]] {
        let journal = ledger.journal
        var mine = Query()
        mine.terms = [Query.Term(.account, text: accounts)]
        let ours = QueryMatcher(mine, journal: journal), shown = QueryMatcher(options.query, journal: journal)
        var out = [["txnidx", "date", "code", "description", "otheraccounts", "change", "balance"]]
        // Each transaction by its date in this register: the earliest own date of its postings to
        // the accounts (`; date:`), then as read (forecast transactions after recorded ones).
        var items: [(date: CivilDate, index: Int32)] = []
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            guard shown.matches(t) else { continue }
            let dates = t.postings.filter { ours.keeps(account: $0.account) }.map { p in p.comment.flatMap { PostingDates.primary(in: $0, transaction: t.date) } ?? t.date }
            if let first = dates.min() { items.append((first, n)) }
        }
        items.sort { ($0.date, $0.index) < ($1.date, $1.index) }
        var balance = AmountSums()
        for (date, n) in items {
            let t = ledger.transactions[Int(n)]
            var change = AmountSums(), own: [Posting] = [], others: [Posting] = []
            for p in t.postings {
                if ours.keeps(account: p.account) {
                    own.append(p)
                    if let a = p.amount { guard change.add(a), balance.add(a) else { throw AmountOverflow(at: p.amountLocation, "the register's balance") } }
                } else {
                    others.append(p)
                }
            }
            guard options.period.contains(date) else { continue }
            // Summarised as hledger does: the real postings' accounts if there is one, else all; no other: the register's own.
            let named = others.isEmpty ? own : others
            let real = named.filter { $0.virtual == .real }
            var names: [String] = []
            for p in real.isEmpty ? named : real {
                let name = Posting.summarised(journal.accounts[p.account])
                if !names.contains(name) { names.append(name) }
            }
            out.append(["\(n + 1)", date.description, t.code ?? "", t.description, names.joined(separator: ", "),
                        journal.commodities.hledgerText(change, grouped: digitGroups), journal.commodities.hledgerText(balance, grouped: digitGroups)])
        }
        return out
    }

}

extension Posting {
    /// An account's name as hledger writes a virtual posting's: `(name)`, `[name]`.
    static func hledgerName(_ name: String, _ kind: VirtualKind) -> String {
        kind == .unbalanced ? "(\(name))" : kind == .balanced ? "[\(name)]" : name
    }

    /// An account name as hledger summarises it: every part but the last cut to two characters.
    static func summarised(_ name: String) -> String {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        return (parts.dropLast().map { String($0.prefix(2)) } + [String(parts.last ?? "")]).joined(separator: ":")
    }
}

extension TransactionsReport {
    /// `print -O csv` in hledger's layout: one row per posting of each
    /// transaction the query keeps, `txnidx,date,date2,status,code,
    /// description,comment,account,amount,commodity,credit,debit,
    /// posting-status,posting-comment`.
    public func hledgerCells() -> [[String]] {
        let journal = ledger.journal, commodities = journal.commodities
        let matcher = QueryMatcher(options.query, journal: journal)
        var out = [["txnidx", "date", "date2", "status", "code", "description", "comment", "account", "amount", "commodity", "credit", "debit", "posting-status", "posting-comment"]]
        func mark(_ s: Status) -> String { s == .cleared ? "*" : s == .pending ? "!" : "" }
        for n in ledger.order {
            let t = ledger.transactions[Int(n)]
            guard t.generated == nil, options.period.contains(t.date), matcher.matches(t) else { continue }
            for p in t.postings {
                guard let a = p.amount else { continue }
                let places = commodities.precision(a.commodity)
                func number(_ q: ExactDecimal) -> String {
                    var buf = ByteBuffer(capacity: 32)
                    q.roundedHalfEven(to: places).write(into: &buf, grouping: nil, places: places)
                    return commodities.decimalCommaStyled.contains(a.commodity) ? buf.string.replacingAll(".", ",") : buf.string
                }
                let account = Posting.hledgerName(journal.accounts[p.account], p.virtual)
                let negative = a.quantity.isNegative
                out.append(["\(n + 1)", t.date.description, t.date2?.description ?? "", mark(t.status), t.code ?? "", t.description,
                            (t.comment ?? "").trimmingSpaces, account, number(a.quantity), commodities.symbol(a.commodity),
                            negative ? number(a.quantity.magnitude) : "", negative ? "" : number(a.quantity),
                            mark(p.status), (p.comment ?? "").trimmingSpaces])
            }
        }
        return out
    }
}
