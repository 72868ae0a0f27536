/// A span of days, first and last included: a report's period, one column
/// of it, a date named on the command line. The one span type (reading one
/// from text is in `DateSpan+Parse.swift`).
public struct DateSpan: Sendable, Equatable {
    public var first: CivilDate
    public var last: CivilDate

    public init(first: CivilDate, last: CivilDate) {
        self.first = first
        self.last = last
    }

    /// Every day there is: a report without a period.
    public static let always = DateSpan(first: CivilDate(day: Int32.min), last: CivilDate(day: Int32.max))
}
