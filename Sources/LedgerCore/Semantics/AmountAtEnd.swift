/// An amount at the end of an account name: one space where two (or a tab)
/// were meant between the account and its amount (`지출:식비 4,500 KRW`).
///
/// Each reading looks at the last part of the name between colons that is
/// not empty, at each of its words after a single space in turn, and reads
/// the rest of the part from there. The rests are slices of the name, never
/// joined anew, so a name of N words costs N readings of at most its length
/// and no copies (joining each rest took the square of the words: a fuzz
/// input's names of hundreds of words were 6% of the `journal` surface).

/// The part of an account name after a single space that reads as an amount
/// (`지출:식비 4,500 KRW` → `4,500 KRW`), if any: two spaces or a tab were meant.
func amountAtEnd(of name: String) -> String? {
    guard spaceInLastPart(of: name, thenDigit: true) else { return nil }
    for rest in restsAfterSpaces(inLastPartOf: name).rests {
        guard let first = rest.unicodeScalars.first else { continue }
        let startsLikeAmount = ("0"..."9").contains(first)
            || ("-+$€£¥₩".unicodeScalars.contains(first) && rest.unicodeScalars.dropFirst().first.map { ("0"..."9").contains($0) || $0 == "$" } == true)
        guard startsLikeAmount else { continue }
        // A number, optionally with a commodity: digits with , and . only up to the first space.
        let number = rest.prefix(while: { $0 != " " })
        if number.unicodeScalars.contains(where: { ("0"..."9").contains($0) }),
           number.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ",.-+$€£¥₩".unicodeScalars.contains($0) }) {
            return String(rest)
        }
    }
    return nil
}

/// The end of an account name that can only be an amount: one that reads
/// as an amount (`writtenAmountAtEnd`) and starts with a sign or a currency
/// symbol, or holds a grouped number (`-12,000원`, `$5`, `4,500 KRW`). A
/// word such as `P1` or `2024` may be part of a name (ledger's `MasterCard
/// P1`), so it never makes a valid journal an error on its own.
func unmistakableAmountAtEnd(of name: String) -> String? {
    guard let rest = writtenAmountAtEnd(of: name) else { return nil }
    let scalars = Array(rest.unicodeScalars)
    if let first = scalars.first, "-+$€£¥₩".unicodeScalars.contains(first) { return rest }
    // A grouped number: a separator between digits with exactly three digits after it, then no digit.
    func digit(_ i: Int) -> Bool { i >= 0 && i < scalars.count && ("0"..."9").contains(scalars[i]) }
    for (i, c) in scalars.enumerated() where (c == "," || c == ".") && digit(i - 1) {
        if digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4) { return rest }
    }
    return nil
}

/// The end of an account name that reads as an amount in any of its forms
/// (`-12,000원`, `$-5`, `₩12,000`, `4,500 KRW`, `"005930" 10`), read by the
/// amount scanner itself: the last words of the name, from the first that
/// starts one. Nil when no ending reads as an amount.
func writtenAmountAtEnd(of name: String) -> String? {
    guard spaceInLastPart(of: name, thenDigit: false) else { return nil }
    let (part, rests) = restsAfterSpaces(inLastPartOf: name)
    let bytes = Array(part.utf8)
    return bytes.withUnsafeBufferPointer { buf -> String? in
        for rest in rests {
            // An empty word (two spaces) starts no amount.
            guard let first = rest.first, first != " " else { continue }
            let from = part.utf8.distance(from: part.startIndex, to: rest.startIndex)
            for comma in [false, true] {
                var lx = Lexer(buf, from: from, to: buf.count)
                if case .success = lx.amount(decimalComma: comma) {
                    lx.skipSpaces()
                    if lx.atEnd { return String(rest) }
                }
            }
        }
        return nil
    }
}

/// The last part of `name` between colons that is not empty (the whole
/// name when it has none), and, for each space in it, the rest of the part
/// after that space, first to last: where an amount at its end may start.
/// Spaces are characters, as splitting the part on `" "` finds them (a
/// space that a combining mark follows is no separator). Each rest is a
/// slice of the name.
private func restsAfterSpaces(inLastPartOf name: String) -> (part: Substring, rests: [Substring]) {
    // ASCII: every colon and space is a character of its own (only CR LF
    // makes one of two bytes), so the bytes say where they are.
    guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return charactersAfterSpaces(inLastPartOf: name) }
    let bytes = name.utf8, colon = UInt8(ascii: ":")
    var end = bytes.endIndex
    while end > bytes.startIndex, bytes[bytes.index(before: end)] == colon { end = bytes.index(before: end) }
    let start = bytes[..<end].lastIndex(of: colon).map { bytes.index(after: $0) } ?? bytes.startIndex
    let part = end > start ? name[start..<end] : Substring(name)
    var rests: [Substring] = []
    var i = part.utf8.startIndex
    while let space = part.utf8[i...].firstIndex(of: UInt8(ascii: " ")) {
        i = part.utf8.index(after: space)
        rests.append(part[i...])
    }
    return (part, rests)
}

/// `restsAfterSpaces` of a name that is not all ASCII, character by character.
private func charactersAfterSpaces(inLastPartOf name: String) -> (part: Substring, rests: [Substring]) {
    let part = name.split(separator: ":").last ?? Substring(name)
    var rests: [Substring] = []
    var i = part.startIndex
    while i < part.endIndex {
        let next = part.index(after: i)
        if part[i] == " " { rests.append(part[next...]) }
        i = next
    }
    return (part, rests)
}

/// Whether the last part of `name` between colons that is not empty holds a
/// space (followed, somewhere, by a digit when `thenDigit`): an amount can
/// end only such a name. Most names are passed over by this one look at their bytes.
func spaceInLastPart(of name: String, thenDigit: Bool) -> Bool {
    var digit = !thenDigit, inPart = false
    for b in name.utf8.reversed() {
        if b == UInt8(ascii: ":") {
            if inPart { return false }
            continue
        }
        inPart = true
        if b == UInt8(ascii: " "), digit { return true }
        if Lexer.isDigit(b) { digit = true }
    }
    return false
}
