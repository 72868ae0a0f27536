/// Lines and words of a source file, as fixes and the editor find them.
extension SourceFile {
    /// Where the word at `offset` ends: at two spaces, a tab or the line's
    /// end (an account name holds single spaces). At least one character
    /// when the line has one.
    package func wordEnd(from offset: Int) -> Int {
        withBytes(near: offset) { bytes, valid in
            var i = max(offset, valid.lowerBound)
            while i < valid.upperBound {
                let b = bytes[i]
                if b == 0x0A || b == 0x0D || b == 0x09 { break }
                if b == 0x20, i + 1 < valid.upperBound, bytes[i + 1] == 0x20 || bytes[i + 1] == 0x09 { break }
                i += 1
            }
            while i > offset, bytes[i - 1] == 0x20 { i -= 1 }
            return i
        }
    }

    /// Offset of the end of the line holding `offset` (before `\r\n` or `\n`).
    package func lineEnd(after offset: Int) -> Int {
        withBytes(near: offset) { bytes, valid in
            var i = max(offset, valid.lowerBound)
            while i < valid.upperBound, bytes[i] != 0x0A { i += 1 }
            if i > offset, bytes[i - 1] == 0x0D { i -= 1 }
            return i
        }
    }

    /// Offset of the start of the line holding `offset`.
    package func lineStart(before offset: Int) -> Int {
        // (A line's start: the line starting at `offset` is found on the side it starts on.)
        withBytes(near: max(0, min(offset, byteCount) - 1)) { bytes, valid in
            var i = min(offset, byteCount)
            if i > valid.upperBound { return i }
            while i > max(contentStart, valid.lowerBound), bytes[i - 1] != 0x0A { i -= 1 }
            return i
        }
    }
}
