/// `textDocument/prepareRename`, `textDocument/rename` and
/// `textDocument/references` for accounts (issue 49): the name up to the
/// segment under the cursor (`지출:식비` on `식비` in `지출:식비:장보기`, the
/// whole name on `장보기`), found and rewritten as `ledgerc rename account`
/// does, across the journal's files.
extension LanguageServer {
    /// The account name (up to the segment under the cursor) and its byte range on the line, or nil.
    func accountUnderCursor(_ doc: TextDocument, _ params: JSONValue) -> (name: String, range: Range<Int>, compilation: Compilation)? {
        guard let position = EditorPosition(params["position"]), let (compilation, index) = workspace.compilation(for: doc.uri) else { return nil }
        let file = doc.file, bytes = file.bytes
        let cursor = file.offset(of: position, workspace.encoding)
        let start = file.lineStart(before: cursor), end = file.lineEnd(after: cursor)
        // Where the name starts: a posting's account, or an `account` directive's.
        var nameStart: Int?
        if let (t, k) = LedgerAtLine(ledger: compilation.ledger, file: Int32(index)).posting(onLine: start, end) {
            nameStart = Int(compilation.ledger.transactions[t].postings[k].location.offset)
        } else if bytes[start..<end].starts(with: Array("account ".utf8)) {
            var i = start + 8
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            nameStart = i
        } else {
            // A rule's posting: the indented name at the line's start.
            var i = start
            while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            if i > start, i < end, bytes[i] != 0x3B { nameStart = i }
        }
        guard let s = nameStart, s <= cursor else { return nil }
        // The name ends at two spaces, a tab, a comment or the line's end.
        var nameEnd = s
        while nameEnd < end, bytes[nameEnd] != 0x09, bytes[nameEnd] != 0x3B, bytes[nameEnd] != 0x0D,
              !(bytes[nameEnd] == 0x20 && nameEnd + 1 < end && bytes[nameEnd + 1] == 0x20) { nameEnd += 1 }
        while nameEnd > s, bytes[nameEnd - 1] == 0x20 { nameEnd -= 1 }
        guard cursor <= nameEnd else { return nil }
        var segmentEnd = cursor
        while segmentEnd < nameEnd, bytes[segmentEnd] != 0x3A { segmentEnd += 1 }
        let name = String(decoding: bytes[s..<segmentEnd], as: UTF8.self)
        guard !name.isEmpty, compilation.ledger.journal.accounts.lookup(name) != nil else { return nil }
        return (name, s..<segmentEnd, compilation)
    }

    func prepareRename(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let found = accountUnderCursor(doc, params) else { return .null }
        return .object([("range", doc.file.editorRange(found.range.lowerBound, found.range.upperBound, workspace.encoding)),
                        ("placeholder", .string(found.name))])
    }

    func rename(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let found = accountUnderCursor(doc, params), let new = params["newName"]?.string, !new.isEmpty, !new.contains("  "),
              let rename = AccountRename(found.compilation, old: found.name, new: new) else { return .null }
        var changes: [(String, JSONValue)] = []
        let sources = found.compilation.sources
        for fileIndex in Set(rename.edits.map(\.file)).sorted() {
            let file = sources.files[fileIndex]
            let edits = rename.edits.filter { $0.file == fileIndex }.map { e -> JSONValue in
                .object([("range", file.editorRange(e.range.lowerBound, e.range.upperBound, workspace.encoding)),
                         ("newText", .string(String(decoding: e.text, as: UTF8.self)))])
            }
            changes.append((workspace.uri(ofPath: file.path), .array(edits)))
        }
        return .object([("changes", .object(changes))])
    }

    func references(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let found = accountUnderCursor(doc, params), let rename = AccountRename(found.compilation, old: found.name, new: found.name) else { return .null }
        let sources = found.compilation.sources
        let length = found.name.utf8.count
        return .array(rename.places.map { at in
            let file = sources.files[Int(at.file)]
            return .object([("uri", .string(workspace.uri(ofPath: file.path))),
                            ("range", file.editorRange(Int(at.offset), Int(at.offset) + length, workspace.encoding))])
        })
    }
}
