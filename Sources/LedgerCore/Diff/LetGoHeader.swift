#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The header of a transaction that a diff side let go, read again from its
/// text when the diff shows it (a side keeps only the header's fingerprint).
///
/// A transaction let go has plain postings only, so every comment line
/// before its first posting is the transaction's, and there is none after.
/// The lines are read as the parser reads them: blank lines and comment
/// lines in column 1 are skipped, an indented `;` line adds a line to the
/// comment, and anything else ends the header.
extension SourceFile {
    /// The transaction written at `location` (in this file), without its
    /// postings: its status, code, description and comment; `date` is the
    /// one it was read with (a default year may have completed it).
    func letGoHeader(at location: SourceLocation, date: CivilDate) -> Transaction {
        bytes.withUnsafeBufferPointer { buf in
            var line = SourceFile.line(in: buf, at: Int(location.offset))
            var lx = Lexer(buf, from: line.start, to: line.contentEnd)
            // The date (and `=DATE2`) runs to white space or a comment.
            while !lx.atEnd, !Lexer.isSpace(lx.peek()), lx.peek() != UInt8(ascii: ";") { lx.pos += 1 }
            let parts = lx.headerParts()
            var t = Transaction(date: date, description: text(parts.description), location: location)
            t.status = parts.status
            t.code = parts.code.map { text($0) }
            t.comment = parts.comment.map { text($0) }
            while line.next < buf.count {
                line = SourceFile.line(in: buf, at: line.next)
                var lx = Lexer(buf, from: line.start, to: line.contentEnd)
                if lx.atEnd { continue }
                let first = buf[line.start]
                if Lexer.startsComment(first) { continue }
                guard Lexer.isSpace(first) else { break }
                lx.skipSpaces()
                if lx.atEnd { continue }
                guard lx.eat(UInt8(ascii: ";")) else { break }
                lx.skipSpaces()
                let more = text(lx.rest())
                t.comment = t.comment.map { $0 + "\n" + more } ?? more
            }
            return t
        }
    }

    /// The text of a range (`text(_:_:)`).
    private func text(_ r: Range<Int>) -> String { text(r.lowerBound, r.upperBound) }

    /// The line that starts at `start`: where its content ends (before its
    /// carriage returns and line feed) and where the next line starts.
    static func line(in buf: UnsafeBufferPointer<UInt8>, at start: Int) -> (start: Int, contentEnd: Int, next: Int) {
        var end = buf.count
        if start < buf.count, let p = memchr(buf.baseAddress! + start, 0x0A, buf.count - start) {
            end = buf.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
        }
        var contentEnd = end
        while contentEnd > start, buf[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        return (start, contentEnd, end + 1)
    }

    /// Whether the line at `offset` here and the line at `otherOffset` in
    /// `other` are the same bytes, line break included.
    func sameLine(at offset: Int, as other: SourceFile, at otherOffset: Int) -> Bool {
        withBytes { mine in
            other.withBytes { theirs in
                var count = mine.count - offset, endsInLineFeed = false
                if let p = memchr(mine.baseAddress! + offset, 0x0A, count) {
                    count = (mine.baseAddress! + offset).distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
                    endsInLineFeed = true
                }
                guard otherOffset + count <= theirs.count,
                      memcmp(mine.baseAddress! + offset, theirs.baseAddress! + otherOffset, count) == 0 else { return false }
                // Mine ends the file: theirs must end there too, or its line.
                return endsInLineFeed || otherOffset + count == theirs.count || theirs[otherOffset + count] == 0x0A
            }
        }
    }
}
