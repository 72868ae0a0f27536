/// The compiled ledger: recorded transactions and the occurrences generated
/// from `repeat` rules, in output order.
public struct Ledger: Sendable {
    public var journal: Journal
    /// Recorded transactions first (as in the journal), then generated ones.
    public var transactions: [Transaction]
    /// Indices into `transactions` in output order: by date, recorded before
    /// generated on the same date, then file order.
    public var order: [Int32]
    /// The horizon up to which rules were materialized.
    public var until: CivilDate
    /// Each card rule's billing cycles (by rule index), computed once with
    /// its payments: what the statements, the page and the hover read. A
    /// card whose sums overflowed has none (the compile said so).
    package var cardCycles: [Int32: [CardCycle]] = [:]

    /// Transactions in output order.
    public var ordered: LazyMapSequence<[Int32], Transaction> {
        order.lazy.map { transactions[Int($0)] }
    }

    /// Recorded plus generated transactions, in output order: the journal's
    /// transactions move into the ledger, with each rule's unfulfilled
    /// occurrences up to `expander`'s horizon after them.
    init(expanding journal: consuming Journal, with expander: Expander) {
        let generated = expander.unfulfilled(journal)
        // Move the transactions out of the journal rather than copying them.
        var all = journal.transactions
        journal.transactions = []
        let recorded = all.count
        all.append(contentsOf: generated)
        // Sort keys: day, then recorded before generated, then file order.
        var keys: [UInt64] = []
        keys.reserveCapacity(all.count)
        let broken = journal.brokenTransactions
        var recordedInOrder = true
        all.withUnsafeBufferPointer { all in
            func key(_ i: Int) -> UInt64 {
                let day = UInt64(UInt32(bitPattern: all[i].date.day &+ Int32.min))
                return day << 32 | (i >= recorded ? 1 << 31 : 0) | UInt64(i)
            }
            var last: UInt64 = 0
            for i in 0..<recorded where broken.isEmpty || !broken.contains(i) {
                let k = key(i)
                if k < last { recordedInOrder = false }
                last = k
                keys.append(k)
            }
            for i in recorded..<all.count { keys.append(key(i)) }
        }
        self.journal = journal
        transactions = all
        order = Ledger.order(sorting: &keys, firstRunInOrder: recordedInOrder ? keys.count - generated.count : 0)
        until = expander.until
    }

    /// The transactions' indices in the order of their sort keys. A journal
    /// written in date order gives its recorded transactions' keys in order
    /// (`firstRunInOrder` of them): then only the generated ones are sorted,
    /// and merged in, in one pass.
    static func order(sorting keys: inout [UInt64], firstRunInOrder run: Int) -> [Int32] {
        func index(_ key: UInt64) -> Int32 { Int32(truncatingIfNeeded: key & 0x7FFF_FFFF) }
        guard run > 0 else {
            keys.sort()
            return keys.map(index)
        }
        keys[run...].sort()
        return [Int32](unsafeUninitializedCapacity: keys.count) { out, written in
            keys.withUnsafeBufferPointer { k in
                var a = 0, b = run, n = 0
                while a < run, b < k.count {
                    if k[b] < k[a] {
                        out[n] = index(k[b])
                        b += 1
                    } else {
                        out[n] = index(k[a])
                        a += 1
                    }
                    n += 1
                }
                while a < run { out[n] = index(k[a]); a += 1; n += 1 }
                while b < k.count { out[n] = index(k[b]); b += 1; n += 1 }
                written = n
            }
        }
    }

    /// The ledger with `more` transactions after the others in
    /// `transactions`, each placed in the order on its day after every
    /// transaction already there (generated ones: the order's rule holds), or
    /// with `firstOnTheirDay` before them (a split, at the day's open).
    func adding(_ more: [Transaction], firstOnTheirDay: Bool = false) -> Ledger {
        guard !more.isEmpty else { return self }
        var out = self
        let base = transactions.count
        out.transactions += more
        let byDate = more.indices.sorted { more[$0].date != more[$1].date ? more[$0].date < more[$1].date : $0 < $1 }
        var merged: [Int32] = []
        merged.reserveCapacity(order.count + more.count)
        var next = 0
        for n in order {
            while next < byDate.count, more[byDate[next]].date < transactions[Int(n)].date
                    || firstOnTheirDay && more[byDate[next]].date == transactions[Int(n)].date {
                merged.append(Int32(base + byDate[next]))
                next += 1
            }
            merged.append(n)
        }
        merged += byDate[next...].map { Int32(base + $0) }
        out.order = merged
        return out
    }
}
