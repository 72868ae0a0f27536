/// What is left of one purchase: its date, the shares still held, what they
/// cost. With `fifo` and `lifo` a position's basis is the sum of its lots';
/// with `average` the lots say what remains of each purchase (the oldest sold
/// first) and the position's basis is the average's.
public struct Lot: Sendable {
    public var date: CivilDate
    public var quantity: ExactDecimal
    /// The unit cost as bought (a `@@` total's unit, rounded as `trades` shows it).
    public var unitCost: ExactDecimal
    /// What the shares left cost: exact, or rounded once per partial sale.
    public var basis: ExactDecimal
}

/// A lot a sale took shares from, and what they cost.
public struct MatchedLot: Sendable {
    public var date: CivilDate
    public var quantity: ExactDecimal
    public var unitCost: ExactDecimal
    public var basis: ExactDecimal
}

/// Which lot a sale names: `{150 USD}` (by unit cost) or `{2025-01-10}` /
/// `[2025-01-10]` (by date).
struct LotSelector {
    var unitCost: ExactDecimal?
    var date: CivilDate?

    func matches(_ lot: Lot) -> Bool {
        if let unitCost, !lot.unitCost.isEqual(to: unitCost) { return false }
        if let date, lot.date != date { return false }
        return true
    }
}

extension Position {
    /// Takes `quantity` shares (at most what is held) out of the lots: those
    /// `selector` names, else by `method` (oldest first for `average` and
    /// `fifo`, newest first for `lifo`). Returns the basis removed and the
    /// lots matched; nil when the selector names no lot holding shares. The
    /// basis removed: with `average`, the position's basis × quantity ÷ held
    /// (all of it when it empties); otherwise each lot's basis, all of it for
    /// a lot emptied, basis × taken ÷ lot for part of one (rounded once at
    /// `places`; nil, for shares that move and are not sold: the exact
    /// fraction, or rounded once at the 30th place like every quotient).
    mutating func take(_ quantity: ExactDecimal, method: BookingMethod, selector: LotSelector?, places: Int?,
                       at: SourceLocation?) throws(AmountOverflow) -> (removed: ExactDecimal, matched: [MatchedLot])? {
        // The lots a selector names; without one, from the oldest (lifo: the newest).
        var named: [Int] = []
        if let selector {
            named = namedLots(selector, enoughFor: quantity)
            if named.isEmpty { return nil }
        }
        let first = spentLots, open = lotStore.count - spentLots
        let count = selector == nil ? open : named.count
        var matched: [MatchedLot] = []
        var left = quantity
        for n in 0..<count {
            if left.signum <= 0 { break }
            let k = selector != nil ? named[n] : method == .lifo ? lotStore.count - 1 - n : first + n
            guard lotStore[k].quantity.signum > 0 else { continue }
            let lot = lotStore[k]
            let taken = lot.quantity < left ? lot.quantity : left
            let basis = taken.isEqual(to: lot.quantity)
                ? lot.basis
                : try lot.basis.part(taken, of: lot.quantity, places: places, at: at)
            lotStore[k].quantity = try lot.quantity.minus(taken, at: at)
            lotStore[k].basis = lotStore[k].quantity.isZero ? .zero : try lot.basis.minus(basis, at: at)
            if lotStore[k].quantity.isZero {
                countLotCost(lot.unitCost, by: -1)
                emptiedLots += 1
            }
            matched.append(MatchedLot(date: lot.date, quantity: taken, unitCost: lot.unitCost, basis: basis))
            left = try left.minus(taken, at: at)
        }
        if !matched.isEmpty { removeEmptiedLots(fromTheOldest: selector == nil && method != .lifo, fromTheNewest: selector == nil && method == .lifo) }
        let held = self.quantity
        var removed = ExactDecimal.zero
        if method == .average && selector == nil || matched.isEmpty {
            // The average: all of the basis when the position empties.
            if held.signum > 0 {
                removed = !(quantity < held) ? costBasis : try costBasis.part(quantity, of: held, places: places, at: at)
            }
        } else {
            for m in matched { removed = try removed.plus(m.basis, at: at) }
            // Shares held but in no lot (received at no cost) add nothing.
            if !(quantity < held) { removed = costBasis }
        }
        return (removed, matched)
    }

    /// The open lots `selector` names, oldest first, as many as a sale of
    /// `quantity` takes. A date names one run of the lots (they are in date
    /// order); a unit cost no lot has is known from `lotCosts` without
    /// looking at any (a daily rule naming a lot that is not there would
    /// otherwise read every lot every day).
    private mutating func namedLots(_ selector: LotSelector, enoughFor quantity: ExactDecimal) -> [Int] {
        var range = spentLots..<lotStore.count
        if let date = selector.date {
            func firstIndex(after: Bool) -> Int {
                var low = range.lowerBound, high = range.upperBound
                while low < high {
                    let mid = (low + high) / 2
                    if lotStore[mid].date < date || after && lotStore[mid].date == date { low = mid + 1 } else { high = mid }
                }
                return low
            }
            range = firstIndex(after: false)..<firstIndex(after: true)
        } else if let unitCost = selector.unitCost {
            if lotCosts == nil {
                var costs: [ExactDecimal: Int] = [:]
                for lot in lotStore[spentLots...] where lot.quantity.signum > 0 { costs[lot.unitCost.normalized, default: 0] += 1 }
                lotCosts = costs
            }
            if lotCosts?[unitCost.normalized] == nil { return [] }
        }
        // Once their sum does not fit, every lot named is kept (the take then goes as far as it needs).
        var named: [Int] = [], covered: ExactDecimal? = .zero
        for k in range where selector.matches(lotStore[k]) && lotStore[k].quantity.signum > 0 {
            named.append(k)
            covered = covered.flatMap { try? $0.plus(lotStore[k].quantity, at: nil) }
            if let covered, !(covered < quantity) { break }
        }
        return named
    }

