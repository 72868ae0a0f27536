/// A password-protected XLSX (ECMA-376 agile encryption, MS-OFFCRYPTO
/// 2.3.4.10–15): the `EncryptionInfo` stream's XML names the salts, the
/// spin count and the AES key size; the password (UTF-16LE) is hashed with
/// SHA-512, `spinCount` times, into the keys that check it and unwrap the
/// package's key; the `EncryptedPackage` is AES-CBC in 4096-byte segments.
/// The password is used here and nowhere kept.
enum AgileEncryption {
    static let verifierInputKey: [UInt8] = [0xFE, 0xA7, 0xD2, 0x76, 0x3B, 0x4B, 0x9E, 0x79]
    static let verifierHashKey: [UInt8] = [0xD7, 0xAA, 0x0F, 0x6D, 0x30, 0x61, 0x34, 0x4E]
    static let keyValueKey: [UInt8] = [0x14, 0x6E, 0x0B, 0xE7, 0xAB, 0xAC, 0xD0, 0xD6]

    struct Parameters {
        var keySalt: [UInt8] = [], blockSize = 16, keyBits = 256
        var passwordSalt: [UInt8] = [], spinCount = 100_000
        var verifierInput: [UInt8] = [], verifierHash: [UInt8] = [], keyValue: [UInt8] = []
    }

    /// The decrypted package (an XLSX's zip bytes), or an error that says why:
    /// a wrong password says so.
    static func decrypt(_ file: CompoundFile, password: String) throws(StatementFormatError) -> [UInt8] {
        guard let info = file.stream(named: "EncryptionInfo"), let package = file.stream(named: "EncryptedPackage"), info.count > 8, package.count >= 8 else {
            throw StatementFormatError("the protected workbook is missing its EncryptionInfo or EncryptedPackage")
        }
        let major = info.le16(0), minor = info.le16(2)
        guard major == 4 && minor == 4 else {
            throw StatementFormatError("the workbook uses Office's \(major == 4 || major == 3 ? "standard" : "version \(major).\(minor)") encryption; ledgerc reads agile encryption (Office 2010 and later): save it again with a password from a newer Excel, or without one", refusal: true)
        }
        let p = try parameters(Array(info[8...]))
        // Office writes 100,000 rounds; more than a million is a file built to keep ledgerc busy.
        guard p.spinCount >= 0, p.spinCount <= StatementLimits.spinCount else {
            throw StatementFormatError("the workbook asks for \(p.spinCount) rounds of key derivation; ledgerc takes 0 to \(StatementLimits.spinCount) (Office writes 100,000)", refusal: true)
        }
        guard [128, 192, 256].contains(p.keyBits), p.blockSize == 16 else {
            throw StatementFormatError("the workbook's encryption parameters are outside what Office writes")
        }
        // The password's hash, iterated.
        // The password's UTF-16LE bytes are cleared once hashed (a core dump held them).
        var salted = p.passwordSalt
        for unit in password.utf16 { salted += [UInt8(truncatingIfNeeded: unit), UInt8(truncatingIfNeeded: unit >> 8)] }
        var first = SHA512.hash(salted)
        for k in salted.indices { salted[k] = 0 }
        let h = SHA512.spin(first, count: p.spinCount)
        for k in first.indices { first[k] = 0 }
        func key(_ block: [UInt8]) -> AES {
            var k = SHA512.hash(h + block)
            let n = p.keyBits / 8
            if k.count < n { k += repeatElement(0x36, count: n - k.count) }
            return AES(key: Array(k.prefix(n)))!
        }
        let iv = Array((p.passwordSalt + repeatElement(0x36, count: 16)).prefix(16))
        let verifier = key(verifierInputKey).decryptCBC(p.verifierInput[...], iv: iv)
        let expected = key(verifierHashKey).decryptCBC(p.verifierHash[...], iv: iv)
        guard verifier.count >= p.passwordSalt.count, expected.count >= 64,
              SHA512.hash(Array(verifier.prefix(p.passwordSalt.count))) == Array(expected.prefix(64)) else {
            throw StatementFormatError("the password is wrong for this workbook", refusal: true)
        }
        let secret = Array(key(keyValueKey).decryptCBC(p.keyValue[...], iv: iv).prefix(p.keyBits / 8))
        guard let aes = AES(key: secret) else { throw StatementFormatError("the workbook's key is damaged") }
        // The package: its size, then 4096-byte segments, each with its own IV.
        var size = 0
        for k in 0..<8 { size |= Int(package[k]) << (8 * k) }
        guard size >= 0, size <= package.count - 8, size <= StatementLimits.inflated else { throw StatementFormatError("the workbook's encrypted package is damaged") }
        var out: [UInt8] = []
        out.reserveCapacity(size + 4096)
        var segment = 0, offset = 8
        while out.count < size && offset < package.count {
            let end = min(package.count, offset + 4096)
            let index: [UInt8] = [UInt8(truncatingIfNeeded: segment), UInt8(truncatingIfNeeded: segment >> 8), UInt8(truncatingIfNeeded: segment >> 16), UInt8(truncatingIfNeeded: segment >> 24)]
            let segmentIV = Array(SHA512.hash(p.keySalt + index).prefix(16))
            out += aes.decryptCBC(package[offset..<end], iv: segmentIV)
            offset = end
            segment += 1
        }
        guard out.count >= size else { throw StatementFormatError("the workbook's encrypted package is truncated") }
        return Array(out.prefix(size))
    }

