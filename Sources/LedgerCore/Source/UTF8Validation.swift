/// Finds bytes that are not valid UTF-8, and NUL bytes.
///
/// Returns the offsets of the first byte of each bad sequence, at most
/// `limit` of them. Runs of ASCII are skipped sixteen bytes at a time, and
/// the characters of two and three bytes (accented letters, Hangul) are
/// checked with a few comparisons before the general decoder is asked.
package func invalidUTF8Offsets(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int) -> [(offset: Int, isNul: Bool)] {
    var bad: [(Int, Bool)] = []
    var i = start
    let n = bytes.count
    guard let base = UnsafeRawPointer(bytes.baseAddress) else { return [] }
    while i < n {
        // ASCII with no NUL: no high bit, no zero byte. A run ends at the
        // first byte that is either, found in its word (`firstFlagged`).
        while i + 32 <= n {
            let a = base.loadUnaligned(fromByteOffset: i, as: UInt64.self), b = base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
            let c = base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self), d = base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self)
            if (highOrZero(a) | highOrZero(b) | highOrZero(c) | highOrZero(d)) & 0x8080_8080_8080_8080 != 0 { break }
            i += 32
        }
        while i + 8 <= n {
            let flagged = highOrZero(base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) & 0x8080_8080_8080_8080
            if flagged != 0 {
                i += firstFlagged(flagged)
                break
            }
            i += 8
        }
        // Then a character at a time until the next ASCII byte after a character of more bytes.
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0 {
                    bad.append((i, true))
                    if bad.count >= limit { return bad.map { (offset: $0.0, isNul: $0.1) } }
                }
                i += 1
                if i + 8 <= n { break }
                continue
            }
            if b & 0xF0 == 0xE0, i + 2 < n {
                // Three bytes: 0x800 and up, no surrogates (E0 needs A0–BF next, ED 80–9F).
                let c1 = bytes[i + 1], c2 = bytes[i + 2]
                let low: UInt8 = b == 0xE0 ? 0xA0 : 0x80, high: UInt8 = b == 0xED ? 0x9F : 0xBF
                if c1 >= low, c1 <= high, c2 & 0xC0 == 0x80 {
                    i += 3
                    continue
                }
            } else if b >= 0xC2, b <= 0xDF, i + 1 < n, bytes[i + 1] & 0xC0 == 0x80 {
                i += 2
                continue
            }
            let length = utf8SequenceLength(bytes, at: i)
            if length > 0 {
                i += length
            } else {
                bad.append((i, false))
                if bad.count >= limit { return bad.map { (offset: $0.0, isNul: $0.1) } }
                i += 1
                while i < n, bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
        }
    }
    return bad.map { (offset: $0.0, isNul: $0.1) }
}

/// The high bit set in each byte of `w` of 0x80 or more, and of each zero
/// byte (and maybe of bytes after a zero one, which is found first: only a
/// zero byte starts a borrow, so the subtraction wraps by design).
@inline(__always) private func highOrZero(_ w: UInt64) -> UInt64 {
    (w &- 0x0101_0101_0101_0101) | w
}

/// Where the first flagged byte of a word is (`highOrZero`'s high bits,
/// nonzero): that byte is exactly the first one of 0x80 or more or zero, as
/// a borrow reaches only the bytes after a zero one.
@inline(__always) private func firstFlagged(_ flagged: UInt64) -> Int {
    UInt64(littleEndian: flagged).trailingZeroBitCount >> 3
}

/// The length of the valid UTF-8 sequence at `i` (which starts with a byte
/// of 0x80 or more), or 0 when it is not one.
private func utf8SequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
    let b = bytes[i], n = bytes.count
    var need = 0
    var minScalar: UInt32 = 0
    var scalar: UInt32 = 0
    switch b {
    case 0xC2...0xDF: need = 1; scalar = UInt32(b & 0x1F); minScalar = 0x80
    case 0xE0...0xEF: need = 2; scalar = UInt32(b & 0x0F); minScalar = 0x800
    case 0xF0...0xF4: need = 3; scalar = UInt32(b & 0x07); minScalar = 0x10000
    default: return 0
    }
    for k in 1...need {
        if i + k >= n { return 0 }
        let c = bytes[i + k]
        if c & 0xC0 != 0x80 { return 0 }
        scalar = (scalar << 6) | UInt32(c & 0x3F)
    }
    if scalar < minScalar || scalar > 0x10FFFF || (scalar >= 0xD800 && scalar <= 0xDFFF) { return 0 }
    return need + 1
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
