/// What `-X COMMODITY`, `-V` and `--value TYPE[,COMMODITY]` ask for, as in
/// hledger 1.25.
public struct Valuation: Sendable, Equatable {
    public enum When: Sendable, Equatable {
        /// At each period's end, or at the report's end (`-V`, `-X`).
        case end
        /// At each posting's date.
        case then
        /// At cost: amounts with a cost become it (`-B` in hledger).
        case cost
        /// On one day (`DATE`, or `now`: today).
        case on(CivilDate)
    }

    public var when: When
    /// The commodity to value in, by name; nil: each commodity's own default (`-V`).
    public var target: String?

    public init(_ when: When, in target: String? = nil) {
        self.when = when
        self.target = target
    }

    /// Reads `--value`'s argument: `end|then|cost|now|DATE` with an optional
    /// `,COMMODITY`. Nil when it is none of them.
    public static func parse(_ text: String, today: CivilDate) -> Valuation? {
        var kind = Substring(text), target: String?
        if let comma = text.firstIndex(of: ",") {
            kind = text[..<comma]
            let rest = text[text.index(after: comma)...].trimmingCharacters(in: " ")
            guard !rest.isEmpty else { return nil }
            target = rest
        }
        let when: When
        switch kind.lowercased() {
        case "end": when = .end
        case "then": when = .then
        case "cost": when = .cost
        case "now": when = .on(today)
        default:
            guard let d = CivilDate.parse(String(kind)) else { return nil }
            when = .on(d)
        }
        return Valuation(when, in: target)
    }
}
