/// What the text before the cursor asks to be completed, and where that text starts.
enum CompletionContext: Equatable {
    /// A word at the start of a line: a directive keyword.
    case directive(String)
    /// The description after a transaction's date: a payee.
    case payee(String)
    /// An indented name: an account.
    case account(String)
    /// A word after a posting's number: a commodity.
    case commodity(String)
    /// A word of a `repeat` rule's header.
    case ruleWord(String)
    case nothing

    /// Reads the line's text before the cursor; `start` is where the text to
    /// replace begins, as an offset into `line`.
    init(line: [UInt8], start: inout Int) {
        let s = String(decoding: line, as: UTF8.self)
        start = line.count
        self = .nothing
        guard let first = line.first else {
            self = .directive("")
            return
        }
        func word(from i: Int) -> String { String(decoding: line[i...], as: UTF8.self) }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        if isSpace(first) {
            var i = 0
            while i < line.count, isSpace(line[i]) { i += 1 }
            if i < line.count, line[i] == UInt8(ascii: ";") || line[i] == UInt8(ascii: "#") { return }
            // A status mark and a virtual posting's bracket come before the name.
            if i + 1 < line.count, line[i] == UInt8(ascii: "*") || line[i] == UInt8(ascii: "!"), line[i + 1] == 0x20 { i += 2 }
            if i < line.count, line[i] == UInt8(ascii: "(") || line[i] == UInt8(ascii: "[") { i += 1 }
            // The name ends at two spaces or a tab.
            var gap: Int?
            var k = i
            while k < line.count {
                if line[k] == 0x09 || (line[k] == 0x20 && k + 1 < line.count && line[k + 1] == 0x20) { gap = k; break }
                k += 1
            }
            guard let gap else {
                start = i
                self = .account(word(from: i))
                return
            }
            // After the name: a number, then the commodity being typed.
            var j = gap
            while j < line.count, isSpace(line[j]) { j += 1 }
            if j < line.count, line[j] == UInt8(ascii: "-") || line[j] == UInt8(ascii: "+") { j += 1 }
            let digits = j
            while j < line.count, (line[j] >= 0x30 && line[j] <= 0x39) || line[j] == UInt8(ascii: ",") || line[j] == UInt8(ascii: ".") { j += 1 }
            guard j > digits else { return }
            while j < line.count, line[j] == 0x20 { j += 1 }
            let rest = word(from: j)
            if rest.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0 != "@" && $0 != "=" && $0 != ";" }) {
                start = j
                self = .commodity(rest)
            }
            return
        }
        if first >= 0x30 && first <= 0x39 {
            // DATE[=DATE2] [*|!] [(CODE)] DESCRIPTION
            var i = 0
            while i < line.count, !isSpace(line[i]) { i += 1 }
            guard i < line.count else { return }
            while i < line.count, isSpace(line[i]) { i += 1 }
            if i < line.count, line[i] == UInt8(ascii: "*") || line[i] == UInt8(ascii: "!") {
                i += 1
                while i < line.count, isSpace(line[i]) { i += 1 }
            }
            if i < line.count, line[i] == UInt8(ascii: "(") {
                while i < line.count, line[i] != UInt8(ascii: ")") { i += 1 }
                guard i < line.count else { return }
                i += 1
                while i < line.count, isSpace(line[i]) { i += 1 }
            }
            let rest = word(from: i)
            guard !rest.contains(";"), !rest.contains("|"), !rest.contains("  ") else { return }
            start = i
            self = .payee(rest)
            return
        }
        if s.hasPrefix("repeat ") {
            var i = line.count
            while i > 0, !isSpace(line[i - 1]) { i -= 1 }
            // After the schedule and its dates comes the description: nothing to offer there.
            if s.contains("  ") { return }
            start = i
            self = .ruleWord(word(from: i))
            return
        }
        if line.allSatisfy({ ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == UInt8(ascii: "-") }) {
            start = 0
            self = .directive(s)
        }
    }
}

/// The words a `repeat` rule's header may hold after `repeat`.
let ruleHeaderWords = JournalParser.scheduleWords + JournalParser.clauseWords
    + ["last", "day", "1st", "2nd", "3rd", "4th", "5th", "before", "after", "weekend", "holiday"] + Weekday.allCases.map(\.name)

