/// A transaction as `ledgerc add` was given it: amounts are text, read later
/// with the journal's own rules (its commodity formats and decimal mark).
public struct NewTransaction {
    public var date: CivilDate
    public var description: String
    public var postings: [(account: String, amount: String?)]

    /// Control characters (ESC, BEL, C1, U+2028, bidi overrides) and line
    /// breaks in what was typed become spaces: they never reach the journal.
    public init(date: CivilDate, description: String, postings: [(account: String, amount: String?)]) {
        self.date = date
        self.description = description.holdsUnsafeScalars ? description.journalSafe(forbidding: []) : description
        self.postings = postings.map { p in
            (p.account.holdsUnsafeScalars ? p.account.journalSafe(forbidding: []) : p.account, p.amount.map { $0.holdsUnsafeScalars ? $0.journalSafe(forbidding: []) : $0 })
        }
    }

    /// The transaction as ledger text in the canonical layout of `fmt`.
    public var text: [UInt8] {
        var s = "\(date)" + TransactionHeader.codeAndDescription(code: nil, description: description) + "\n"
        for p in postings { s += "    \(p.account)" + (p.amount.map { "  \($0)" } ?? "") + "\n" }
        return LedgerFormatter().format(Array(s.utf8))
    }
}

/// Where and how `ledgerc add` writes a new transaction, checked against the
/// whole journal first: its accounts must be known (unless new ones are
/// allowed), and the journal with it must compile without errors (it
/// balances, its numbers read, no later balance assertion breaks).
///
/// It goes after the last transaction of FILE dated on or before it, or at
/// the end when FILE is not in date order; every other byte stays as it was.
public struct AddPlan {
    /// The transaction as written (canonical layout, the file's line ends).
    public let text: [UInt8]
    /// FILE with the transaction in it.
    public let edited: [UInt8]
    /// The line of FILE where the transaction starts.
    public let line: Int
    /// Why it must not be written; empty when it may.
    public private(set) var problems: [Diagnostic] = []
    /// The compile's files and `(new transaction)`, to print `problems` against.
    public let sources: SourceManager

    /// The name under which problems inside the new transaction are shown.
    public static let pseudoPath = "(new transaction)"

