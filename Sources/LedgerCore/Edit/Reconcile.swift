/// `ledgerc reconcile` (CLI.md): an account's cleared balance against a
/// statement's, and the smallest set of its uncleared postings whose sum is
/// the difference, found exactly (meet in the middle) for up to 40 postings.
public struct Reconciliation {
    public struct Candidate {
        public var date: CivilDate
        public var description: String
        public var amount: Amount
        public var location: SourceLocation
        /// The transaction's header, and the posting's line.
        public var transaction: SourceLocation
        public var hasAmount: Bool
    }

    public let account: Int32
    public let commodity: Int32
    public var cleared: ExactDecimal = .zero
    public let statement: ExactDecimal
    public var uncleared: [Candidate] = []
    /// The indices in `uncleared` of the smallest set that explains the difference; nil when none does.
    public var explaining: [Int]?
    /// Whether there were too many uncleared postings to search exactly.
    public var searchedExactly = true
    /// The two smallest sets that make up the difference (the first is `explaining`).
    public var alternatives: [[Int]] = []
    /// How many sets make up the difference (among those searched).
    public var sets = 0
    /// Pairs of indices in `uncleared` whose amounts cancel each other.
    public var cancellingPairs: [(Int, Int)] = []
    /// The most postings searched exactly.
    public static let exactLimit = 40

    /// The statement's balance less the cleared one (set with them).
    public private(set) var difference: ExactDecimal = .zero

    /// The reconciliation of `accountName` (and its subaccounts) on `date`
    /// against `balanceText` (an amount as the journal writes one); a
    /// message when the account or the amount cannot be read.
    /// `searching`: false when the caller knows the set (a statement's rows).
    public static func make(_ c: Compilation, accountName: String, to date: CivilDate, balanceText: String, searching: Bool = true) -> Result<Reconciliation, ReconcileProblem> {
        let journal = c.ledger.journal
        guard let account = journal.accounts.lookup(accountName) else { return .failure(ReconcileProblem("the journal has no account '\(accountName)'")) }
        let decimalComma = journal.declaresDecimalComma
        guard let (quantity, symbol) = Reconciliation.amount(balanceText, decimalComma: decimalComma) else {
            return .failure(ReconcileProblem("--balance takes an amount as the journal writes one (1,234,000 KRW, $1,234.50), not '\(balanceText)'"))
        }
        // The account's postings (and its subaccounts') recorded through the day: one stream.
        var stream = Movements(c.ledger)
        stream.matcher = QueryMatcher(keepingAccounts: (0..<Int32(journal.accounts.count)).map { journal.accounts.isSelfOrDescendant($0, of: account) })
        stream.recordedOnly = true
        stream.through = date
        // The statement's commodity: as written, else the account's only one.
        var commodity: Int32
        if !symbol.isEmpty {
            guard let id = journal.commodities.lookup(symbol) else { return .failure(ReconcileProblem("the journal has no commodity '\(symbol)'")) }
            commodity = id
        } else {
            var seen = Set<Int32>()
            stream.forEach { if $0.isKept { seen.insert($0.amount.commodity) } }
            guard seen.count <= 1 else { return .failure(ReconcileProblem("'\(accountName)' holds more than one commodity: write --balance with its commodity")) }
            commodity = seen.first ?? CommodityTable.none
        }
        var r = Reconciliation(account: account, commodity: commodity, statement: quantity)
        // The cleared postings are summed by the engine's accumulator; the others are the candidates.
        var cleared = Balances(accounts: 1, columns: [.always])
        do throws(AmountOverflow) {
            try stream.forEach { (m) throws(AmountOverflow) in
                guard m.isKept, m.amount.commodity == commodity else { return }
                let t = c.ledger.transactions[Int(m.transaction)], p = t.postings[Int(m.posting)]
                if p.status == .cleared || t.status == .cleared {
                    try cleared.add(m.amount, to: 0, column: 1, at: m.location)
                } else {
                    r.uncleared.append(Candidate(date: t.date, description: t.description, amount: m.amount, location: p.location,
                                                 transaction: t.location, hasAmount: !p.isInferred))
                }
            }
            let sums = try cleared.byAccount()
            // Nothing cleared in the commodity sums to zero.
            r.cleared = sums.reached(0) ? sums.sums[0][1].quantity(commodity) : .zero
        } catch {
            // Exact or an error: a sum past 38 digits is no balance.
            return .failure(ReconcileProblem("the cleared balance of '\(accountName)' needs more than 38 digits"))
        }
        guard let difference = r.statement.subtracting(r.cleared) else {
            return .failure(ReconcileProblem("the difference of the statement's balance and the cleared one needs more than 38 digits"))
        }
        r.difference = difference
        if searching { r.search() }
        return .success(r)
    }

