#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cursor over the bytes of one line, with the scanning primitives of the format.
///
/// The format is line-oriented and context-sensitive (account names hold
/// single spaces), so the parser asks the lexer for the token it expects
/// next: a date, an amount, an account. Nothing here makes a `String`.
package struct Lexer {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Current offset.
    public var pos: Int
    /// End of the line's content (before `\r\n` or `\n`).
    public let end: Int

    public init(_ bytes: UnsafeBufferPointer<UInt8>, from pos: Int, to end: Int) {
        self.bytes = bytes
        self.pos = pos
        self.end = end
    }

    @inline(__always) public var atEnd: Bool { pos >= end }
    @inline(__always) public func peek(_ k: Int = 0) -> UInt8 { pos + k < end ? bytes[pos + k] : 0 }

    @inline(__always) public static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
    /// White space a text ends with and is trimmed of: spaces, tabs, and carriage
    /// returns (a line may end in `\r\r\n`; printed, such a text would lose them).
    @inline(__always) public static func isTrailingBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
    @inline(__always) public static func isDigit(_ b: UInt8) -> Bool { b.subtractingReportingOverflow(0x30).partialValue < 10 }

    /// Bytes that make a line a comment when they stand in column 1: `;` `#` `*` `%` `|`.
    @inline(__always) public static func startsComment(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ";") || b == UInt8(ascii: "#") || b == UInt8(ascii: "*") || b == UInt8(ascii: "%") || b == UInt8(ascii: "|")
    }

    /// `*` or `!`, and the white space after it (hledger and ledger-cli read
    /// `*Opening balances` as cleared, with no space after the mark).
    @inline(__always) public mutating func statusMark() -> Status {
        let b = peek()
        guard b == UInt8(ascii: "*") || b == UInt8(ascii: "!") else { return .unmarked }
        pos += 1
        skipSpaces()
        return b == UInt8(ascii: "*") ? .cleared : .pending
    }

    /// Moves eight bytes at a time up to the next byte below `!` (a space, a
    /// tab or a control byte), or to within eight bytes of the end: the
    /// caller looks at the bytes from there one at a time. In each word the
    /// first such byte's high bit is set in `low`. The subtraction wraps by
    /// design: a byte below `!` borrows, and only a borrow from it can set a
    /// later byte's bit, which the lowest set bit comes before.
    @inline(__always) mutating func skipToBlankOrControl() {
        guard let base = bytes.baseAddress else { return }
        while pos + 8 <= end {
            // Little-endian order, wherever it runs: the first byte is the lowest.
            let w = UInt64(littleEndian: UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self))
            let low = (w &- 0x2121_2121_2121_2121) & ~w & 0x8080_8080_8080_8080
            if low != 0 {
                pos += low.trailingZeroBitCount >> 3
                return
            }
            pos += 8
        }
    }

    /// Skips a posting's account name: it runs to two spaces, a tab, the end, or ` ;`.
    @inline(__always) public mutating func skipAccountName() {
        while true {
            skipToBlankOrControl()
            if atWideSeparator() { return }
            if peek() == UInt8(ascii: " "), peek(1) == UInt8(ascii: ";") { return }
            pos += 1
        }
    }

    /// `skipAccountName` for a lexer whose `end` is not its line's (a posting
    /// read before its line's end is known): the name also ends at the line
    /// break, `\n` or `\r`s then `\n`, where `skipAccountName` would end it
    /// at the line's end. False at a `\r` inside the line, which
    /// `skipAccountName` reads as part of the name: the line is then read
    /// with its end found first.
    @inline(__always) mutating func skipAccountNameToLineBreak() -> Bool {
        while true {
            skipToBlankOrControl()
            if pos >= end { return true }
            let b = bytes[pos]
            if b == 0x0A || b == 0x09 { return true }
            if b == 0x0D { return lineBreak(at: pos) != nil }
            if b == 0x20 {
                let next = pos + 1 < end ? bytes[pos + 1] : 0x0A
                if next == 0x20 || next == 0x09 || next == 0x0A || next == UInt8(ascii: ";") { return true }
                if next == 0x0D, lineBreak(at: pos + 1) != nil { return true }
            }
            pos += 1
        }
    }

    /// Where the line's content ends when a line break starts at `i`
    /// (`\r`s, then `\n` or the end): the offset of its `\n` (or the end).
    /// Nil when `i` is not at a line break.
    @inline(__always) func lineBreak(at i: Int) -> Int? {
        var j = i
        while j < end, bytes[j] == 0x0D { j += 1 }
        return j >= end || bytes[j] == 0x0A ? j : nil
    }

    /// Skips spaces and tabs; returns how many were skipped. The spaces of
    /// an indent or a separator (up to eight) are counted in one word; a
    /// tab, or more, one byte at a time.
    @discardableResult @inline(__always)
    public mutating func skipSpaces() -> Int {
        let start = pos
        if pos + 8 <= end, let base = bytes.baseAddress {
            // A space is a zero byte once 0x20 is taken out; the first other byte is the lowest one set.
            let others = UInt64(littleEndian: UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
            guard others != 0 else {
                pos += 8
                while pos < end, Lexer.isSpace(bytes[pos]) { pos += 1 }
                return pos - start
            }
            pos += others.trailingZeroBitCount >> 3
            if bytes[pos] != 0x09 { return pos - start }
        }
        while pos < end, Lexer.isSpace(bytes[pos]) { pos += 1 }
        return pos - start
    }

    /// True at two spaces, a tab, or the end of the line: the separator that ends
    /// an account name or a rule's schedule.
    @inline(__always) public func atWideSeparator() -> Bool {
        if pos >= end { return true }
        let b = bytes[pos]
        if b == 0x09 { return true }
        return b == 0x20 && (pos + 1 >= end || Lexer.isSpace(bytes[pos + 1]))
    }

    /// Consumes `b` if it is next.
    @inline(__always) public mutating func eat(_ b: UInt8) -> Bool {
        if pos < end, bytes[pos] == b { pos += 1; return true }
        return false
    }

    /// Reads a word of letters, digits, `-` and `_` (a directive or keyword); returns its range.
    public mutating func word() -> Range<Int> {
        let start = pos
        while pos < end {
            let b = bytes[pos]
            if Lexer.isSpace(b) || b == UInt8(ascii: ";") { break }
            pos += 1
        }
        return start..<pos
    }

    /// Reads up to the end of the line, trimmed of trailing white space.
    public mutating func rest() -> Range<Int> { restInline() }

    /// `rest`, always compiled into its caller (a header's read).
    @_transparent
    mutating func restInline() -> Range<Int> {
        let start = pos
        var e = end
        while e > start, Lexer.isTrailingBlank(bytes[e - 1]) { e -= 1 }
        pos = end
        return start..<e
    }

    /// Reads text up to a `;` comment or the end of the line, trimmed.
    public mutating func textUntilComment() -> Range<Int> {
        var bar = false
        return textUntilComment(bar: &bar)
    }

    /// `textUntilComment`, and whether the text holds a `|` (a header's payee
    /// and note), found in the same pass as its end. (Always compiled into
    /// its caller: a header's read.)
    @_transparent
    mutating func textUntilComment(bar: inout Bool) -> Range<Int> {
        let start = pos
        var stop = pos < end ? Lexer.first(0x3B, or: 0x7C, in: bytes, from: pos, to: end) ?? end : max(pos, end)
        if stop < end, bytes[stop] == 0x7C {
            bar = true
            stop = Lexer.first(0x3B, in: bytes, from: stop, to: end) ?? end
        }
        pos = stop
        while stop > start, Lexer.isTrailingBlank(bytes[stop - 1]) { stop -= 1 }
        return start..<stop
    }

    /// Where `byte` first stands in `bytes[from..<to]`, or nil. A line is
    /// short: its first 64 bytes are searched here, eight at a time, and
    /// only a longer one is handed to `memchr` (whose call cost more than
    /// the search on a header's few dozen bytes).
    @inline(__always)
    static func first(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let pattern = UInt64(byte) &* 0x0101_0101_0101_0101
        let near = min(to, from + 64)
        var i = from
        while i + 8 <= near {
            // Little-endian order: the first byte is the lowest. The
            // subtraction wraps by design: a zero byte borrows, and only a
            // borrow from it can flag a later byte, so the lowest byte
            // flagged is exactly the first zero (the byte sought).
            let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)) ^ pattern
            let zero = (w &- 0x0101_0101_0101_0101) & ~w & 0x8080_8080_8080_8080
            if zero != 0 { return i + zero.trailingZeroBitCount >> 3 }
            i += 8
        }
        if near < to {
            guard let p = memchr(base + i, Int32(byte), to - i) else { return nil }
            return base.distance(to: p.assumingMemoryBound(to: UInt8.self))
        }
        while i < to {
            if base[i] == byte { return i }
            i += 1
        }
        return nil
    }

    /// Where `a` or `b` first stands in `bytes[from..<to]`, or nil: `first`
    /// for two bytes at once, in one pass.
    @inline(__always)
    static func first(_ a: UInt8, or b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let patternA = UInt64(a) &* 0x0101_0101_0101_0101, patternB = UInt64(b) &* 0x0101_0101_0101_0101
        var i = from
        while i + 8 <= to {
            // As in `first`: each lowest byte flagged is exactly the first zero, of either.
            let w = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            let wa = w ^ patternA, wb = w ^ patternB
            let zero = ((wa &- 0x0101_0101_0101_0101) & ~wa | (wb &- 0x0101_0101_0101_0101) & ~wb) & 0x8080_8080_8080_8080
            if zero != 0 { return i + zero.trailingZeroBitCount >> 3 }
            i += 8
        }
        while i < to {
            if base[i] == a || base[i] == b { return i }
            i += 1
        }
        return nil
    }

    /// Where the parts of a header after its date or schedule are written.
    struct HeaderParts {
        var status: Status
        var code: Range<Int>?
        var description: Range<Int>
        var comment: Range<Int>?
    }

    /// The Korean company marks that `(주)에프알엘코리아` and its kin put in
    /// parentheses (주식회사, 유한회사, 사단법인, 재단법인, 합자회사, 株式):
    /// read as a code, as hledger and ledger read them, but almost always
    /// part of the description (FORMAT.md §10).
    static let companyMarks: [[UInt8]] = ["주", "유", "사", "재", "합", "株"].map { Array($0.utf8) }

    /// Whether a header's code is a Korean company mark (`(주)`).
    func isCompanyMark(_ code: Range<Int>?) -> Bool {
        guard let code, code.count == 3 else { return false }
        return Lexer.companyMarks.contains { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[code])) }
    }

    /// Reads the rest of a header: `[STATUS] [(CODE)] [DESCRIPTION] [; COMMENT]`.
    mutating func headerParts() -> HeaderParts {
        var bar = false
        return headerParts(bar: &bar)
    }

    /// `headerParts`, and whether the description holds a `|` (a payee and a
    /// note). (Always compiled into its caller: a call for each transaction's header.)
    @_transparent
    mutating func headerParts(bar: inout Bool) -> HeaderParts {
        skipSpaces()
        let status = statusMark()
        var code: Range<Int>?
        if peek() == UInt8(ascii: "(") {
            let open = pos
            while !atEnd, peek() != UInt8(ascii: ")") { pos += 1 }
            if eat(UInt8(ascii: ")")) {
                code = open + 1..<pos - 1
                skipSpaces()
            } else {
                pos = open
            }
        }
        let description = textUntilComment(bar: &bar)
        var comment: Range<Int>?
        if eat(UInt8(ascii: ";")) {
            skipSpaces()
            comment = restInline()
        }
        return HeaderParts(status: status, code: code, description: description, comment: comment)
    }

    /// Reads an unsigned integer of at most `maxDigits` digits.
    public mutating func integer(maxDigits: Int = 9) -> Int? {
        var v = 0, n = 0
        while pos < end, Lexer.isDigit(bytes[pos]), n < maxDigits {
            v = v * 10 + Int(bytes[pos] - 0x30)
            pos += 1
            n += 1
        }
        if n == 0 || (pos < end && Lexer.isDigit(bytes[pos])) { return nil }
        return v
    }
}

