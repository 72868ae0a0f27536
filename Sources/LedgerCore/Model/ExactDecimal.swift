/// An exact decimal number: `mantissa × 10^-scale`.
///
/// Arithmetic is exact: every operation returns the exact result, or nil when
/// that result does not fit (38 digits, 30 decimal places), and callers turn
/// nil into a diagnostic at the line that caused it. Nothing is rounded or
/// rescaled silently; where the exact result needs more than 128 bits on the
/// way (products, quotients, comparisons), `Wide256` carries it. The mantissa
/// is never −2^127, so negation is always exact. Never binary floating point.
public struct ExactDecimal: Hashable, Sendable, CustomStringConvertible {
    // The mantissa is kept as two 64-bit halves: 8-byte alignment keeps
    // `Amount` and `Posting` small (an `Int128` field would align them to 16).
    private var low: UInt64
    private var high: Int64
    private var places: Int8

    public var mantissa: Int128 {
        get { Int128(high) << 64 | Int128(low) }
        set {
            low = UInt64(truncatingIfNeeded: newValue)
            high = Int64(truncatingIfNeeded: newValue >> 64)
        }
    }

    public var scale: Int {
        get { Int(places) }
        set { places = Int8(newValue) }
    }

    /// The most decimal places a value has (an invariant every operation keeps:
    /// a result that would need more is nil).
    public static let maxScale = 30

    public init(mantissa: Int128, scale: Int) {
        low = UInt64(truncatingIfNeeded: mantissa)
        high = Int64(truncatingIfNeeded: mantissa >> 64)
        places = Int8(scale)
    }

    public init(_ integer: Int) {
        self.init(mantissa: Int128(integer), scale: 0)
    }

    /// Zero (made where it is read: a stored `static let` costs a `swift_once` check each time).
    public static var zero: ExactDecimal { ExactDecimal(mantissa: 0, scale: 0) }

    public var isZero: Bool { mantissa == 0 }

    /// The mantissa when it fits in 64 bits (nearly always).
    var mantissa64: Int64? {
        let l = Int64(bitPattern: low)
        return high == (l < 0 ? -1 : 0) ? l : nil
    }
    public var isNegative: Bool { mantissa < 0 }
    public var signum: Int { mantissa == 0 ? 0 : (mantissa < 0 ? -1 : 1) }

    /// Exact: no arithmetic here ever makes the mantissa −2^127 (see `checked`).
    public var negated: ExactDecimal { ExactDecimal(mantissa: -mantissa, scale: scale) }

    /// A result, unless its mantissa is −2^127 (whose negation would not fit).
    @inline(__always) static func checked(_ mantissa: Int128, _ scale: Int) -> ExactDecimal? {
        mantissa == Int128.min ? nil : ExactDecimal(mantissa: mantissa, scale: scale)
    }
    public var magnitude: ExactDecimal { mantissa < 0 ? negated : self }

    static func power(_ n: Int) -> Int128? {
        var p: Int128 = 1
        for _ in 0..<n {
            let (r, o) = p.multipliedReportingOverflow(by: 10)
            if o { return nil }
            p = r
        }
        return p
    }

    /// The same value with a larger scale, or nil if it does not fit.
    public func rescaled(upTo newScale: Int) -> ExactDecimal? {
        if newScale <= scale { return self }
        guard let p = ExactDecimal.power(newScale - scale) else { return nil }
        let (m, o) = mantissa.multipliedReportingOverflow(by: p)
        return o ? nil : ExactDecimal.checked(m, newScale)
    }

    /// Rounded half away from zero to `places` decimal places (never adds places).
    public func rounded(to places: Int) -> ExactDecimal {
        if places >= scale { return self }
        guard let p = ExactDecimal.power(scale - places) else { return ExactDecimal(mantissa: 0, scale: places) }
        let q = mantissa / p
        let r = mantissa % p
        var m = q
        if r.magnitude * 2 >= p.magnitude { m += mantissa < 0 ? -1 : 1 }
        return ExactDecimal(mantissa: m, scale: places)
    }

    /// Rounded half to even ("banker's rounding") to `places` decimal places.
    public func roundedHalfEven(to places: Int) -> ExactDecimal {
        if places >= scale { return self }
        guard let p = ExactDecimal.power(scale - places) else { return ExactDecimal(mantissa: 0, scale: places) }
        let q = mantissa / p
        let twice = (mantissa % p).magnitude * 2
        var m = q
        if twice > p.magnitude || (twice == p.magnitude && q % 2 != 0) { m += mantissa < 0 ? -1 : 1 }
        return ExactDecimal(mantissa: m, scale: places)
    }

