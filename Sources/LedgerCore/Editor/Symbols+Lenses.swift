/// `workspace/symbol` and `textDocument/codeLens` (issue 49): the journal's
/// accounts and rules by name, and above an `account` directive its balance,
/// above a `repeat` rule its next occurrence.
extension LanguageServer {
    func workspaceSymbols(_ params: JSONValue) -> JSONValue {
        let query = (params["query"]?.string ?? "").lowercased()
        var out: [JSONValue] = [], seen = Set<String>()
        for root in workspace.roots {
            guard let (c, _) = workspace.compilation(for: root) else { continue }
            let journal = c.ledger.journal
            func add(_ name: String, _ kind: Int, _ at: SourceLocation) {
                guard query.isEmpty || name.lowercased().contains(query), Int(at.file) < c.sources.files.count else { return }
                let file = c.sources.files[Int(at.file)]
                let key = "\(file.path):\(at.offset):\(name)"
                guard seen.insert(key).inserted else { return }
                out.append(.object([("name", .string(name)), ("kind", .int(kind)),
                                    ("location", .object([("uri", .string(workspace.uri(ofPath: file.path))),
                                                          ("range", file.editorRange(Int(at.offset), Int(at.offset), workspace.encoding))]))]))
            }
            for (id, at) in journal.accounts.declared.sorted(by: { $0.key < $1.key }) { add(journal.accounts[id], 2, at) }
            for rule in journal.rules where rule.card == nil { add(rule.description, 12, rule.location) }
        }
        return .array(out)
    }

    func codeLenses(_ doc: TextDocument) -> JSONValue {
        guard let (c, index) = workspace.compilation(for: doc.uri) else { return .array([]) }
        let journal = c.ledger.journal, accounts = journal.accounts
        let file = doc.file
        var lenses: [JSONValue] = []
        func lens(_ offset: Int, _ title: String) {
            let start = file.lineStart(before: offset)
            lenses.append(.object([("range", file.editorRange(start, start, workspace.encoding)),
                                   ("command", .object([("title", .string(title)), ("command", .string(""))]))]))
        }
        let declaredHere = accounts.declared.filter { Int($0.value.file) == index }
        if !declaredHere.isEmpty {
            // Every account's balance with its subaccounts, from the one stream and accumulator.
            // A sum that does not fit is said so, never shown as it stood before.
            let rows = try? Balances.summing(Movements(c.ledger), in: [.always]).tree(accounts, depth: nil, flat: false)
            for (id, at) in declaredHere {
                let shown = rows.map { $0.reached(Int(id)) ? $0.sums[Int(id)][1].nonZero(journal.commodities) : [] }
                let figure = shown.map { $0.isEmpty ? "0" : journal.commodities.format($0) } ?? Messages.tooLargeToShow.text
                lens(Int(at.offset), "balance: \(figure) (to \(c.ledger.until))")
            }
        }
        let today = workspace.today
        for rule in journal.rules where rule.isValid && rule.card == nil && Int(rule.location.file) == index {
            guard let next = rule.occurrences(holidays: journal.holidays).first(where: { $0.date > today }) else { continue }
            lens(Int(rule.location.offset), "next: \(next.date)")
        }
        return .array(lenses)
    }
}
