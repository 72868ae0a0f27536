/// A BIFF8 `.xls` workbook (Excel 97–2003) read into rows of cell text: the
/// `Workbook` stream of its compound file, the shared strings (SST, across
/// CONTINUE records), the formats that make a number a date, and one
/// sheet's LABELSST, LABEL, NUMBER, RK, MULRK, FORMULA (with its STRING)
/// and BOOLERR cells.
struct BIFFWorkbook {
    let stream: [UInt8]

    init(_ bytes: [UInt8]) throws(StatementFormatError) {
        let file = try CompoundFile(bytes)
        guard let s = file.stream(named: "Workbook") ?? file.stream(named: "Book") else {
            throw StatementFormatError("the compound file holds no Workbook stream: not an Excel workbook")
        }
        stream = s
    }

    /// One record: its type, and its data's range in the stream.
    struct Record {
        var type: UInt16
        var data: Range<Int>
    }

    func record(at p: Int) -> Record? {
        guard p + 4 <= stream.count else { return nil }
        let length = Int(stream.le16(p + 2))
        guard p + 4 + length <= stream.count else { return nil }
        return Record(type: stream.le16(p), data: (p + 4)..<(p + 4 + length))
    }

    func rows(sheet: String?) throws(StatementFormatError) -> [[String]] {
        // The workbook globals: sheets, strings, formats, styles, the date system.
        var sheets: [(name: String, offset: Int)] = []
        var sstData: [UInt8] = [], sstBreaks: [Int] = [], inSST = false
        var formats: [Int: String] = [:], xfFormats: [Int] = [], from1904 = false
        var p = 0
        while let r = record(at: p) {
            p = r.data.upperBound
            let d = r.data.lowerBound
            if r.type != 0x003C { inSST = false }
            switch r.type {
            case 0x002F: throw StatementFormatError("the .xls workbook is password-protected (RC4); save it again without a password, or as XLSX", refusal: true)
            case 0x0085:
                let offset = Int(stream.le32(d))
                let (name, _) = try string(at: d + 6, end: r.data.upperBound, countBytes: 1)
                sheets.append((name, offset))
            case 0x00FC:
                inSST = true
                sstBreaks.append(sstData.count)
                sstData.append(contentsOf: stream[r.data])
            case 0x003C where inSST:
                sstBreaks.append(sstData.count)
                sstData.append(contentsOf: stream[r.data])
            case 0x041E:
                let id = Int(stream.le16(d))
                formats[id] = try string(at: d + 2, end: r.data.upperBound, countBytes: 2).text
            case 0x00E0:
                xfFormats.append(Int(stream.le16(d + 2)))
            case 0x0022:
                from1904 = stream.le16(d) == 1
            case 0x000A:
                p = Int.max  // the globals end
            default: break
            }
            if p == Int.max { break }
        }
        let chosen = try StatementFormat.sheet(named: sheet, among: sheets.map { ($0.name, $0.offset) })
        let strings = try sharedStrings(sstData, breaks: sstBreaks)
        let dates = xfFormats.map { CellText.isDateFormat(id: $0, code: formats[$0]) }
        return try cells(from: chosen, strings: strings, dates: dates, from1904: from1904)
    }

    /// A sheet's cells.
    func cells(from start: Int, strings: [String], dates: [Bool], from1904: Bool) throws(StatementFormatError) -> [[String]] {
        var rows: [[String]] = []
        var budget = CellBudget()
        func put(_ text: String, _ row: Int, _ column: Int) throws(StatementFormatError) {
            guard row < StatementLimits.rows else { throw StatementFormatError("the sheet has more than \(StatementLimits.rows) rows") }
            guard column < StatementLimits.cellsPerRow else { throw StatementFormatError("the sheet has a cell past column \(StatementLimits.cellsPerRow)") }
            while rows.count <= row { rows.append([]) }
            let added = max(0, column + 1 - rows[row].count)
            try budget.add(text: text.utf8.count, cells: added)
            if added > 0 { rows[row].append(contentsOf: repeatElement("", count: added)) }
            rows[row][column] = text
        }
        func number(_ value: Double, xf: Int) -> String {
            if xf < dates.count, dates[xf], let d = CellText.date(value, from1904: from1904) { return d }
            return CellText.number(value)
        }
        var p = start
        var pendingFormula: (row: Int, column: Int)?
        guard let bof = record(at: p), bof.type == 0x0809 else { throw StatementFormatError("the sheet's data is not where the workbook says") }
        p = bof.data.upperBound
        while let r = record(at: p) {
            p = r.data.upperBound
            let d = r.data.lowerBound, n = r.data.count
            let row = Int(stream.le16(d)), column = Int(stream.le16(d + 2)), xf = Int(stream.le16(d + 4))
            switch r.type {
            case 0x000A: return rows
            case 0x00FD where n >= 10:
                let k = Int(stream.le32(d + 6))
                guard k < strings.count else { throw StatementFormatError("a cell refers to a shared string that does not exist") }
                try put(strings[k], row, column)
            case 0x0204 where n >= 8:
                try put(try string(at: d + 6, end: r.data.upperBound, countBytes: 2).text, row, column)
            case 0x0203 where n >= 14:
                try put(number(double(at: d + 6), xf: xf), row, column)
            case 0x027E where n >= 10:
                try put(number(rk(stream.le32(d + 6)), xf: xf), row, column)
            case 0x00BD where n >= 6:
                var k = d + 4, c = column
                while k + 6 <= r.data.upperBound - 2 {
                    try put(number(rk(stream.le32(k + 2)), xf: Int(stream.le16(k))), row, c)
                    k += 6
                    c += 1
                }
            case 0x0006 where n >= 14:
                if stream[d + 12] == 0xFF && stream[d + 13] == 0xFF {
                    switch stream[d + 6] {
                    case 0: pendingFormula = (row, column)  // the text follows in a STRING record
                    case 1: try put(stream[d + 8] != 0 ? "TRUE" : "FALSE", row, column)
                    default: break
                    }
                } else {
                    try put(number(double(at: d + 6), xf: xf), row, column)
                }
            case 0x0207:
                if let f = pendingFormula {
                    try put(try string(at: d, end: r.data.upperBound, countBytes: 2).text, f.row, f.column)
                    pendingFormula = nil
                }
            case 0x0205 where n >= 8:
                try put(stream[d + 7] == 0 ? (stream[d + 6] != 0 ? "TRUE" : "FALSE") : "", row, column)
            default: break
            }
        }
        return rows
    }