    /// An amount as the journal writes one (`1,234,000 KRW`, `$-5.00`): its quantity and commodity.
    static func amount(_ text: String, decimalComma: Bool) -> (ExactDecimal, String)? {
        let bytes = Array(text.trimmingSpaces.utf8)
        return bytes.withUnsafeBufferPointer { buf -> (ExactDecimal, String)? in
            var lx = Lexer(buf, from: 0, to: buf.count)
            guard case .success(let s) = lx.amount(decimalComma: decimalComma) else { return nil }
            lx.skipSpaces()
            guard lx.atEnd else { return nil }
            return (s.quantity, String(decoding: UnsafeBufferPointer(rebasing: buf[s.commodity]), as: UTF8.self))
        }
    }

    init(account: Int32, commodity: Int32, statement: ExactDecimal) {
        self.account = account
        self.commodity = commodity
        self.statement = statement
    }

    /// The smallest set of uncleared postings whose sum is the difference,
    /// the next smallest other set (`alternatives`), and how many sets make
    /// it up (`sets`, counted to `Int.max`): with more than one the answer
    /// cannot be known from the sum, and nothing is marked for writing.
    mutating func search() {
        let target = difference
        if target.isZero { explaining = []; sets = 1; return }
        // Every amount in whole units of the finest scale among them.
        let scale = max(target.scale, uncleared.map(\.amount.quantity.scale).max() ?? 0)
        func units(_ q: ExactDecimal) -> Int128? {
            var m = q.mantissa
            for _ in q.scale..<scale { let (v, o) = m.multipliedReportingOverflow(by: 10); if o { return nil }; m = v }
            return m
        }
        guard let goal = units(target) else { explaining = nil; return }
        let values = uncleared.compactMap { units($0.amount.quantity) }
        guard values.count == uncleared.count else { explaining = nil; return }
        cancellingPairs = Reconciliation.pairsThatCancel(values)
        var n = values.count
        if n > Reconciliation.exactLimit {
            searchedExactly = false
            // The latest postings first: a statement's are recent.
            n = Reconciliation.exactLimit
        }
        let offset = values.count - n
        let half = n / 2
        // Sums of every subset of the second half: the two with the fewest
        // postings for each sum, and how many subsets have it.
        struct Sums { var best: UInt64, second: UInt64?, count: Int }
        func fewer(_ a: UInt64, _ b: UInt64) -> Bool { (a.nonzeroBitCount, a) < (b.nonzeroBitCount, b) }
        var bySum: [Int128: Sums] = [:]
        let secondCount = n - half
        for mask in 0..<(UInt64(1) << UInt64(secondCount)) {
            var s: Int128 = 0
            for k in 0..<secondCount where mask & (1 << UInt64(k)) != 0 { s += values[offset + half + k] }
            guard var e = bySum[s] else { bySum[s] = Sums(best: mask, second: nil, count: 1); continue }
            e.count += 1
            if fewer(mask, e.best) { e.second = e.best; e.best = mask } else if e.second.map({ fewer(mask, $0) }) ?? true { e.second = mask }
            bySum[s] = e
        }
        // The two smallest sets overall are among each first-half subset with its sum's best two.
        typealias Found = (first: UInt64, second: UInt64)
        func size(_ f: Found) -> Int { f.first.nonzeroBitCount + f.second.nonzeroBitCount }
        func smaller(_ a: Found, _ b: Found) -> Bool { (size(a), a.first, a.second) < (size(b), b.first, b.second) }
        var smallest: [Found] = []
        var count = 0
        for mask in 0..<(UInt64(1) << UInt64(half)) {
            var s: Int128 = 0
            for k in 0..<half where mask & (1 << UInt64(k)) != 0 { s += values[offset + k] }
            guard let e = bySum[goal - s] else { continue }
            count = count.addingReportingOverflow(e.count).overflow ? Int.max : count + e.count
            for other in [e.best] + (e.second.map { [$0] } ?? []) {
                smallest.append((mask, other))
                smallest.sort(by: smaller)
                if smallest.count > 2 { smallest.removeLast() }
            }
        }
        sets = count
        func indices(_ f: Found) -> [Int] {
            (0..<half).filter { f.first & (1 << UInt64($0)) != 0 }.map { offset + $0 }
                + (0..<secondCount).filter { f.second & (1 << UInt64($0)) != 0 }.map { offset + half + $0 }
        }
        guard let first = smallest.first else { explaining = nil; return }
        explaining = indices(first)
        alternatives = smallest.map(indices)
    }