    public init(_ compilation: Compilation, new: NewTransaction, allowNewAccounts: Bool, options: CompileOptions) {
        let fileIndex = compilation.rootFiles[0]
        let file = compilation.sources.files[fileIndex]
        let bytes = file.bytes
        let canonical = new.text
        // The pseudo file: the transaction alone, so that a problem in it points into it.
        sources = SourceManager()
        for f in compilation.sources.files { sources.add(f) }
        let pseudo = sources.add(SourceFile(path: AddPlan.pseudoPath, bytes: canonical))
        // Line ends follow the file's first line.
        let crlf = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
        var written: [UInt8] = []
        for b in canonical {
            if b == 0x0A && crlf { written.append(0x0D) }
            written.append(b)
        }
        text = written
        let (at, leading, trailing) = AddPlan.insertionPoint(compilation, fileIndex: fileIndex, date: new.date, crlf: crlf)
        let inserted = leading + written + trailing
        let insertion = TextEdit(file: fileIndex, range: at..<at, text: inserted)
        edited = TextEdit.apply([insertion], to: bytes)
        line = edited[..<(at + leading.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        problems += unknownAccounts(compilation, new: new, canonical: canonical, pseudo: pseudo, allowed: allowNewAccounts)
        guard problems.isEmpty else { return }
        // Compile the journal with the transaction in it; map each problem back.
        var options = options
        options.horizon = compilation.ledger.until
        let after = CheckedEdit(compilation, edits: [insertion], keeps: .errorsOnly).check(options: options).after
        let start = at + leading.count, end = start + written.count
        // A place in the edited compile, as a place in FILE as it is, or in the new transaction.
        func mapped(_ loc: SourceLocation) -> SourceLocation? {
            let path = after.sources.files[Int(loc.file)].path
            guard path == file.path else {
                // Another file: the same index when the compile read it too.
                return sources.files.firstIndex { $0.path == path }.map { SourceLocation(file: $0, offset: Int(loc.offset)) }
            }
            let o = Int(loc.offset)
            guard o >= start && o < end else {
                return SourceLocation(file: fileIndex, offset: o >= end ? o - inserted.count : min(o, bytes.count))
            }
            // `\r`s added for the file's line ends are not in the pseudo file.
            let local = o - start
            let crs = crlf ? written[..<local].filter { $0 == 0x0D }.count : 0
            return SourceLocation(file: pseudo, offset: local - crs)
        }
        for d in after.diagnostics.sorted() where d.severity == .error || AddPlan.isInside(d.location, after, file.path, start, end) {
            problems.append(d.moved(mapped))
        }
    }

    private static func isInside(_ location: SourceLocation?, _ c: Compilation, _ path: String, _ start: Int, _ end: Int) -> Bool {
        guard let location, c.sources.files[Int(location.file)].path == path else { return false }
        return Int(location.offset) >= start && Int(location.offset) < end
    }

    /// Accounts not in the journal, each with the nearest known names.
    private func unknownAccounts(_ c: Compilation, new: NewTransaction, canonical: [UInt8], pseudo: Int, allowed: Bool) -> [Diagnostic] {
        guard !allowed else { return [] }
        let accounts = c.ledger.journal.accounts
        let known = (0..<Int32(accounts.count)).map { accounts[$0] }
        let knownSet = Set(known)
        var out: [Diagnostic] = []
        let text = String(decoding: canonical, as: UTF8.self)
        for p in new.postings where !knownSet.contains(p.account) {
            var notes: [DiagnosticNote] = []
            // An account the typed name begins (`지출:가전` → `지출:가전가구`), or whose part its last part begins, before one spelled alike.
            let near = AddPlan.byPrefix(p.account, among: known) ?? AddPlan.bySegment(p.account, among: known) ?? closestWord(to: p.account, among: known)
            if let near { notes.append(DiagnosticNote(Messages.didYouMean(near))) }
            notes.append(DiagnosticNote(Messages.newAccountHint))
            let offset = AddPlan.accountOffset(in: text, account: p.account) ?? 0
            out.append(Diagnostic(.error, Messages.unknownAccount(p.account), at: SourceLocation(file: pseudo, offset: offset), notes: notes))
        }
        return out
    }

    /// The shortest known account the typed name is the start of (`지출:가전` → `지출:가전가구`).
    static func byPrefix(_ name: String, among known: [String]) -> String? {
        let typed = name.lowercased()
        guard !typed.isEmpty else { return nil }
        return known.filter { $0.count > name.count && $0.lowercased().hasPrefix(typed) }.min { ($0.count, $0) < ($1.count, $1) }
    }

    /// A known account whose last part starts with the typed name's last part (`식비` → `지출:식비`).
    static func bySegment(_ name: String, among known: [String]) -> String? {
        let last = name.split(separator: ":").last.map { $0.lowercased() } ?? name.lowercased()
        guard !last.isEmpty else { return nil }
        return known.filter { $0.split(separator: ":").contains { $0.lowercased().hasPrefix(last) } }.min { $0.count < $1.count }
    }

    /// Where the transaction goes, and the line ends to put before and after it.
    static func insertionPoint(_ c: Compilation, fileIndex: Int, date: CivilDate, crlf: Bool) -> (Int, [UInt8], [UInt8]) {
        InsertionPoints(c, fileIndex: fileIndex, crlf: crlf).point(for: date)
    }
}

/// Where new transactions go in a file (`add`, `import`): after the last
/// transaction dated on or before them when the file is in date order, else
/// at the end. Made once per file; each point is a binary search.
struct InsertionPoints {
    let bytes: [UInt8]
    let eol: [UInt8]
    /// The day and header offset of the file's recorded transactions in file
    /// order, when that is date order; nil otherwise.
    let inOrder: [(date: CivilDate, offset: Int)]?

    /// The points of file `fileIndex` of `c` (its places in the file, when `c` was read in chunks).
    init(_ c: Compilation, fileIndex: Int, crlf: Bool) {
        bytes = c.sources.files[fileIndex].bytes
        eol = crlf ? [0x0D, 0x0A] : [0x0A]
        // Two fields of each recorded transaction, read in place (a copy of
        // each transaction would retain its every string and array).
        var mine: [(date: CivilDate, offset: Int)] = []
        var sorted = true
        c.ledger.transactions.withUnsafeBufferPointer { all in
            for k in all.indices where all[k].generated == nil {
                let place = c.placeInFile(all[k].location)
                guard place.file == fileIndex else { continue }
                if let last = mine.last, last.offset > place.offset { sorted = false }
                mine.append((all[k].date, Int(place.offset)))
            }
        }
        if !sorted { mine.sort { $0.offset < $1.offset } }
        inOrder = !mine.isEmpty && zip(mine, mine.dropFirst()).allSatisfy { $0.date <= $1.date } ? mine : nil
    }

    /// The offset, and the line ends to put before and after the transaction.
    func point(for date: CivilDate) -> (Int, [UInt8], [UInt8]) {
        guard let mine = inOrder else { return atEnd() }
        // The last transaction dated on or before `date`.
        let lo = mine.partitionIndex { $0.date > date }
        guard lo > 0 else {
            // Earlier than every transaction: just before the first.
            return (mine[0].offset, [], eol)
        }
        let at = MaterializePlan.block(bytes, after: MaterializePlan.lineEnd(bytes, from: mine[lo - 1].offset)).end
        if at >= bytes.count { return atEnd() }
        return (at, eol, [])
    }

    func atEnd() -> (Int, [UInt8], [UInt8]) {
        var leading: [UInt8] = []
        if !bytes.isEmpty && bytes.last != 0x0A { leading += eol }
        // One blank line before it, unless the file already ends with one (or is empty).
        let endsBlank = bytes.suffix(2).elementsEqual([0x0A, 0x0A]) || bytes.suffix(3).elementsEqual([0x0A, 0x0D, 0x0A])
        if !bytes.isEmpty && !endsBlank { leading += eol }
        return (bytes.count, leading, [])
    }
}

extension AddPlan {
    /// The byte offset of the account on the posting line naming it.
    static func accountOffset(in text: String, account: String) -> Int? {
        var offset = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.count < line.count, trimmed.hasPrefix(account) { return offset + line.utf8.count - trimmed.utf8.count }
            offset += line.utf8.count + 1
        }
        return nil
    }
}
