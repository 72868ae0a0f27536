/// A span of days, first and last included: a report's period (`--from`,
/// `--to`, `date:`), one column of it, a date named on the command line. The
/// one span type; an open end is the first or last day there is, read as
/// `from`/`to` = nil (reading one from text is in `DateSpan+Parse.swift`).
public struct DateSpan: Sendable, Equatable {
    public var first: CivilDate
    public var last: CivilDate

    public init(first: CivilDate, last: CivilDate) {
        self.first = first
        self.last = last
    }

    /// A span with open ends where nil: `--from` and `--to`, both inclusive.
    public init(from: CivilDate? = nil, to: CivilDate? = nil) {
        first = from ?? DateSpan.always.first
        last = to ?? DateSpan.always.last
    }

    /// Every day there is: a report without a period.
    public static let always = DateSpan(first: CivilDate(day: Int32.min), last: CivilDate(day: Int32.max))

    /// The first day, nil when the span is open at its start.
    public var from: CivilDate? {
        get { first == DateSpan.always.first ? nil : first }
        set { first = newValue ?? DateSpan.always.first }
    }

    /// The last day, nil when the span is open at its end.
    public var to: CivilDate? {
        get { last == DateSpan.always.last ? nil : last }
        set { last = newValue ?? DateSpan.always.last }
    }

    /// The days in both (hledger ANDs date options and `date:` terms).
    public func intersection(_ other: DateSpan) -> DateSpan {
        DateSpan(first: max(first, other.first), last: min(last, other.last))
    }

    public func contains(_ d: CivilDate) -> Bool { first <= d && d <= last }

    /// Reads `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (also `/` or `.`): a partial date
    /// covers its whole year or month. Returns its first and last day.
    /// (`DateSpan.parse` also reads quarters and relative dates.)
    public static func parseBound(_ text: String) -> DateSpan? { CivilDate.parseSpan(text) }
}
