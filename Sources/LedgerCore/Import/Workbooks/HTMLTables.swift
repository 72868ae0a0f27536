/// An HTML page of tables (what KB국민은행 and 신한카드 save as `.xls`) read
/// into rows: each `<tr>` a row, each `<td>`/`<th>` a cell (a `colspan`
/// adds empty cells after it), `<br>` a line break inside a cell, entities
/// decoded, blank space collapsed; `<script>`, `<style>` and comments left
/// out. The charset comes from the page's `<meta>` (EUC-KR and CP949 read
/// as CP949), else UTF-8, else CP949.
enum HTMLTables {
    static func rows(_ raw: [UInt8]) throws(StatementFormatError) -> [[String]] {
        let bytes = try text(raw)
        var rows: [[String]] = [], row: [String]? = nil, cell: [UInt8]? = nil, span = 1
        var i = 0
        let n = bytes.count
        var budget = CellBudget()
        func finishCell() throws(StatementFormatError) {
            guard let c = cell else { return }
            // In place: a row of 20,000 cells is not built again for each.
            var cells = row.take() ?? []
            let text = collapse(c)
            try budget.add(text: text.utf8.count, cells: span)
            guard cells.count + span <= StatementLimits.cellsPerRow else { throw StatementFormatError("a row has more than \(StatementLimits.cellsPerRow) cells") }
            cells.append(text)
            if span > 1 { cells.append(contentsOf: repeatElement("", count: span - 1)) }
            row = cells
            cell = nil
        }
        func finishRow() throws(StatementFormatError) {
            try finishCell()
            if let r = row {
                rows.append(r)
                guard rows.count <= StatementLimits.rows else { throw StatementFormatError("the page has more than \(StatementLimits.rows) rows") }
                guard r.count <= StatementLimits.cellsPerRow else { throw StatementFormatError("a row has more than \(StatementLimits.cellsPerRow) cells") }
            }
            row = nil
        }
        while i < n {
            let b = bytes[i]
            if b != 0x3C {
                if cell != nil {
                    guard cell!.count < StatementLimits.cellText * 4 else { throw StatementFormatError("a cell is longer than \(StatementLimits.cellText) characters") }
                    cell!.append(b)
                }
                i += 1
                continue
            }
            // A comment, or a tag and its name.
            if bytes[i...].starts(with: Array("<!--".utf8)) {
                i = find(Array("-->".utf8), in: bytes, from: i + 4).map { $0 + 3 } ?? n
                continue
            }
            var j = i + 1
            let closing = j < n && bytes[j] == 0x2F
            if closing { j += 1 }
            let nameStart = j
            while j < n, isNameByte(bytes[j]) { j += 1 }
            let name = String(decoding: bytes[nameStart..<j], as: UTF8.self).lowercased()
            // The tag's end, past quoted attribute values.
            var quote: UInt8 = 0
            while j < n {
                let c = bytes[j]
                if quote != 0 { if c == quote { quote = 0 } } else if c == 0x22 || c == 0x27 { quote = c } else if c == 0x3E { break }
                j += 1
            }
            let tag = bytes[i..<min(j, n)]
            i = min(j + 1, n)
            if name.isEmpty {
                // A `<` that starts no tag is text.
                if cell != nil { cell!.append(contentsOf: tag); if j < n { cell!.append(0x3E) } }
                continue
            }
            switch (name, closing) {
            case ("script", false), ("style", false):
                i = find(Array("</\(name)".utf8), in: bytes, from: i, ignoringCase: true) ?? n
            case ("tr", false): try finishRow(); row = []
            case ("tr", true), ("table", _), ("tbody", _), ("thead", _), ("tfoot", _): try finishRow()
            case ("td", false), ("th", false):
                try finishCell()
                if row == nil { row = [] }
                cell = []
                span = min(StatementLimits.cellsPerRow, max(1, attribute("colspan", in: tag).flatMap { Int($0) } ?? 1))
            case ("td", true), ("th", true): try finishCell()
            case ("br", _), ("p", true), ("div", true): if cell != nil { cell!.append(0x0A) }
            default: break
            }
        }
        try finishRow()
        return rows
    }

