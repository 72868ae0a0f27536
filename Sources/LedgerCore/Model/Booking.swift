/// How a sale reduces the lots of a position: `booking: fifo` on a
/// `commodity` declaration, or `booking METHOD` for the whole journal.
public enum BookingMethod: String, Sendable, CaseIterable {
    /// Moving-average cost: every share costs the position's average (the default).
    case average
    /// First in, first out: the oldest lots first (US tax lots).
    case fifo
    /// Last in, first out: the newest lots first.
    case lifo

    /// The method named `word` (any case), if it is one.
    public init?(word: String) {
        self.init(rawValue: word.trimmingSpaces.lowercased())
    }
}

/// `split DATE COMMODITY N:M`: from that day every open lot of the commodity
/// holds N/M times the quantity at M/N times the unit cost (the basis stays).
public struct StockSplit: Sendable {
    public var date: CivilDate
    public var commodity: Int32
    /// N and M of `N:M`, both positive.
    public var numerator: ExactDecimal
    public var denominator: ExactDecimal
    public var location: SourceLocation

    /// The shares a holding of `held` gains on the split: held × N/M − held.
    public func newShares(for held: ExactDecimal) throws(AmountOverflow) -> ExactDecimal {
        let scaled = try held.times(numerator, at: location).quotient(over: denominator, at: location)
        return try scaled.minus(held, at: location)
    }
}
