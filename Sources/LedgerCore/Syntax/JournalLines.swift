#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A journal line as the tools that do not compile read it (the editor's
/// highlighting, `rename`): its kind and the byte ranges of its parts.
/// It comes from the text alone, so it is there while the file has errors.
package struct JournalLine {
    package enum Kind: UInt8 {
        /// Nothing but white space.
        case blank
        /// A whole-line comment (`;` indented, or `;#*%|` in column 1), or a line of a `comment` block.
        case comment
        /// `DATE [*|!] [(CODE)] DESCRIPTION`.
        case header
        /// An indented `ACCOUNT  [AMOUNT]` under a transaction or a rule.
        case posting
        /// A word in column 1 that is not a date: `account`, `P`, `repeat`, `=`...
        case directive
        /// An indented line under a directive (`format 1,000 KRW` under `commodity`).
        case indented
    }

    package var kind: Kind = .blank
    /// The line, its break (and a CR before it) left out.
    package var start = 0, end = 0
    /// Where its comment starts (`;` to the end); `end` when it has none.
    package var comment = 0
    /// A header's date (`DATE[=DATE2]`), a posting's account, a directive's
    /// keyword, an indented line's first word.
    package var head: Range<Int> = 0..<0
    /// A header's status mark, when it has one.
    package var status: Range<Int> = 0..<0
    /// A header's `(CODE)`, when it has one.
    package var code: Range<Int> = 0..<0
    /// A header's description, a posting's amount part, the words after a
    /// directive's keyword (or an indented line's first word): trimmed, the comment left out.
    package var rest: Range<Int> = 0..<0

    /// A `repeat` or `~` line's schedule (its words up to two spaces or a
    /// tab, as the parser reads them) and its description (the payee and
    /// note, after a status and a code).
    package func ruleParts(_ b: UnsafeBufferPointer<UInt8>) -> (schedule: Range<Int>, description: Range<Int>) {
        var i = rest.lowerBound
        while i < rest.upperBound, b[i] != 0x09, !(b[i] == 0x20 && i + 1 < rest.upperBound && b[i + 1] == 0x20) { i += 1 }
        let schedule = rest.lowerBound..<i
        while i < rest.upperBound, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        if i < rest.upperBound, b[i] == 0x2A || b[i] == 0x21 {
            i += 1
            while i < rest.upperBound, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        }
        if i < rest.upperBound, b[i] == 0x28, let close = b.firstOffset(of: [0x29], from: i, to: rest.upperBound) {
            i = close + 1
            while i < rest.upperBound, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        }
        return (schedule, i..<rest.upperBound)
    }

    package var date: Range<Int> { head }
    package var account: Range<Int> { head }
    package var keyword: Range<Int> { head }
}

/// Reads a journal's lines in order, knowing which block each is in (a
/// transaction's postings, a directive's indented lines, a `comment` block).
package struct JournalLineReader {
    /// The block a line is read in: the state carried from line to line.
    package enum Block: UInt8 {
        case none, transaction, commodity, directive, commentBlock
    }

    package var block: Block = .none

    package init(block: Block = .none) { self.block = block }

    /// Reads the line `start..<end` (its break excluded) of `b`.
    package mutating func read(_ b: UnsafeBufferPointer<UInt8>, start: Int, end lineEnd: Int) -> JournalLine {
        var e = lineEnd
        while e > start, b[e - 1] == 0x0D { e -= 1 }
        var line = JournalLine(kind: .blank, start: start, end: e, comment: e)
        @inline(__always) func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        func skipSpaces(_ i: Int, to limit: Int) -> Int {
            var j = i
            while j < limit, isSpace(b[j]) { j += 1 }
            return j
        }
        func trimmed(_ from: Int, _ to: Int) -> Range<Int> {
            var t = to
            while t > from, isSpace(b[t - 1]) { t -= 1 }
            return from..<t
        }
        func word(_ i: Int, to limit: Int) -> Int {
            var j = i
            while j < limit, !isSpace(b[j]) { j += 1 }
            return j
        }
        func commentStart(from i: Int) -> Int {
            var j = i
            while j < e, b[j] != 0x3B { j += 1 }
            return j
        }
        let first = skipSpaces(start, to: e)
        if block == .commentBlock {
            if first == start, b[start..<e].starts(with: "end ".utf8) {
                block = .none
                line.kind = .directive
                line.head = start..<(start + 3)
                line.rest = trimmed(skipSpaces(start + 3, to: e), e)
            } else {
                line.kind = .comment
                line.comment = start
            }
            return line
        }
        if first == e {
            // A blank line ends a transaction, or a directive's indented lines.
            block = .none
            return line
        }
        let c = b[start]
        if isSpace(c) {
            if b[first] == 0x3B || b[first] == 0x23 {
                line.kind = .comment
                line.comment = first
                return line
            }
            line.comment = commentStart(from: first)
            if block == .transaction {
                // The account runs to two spaces, a tab or the comment.
                var n = first
                while n < line.comment, b[n] != 0x09, !(b[n] == 0x20 && n + 1 < line.comment && b[n + 1] == 0x20) { n += 1 }
                line.kind = .posting
                line.head = trimmed(first, n)
                line.rest = trimmed(skipSpaces(n, to: line.comment), line.comment)
            } else {
                line.kind = .indented
                let w = word(first, to: line.comment)
                line.head = first..<w
                line.rest = trimmed(skipSpaces(w, to: line.comment), line.comment)
            }
            return line
        }
        if c == 0x3B || c == 0x23 || c == 0x2A || c == 0x25 || c == 0x7C {
            line.kind = .comment
            line.comment = start
            return line
        }
        line.comment = commentStart(from: start)
        if c >= 0x30 && c <= 0x39 {
            // DATE[=DATE2] [*|!] [(CODE)] DESCRIPTION
            line.kind = .header
            block = .transaction
            var i = word(start, to: line.comment)
            line.head = start..<i
            i = skipSpaces(i, to: line.comment)
            if i < line.comment, b[i] == 0x2A || b[i] == 0x21 {
                line.status = i..<(i + 1)
                i = skipSpaces(i + 1, to: line.comment)
            }
            if i < line.comment, b[i] == 0x28 {
                var close = i
                while close < line.comment, b[close] != 0x29 { close += 1 }
                if close < line.comment {
                    line.code = i..<(close + 1)
                    i = skipSpaces(close + 1, to: line.comment)
                }
            }
            line.rest = trimmed(i, line.comment)
            return line
        }
        line.kind = .directive
        let w = word(start, to: line.comment)
        line.head = start..<w
        line.rest = trimmed(skipSpaces(w, to: line.comment), line.comment)
        let k = b[start..<w]
        if k.elementsEqual("repeat".utf8) || k.elementsEqual("~".utf8) || k.elementsEqual("=".utf8) {
            block = .transaction
        } else if k.elementsEqual("commodity".utf8) {
            block = .commodity
        } else if k.elementsEqual("comment".utf8) || k.elementsEqual("test".utf8) {
            block = .commentBlock
        } else {
            block = .directive
        }
        return line
    }

    /// Calls `body` with each line of `bytes` (from `from`, in the block `block`).
    package static func forEachLine(in b: UnsafeBufferPointer<UInt8>, from: Int = 0, _ body: (JournalLine) -> Void) {
        var reader = JournalLineReader()
        var s = from
        while s < b.count {
            var n = s
            if let base = b.baseAddress, let nl = memchr(base + s, 0x0A, b.count - s) {
                n = UnsafeRawPointer(nl).assumingMemoryBound(to: UInt8.self) - base
            } else {
                n = b.count
            }
            body(reader.read(b, start: s, end: n))
            s = n + 1
        }
    }
}

