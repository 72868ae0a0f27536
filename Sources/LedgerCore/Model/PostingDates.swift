/// A posting's own dates, as hledger (`; date:D`, `; date2:D`) or ledger-cli
/// (`; [D]`, `; [D=D2]`, `; [=D2]`) writes them in the posting's comment.
/// The primary date moves the posting to that day in every report by date;
/// the secondary one is warned about (hledger uses it only with `--date2`).
public struct PostingDates: Sendable {
    public var primary: Substring?
    public var secondary: Substring?

    /// The dates in `comment`; nil when it has none (most comments).
    public init?(_ comment: String) {
        // Bytes first: nearly every comment has neither a `[` nor `date`.
        let bytes = comment.utf8
        if bytes.contains(UInt8(ascii: "[")), let open = comment.firstIndex(of: "["), let close = comment[open...].firstIndex(of: "]") {
            let inside = comment[comment.index(after: open)..<close]
            if let first = inside.first, first.isNumber || first == "=",
               inside.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "/" || $0 == "." || $0 == "=" }) {
                let parts = inside.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                primary = parts[0].isEmpty ? nil : parts[0]
                secondary = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
            }
        }
        if containsIgnoringASCIICase(comment, "date") {
            for tag in parseTags(comment) {
                switch tag.key.lowercased() {
                case "date": primary = primary ?? tag.value[...]
                case "date2": secondary = secondary ?? tag.value[...]
                default: continue
                }
            }
        }
        if primary == nil && secondary == nil { return nil }
    }

    /// The primary date of the posting whose transaction is dated `transaction`
    /// (a date without a year takes the transaction's); nil when there is none.
    public static func primary(in comment: String, transaction: CivilDate) -> CivilDate? {
        guard let text = PostingDates(comment)?.primary else { return nil }
        return date(text, year: transaction.components.year)
    }

    /// Reads `YYYY-MM-DD` or `MM-DD` (also `/` or `.`); a missing year is `year`.
    public static func date(_ text: Substring, year: Int) -> CivilDate? {
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" || $0 == "." })
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }) else { return nil }
        switch parts.count {
        case 3: return CivilDate.parse(String(text))
        case 2:
            guard parts[0].count <= 2, parts[1].count <= 2, let m = Int(parts[0]), let d = Int(parts[1]) else { return nil }
            return CivilDate(year: year, month: m, day: d)
        default: return nil
        }
    }
}