    /// The parameters of the `<encryption>` XML.
    static func parameters(_ xml: [UInt8]) throws(StatementFormatError) -> Parameters {
        var x = XMLScanner(xml, part: "EncryptionInfo")
        var p = Parameters(), sawKey = false
        func base64(_ name: String) throws(StatementFormatError) -> [UInt8] {
            guard let text = try x.attribute(name), let bytes = Base64.decode(text) else { throw StatementFormatError("the workbook's encryption info lacks \(name)") }
            return bytes
        }
        while let e = try x.next() {
            guard case .start(let name, _) = e else { continue }
            if name == "keyData" {
                p.keySalt = try base64("saltValue")
                p.blockSize = try x.attribute("blockSize").flatMap { Int($0) } ?? 16
                guard try x.attribute("cipherAlgorithm") ?? "AES" == "AES" else { throw StatementFormatError("the workbook is encrypted with a cipher ledgerc does not read (only AES)") }
            } else if name == "encryptedKey" {
                guard try x.attribute("hashAlgorithm") ?? "SHA512" == "SHA512" else {
                    throw StatementFormatError("the workbook's password hash is \(try x.attribute("hashAlgorithm") ?? "?"); ledgerc reads SHA512, what Office writes")
                }
                p.passwordSalt = try base64("saltValue")
                p.spinCount = try x.attribute("spinCount").flatMap { Int($0) } ?? 100_000
                p.keyBits = try x.attribute("keyBits").flatMap { Int($0) } ?? 256
                p.verifierInput = try base64("encryptedVerifierHashInput")
                p.verifierHash = try base64("encryptedVerifierHashValue")
                p.keyValue = try base64("encryptedKeyValue")
                sawKey = true
            }
        }
        guard sawKey, !p.keySalt.isEmpty else { throw StatementFormatError("the workbook is not protected by a password (no password key in its encryption info)") }
        return p
    }
}

/// Base64 (RFC 4648), as the encryption info writes its salts and keys.
enum Base64 {
    static func decode(_ text: String) -> [UInt8]? {
        var out: [UInt8] = [], buffer: UInt32 = 0, bits = 0
        for b in text.utf8 {
            let v: UInt8
            switch b {
            case 0x41...0x5A: v = b - 0x41
            case 0x61...0x7A: v = b - 0x61 + 26
            case 0x30...0x39: v = b - 0x30 + 52
            case 0x2B: v = 62
            case 0x2F: v = 63
            case 0x3D, 0x20, 0x0A, 0x0D: continue
            default: return nil
            }
            buffer = buffer << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}
