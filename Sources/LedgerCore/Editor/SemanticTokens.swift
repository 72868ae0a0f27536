/// `textDocument/semanticTokens/full` (and `/delta`, `/range`) and
/// `textDocument/inlayHint` (issue 49).
///
/// Tokens are read from the text line by line (so they come while the file
/// has errors, `SemanticTokenLines`): dates, statuses, codes, payees,
/// accounts, amounts and their commodities, comments, tags, and directive
/// keywords (`repeat`, `split`, `holiday`, `account`...). Inlay hints show
/// the amount the compiler inferred for a posting written without one, and
/// the balance after each balance assertion.
extension LanguageServer {
    /// The legend, in the order of the token type numbers (`SemanticTokenLines.Kind`).
    static let tokenTypes = ["keyword", "number", "operator", "string", "namespace", "type", "comment", "property"]

    /// The document's tokens, read once and kept up to date by its edits.
    private func tokenLines(_ doc: TextDocument) -> SemanticTokenLines {
        if let kept = doc.tokens, kept.describes(doc.file), kept.encoding == workspace.encoding { return kept }
        let lines = SemanticTokenLines(doc.file, workspace.encoding)
        workspace.documents[doc.uri]?.tokens = lines
        return lines
    }

    /// `semanticTokens/range`: the tokens of the lines the range spans (an
    /// editor asks for what it shows first).
    func semanticTokens(_ doc: TextDocument, in range: JSONValue?) -> JSONValue {
        guard let start = EditorPosition(range?["start"]), let end = EditorPosition(range?["end"]) else { return .null }
        return .object([("data", .numbers(tokenLines(doc).encoded(lines: start.line...max(start.line, end.line))))])
    }

    /// The document's tokens: all of them, or (given the id of the last ones
    /// sent) the one edit that makes those into these.
    func semanticTokens(_ doc: TextDocument, since previous: String?) -> JSONValue {
        let lines = tokenLines(doc)
        tokenResults += 1
        let id = "\(tokenResults)"
        defer { lines.markSent(id) }
        if let previous, let edit = lines.delta(since: previous) {
            let edits: [JSONValue] = edit.deleteCount == 0 && edit.data.isEmpty ? [] : [
                .object([("start", .int(edit.start)), ("deleteCount", .int(edit.deleteCount)), ("data", .numbers(edit.data))]),
            ]
            return .object([("resultId", .string(id)), ("edits", .array(edits))])
        }
        return .object([("resultId", .string(id)), ("data", .numbers(lines.encoded()))])
    }

    /// `textDocument/inlayHint`: after a posting written without an amount, the amount the compiler inferred.
    func inlayHints(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let (compilation, index) = workspace.compilation(for: doc.uri) else { return .array([]) }
        let file = doc.file
        // Only the range asked for (an editor asks for what it shows): a 100k
        // file has tens of thousands of inferred amounts.
        let range = params["range"]
        let from = EditorPosition(range?["start"]).map { file.lineStart(before: file.offset(of: $0, workspace.encoding)) } ?? 0
        let to = EditorPosition(range?["end"]).map { file.offset(of: $0, workspace.encoding) } ?? file.byteCount
        let wanted = { (offset: Int) in offset >= from && offset <= to }
        var hints: [JSONValue] = []
        let c = compilation.ledger.journal.commodities
        for t in compilation.ledger.transactions where t.generated == nil && Int(t.location.file) == index {
            for p in t.postings where p.isInferred && wanted(Int(p.location.offset)) {
                guard let a = p.amount else { continue }
                // After the account name as written.
                let end = file.withBytes { JournalLineReader.line(at: Int(p.location.offset), in: $0).account.upperBound }
                hints.append(.object([("position", file.editorPosition(of: end, workspace.encoding).json),
                                      ("label", .string("  " + c.formatExactly(a))), ("paddingLeft", .bool(true))]))
            }
        }
        hints += assertionHints(compilation, file: index, doc, in: wanted)
        return .array(hints)
    }

    /// After each balance assertion of the document, the account's balance
    /// there as the checker reads it (date, then file order; `=*` with its
    /// subaccounts; `==` every commodity): `→ 1,234,000 KRW`.
    private func assertionHints(_ compilation: Compilation, file index: Int, _ doc: TextDocument, in wanted: (Int) -> Bool) -> [JSONValue] {
        let ledger = compilation.ledger, journal = ledger.journal
        guard journal.hasAssertions else { return [] }
        // The checker's own walk: what it verified is what the hint shows.
        let transactions = ledger.transactions
        var walk = AssertionWalk(transactions, journal: journal)
        var hints: [JSONValue] = []
        let file = doc.file
        while let i = walk.next(transactions) {
            for p in transactions[i].postings {
                walk.post(p)
                guard let assertion = p.assertion, Int(assertion.location.file) == index, wanted(Int(assertion.location.offset)) else { continue }
                var shown: [Amount] = []
                guard let main = walk.balances.balance(of: p.account, assertion.amount.commodity, includingSubaccounts: assertion.includesSubaccounts, journal.accounts) else { continue }
                shown.append(Amount(main, assertion.amount.commodity))
                if assertion.isTotal {
                    for other in walk.balances.commodities(of: p.account) where other != assertion.amount.commodity {
                        if let v = walk.balances.value(AccountCommodity(p.account, other)), !v.isZero { shown.append(Amount(v, other)) }
                    }
                    shown[1...].sort { $0.commodity < $1.commodity }
                }
                // At the end of the posting's amount part (the assertion is its last part).
                let end = file.withBytes { JournalLineReader.line(at: Int(assertion.location.offset), in: $0).rest.upperBound }
                hints.append(.object([("position", file.editorPosition(of: end, workspace.encoding).json),
                                      ("label", .string("→ " + shown.map(journal.commodities.formatExactly).joined(separator: ", "))), ("paddingLeft", .bool(true)),
                                      ("tooltip", .string("the balance of \(journal.accounts[p.account]) after this posting"))]))
            }
        }
        return hints
    }
}
