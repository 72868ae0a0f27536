/// The `split` directives of a journal, by commodity, to carry a price or a
/// quantity across them: after `split 2025-06-10 "005930" 50:1`, a price
/// of 2,500,000 KRW dated before that day is 50,000 KRW for each new share
/// when it is used on or after it (FORMAT.md, "splits"). Every report that
/// values shares asks this one place, so none values new shares at an old
/// share's price.
public struct SplitRatios: Sendable {
    /// Each commodity's splits in date order (file order on one day).
    private var byCommodity: [Int32: [StockSplit]] = [:]

    public init(_ splits: [StockSplit]) {
        for s in splits { byCommodity[s.commodity, default: []].append(s) }
        for k in byCommodity.keys {
            byCommodity[k] = byCommodity[k]!.enumerated().sorted {
                $0.element.date != $1.element.date ? $0.element.date < $1.element.date : $0.offset < $1.offset
            }.map(\.element)
        }
    }

    /// No commodity was ever split.
    public var isEmpty: Bool { byCommodity.isEmpty }

    /// The product N/M of `commodity`'s splits dated after `from` and on or
    /// before `to` (nil: every later one), as (N, M); nil when there is none.
    /// A split takes effect at the opening of its day, so a price dated on a
    /// split's day is already a new share's.
    public func ratio(of commodity: Int32, after from: CivilDate, through to: CivilDate?, at location: SourceLocation?) throws(AmountOverflow) -> (numerator: ExactDecimal, denominator: ExactDecimal)? {
        guard let list = byCommodity[commodity] else { return nil }
        var n = ExactDecimal(1), m = ExactDecimal(1), any = false
        for s in list where from < s.date {
            if let to, to < s.date { break }
            n = try n.times(s.numerator, at: location ?? s.location)
            m = try m.times(s.denominator, at: location ?? s.location)
            any = true
        }
        return any ? (n, m) : nil
    }

    /// `unit`, the price of one `commodity` dated `priced`, as it applies on
    /// `used` (nil: after every split): divided by N/M for each split in
    /// between, multiplied and divided once (rounded at the 30th place only
    /// when the quotient does not terminate, like every quotient).
    public func price(_ unit: ExactDecimal, of commodity: Int32, pricedOn priced: CivilDate, usedOn used: CivilDate?, at location: SourceLocation?) throws(AmountOverflow) -> ExactDecimal {
        guard let r = try ratio(of: commodity, after: priced, through: used, at: location) else { return unit }
        return try unit.times(r.denominator, at: location).quotient(over: r.numerator, at: location)
    }
}
