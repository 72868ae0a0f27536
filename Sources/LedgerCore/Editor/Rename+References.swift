/// `textDocument/prepareRename`, `textDocument/rename` and
/// `textDocument/references` (issue 49) for what is under the cursor: an
/// account up to the segment under the cursor (`지출:식비` on `식비` in
/// `지출:식비:장보기`, the whole name on `장보기`), a payee, a commodity or
/// a tag, found and rewritten as `ledgerc rename` does, across the
/// journal's files.
extension LanguageServer {
    /// The name under the cursor: its kind, its text, its byte range on the line, and the compiled journal.
    struct NameUnderCursor {
        let kind: RenamedKind
        let name: String
        let range: Range<Int>
        let compilation: Compilation
    }

    func nameUnderCursor(_ doc: TextDocument, _ params: JSONValue) -> NameUnderCursor? {
        guard let position = EditorPosition(params["position"]), let (compilation, _) = workspace.compilation(for: doc.uri) else { return nil }
        let file = doc.file
        let cursor = file.offset(of: position, workspace.encoding)
        return file.withBytes { b -> NameUnderCursor? in
            let line = JournalLineReader.line(at: cursor, in: b)
            func found(_ kind: RenamedKind, _ r: Range<Int>) -> NameUnderCursor? {
                var r = r
                if kind == .commodity, r.count >= 2, b[r.lowerBound] == 0x22 { r = (r.lowerBound + 1)..<(r.upperBound - 1) }
                let name = String(decoding: b[r], as: UTF8.self)
                let journal = compilation.ledger.journal
                switch kind {
                case .account: guard journal.accounts.lookup(name) != nil else { return nil }
                case .commodity: guard journal.commodities.lookup(name) != nil else { return nil }
                case .payee, .tag: guard !name.isEmpty else { return nil }
                }
                return NameUnderCursor(kind: kind, name: name, range: r, compilation: compilation)
            }
            /// The account up to the segment under the cursor.
            func account(_ r: Range<Int>) -> NameUnderCursor? {
                var end = cursor
                while end < r.upperBound, b[end] != 0x3A { end += 1 }
                var start = r.lowerBound
                // `(Budget:Trips)` and `[Savings]`: the name inside the brackets.
                if start < end, b[start] == 0x28 || b[start] == 0x5B { start += 1 }
                return found(.account, start..<end)
            }
            /// The payee: a description up to ` | `.
            func payee(in description: Range<Int>) -> NameUnderCursor? {
                guard description.contains(cursor) || description.upperBound == cursor else { return nil }
                var end = description.upperBound
                if let bar = b.firstOffset(of: [0x7C], from: description.lowerBound, to: description.upperBound) {
                    end = bar
                    while end > description.lowerBound, b[end - 1] == 0x20 { end -= 1 }
                }
                return cursor <= end ? found(.payee, description.lowerBound..<end) : nil
            }
            func commodity(in r: Range<Int>) -> NameUnderCursor? {
                var hit: Range<Int>?
                forEachAmountPiece(in: b, r) { piece, p in
                    if case .commodity = piece, p.contains(cursor) || p.upperBound == cursor { hit = hit ?? p }
                }
                return hit.flatMap { found(.commodity, $0) }
            }
            if cursor >= line.comment, line.comment < line.end, b[line.comment] == 0x3B {
                let comment = UnsafeBufferPointer(rebasing: b[(line.comment + 1)..<line.end])
                var hit: Range<Int>?
                forEachTag(in: comment) { key, _ in
                    let k = (line.comment + 1 + key.lowerBound)..<(line.comment + 1 + key.upperBound)
                    if k.contains(cursor) || k.upperBound == cursor { hit = k }
                }
                return hit.flatMap { found(.tag, $0) }
            }
            let inHead = line.head.contains(cursor) || line.head.upperBound == cursor
            let inRest = line.rest.contains(cursor) || line.rest.upperBound == cursor
            switch line.kind {
            case .posting:
                if inHead { return account(line.account) }
                if inRest { return commodity(in: line.rest) }
            case .header where inRest:
                return payee(in: line.rest)
            case .directive where inRest:
                let keyword = b[line.keyword]
                if keyword.elementsEqual("repeat".utf8) { return payee(in: line.ruleParts(b).description) }
                if keyword.elementsEqual("account".utf8) { return account(line.rest) }
                if keyword.elementsEqual("payee".utf8) { return found(.payee, line.rest) }
                if keyword.elementsEqual("tag".utf8) { return found(.tag, line.rest) }
                if ["P", "commodity", "D", "N", "C", "split"].contains(where: { keyword.elementsEqual($0.utf8) }) { return commodity(in: line.rest) }
            case .indented where inRest && b[line.head].elementsEqual("format".utf8):
                return commodity(in: line.rest)
            default: break
            }
            return nil
        }
    }

