/// An amount as written: the number, the commodity's bytes, and how it was styled.
package struct ScannedAmount {
    public var quantity: ExactDecimal
    /// The commodity symbol's bytes, quotes excluded; empty for no commodity.
    public var commodity: Range<Int>
    public var symbolFirst = false
    public var spaced = false
    public var grouped = false
    public var start: Int
}

/// An amount `Lexer.plainAmount` read: the mantissa at its scale, the
/// commodity symbol's bytes (empty for none), and how it was styled.
package struct PlainAmount: Equatable {
    var mantissa: Int64
    var scale: Int
    var commodity: Range<Int>
    var symbolFirst = false
    var spaced = false
    var grouped = false
}

/// Why an amount did not scan, and where.
package enum AmountProblem: Error {
    case noNumber(at: Int)
    case ambiguousNumber(at: Int)
    case tooLarge(at: Int)
    case unterminatedQuote(at: Int)
}

extension Lexer {
    /// The most digits a number may have, and the most decimal places.
    static let maxDigits = 34

    /// Reads an amount: an optional sign, a commodity before or after the number
    /// (with or without a space), and the number itself.
    /// `decimalComma` swaps the roles of `.` and `,` (`decimal-mark ,`).
    /// With `ownMarks` false, `decimalComma` decides alone (see `number`).
    public mutating func amount(decimalComma: Bool, ownMarks: Bool = true) -> Result<ScannedAmount, AmountProblem> {
        let start = pos
        var negative = false
        if eat(UInt8(ascii: "-")) { negative = true } else { _ = eat(UInt8(ascii: "+")) }
        var result = ScannedAmount(quantity: .zero, commodity: pos..<pos, start: start)
        let b = peek()
        if b == UInt8(ascii: "\"") || (pos < end && CommodityTable.isSymbolByte(b)) {
            switch commodity() {
            case .success(let r): result.commodity = r
            case .failure(let p): return .failure(p)
            }
            result.symbolFirst = true
            result.spaced = skipSpaces() > 0
            if eat(UInt8(ascii: "-")) { negative.toggle() } else { _ = eat(UInt8(ascii: "+")) }
        }
        switch number(decimalComma: decimalComma, ownMarks: ownMarks) {
        case .success(let (q, grouped)):
            result.quantity = negative ? q.negated : q
            result.grouped = grouped
        case .failure(.noNumber):
            pos = start
            return .failure(.noNumber(at: start))
        case .failure(let p): return .failure(p)
        }
        if !result.symbolFirst {
            let save = pos
            let spaces = skipSpaces()
            let c = peek()
            if pos < end, c == UInt8(ascii: "\"") || CommodityTable.isSymbolByte(c) {
                switch commodity() {
                case .success(let r): result.commodity = r
                case .failure(let p): return .failure(p)
                }
                result.spaced = spaces > 0
            } else {
                pos = save
            }
        }
        return .success(result)
    }