    /// Pairs of uncleared postings whose amounts cancel (a purchase and its
    /// 취소): any set that explains the difference does so with or without them.
    static func pairsThatCancel(_ values: [Int128]) -> [(Int, Int)] {
        var open: [Int128: [Int]] = [:], pairs: [(Int, Int)] = []
        for (k, v) in values.enumerated() where v != 0 {
            if var others = open[-v], let j = others.popLast() {
                open[-v] = others
                pairs.append((j, k))
            } else {
                open[v, default: []].append(k)
            }
        }
        return pairs
    }

    /// Whether the sum cannot tell which postings the statement holds: more
    /// than one set makes up the difference, or too many postings were there
    /// to search them all.
    public var isAmbiguous: Bool {
        guard let explaining, !explaining.isEmpty else { return false }
        return sets > 1 || !searchedExactly
    }

    /// The edits of `--write`: each explaining posting's transaction marked
    /// cleared, and the statement balance as an assertion on the last of
    /// them (when `withAssertion` and the posting has an amount written).
    public func edits(_ c: Compilation, withAssertion: Bool) -> [TextEdit] {
        guard let explaining, !explaining.isEmpty else { return [] }
        var edits: [TextEdit] = []
        var marked = Set<SourceLocation>()
        for k in explaining {
            let t = uncleared[k].transaction
            guard marked.insert(t).inserted else { continue }
            let bytes = c.sources.files[Int(t.file)].bytes
            // After the date (and `=DATE2`): replace a `!`, or insert `* `.
            var i = Int(t.offset)
            while i < bytes.count, bytes[i] != 0x20, bytes[i] != 0x09, bytes[i] != 0x0A { i += 1 }
            var j = i
            while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "!") {
                edits.append(TextEdit(file: Int(t.file), range: j..<(j + 1), text: [UInt8(ascii: "*")]))
            } else if j < bytes.count, bytes[j] != UInt8(ascii: "*") {
                edits.append(TextEdit(file: Int(t.file), range: i..<i, text: Array(" *".utf8)))
            }
        }
        if withAssertion, let last = explaining.max(by: { (uncleared[$0].date, uncleared[$0].location) < (uncleared[$1].date, uncleared[$1].location) }) {
            let p = uncleared[last].location
            let bytes = c.sources.files[Int(p.file)].bytes
            // At the end of the amount: before a comment or the line's end.
            // A `;` inside a quoted commodity ("A;B") is no comment.
            var end = Int(p.offset), quoted = false
            while end < bytes.count, bytes[end] != 0x0A, quoted || bytes[end] != UInt8(ascii: ";") {
                if bytes[end] == 0x22 { quoted.toggle() }
                end += 1
            }
            if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
            while end > Int(p.offset), bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            let line = bytes[Int(p.offset)..<end]
            if uncleared[last].hasAmount, !line.contains(UInt8(ascii: "=")) {
                let text = " = " + c.ledger.journal.commodities.format(Amount(statement, commodity))
                edits.append(TextEdit(file: Int(p.file), range: end..<end, text: Array(text.utf8)))
            }
        }
        return edits
    }
}

/// Why a reconciliation cannot start (a usage problem).
public struct ReconcileProblem: Error {
    public var message: String
    init(_ message: String) { self.message = message }
}
