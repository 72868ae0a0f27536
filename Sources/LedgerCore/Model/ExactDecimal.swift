/// An exact decimal number: `mantissa × 10^-scale`.
///
/// Arithmetic is exact and overflow-checked: operations that would not fit
/// return nil, and callers turn that into a diagnostic. Never binary floating point.
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

    /// The largest scale kept; results with more places are rounded half-up.
    public static let maxScale = 30

    public init(mantissa: Int128, scale: Int) {
        low = UInt64(truncatingIfNeeded: mantissa)
        high = Int64(truncatingIfNeeded: mantissa >> 64)
        places = Int8(scale)
    }

    public init(_ integer: Int) {
        self.init(mantissa: Int128(integer), scale: 0)
    }

    public static let zero = ExactDecimal(mantissa: 0, scale: 0)

    public var isZero: Bool { mantissa == 0 }

    /// The mantissa when it fits in 64 bits (nearly always).
    var mantissa64: Int64? {
        let l = Int64(bitPattern: low)
        return high == (l < 0 ? -1 : 0) ? l : nil
    }
    public var isNegative: Bool { mantissa < 0 }
    public var signum: Int { mantissa == 0 ? 0 : (mantissa < 0 ? -1 : 1) }

    public var negated: ExactDecimal { ExactDecimal(mantissa: 0 &- mantissa, scale: scale) }
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
        return o ? nil : ExactDecimal(mantissa: m, scale: newScale)
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
        guard let a = rescaled(upTo: s), let b = other.rescaled(upTo: s) else { return nil }
        let (m, o) = a.mantissa.addingReportingOverflow(b.mantissa)
        return o ? nil : ExactDecimal(mantissa: m, scale: s)
    }

    public func subtracting(_ other: ExactDecimal) -> ExactDecimal? {
        adding(other.negated)
    }

    /// The exact product; when it would not fit, precision beyond
    /// `maxScale` places is rounded away first.
    public func multiplied(by other: ExactDecimal) -> ExactDecimal? {
        var a = self, b = other
        while true {
            let (m, o) = a.mantissa.multipliedReportingOverflow(by: b.mantissa)
            if !o {
                let r = ExactDecimal(mantissa: m, scale: a.scale + b.scale)
                return r.scale > ExactDecimal.maxScale ? r.rounded(to: ExactDecimal.maxScale) : r
            }
            // Trade precision for range: drop a place from the operand with more.
            if a.scale == 0 && b.scale == 0 { return nil }
            if a.scale >= b.scale { a = a.rounded(to: a.scale - 1) } else { b = b.rounded(to: b.scale - 1) }
        }
    }

    /// The quotient rounded half away from zero to `places`, nil on division by zero or overflow.
    public func divided(by other: ExactDecimal, places: Int) -> ExactDecimal? {
        if other.mantissa == 0 { return nil }
        // self/other = (ma / mb) × 10^(sb - sa); scale the dividend so the result has `places` + 1 digits.
        let shift = places + 1 + other.scale - scale
        var dividend = mantissa
        var divisor = other.mantissa
        if shift >= 0 {
            guard let p = ExactDecimal.power(shift) else { return nil }
            let (m, o) = dividend.multipliedReportingOverflow(by: p)
            if o { return nil }
            dividend = m
        } else {
            guard let p = ExactDecimal.power(-shift) else { return ExactDecimal(mantissa: 0, scale: places) }
            let (m, o) = divisor.multipliedReportingOverflow(by: p)
            if o { return ExactDecimal(mantissa: 0, scale: places) }
            divisor = m
        }
        let q = dividend / divisor
        return ExactDecimal(mantissa: q, scale: places + 1).rounded(to: places)
    }

    public static func < (a: ExactDecimal, b: ExactDecimal) -> Bool {
        (a.subtracting(b)?.mantissa ?? (a.mantissa < 0 ? -1 : 1)) < 0
    }

    /// Compares values, not representations (1.50 equals 1.5).
    public func isEqual(to other: ExactDecimal) -> Bool {
        subtracting(other)?.isZero ?? false
    }

    /// Plain text: `-1234.50` (no grouping), as written at this scale.
    public var description: String {
        var buf = ByteBuffer(capacity: 48)
        write(into: &buf)
        return buf.string
    }

    /// Writes the plain form; with `grouping`, inserts the group separator
    /// every three integer digits, and uses the given decimal mark.
    public func write(into buf: inout ByteBuffer, grouping: UInt8? = nil, decimalMark: UInt8 = 0x2E) {
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
