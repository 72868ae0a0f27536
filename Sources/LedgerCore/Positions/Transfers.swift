/// Shares moved without a price within one transaction (docs/REPORTS.md,
/// "Shares moved between accounts").
///
/// What leaves an account takes cost basis with it at that account's average
/// cost. What arrives in another account of the same transaction takes that
/// basis, shared by quantity; shares that arrive beyond what left come at no
/// cost (a gift, a grant), and basis of shares that left for no asset account
/// leaves the portfolio. A receiving account that gets basis from an account
/// that bought at a cost is checked for overselling as that account was.
/// Lots move with the shares, keeping their dates and unit costs: what leaves
/// takes lots as a sale would (by the booking method), and the receivers get
/// them in order; shares beyond them arrive as a lot at no cost. A moved
/// basis is an exact fraction of the old one, or rounded once at the 30th
/// place: a sale rounds it later, once.
struct Transfers {
    private var moves: [(position: Int, quantity: ExactDecimal, at: SourceLocation?)] = []
    /// The lots moved to make room for lots received out of date order, in all (`Position.receive`).
    private(set) var lotsMoved = 0

    /// No move noted since the last `apply`.
    var isEmpty: Bool { moves.isEmpty }

    /// Notes `quantity` (negative: out) moving into the position at `position`.
    mutating func add(_ position: Int, _ quantity: ExactDecimal, at: SourceLocation?) {
        moves.append((position, quantity, at))
    }

    /// Applies the moves noted since the last call, commodity by commodity:
    /// every move out first, then every move in.
    mutating func apply(to positions: inout [Position], booking: (Int32) -> BookingMethod,
                        date: CivilDate) throws(AmountOverflow) {
        defer { moves.removeAll(keepingCapacity: true) }
        guard !moves.isEmpty else { return }
        // Most transactions move one commodity once: no grouping to do.
        if moves.count == 1 {
            try move([0], in: &positions, method: booking(positions[moves[0].position].commodity), date: date)
            return
        }
        var done = [Bool](repeating: false, count: moves.count)
        for first in moves.indices where !done[first] {
            let commodity = positions[moves[first].position].commodity
            let group = moves.indices.filter { !done[$0] && positions[moves[$0].position].commodity == commodity }
            for k in group { done[k] = true }
            try move(group, in: &positions, method: booking(commodity), date: date)
        }
    }

    private mutating func move(_ group: [Int], in positions: inout [Position], method: BookingMethod,
                      date: CivilDate) throws(AmountOverflow) {
        var basis = ExactDecimal.zero, left = ExactDecimal.zero, arrived = ExactDecimal.zero
        var costCommodity: Int32 = -1, boughtAtCost = false
        var pool: [Lot] = []
        for k in group where moves[k].quantity.isNegative {
            let (i, q, at) = moves[k]
            let before = positions[i].quantity
            var removed = ExactDecimal.zero
            if before.signum > 0 {
                let takeable = before < q.magnitude ? before : q.magnitude
                let taken = try positions[i].take(takeable, method: method, selector: nil, places: nil, at: at)
                removed = taken?.removed ?? .zero
                pool += (taken?.matched ?? []).map { Lot(date: $0.date, quantity: $0.quantity, unitCost: $0.unitCost, basis: $0.basis) }
                if positions[i].costCommodity >= 0 {
                    if costCommodity < 0 { costCommodity = positions[i].costCommodity }
                    // Basis in another money does not mix: it stays behind as a loss of basis.
                    if positions[i].costCommodity == costCommodity { basis = try basis.plus(removed, at: at) }
                }
                boughtAtCost = boughtAtCost || positions[i].boughtAtCost
            }
            positions[i].quantity = try before.plus(q, at: at)
            positions[i].costBasis = positions[i].quantity.signum <= 0 ? .zero : try positions[i].costBasis.minus(removed, at: at)
            left = try left.plus(q.magnitude, at: at)
        }
        for k in group where !moves[k].quantity.isNegative {
            arrived = try arrived.plus(moves[k].quantity, at: moves[k].at)
        }
        guard arrived.signum > 0 else { return }
        let at = moves[group[0]].at
        // The basis that arrives: all of it, or its share when fewer shares arrive than left.
        var moving = basis
        if !left.isZero, arrived < left {
            moving = try basis.part(arrived, of: left, places: nil, at: at)
        }
        let receivers = group.filter { !moves[$0].quantity.isNegative }
        var given = ExactDecimal.zero
        for (n, k) in receivers.enumerated() {
            let (i, q, at) = moves[k]
            let share = n == receivers.count - 1
                ? try moving.minus(given, at: at)
                : try moving.part(q, of: arrived, places: nil, at: at)
            given = try given.plus(share, at: at)
            positions[i].quantity = try positions[i].quantity.plus(q, at: at)
            // The lots, in order, as far as they go; beyond them, shares at no cost.
            var wanted = q
            while wanted.signum > 0, !pool.isEmpty {
                var lot = pool[0]
                if wanted < lot.quantity {
                    let part = try lot.basis.part(wanted, of: lot.quantity, places: nil, at: at)
                    pool[0].quantity = try lot.quantity.minus(wanted, at: at)
                    pool[0].basis = try lot.basis.minus(part, at: at)
                    lot.quantity = wanted
                    lot.basis = part
                } else {
                    pool.removeFirst()
                }
                lotsMoved += positions[i].receive(lot)
                wanted = try wanted.minus(lot.quantity, at: at)
            }
            // In date order, each lot as it comes (not the whole list sorted again: a daily rule moves shares 100,000 times).
            if wanted.signum > 0 { lotsMoved += positions[i].receive(Lot(date: date, quantity: wanted, unitCost: .zero, basis: .zero)) }
            guard costCommodity >= 0, positions[i].costCommodity < 0 || positions[i].costCommodity == costCommodity else { continue }
            positions[i].costCommodity = costCommodity
            positions[i].costBasis = try positions[i].costBasis.plus(share, at: at)
            positions[i].boughtAtCost = positions[i].boughtAtCost || boughtAtCost
        }
    }
}
