/// Rewrites ledger text in the canonical layout, changing only white space.
///
/// - Postings are indented four spaces; their amounts are right-aligned to one
///   column per transaction, by display width (Korean names line up).
/// - Runs of blank lines become one; a transaction, rule or periodic
///   transaction is followed by one blank line; blank lines inside an item and
///   at the ends of the file go.
/// - Comments, headers and directives keep their text; numbers, dates and
///   commodities stay as written. Trailing white space goes; tabs between an
///   account and its amount become spaces.
/// - A byte-order mark and CRLF line endings are kept as the file had them.
///
/// The formatter reads lines the way `JournalParser` does, so what a line
/// means never changes; `ledgerc fmt` still compiles the result and compares
/// it with the original before writing anything.
public struct LedgerFormatter {
    public init() {}

    /// The formatted text of a whole file.
    public func format(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { buf in
            var state = FormatterState(buf)
            state.run()
            return state.output.bytes
        }
    }
}

/// What kind of item the lines being read belong to.
private enum OpenItem {
    case none
    /// A transaction, `repeat` rule or `~` periodic transaction: postings align.
    case entry
    /// A directive whose indented lines (tags, `format`, ...) keep their text.
    case directive
    /// A `comment` / `test` block, copied as it is up to its end line.
    case block(end: String)
}

/// One line of an entry, split into the parts the layout moves.
private struct EntryLine {
    /// For a posting: status mark and account as written (`* (Assets:Cash)`).
    var account: String
    /// The posting's amount as written, empty for none.
    var amount: String
    /// Cost, lot, assertion text after the amount, as written.
    var annotations: String
    /// `;` and what follows, as written; empty for none.
    var comment: String
    /// True for a comment line (`account` holds nothing).
    var isComment: Bool
    /// A comment line in column 1 (held whole in `comment`): it does not end
    /// the entry, so indented lines after it still belong to it.
    var inColumnOne = false
    /// A blank line stood before this column-1 comment.
    var blankBefore = false
}

private struct FormatterState {
    let buf: UnsafeBufferPointer<UInt8>
    var output = ByteBuffer(capacity: 1 << 16)
    var open = OpenItem.none
    var entryHeader = ""
    var entryLines: [EntryLine] = []
    /// A blank line was seen since the last line written.
    var pendingBlank = false
    /// Something has been written (leading blank lines are dropped).
    var wroteAnything = false
    /// The item just ended was an entry: the next item gets a blank line before it.
    var afterEntry = false
    var decimalComma = false
    let newline: [UInt8]

    init(_ buf: UnsafeBufferPointer<UInt8>) {
        self.buf = buf
        var crlf = false
        if let lf = buf.firstIndex(of: 0x0A), lf > 0, buf[lf - 1] == 0x0D { crlf = true }
        newline = crlf ? [0x0D, 0x0A] : [0x0A]
    }

    mutating func run() {
        var pos = 0
        if buf.count >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF {
            output.write(bytes: UnsafeBufferPointer(rebasing: buf[0..<3]))
            pos = 3
        }
        while pos < buf.count {
            var end = pos
            while end < buf.count, buf[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > pos, buf[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            line(pos, contentEnd)
            pos = end + 1
        }
        flushEntry()
    }

    func text(_ r: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[r]), as: UTF8.self)
    }

    mutating func emit(_ s: String) {
        output.write(s)
        output.write(bytes: newline)
        wroteAnything = true
    }

    /// Writes a blank line before a new top-level item when one is due.
    mutating func separate(isEntry: Bool) {
        if wroteAnything, pendingBlank || afterEntry || isEntry && !lastWasComment {
            output.write(bytes: newline)
        }
        pendingBlank = false
        afterEntry = false
    }

    /// The last top-level line written was a comment (it stays with the item under it).
    var lastWasComment = false

    mutating func line(_ start: Int, _ end: Int) {
        var lx = Lexer(buf, from: start, to: end)
        if case .block(let endWord) = open {
            let r = lx.rest()
            emit(text(start..<r.upperBound))
            if text(r) == endWord { open = .none }
            return
        }
        if lx.atEnd || { var probe = lx; probe.skipSpaces(); return probe.atEnd }() {
            pendingBlank = true
            return
        }
        let first = buf[start]
        if Lexer.isSpace(first) {
            lx.skipSpaces()
            indented(&lx)
            return
        }
        let content = text(start..<lx.rest().upperBound)
        lx.pos = start
        if Lexer.startsComment(first) {
            if case .entry = open {
                // Kept with the entry: written in place if postings follow, after it if not.
                entryLines.append(EntryLine(account: "", amount: "", annotations: "", comment: content, isComment: true,
                                            inColumnOne: true, blankBefore: pendingBlank))
                pendingBlank = false
                return
            }
            separate(isEntry: false)
            emit(content)
            open = .none
            lastWasComment = true
            return
        }
        flushEntry()
        switch first {
        case 0x30...0x39, UInt8(ascii: "~"), UInt8(ascii: "="):
            startEntry(content)
            return
        default:
            break
        }
        let word = text(lx.word())
        if word == "repeat" {
            startEntry(normalizedRuleHeader(content))
            return
        }
        separate(isEntry: false)
        emit(content)
        lastWasComment = false
        if word == "comment" || word == "test" {
            open = .block(end: "end " + word)
        } else {
            if word == "decimal-mark" {
                lx.skipSpaces()
                decimalComma = lx.peek() == UInt8(ascii: ",")
            }
            open = .directive
        }
    }

