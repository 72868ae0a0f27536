/// CSV rules files and the statements beside them in the editor: the first
/// problem `ledgerc import` would report, at its line (issue 30).
extension Workspace {
    /// A `.rules` file, or a `.csv` statement: not a journal.
    func isStatement(_ uri: String) -> Bool {
        guard let path = documents[uri]?.path.lowercased() else { return false }
        return path.hasSuffix(".rules") || path.hasSuffix(".csv")
    }

    /// The text of `path`: its open buffer, else the file on disk, a regular
    /// file only (`include /dev/stdin` must not read the server's own input).
    private func text(ofPath path: String) -> String? {
        if let doc = documents.values.first(where: { $0.path == path }) { return String(decoding: doc.file.bytes, as: UTF8.self) }
        return CSVRules.readIncluded(path)
    }

    /// The rules of a rules file, or the problem at its line.
    private func rules(_ path: String) -> Result<CSVRules, CSVRules.Problem>? {
        guard let text = text(ofPath: path) else { return nil }
        do {
            return .success(try CSVRules(text, path: path) { self.text(ofPath: $0) })
        } catch {
            return .failure(error)
        }
    }

    func statementDiagnostics(_ uri: String) -> [JSONValue] {
        guard let doc = documents[uri] else { return [] }
        let file = doc.file
        func diagnostic(_ offset: Int, _ message: String) -> JSONValue {
            .object([("range", file.editorRange(offset, file.wordEnd(from: offset), encoding)), ("severity", .int(1)),
                     ("code", .string("importProblem")), ("source", .string("ledgerc")), ("message", .string(message))])
        }
        if doc.path.lowercased().hasSuffix(".rules") {
            guard case .failure(let problem)? = rules(doc.path) else { return [] }
            let starts = file.lineStarts
            return [diagnostic(problem.line - 1 < starts.count ? Int(starts[problem.line - 1]) : 0, problem.message)]
        }
        // A statement: checked with the rules beside it (`X.csv.rules`), when they read.
        guard case .success(let rules)? = self.rules(doc.path + ".rules") else { return [] }
        var bytes = file.bytes
        // As `import` reads it: the rules' encoding, else UTF-8, else CP949.
        if let converted = statementUTF8(bytes, encoding: rules.encoding) { bytes = converted }
        do {
            _ = try CSVStatement(bytes, rules: rules)
            return []
        } catch {
            return [diagnostic(min(error.offset, file.byteCount), error.message)]
        }
    }
}