    /// The edits of renaming `found` to `new`, and (for references) the places the name is written.
    func renameEdits(_ found: NameUnderCursor, to new: String) -> [TextEdit]? {
        let c = found.compilation
        switch found.kind {
        case .account:
            guard let rename = AccountRename(c, old: found.name, new: new) else { return nil }
            let length = found.name.utf8.count
            return rename.places.map { TextEdit(file: Int($0.file), range: Int($0.offset)..<(Int($0.offset) + length), text: Array(new.utf8)) }
        case .commodity: return CommodityRename(c, old: found.name, new: new)?.edits
        case .payee: return PayeeRename(c, old: found.name, new: new).edits
        case .tag: return TagRename(c, old: found.name, new: new).edits
        }
    }

    func prepareRename(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let found = nameUnderCursor(doc, params) else { return .null }
        return .object([("range", doc.file.editorRange(found.range.lowerBound, found.range.upperBound, workspace.encoding)),
                        ("placeholder", .string(found.name))])
    }

    /// The rename as a WorkspaceEdit, checked as `ledgerc rename` checks it
    /// (the figures the same under the new name; no merge across account
    /// types or onto another commodity): a rename that fails the check is
    /// an error the editor shows, and edits nothing.
    func rename(_ doc: TextDocument, _ params: JSONValue) -> Result<JSONValue, RequestError> {
        guard let found = nameUnderCursor(doc, params) else { return .success(.null) }
        guard let new = params["newName"]?.string else { return .failure(.invalidParams("newName is missing")) }
        if let problem = RenamedKind.problem(withName: new, found.kind) { return .failure(RequestError(code: -32803, message: problem)) }
        guard let edits = renameEdits(found, to: new), !edits.isEmpty else { return .success(.null) }
        let c = found.compilation, options = workspace.options
        let problem: String?
        switch found.kind {
        case .account: problem = AccountRename(c, old: found.name, new: new)?.check(c, merge: false, options: options).problem
        case .commodity: problem = CommodityRename(c, old: found.name, new: new)?.check(c, merge: false, options: options).problem
        case .payee: problem = PayeeRename(c, old: found.name, new: new).check(c, options: options).problem
        case .tag: problem = TagRename(c, old: found.name, new: new).check(c, options: options).problem
        }
        if let problem {
            let merge = problem.contains("--merge") ? " (the editor never merges: run 'ledgerc rename' with --merge)" : ""
            return .failure(RequestError(code: -32803, message: problem + merge))
        }
        var changes: [(String, JSONValue)] = []
        let sources = c.sources
        for fileIndex in Set(edits.map(\.file)).sorted() {
            let file = sources.files[fileIndex]
            let inFile = edits.filter { $0.file == fileIndex }.map { e -> JSONValue in
                .object([("range", file.editorRange(e.range.lowerBound, e.range.upperBound, workspace.encoding)),
                         ("newText", .string(String(decoding: e.text, as: UTF8.self)))])
            }
            changes.append((workspace.uri(ofPath: file.path), .array(inFile)))
        }
        return .success(.object([("changes", .object(changes))]))
    }

    func references(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let found = nameUnderCursor(doc, params), let edits = renameEdits(found, to: found.name) else { return .null }
        let sources = found.compilation.sources
        return .array(edits.map { e in
            let file = sources.files[e.file]
            return .object([("uri", .string(workspace.uri(ofPath: file.path))),
                            ("range", file.editorRange(e.range.lowerBound, e.range.upperBound, workspace.encoding))])
        })
    }
}
