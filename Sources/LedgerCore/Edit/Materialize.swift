/// What `ledgerc materialize --write` writes: each unfulfilled occurrence as
/// an ordinary transaction, placed where its rule's text means what it meant.
///
/// An occurrence is written right after its rule (after the occurrences of it
/// already recorded there), so the directives in effect are the rule's own:
/// aliases, `apply account`, `decimal-mark`, `D`, commodity formats. The
/// header's status, code, description and comment, and the posting lines, are
/// copied as the user wrote them, so numbers keep the file's decimal mark,
/// grouping and precision; line endings follow the rule's line. A comment line
/// `; repeat: DESCRIPTION` links the transaction to its occurrence (its value
/// runs to the end of the line, so any description survives).
///
/// The plan is checked before anything is written: the edited files must
/// compile without errors to the same transactions (generated ones now
/// recorded), prices, declarations and precisions (`problems` says why not).
public struct MaterializePlan {
    /// Insertions, by file index of the compile.
    public private(set) var edits: [TextEdit] = []
    public private(set) var occurrences = 0
    public private(set) var rules = 0
    /// Why the plan must not be written; empty when it keeps the meaning.
    public private(set) var problems: [Diagnostic] = []

    public init(_ compilation: Compilation, today: CivilDate?) {
        let ledger = compilation.ledger
        let journal = ledger.journal
        var byRule: [Int32: [Transaction]] = [:]
        for t in ledger.ordered {
            if let g = t.generated { byRule[g.rule, default: []].append(t) }
        }
        guard !byRule.isEmpty else { return }
        occurrences = byRule.values.reduce(0) { $0 + $1.count }
        rules = byRule.count
        // Where each rule's recorded occurrences start, by file and folded name, read once.
        var recordedAt: [Int32: [String: Set<Int>]] = [:]
        for t in ledger.transactions where t.generated == nil {
            if let name = t.tag("repeat") { recordedAt[t.location.file, default: [:]][foldedName(name), default: []].insert(Int(t.location.offset)) }
        }
        for (r, generated) in byRule.sorted(by: { $0.key < $1.key }) {
            let rule = journal.rules[Int(r)]
            let file = compilation.sources[rule.location.file]
            if rule.card != nil {
                // A card's payments: whole transactions at the end of the file that declares the card.
                edits.append(MaterializePlan.cardPayments(generated, journal: journal, file: file, fileIndex: Int(rule.location.file)))
                continue
            }
            let recorded = recordedAt[rule.location.file]?[foldedName(rule.description)] ?? []
            edits.append(MaterializePlan.insertion(of: generated, rule: rule, file: file, fileIndex: Int(rule.location.file), recordedAt: recorded))
        }
        problems = check(compilation, today: today)
    }

    /// The edited text of each file the plan changes.
    public func editedFiles(_ sources: SourceManager) -> [(index: Int, bytes: [UInt8])] { TextEdit.editedFiles(edits, in: sources) }

    /// What would be written, for `materialize` without `--write`.
    public var preview: [UInt8] { edits.flatMap(\.text) }

