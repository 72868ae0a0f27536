/// Reads tags from a comment: `key: value` (value to the next comma or the end
/// of its line) and ledger-style `:tag1:tag2:`. Works on UTF-8 bytes; only the
/// tags found become strings.
package func parseTags(_ comment: String) -> Tags {
    var tags: Tags = []
    var text = comment
    text.withUTF8 { b in
        @inline(__always) func string(_ r: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self) }
        forEachTag(in: b) { key, value in tags.append((string(key), string(value))) }
    }
    return tags
}

/// Calls `body` with the byte ranges of each tag's key and value in a
/// comment's bytes, in order (`parseTags` without making strings).
func forEachTag(in b: UnsafeBufferPointer<UInt8>, _ body: (_ key: Range<Int>, _ value: Range<Int>) -> Void) {
    let n = b.count
    @inline(__always) func isBreak(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x2C || c == 0x0A }
    var i = 0
    while i < n {
        guard b[i] == 0x3A else { i += 1; continue }
        // Ledger-style :a:b: at the start of a word.
        if i + 1 < n, !isBreak(b[i + 1]), b[i + 1] != 0x3A, i == 0 || isBreak(b[i - 1]) {
            var j = i + 1
            while j < n, b[j] != 0x20, b[j] != 0x09, b[j] != 0x0A { j += 1 }
            if b[j - 1] == 0x3A {
                var start = i + 1
                for k in (i + 1)..<(j - 1) where b[k] == 0x3A {
                    if k > start { body(start..<k, k..<k) }
                    start = k + 1
                }
                if j - 1 > start { body(start..<(j - 1), (j - 1)..<(j - 1)) }
                i = j
                continue
            }
        }
        // key: value — the key is the word right before the colon.
        var k = i
        while k > 0, !isBreak(b[k - 1]), b[k - 1] != 0x3A { k -= 1 }
        guard k < i else { i += 1; continue }
        var j = i + 1
        // `repeat:` links an occurrence to its rule by the rule's description,
        // which may hold commas: its value runs to the end of the line.
        let toLineEnd = i - k == 6 && isRepeat(b, k)
        while j < n, toLineEnd || b[j] != 0x2C, b[j] != 0x0A { j += 1 }
        var vs = i + 1, ve = j
        while vs < ve, b[vs] == 0x20 || b[vs] == 0x09 { vs += 1 }
        while ve > vs, b[ve - 1] == 0x20 || b[ve - 1] == 0x09 { ve -= 1 }
        body(k..<i, vs..<ve)
        i = j + 1
    }
}

/// Whether the six bytes at `k` spell `repeat` in any case (as `lowercased()` would match it).
private func isRepeat(_ b: UnsafeBufferPointer<UInt8>, _ k: Int) -> Bool {
    let word: [UInt8] = Array("repeat".utf8)
    for x in 0..<6 where b[k + x] | 0x20 != word[x] || b[k + x] < 0x41 { return false }
    return true
}

/// A `receipt:` tag names a file (a photo of the receipt) relative to the journal.
extension Transaction {
    /// The `receipt:` tag of the transaction, else of its first posting that has one.
    public var receipt: String? { Transaction.receipt(comment: comment, postings: postings) }

    /// `receipt` of a transaction's comment and postings (for a loop that reads only those).
    static func receipt(comment: String?, postings: [Posting]) -> String? {
        if let r = tag("receipt", in: comment), !r.isEmpty { return r }
        for i in postings.indices { if let r = postings[i].receipt { return r } }
        return nil
    }
}

extension Posting {
    /// The posting's own `receipt:` tag, if it has a non-empty one.
    public var receipt: String? {
        guard let c = comment, containsIgnoringASCIICase(c, "receipt:") else { return nil }
        return tags.first(where: { $0.key.lowercased() == "receipt" })?.value.nilIfEmpty
    }
}

extension String {
    /// Nil for the empty string.
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