    /// The value at exactly `places` decimal places: rounded, or padded with zeros.
    public func atScale(_ places: Int) -> ExactDecimal? {
        places >= scale ? rescaled(upTo: places) : rounded(to: places)
    }

    /// Drops trailing zeros of the fraction.
    public var normalized: ExactDecimal {
        var m = mantissa, s = scale
        while s > 0, m % 10 == 0 { m /= 10; s -= 1 }
        return ExactDecimal(mantissa: m, scale: s)
    }

    public func adding(_ other: ExactDecimal) -> ExactDecimal? {
        let s = max(scale, other.scale)
        if let a = rescaled(upTo: s), let b = other.rescaled(upTo: s) {
            let (m, o) = a.mantissa.addingReportingOverflow(b.mantissa)
            return o ? nil : ExactDecimal.checked(m, s)
        }
        // An operand does not fit at the common scale; the sum still may (1e38 − 1e38 + 0.5).
        guard let a = widened(to: s), let b = other.widened(to: s) else { return nil }
        let sum: (negative: Bool, magnitude: Wide256)
        if a.negative == b.negative {
            guard let m = a.magnitude.adding(b.magnitude) else { return nil }
            sum = (a.negative, m)
        } else if a.magnitude < b.magnitude {
            sum = (b.negative, b.magnitude.subtracting(a.magnitude))
        } else {
            sum = (a.negative, a.magnitude.subtracting(b.magnitude))
        }
        return ExactDecimal.narrowed(sum.negative, sum.magnitude, scale: s)
    }

    public func subtracting(_ other: ExactDecimal) -> ExactDecimal? {
        adding(other.negated)
    }

    /// Sign and magnitude at a larger scale, in 256 bits.
    func widened(to newScale: Int) -> (negative: Bool, magnitude: Wide256)? {
        guard newScale >= scale, let p = Wide256.power(newScale - scale),
              let m = p.multiplied(by: mantissa.magnitude) else { return nil }
        return (mantissa < 0, m)
    }

    /// A wide signed value as a decimal at `scale`, dropping trailing zeros
    /// of the fraction only when that is what makes it fit; nil otherwise.
    static func narrowed(_ negative: Bool, _ magnitude: Wide256, scale: Int) -> ExactDecimal? {
        var m = magnitude, s = scale
        while s > 0 {
            if s <= maxScale, let n = m.narrow, n <= UInt128(Int128.max) { break }
            let (q, r) = m.divided(by: 10)
            if r != 0 { return nil }
            m = q
            s -= 1
        }
        guard s <= maxScale, let n = m.narrow, n <= UInt128(Int128.max) else { return nil }
        return ExactDecimal(mantissa: negative ? -Int128(n) : Int128(n), scale: s)
    }

    /// The product, or nil when it does not fit in 38 digits. A value holds at
    /// most 30 decimal places: a product with more (`0.123456 × 1.0000…01`)
    /// is rounded half to even at the 30th place, far below any display
    /// precision. That is the only rounding arithmetic does by itself.
    public func multiplied(by other: ExactDecimal) -> ExactDecimal? {
        let (m, o) = mantissa.multipliedReportingOverflow(by: other.mantissa)
        if !o, scale + other.scale <= ExactDecimal.maxScale { return ExactDecimal.checked(m, scale + other.scale) }
        var wide = Wide256.product(mantissa.magnitude, other.mantissa.magnitude)
        var places = scale + other.scale
        if places > ExactDecimal.maxScale {
            guard let p = Wide256.power(places - ExactDecimal.maxScale)?.narrow else { return nil }
            let (q, r) = wide.divided(by: p)
            let twice = Wide256.product(r, 2)
            wide = q
            // q < 2^256 / 10, so adding one cannot overflow.
            if Wide256(p) < twice || twice == Wide256(p) && q.low & 1 == 1 { wide = q.adding(Wide256(1))! }
            places = ExactDecimal.maxScale
        }
        return ExactDecimal.narrowed((mantissa < 0) != (other.mantissa < 0) && wide != Wide256(0), wide, scale: places)
    }

