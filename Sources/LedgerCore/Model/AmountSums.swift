/// Per-commodity amounts in order of first appearance; few commodities per key.
package struct AmountSums: Sendable {
    public private(set) var amounts: [Amount] = []

    public init() {}

    /// Adds; returns false on overflow.
    @discardableResult
    public mutating func add(_ a: Amount) -> Bool {
        for i in amounts.indices where amounts[i].commodity == a.commodity {
            guard let s = amounts[i].quantity.adding(a.quantity) else { return false }
            amounts[i].quantity = s
            return true
        }
        amounts.append(a)
        return true
    }

    /// Adds every sum of `other`; returns false on overflow.
    @discardableResult
    public mutating func add(_ other: AmountSums) -> Bool {
        other.amounts.allSatisfy { add($0) }
    }

    /// The sum of `commodity` alone.
    public func only(_ commodity: Int32) -> AmountSums {
        var out = AmountSums()
        out.amounts = amounts.filter { $0.commodity == commodity }
        return out
    }

    /// Whether every commodity sums to exactly zero (or none was added).
    public var isZero: Bool { amounts.allSatisfy { $0.quantity.isZero } }

    public func quantity(_ commodity: Int32) -> ExactDecimal {
        // A commodity never added sums to zero.
        guard let a = amounts.first(where: { $0.commodity == commodity }) else { return .zero }
        return a.quantity
    }

    /// The non-zero sums at display precision, sorted by commodity name.
    public func nonZero(_ commodities: CommodityTable) -> [Amount] {
        amounts.filter { !$0.quantity.rounded(to: commodities.precision($0.commodity)).isZero }
            .sorted { commodities[$0.commodity] < commodities[$1.commodity] }
    }
}

