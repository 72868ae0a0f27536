/// An unsigned 256-bit integer: the one place where `ExactDecimal` goes past
/// 128 bits, for products, quotients and comparisons whose operands fit but
/// whose intermediate values do not.
struct Wide256: Comparable {
    var high: UInt128
    var low: UInt128

    init(_ value: UInt128) {
        high = 0
        low = value
    }

    init(high: UInt128, low: UInt128) {
        self.high = high
        self.low = low
    }

    /// The full product of two 128-bit values.
    static func product(_ a: UInt128, _ b: UInt128) -> Wide256 {
        let (h, l) = a.multipliedFullWidth(by: b)
        return Wide256(high: h, low: l)
    }

    /// This value times `m`, or nil past 256 bits.
    func multiplied(by m: UInt128) -> Wide256? {
        let lowProduct = low.multipliedFullWidth(by: m)
        let (highProduct, highOverflow) = high.multipliedReportingOverflow(by: m)
        if highOverflow { return nil }
        let (h, o) = highProduct.addingReportingOverflow(lowProduct.high)
        return o ? nil : Wide256(high: h, low: lowProduct.low)
    }

    /// Quotient and remainder of a division by a non-zero 128-bit value.
    func divided(by d: UInt128) -> (quotient: Wide256, remainder: UInt128) {
        let qHigh = high / d
        let r = high % d
        let (qLow, remainder) = d.dividingFullWidth((r, low))
        return (Wide256(high: qHigh, low: qLow), remainder)
    }

    func adding(_ other: Wide256) -> Wide256? {
        let (l, carry) = low.addingReportingOverflow(other.low)
        let (h1, o1) = high.addingReportingOverflow(other.high)
        let (h2, o2) = h1.addingReportingOverflow(carry ? 1 : 0)
        return o1 || o2 ? nil : Wide256(high: h2, low: l)
    }

    /// `self - other` for `self >= other`.
    func subtracting(_ other: Wide256) -> Wide256 {
        let (l, borrow) = low.subtractingReportingOverflow(other.low)
        return Wide256(high: high - other.high - (borrow ? 1 : 0), low: l)
    }

    /// The value when it fits in 128 bits.
    var narrow: UInt128? { high == 0 ? low : nil }

    static func < (a: Wide256, b: Wide256) -> Bool {
        a.high != b.high ? a.high < b.high : a.low < b.low
    }

    /// 10^n for n up to 77 (10^77 < 2^256).
    static func power(_ n: Int) -> Wide256? {
        var p = Wide256(1)
        for _ in 0..<n {
            guard let next = p.multiplied(by: 10) else { return nil }
            p = next
        }
        return p
    }
}