    /// The page as UTF-8: in its declared charset, else as it is when it is UTF-8, else as CP949.
    static func text(_ raw: [UInt8]) throws(StatementFormatError) -> [UInt8] {
        let head = Array(raw.prefix(4096))
        var charset: String?
        if let r = find(Array("charset=".utf8), in: head, from: 0, ignoringCase: true) {
            let rest = String(decoding: head[(r + 8)...], as: UTF8.self).lowercased().drop(while: { $0 == "\"" || $0 == "'" || $0 == " " })
            charset = String(rest.prefix(while: { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }))
        }
        var encoding: String?
        if let charset, ["euc-kr", "euckr", "cp949", "ks_c_5601-1987", "x-windows-949", "uhc", "ms949"].contains(charset) { encoding = "CP949" }
        guard let bytes = statementUTF8(raw, encoding: encoding) else { throw StatementFormatError("the page is neither UTF-8 nor CP949 (EUC-KR)") }
        return bytes
    }

    static func isNameByte(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) || (0x30...0x39).contains(b) }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, ignoringCase: Bool = false) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        var k = from
        func lower(_ b: UInt8) -> UInt8 { ignoringCase && (0x41...0x5A).contains(b) ? b + 32 : b }
        while k + needle.count <= bytes.count {
            if lower(bytes[k]) == needle[0] {
                var m = 1
                while m < needle.count && lower(bytes[k + m]) == needle[m] { m += 1 }
                if m == needle.count { return k }
            }
            k += 1
        }
        return nil
    }

    static func attribute(_ name: String, in tag: ArraySlice<UInt8>) -> String? {
        let bytes = Array(tag)
        guard let r = find(Array((name + "=").utf8), in: bytes, from: 0, ignoringCase: true) else { return nil }
        return String(String(decoding: bytes[(r + name.utf8.count + 1)...], as: UTF8.self).drop(while: { $0 == "\"" || $0 == "'" }).prefix(while: { $0.isNumber }))
    }

    /// A cell's text: entities decoded, runs of blank space one space, a
    /// `<br>` a line break, trimmed.
    static func collapse(_ raw: [UInt8]) -> String {
        let decoded = entities(String(decoding: raw, as: UTF8.self))
        var out = "", space = false
        for ch in decoded.unicodeScalars {
            if ch == "\n" {
                while out.hasSuffix(" ") { out.removeLast() }
                out.unicodeScalars.append(ch)
                space = false
            } else if ch == " " || ch == "\t" || ch == "\r" || ch == "\u{A0}" {
                space = true
            } else {
                if space && !out.isEmpty && !out.hasSuffix("\n") { out += " " }
                space = false
                out.unicodeScalars.append(ch)
            }
        }
        while out.hasSuffix("\n") || out.hasSuffix(" ") { out.removeLast() }
        return out
    }

    static let named: [String: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "middot": "·", "copy": "©", "won": "₩"]

    /// `&amp;`, `&nbsp;`, `&#39;`, `&#x20A9;`; an unknown name stays as written.
    static func entities(_ s: String) -> String {
        guard s.contains("&") else { return s }
        var out = "", i = s.startIndex
        while i < s.endIndex {
            if s[i] == "&", let semi = s[i...].prefix(12).firstIndex(of: ";") {
                let name = String(s[s.index(after: i)..<semi])
                var replacement: String?
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    replacement = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else if name.hasPrefix("#") {
                    replacement = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
                } else {
                    replacement = named[name.lowercased()]
                }
                if let replacement {
                    out += replacement
                    i = s.index(after: semi)
                    continue
                }
            }
            out.append(s[i])
            i = s.index(after: i)
        }
        return out
    }
}
