#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading plain transactions straight into the check stream.
///
/// Nearly every transaction of a household's journal is plain: a date, a
/// description, and postings of one commodity at one scale, with no cost,
/// lot, assertion, comment or virtual account, and at most one of them
/// without an amount. The check stream lets such a transaction go as soon as
/// it balances (`CheckStream.offer`), keeping only its movements and a
/// record. Building a `Transaction` and its `Posting`s only to let them go
/// was most of `check`'s work: `readPlainTransaction` reads the lines into
/// the stream's movements directly, with the general path's own scanners,
/// and does to the journal's tables what the general path does, in the same
/// order.
///
/// Anything else, and anything the general path would warn about or reject,
/// it leaves: it returns nil, drops the movements it wrote, and the general
/// path reads the transaction from its first line. What it did to the tables
/// before that the general path does again first (the same names interned
/// in the same order, the same uses and styles noted, each idempotent), so a
/// transaction leaves the same journal whichever way it was read
/// (`PlainTransactionTests` compares the two over random journals).
extension JournalParser {
    /// Whether plain transactions are read straight into the sink, when it
    /// reads headers as bytes (`plainLetGo`, which the caller unwraps):
    /// nothing in effect changes how a posting reads (aliases, `apply
    /// account`, `D`, a commodity written with a decimal comma).
    @inline(__always) var readsPlainTransactions: Bool {
        configuration.readsPlainDirectly && reader.aliases.isEmpty && !reader.hasAccountPrefixes
            && (configuration.aliases.isEmpty || commandAliasesEnded)
            && reader.defaultCommodity == nil && reader.commaCommodities.isEmpty
    }

