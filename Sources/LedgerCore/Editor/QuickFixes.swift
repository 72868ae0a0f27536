/// One quick fix: a title and the replacements it makes in one file.
struct QuickFix {
    var title: String
    var edits: [(start: Int, end: Int, text: String)]
    var preferred = true
}

extension LanguageServer {
    /// `textDocument/codeAction`: the quick fixes of the diagnostics on the requested lines.
    func codeActions(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let range = params["range"], let from = EditorPosition(range["start"]), let to = EditorPosition(range["end"]),
              let (compilation, index) = workspace.compilation(for: doc.uri) else { return .array([]) }
        let file = compilation.sources.files[index]
        let first = file.lineStart(before: file.offset(of: from, workspace.encoding))
        let last = file.lineEnd(after: file.offset(of: to, workspace.encoding))
        var actions: [JSONValue] = []
        for d in compilation.diagnostics.sorted() {
            guard let at = d.location, Int(at.file) == index, Int(at.offset) >= first, Int(at.offset) <= last, let id = d.id else { continue }
            for fix in quickFixes(id, at: Int(at.offset), file, compilation) {
                let edits: [JSONValue] = fix.edits.map { e in
                    .object([("range", file.editorRange(e.start, e.end, workspace.encoding)), ("newText", .string(e.text))])
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

    /// The fixes for a diagnostic of message `id` at `offset`, checked against the text there.
    func quickFixes(_ id: MessageID, at offset: Int, _ file: SourceFile, _ compilation: Compilation) -> [QuickFix] {
        let journal = compilation.ledger.journal
        let end = file.wordEnd(from: offset)
        let word = String(decoding: file.bytes[offset..<end], as: UTF8.self)
        var fixes: [QuickFix] = []
        switch id.name {
        case "undeclaredNear", "undeclared":
            guard journal.accounts.lookup(word) != nil else { return [] }
            let declared = journal.accounts.declared.keys.sorted().map { journal.accounts[$0] }
            if let near = closestWord(to: word, among: declared), near != word {
                fixes.append(QuickFix(title: "Change to '\(near)'", edits: [(offset, end, near)]))
            }
            let at = declarationPlace(file, compilation)
            fixes.append(QuickFix(title: "Declare 'account \(word)'", edits: [(at, at, "account \(word)\n")], preferred: fixes.isEmpty))
        case "accountEndsInAmount":
            guard let amount = amountAtEnd(of: word), word.hasSuffix(" " + amount) else { return [] }
            let space = end - amount.utf8.count - 1
            fixes.append(QuickFix(title: "Separate the amount with two spaces", edits: [(space, space + 1, "  ")]))
        case "doesNotBalance":
            if let fix = balancingFix(at: offset, file, compilation) { fixes.append(fix) }
        default: break
        }
        return fixes
    }

    /// Where a new `account` directive goes: before the file's first one, else at its start.
    private func declarationPlace(_ file: SourceFile, _ compilation: Compilation) -> Int {
        let index = compilation.sources.files.firstIndex { $0 === file }.map(Int32.init)
        let first = compilation.ledger.journal.accounts.declared.values.filter { $0.file == index }.min()
        return first.map { file.lineStart(before: Int($0.offset)) } ?? file.contentStart
    }

    /// For a transaction off in one commodity: set its last amount of that
    /// commodity (written, with no cost) to what balances it.
    private func balancingFix(at offset: Int, _ file: SourceFile, _ compilation: Compilation) -> QuickFix? {
        let ledger = compilation.ledger
        guard let t = ledger.transactions.first(where: { $0.generated == nil && Int($0.location.offset) == offset && compilation.sources.files[Int($0.location.file)] === file }) else { return nil }
        var sums = AmountSums()
        for p in t.postings where p.virtual == .real {
            guard let a = p.amount, p.cost == nil, p.lot == nil, sums.add(a) else { return nil }
        }
        let c = ledger.journal.commodities
        let off = sums.nonZero(c)
        guard off.count == 1, let last = t.postings.lastIndex(where: { $0.virtual == .real && $0.amount?.commodity == off[0].commodity && !$0.isInferred }),
              let amount = t.postings[last].amount, let fixed = amount.quantity.subtracting(off[0].quantity) else { return nil }
        let start = Int(t.postings[last].amountLocation.offset)
        var end = start
        let b = file.bytes
        while end < b.count, ![0x0A, 0x0D, 0x09, UInt8(ascii: ";"), UInt8(ascii: "@"), UInt8(ascii: "=")].contains(b[end]),
              !(b[end] == 0x20 && end + 1 < b.count && b[end + 1] == 0x20) { end += 1 }
        while end > start, b[end - 1] == 0x20 { end -= 1 }
        let text = c.format(Amount(fixed, amount.commodity))
        return QuickFix(title: "Change the amount to \(text) so that the transaction balances", edits: [(start, end, text)])
    }
}