    /// Keeps `lotCosts` (when it is kept) as lots come and go.
    mutating func countLotCost(_ unitCost: ExactDecimal, by change: Int) {
        guard lotCosts != nil else { return }
        let key = unitCost.normalized
        let n = (lotCosts![key] ?? 0) + change
        lotCosts![key] = n > 0 ? n : nil
    }

    /// Drops the lots a sale emptied. At the front they are passed over
    /// (`spentLots`) until they are half of the store, at the end removed;
    /// elsewhere (a sale that named them) they stay until they are half of
    /// the open lots, then all go at once: each sale moves no other lot.
    private mutating func removeEmptiedLots(fromTheOldest: Bool, fromTheNewest: Bool) {
        if !fromTheNewest {
            while spentLots < lotStore.count, lotStore[spentLots].quantity.signum <= 0 {
                spentLots += 1
                emptiedLots = max(0, emptiedLots - 1)
            }
            if spentLots >= 64 && spentLots * 2 >= lotStore.count {
                lotStore.removeFirst(spentLots)
                spentLots = 0
            }
        }
        if !fromTheOldest {
            while lotStore.count > spentLots, lotStore[lotStore.count - 1].quantity.signum <= 0 {
                lotStore.removeLast()
                emptiedLots = max(0, emptiedLots - 1)
            }
        }
        if emptiedLots >= 64 && emptiedLots * 2 >= lotStore.count - spentLots {
            lotStore.removeSubrange(..<spentLots)
            spentLots = 0
            lotStore.removeAll { $0.quantity.signum <= 0 }
            emptiedLots = 0
        }
    }

    /// The lots as `holdings --lots` lists them: with `average`, one lot at
    /// the average cost, dated at the oldest purchase still held (the oldest
    /// shares go first); else each open lot.
    public func openLots(_ method: BookingMethod, places: Int) throws(AmountOverflow) -> [Lot] {
        guard quantity.signum > 0 else { return [] }
        if method == .average {
            guard let first = lotStore[spentLots...].first(where: { $0.quantity.signum > 0 }), let average = try averageCost(places: places) else { return [] }
            return [Lot(date: first.date, quantity: quantity, unitCost: average, basis: costBasis)]
        }
        return lots
    }

    /// A split: `delta` new shares (held × N/M − held, as the ledger's split
    /// transaction adds them), each lot's quantity × N/M and unit cost ×
    /// M/N, its basis unchanged. Exact when the quotients terminate (N:1
    /// always does); else rounded once at the 30th place.
    mutating func split(by split: StockSplit, adding delta: ExactDecimal, at: SourceLocation?) throws(AmountOverflow) {
        quantity = try quantity.plus(delta, at: at)
        lotCosts = nil
        for k in spentLots..<lotStore.count {
            lotStore[k].quantity = try lotStore[k].quantity.times(split.numerator, at: at).quotient(over: split.denominator, at: at)
            lotStore[k].unitCost = try lotStore[k].unitCost.times(split.denominator, at: at).quotient(over: split.numerator, at: at)
        }
    }

    /// The lots in words, for the error that names them: `2025-01-10 10 AAPL at 150 USD`.
    /// The first five, and how many more (a message is short: see `DiagnosticEngine.longestMessage`).
    func lotsText(_ commodities: CommodityTable) -> String {
        let open = lotStore[spentLots...].lazy.filter { $0.quantity.signum > 0 }
        if open.isEmpty { return "none" }
        let shown = open.prefix(5).map { lot in
            "\(lot.date) \(commodities.format(Amount(lot.quantity, commodity))) at \(commodities.format(Amount(lot.unitCost, costCommodity)))"
        }.joined(separator: "; ")
        let more = open.count - 5
        return more > 0 ? shown + "; and \(more) more" : shown
    }
}

extension CommodityTable {
    /// How sales of `commodity` reduce lots: its `booking:` tag, else the journal's.
    func bookingMethod(_ commodity: Int32, default method: BookingMethod) -> BookingMethod {
        booking[commodity] ?? method
    }
}

extension ExactDecimal {
    /// `self × part ÷ whole` (`whole` not zero): a basis's share of some
    /// shares, rounded once at `places` (a sale), or with `places` nil the
    /// exact fraction, or rounded once at the 30th place (a move, which
    /// must not round what a later sale rounds again).
    func part(_ part: ExactDecimal, of whole: ExactDecimal, places: Int?, at: SourceLocation?) throws(AmountOverflow) -> ExactDecimal {
        let product = try times(part, at: at)
        guard let places else { return try product.quotient(over: whole, at: at) }
        return try product.shown(over: whole, places: places, at: at)!
    }
}
