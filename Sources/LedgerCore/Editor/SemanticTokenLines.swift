/// A document's semantic tokens, line by line, kept up to date as the
/// document is edited: an edit re-reads only the lines it touched (and the
/// lines after them whose block it changed), so the tokens after a
/// keystroke in a 100k-transaction file cost a few lines, not the file.
///
/// A token is kept as its start and length on its line (in the negotiated
/// position units) and its type; the protocol's relative encoding is made
/// when the tokens are sent.
final class SemanticTokenLines {
    let encoding: PositionEncoding
    /// Three numbers per token: its start on its line, its length, its type.
    private(set) var tokens: [UInt32] = []
    /// The index (in tokens) of each line's first token, and the token count last.
    private(set) var firstToken: [Int32] = [0]
    /// The block each line is read in (`JournalLineReader.Block`'s raw value).
    private var blocks: [UInt8] = []
    /// The line count and byte count of the text these tokens are of.
    private(set) var lineCount = 0, byteCount = 0
    /// What was last sent: its result id and token count, the first line
    /// changed since, and how many lines at the end no edit has touched since.
    private var sent: (id: String, tokenCount: Int, firstChanged: Int, unchangedAtEnd: Int)?

    init(_ file: SourceFile, _ encoding: PositionEncoding) {
        self.encoding = encoding
        let starts = file.shiftedLineStarts
        tokens.reserveCapacity(starts.count * 9)
        firstToken.reserveCapacity(starts.count + 1)
        blocks.reserveCapacity(starts.count)
        file.withBytes { b in
            var reader = JournalLineReader()
            for k in 0..<starts.count {
                blocks.append(reader.block.rawValue)
                appendTokens(ofLine: k, starts, b, &reader, into: &tokens)
                firstToken.append(Int32(tokens.count / 3))
            }
        }
        lineCount = starts.count
        byteCount = file.byteCount
    }

    /// Whether these are the tokens of `file` (an edit it missed leaves them of another text).
    func describes(_ file: SourceFile) -> Bool { lineCount == file.shiftedLineStarts.count && byteCount == file.byteCount }

    /// The tokens after the old lines `old` (0-based, inclusive) became the
    /// lines `new` of `file`.
    func replace(lines old: ClosedRange<Int>, with new: ClosedRange<Int>, in file: SourceFile) {
        let starts = file.shiftedLineStarts
        guard old.upperBound < lineCount, new.upperBound < starts.count else {
            // Not this text's lines: describe no text, so that they are read again.
            byteCount = -1
            return
        }
        var oldEnd = old.upperBound + 1, newEnd = new.upperBound + 1
        var fresh: [UInt32] = [], freshFirst: [Int32] = [], freshBlocks: [UInt8] = []
        var reader = JournalLineReader(block: JournalLineReader.Block(rawValue: blocks[old.lowerBound]) ?? .none)
        var k = new.lowerBound
        while true {
            while k < newEnd {
                freshBlocks.append(reader.block.rawValue)
                freshFirst.append(Int32(fresh.count / 3))
                // (Line by line, read where it lies: an editor's document keeps its gap.)
                file.withBytes(near: starts[k]) { b, _ in appendTokens(ofLine: k, starts, b, &reader, into: &fresh) }
                k += 1
            }
            // The lines after read as before when they start in the same block.
            guard oldEnd < lineCount, newEnd < starts.count, blocks[oldEnd] != reader.block.rawValue else { break }
            oldEnd += 1
            newEnd += 1
        }
        if var since = sent {
            since.firstChanged = min(since.firstChanged, old.lowerBound)
            since.unchangedAtEnd = min(since.unchangedAtEnd, lineCount - oldEnd)
            sent = since
        }
        let tokenStart = Int(firstToken[old.lowerBound]), tokenEnd = Int(firstToken[oldEnd])
        tokens.replaceSubrange((tokenStart * 3)..<(tokenEnd * 3), with: fresh)
        let shift = Int32(fresh.count / 3 - (tokenEnd - tokenStart))
        firstToken.replaceSubrange(old.lowerBound..<oldEnd, with: freshFirst.map { $0 + Int32(tokenStart) })
        if shift != 0 {
            for i in (old.lowerBound + freshFirst.count)..<firstToken.count { firstToken[i] += shift }
        }
        blocks.replaceSubrange(old.lowerBound..<oldEnd, with: freshBlocks)
        lineCount = starts.count
        byteCount = file.byteCount
    }

