// The CSV of a bank's statement, read as records (ledgerc import).

/// One record of a CSV statement: its fields and where it is.
public struct CSVRecord {
    public var fields: [String]
    /// Byte offsets of each field in the file, for errors at FILE:LINE:COL.
    public var offsets: [Int]
    /// The record as hledger matches a whole-record `if` matcher: its fields
    /// joined with commas, without quotes (whatever the separator).
    public var text: String
    public var offset: Int
}

/// Reads RFC 4180 CSV: quoted fields with `""`, the separator given, LF or
/// CRLF line ends, a UTF-8 byte-order mark skipped. Empty lines are skipped.
/// `wholeLines`: keep each record's text (for `if` matchers on the whole record).
public func csvRecords(_ bytes: [UInt8], separator: UInt8, wholeLines: Bool = true) -> [CSVRecord] {
    var records: [CSVRecord] = []
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count {
        let start = i
        var fields: [String] = [], offsets: [Int] = []
        var field: [UInt8] = [], fieldStart = i, quoted = false
        while i < bytes.count {
            let b = bytes[i]
            if quoted {
                if b == 0x22 {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x22 { field.append(0x22); i += 2; continue }
                    quoted = false
                } else {
                    field.append(b)
                }
                i += 1
            } else if b == 0x22 && field.isEmpty {
                quoted = true
                i += 1
            } else if b == separator {
                fields.append(String(decoding: field, as: UTF8.self)); offsets.append(fieldStart)
                field = []; i += 1; fieldStart = i
            } else if b == 0x0A || b == 0x0D {
                break
            } else {
                field.append(b)
                i += 1
            }
        }
        let end = i
        if i < bytes.count, bytes[i] == 0x0D { i += 1 }
        if i < bytes.count, bytes[i] == 0x0A { i += 1 }
        if end == start { continue }
        fields.append(String(decoding: field, as: UTF8.self)); offsets.append(fieldStart)
        records.append(CSVRecord(fields: fields, offsets: offsets, text: wholeLines ? fields.joined(separator: ",") : "", offset: start))
    }
    return records
}
