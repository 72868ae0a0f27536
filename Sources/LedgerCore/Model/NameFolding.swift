// How names compare: payees with rule descriptions, declared payees. One
// rule, in two forms: `foldedName` makes the folded string; `FoldedLookup`
// finds a name's folded form in a table without making a string when the
// name is ASCII (the common case), and falls back to `foldedName` otherwise.

/// A name folded for comparison: lower-cased, runs of white space as one
/// space, trimmed; full-width forms as ASCII (`（주）` is `(주)`) and the
/// parenthesized Hangul and company signs as what they abbreviate (`㈜` is
/// `(주)`), as Unicode's compatibility mapping reads them.
package func foldedName(_ s: String) -> String {
    var out = ""
    var pendingSpace = false
    for scalar in s.lowercased().unicodeScalars {
        let ch = FullWidth.ascii(of: scalar) ?? scalar
        if ch == " " || ch == "\t" || ch == "\n" || ch == "\r" {
            pendingSpace = !out.isEmpty
        } else {
            if pendingSpace { out.unicodeScalars.append(" ") }
            pendingSpace = false
            if let spelled = parenthesized(ch) { out += spelled } else { out.unicodeScalars.append(ch) }
        }
    }
    return out
}

/// A name with its compatibility forms spelled out (`㈜컬리` is `(주)컬리`,
/// `（주）` is `(주)`) and nothing else changed: how the payee list tells one
/// payee, which keeps letter case as hledger's does.
package func compatibilitySpelled(_ s: String) -> String {
    guard s.utf8.contains(where: { $0 == 0xE3 || $0 == 0xEF }) else { return s }
    var out = ""
    for scalar in s.unicodeScalars {
        let ch = FullWidth.ascii(of: scalar) ?? scalar
        if let spelled = parenthesized(ch) { out += spelled } else { out.unicodeScalars.append(ch) }
    }
    return out
}

/// `㈜` as `(주)`, `㈎` as `(가)`, `㈱` as `(株)`: U+320E–321E, U+3231–3232.
private func parenthesized(_ scalar: Unicode.Scalar) -> String? {
    switch scalar.value {
    case 0x320E...0x321B: return "(" + String(Array("가나다라마바사아자차카타파하")[Int(scalar.value - 0x320E)]) + ")"
    case 0x321C: return "(주)"
    case 0x321D: return "(오전)"
    case 0x321E: return "(오후)"
    case 0x3231: return "(株)"
    case 0x3232: return "(有)"
    default: return nil
    }
}

/// Matches names the way rules are matched (case-insensitive, runs of white
/// space folded) without making a `String` for the common case.
enum FoldedLookup {
    /// The id of the folded name in `names`, if present.
    static func find(_ name: Substring, in names: NameTable, scratch: inout [UInt8]) -> Int32? {
        scratch.removeAll(keepingCapacity: true)
        var pendingSpace = false
        for b in name.utf8 {
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                pendingSpace = !scratch.isEmpty
                continue
            }
            // Scripts with letter case beyond ASCII need Unicode lower-casing.
            // So do full-width forms and parenthesized Hangul (`㈜`, U+3000–3FFF: E3).
            if b >= 0xC3 && b <= 0xD5 || b == 0xE1 || b == 0xE2 || b == 0xE3 || b == 0xEF || b >= 0xF0 {
                return names.lookup(foldedName(String(name)))
            }
            if pendingSpace { scratch.append(0x20) }
            pendingSpace = false
            scratch.append(b >= 0x41 && b <= 0x5A ? b + 32 : b)
        }
        return scratch.withUnsafeBufferPointer { names.lookup(bytes: $0) }
    }
}

/// The first letters of some names as `foldedName` folds them: a cheap test
/// that another name cannot fold to any of them (its first letter is none of
/// theirs). Names that begin with a letter only Unicode folds are never ruled out.
struct FirstLetters {
    /// The ASCII first letters, one bit each (a name beginning beyond ASCII is never ruled out).
    private var low: UInt64 = 0, high: UInt64 = 0

    init<S: Sequence<String>>(_ names: S) {
        // By the folded name: a letter beyond ASCII may fold to one in it (K, the Kelvin sign, to k).
        for name in names {
            guard let b = foldedName(name).utf8.first, b < 0x80 else { continue }
            if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
        }
    }

    /// False only when `name` cannot fold to one of the names.
    func mayBegin(_ name: Substring) -> Bool {
        for b in name.utf8 where !(b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D) {
            if b >= 0x80 { return true }
            let f = b >= 0x41 && b <= 0x5A ? b + 32 : b
            return f < 64 ? low & 1 << UInt64(f) != 0 : high & 1 << UInt64(f - 64) != 0
        }
        return true
    }
}