    /// The tokens in the protocol's encoding: five numbers each, the line and
    /// start relative to the token before.
    func encoded() -> EncodedTokens {
        encode(lines: 0..<lineCount, tokens: 0..<(firstToken[lineCount]), lineBefore: 0)
    }

    /// The tokens of the lines `lines` (those past the end left out), the
    /// first one's line counted from the document's start.
    func encoded(lines: ClosedRange<Int>) -> EncodedTokens {
        // `upperBound + 1` would overflow at Int.max (a client may send any line).
        let first = min(max(lines.lowerBound, 0), lineCount), end = lines.upperBound >= lineCount ? lineCount : max(lines.upperBound, 0) + 1
        guard first < end else { return encode(lines: 0..<0, tokens: 0..<0, lineBefore: 0) }
        return encode(lines: first..<end, tokens: firstToken[first]..<firstToken[end], lineBefore: 0)
    }

    /// Notes that the tokens as they are now were sent as `id`.
    func markSent(_ id: String) {
        sent = (id, Int(firstToken[lineCount]), Int.max, Int.max)
    }

    /// The one edit that makes the tokens sent as `id` into these: where it
    /// starts, how many numbers it deletes, the numbers it inserts; nil when
    /// `id` is not the last sent. Only the lines edited since are encoded.
    func delta(since id: String) -> (start: Int, deleteCount: Int, data: [UInt32])? {
        guard let since = sent, since.id == id else { return nil }
        guard since.firstChanged < lineCount else { return (0, 0, []) }
        let first = since.firstChanged
        let end = max(first, lineCount - min(since.unchangedAtEnd, lineCount))
        let total = Int(firstToken[lineCount])
        let before = Int(firstToken[first]), after = total - Int(firstToken[end])
        let changedBefore = since.tokenCount - before - after, changedNow = Int(firstToken[end]) - before
        // The first token after the edited lines is sent again: its line is counted from the token before it.
        let next = after > 0 ? 1 : 0
        var lineBefore = first
        while lineBefore > 0, firstToken[lineBefore] == Int32(before) { lineBefore -= 1 }
        if before == 0 { lineBefore = 0 }
        let data = encode(lines: first..<lineCount, tokens: Int32(before)..<Int32(before + changedNow + next), lineBefore: lineBefore)
        return (before * 5, (changedBefore + next) * 5, data.values)
    }

    /// The tokens `tokens` (on the lines `lines`) in the protocol's
    /// encoding, the first one's line counted from `lineBefore`.
    private func encode(lines: Range<Int>, tokens wanted: Range<Int32>, lineBefore: Int) -> EncodedTokens {
        EncodedTokens(tokens: tokens, firstToken: firstToken, lines: lines, wanted: wanted, lineBefore: lineBefore)
    }

    // MARK: Reading one line

    /// The token types, in the legend's order.
    enum Kind: UInt32 { case keyword, number, `operator`, string, namespace, type, comment, property }