extension LanguageServer {
    /// `textDocument/completion`: accounts ranked by use, payees, commodities,
    /// directive keywords and the words of `repeat` rules.
    func completion(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let position = EditorPosition(params["position"]) else { return .null }
        let file = doc.file
        let cursor = file.offset(of: position, workspace.encoding)
        let lineStart = file.lineStart(before: cursor)
        var start = 0
        let context = CompletionContext(line: file.bytes(in: lineStart..<cursor), start: &start)
        let replaceFrom = lineStart + start
        var items: [(label: String, kind: Int, detail: String?)] = []
        switch context {
        case .nothing: return .null
        case .directive(let prefix):
            let words = Set(JournalParser.knownDirectives + ["repeat"]).sorted()
            items = words.filter { $0.hasPrefix(prefix.lowercased()) }.map { ($0, 14, nil) }
        case .ruleWord(let prefix):
            items = ruleHeaderWords.filter { $0.hasPrefix(prefix.lowercased()) }.map { ($0, 14, nil) }
        case .account(let prefix):
            guard let (compilation, index, text, read) = workspace.completionCompilation(for: doc.uri) else { return .null }
            let here = (Int32(index), lineStart..<file.lineEnd(after: cursor) + 1)
            items = rankedAccounts(compilation, matching: prefix, notOn: inText(text, here, from: file, unchanged: read.flatMap(doc.unchanged(since:))))
                .map { ($0.name, 9, usesText($0.uses)) }
        case .payee(let prefix):
            guard let (compilation, index, text, read) = workspace.completionCompilation(for: doc.uri) else { return .null }
            let here = (Int32(index), lineStart..<file.lineEnd(after: cursor) + 1)
            items = rankedPayees(compilation, matching: prefix, notOn: inText(text, here, from: file, unchanged: read.flatMap(doc.unchanged(since:))))
                .map { ($0.name, 1, usesText($0.uses)) }
        case .commodity(let prefix):
            guard let (compilation, _, _, _) = workspace.completionCompilation(for: doc.uri) else { return .null }
            items = rankedCommodities(compilation, matching: prefix).map { ($0.name, 12, usesText($0.uses)) }
        }
        let typed = String(decoding: file.bytes(in: replaceFrom..<cursor), as: UTF8.self)
        let range = file.editorRange(replaceFrom, cursor, workspace.encoding)
        let list = items.prefix(100).enumerated().map { rank, item -> JSONValue in
            var fields: [(String, JSONValue)] = [("label", .string(item.label)), ("kind", .int(item.kind))]
            if let detail = item.detail { fields.append(("detail", .string(detail))) }
            // Ranked here (a segment may match): the client keeps the order and every item.
            fields.append(("sortText", .string(String(repeating: "0", count: 4 - String(rank).count) + String(rank))))
            fields.append(("filterText", .string(typed.isEmpty ? item.label : typed)))
            fields.append(("textEdit", .object([("range", range), ("newText", .string(item.label))])))
            return .object(fields)
        }
        return .object([("isIncomplete", .bool(true)), ("items", .array(list))])
    }

    /// The line being typed (a range of the document's text now) in `older`,
    /// the text a compilation a few keystrokes old read: widened to all that
    /// was edited since when the two overlap, so that nothing typed on it counts.
    private func inText(_ older: SourceFile, _ here: (Int32, Range<Int>), from now: SourceFile,
                        unchanged: (prefix: Int, suffix: Int)?) -> (Int32, Range<Int>) {
        let r = here.1
        guard older !== now else { return here }
        // The ends the two texts share: as the document's edits since the
        // older text was read bound them (at least that much), else compared.
        let (p, s): (Int, Int)
        if let unchanged {
            let shortest = min(older.byteCount, now.byteCount), prefix = min(unchanged.prefix, shortest)
            (p, s) = (prefix, min(unchanged.suffix, shortest - prefix))
        } else {
            (p, s) = ChunkedJournal.commonEnds(older.bytes, now.bytes)
        }
        let oldEnd = older.byteCount - s, newEnd = now.byteCount - s, delta = now.byteCount - older.byteCount
        if r.upperBound <= p { return here }
        if r.lowerBound >= newEnd { return (here.0, (r.lowerBound - delta)..<(r.upperBound - delta)) }
        return (here.0, min(r.lowerBound, p)..<max(r.upperBound - delta, oldEnd))
    }

    private func usesText(_ n: Int) -> String { n == 1 ? "used once" : "used \(n) times" }

    /// Declared and used accounts whose name, or a segment of it onward,
    /// starts with `prefix` (ignoring case), most used first.
    /// Uses on the line being typed (`notOn`: a file and a byte range) do not count.
    func rankedAccounts(_ c: Compilation, matching prefix: String, notOn here: (Int32, Range<Int>)) -> [(name: String, uses: Int)] {
        let journal = c.ledger.journal
        let uses = nameUses(of: c).accountUses(notOn: here)
        let declared = journal.accounts.declared
        let candidates = (0..<Int32(journal.accounts.count)).filter { uses[Int($0)] > 0 || declared[$0] != nil }
        return ranked(candidates.map { (journal.accounts[$0], uses[Int($0)]) }, matching: prefix)
    }

    func rankedPayees(_ c: Compilation, matching prefix: String, notOn here: (Int32, Range<Int>)) -> [(name: String, uses: Int)] {
        // One payee however it is spelled (`㈜컬리`, `(주)컬리`), offered as first written.
        ranked(nameUses(of: c).payeeUses(notOn: here).values.map { ($0.name, $0.uses) }, matching: prefix, bySegment: false)
    }

    func rankedCommodities(_ c: Compilation, matching prefix: String) -> [(name: String, uses: Int)] {
        let journal = c.ledger.journal, uses = nameUses(of: c).commodities
        let names = (0..<Int32(journal.commodities.count)).map { journal.commodities[$0] }
        return ranked(names.indices.filter { !names[$0].isEmpty }.map { (names[$0], uses[$0]) }, matching: prefix)
    }

    /// The use counts of `c`: those its background compile counted, else
    /// counted when first asked; kept until another compilation is asked.
    func nameUses(of c: Compilation) -> NameUses {
        if let kept = nameUses, kept.describes(c) { return kept }
        let counted = workspace.usesCounted(for: c) ?? NameUses(c)
        nameUses = counted
        return counted
    }

    private func ranked(_ names: [(String, Int)], matching prefix: String, bySegment: Bool = true) -> [(name: String, uses: Int)] {
        let p = compatibilitySpelled(prefix).lowercased()
        func matches(_ name: String) -> Bool {
            let n = compatibilitySpelled(name).lowercased()
            if n.hasPrefix(p) { return true }
            guard bySegment else { return n.contains(p) }
            var rest = Substring(n)
            while let colon = rest.firstIndex(of: ":") {
                rest = rest[rest.index(after: colon)...]
                if rest.hasPrefix(p) { return true }
            }
            return false
        }
        // The text typed so far is no completion of itself.
        return names.filter { $0.0 != prefix && matches($0.0) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
            .map { (name: $0.0, uses: $0.1) }
    }
}
