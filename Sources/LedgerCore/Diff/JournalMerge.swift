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
    /// (`appended`), when the result compiles with no more errors than
    /// either side had (`errors` compiles a text and counts its errors).
    /// Nil when it is no pair of appends, or the result is broken: a
    /// conflict, never a broken journal that git commits.
    package static func cleanAppend(base: [UInt8], ours: [UInt8], theirs: [UInt8], errors: ([UInt8]) -> Int) -> [UInt8]? {
        guard let merged = appended(base: base, ours: ours, theirs: theirs) else { return nil }
        if merged == ours || merged == theirs { return merged }
        return errors(merged) <= max(errors(ours), errors(theirs)) ? merged : nil
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