    private func appendTokens(ofLine k: Int, _ starts: ShiftedLineStarts, _ b: UnsafeBufferPointer<UInt8>, _ reader: inout JournalLineReader, into out: inout [UInt32]) {
        let s = starts[k]
        let e = k + 1 < starts.count ? starts[k + 1] - 1 : b.count
        let line = reader.read(b, start: s, end: max(s, e))
        guard line.kind != .blank else { return }
        // Positions in units, counted on from the last token (tokens come in order).
        var at = s, units: UInt32 = 0
        let utf16 = encoding == .utf16
        func count(_ from: Int, _ to: Int) -> UInt32 {
            guard utf16 else { return UInt32(to - from) }
            var n: UInt32 = 0
            for i in from..<to {
                let c = b[i]
                if c & 0xC0 != 0x80 { n += c >= 0xF0 ? 2 : 1 }
            }
            return n
        }
        func emit(_ r: Range<Int>, _ kind: Kind) {
            guard r.lowerBound >= at, !r.isEmpty else { return }
            units += count(at, r.lowerBound)
            let length = count(r.lowerBound, r.upperBound)
            out.append(units)
            out.append(length)
            out.append(kind.rawValue)
            units += length
            at = r.upperBound
        }
        func amount(_ r: Range<Int>) {
            forEachAmountPiece(in: b, r) { piece, p in
                switch piece {
                case .commodity: emit(p, .type)
                case .number: emit(p, .number)
                case .mark: emit(p, .operator)
                }
            }
        }
        func keywordIs(_ word: String) -> Bool { b[line.keyword].elementsEqual(word.utf8) }
        switch line.kind {
        case .header:
            emit(line.date, .number)
            emit(line.status, .operator)
            emit(line.code, .string)
            emit(line.rest, .string)
        case .posting:
            emit(line.account, .namespace)
            amount(line.rest)
        case .directive:
            emit(line.keyword, .keyword)
            if keywordIs("repeat") || keywordIs("~") {
                // The schedule's words (its dates numbers), then the description.
                let parts = line.ruleParts(b)
                var i = parts.schedule.lowerBound
                while i < parts.schedule.upperBound {
                    var j = i
                    while j < parts.schedule.upperBound, b[j] != 0x20 { j += 1 }
                    emit(i..<j, b[i] >= 0x30 && b[i] <= 0x39 ? .number : .keyword)
                    i = j + 1
                }
                emit(parts.description, .string)
            } else if keywordIs("P") || keywordIs("D") || keywordIs("commodity") || keywordIs("split") || keywordIs("N") || keywordIs("C") {
                amount(line.rest)
            } else if keywordIs("account") || keywordIs("alias") || keywordIs("apply") {
                emit(line.rest, .namespace)
            } else if keywordIs("tag") {
                emit(line.rest, .property)
            } else if keywordIs("end") {
                emit(line.rest, .keyword)
            } else {
                emit(line.rest, .string)
            }
        case .indented:
            emit(line.head, .keyword)
            if reader.block == .commodity && b[line.head].elementsEqual("format".utf8) { amount(line.rest) } else { emit(line.rest, .string) }
        case .comment, .blank:
            break
        }
        // The comment, its tags' names apart (`; 여행: 부산` is comment, property, comment).
        guard line.comment < line.end else { return }
        var from = line.comment
        if b[line.comment] == 0x3B, line.kind != .comment || line.comment > line.start {
            let body = UnsafeBufferPointer(rebasing: b[(line.comment + 1)..<line.end])
            forEachTag(in: body) { key, _ in
                let k = (line.comment + 1 + key.lowerBound)..<(line.comment + 1 + key.upperBound)
                guard k.lowerBound >= from else { return }
                emit(from..<k.lowerBound, .comment)
                emit(k, .property)
                from = k.upperBound
            }
        }
        emit(from..<line.end, .comment)
    }
}

/// Semantic tokens in the protocol's encoding (five numbers a token: its
/// line and start relative to the token before, its length, type and
/// modifiers), made as they are written (`JSONNumbers`): the 25 MB of
/// numbers of a 100k-transaction file are never held. It holds the lines'
/// tokens as they were (the arrays are shared, not copied).
struct EncodedTokens: JSONNumbers {
    /// Three numbers per token, and each line's first token (`SemanticTokenLines`).
    let tokens: [UInt32]
    let firstToken: [Int32]
    let lines: Range<Int>
    let wanted: Range<Int32>
    let lineBefore: Int

    var count: Int { wanted.count * 5 }

    var values: [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(count)
        encode { out.append($0) }
        return out
    }

    func writeCommaSeparated(at out: UnsafeMutablePointer<UInt8>) -> Int {
        CommaSeparatedWriter.write(at: out) { w in encode { w.put($0) } }
    }

    /// Calls `put` with each number, in order.
    @inline(__always)
    private func encode(_ put: (UInt32) -> Void) {
        tokens.withUnsafeBufferPointer { t in
            firstToken.withUnsafeBufferPointer { firstToken in
                var lastLine = lineBefore
                for line in lines {
                    let first = max(Int(firstToken[line]), Int(wanted.lowerBound)), last = min(Int(firstToken[line + 1]), Int(wanted.upperBound))
                    guard first < last else {
                        if first >= Int(wanted.upperBound) { break }
                        continue
                    }
                    var previousStart: UInt32 = 0
                    for i in first..<last {
                        let start = t[i * 3]
                        put(i == first ? UInt32(line - lastLine) : 0)
                        put(start - previousStart)
                        put(t[i * 3 + 1])
                        put(t[i * 3 + 2])
                        // No modifiers.
                        put(0)
                        previousStart = start
                    }
                    lastLine = line
                }
            }
        }
    }
}