/// Why a date did not scan.
package enum DateProblem: Error {
    case malformed
    case notInCalendar(year: Int, month: Int, day: Int)
}

extension Lexer {
    /// Reads `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD` (one separator throughout;
    /// month and day may have one digit). With `defaultYear`, a `MM/DD` date is
    /// read in that year.
    public mutating func date(defaultYear: Int? = nil) -> Result<CivilDate, DateProblem> {
        let start = pos
        guard let first = integer(maxDigits: 4) else { return .failure(.malformed) }
        let yearDigits = pos - start
        let sep = peek()
        guard sep == UInt8(ascii: "-") || sep == UInt8(ascii: "/") || sep == UInt8(ascii: "."),
              Lexer.isDigit(peek(1)) else {
            pos = start
            return .failure(.malformed)
        }
        pos += 1
        guard let second = integer(maxDigits: 2) else { pos = start; return .failure(.malformed) }
        let y: Int, m: Int, d: Int
        if yearDigits == 4, peek() == sep, Lexer.isDigit(peek(1)) {
            pos += 1
            guard let third = integer(maxDigits: 2) else { pos = start; return .failure(.malformed) }
            (y, m, d) = (first, second, third)
        } else if let dy = defaultYear, yearDigits <= 2 {
            (y, m, d) = (dy, first, second)
        } else {
            pos = start
            return .failure(.malformed)
        }
        guard let date = CivilDate(year: y, month: m, day: d) else {
            return .failure(.notInCalendar(year: y, month: m, day: d))
        }
        return .success(date)
    }
}
