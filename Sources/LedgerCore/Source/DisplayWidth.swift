/// Columns a string takes in a terminal: East Asian wide and fullwidth
/// characters (Hangul, CJK, most emoji) count two, combining marks zero.
package func displayWidth(_ s: String) -> Int {
    var width = 0
    for scalar in s.unicodeScalars { width += displayWidth(scalar) }
    return width
}

package func displayWidth(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v < 0x300 { return v < 0x20 || v == 0x7F ? 0 : 1 }
    if (0x300...0x36F).contains(v) || (0x200B...0x200F).contains(v) || v == 0xFE0F { return 0 }
    if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
        || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
        || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
        || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
        || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v) {
        return 2
    }
    return 1
}

/// Pads a string with spaces to a display width (left- or right-aligned).
package func padded(_ s: String, to width: Int, right: Bool = false) -> String {
    let pad = max(0, width - displayWidth(s))
    let spaces = String(repeating: " ", count: pad)
    return right ? spaces + s : s + spaces
}
