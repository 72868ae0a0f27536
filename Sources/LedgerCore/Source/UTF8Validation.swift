/// Finds bytes that are not valid UTF-8, and NUL bytes.
///
/// Returns the offsets of the first byte of each bad sequence, at most
/// `limit` of them. A fast path skips runs of ASCII.
package func invalidUTF8Offsets(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> [(offset: Int, isNul: Bool)] {
    var bad: [(Int, Bool)] = []
    var i = start
    let n = bytes.count
    let base = UnsafeRawPointer(bytes.baseAddress)
    while i < n {
        // Eight ASCII bytes with no NUL at a time: no high bit, no zero byte.
        while i + 8 <= n, let base {
            let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let hasZero = w.subtractingReportingOverflow(0x0101_0101_0101_0101).partialValue & ~w & 0x8080_8080_8080_8080
            if w & 0x8080_8080_8080_8080 != 0 || hasZero != 0 { break }
            i += 8
        }
        if i >= n { break }
        let b = bytes[i]
        if b < 0x80 {
            if b == 0 {
                bad.append((i, true))
                if bad.count >= limit { break }
            }
            i += 1
            continue
        }
        var need = 0
        var minScalar: UInt32 = 0
        var scalar: UInt32 = 0
        switch b {
        case 0xC2...0xDF: need = 1; scalar = UInt32(b & 0x1F); minScalar = 0x80
        case 0xE0...0xEF: need = 2; scalar = UInt32(b & 0x0F); minScalar = 0x800
        case 0xF0...0xF4: need = 3; scalar = UInt32(b & 0x07); minScalar = 0x10000
        default: need = -1
        }
        var ok = need > 0
        if ok {
            for k in 1...need {
                if i + k >= n { ok = false; break }
                let c = bytes[i + k]
                if c & 0xC0 != 0x80 { ok = false; break }
                scalar = (scalar << 6) | UInt32(c & 0x3F)
            }
        }
        if ok, scalar < minScalar || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { ok = false }
        if ok {
            i += need + 1
        } else {
            bad.append((i, false))
            if bad.count >= limit { break }
            i += 1
            while i < n, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
    }
    return bad.map { (offset: $0.0, isNul: $0.1) }
}

/// Encodings that older Korean software (Excel, banks' exports) writes.
package enum LegacyEncoding {
    /// True when every byte from `start` on reads as CP949 (a superset of
    /// EUC-KR: ASCII, and two-byte characters with a lead byte 0x81–0xFE and a
    /// trail byte 0x41–0x5A, 0x61–0x7A or 0x81–0xFE), and at least one
    /// character is a Hangul syllable of EUC-KR's table (lead 0xB0–0xC8).
    package static func readsAsCP949(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        var i = start, hangul = false
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            guard (0x81...0xFE).contains(b), i + 1 < bytes.count else { return false }
            let t = bytes[i + 1]
            guard (0x41...0x5A).contains(t) || (0x61...0x7A).contains(t) || (0x81...0xFE).contains(t) else { return false }
            if (0xB0...0xC8).contains(b), t >= 0xA1 { hangul = true }
            i += 2
        }
        return hangul
    }
}
