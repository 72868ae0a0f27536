/// Full-width forms (U+FF01 to U+FF5E, and the ideographic space U+3000),
/// which Korean, Chinese and Japanese input methods type for ASCII
/// punctuation and digits: `４,５００`, `지출：식비`.
package enum FullWidth {
    /// The ASCII character `scalar` is the full-width form of; nil for any other scalar.
    package static func ascii(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0xFF01...0xFF5E: return Unicode.Scalar(scalar.value - 0xFEE0)
        case 0x3000: return " "
        default: return nil
        }
    }

    /// The first full-width form in `text`, with its code (`U+FF14`) and ASCII form.
    package static func first(in text: Substring) -> (character: String, code: String, ascii: String)? {
        // Each form's UTF-8 starts with 0xEF (U+FF01...U+FF5E) or 0xE3 (U+3000): most text has neither byte.
        guard text.utf8.contains(where: { $0 == 0xEF || $0 == 0xE3 }) else { return nil }
        for scalar in text.unicodeScalars {
            if let a = ascii(of: scalar) { return describe(scalar, a) }
        }
        return nil
    }

    /// The full-width form that starts at byte `offset` of `bytes`, if any (three UTF-8 bytes).
    package static func at(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (character: String, code: String, ascii: String)? {
        guard offset + 2 < bytes.count, bytes[offset] == 0xEF || bytes[offset] == 0xE3 else { return nil }
        let value = UInt32(bytes[offset] & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
        guard let scalar = Unicode.Scalar(value), let a = ascii(of: scalar) else { return nil }
        return describe(scalar, a)
    }

    private static func describe(_ scalar: Unicode.Scalar, _ ascii: Unicode.Scalar) -> (character: String, code: String, ascii: String) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return (String(Character(scalar)), "U+" + hex, String(Character(ascii)))
    }
}
