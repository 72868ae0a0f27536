/// A figure a report cannot compute exactly: the report stops, and the
/// command prints this as an error at the line that caused it (exit 1).
public struct AmountOverflow: Error, Sendable {
    /// The posting (or transaction) whose amount could not be added in.
    public var location: SourceLocation?
    public var message: DiagnosticMessage

    public init(at location: SourceLocation?, _ what: String) {
        self.location = location
        message = Messages.amountOverflows(what)
    }

    /// A figure that has no exact value for another reason than its size.
    public init(at location: SourceLocation?, message: DiagnosticMessage) {
        self.location = location
        self.message = message
    }

    /// As a diagnostic of the run.
    public var diagnostic: Diagnostic { Diagnostic(.error, message, at: location) }
}

/// Arithmetic for reports: the exact figure, or `AmountOverflow` at `at`.
/// No report substitutes zero, an old value or a rounded operand.
extension ExactDecimal {
    public func plus(_ other: ExactDecimal, at: SourceLocation?) throws(AmountOverflow) -> ExactDecimal {
        guard let r = adding(other) else { throw AmountOverflow(at: at, "\(self) + \(other)") }
        return r
    }

    public func minus(_ other: ExactDecimal, at: SourceLocation?) throws(AmountOverflow) -> ExactDecimal {
        guard let r = subtracting(other) else { throw AmountOverflow(at: at, "\(self) − \(other)") }
        return r
    }

    public func times(_ other: ExactDecimal, at: SourceLocation?) throws(AmountOverflow) -> ExactDecimal {
        guard let r = multiplied(by: other) else { throw AmountOverflow(at: at, "\(self) × \(other)") }
        return r
    }

    /// A quotient to show: rounded half away from zero to `places`, or, when
    /// that would show a value that is not zero as zero, to as many more
    /// places as its first significant digit needs (at most 30). Nil when the
    /// divisor is zero. Every rounded figure (average cost, percentage,
    /// weight, savings rate, `@@` unit price) is rounded this way.
    public func shown(over divisor: ExactDecimal, places: Int, at: SourceLocation?) throws(AmountOverflow) -> ExactDecimal? {
        if divisor.isZero { return nil }
        var p = min(places, ExactDecimal.maxScale)
        while true {
            guard let q = divided(by: divisor, places: p) else {
                // Too long at `places`; a quotient that is exact with fewer places is shown as it is.
                for fewer in stride(from: p - 1, through: 0, by: -1) {
                    if let q = divided(by: divisor, places: fewer), fewer + divisor.scale <= ExactDecimal.maxScale,
                       q.multiplied(by: divisor)?.isEqual(to: self) == true { return q }
                }
                throw AmountOverflow(at: at, "\(self) ÷ \(divisor)")
            }
            if !q.isZero || isZero || p >= ExactDecimal.maxScale { return q }
            p += 1
        }
    }
}

extension AmountSums {
    /// Adds exactly, or throws at `at`.
    public mutating func add(_ a: Amount, at: SourceLocation?) throws(AmountOverflow) {
        guard add(a) else { throw AmountOverflow(at: at, "a sum of \(a.quantity) and what came before it") }
    }
}

extension ExactDecimal {
    /// `self ÷ divisor`: exact (trailing zeros dropped) when the quotient
    /// terminates within 30 places, else rounded half away from zero once, at
    /// the 30th place (or at as many places as 38 digits leave), and kept at
    /// that scale: a figure with 30 places, or 38 digits, is shown at display
    /// precision (`CommodityTable.exactPlaces`). Throws when even the whole
    /// part does not fit, or the divisor is zero.
    public func quotient(over divisor: ExactDecimal, at: SourceLocation?) throws(AmountOverflow) -> ExactDecimal {
        if let exact = smallExactQuotient(over: divisor) { return exact }
        if !divisor.isZero {
            for places in stride(from: ExactDecimal.maxScale, through: 0, by: -1) {
                guard let q = divided(by: divisor, places: places) else { continue }
                let exact = q.normalized
                return exact.multiplied(by: divisor)?.isEqual(to: self) == true ? exact : q
            }
        }
        throw AmountOverflow(at: at, "\(self) ÷ \(divisor)")
    }

    /// The quotient in 64-bit arithmetic when it is exact within a few more
    /// places (a split's 3 ÷ 2, a price's reverse of 4): the value the long
    /// division gives, normalized; nil when it needs the long division.
    private func smallExactQuotient(over divisor: ExactDecimal) -> ExactDecimal? {
        guard let m = mantissa64, let d = divisor.mantissa64, d != 0, d != -1 else { return nil }
        // (m / 10^s) / (d / 10^t) = (m · 10^(t + k) / d) / 10^(s + k).
        var shifted = m
        for _ in 0..<divisor.scale {
            let (r, o) = shifted.multipliedReportingOverflow(by: 10)
            if o { return nil }
            shifted = r
        }
        var k = 0
        while scale + k <= ExactDecimal.maxScale && k <= 6 {
            if shifted % d == 0 { return ExactDecimal(mantissa: Int128(shifted / d), scale: scale + k).normalized }
            let (r, o) = shifted.multipliedReportingOverflow(by: 10)
            if o { return nil }
            shifted = r
            k += 1
        }
        return nil
    }
}
