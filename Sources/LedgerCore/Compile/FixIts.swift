/// The fixes a compile knows for its diagnostics, attached to them
/// (`Diagnostic.fixes`) once the ledger is built: `check --diagnostics json`
/// prints them and the language server offers them as quick fixes. Each is
/// checked against the text at the diagnostic's place; a diagnostic whose
/// text does not read as expected gets none.
enum FixIts {
    /// The most diagnostics given fixes in one compile (a fix for an unknown
    /// account compares its name with every declared one).
    static let most = 200

    /// The messages that have fixes, by ID (derived from the catalogue).
    static let undeclared = Messages.undeclared("", "").id
    static let undeclaredNear = Messages.undeclaredNear("", "").id
    static let accountEndsInAmount = Messages.accountEndsInAmount("", "").id
    static let doesNotBalance = Messages.doesNotBalance("").id
    static let companyMarkAsCode = Messages.companyMarkAsCode("").id

    /// Attaches the fixes of the first `most` diagnostics that have one.
    static func attach(to diagnostics: DiagnosticEngine, ledger: Ledger, sources: SourceManager) {
        let wanted: Set<MessageID> = [undeclared, undeclaredNear, accountEndsInAmount, doesNotBalance, companyMarkAsCode]
        guard diagnostics.diagnostics.contains(where: { $0.id.map(wanted.contains) ?? false }) else { return }
        var given = 0
        var declared: NearWords?
        diagnostics.update { d in
            guard given < most, let id = d.id, wanted.contains(id), let at = d.location, Int(at.file) < sources.files.count else { return }
            d.fixes = fixes(id, at: at, ledger: ledger, sources: sources, declared: &declared)
            if !d.fixes.isEmpty { given += 1 }
        }
    }

    /// The fixes for a diagnostic of message `id` at `at`. `declared` is the
    /// declared accounts prepared for near misses, made at the first fix that needs them.
    static func fixes(_ id: MessageID, at: SourceLocation, ledger: Ledger, sources: SourceManager, declared: inout NearWords?) -> [FixIt] {
        let file = sources.files[Int(at.file)]
        let journal = ledger.journal
        let offset = Int(at.offset), index = Int(at.file)
        let end = file.wordEnd(from: offset)
        let word = String(decoding: file.bytes[offset..<end], as: UTF8.self)
        func edit(_ range: Range<Int>, _ text: String) -> TextEdit { TextEdit(file: index, range: range, text: Array(text.utf8)) }
        var fixes: [FixIt] = []
        switch id {
        case companyMarkAsCode:
            // `(주)에프알엘코리아` as the description: an empty code before it.
            guard offset < file.bytes.count, file.bytes[offset] == UInt8(ascii: "(") else { return [] }
            let mark = String(decoding: file.bytes[offset..<min(file.bytes.count, offset + 5)], as: UTF8.self)
            fixes.append(FixIt(Language.text("Keep '\(mark)' in the description: write '() ' before it", ko: "'\(mark)'을(를) 적요에 남기기: 앞에 '() ' 쓰기"), edits: [edit(offset..<offset, "() ")]))
        case undeclared, undeclaredNear:
            guard journal.accounts.lookup(word) != nil else { return [] }
            let names = declared ?? NearWords(journal.accounts.declared.keys.sorted().map { journal.accounts[$0] })
            declared = names
            if let near = names.closest(to: word), near != word {
                fixes.append(FixIt(Language.text("Change to '\(near)'", ko: "'\(near)'(으)로 바꾸기"), edits: [edit(offset..<end, near)]))
            }
            // Before the file's first `account` directive, else at its start
            // (by path: the editor reads a large file as a head and chunks).
            let sameFile = sources.files.indices.filter { sources.files[$0].path == file.path }
            let first = journal.accounts.declared.values.filter { sameFile.contains(Int($0.file)) }.min()
            let target = first.map { Int($0.file) } ?? sameFile.first ?? index
            let targetFile = sources.files[target]
            let place = first.map { targetFile.lineStart(before: Int($0.offset)) } ?? targetFile.contentStart
            fixes.append(FixIt(Language.text("Declare 'account \(word)'", ko: "'account \(word)' 선언하기"), edits: [TextEdit(file: target, range: place..<place, text: Array("account \(word)\n".utf8))],
                               preferred: fixes.isEmpty))
        case accountEndsInAmount:
            guard let amount = amountAtEnd(of: word), word.hasSuffix(" " + amount) else { return [] }
            let space = end - amount.utf8.count - 1
            fixes.append(FixIt(Language.text("Separate the amount with two spaces", ko: "금액 앞을 공백 두 칸으로 띄우기"), edits: [edit(space..<space + 1, "  ")]))
        case doesNotBalance:
            if let fix = balancingFix(at: at, ledger: ledger, file: file) { fixes.append(fix) }
        default: break
        }
        return fixes
    }

    /// For a transaction off in one commodity: set its last amount of that
    /// commodity (written, with no cost) to what balances it.
    static func balancingFix(at: SourceLocation, ledger: Ledger, file: SourceFile) -> FixIt? {
        guard let t = ledger.transactions.first(where: { $0.generated == nil && $0.location == at }) else { return nil }
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
        return FixIt(Language.text("Change the amount to \(text) so that the transaction balances", ko: "거래의 합이 맞도록 금액을 \(text)(으)로 바꾸기"),
                     edits: [TextEdit(file: Int(at.file), range: start..<end, text: Array(text.utf8))])
    }
}