extension JournalLineReader {
    /// The line holding `offset`, read in its block: found by looking back to
    /// the line that opened the block (a header, a directive) or a blank line.
    /// A `comment` block is not looked for.
    package static func line(at offset: Int, in b: UnsafeBufferPointer<UInt8>) -> JournalLine {
        func bounds(_ at: Int) -> (Int, Int) {
            var s = min(at, b.count), e = min(at, b.count)
            while s > 0, b[s - 1] != 0x0A { s -= 1 }
            while e < b.count, b[e] != 0x0A { e += 1 }
            return (s, e)
        }
        let (start, end) = bounds(offset)
        var reader = JournalLineReader()
        if start < end, b[start] == 0x20 || b[start] == 0x09 {
            var s = start
            while s > 0 {
                let (ps, pe) = bounds(s - 1)
                var probe = JournalLineReader()
                let previous = probe.read(b, start: ps, end: pe)
                if previous.kind == .blank { break }
                if previous.kind != .comment && previous.kind != .posting && previous.kind != .indented {
                    reader = probe
                    break
                }
                s = ps
            }
        }
        return reader.read(b, start: start, end: end)
    }
}

/// One piece of an amount's text (or of a `P`, `commodity`, `D` or `split` line's words).
package enum AmountPiece {
    /// A commodity symbol; the range holds its quotes when it is quoted.
    case commodity
    /// A number (or a date: digits and `-`, `.`, `,`, `/`).
    case number
    /// `@`, `@@`, `=`, `*`, braces and brackets.
    case mark
}

/// Calls `body` with the pieces of the amount text `range` of `b`, in order.
package func forEachAmountPiece(in b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ body: (AmountPiece, Range<Int>) -> Void) {
    var i = range.lowerBound
    let end = range.upperBound
    while i < end {
        let c = b[i]
        if c == 0x22 {
            var j = i + 1
            while j < end, b[j] != 0x22 { j += 1 }
            j = min(j + 1, end)
            body(.commodity, i..<j)
            i = j
        } else if CommodityTable.isSymbolByte(c) {
            var j = i + 1
            while j < end, CommodityTable.isSymbolByte(b[j]) { j += 1 }
            body(.commodity, i..<j)
            i = j
        } else if (c >= 0x30 && c <= 0x39) || ((c == 0x2D || c == 0x2B) && i + 1 < end && b[i + 1] >= 0x30 && b[i + 1] <= 0x39) {
            var j = i + 1
            while j < end, (b[j] >= 0x30 && b[j] <= 0x39) || b[j] == 0x2E || b[j] == 0x2C || b[j] == 0x2D || b[j] == 0x2F || b[j] == 0x3A {
                j += 1
            }
            body(.number, i..<j)
            i = j
        } else if c == 0x20 || c == 0x09 {
            i += 1
        } else {
            var j = i + 1
            while j < end, b[j] == c { j += 1 }
            body(.mark, i..<j)
            i = j
        }
    }
}
