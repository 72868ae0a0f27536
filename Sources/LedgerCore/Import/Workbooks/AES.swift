/// AES (FIPS 197) decryption with 128-, 192- or 256-bit keys, and CBC over
/// it, for password-protected workbooks. Tested against the standard's
/// vectors (AESTests).
struct AES {
    private var roundKeys: [UInt8]
    private let rounds: Int

    static let sbox: [UInt8] = {
        // The S-box from the multiplicative inverse in GF(2^8) and the affine map.
        var box = [UInt8](repeating: 0, count: 256)
        var p: UInt8 = 1, q: UInt8 = 1
        repeat {
            p = p ^ (p << 1) ^ (p & 0x80 != 0 ? 0x1B : 0)
            q ^= q << 1; q ^= q << 2; q ^= q << 4
            if q & 0x80 != 0 { q ^= 0x09 }
            let r = q ^ rotl(q, 1) ^ rotl(q, 2) ^ rotl(q, 3) ^ rotl(q, 4)
            box[Int(p)] = r ^ 0x63
        } while p != 1
        box[0] = 0x63
        return box
    }()
    static let inverseSbox: [UInt8] = {
        var inv = [UInt8](repeating: 0, count: 256)
        for (i, v) in sbox.enumerated() { inv[Int(v)] = UInt8(i) }
        return inv
    }()

    static func rotl(_ x: UInt8, _ n: UInt8) -> UInt8 { x << n | x >> (8 - n) }

    static func times(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var a = a, b = b, r: UInt8 = 0
        while b != 0 {
            if b & 1 != 0 { r ^= a }
            a = a << 1 ^ (a & 0x80 != 0 ? 0x1B : 0)
            b >>= 1
        }
        return r
    }
    /// Multiplication by 9, 11, 13 and 14, for InvMixColumns.
    static let mul: [[UInt8]] = [9, 11, 13, 14].map { m in (0..<256).map { times(UInt8($0), m) } }

    init?(key: [UInt8]) {
        guard [16, 24, 32].contains(key.count) else { return nil }
        let nk = key.count / 4
        rounds = nk + 6
        var w = key
        var rcon: UInt8 = 1
        while w.count < 16 * (rounds + 1) {
            var t = Array(w[(w.count - 4)...])
            let i = w.count / 4
            if i % nk == 0 {
                t = [AES.sbox[Int(t[1])] ^ rcon, AES.sbox[Int(t[2])], AES.sbox[Int(t[3])], AES.sbox[Int(t[0])]]
                rcon = AES.times(rcon, 2)
            } else if nk > 6 && i % nk == 4 {
                t = t.map { AES.sbox[Int($0)] }
            }
            for k in 0..<4 { w.append(w[w.count - 4 * nk] ^ t[k]) }
        }
        roundKeys = w
    }

    /// One block decrypted in place.
    func decryptBlock(_ s: inout [UInt8]) {
        func addRoundKey(_ r: Int) { for k in 0..<16 { s[k] ^= roundKeys[16 * r + k] } }
        addRoundKey(rounds)
        for r in stride(from: rounds - 1, through: 0, by: -1) {
            // InvShiftRows (state is column-major: s[row + 4*col]).
            var t = s
            for row in 1..<4 { for col in 0..<4 { t[row + 4 * ((col + row) % 4)] = s[row + 4 * col] } }
            s = t.map { AES.inverseSbox[Int($0)] }
            addRoundKey(r)
            if r > 0 {
                for col in 0..<4 {
                    let a0 = Int(s[4 * col]), a1 = Int(s[4 * col + 1]), a2 = Int(s[4 * col + 2]), a3 = Int(s[4 * col + 3])
                    let m9 = AES.mul[0], m11 = AES.mul[1], m13 = AES.mul[2], m14 = AES.mul[3]
                    s[4 * col] = m14[a0] ^ m11[a1] ^ m13[a2] ^ m9[a3]
                    s[4 * col + 1] = m9[a0] ^ m14[a1] ^ m11[a2] ^ m13[a3]
                    s[4 * col + 2] = m13[a0] ^ m9[a1] ^ m14[a2] ^ m11[a3]
                    s[4 * col + 3] = m11[a0] ^ m13[a1] ^ m9[a2] ^ m14[a3]
                }
            }
        }
    }

    /// `data` (whole blocks) decrypted in CBC mode from `iv`.
    func decryptCBC(_ data: ArraySlice<UInt8>, iv: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        var previous = iv
        var k = data.startIndex
        while k + 16 <= data.endIndex {
            let cipher = Array(data[k..<(k + 16)])
            var block = cipher
            decryptBlock(&block)
            for j in 0..<16 { out.append(block[j] ^ previous[j]) }
            previous = cipher
            k += 16
        }
        return out
    }
}