    /// The commonest amounts (`$12.50`, `-13,280 KRW`, `5 USD`) read in one
    /// pass, exactly as `amount(decimalComma: false)` reads them: an unquoted
    /// symbol before or after, and a number of at most 17 digits with the
    /// file's marks. Nil (nothing consumed) for any other amount, which
    /// `amount` then reads (a property test holds the two to the same result).
    /// (`@_transparent`: always compiled into its caller. The optimizer
    /// left a call to it under `@inline(__always)`, in a posting's read
    /// too large for it to inline into; a call for each amount.)
    @_transparent
    mutating func plainAmount() -> PlainAmount? {
        var p = pos
        var negative = false
        if p < end, bytes[p] == UInt8(ascii: "-") { negative = true; p += 1 } else if p < end, bytes[p] == UInt8(ascii: "+") { p += 1 }
        var a = PlainAmount(mantissa: 0, scale: 0, commodity: p..<p)
        if p < end, bytes[p] != UInt8(ascii: "\""), CommodityTable.isSymbolByte(bytes[p]) {
            let symbol = p
            repeat { p += 1 } while p < end && CommodityTable.isSymbolByte(bytes[p])
            a.commodity = symbol..<p
            a.symbolFirst = true
            let spaces = p
            while p < end, Lexer.isSpace(bytes[p]) { p += 1 }
            a.spaced = p > spaces
            if p < end, bytes[p] == UInt8(ascii: "-") { negative.toggle(); p += 1 } else if p < end, bytes[p] == UInt8(ascii: "+") { p += 1 }
        }
        // The number: digits, groups of exactly three after `,`, one `.`.
        let first = p
        guard p < end, Lexer.isDigit(bytes[p]) else { return nil }
        var mantissa: UInt64 = 0, digits = 0, sawMark = false
        if let simple = simpleNumber(at: p) {
            (mantissa, digits, a.scale, sawMark, p) = (simple.mantissa, simple.digits, simple.scale, simple.scale > 0, simple.end)
        } else {
          while p < end {
            let b = bytes[p], d = b &- 0x30
            if d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                if sawMark { a.scale += 1 }
                p += 1
            } else if b == UInt8(ascii: ","), !sawMark, p + 4 <= end, Lexer.isDigit(bytes[p + 1]), Lexer.isDigit(bytes[p + 2]), Lexer.isDigit(bytes[p + 3]),
                      p + 4 == end || !Lexer.isDigit(bytes[p + 4]) {
                a.grouped = true
                p += 1
            } else if b == UInt8(ascii: "."), !sawMark {
                sawMark = true
                p += 1
            } else {
                break
            }
          }
        }
        // Past 17 digits, another mark, an exponent, `0,075` or a space between groups: the full reading's.
        guard digits < 18, p >= end || (bytes[p] != UInt8(ascii: ".") && bytes[p] != UInt8(ascii: ",") && bytes[p] | 0x20 != UInt8(ascii: "e")),
              !(a.grouped && bytes[first] == 0x30), sawMark || !spaceGroupFollows(at: p) else { return nil }
        a.mantissa = negative ? -Int64(mantissa) : Int64(mantissa)
        if !a.symbolFirst {
            let spaces = p
            while p < end, Lexer.isSpace(bytes[p]) { p += 1 }
            if p < end, CommodityTable.isSymbolByte(bytes[p]) {
                let symbol = p
                repeat { p += 1 } while p < end && CommodityTable.isSymbolByte(bytes[p])
                a.commodity = symbol..<p
                a.spaced = symbol > spaces
            } else if p < end, bytes[p] == UInt8(ascii: "\"") {
                return nil
            } else {
                p = spaces
            }
        }
        pos = p
        return a
    }

    /// Reads a commodity symbol, quoted or not; returns the symbol's bytes.
    public mutating func commodity() -> Result<Range<Int>, AmountProblem> {
        if eat(UInt8(ascii: "\"")) {
            let start = pos
            while pos < end, bytes[pos] != UInt8(ascii: "\"") { pos += 1 }
            if pos >= end { return .failure(.unterminatedQuote(at: start - 1)) }
            let r = start..<pos
            pos += 1
            return .success(r)
        }
        let start = pos
        while pos < end, CommodityTable.isSymbolByte(bytes[pos]) { pos += 1 }
        return .success(start..<pos)
    }

    /// Reads a number: digits with optional thousands grouping and a decimal part.
    /// A number written with both marks is read as the peers read it, whatever
    /// `decimalComma` says: the last mark is the decimal mark (`1.200,00` is
    /// 1200.00, `1,200.00` too). So is a lone group mark after a zero (`0,075`
    /// is 0.075: a zero is never a group of thousands). A lone `12,45` stays
    /// ambiguous. With `ownMarks` false, `decimalComma` decides alone.
    @inline(__always) public mutating func number(decimalComma: Bool, ownMarks: Bool = true) -> Result<(ExactDecimal, Bool), AmountProblem> {
        let start = pos
        let first = scanNumber(decimalComma: decimalComma)
        guard ownMarks else { return first }
        // Nearly every number reads cleanly with the file's marks: only a
        // number that stops at a mark (`1.200,00`), starts with a zero group
        // (`0,075`) or is ambiguous is looked at again, with its own marks.
        let after = pos
        var again = false
        switch first {
        case .success(let (_, grouped)):
            let group: UInt8 = decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",")
            again = (after < end && (bytes[after] == 0x2E || bytes[after] == 0x2C) && Lexer.isDigit(peek(1)))
                || (grouped && start + 1 < end && bytes[start] == 0x30 && bytes[start + 1] == group)
        case .failure(.ambiguousNumber): again = true
        case .failure: break
        }
        guard again else { return first }
        pos = start
        let comma = decimalMarkIsComma(default: decimalComma)
        if comma == decimalComma {
            pos = after
            return first
        }
        return scanNumber(decimalComma: comma)
    }

    /// The decimal mark of the number at `pos`, from its own marks where they tell.
    private func decimalMarkIsComma(default comma: Bool) -> Bool {
        var i = pos
        var lastDot = -1, lastComma = -1, commas = 0, dots = 0, leadingZeros = true, firstMark = -1
        while i < end {
            let b = bytes[i]
            if Lexer.isDigit(b) {
                if firstMark < 0, b != 0x30 { leadingZeros = false }
            } else if b == UInt8(ascii: ".") {
                lastDot = i; dots += 1
                if firstMark < 0 { firstMark = i }
            } else if b == UInt8(ascii: ",") {
                lastComma = i; commas += 1
                if firstMark < 0 { firstMark = i }
            } else {
                break
            }
            i += 1
        }
        if lastDot >= 0, lastComma >= 0 { return lastComma > lastDot }
        // `0,075` in a journal of decimal points (or `0.075` in one of decimal commas).
        let groupCount = comma ? dots : commas
        if groupCount == 1, firstMark > pos, leadingZeros, firstMark + 1 < end, Lexer.isDigit(bytes[firstMark + 1]) { return !comma }
        return comma
    }

    /// `scanNumberInFull`, with nearly every number (up to 18 digits, no
    /// exponent) read in one pass that keeps its digits in a `UInt64`.
    mutating func scanNumber(decimalComma: Bool) -> Result<(ExactDecimal, Bool), AmountProblem> {
        if let (mantissa, scale, grouped, stop) = plainNumber(decimalComma: decimalComma) {
            pos = stop
            return .success((ExactDecimal(mantissa: Int128(mantissa), scale: scale), grouped))
        }
        return scanNumberInFull(decimalComma: decimalComma)
    }

    /// A number that starts with a digit and has at most 18 digits and no
    /// exponent, read as `scanNumberInFull` reads it: its digits, scale,
    /// grouping and end. Nil for any other (nothing consumed).
    @inline(__always)
    private func plainNumber(decimalComma: Bool) -> (UInt64, Int, Bool, Int)? {
        let mark: UInt8 = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let group: UInt8 = decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",")
        var p = pos
        guard p < end, Lexer.isDigit(bytes[p]) else { return nil }
        var mantissa: UInt64 = 0, digits = 0, scale = 0
        var sawMark = false, grouped = false
        while p < end {
            let b = bytes[p]
            let d = b &- 0x30
            if d < 10 {
                guard digits < 18 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                if sawMark { scale += 1 }
                p += 1
            } else if b == group, !sawMark, p + 1 < end, Lexer.isDigit(bytes[p + 1]) {
                // Exactly three digits after a group mark, else the full reading's verdict.
                guard p + 3 < end, Lexer.isDigit(bytes[p + 2]), Lexer.isDigit(bytes[p + 3]),
                      p + 4 >= end || !Lexer.isDigit(bytes[p + 4]) else { return nil }
                grouped = true
                p += 1
            } else if b == mark, !sawMark {
                sawMark = true
                p += 1
            } else {
                break
            }
        }
        // An exponent, and groups after a space (`10 000`), are read in full.
        if p < end, bytes[p] == UInt8(ascii: "E") || bytes[p] == UInt8(ascii: "e") { return nil }
        if !sawMark, spaceGroupFollows(at: p) { return nil }
        return (mantissa, scale, grouped, p)
    }

    /// Whether the space at `i` separates groups of thousands: exactly three
    /// digits follow it, and no digit after them (`10 000.00`, `1 000 000`).
    @inline(__always)
    func spaceGroupFollows(at i: Int) -> Bool {
        i + 3 < end && bytes[i] == 0x20 && Lexer.isDigit(bytes[i + 1]) && Lexer.isDigit(bytes[i + 2]) && Lexer.isDigit(bytes[i + 3])
            && (i + 4 >= end || !Lexer.isDigit(bytes[i + 4]))
    }

    /// A number of up to seven digits, or of up to seven and up to seven
    /// after a `.`, read a word at a time, as `plainAmount`'s loop reads
    /// it: its digits as one number, how many, how many after the `.`, and
    /// where it ends. Nil for anything else (no digit, eight in a row, a
    /// `,` after the digits, a `.` with no digit after it, or too near the
    /// text's end to read a word): the loop reads it.
    @inline(__always)
    func simpleNumber(at p: Int) -> (mantissa: UInt64, digits: Int, scale: Int, end: Int)? {
        guard p + 8 <= end, let base = bytes.baseAddress else { return nil }
        let whole = Lexer.leadingDigits(UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
        guard whole.count > 0, whole.count < 8 else { return nil }
        let after = p + whole.count
        if bytes[after] == UInt8(ascii: ",") { return nil }
        guard bytes[after] == UInt8(ascii: ".") else { return (whole.value, whole.count, 0, after) }
        guard after + 9 <= end else { return nil }
        let fraction = Lexer.leadingDigits(UnsafeRawPointer(base + after + 1).loadUnaligned(as: UInt64.self))
        guard fraction.count > 0, fraction.count < 8 else { return nil }
        // (At most 10⁷ × 10⁷ + 10⁷: checked arithmetic, which cannot fail here.)
        return (whole.value * Lexer.tenToThe(fraction.count) + fraction.value, whole.count + fraction.count, fraction.count, after + 1 + fraction.count)
    }

    /// 10 to the `n`, for `n` from 1 to 7 (a table the compiler makes of it).
    @inline(__always)
    static func tenToThe(_ n: Int) -> UInt64 {
        switch n {
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        default: 10_000_000
        }
    }

    /// How many ASCII digits the eight bytes of `word` (first byte first, as
    /// read from memory on a little-endian machine) start with, and the
    /// number they write (for fewer than eight). The digits become their
    /// values (`^ 0x30`); a byte of 10 or more sets its top bit when 0x76 is
    /// added (or has it set already). The addition can carry only out of a
    /// byte that is not a digit, into the bytes after it, which do not count.
    @inline(__always)
    static func leadingDigits(_ word: UInt64) -> (count: Int, value: UInt64) {
        let values = UInt64(littleEndian: word) ^ 0x3030_3030_3030_3030
        let notDigits = ((values &+ 0x7676_7676_7676_7676) | values) & 0x8080_8080_8080_8080
        let count = notDigits.trailingZeroBitCount >> 3
        guard count > 0, count < 8 else { return (count, 0) }
        // The digits moved to the top bytes (zeros before them), then summed in pairs, fours and eights.
        var v = values << UInt64(8 * (8 - count))
        v = v &* 10 &+ (v >> 8)
        v = ((v & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064 &+ ((v >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001) >> 32
        return (count, v & 0xFFFF_FFFF)
    }

    /// Reads a number with every rule: up to 34 digits, an exponent, and the
    /// problems (`tooLarge`, `ambiguousNumber`, `noNumber`).
    mutating func scanNumberInFull(decimalComma: Bool) -> Result<(ExactDecimal, Bool), AmountProblem> {
        let start = pos
        let mark: UInt8 = decimalComma ? UInt8(ascii: ",") : UInt8(ascii: ".")
        let group: UInt8 = decimalComma ? UInt8(ascii: ".") : UInt8(ascii: ",")
        // Digits gather in a UInt64 (fast) and spill into the Int128 every 18 digits.
        var mantissa: Int128 = 0
        var chunk: UInt64 = 0, chunkDigits = 0
        var digits = 0, scale = 0
        var sawMark = false, grouped = false, sawDigit = false
        while pos < end {
            let b = bytes[pos]
            if Lexer.isDigit(b) {
                // A run of digits at once; the limits are checked after it (they only
                // grow) and before each spill (so that the Int128 never overflows).
                var p = pos
                repeat {
                    let d = bytes[p]
                    if digits > 0 || d != 0x30 { digits += 1 }
                    chunk = chunk &* 10 &+ UInt64(d &- 0x30)
                    chunkDigits += 1
                    if chunkDigits == 18 {
                        if digits > Lexer.maxDigits { return .failure(.tooLarge(at: start)) }
                        mantissa = mantissa * 1_000_000_000_000_000_000 + Int128(chunk)
                        chunk = 0
                        chunkDigits = 0
                    }
                    p += 1
                } while p < end && Lexer.isDigit(bytes[p])
                if sawMark { scale += p - pos }
                if digits > Lexer.maxDigits || scale > ExactDecimal.maxScale { return .failure(.tooLarge(at: start)) }
                sawDigit = true
                pos = p
            } else if b == group, !sawMark, sawDigit, Lexer.isDigit(peek(1)) {
                // Grouping needs exactly three digits after the mark.
                if Lexer.isDigit(peek(2)), Lexer.isDigit(peek(3)), !Lexer.isDigit(peek(4)) {
                    grouped = true
                    pos += 1
                } else {
                    return .failure(.ambiguousNumber(at: start))
                }
            } else if b == mark, !sawMark, Lexer.isDigit(peek(1)) || sawDigit {
                sawMark = true
                pos += 1
            } else if b == 0x20, !sawMark, sawDigit, spaceGroupFollows(at: pos) {
                // A space between groups of thousands (`10 000.00`), as hledger reads it.
                pos += 1
            } else {
                break
            }
        }
        if !sawDigit {
            pos = start
            return .failure(.noNumber(at: start))
        }
        if mantissa == 0 {
            // Up to 18 digits (nearly every amount): nothing spilled.
            mantissa = Int128(chunk)
        } else if chunkDigits > 0 {
            var p: Int128 = 1
            for _ in 0..<chunkDigits { p *= 10 }
            mantissa = mantissa * p + Int128(chunk)
        }
        // An exponent, as hledger reads it: `1E3` is 1000, `2.5e-2` is 0.025
        // (`E` then a digit; `1EUR` stays a number and a commodity).
        if pos < end, bytes[pos] == UInt8(ascii: "E") || bytes[pos] == UInt8(ascii: "e") {
            var i = pos + 1
            var negative = false
            if i < end, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") { negative = bytes[i] == UInt8(ascii: "-"); i += 1 }
            var exponent = 0, expDigits = 0
            while i < end, Lexer.isDigit(bytes[i]), expDigits < 3 {
                exponent = exponent * 10 + Int(bytes[i] - 0x30)
                expDigits += 1
                i += 1
            }
            if expDigits > 0, i >= end || !Lexer.isDigit(bytes[i]) {
                pos = i
                scale += negative ? exponent : -exponent
                if scale > ExactDecimal.maxScale { return .failure(.tooLarge(at: start)) }
                if scale < 0 {
                    // Whole digits gained: the number must still fit.
                    guard digits - scale <= Lexer.maxDigits else { return .failure(.tooLarge(at: start)) }
                    for _ in 0..<(-scale) { mantissa *= 10 }
                    scale = 0
                }
            }
        }
        return .success((ExactDecimal(mantissa: mantissa, scale: scale), grouped))
    }
}