    /// The quotient rounded half away from zero to `places`; nil on division
    /// by zero or when the rounded quotient does not fit.
    public func divided(by other: ExactDecimal, places: Int) -> ExactDecimal? {
        if other.mantissa == 0 || places > ExactDecimal.maxScale { return nil }
        // self/other = (ma / mb) × 10^(sb − sa): scale the dividend by 10^shift
        // so that the integer quotient has `places` decimal places.
        let shift = places + other.scale - scale
        var dividend = Wide256(mantissa.magnitude)
        var divisor = other.mantissa.magnitude
        if shift >= 0 {
            guard let p = Wide256.power(shift), let d = p.multiplied(by: mantissa.magnitude) else { return nil }
            dividend = d
        } else {
            // Scale the divisor instead; past 10^38 the quotient is below one unit of `places`.
            guard -shift <= 38, let p = ExactDecimal.power(-shift) else { return ExactDecimal(mantissa: 0, scale: places) }
            let (d, o) = divisor.multipliedReportingOverflow(by: UInt128(p))
            if o {
                // |dividend| < 2^127 < divisor × 10^-shift / 2: rounds to zero.
                return ExactDecimal(mantissa: 0, scale: places)
            }
            divisor = d
        }
        let (q, r) = dividend.divided(by: divisor)
        // Half away from zero: compare twice the remainder with the divisor.
        let twice = Wide256.product(r, 2)
        var rounded = q
        if !(twice < Wide256(divisor)) { guard let up = q.adding(Wide256(1)) else { return nil } ; rounded = up }
        guard let n = rounded.narrow, n <= UInt128(Int128.max) else { return nil }
        let negative = (mantissa < 0) != (other.mantissa < 0)
        return ExactDecimal(mantissa: negative ? -Int128(n) : Int128(n), scale: places)
    }

    /// Exact: values of any scale are compared without rescaling into 128 bits.
    public static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        if a.signum != b.signum { return a.signum < b.signum }
        if a.scale == b.scale { return a.mantissa < b.mantissa }
        let s = max(a.scale, b.scale)
        if let x = a.rescaled(upTo: s), let y = b.rescaled(upTo: s) { return x.mantissa < y.mantissa }
        let wa = a.widened(to: s)!.magnitude, wb = b.widened(to: s)!.magnitude
        return a.mantissa < 0 ? wb < wa : wa < wb
    }

    /// Compares values, not representations (1.50 equals 1.5).
    public func isEqual(to other: ExactDecimal) -> Bool {
        if scale == other.scale { return mantissa == other.mantissa }
        return !(self < other) && !(other < self)
    }

    /// Plain text: `-1234.50` (no grouping), as written at this scale.
    public var description: String {
        var buf = ByteBuffer(capacity: 48)
        write(into: &buf)
        return buf.string
    }

    /// Writes the plain form; with `grouping`, inserts the group separator
    /// every three integer digits, and uses the given decimal mark.
    /// `places`: the value rounded (half away from zero) to that many places,
    /// or padded with zeros as text, so that no padding can overflow.
    package func write(into buf: inout ByteBuffer, grouping: UInt8? = nil, decimalMark: UInt8 = 0x2E, places: Int) {
        if places < scale {
            rounded(to: places).write(into: &buf, grouping: grouping, decimalMark: decimalMark)
            return
        }
        write(into: &buf, grouping: grouping, decimalMark: decimalMark)
        if places > scale {
            if scale == 0 { buf.byte(decimalMark) }
            for _ in scale..<places { buf.byte(0x30) }
        }
    }

    /// The value at `places` decimal places as text (see `write(into:places:)`).
    public func text(places: Int) -> String {
        var buf = ByteBuffer(capacity: 48)
        write(into: &buf, places: places)
        return buf.string
    }

    package func write(into buf: inout ByteBuffer, grouping: UInt8? = nil, decimalMark: UInt8 = 0x2E) {
        if mantissa < 0 { buf.byte(0x2D) }
        let scale = self.scale
        // At most 39 digits (an Int128) or scale + 1: the digits fit on the stack.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { digits in
            var n = 0
            /// Least-significant digit first; on 64 bits when the value fits (faster).
            func store<T: UnsignedInteger>(_ value: T) {
                var v = value
                repeat {
                    digits[n] = UInt8(truncatingIfNeeded: 48 + v % 10)
                    v /= 10
                    n += 1
                } while v > 0
            }
            let magnitude = mantissa.magnitude
            if magnitude <= UInt64.max { store(UInt64(magnitude)) } else { store(magnitude) }
            while n <= scale {
                digits[n] = 0x30
                n += 1
            }
            // digits are least-significant first
            let intCount = n - scale
            for i in 0..<intCount {
                if let g = grouping, i > 0, (intCount - i) % 3 == 0 { buf.byte(g) }
                buf.byte(digits[n - 1 - i])
            }
            if scale > 0 {
                buf.byte(decimalMark)
                for i in stride(from: scale - 1, through: 0, by: -1) { buf.byte(digits[i]) }
            }
        }
    }
}
