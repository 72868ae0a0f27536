extension LanguageServer {
    /// `textDocument/definition`: an `include` path goes to the file, an
    /// account to its `account` directive, a `; generated:` comment to its rule.
    func definition(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let position = EditorPosition(params["position"]) else { return .null }
        let file = doc.file
        let cursor = file.offset(of: position, workspace.encoding)
        let start = file.lineStart(before: cursor), end = file.lineEnd(after: cursor)
        let line = String(decoding: file.bytes[start..<end], as: UTF8.self)
        if line.hasPrefix("include ") || line.hasPrefix("!include ") {
            let target = String(line.drop { $0 != " " }).trimmingSpaces
            guard !target.isEmpty, !target.contains("*") else { return .null }
            let path = JournalParser.includedPath(target, from: doc.path)
            guard workspace.documents.values.contains(where: { $0.path == path }) || systemRealPath(path) != nil else { return .null }
            return location(workspace.uri(ofPath: path), line: 0)
        }
        if let marker = line.firstRange(of: "generated: ") {
            // `generated: PATH:LINE #K`
            let rest = line[marker.upperBound...].split(separator: " ").first.map(String.init) ?? ""
            if let colon = rest.lastIndex(of: ":"), let n = Int(rest[rest.index(after: colon)...]) {
                let path = String(rest[..<colon])
                let full = JournalParser.includedPath(path, from: doc.path)
                let known = workspace.documents.values.first { $0.path == full || $0.path == path }?.path
                return location(workspace.uri(ofPath: known ?? (systemRealPath(path) ?? full)), line: n - 1)
            }
        }
        guard let (compilation, index) = workspace.compilation(for: doc.uri),
              let (t, k) = LedgerAtLine(ledger: compilation.ledger, file: Int32(index)).posting(onLine: start, end) else { return .null }
        let account = compilation.ledger.transactions[t].postings[k].account
        guard let declared = compilation.ledger.journal.accounts.declared[account] else { return .null }
        let target = compilation.sources.files[Int(declared.file)]
        let at = target.editorPosition(of: Int(declared.offset), workspace.encoding)
        return .object([("uri", .string(workspace.uri(ofPath: target.path))),
                        ("range", .object([("start", at.json), ("end", at.json)]))])
    }

    private func location(_ uri: String, line: Int) -> JSONValue {
        let at = EditorPosition(line: max(0, line), character: 0).json
        return .object([("uri", .string(uri)), ("range", .object([("start", at), ("end", at)]))])
    }

    /// `textDocument/documentSymbol`: each item that starts in column 1 —
    /// transactions (date and description), `repeat` rules and directives —
    /// with its indented lines. Read from the text, so that it works while
    /// the file has errors.
    func documentSymbols(_ doc: TextDocument) -> JSONValue {
        let file = doc.file
        let starts = file.lineStarts
        var symbols: [JSONValue] = []
        var open: (name: String, kind: Int, start: Int, end: Int)?
        func close() {
            guard let item = open else { return }
            let line = file.editorRange(item.start, file.lineEnd(after: item.start), workspace.encoding)
            symbols.append(.object([
                ("name", .string(item.name)), ("kind", .int(item.kind)),
                ("range", file.editorRange(item.start, item.end, workspace.encoding)), ("selectionRange", line),
            ]))
            open = nil
        }
        var inBlockComment = false
        for s in starts {
            let start = Int(s)
            let end = file.lineEnd(after: start)
            let text = String(decoding: file.bytes[start..<end], as: UTF8.self)
            if inBlockComment {
                if text.hasPrefix("end comment") { inBlockComment = false }
                continue
            }
            guard let first = text.unicodeScalars.first else {
                close()
                continue
            }
            if first == " " || first == "\t" {
                if open != nil { open!.end = end }
                continue
            }
            close()
            if text.hasPrefix("comment") { inBlockComment = true; continue }
            if ";#%|*".unicodeScalars.contains(first) { continue }
            if ("0"..."9").contains(first) {
                let (date, rest) = splitFirstWord(text)
                let description = rest.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first.map { String($0).trimmingSpaces } ?? ""
                open = ("\(date) \(description)".trimmingSpaces, 24, start, end)
            } else if text.hasPrefix("repeat ") {
                open = (text.split(separator: ";").first.map { String($0).trimmingSpaces } ?? text, 12, start, end)
            } else if text.hasPrefix("~") || text.hasPrefix("=") {
                open = (text.trimmingSpaces, 12, start, end)
            } else {
                open = (text.split(separator: ";").first.map { String($0).trimmingSpaces } ?? text, 20, start, end)
            }
        }
        close()
        return .array(symbols)
    }

    private func splitFirstWord(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, "") }
        var rest = text[space...].drop { $0 == " " || $0 == "\t" }
        // A status mark and a code are not part of the description.
        if rest.first == "*" || rest.first == "!" { rest = rest.dropFirst().drop { $0 == " " } }
        if rest.first == "(", let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...].drop { $0 == " " } }
        return (String(text[..<space]), String(rest))
    }
}