    /// A `repeat` header with its schedule and clauses in lower case and in
    /// one order: schedule, `from`, `until`, `count`, `on`, `shift`. The text
    /// after the wide separator (description, comment) is kept as written.
    func normalizedRuleHeader(_ header: String) -> String {
        let bytes = Array(header.utf8)
        var end = 0
        while end < bytes.count, !(bytes[end] == 0x09 || (bytes[end] == 0x20 && end + 1 < bytes.count && (bytes[end + 1] == 0x20 || bytes[end + 1] == 0x09))) {
            end += 1
        }
        // A header without a description has nothing to reorder safely.
        guard end < bytes.count else { return header }
        let words = String(decoding: bytes[..<end], as: UTF8.self).lowercased().split(separator: " ").map(String.init)
        guard words.first == "repeat" else { return header }
        let order = ["from", "until", "count", "on", "shift"]
        var schedule: [String] = []
        var clauses: [String: [String]] = [:]
        var current: String?
        for w in words.dropFirst() {
            if order.contains(w) {
                // A clause given twice: leave the header as written (the compile reports it or reads the last).
                guard clauses[w] == nil else { return header }
                current = w
                clauses[w] = [w]
            } else if let c = current {
                clauses[c]!.append(w)
            } else {
                schedule.append(w)
            }
        }
        let parts = ["repeat"] + schedule + order.flatMap { clauses[$0] ?? [] }
        return parts.joined(separator: " ") + String(decoding: bytes[end...], as: UTF8.self)
    }

    mutating func startEntry(_ header: String) {
        separate(isEntry: true)
        lastWasComment = false
        open = .entry
        entryHeader = header
        entryLines.removeAll(keepingCapacity: true)
    }

    /// An indented line: part of the open item, or a stray comment.
    mutating func indented(_ lx: inout Lexer) {
        // Blank lines inside an item are dropped: they end nothing.
        pendingBlank = false
        switch open {
        case .entry:
            entryLines.append(entryLine(&lx))
        default:
            emit("    " + text(lx.rest()))
        }
    }

    /// Splits a posting line the way the parser reads it.
    func entryLine(_ lx: inout Lexer) -> EntryLine {
        if lx.peek() == UInt8(ascii: ";") {
            return EntryLine(account: "", amount: "", annotations: "", comment: text(lx.rest()), isComment: true)
        }
        let mark: String
        switch lx.statusMark() {
        case .cleared: mark = "* "
        case .pending: mark = "! "
        case .unmarked: mark = ""
        }
        let accountStart = lx.pos
        lx.skipAccountName()
        let account = mark + text(accountStart..<lx.pos)
        lx.skipSpaces()
        // The rest up to a `;` outside quotes is the amount and its annotations.
        let restStart = lx.pos
        var inQuote = false
        while !lx.atEnd {
            let b = lx.peek()
            if b == UInt8(ascii: "\"") { inQuote.toggle() }
            if b == UInt8(ascii: ";"), !inQuote { break }
            lx.pos += 1
        }
        var restEnd = lx.pos
        while restEnd > restStart, Lexer.isSpace(buf[restEnd - 1]) { restEnd -= 1 }
        let comment = lx.atEnd ? "" : text(lx.rest())
        var amount = "", annotations = ""
        if restStart < restEnd {
            if buf[restStart] == UInt8(ascii: "=") {
                annotations = text(restStart..<restEnd)
            } else {
                // The amount ends where a scan of it ends at white space; a
                // commodity declared with a decimal comma reads the other way.
                amount = text(restStart..<restEnd)
                for comma in [decimalComma, !decimalComma] {
                    var scan = Lexer(buf, from: restStart, to: restEnd)
                    guard case .success = scan.amount(decimalComma: comma), scan.atEnd || Lexer.isSpace(scan.peek()) else { continue }
                    amount = text(restStart..<scan.pos)
                    scan.skipSpaces()
                    annotations = text(scan.pos..<restEnd)
                    break
                }
            }
        }
        return EntryLine(account: account, amount: amount, annotations: annotations, comment: comment, isComment: false)
    }

    /// Writes the open entry with its amounts aligned.
    mutating func flushEntry() {
        guard case .entry = open else { return }
        open = .none
        afterEntry = true
        emit(entryHeader)
        let indent = 4
        var amountEnd = 0
        for l in entryLines where !l.isComment && !l.amount.isEmpty {
            amountEnd = max(amountEnd, indent + displayWidth(l.account) + 2 + displayWidth(l.amount))
        }
        // Column-1 comments after the entry's last indented line come after it, as items of their own.
        var inside = entryLines.count
        while inside > 0, entryLines[inside - 1].inColumnOne { inside -= 1 }
        for l in entryLines[..<inside] {
            var s = String(repeating: " ", count: indent)
            if l.inColumnOne {
                emit(l.comment)
                continue
            }
            if l.isComment {
                emit(s + l.comment)
                continue
            }
            s += l.account
            if !l.amount.isEmpty {
                let used = indent + displayWidth(l.account) + displayWidth(l.amount)
                s += String(repeating: " ", count: amountEnd - used) + l.amount
                if !l.annotations.isEmpty { s += " " + l.annotations }
            } else if !l.annotations.isEmpty {
                s += "  " + l.annotations
            }
            if !l.comment.isEmpty { s += "  " + l.comment }
            emit(s)
        }
        let blankAfter = pendingBlank
        for l in entryLines[inside...] {
            pendingBlank = l.blankBefore
            separate(isEntry: false)
            emit(l.comment)
            lastWasComment = true
        }
        pendingBlank = blankAfter
        entryLines.removeAll(keepingCapacity: true)
    }
}
