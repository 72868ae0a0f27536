/// Where a market price came from: a `P` line, or a cost a posting paid.
public struct PriceSource: Hashable, Sendable {
    public var date: CivilDate
    /// The commodity priced, and the commodity of its price.
    public var from: Int32
    public var to: Int32
    /// The price of one unit of `from`, in `to` (always positive).
    public var unit: ExactDecimal
    /// The `P` line, or the posting (or transaction) whose cost implied it.
    public var location: SourceLocation
    /// True for a price implied by a cost (`@`, `@@`, `{}`) or a conversion.
    public var inferred: Bool

    public static func == (a: PriceSource, b: PriceSource) -> Bool {
        a.date == b.date && a.from == b.from && a.to == b.to && a.location == b.location && a.unit.isEqual(to: b.unit)
    }

    public func hash(into h: inout Hasher) {
        h.combine(date.day)
        h.combine(from)
        h.combine(to)
        h.combine(location.offset)
    }
}

/// Every market price of a ledger, by pair of commodities, as hledger's
/// valuation reads them: `P` lines and the prices that costs imply. The price
/// of a pair in force on a day is its latest on or before that day; on one
/// day a `P` line comes before an implied price, and a later line before an
/// earlier one.
public struct PriceGraph: Sendable {
    /// The prices of each (from, to) pair, in force order: by date, implied
    /// before declared on one day, then in file order. Never empty.
    private var pairs: [PairKey: [PriceSource]] = [:]
    /// The commodities each commodity has a price in (`from` → `to`s).
    private var forward: [Int32: [Int32]] = [:]
    /// The commodities priced in each commodity (`to` → `from`s).
    private var backward: [Int32: [Int32]] = [:]
    /// The last date of a `P` line, if any.
    public private(set) var lastDeclared: CivilDate?
    /// Some price is declared with a `P` line.
    public var hasDeclared: Bool { lastDeclared != nil }
    /// The journal's splits: a price dated before a split of its commodity
    /// is an old share's, carried to the new shares when used after it.
    public let splits: SplitRatios

    struct PairKey: Hashable {
        var from: Int32
        var to: Int32
    }

    /// The prices of `ledger`: its `P` lines and, as hledger's
    /// `--infer-market-prices` reads them, the costs of its postings
    /// (unless `inferring` is false: hledger's command line without that flag).
    public init(_ ledger: Ledger, inferring: Bool = true) throws(AmountOverflow) {
        splits = SplitRatios(ledger.journal.splits)
        var all: [PriceSource] = []
        for p in ledger.journal.prices where p.commodity != p.price.commodity && !p.price.quantity.isZero {
            all.append(PriceSource(date: p.date, from: p.commodity, to: p.price.commodity, unit: p.price.quantity.magnitude,
                                   location: p.location, inferred: false))
            lastDeclared = max(lastDeclared ?? p.date, p.date)
        }
        for t in ledger.ordered where inferring {
            try PriceGraph.implied(by: t) { all.append($0) }
        }
        // Force order: by date, implied before declared, then as read.
        let sorted = all.enumerated().sorted { x, y in
            let a = x.element, b = y.element
            if a.date != b.date { return a.date < b.date }
            if a.inferred != b.inferred { return a.inferred }
            return x.offset < y.offset
        }
        for (_, s) in sorted {
            let key = PairKey(from: s.from, to: s.to)
            if pairs[key] == nil {
                forward[s.from, default: []].append(s.to)
                backward[s.to, default: []].append(s.from)
            }
            pairs[key, default: []].append(s)
        }
    }

    /// The prices one transaction's costs imply: each posting with a cost in
    /// another commodity (the unit cost, or a total over the quantity), or,
    /// for a transaction without costs that converts one commodity into
    /// another, the price of the first posting's commodity.
    static func implied(by t: Transaction, _ add: (PriceSource) -> Void) throws(AmountOverflow) {
        var anyCost = false
        for p in t.postings {
            guard let a = p.amount, let cost = p.cost ?? p.lot else { continue }
            anyCost = true
            guard !a.quantity.isZero, cost.amount.commodity != a.commodity, !cost.amount.quantity.isZero else { continue }
            var unit = cost.amount.quantity.magnitude
            if cost.isTotal { unit = try unit.quotient(over: a.quantity.magnitude, at: p.amountLocation) }
            add(PriceSource(date: t.date, from: a.commodity, to: cost.amount.commodity, unit: unit, location: p.amountLocation, inferred: true))
        }
        guard !anyCost, t.postings.count >= 2 else { return }
        var sums = AmountSums()
        for p in t.postings where p.virtual != .unbalanced {
            guard let a = p.amount else { return }
            try sums.add(a, at: p.amountLocation)
        }
        let amounts = sums.amounts.filter { !$0.quantity.isZero }
        guard amounts.count == 2, let first = t.postings.first(where: { $0.virtual != .unbalanced })?.amount,
              let a = amounts.first(where: { $0.commodity == first.commodity }),
              let b = amounts.first(where: { $0.commodity != first.commodity }) else { return }
        let unit = try b.quantity.magnitude.quotient(over: a.quantity.magnitude, at: t.location)
        add(PriceSource(date: t.date, from: a.commodity, to: b.commodity, unit: unit, location: t.location, inferred: true))
    }

