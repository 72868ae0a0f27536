/// The balance of every account at the end of the period, each parent rolled
/// up from its children, per commodity. Balances use everything up to `--to`
/// (`--from` does not reset them).
public struct BalanceReport {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    /// Rows in tree order: (account, its depth, its rolled-up non-zero amounts).
    public func rows() throws(AmountOverflow) -> (rows: [(account: Int32, amounts: [Amount])], total: [Amount]) {
        let accounts = ledger.journal.accounts
        let commodities = ledger.journal.commodities
        let filter = AccountFilter(accounts, text: options.account)
        var own = [AmountSums](repeating: AmountSums(), count: accounts.count)
        var total = AmountSums()
        for t in ledger.ordered {
            if let to = options.period.to, t.date > to { break }
            for p in t.postings where filter.keeps(p.account) {
                guard let a = p.amount else { continue }
                try own[Int(p.account)].add(a, at: p.amountLocation)
                try total.add(a, at: p.amountLocation)
            }
        }
        // Roll each account's sums into every ancestor, up to --depth.
        var rolled = [AmountSums](repeating: AmountSums(), count: accounts.count)
        for id in 0..<Int32(accounts.count) where !own[Int(id)].amounts.isEmpty {
            var a = id
            if let depth = options.depth { a = accounts.ancestor(of: id, atDepth: depth) }
            while a >= 0 {
                for amount in own[Int(id)].amounts {
                    guard rolled[Int(a)].add(amount) else {
                        throw AmountOverflow(at: nil, "the balance of \(accounts[a]) (with \(accounts[id]))")
                    }
                }
                a = accounts.parent[Int(a)]
            }
        }
        let ids = (0..<Int32(accounts.count)).filter { id in
            !rolled[Int(id)].nonZero(commodities).isEmpty && (options.depth.map { Int(accounts.depth[Int(id)]) <= $0 } ?? true)
        }
        // Tree order: compare paths component by component.
        let sorted = ids.sorted { accounts[$0].split(separator: ":").lexicographicallyPrecedes(accounts[$1].split(separator: ":")) }
        return (sorted.map { ($0, rolled[Int($0)].nonZero(commodities)) }, total.nonZero(commodities))
    }

    public func csv() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        var w = CSVWriter()
        w.row(["account", "commodity", "balance"])
        for row in try rows().rows {
            for a in row.amounts { w.row([ledger.journal.accounts[row.account], c[a.commodity], c.plain(a.quantity, a.commodity)]) }
        }
        return w.buffer.bytes
    }

    public func json() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let (rows, total) = try rows()
        var w = JSONWriter(pretty: true)
        beginJSONReport(&w, until: ledger.until)
        w.key("balances"); w.beginArray()
        for row in rows {
            for a in row.amounts {
                w.beginObject()
                w.key("account"); w.string(ledger.journal.accounts[row.account])
                w.key("commodity"); w.string(c[a.commodity])
                w.key("balance"); w.string(c.plain(a.quantity, a.commodity))
                w.endObject()
            }
        }
        w.endArray()
        w.key("totals"); w.beginArray()
        for a in total {
            w.beginObject()
            w.key("commodity"); w.string(c[a.commodity])
            w.key("balance"); w.string(c.plain(a.quantity, a.commodity))
            w.endObject()
        }
        return finishJSONReport(&w)
    }

    /// An indented tree, amounts right-aligned, one line per commodity, and the total.
    public func text() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        let accounts = ledger.journal.accounts
        let (rows, total) = try rows()
        var lines: [(amount: String, label: String)] = []
        for row in rows {
            let depth = Int(accounts.depth[Int(row.account)])
            let name = accounts[row.account]
            let leaf = depth > 1 ? String(name.split(separator: ":").last!) : name
            let label = String(repeating: "  ", count: depth - 1) + leaf
            for (i, a) in row.amounts.enumerated() { lines.append((c.format(a), i == row.amounts.count - 1 ? label : "")) }
        }
        let totals = total.isEmpty ? ["0"] : total.map { c.format($0) }
        let width = (lines.map { displayWidth($0.amount) } + totals.map(displayWidth)).max() ?? 1
        var out = ""
        for l in lines {
            out += padded(l.amount, to: width, right: true) + (l.label.isEmpty ? "" : "  " + l.label) + "\n"
        }
        out += String(repeating: "-", count: width) + "\n"
        for t in totals { out += padded(t, to: width, right: true) + "\n" }
        return Array(out.utf8)
    }
}

/// One line per posting matching `--account`, with a running total per commodity.
public struct RegisterReport {
    public let ledger: Ledger
    public let options: ReportOptions

    public init(ledger: Ledger, options: ReportOptions) {
        self.ledger = ledger
        self.options = options
    }

    public struct Line {
        public var transaction: Transaction
        public var posting: Posting
        /// The running total, in the posting's commodity, after it.
        public var total: ExactDecimal
    }

    /// Lines in the period; the running totals start with everything before `--from`.
    public func lines() throws(AmountOverflow) -> [Line] {
        let filter = AccountFilter(ledger.journal.accounts, text: options.account)
        var running: [Int32: ExactDecimal] = [:]
        var out: [Line] = []
        for t in ledger.ordered {
            if let to = options.period.to, t.date > to { break }
            for p in t.postings where filter.keeps(p.account) {
                guard let a = p.amount else { continue }
                let total = try (running[a.commodity] ?? ExactDecimal.zero).plus(a.quantity, at: p.amountLocation)
                running[a.commodity] = total
                if options.period.contains(t.date) { out.append(Line(transaction: t, posting: p, total: total)) }
            }
        }
        return out
    }

    public func csv() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        var w = CSVWriter()
        w.row(["date", "description", "account", "amount", "commodity", "total", "generated"])
        for l in try lines() {
            let a = l.posting.amount!
            w.row([l.transaction.date.description, l.transaction.description, ledger.journal.accounts[l.posting.account],
                   c.plain(a.quantity, a.commodity), c[a.commodity], c.plain(l.total, a.commodity),
                   l.transaction.generated == nil ? "false" : "true"])
        }
        return w.buffer.bytes
    }

    public func json() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        var w = JSONWriter(pretty: true)
        beginJSONReport(&w, until: ledger.until)
        w.key("postings"); w.beginArray()
        for l in try lines() {
            let a = l.posting.amount!
            w.beginObject()
            w.key("date"); w.string(l.transaction.date.description)
            w.key("description"); w.string(l.transaction.description)
            w.key("account"); w.string(ledger.journal.accounts[l.posting.account])
            w.key("amount"); w.string(c.plain(a.quantity, a.commodity))
            w.key("commodity"); w.string(c[a.commodity])
            w.key("total"); w.string(c.plain(l.total, a.commodity))
            w.key("generated"); w.bool(l.transaction.generated != nil)
            w.endObject()
        }
        return finishJSONReport(&w)
    }

    public func text() throws(AmountOverflow) -> [UInt8] {
        let c = ledger.journal.commodities
        var table = TextTable(headers: ["Date", "Description", "Account", "Amount", "Total"], rightAligned: [3, 4])
        for l in try lines() {
            let a = l.posting.amount!
            let mark = l.transaction.generated == nil ? "" : " (generated)"
            table.add([l.transaction.date.description, l.transaction.description + mark, ledger.journal.accounts[l.posting.account],
                       c.format(a), c.format(Amount(l.total, a.commodity))])
        }
        return Array(table.render().utf8)
    }
}