    func double(at p: Int) -> Double {
        Double(bitPattern: UInt64(stream.le32(p)) | UInt64(stream.le32(p + 4)) << 32)
    }

    /// An RK number: an integer or the high half of a double, maybe ÷ 100.
    func rk(_ v: UInt32) -> Double {
        var value = v & 2 != 0 ? Double(Int32(bitPattern: v) >> 2) : Double(bitPattern: UInt64(v & 0xFFFF_FFFC) << 32)
        if v & 1 != 0 { value /= 100 }
        return value
    }

    /// A string of one record: its count (1 or 2 bytes), flags, then the characters.
    func string(at p: Int, end: Int, countBytes: Int) throws(StatementFormatError) -> (text: String, next: Int) {
        guard p + countBytes + 1 <= end else { throw StatementFormatError("a record's string is truncated") }
        let count = countBytes == 1 ? Int(stream[p]) : Int(stream.le16(p))
        let flags = stream[p + countBytes]
        let start = p + countBytes + 1
        let wide = flags & 1 != 0
        let length = wide ? 2 * count : count
        guard start + length <= end else { throw StatementFormatError("a record's string is truncated") }
        if wide {
            let units = (0..<count).map { stream.le16(start + 2 * $0) }
            return (String(decoding: units, as: UTF16.self), start + length)
        }
        return (String(decoding: stream[start..<(start + length)].map { UInt16($0) }, as: UTF16.self), start + length)
    }

    /// The SST's strings; a string's characters may continue in the next
    /// CONTINUE record, which then starts with its own width flag.
    func sharedStrings(_ data: [UInt8], breaks: [Int]) throws(StatementFormatError) -> [String] {
        guard data.count >= 8 else { return [] }
        let unique = Int(data.le32(4))
        var out: [String] = []
        out.reserveCapacity(min(unique, StatementLimits.rows))
        var p = 8
        var nextBreak = 1
        func breakAfter(_ p: Int) -> Int { nextBreak < breaks.count ? breaks[nextBreak] : data.count }
        let bad = StatementFormatError("the workbook's shared strings are damaged")
        for _ in 0..<unique {
            while nextBreak < breaks.count && breaks[nextBreak] <= p { nextBreak += 1 }
            guard p + 3 <= data.count else { throw bad }
            let count = Int(data.le16(p))
            let flags = data[p + 2]
            p += 3
            var runs = 0, ext = 0
            if flags & 8 != 0 { guard p + 2 <= data.count else { throw bad }; runs = Int(data.le16(p)); p += 2 }
            if flags & 4 != 0 { guard p + 4 <= data.count else { throw bad }; ext = Int(data.le32(p)); p += 4 }
            var wide = flags & 1 != 0
            var units: [UInt16] = []
            units.reserveCapacity(count)
            while units.count < count {
                while nextBreak < breaks.count && breaks[nextBreak] <= p { nextBreak += 1 }
                let limit = breakAfter(p)
                if p == limit, nextBreak < breaks.count {
                    // A CONTINUE record: a new width flag, then the rest of the characters.
                    guard p < data.count else { throw bad }
                    wide = data[p] & 1 != 0
                    p += 1
                    nextBreak += 1
                    continue
                }
                guard p < data.count else { throw bad }
                if wide {
                    guard p + 2 <= data.count else { throw bad }
                    units.append(data.le16(p)); p += 2
                } else {
                    units.append(UInt16(data[p])); p += 1
                }
            }
            p += 4 * runs + ext
            guard p <= data.count else { throw bad }
            out.append(String(decoding: units, as: UTF16.self))
        }
        return out
    }
}
