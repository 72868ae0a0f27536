/// Text from a journal, a statement or a rules file as a terminal may show
/// it: a control character (C0 but tab, DEL, C1), a line or paragraph
/// separator (U+2028, U+2029) and a bidirectional override or isolate
/// (U+202A–U+202E, U+2066–U+2069) are written as `\u{1B}`, never sent raw,
/// so a name holding ESC `[2J` cannot clear the screen, and none can hide
/// or reorder what a report shows. Text without them is returned as it is,
/// after one pass over its bytes (no decoding: reports print megabytes).
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

    /// Whether some character is one `terminalSafe` escapes.
    public var holdsUnsafeScalars: Bool {
        if let found = utf8.withContiguousStorageIfAvailable({ unsafeScalarOffset($0, keepingLineFeeds: false) != nil }) { return found }
        return Array(utf8).withUnsafeBufferPointer { unsafeScalarOffset($0, keepingLineFeeds: false) != nil }
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

/// The offset of the first character of valid UTF-8 `bytes` that
/// `isUnsafeInTerminal` (line feeds allowed when `keepingLineFeeds`), by
/// its encoding: a byte below 0x20 or 0x7F, `C2 80`–`C2 9F`, `E2 80 A8`–`E2
/// 80 AE`, `E2 81 A6`–`E2 81 A9`. Nil when there is none. Eight bytes are
/// tested at a time; only a word holding a byte that may start one (a line
/// feed, say) is looked at byte by byte.
func unsafeScalarOffset(_ bytes: UnsafeBufferPointer<UInt8>, keepingLineFeeds: Bool) -> Int? {
    guard let base = bytes.baseAddress else { return nil }
    let n = bytes.count
    func unsafe(at i: Int) -> Bool {
        let b = base[i]
        if b < 0x20 { return b != 0x09 && !(keepingLineFeeds && b == 0x0A) }
        if b == 0x7F { return true }
        if b == 0xC2 { return i + 1 < n && base[i + 1] >= 0x80 && base[i + 1] <= 0x9F }
        if b == 0xE2, i + 2 < n {
            let b1 = base[i + 1], b2 = base[i + 2]
            return b1 == 0x80 && b2 >= 0xA8 && b2 <= 0xAE || b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9
        }
        return false
    }
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    // The high bit of each byte that is zero (every such byte is marked; a
    // byte above one may be marked too, and is then looked at for nothing).
    func zeros(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
    var i = 0
    while i + 8 <= n {
        let v = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
        // Bytes below 0x20, or equal to 0x7F, 0xC2 or 0xE2: each looked at closer.
        var marked = ((v &- ones &* 0x20) & ~v & highs) | zeros(v ^ (ones &* 0x7F)) | zeros(v ^ (ones &* 0xC2)) | zeros(v ^ (ones &* 0xE2))
        while marked != 0 {
            let k = i + marked.trailingZeroBitCount / 8
            if unsafe(at: k) { return k }
            marked &= marked &- 1
        }
        i += 8
    }
    while i < n {
        if unsafe(at: i) { return i }
        i += 1
    }
    return nil
}

/// The bytes of a text written for a person (a report, lines of a list)
/// with each character `String.terminalSafe` escapes escaped, line breaks
/// kept. Bytes without them come back as they are, after one pass.
/// `keepingCarriageReturns`: journal text (`print`), where a description's
/// own carriage returns are part of it and must read back the same.
package func terminalSafeLines(_ bytes: [UInt8], keepingCarriageReturns: Bool = false) -> [UInt8] {
    guard bytes.withUnsafeBufferPointer({ unsafeScalarOffset($0, keepingLineFeeds: true) }) != nil else { return bytes }
    var out = ""
    out.reserveCapacity(bytes.count + 16)
    for s in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        if s.isUnsafeInTerminal && s != "\n" && !(keepingCarriageReturns && s == "\r") {
            out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
        } else {
            out.unicodeScalars.append(s)
        }
    }
    return Array(out.utf8)
}