    /// The price of `from` in `to` in force on `date`, if any, as a step
    /// used as written, carrying the splits of either commodity between its
    /// date and `date`.
    func price(_ from: Int32, _ to: Int32, on date: CivilDate) throws(AmountOverflow) -> Step? {
        guard let s = recorded(from, to, on: date) else { return nil }
        var step = Step(source: s, reversed: false)
        guard !splits.isEmpty else { return step }
        // An old share of `from` is N/M new ones: a new one costs M/N of the price.
        if let r = try splits.ratio(of: from, after: s.date, through: date, at: s.location) {
            step.times = try step.times.times(r.denominator, at: s.location)
            step.over = try step.over.times(r.numerator, at: s.location)
        }
        // A price in shares of `to`: N/M new shares for each old one.
        if let r = try splits.ratio(of: to, after: s.date, through: date, at: s.location) {
            step.times = try step.times.times(r.numerator, at: s.location)
            step.over = try step.over.times(r.denominator, at: s.location)
        }
        return step
    }

    /// The price of `from` in `to` in force on `date` as it was written.
    private func recorded(_ from: Int32, _ to: Int32, on date: CivilDate) -> PriceSource? {
        guard let list = pairs[PairKey(from: from, to: to)] else { return nil }
        // The last entry dated on or before `date`.
        let lo = list.partitionIndex { $0.date > date }
        return lo == 0 ? nil : list[lo - 1]
    }

    /// The commodity that `-V` values `commodity` in on `date`, as hledger
    /// picks it: that of its latest `P` price on or before the date, else of
    /// its latest `P` price, else (when no `P` line exists at all) of its
    /// latest implied price on or before the date.
    func defaultTarget(of commodity: Int32, on date: CivilDate) -> Int32? {
        var onOrBefore: PriceSource?, latest: PriceSource?, implied: PriceSource?
        for to in forward[commodity] ?? [] {
            for s in pairs[PairKey(from: commodity, to: to)]! {
                if s.inferred {
                    if s.date <= date, implied.map({ !(s.date < $0.date) }) ?? true { implied = s }
                    continue
                }
                if latest.map({ !(s.date < $0.date) }) ?? true { latest = s }
                if s.date <= date, onOrBefore.map({ !(s.date < $0.date) }) ?? true { onOrBefore = s }
            }
        }
        if let s = onOrBefore ?? latest { return s.to }
        return hasDeclared ? nil : implied?.to
    }

    /// One step of a chain: a price used as it is, or reversed. After a
    /// split the price as written stands for `unit × times ÷ over` (kept
    /// apart, so that a conversion still divides once).
    public struct Step: Sendable {
        public var source: PriceSource
        public var reversed: Bool
        public var times = ExactDecimal(1)
        public var over = ExactDecimal(1)

        /// The step used the other way round.
        var backwards: Step {
            var s = self
            s.reversed.toggle()
            return s
        }
    }

    /// The chain of prices that converts `from` into `to` on `date`, as
    /// hledger 1.25 finds one: the shortest chain of prices used as written
    /// (a direct price is one), else the shortest chain that may also use
    /// prices in reverse. hledger's manual puts a reversed price before a
    /// chain of direct ones; its code, the oracle, does not. Among chains of
    /// one length, the one whose steps are most recent comes first. Nil when
    /// there is none (an empty chain when `from == to`).
    func chain(_ from: Int32, _ to: Int32, on date: CivilDate) throws(AmountOverflow) -> [Step]? {
        if from == to { return [] }
        if let s = try price(from, to, on: date) { return [s] }
        if let c = try shortestChain(from, to, on: date, reversing: false) { return c }
        return try shortestChain(from, to, on: date, reversing: true)
    }

    /// Breadth first over the prices in force on `date`; with `reversing`,
    /// prices may be used backwards too. Bounded by the number of commodities.
    private func shortestChain(_ from: Int32, _ to: Int32, on date: CivilDate, reversing: Bool) throws(AmountOverflow) -> [Step]? {
        var reachedBy: [Int32: Step] = [:]
        var visited: Set<Int32> = [from]
        var frontier = [from]
        while !frontier.isEmpty {
            var next: [Int32] = []
            for c in frontier {
                var steps: [Step] = []
                for t in forward[c] ?? [] where !visited.contains(t) {
                    if let s = try price(c, t, on: date) { steps.append(s) }
                }
                if reversing {
                    for f in backward[c] ?? [] where !visited.contains(f) {
                        if let s = try price(f, c, on: date) { steps.append(s.backwards) }
                    }
                }
                // Most recent first; then as the pairs were first seen.
                for step in steps.enumerated().sorted(by: { $0.element.source.date != $1.element.source.date ? $1.element.source.date < $0.element.source.date : $0.offset < $1.offset }).map(\.element) {
                    let reached = step.reversed ? step.source.from : step.source.to
                    guard visited.insert(reached).inserted else { continue }
                    reachedBy[reached] = step
                    if reached == to {
                        var chain: [Step] = []
                        var at = to
                        while at != from, let s = reachedBy[at] {
                            chain.append(s)
                            at = s.reversed ? s.source.to : s.source.from
                        }
                        return chain.reversed()
                    }
                    next.append(reached)
                }
            }
            frontier = next
        }
        return nil
    }
}
