/// The reported period: `--from` and `--to`, both inclusive.
public struct Period: Sendable, Equatable {
    public var from: CivilDate?
    public var to: CivilDate?

    public init(from: CivilDate? = nil, to: CivilDate? = nil) {
        self.from = from
        self.to = to
    }

    /// The days in both (hledger ANDs date options and `date:` terms).
    public func intersection(_ other: Period) -> Period {
        Period(from: [from, other.from].compactMap { $0 }.max(), to: [to, other.to].compactMap { $0 }.min())
    }

    public func contains(_ d: CivilDate) -> Bool {
        if let from, d < from { return false }
        if let to, d > to { return false }
        return true
    }

    /// Reads `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (also `/` or `.`): a partial date
    /// covers its whole year or month. Returns its first and last day.
    /// (`DateSpan.parse` also reads quarters and relative dates.)
    public static func parseBound(_ text: String) -> DateSpan? { CivilDate.parseSpan(text) }
}
