import LedgerCore

/// An arbitrary-precision decimal written only for the tests: the
/// independent model that `ExactDecimal` is checked against. Magnitude in
/// base-10^9 limbs (least significant first), a sign, and a scale. Slow and
/// simple on purpose.
struct BigDecimal: Equatable, CustomStringConvertible {
    var negative = false
    var limbs: [UInt32] = []
    var scale = 0

    static let base: UInt64 = 1_000_000_000

    init(_ text: String) {
        var digits = text
        let minus = digits.hasPrefix("-")
        if minus { digits.removeFirst() }
        if let dot = digits.firstIndex(of: ".") {
            scale = digits.distance(from: dot, to: digits.endIndex) - 1
            digits.remove(at: dot)
        }
        for ch in digits {
            self = BigDecimal.multiplySmall(self, 10)
            self = BigDecimal.addSmall(self, UInt32(ch.wholeNumberValue!))
        }
        negative = minus
        normalize()
    }

    init(_ value: ExactDecimal) { self.init(value.description) }

    private init(negative: Bool, limbs: [UInt32], scale: Int) {
        self.negative = negative
        self.limbs = limbs
        self.scale = scale
        normalize()
    }

    var isZero: Bool { limbs.isEmpty }

    mutating func normalize() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
        if limbs.isEmpty { negative = false }
    }

    static func multiplySmall(_ a: BigDecimal, _ m: UInt32) -> BigDecimal {
        var carry: UInt64 = 0
        var out: [UInt32] = []
        for l in a.limbs {
            let v = UInt64(l) * UInt64(m) + carry
            out.append(UInt32(v % base))
            carry = v / base
        }
        while carry > 0 { out.append(UInt32(carry % base)); carry /= base }
        return BigDecimal(negative: a.negative, limbs: out, scale: a.scale)
    }

    static func addSmall(_ a: BigDecimal, _ s: UInt32) -> BigDecimal {
        var out = a.limbs
        var carry = UInt64(s)
        var i = 0
        while carry > 0 {
            if i == out.count { out.append(0) }
            let v = UInt64(out[i]) + carry
            out[i] = UInt32(v % base)
            carry = v / base
            i += 1
        }
        return BigDecimal(negative: a.negative, limbs: out, scale: a.scale)
    }

    func rescaled(_ s: Int) -> BigDecimal {
        var r = self
        for _ in scale..<max(scale, s) { r = BigDecimal.multiplySmall(r, 10) }
        r.scale = max(scale, s)
        return r
    }

    static func compareMagnitude(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.count != b.count { return a.count < b.count ? -1 : 1 }
        for i in stride(from: a.count - 1, through: 0, by: -1) where a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
        return 0
    }

    static func + (x: BigDecimal, y: BigDecimal) -> BigDecimal {
        let s = max(x.scale, y.scale)
        let a = x.rescaled(s), b = y.rescaled(s)
        if a.negative == b.negative {
            var out: [UInt32] = []
            var carry: UInt64 = 0
            for i in 0..<max(a.limbs.count, b.limbs.count) {
                let v = UInt64(i < a.limbs.count ? a.limbs[i] : 0) + UInt64(i < b.limbs.count ? b.limbs[i] : 0) + carry
                out.append(UInt32(v % base))
                carry = v / base
            }
            if carry > 0 { out.append(UInt32(carry)) }
            return BigDecimal(negative: a.negative, limbs: out, scale: s)
        }
        let c = compareMagnitude(a.limbs, b.limbs)
        if c == 0 { return BigDecimal(negative: false, limbs: [], scale: s) }
        let (big, small) = c > 0 ? (a, b) : (b, a)
        var out: [UInt32] = []
        var borrow: Int64 = 0
        for i in 0..<big.limbs.count {
            var v = Int64(big.limbs[i]) - Int64(i < small.limbs.count ? small.limbs[i] : 0) - borrow
            borrow = 0
            if v < 0 { v += Int64(base); borrow = 1 }
            out.append(UInt32(v))
        }
        return BigDecimal(negative: big.negative, limbs: out, scale: s)
    }

    static prefix func - (x: BigDecimal) -> BigDecimal {
        BigDecimal(negative: !x.negative, limbs: x.limbs, scale: x.scale)
    }

    static func - (x: BigDecimal, y: BigDecimal) -> BigDecimal { x + -y }

    static func * (x: BigDecimal, y: BigDecimal) -> BigDecimal {
        var out = [UInt64](repeating: 0, count: x.limbs.count + y.limbs.count + 1)
        for (i, a) in x.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, b) in y.limbs.enumerated() {
                let v = out[i + j] + UInt64(a) * UInt64(b) + carry
                out[i + j] = v % base
                carry = v / base
            }
            var k = i + y.limbs.count
            while carry > 0 {
                let v = out[k] + carry
                out[k] = v % base
                carry = v / base
                k += 1
            }
        }
        return BigDecimal(negative: x.negative != y.negative, limbs: out.map { UInt32($0) }, scale: x.scale + y.scale)
    }

    /// Equal in value (1.50 == 1.5).
    static func == (a: BigDecimal, b: BigDecimal) -> Bool {
        let s = max(a.scale, b.scale)
        let x = a.rescaled(s), y = b.rescaled(s)
        return x.negative == y.negative && compareMagnitude(x.limbs, y.limbs) == 0
    }

    /// Digits of the magnitude, most significant first.
    var digits: String {
        guard let last = limbs.last else { return "0" }
        var s = String(last)
        for l in limbs.dropLast().reversed() {
            let part = String(l)
            s += String(repeating: "0", count: 9 - part.count) + part
        }
        return s
    }

    var description: String {
        var d = digits
        if d.count <= scale { d = String(repeating: "0", count: scale - d.count + 1) + d }
        if scale > 0 { d.insert(".", at: d.index(d.endIndex, offsetBy: -scale)) }
        return (negative ? "-" : "") + d
    }

    /// |self| < 10^-place: what a rounding at that place may leave.
    func isBelowOneUnit(atPlace place: Int) -> Bool {
        let m = self * BigDecimal("1" + String(repeating: "0", count: place))
        return m.digits.count <= m.scale || m.isZero
    }

    /// Whether `ExactDecimal` can hold it: at most 30 places and a mantissa below 2^127 (trailing zeros dropped).
    var fitsExactDecimal: Bool {
        var v = self
        while v.scale > 0, v.digits.last == "0", !v.isZero {
            v = BigDecimal(String(v.description.dropLast()))
        }
        let limit = BigDecimal("170141183460469231731687303715884105727")
        return v.scale <= 30 && BigDecimal.compareMagnitude(BigDecimal(v.digits).limbs, limit.limbs) <= 0
    }
}
