/// `textDocument/semanticTokens/full` and `textDocument/inlayHint` (issue 49).
///
/// Tokens are read from the text line by line (so they come while the file
/// has errors): dates, statuses, codes, payees, accounts, amounts and their
/// commodities, comments, tags, and directive keywords (`repeat`, `split`,
/// `holiday`, `account`...). Inlay hints show the amount the compiler
/// inferred for a posting written without one.
extension LanguageServer {
    /// The legend, in the order of the token type numbers.
    static let tokenTypes = ["keyword", "number", "operator", "string", "namespace", "type", "comment", "property"]
    enum Token: Int { case keyword, date, status, text, account, amount, comment, tag }

    static let directiveWords: Set<String> = ["repeat", "split", "holiday", "account", "commodity", "include", "!include", "alias", "P", "~", "=",
                                               "apply", "end", "payee", "tag", "decimal-mark", "year", "Y", "D", "N", "C", "comment", "test"]

    func semanticTokens(_ doc: TextDocument) -> JSONValue {
        let file = doc.file, bytes = file.bytes
        var data: [Int] = []
        var lastLine = 0, lastStart = 0
        func emit(_ line: Int, _ from: Int, _ to: Int, _ lineStart: Int, _ type: Token) {
            guard to > from else { return }
            let start = file.units(from: lineStart, to: from, workspace.encoding)
            let length = file.units(from: from, to: to, workspace.encoding)
            let deltaLine = line - lastLine
            let deltaStart = deltaLine == 0 ? start - lastStart : start
            data += [deltaLine, deltaStart, length, type.rawValue, 0]
            lastLine = line
            lastStart = start
        }
        let starts = file.lineStarts
        for (line, s32) in starts.enumerated() {
            let s = Int(s32)
            var e = line + 1 < starts.count ? Int(starts[line + 1]) - 1 : bytes.count
            if e > s, e <= bytes.count, bytes[e - 1] == 0x0D { e -= 1 }
            guard e > s else { continue }
            // A comment, from `;` (or `#` at the start) to the line's end; tags inside it.
            var commentStart = e
            if let k = (s..<e).first(where: { bytes[$0] == 0x3B }) { commentStart = k }
            if bytes[s] == 0x23 { commentStart = s }
            func word(from i: Int) -> Int {
                var j = i
                while j < commentStart, bytes[j] != 0x20, bytes[j] != 0x09 { j += 1 }
                return j
            }
            func skipSpaces(_ i: Int) -> Int {
                var j = i
                while j < commentStart, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                return j
            }
            let first = bytes[s]
            if (0x30...0x39).contains(first) {
                // DATE[=DATE2] [*|!] [(CODE)] DESCRIPTION
                var i = word(from: s)
                emit(line, s, i, s, .date)
                i = skipSpaces(i)
                if i < commentStart, bytes[i] == 0x2A || bytes[i] == 0x21 { emit(line, i, i + 1, s, .status); i = skipSpaces(i + 1) }
                if i < commentStart, bytes[i] == 0x28, let close = (i..<commentStart).first(where: { bytes[$0] == 0x29 }) {
                    emit(line, i, close + 1, s, .text); i = skipSpaces(close + 1)
                }
                var d = commentStart
                while d > i, bytes[d - 1] == 0x20 || bytes[d - 1] == 0x09 { d -= 1 }
                emit(line, i, d, s, .text)
            } else if first == 0x20 || first == 0x09 {
                // A posting: ACCOUNT  AMOUNT
                var i = skipSpaces(s)
                if i < commentStart {
                    var nameEnd = i
                    while nameEnd < commentStart, bytes[nameEnd] != 0x09, !(bytes[nameEnd] == 0x20 && nameEnd + 1 < commentStart && bytes[nameEnd + 1] == 0x20) { nameEnd += 1 }
                    while nameEnd > i, bytes[nameEnd - 1] == 0x20 { nameEnd -= 1 }
                    emit(line, i, nameEnd, s, .account)
                    i = skipSpaces(nameEnd)
                    var d = commentStart
                    while d > i, bytes[d - 1] == 0x20 || bytes[d - 1] == 0x09 { d -= 1 }
                    emit(line, i, d, s, .amount)
                }
            } else {
                let w = word(from: s)
                let keyword = String(decoding: bytes[s..<w], as: UTF8.self)
                if LanguageServer.directiveWords.contains(keyword) {
                    emit(line, s, w, s, .keyword)
                    // A `repeat` or `holiday` line's dates, and its schedule words.
                    var i = skipSpaces(w)
                    while i < commentStart {
                        let j = word(from: i)
                        let text = String(decoding: bytes[i..<j], as: UTF8.self)
                        if let c = text.unicodeScalars.first, ("0"..."9").contains(c) { emit(line, i, j, s, .date) }
                        else if keyword == "repeat", ["monthly", "weekly", "daily", "yearly", "quarterly", "biweekly", "fortnightly", "bimonthly", "every",
                                                      "from", "until", "to", "count", "on", "shift", "before", "after", "weekend", "holiday", "last", "day"].contains(text) {
                            emit(line, i, j, s, .keyword)
                        } else if keyword == "repeat" { break }
                        i = skipSpaces(j)
                    }
                }
            }
            if commentStart < e {
                emit(line, commentStart, e, s, .comment)
            }
        }
        return .object([("resultId", .string("\(doc.version)")), ("data", .numbers(data))])
    }

    /// `textDocument/inlayHint`: after a posting written without an amount, the amount the compiler inferred.
    func inlayHints(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let (compilation, index) = workspace.compilation(for: doc.uri) else { return .array([]) }
        let file = doc.file, bytes = file.bytes
        var hints: [JSONValue] = []
        let c = compilation.ledger.journal.commodities
        for t in compilation.ledger.transactions where t.generated == nil && Int(t.location.file) == index {
            for p in t.postings where p.isInferred {
                guard let a = p.amount else { continue }
                // After the account name as written.
                var end = Int(p.location.offset)
                while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x09, bytes[end] != 0x3B, bytes[end] != 0x0D,
                      !(bytes[end] == 0x20 && end + 1 < bytes.count && bytes[end + 1] == 0x20) { end += 1 }
                while end > Int(p.location.offset), bytes[end - 1] == 0x20 { end -= 1 }
                hints.append(.object([("position", file.editorPosition(of: end, workspace.encoding).json),
                                      ("label", .string("  " + c.format(a))), ("paddingLeft", .bool(true))]))
            }
        }
        return .array(hints)
    }
}
