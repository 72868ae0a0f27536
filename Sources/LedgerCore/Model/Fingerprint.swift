/// Fingerprints: 128-bit hashes of what things mean, for telling them apart
/// without keeping them (`ledgerc diff`, and a check stream that keeps the
/// headers of the transactions it lets go for it).

/// A transaction's meaning in 128 bits: two FNV-1a hashes over its date,
/// status, code, description, tags and its postings' own fingerprints in
/// sorted order (so the order postings are written in does not matter).
/// Matching compares fingerprints, then the header fields exactly.
struct Fingerprint: Hashable {
    var a: UInt64 = 0xcbf2_9ce4_8422_2325
    var b: UInt64 = 0x8422_2325_cbf2_9ce4

    mutating func add(_ x: UInt64) {
        a = (a ^ x) &* 0x100_0000_01b3
        b = (b ^ (x &* 0x9E37_79B9_7F4A_7C15)) &* 0x100_0000_01b3
        b ^= b >> 29
    }

    mutating func add(_ s: String) {
        var s = s
        s.withUTF8 { add($0, foldingASCII: false) }
    }

    /// Bytes, eight at a time, then their count; with `foldingASCII`, A–Z as a–z.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, foldingASCII: Bool) {
        guard let base = bytes.baseAddress else { add(0); return }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            add(foldingASCII ? Fingerprint.foldingASCII(word) : word)
            i += 8
        }
        var tail: UInt64 = 0
        for k in i..<bytes.count { tail |= UInt64(base[k]) << (8 * UInt64(k - i)) }
        add((foldingASCII ? Fingerprint.foldingASCII(tail) : tail) ^ UInt64(bytes.count) << 56)
    }

    /// Eight bytes with each of A–Z made a–z (and every other byte as it is).
    @inline(__always) static func foldingASCII(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        // Each byte's low seven bits plus a constant: no carry into the next byte.
        let low = word & ~high
        let atLeastA = low &+ (0x80 - 0x41) &* ones, pastZ = low &+ (0x80 - 0x5B) &* ones
        let upper = atLeastA & ~pastZ & ~word & high
        return word | upper >> 2
    }

    /// A quantity by its value (1.50 is 1.5): normalized, in 64 bits where it fits.
    mutating func add(_ q: ExactDecimal) {
        if let small = Int64(exactly: q.mantissa) {
            var m = small, s = q.scale
            while s > 0, m % 10 == 0 { m /= 10; s -= 1 }
            add(UInt64(bitPattern: m))
            add((m < 0 ? UInt64.max : 0) ^ UInt64(s) << 56)
            return
        }
        let n = q.normalized
        add(UInt64(truncatingIfNeeded: n.mantissa))
        add(UInt64(truncatingIfNeeded: n.mantissa >> 64) ^ UInt64(n.scale) << 56)
    }
}

extension Fingerprint {
    /// A transaction's header as a diff matches it: its date, status, code,
    /// description and tags (a diff side's, and a check stream's keeping
    /// the headers of what it lets go).
    static func header(_ date: CivilDate, _ status: Status, _ code: String?, _ description: String, _ comment: String?) -> Fingerprint {
        var f = Fingerprint()
        f.add(UInt64(UInt32(bitPattern: date.day)) | UInt64(status.rawValue) << 32)
        if let code { f.add(code) } else { f.add("\u{0}") }
        f.add(description)
        if let comment { addTags(comment, to: &f) }
        return f
    }

    /// The tags of a comment (`parseTags`), whatever their order and the case of their keys.
    static func addTags(_ comment: String, to f: inout Fingerprint) {
        var text = comment
        // Each tag's own fingerprint, summed two ways: the same for any order.
        var count: UInt64 = 0, sum: UInt64 = 0, mixed: UInt64 = 0
        text.withUTF8 { b in
            forEachTag(in: b) { key, value in
                var g = Fingerprint()
                let keyBytes = UnsafeBufferPointer(rebasing: b[key])
                if keyBytes.allSatisfy({ $0 < 0x80 }) {
                    g.add(keyBytes, foldingASCII: true)
                } else {
                    g.add(String(decoding: keyBytes, as: UTF8.self).lowercased())
                }
                g.add(UnsafeBufferPointer(rebasing: b[value]), foldingASCII: false)
                let h = g.a ^ g.b.rotated
                count += 1
                sum &+= h
                mixed &+= (h ^ h >> 29) &* 0xBF58_476D_1CE4_E5B9
            }
        }
        f.add(count | 0xA5 << 56)
        f.add(sum)
        f.add(mixed)
    }
}

extension UInt64 {
    /// The bits turned by 31 places (mixing two hashes into one).
    var rotated: UInt64 { self << 31 | self >> 33 }
}
