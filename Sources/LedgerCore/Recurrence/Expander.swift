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

    /// Transactions in output order.
    public var ordered: LazyMapSequence<[Int32], Transaction> {
        order.lazy.map { transactions[Int($0)] }
    }
}

/// Materializes each rule's occurrences up to the horizon, skipping the ones
/// that recorded transactions fulfil.
///
/// A recorded transaction fulfils an occurrence when its payee equals the
/// rule's description (folded) or its `repeat:` tag names the rule, and its
/// date falls in the occurrence's window. Cost grows with the number of
/// occurrences (a binary search each), not with rules × transactions.
public struct Expander {
    public let until: CivilDate

    public init(until: CivilDate) { self.until = until }

    /// Dates of recorded transactions, per folded rule name, sorted.
    static func fulfilmentIndex(_ journal: Journal) -> [String: [Int32]] {
        var index: [String: [Int32]] = [:]
        for rule in journal.rules where rule.isValid { index[foldedName(rule.description)] = [] }
        if index.isEmpty { return index }
        for (i, t) in journal.transactions.enumerated() where !journal.brokenTransactions.contains(i) {
            let payeeKey = foldedName(t.payee)
            if index[payeeKey] != nil { index[payeeKey]!.append(t.date.day) }
            if let tagged = t.tag("repeat") {
                let tagKey = foldedName(tagged)
                if tagKey != payeeKey, index[tagKey] != nil { index[tagKey]!.append(t.date.day) }
            }
        }
        for key in index.keys { index[key]!.sort() }
        return index
    }

    /// The unfulfilled occurrences of every valid rule up to the horizon, as transactions.
    public func unfulfilled(_ journal: Journal) -> [Transaction] {
        let index = Expander.fulfilmentIndex(journal)
        var generated: [Transaction] = []
        for (r, rule) in journal.rules.enumerated() where rule.isValid {
            let dates = index[foldedName(rule.description)] ?? []
            var k = 0
            while let d = rule.occurrenceDate(k), d <= until {
                let w = rule.window(k)
                if !Expander.containsDay(in: w, dates) {
                    var t = rule.template
                    t.date = d
                    t.generated = GeneratedFrom(rule: Int32(r), occurrence: Int32(k))
                    generated.append(t)
                }
                k += 1
            }
        }
        return generated
    }

    /// True if some day in the sorted list falls in the window.
    static func containsDay(in window: Range<Int32>, _ days: [Int32]) -> Bool {
        var lo = 0, hi = days.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < window.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        return lo < days.count && days[lo] < window.upperBound
    }

    /// Recorded plus generated transactions, in output order.
    public func expand(_ journal: Journal) -> Ledger {
        var all: [Transaction] = []
        all.reserveCapacity(journal.transactions.count)
        for (i, t) in journal.transactions.enumerated() where !journal.brokenTransactions.contains(i) {
            all.append(t)
        }
        let recorded = all.count
        all.append(contentsOf: unfulfilled(journal))
        var order = (0..<Int32(all.count)).map { $0 }
        order.sort { a, b in
            let x = all[Int(a)].date, y = all[Int(b)].date
            if x != y { return x < y }
            let ga = Int(a) >= recorded, gb = Int(b) >= recorded
            if ga != gb { return gb }
            return a < b
        }
        return Ledger(journal: journal, transactions: all, order: order, until: until)
    }
}
