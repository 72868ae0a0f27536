/// Text from a journal, a statement or a rules file as a terminal may show
/// it: a control character (C0 but tab, DEL, C1), a line or paragraph
/// separator (U+2028, U+2029) and a bidirectional override or isolate
/// (U+202A–U+202E, U+2066–U+2069) are written as `\u{1B}`, never sent raw,
/// so a name holding ESC `[2J` cannot clear the screen, and none can hide
/// or reorder what a report shows. Text without them is returned as it is
/// (one pass over the bytes).
extension String {
    public var terminalSafe: String {
        guard holdsUnsafeScalars else { return self }
        var out = ""
        out.reserveCapacity(utf8.count + 8)
        for s in unicodeScalars {
            if s.isUnsafeInTerminal {
                out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(s)
            }
        }
        return out
    }
}

extension String {
    /// Whether some character is one `terminalSafe` escapes (a byte test first:
    /// each of them starts with a byte below 0x20, 0x7F, 0xC2 or 0xE2).
    public var holdsUnsafeScalars: Bool {
        guard utf8.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return false }
        return unicodeScalars.contains(where: \.isUnsafeInTerminal)
    }
}

extension Unicode.Scalar {
    /// A character a terminal acts on rather than shows, or one that changes
    /// how the text around it is laid out (see `String.terminalSafe`).
    public var isUnsafeInTerminal: Bool {
        let v = value
        if v < 0x20 { return v != 0x09 }
        if v < 0x7F { return false }
        return v <= 0x9F || v == 0x2028 || v == 0x2029 || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}

/// The bytes of a text written for a person (a report, lines of a list)
/// with each character `String.terminalSafe` escapes escaped, line breaks
/// kept. Bytes without them come back as they are, after one pass.
func terminalSafeLines(_ bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return bytes }
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.unicodeScalars.contains(where: { $0.isUnsafeInTerminal && $0 != "\n" }) else { return bytes }
    var out = ""
    out.reserveCapacity(bytes.count + 16)
    for s in text.unicodeScalars {
        if s.isUnsafeInTerminal && s != "\n" {
            out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(s)
        }
    }
    return Array(out.utf8)
}
