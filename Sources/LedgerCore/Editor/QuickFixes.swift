extension LanguageServer {
    /// `textDocument/codeAction`: the fixes of the diagnostics on the
    /// requested lines, as the compile attached them (`Diagnostic.fixes`:
    /// the ones `check --diagnostics json` prints).
    func codeActions(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let range = params["range"], let from = EditorPosition(range["start"]), let to = EditorPosition(range["end"]),
              let (compilation, index) = workspace.compilation(for: doc.uri) else { return .array([]) }
        let file = compilation.sources.files[index]
        let first = file.lineStart(before: file.offset(of: from, workspace.encoding))
        let last = file.lineEnd(after: file.offset(of: to, workspace.encoding))
        var actions: [JSONValue] = []
        for d in compilation.diagnostics.sorted() {
            guard let at = d.location, Int(at.file) == index, Int(at.offset) >= first, Int(at.offset) <= last else { continue }
            for fix in d.fixes where fix.edits.allSatisfy({ $0.file == index }) {
                let edits: [JSONValue] = fix.edits.map { e in
                    .object([("range", file.editorRange(e.range.lowerBound, e.range.upperBound, workspace.encoding)),
                             ("newText", .string(String(decoding: e.text, as: UTF8.self)))])
                }
                actions.append(.object([
                    ("title", .string(fix.title)), ("kind", .string("quickfix")),
                    ("diagnostics", .array([workspace.editorDiagnostic(d, in: compilation)])),
                    ("isPreferred", .bool(fix.preferred)),
                    ("edit", .object([("changes", .object([(doc.uri, .array(edits))]))])),
                ]))
            }
        }
        return .array(actions)
    }
}
