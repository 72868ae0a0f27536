/// A calendar date with no time zone, stored as days since 1970-01-01.
///
/// Conversions use integer arithmetic (Howard Hinnant's civil-date
/// algorithms); nothing goes through a calendar or a time zone.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before).
    public var day: Int32

    public init(day: Int32) { self.day = day }

    /// The calendar's last day, 9999-12-31: where a date that would pass it stops.
    public static let lastDay = CivilDate(year: 9999, month: 12, day: 31) ?? CivilDate(day: 2_932_896)

    /// A date from its parts, or nil when it is not a real calendar date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1,
              day <= CivilDate.daysInMonth(year: year, month: month),
              (1...9999).contains(year) else { return nil }
        self.day = Int32(CivilDate.daysFromCivil(year, month, day))
    }

    public static func isLeapYear(_ y: Int) -> Bool { y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (m + 9) % 12
        let doy = (153 * mp + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    /// Year, month and day of the month.
    public var components: (year: Int, month: Int, day: Int) {
        let z = Int(day) + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public var year: Int { components.year }

    public func adding(days n: Int) -> CivilDate { CivilDate(day: day + Int32(n)) }

    /// The date `n` months later on `dayOfMonth`, or on that month's last day
    /// when the month is shorter (Jan 31 + 1 month = Feb 28 or 29).
    public func adding(months n: Int, dayOfMonth: Int) -> CivilDate? {
        let (y, m, _) = components
        let total = y * 12 + (m - 1) + n
        let ny = total >= 0 ? total / 12 : (total - 11) / 12
        let nm = total - ny * 12 + 1
        guard (1...9999).contains(ny) else { return nil }
        return CivilDate(year: ny, month: nm, day: min(dayOfMonth, CivilDate.daysInMonth(year: ny, month: nm)))
    }

    /// First day of this date's month.
    public var monthStart: CivilDate {
        let c = components
        return CivilDate(year: c.year, month: c.month, day: 1)!
    }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.day < b.day }

    /// `YYYY-MM-DD`.
    public var description: String {
        var buf = ByteBuffer(capacity: 10)
        write(into: &buf)
        return buf.string
    }

    package func write(into buf: inout ByteBuffer, separator: UInt8 = 0x2D) {
        let (y, m, d) = components
        buf.byte(UInt8(48 + y / 1000 % 10)); buf.byte(UInt8(48 + y / 100 % 10))
        buf.byte(UInt8(48 + y / 10 % 10)); buf.byte(UInt8(48 + y % 10))
        buf.byte(separator)
        buf.byte(UInt8(48 + m / 10)); buf.byte(UInt8(48 + m % 10))
        buf.byte(separator)
        buf.byte(UInt8(48 + d / 10)); buf.byte(UInt8(48 + d % 10))
    }

    /// `YYYY-MM`.
    public var monthText: String {
        let c = components
        let mm = c.month < 10 ? "0\(c.month)" : "\(c.month)"
        return "\(c.year)-\(mm)"
    }

    /// Parses `YYYY-MM-DD` (also `/` or `.`, one separator throughout; month
    /// and day may have one digit), as the journal's dates are written: the
    /// general reader the lexer's fast path is tested equal to.
    public static func parse(_ text: String) -> CivilDate? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.count == 3, parts[0].count == 4, Set(text.filter { $0 == "-" || $0 == "/" || $0 == "." }).count == 1,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              parts[1].count <= 2, parts[2].count <= 2 else { return nil }
        return CivilDate(year: y, month: m, day: d)
    }

    /// Reads `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (also `/` or `.`): a partial date
    /// covers its whole year or month. Returns its first and last day.
    public static func parseSpan(_ text: String) -> DateSpan? {
        // hledger's compact forms: `20160801` (a day) and `202001` (a month).
        if text.count == 8 || text.count == 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let d = Array(text)
            return parseSpan(String(d[0..<4]) + "-" + String(d[4..<6]) + (d.count == 8 ? "-" + String(d[6..<8]) : ""))
        }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard (1...3).contains(parts.count), parts[0].count == 4, let y = Int(parts[0]), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 }) else { return nil }
        if parts.count == 1 {
            guard let a = CivilDate(year: y, month: 1, day: 1), let b = CivilDate(year: y, month: 12, day: 31) else { return nil }
            return DateSpan(first: a, last: b)
        }
        guard let m = Int(parts[1]), parts[1].count <= 2 else { return nil }
        if parts.count == 2 {
            guard let a = CivilDate(year: y, month: m, day: 1) else { return nil }
            return DateSpan(first: a, last: CivilDate(year: y, month: m, day: CivilDate.daysInMonth(year: y, month: m))!)
        }
        guard let d = CivilDate.parse(text) else { return nil }
        return DateSpan(first: d, last: d)
    }
}
