/// Merging two versions of a journal that each appended to a common one
/// (`ledgerc merge`, git's merge driver): what both appended, entry by
/// entry, in date order.
package enum JournalMerge {
    /// BASE followed by the entries OURS and THEIRS appended, in date order
    /// (on one day, ours first; an entry written alike on both sides once,
    /// as many times as the side with more of it wrote it).
    /// Nil when either side changed BASE rather than appending to it.
    package static func appended(base: [UInt8], ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        if ours == theirs || theirs == base { return ours }
        if ours == base { return theirs }
        guard let a = tail(of: ours, after: base), let b = tail(of: theirs, after: base) else { return nil }
        // An indented first line belongs to BASE's last entry (a posting added
        // to its last transaction): an edit, not an append.
        if startsIndented(a) || startsIndented(b) { return nil }
        let mine = entries(a), other = entries(b)
        // An entry of theirs written alike in ours is kept once, each of ours
        // matching one of theirs: two coffees appended by one side stay two.
        var unclaimed: [[UInt8]: Int] = [:]
        for e in mine { unclaimed[e.text, default: 0] += 1 }
        let all = mine.enumerated().map { (key: ($0.element.day, 0, $0.offset), text: $0.element.text) }
            + other.enumerated().compactMap { n, e -> (key: (Int32, Int, Int), text: [UInt8])? in
                if let k = unclaimed[e.text], k > 0 {
                    unclaimed[e.text] = k - 1
                    return nil
                }
                return ((e.day, 1, n), e.text)
            }
        var out = base
        if let last = out.last, last != 0x0A { out.append(0x0A) }
        for (k, entry) in all.sorted(by: { $0.key < $1.key }).enumerated() {
            // One blank line between entries, as fmt writes them.
            if k > 0 || !(out.isEmpty || out.suffix(2) == [0x0A, 0x0A]) { out.append(0x0A) }
            out += entry.text
        }
        return out
    }

    /// The merge `ledgerc merge` calls clean: the two appends merged
    /// (`appended`), when the result `isClean`.
    /// Nil when it is no pair of appends, or the result is broken: a
    /// conflict, never a broken journal that git commits.
    package static func cleanAppend(base: [UInt8], ours: [UInt8], theirs: [UInt8], compiled: ([UInt8]) -> Compilation) -> [UInt8]? {
        guard let merged = appended(base: base, ours: ours, theirs: theirs) else { return nil }
        if merged == ours || merged == theirs { return merged }
        return isClean(merged, base: base, ours: ours, theirs: theirs, compiled: compiled) ? merged : nil
    }

    /// A merged text git may commit: no more errors than either side had,
    /// and every entry of each side meaning what it meant there (`keepsMeaning`).
    package static func isClean(_ merged: [UInt8], base: [UInt8], ours: [UInt8], theirs: [UInt8], compiled: ([UInt8]) -> Compilation) -> Bool {
        // The side with more errors is what the merge may keep: CheckedEdit's "no new errors".
        let sides = [compiled(ours), compiled(theirs)]
        let worse = sides[sides[1].diagnostics.errorCount > sides[0].diagnostics.errorCount ? 1 : 0]
        guard !CheckedEdit.hasNewErrors(compiled(merged), comparedTo: worse) else { return false }
        return keepsMeaning(base: base, ours: ours, theirs: theirs, merged: merged, compiled: compiled)
    }

    /// Whether every entry of each side means in `merged` what it meant on
    /// its own side (issue 56): the merged journal's transactions (recorded
    /// and generated, each as `print` writes it: its accounts as the journal
    /// reads them, its amounts explicit) and market prices are BASE's, with
    /// what each side added and took away. An entry both sides added is
    /// there once (as `appended` keeps it). So a directive one side appended
    /// (`alias Assets:Bank = Assets:Attacker`, `apply account`, `comment`,
    /// `D`, `year`, `decimal-mark`, `include`) that changes what the other
    /// side's entries mean makes the merge a conflict; one that changes no
    /// entry's meaning is harmless. `compiled` compiles a text whole.
    package static func keepsMeaning(base: [UInt8], ours: [UInt8], theirs: [UInt8], merged: [UInt8], compiled: ([UInt8]) -> Compilation) -> Bool {
        func entries(_ bytes: [UInt8]) -> [String: Int] {
            let c = compiled(bytes)
            let journal = c.ledger.journal
            let printer = LedgerPrinter(journal: journal, sources: c.sources)
            var out: [String: Int] = [:]
            for t in c.ledger.ordered {
                var one = ByteBuffer(capacity: 256)
                if let g = t.generated { one.write("; rule \(journal.rules[Int(g.rule)].description) #\(g.occurrence)\n") }
                printer.write(t, into: &one)
                out[one.string, default: 0] += 1
            }
            for p in journal.prices {
                var one = ByteBuffer(capacity: 64)
                p.date.write(into: &one)
                one.write(" P \(journal.commodities[p.commodity]) \(printer.amountText(p.price))")
                out[one.string, default: 0] += 1
            }
            return out
        }
        let b = entries(base), o = entries(ours), t = entries(theirs), m = entries(merged)
        for key in Set(b.keys).union(o.keys).union(t.keys).union(m.keys) {
            let before = b[key] ?? 0, mine = (o[key] ?? 0) - before, other = (t[key] ?? 0) - before
            // Added on both sides: kept once (the larger count); taken away on both: once.
            let change = mine > 0 && other > 0 ? max(mine, other) : mine < 0 && other < 0 ? min(mine, other) : mine + other
            if (m[key] ?? 0) != before + change { return false }
        }
        return true
    }

    /// OURS and THEIRS as one text with git's conflict markers around the
    /// lines where they differ (the lines both begin and end with kept
    /// once): what a person resolves when a merge that git found clean
    /// would change an entry's meaning.
    package static func wholeSidesConflict(ours: [UInt8], theirs: [UInt8]) -> [UInt8] {
        func lines(_ b: [UInt8]) -> [ArraySlice<UInt8>] {
            var out = b.split(separator: 0x0A, omittingEmptySubsequences: false)
            if out.last?.isEmpty == true { out.removeLast() }
            return out
        }
        let a = lines(ours), b = lines(theirs)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var out: [UInt8] = []
        func add(_ ls: ArraySlice<ArraySlice<UInt8>>) { for l in ls { out += l; out.append(0x0A) } }
        add(a[..<head])
        out += Array("<<<<<<< ours\n".utf8)
        add(a[head..<(a.count - tail)])
        out += Array("=======\n".utf8)
        add(b[head..<(b.count - tail)])
        out += Array(">>>>>>> theirs\n".utf8)
        add(a[(a.count - tail)...])
        return out
    }

    /// What `text` adds after `base`, when `base` (give or take its last line
    /// break) starts it and the addition starts a line: text added at the end
    /// of base's last line (`Equity:Opening` → `Equity:Opening:Sub`) is a
    /// change, not an append.
    static func tail(of text: [UInt8], after base: [UInt8]) -> ArraySlice<UInt8>? {
        var b = base[...]
        while b.last == 0x0A || b.last == 0x0D || b.last == 0x20 || b.last == 0x09 { b = b.dropLast() }
        guard text.count >= b.count, text[..<b.count].elementsEqual(b) else { return nil }
        let rest = text[b.count...]
        // Blanks may end the last line; then a line break, or nothing more.
        let afterBlanks = rest.drop { $0 == 0x20 || $0 == 0x09 }
        guard b.isEmpty || afterBlanks.isEmpty || afterBlanks.first == 0x0A || afterBlanks.first == 0x0D else { return nil }
        return rest
    }

    /// Whether the first line of `text` that is not blank starts with a space or a tab.
    static func startsIndented(_ text: ArraySlice<UInt8>) -> Bool {
        for line in text.split(separator: 0x0A, omittingEmptySubsequences: true) {
            var content = line
            if content.last == 0x0D { content = content.dropLast() }
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            return content.first == 0x20 || content.first == 0x09
        }
        return false
    }

    /// The entries of an appended text: each starts at a line in column one
    /// (a transaction, a directive, a comment) and takes the indented lines
    /// under it; blank lines between entries are dropped, and each entry ends
    /// with one line break. An entry that is no dated transaction takes the
    /// day of the one before it (so a `P` line stays where it was written).
    static func entries(_ text: ArraySlice<UInt8>) -> [(day: Int32, text: [UInt8])] {
        var out: [(day: Int32, text: [UInt8])] = []
        var day = Int32.min
        for line in text.split(separator: 0x0A, omittingEmptySubsequences: false) {
            var content = line
            if content.last == 0x0D { content = content.dropLast() }
            if content.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let indented = content.first == 0x20 || content.first == 0x09
            if indented, !out.isEmpty {
                out[out.count - 1].text += line + [0x0A]
                continue
            }
            if let d = leadingDate(content) { day = d }
            out.append((day, Array(line) + [0x0A]))
        }
        return out
    }

    /// The day a line starts with (`2025-03-02`, `2025/03/02`, `2025.03.02`), if any.
    static func leadingDate(_ line: ArraySlice<UInt8>) -> Int32? {
        let bytes = Array(line.prefix(10))
        guard bytes.count == 10, [4, 7].allSatisfy({ bytes[$0] == 0x2D || bytes[$0] == 0x2F || bytes[$0] == 0x2E }),
              let date = CivilDate.parse(String(decoding: bytes, as: UTF8.self)) else { return nil }
        return date.day
    }
}