    /// Reads the transaction whose header line is `header` (its content,
    /// without the line break) and the lines after it up to `end`, when it is
    /// plain and balances exactly. Returns where the first line after it
    /// starts, and where that line ends when it was read to its end (-1 when
    /// not: the reader finds it again), or nil when it left the transaction
    /// to the general path. `letGo` is `plainLetGo`, taken once by the caller.
    func readPlainTransaction(_ buf: UnsafeBufferPointer<UInt8>, header: Range<Int>, lineEnd: Int, end n: Int,
                              into letGo: LetGoTransactions) -> (next: Int, lineEnd: Int)? {
        var lx = Lexer(buf, from: header.lowerBound, to: header.upperBound)
        guard let date = plainDate(&lx), lx.atEnd || Lexer.isSpace(lx.peek()) || lx.peek() == UInt8(ascii: ";") else { return nil }
        var bar = false
        let parts = lx.headerParts(bar: &bar)
        if parts.code != nil, lx.isCompanyMark(parts.code) { return nil }
        if let comment = parts.comment, LetGoTransactions.commentMayHoldReadTags(UnsafeBufferPointer(rebasing: buf[comment])) { return nil }

        let before = letGo.moves.count
        var commodity: Int32 = -1, scale = -1, sum: Int64 = 0, elided = -1
        var pos = lineEnd + 1
        var nextLineEnd = -1
        while pos < n {
            let lineStart = pos
            // A posting line is read to its line break, not searched for its end first.
            if Lexer.isSpace(buf[pos]) {
                var line = Lexer(buf, from: lineStart, to: n)
                line.skipSpaces()
                let b = line.peek()
                if !line.atEnd, b != 0x0A, b != 0x0D, b != UInt8(ascii: ";"),
                   let move = plainPosting(&line, ToLineBreak.self, commodity: &commodity, scale: &scale, sum: &sum) {
                    guard store(move.account, move.commodity, move.mantissa, elided: move.elided, in: letGo, elidedAt: &elided) else {
                        letGo.moves.removeSubrange(before...)
                        return nil
                    }
                    pos = move.lineEnd + 1
                    continue
                }
                // (Else read below with its end found first: a line of blanks, a comment, anything not plain.)
            } else if buf[pos] == 0x0A {
                pos += 1
                continue
            }
            let lineEnd = Lexer.first(0x0A, in: buf, from: pos, to: n) ?? n
            var contentEnd = lineEnd
            while contentEnd > lineStart, buf[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if contentEnd > lineStart {
                let first = buf[lineStart]
                // A line in column 1 that is not a comment ends the transaction.
                if !Lexer.isSpace(first) && !Lexer.startsComment(first) {
                    nextLineEnd = lineEnd
                    break
                }
                if Lexer.isSpace(first) {
                    var line = Lexer(buf, from: lineStart, to: contentEnd)
                    line.skipSpaces()
                    if !line.atEnd {
                        guard line.peek() != UInt8(ascii: ";"),
                              let move = plainPosting(&line, ToLineEnd.self, commodity: &commodity, scale: &scale, sum: &sum),
                              store(move.account, move.commodity, move.mantissa, elided: move.elided, in: letGo, elidedAt: &elided) else {
                            letGo.moves.removeSubrange(before...)
                            return nil
                        }
                    }
                }
            }
            pos = lineEnd + 1
        }
        // One commodity, and a sum of exactly zero (or an amount to infer that fits).
        guard commodity >= 0, elided >= 0 || sum == 0, elided < 0 || (-Int64(Int32.max)...(-Int64(Int32.min))).contains(sum),
              elided < 0 || !movesTradedPosition(letGo.moves[elided].account, commodity) else {
            letGo.moves.removeSubrange(before...)
            return nil
        }
        if elided >= 0 { letGo.moves[elided].mantissa = Int32(truncatingIfNeeded: -sum) }
        // (With no `|`, the payee is the description, trimmed already.)
        let payee = bar ? HeaderBytes(file: buf, parts: parts).payee : UnsafeBufferPointer(rebasing: buf[parts.description])
        letGo.takePlain(movesFrom: before, day: date.day, payee: payee,
                        location: location(header.lowerBound), commodity: commodity, scale: Int8(truncatingIfNeeded: scale))
        return (pos, nextLineEnd)
    }

    /// `readPlainTransaction`, then the plain transactions right after it,
    /// without `parseLines`' questions for each line (which a plain
    /// transaction leaves as they were: no diagnostic, nothing open, no
    /// block comment, nothing that changes how a line reads). It reads on
    /// while the next line is a header, read to its end already, that
    /// starts before `headersBefore`. Nil when the first is not plain;
    /// else where the line after the last one read starts and ends (-1:
    /// not known), and whether a header there was tried and left
    /// (`notPlain`: the caller reads it the general way, not again this way).
    @inline(__always)
    func readPlainTransactions(_ buf: UnsafeBufferPointer<UInt8>, header: Range<Int>, lineEnd: Int, end n: Int, headersBefore: Int,
                               into letGo: LetGoTransactions) -> (next: Int, lineEnd: Int, notPlain: Bool)? {
        guard var read = readPlainTransaction(buf, header: header, lineEnd: lineEnd, end: n, into: letGo) else { return nil }
        while read.lineEnd >= 0, read.next < headersBefore, read.next < n, Lexer.isDigit(buf[read.next]) {
            var contentEnd = read.lineEnd
            // `\r\n`, and any carriage returns before it, end the line, as in `parseLines`.
            while contentEnd > read.next, buf[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            guard let after = readPlainTransaction(buf, header: read.next..<contentEnd, lineEnd: read.lineEnd, end: n, into: letGo) else {
                return (read.next, read.lineEnd, true)
            }
            read = after
        }
        return (read.next, read.lineEnd, false)
    }

    /// Stores a posting's movement in the stream; false when the transaction
    /// is left to the general path (a second posting without an amount, a
    /// traded position moved, a mantissa past 32 bits): the caller then drops
    /// what it stored. `elidedAt`: where the posting without an amount is.
    @inline(__always)
    private func store(_ account: Int32, _ commodity: Int32, _ mantissa: Int64, elided: Bool, in letGo: LetGoTransactions,
                       elidedAt: inout Int) -> Bool {
        if elided {
            guard elidedAt < 0 else { return false }
            elidedAt = letGo.moves.count
        }
        // (A mantissa past 32 bits: the transaction is kept whole.)
        guard elided || !movesTradedPosition(account, commodity),
              let stored = Int32(exactly: mantissa) else { return false }
        letGo.moves.append(LetGoTransactions.StoredMove(account: account, mantissa: stored))
        return true
    }

    /// Whether a movement moves a traded position: one of the journal's
    /// traded pairs, as the sink would answer (`EntrySink.movesTradedPosition`).
    /// Looked up in the parser's bits of them, made again when a pair was
    /// added: asking the sink passed it the set, which cost four atomic
    /// reference counts a posting in a journal that trades.
    @inline(__always)
    private func movesTradedPosition(_ account: Int32, _ commodity: Int32) -> Bool {
        let pairs = journal.tradedPairs.count
        guard pairs > 0, sink != nil else { return false }
        if pairs != tradedBitsCount { takeTradedPairs() }
        return tradedBits.contains(account, commodity)
    }

    @inline(never)
    private func takeTradedPairs() {
        tradedBits = AccountCommoditySet(journal.tradedPairs)
        tradedBitsCount = journal.tradedPairs.count
    }

    /// A header's date, as `dateToken` reads it, when it reads with nothing to say.
    @inline(__always) private func plainDate(_ lx: inout Lexer) -> CivilDate? {
        // A date outside the likely years is warned about: the general path says so.
        guard case .success(let d) = date(&lx), d.day >= likelyFirstDay, d.day < likelyEndDay else { return nil }
        return d
    }

    /// One posting line of a plain transaction (after its indent), read as
    /// `posting` reads it: its account interned and its use noted, its amount's
    /// commodity interned and style observed. Nil when it is not plain: a
    /// virtual account, a cost, lot, assertion or comment, an amount of
    /// another commodity or scale than the others (`commodity`, `scale`), a
    /// sum that does not fit, or anything the general path reports.
    ///
    /// `ToLineBreak`: the line's end is not known yet (`lx` ends where the
    /// text does), and the posting is read up to its line break, which ends
    /// the account, the amount and the line as the line's end would. Then it
    /// is also nil where only the line's end, found first, tells (a `\r`
    /// inside the line, an amount the general scanner reads): the caller
    /// reads the line again that way, and what this did to the tables (a
    /// name interned, its use and a style noted) that reading does again, to
    /// the same effect. Returns where the line's content ends: its `\n` (the
    /// text's end when none) when read to its line break.
    @inline(__always)
    private func plainPosting<Reading: PostingLineReading>(_ lx: inout Lexer, _: Reading.Type, commodity: inout Int32, scale: inout Int, sum: inout Int64)
        -> (account: Int32, commodity: Int32, mantissa: Int64, elided: Bool, lineEnd: Int)? {
        // (A type, not a flag: each way of reading is compiled on its own, with no test of it per posting.)
        let toLineBreak = Reading.toLineBreak
        _ = lx.statusMark()
        let accountStart = lx.pos
        let b = lx.peek()
        guard b != UInt8(ascii: "("), b != UInt8(ascii: "[") else { return nil }
        var nameEnd: Int
        if toLineBreak {
            guard lx.skipAccountNameToLineBreak() else { return nil }
            nameEnd = lx.pos
        } else {
            lx.skipAccountName()
            nameEnd = lx.pos
            while nameEnd > accountStart, lx.bytes[nameEnd - 1] == 0x0D { nameEnd -= 1 }
        }
        guard nameEnd > accountStart, nameEnd - accountStart < AccountTable.deepestLevel else { return nil }
        let account = journal.accounts.intern(UnsafeBufferPointer(rebasing: lx.bytes[accountStart..<nameEnd]))
        journal.accounts.noteUse(account, at: location(accountStart))
        lx.skipSpaces()
        if let lineEnd = toLineBreak ? lx.lineBreak(at: lx.pos) : (lx.atEnd ? lx.end : nil) {
            if !journal.accounts.usedWithoutAmount[Int(account)] { journal.accounts.noteUseWithoutAmount(account) }
            return (account, 0, 0, true, lineEnd)
        }
        let next = lx.peek()
        guard next != UInt8(ascii: ";"), next != UInt8(ascii: "=") else { return nil }
        let a: PlainAmount
        if !reader.file.decimalComma, let plain = lx.plainAmount() {
            a = plain
        } else {
            // (The general scanner may read past a line break it was not told of.)
            guard !toLineBreak, case .success(let s) = lx.amount(decimalComma: reader.file.decimalComma), let m = s.quantity.mantissa64 else { return nil }
            a = PlainAmount(mantissa: m, scale: s.quantity.scale, commodity: s.commodity, symbolFirst: s.symbolFirst, spaced: s.spaced, grouped: s.grouped)
        }
        let c = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[a.commodity]))
        journal.commodities.observe(c, scale: a.scale, symbolFirst: a.symbolFirst, spaced: a.spaced, grouped: a.grouped)
        lx.skipSpaces()
        guard let lineEnd = toLineBreak ? lx.lineBreak(at: lx.pos) : (lx.atEnd ? lx.end : nil),
              commodity < 0 || commodity == c, scale < 0 || scale == a.scale else { return nil }
        let (total, overflow) = sum.addingReportingOverflow(a.mantissa)
        guard !overflow else { return nil }
        commodity = c
        scale = a.scale
        sum = total
        return (account, c, a.mantissa, false, lineEnd)
    }
}

/// How `plainPosting` finds where a posting line ends.
private protocol PostingLineReading {
    /// True: at its line break, the line's end not known yet; false: at the line's end, found first.
    static var toLineBreak: Bool { get }
}

/// A posting line read up to its line break.
private enum ToLineBreak: PostingLineReading {
    static var toLineBreak: Bool { true }
}

/// A posting line read up to its end, found first.
private enum ToLineEnd: PostingLineReading {
    static var toLineBreak: Bool { false }
}
