/// The reported period: `--from` and `--to`, both inclusive.
public struct Period: Sendable {
    public var from: CivilDate?
    public var to: CivilDate?

    public init(from: CivilDate? = nil, to: CivilDate? = nil) {
        self.from = from
        self.to = to
    }

    public func contains(_ d: CivilDate) -> Bool {
        if let from, d < from { return false }
        if let to, d > to { return false }
        return true
    }

    /// Reads `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (also `/` or `.`): a partial date
    /// covers its whole year or month. Returns its first and last day.
    public static func parseBound(_ text: String) -> (first: CivilDate, last: CivilDate)? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard (1...3).contains(parts.count), parts[0].count == 4, let y = Int(parts[0]), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 }) else { return nil }
        if parts.count == 1 {
            guard let a = CivilDate(year: y, month: 1, day: 1), let b = CivilDate(year: y, month: 12, day: 31) else { return nil }
            return (a, b)
        }
        guard let m = Int(parts[1]), parts[1].count <= 2 else { return nil }
        if parts.count == 2 {
            guard let a = CivilDate(year: y, month: m, day: 1) else { return nil }
            return (a, CivilDate(year: y, month: m, day: CivilDate.daysInMonth(year: y, month: m))!)
        }
        guard let d = CivilDate.parse(text) else { return nil }
        return (d, d)
    }
}