    static func insertion(of generated: [Transaction], rule: RepeatRule, file: SourceFile, fileIndex: Int, recordedAt: Set<Int>) -> TextEdit {
        let bytes = file.bytes
        let headerStart = Int(rule.location.offset)
        let headerEnd = lineEnd(bytes, from: headerStart)
        let eol: [UInt8] = headerEnd > headerStart && bytes[headerEnd - 1] == 0x0D ? [0x0D, 0x0A] : [0x0A]
        var (templateLines, end) = block(bytes, after: headerEnd)
        // After the occurrences of this rule already recorded right below it.
        while true {
            var next = end
            while next < bytes.count, isSkippable(bytes, next) { next = lineEnd(bytes, from: next) + 1 }
            guard next < bytes.count, recordedAt.contains(next) else { break }
            end = block(bytes, after: lineEnd(bytes, from: next)).end
        }
        var restStart = Int(rule.headerRestOffset)
        while restStart < headerEnd, bytes[restStart] == 0x20 || bytes[restStart] == 0x09 { restStart += 1 }
        let rest = Array(bytes[restStart..<max(restStart, contentEnd(bytes, headerEnd))])
        let indent = templateLines.first.map { Array(bytes[$0].prefix { $0 == 0x20 || $0 == 0x09 }) } ?? [0x20, 0x20, 0x20, 0x20]
        var text: [UInt8] = []
        if end > 0, end == bytes.count, bytes[end - 1] != 0x0A { text += eol }
        for t in generated {
            text += eol
            text += Array(t.date.description.utf8)
            if !rest.isEmpty { text += [0x20] + rest }
            text += eol
            text += indent + Array("; repeat: \(rule.description)".utf8) + eol
            for line in templateLines { text += Array(bytes[line.lowerBound..<contentEnd(bytes, line.upperBound)]) + eol }
        }
        return TextEdit(file: fileIndex, range: end..<end, text: text)
    }

    /// A card's generated payments as recorded transactions, appended to the file.
    static func cardPayments(_ generated: [Transaction], journal: Journal, file: SourceFile, fileIndex: Int) -> TextEdit {
        let bytes = file.bytes
        var text: [UInt8] = []
        if let last = bytes.last, last != 0x0A { text.append(0x0A) }
        for t in generated {
            text += Array("\n\(t.date) \(t.description)\n".utf8)
            for p in t.postings {
                text += Array("    \(journal.accounts[p.account])  \(p.amount.map { journal.commodities.format($0) } ?? "")\n".utf8)
            }
        }
        return TextEdit(file: fileIndex, range: bytes.count..<bytes.count, text: text)
    }

    /// The rule's (or a transaction's) indented lines after its header line,
    /// and the offset after the last of them. Blank lines and column-1
    /// comments between them belong to no item and are passed over.
    static func block(_ bytes: [UInt8], after headerEnd: Int) -> (lines: [Range<Int>], end: Int) {
        var lines: [Range<Int>] = []
        var end = min(headerEnd + 1, bytes.count)
        var pos = end
        while pos < bytes.count {
            let e = lineEnd(bytes, from: pos)
            if isSkippable(bytes, pos) {
                pos = e + 1
                continue
            }
            guard bytes[pos] == 0x20 || bytes[pos] == 0x09 else { break }
            lines.append(pos..<e)
            end = min(e + 1, bytes.count)
            pos = e + 1
        }
        return (lines, end)
    }

    /// A blank line or a column-1 comment.
    static func isSkippable(_ bytes: [UInt8], _ pos: Int) -> Bool {
        let e = contentEnd(bytes, lineEnd(bytes, from: pos))
        if bytes[pos..<e].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
        return Lexer.startsComment(bytes[pos])
    }

    /// The offset of the line's `\n` (or the end of the bytes).
    static func lineEnd(_ bytes: [UInt8], from pos: Int) -> Int {
        var i = pos
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        return i
    }

    /// The end of a line's content: before its `\r`, if any.
    static func contentEnd(_ bytes: [UInt8], _ lineEnd: Int) -> Int {
        lineEnd > 0 && lineEnd <= bytes.count && bytes[lineEnd - 1] == 0x0D ? lineEnd - 1 : lineEnd
    }

    /// Compiles the edited files and compares what they mean with the original.
    private func check(_ before: Compilation, today: CivilDate?) -> [Diagnostic] {
        let outcome = CheckedEdit(before, edits: edits, keeps: .recorded).check(options: CompileOptions(horizon: before.ledger.until, today: today))
        var problems = outcome.errors.map { d -> Diagnostic in
            var d = d
            let message = Messages.materializeWouldFail(d.message)
            d.message = message.text
            d.id = message.id
            d.location = nil
            d.fixes = []
            return d
        }
        if problems.isEmpty, !outcome.keepsMeaning {
            problems.append(Diagnostic(.error, Messages.materializeWouldChangeMeaning, at: nil))
        }
        return problems
    }
}
