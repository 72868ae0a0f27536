/// Values amounts as one report asks (`-X`, `-V`, `--value`): each
/// conversion a product of the prices of its chain, divided once by those
/// used in reverse, so that a quotient that does not terminate is rounded
/// once, at the 30th place. It remembers the prices it used (`report prices`)
/// and the conversions it could not make (warnings). One report's use only.
public final class Valuer: @unchecked Sendable {
    public let valuation: Valuation
    public let graph: PriceGraph
    /// The target's id; nil with `-V` (each commodity's default), or when the
    /// journal never names the target (then nothing converts).
    public let target: Int32?
    /// The valuation day of `end` in a report of one period: `--to`, else the
    /// journal's last day (its last transaction or `P` line), as hledger has it.
    public let reportEnd: CivilDate

    private struct Key: Hashable {
        var from: Int32
        var day: Int32
    }
    /// A conversion: multiply by `times`, divide by `over`, into `into`.
    private struct Rate {
        var into: Int32
        var times: ExactDecimal
        var over: ExactDecimal
    }
    private var rates: [Key: Rate?] = [:]
    private var lastKey: Key?
    private var lastRate: Rate?
    /// Prices used, in the order first used.
    public private(set) var used: [PriceSource] = []
    private var usedSet: Set<PriceSource> = []
    private struct Miss {
        var first: CivilDate
        var dates: Set<Int32>
    }
    private var misses: [Int32: Miss] = [:]

    /// `reportTo`: the report's last day (`--to`), if it has one;
    /// `inferringPrices`: whether costs imply prices (`PriceGraph`).
    public init(_ valuation: Valuation, ledger: Ledger, reportTo: CivilDate?, inferringPrices: Bool = true) throws(AmountOverflow) {
        self.valuation = valuation
        graph = try PriceGraph(ledger, inferring: inferringPrices)
        let commodities = ledger.journal.commodities
        target = valuation.target.flatMap { commodities.lookup($0) ?? commodities.lookup("\"\($0)\"") }
        var last = ledger.order.last.map { ledger.transactions[Int($0)].date } ?? ledger.until
        if let p = graph.lastDeclared, last < p { last = p }
        reportEnd = reportTo ?? last
    }

    /// The day a posting dated `date` is valued on, in a report whose
    /// period (column) holding it ends on `periodEnd` (nil: one period).
    /// Nil for `cost` without a commodity (costs need no price); with one,
    /// costs are valued as `end` values.
    public func day(of date: CivilDate, periodEnd: CivilDate?) -> CivilDate? {
        switch valuation.when {
        case .end: return periodEnd ?? reportEnd
        case .then: return date
        case .on(let d): return d
        case .cost: return valuation.target == nil ? nil : periodEnd ?? reportEnd
        }
    }

    /// Whether a report values its sums (per period, at the period's end or
    /// on one day) rather than each posting on its own date or at cost.
    public var valuesSums: Bool {
        switch valuation.when {
        case .end, .on: return true
        case .then, .cost: return false
        }
    }

    /// `amount` valued on `date`: in the target, or unchanged (and
    /// remembered for a warning) when no chain of prices reaches it.
    public func value(_ amount: Amount, on date: CivilDate, at location: SourceLocation?, warns: Bool = true) throws(AmountOverflow) -> Amount {
        if amount.commodity == target { return amount }
        let key = Key(from: amount.commodity, day: date.day)
        let rate: Rate?
        if key == lastKey {
            // Postings of one day in one commodity come together: no hashing.
            rate = lastRate
        } else if let cached = rates[key] {
            rate = cached
            (lastKey, lastRate) = (key, cached)
        } else {
            rate = try makeRate(amount.commodity, on: date, at: location)
            rates[key] = rate
            (lastKey, lastRate) = (key, rate)
        }
        guard let rate else {
            if warns, valuation.target != nil, !amount.quantity.isZero {
                var miss = misses[amount.commodity] ?? Miss(first: date, dates: [])
                if date < miss.first { miss.first = date }
                miss.dates.insert(date.day)
                misses[amount.commodity] = miss
            }
            return amount
        }
        if amount.quantity.isZero { return Amount(.zero, rate.into) }
        var q = try amount.quantity.times(rate.times, at: location)
        if !rate.over.isEqual(to: ExactDecimal(1)) { q = try q.quotient(over: rate.over, at: location) }
        return Amount(q, rate.into)
    }

    /// A posting's amount `a` valued as a report of postings sees it: at
    /// cost first with `--value cost` (its `@`/`@@`, or the price a
    /// conversion without a cost implies), then on the day the valuation
    /// gives for `date` in a period ending `periodEnd` (nil: one period).
    public func value(_ a: Amount, of posting: Posting, dated date: CivilDate, periodEnd: CivilDate?, in t: Transaction) throws(AmountOverflow) -> Amount {
        var a = a
        let at = posting.amountLocation
        if valuation.when == .cost {
            if let cost = posting.cost {
                a = try Ledger.cost(of: a, cost, at: at)
            } else if let implied = try Ledger.impliedCost(of: posting, in: t) {
                a = implied
            }
        }
        guard let day = day(of: date, periodEnd: periodEnd) else { return a }
        return try value(a, on: day, at: at)
    }

    /// Every amount of `sums` valued on `date`, summed per target commodity.
    package func value(_ sums: AmountSums, on date: CivilDate) throws(AmountOverflow) -> AmountSums {
        var out = AmountSums()
        for a in sums.amounts { try out.add(try value(a, on: date, at: nil), at: nil) }
        return out
    }

    private func makeRate(_ from: Int32, on date: CivilDate, at location: SourceLocation?) throws(AmountOverflow) -> Rate? {
        let to: Int32
        if let target {
            to = target
        } else if valuation.target != nil {
            return nil
        } else {
            guard let d = graph.defaultTarget(of: from, on: date) else { return nil }
            to = d
        }
        guard let chain = try graph.chain(from, to, on: date) else { return nil }
        var times = ExactDecimal(1), over = ExactDecimal(1)
        for step in chain {
            let at = location ?? step.source.location
            // The price as written, and what the splits since make of it.
            if step.reversed {
                over = try over.times(step.source.unit, at: at).times(step.times, at: at)
                times = try times.times(step.over, at: at)
            } else {
                times = try times.times(step.source.unit, at: at).times(step.times, at: at)
                over = try over.times(step.over, at: at)
            }
            if usedSet.insert(step.source).inserted { used.append(step.source) }
        }
        return Rate(into: to, times: times, over: over)
    }

    /// A warning per commodity that could not be converted to the target,
    /// naming the first date (and how many more dates there were).
    public func warnings(_ commodities: CommodityTable) -> [Diagnostic] {
        let name = valuation.target ?? ""
        return misses.sorted { commodities[$0.key] < commodities[$1.key] }.map { c, miss in
            Diagnostic(.warning, Messages.noPrice(commodities.symbol(c), name, miss.first.description, more: miss.dates.count - 1), at: nil)
        }
    }
}
