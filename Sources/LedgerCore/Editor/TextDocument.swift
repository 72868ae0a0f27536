/// What an LSP position's `character` counts: UTF-16 code units (the
/// protocol's default) or bytes, when the client offers `utf-8`.
package enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"
}

/// A line and character as the protocol counts them (both 0-based).
struct EditorPosition: Equatable {
    var line: Int
    var character: Int

    var json: JSONValue { .object([("line", .int(line)), ("character", .int(character))]) }

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int else { return nil }
        // A position from the client is a protocol `uinteger` (to 2^31 - 1): clamped so that no sum with it overflows.
        self.init(line: min(max(0, line), Int(Int32.max)), character: min(max(0, character), Int(Int32.max)))
    }
}

extension SourceFile {
    /// The protocol's position of a byte offset. Line 0 starts after a
    /// byte-order mark, as editors show the text.
    func editorPosition(of offset: Int, _ encoding: PositionEncoding) -> EditorPosition {
        let offset = min(max(offset, contentStart), byteCount)
        let (line, _) = lineAndColumn(of: offset)
        let start = shiftedLineStarts[line - 1]
        return EditorPosition(line: line - 1, character: units(from: start, to: offset, encoding))
    }

    /// The code units of `encoding` in a byte range (of one line).
    func units(from start: Int, to end: Int, _ encoding: PositionEncoding) -> Int {
        if encoding == .utf8 { return end - start }
        return withBytes(near: start) { bytes, valid in
            var n = 0
            var i = max(start, valid.lowerBound)
            let end = min(end, valid.upperBound)
            while i < end {
                let b = bytes[i]
                if b & 0xC0 != 0x80 { n += b >= 0xF0 ? 2 : 1 }
                i += 1
            }
            return n
        }
    }

    /// The byte offset of a protocol position; a character past the end of
    /// its line is the line's end, a line past the end is the end of the text.
    func offset(of position: EditorPosition, _ encoding: PositionEncoding) -> Int {
        let starts = shiftedLineStarts
        guard position.line < starts.count else { return byteCount }
        let start = starts[position.line]
        let next = position.line + 1 < starts.count ? starts[position.line + 1] - 1 : byteCount
        return withBytes(near: start) { bytes, valid in
            var i = start
            var lineEnd = min(next, valid.upperBound)
            if lineEnd > i, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            var units = 0
            while i < lineEnd, units < position.character {
                let b = bytes[i]
                let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
                units += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
                i = min(i + length, lineEnd)
            }
            return i
        }
    }

    /// The protocol's range of a byte range.
    func editorRange(_ start: Int, _ end: Int, _ encoding: PositionEncoding) -> JSONValue {
        .object([("start", editorPosition(of: start, encoding).json), ("end", editorPosition(of: end, encoding).json)])
    }
}

/// A buffer the editor has open: its text takes the place of the file on disk.
struct TextDocument {
    let uri: String
    /// The file's path, from the URI.
    let path: String
    /// The path with links resolved, when the file exists on disk (includes
    /// may reach it by that path).
    let realPath: String?
    var version: Int
    private(set) var file: SourceFile
    /// Its semantic tokens, once asked for; kept up to date by `apply`.
    var tokens: SemanticTokenLines?
    /// How the text differs from the text last compiled (`since`, its
    /// `SourceFile.serial`: the file itself is not held, so that an edit
    /// changes it where it lies): at least its first `prefix` and last
    /// `suffix` bytes are as they were (the chunks of a large journal are
    /// moved by it, not by comparing the texts).
    private(set) var unchanged: (since: Int, prefix: Int, suffix: Int)?

    /// Notes that the text as it is now was compiled.
    mutating func markCompiled() { unchanged = (file.serial, Int.max, Int.max) }

    /// How the text differs from the texts the last whole compiles read,
    /// each by its serial here (`noteRead`), as `unchanged` does for the
    /// last compile: completion finds the line being typed in an older
    /// compile's text by them, without comparing the two texts whole.
    private var sinceRead: [(since: Int, prefix: Int, suffix: Int)] = []

    /// Notes that a whole compile reads the text as it is now; its serial.
    mutating func noteRead() -> Int {
        if !sinceRead.contains(where: { $0.since == file.serial }) {
            sinceRead.append((file.serial, Int.max, Int.max))
            if sinceRead.count > 4 { sinceRead.removeFirst() }
        }
        return file.serial
    }

    /// At least how many bytes at each end of the text are as in its text
    /// of serial `since`; nil when that text is not one `noteRead` noted.
    func unchanged(since serial: Int) -> (prefix: Int, suffix: Int)? {
        if serial == file.serial { return (Int.max, Int.max) }
        return sinceRead.first { $0.since == serial }.map { ($0.prefix, $0.suffix) }
    }

    init(uri: String, version: Int, text: [UInt8]) {
        self.uri = uri
        self.path = pathOfURI(uri)
        self.realPath = systemRealPath(path)
        self.version = version
        self.file = SourceFile(path: path, bytes: text)
    }

    /// Applies one `contentChanges` entry: a range and its new text, or the
    /// whole text when it has no range.
    mutating func apply(_ change: JSONValue, _ encoding: PositionEncoding) -> Bool {
        guard let text = change["text"]?.string else { return false }
        let new = Array(text.utf8)
        guard let range = change["range"], let start = EditorPosition(range["start"]), let end = EditorPosition(range["end"]) else {
            file = SourceFile(path: path, bytes: new)
            tokens = nil
            unchanged = nil
            sinceRead = []
            return true
        }
        let a = file.offset(of: start, encoding), b = max(a, file.offset(of: end, encoding))
        let contentStart = file.contentStart
        let first: Int, last: Int
        do {
            // (Read as held, the lines after the last edits not moved; and not held past
            // this: the edit changes them where they lie.)
            let starts = file.shiftedLineStarts
            first = max(0, starts.firstLine(startingAfter: a) - 1)
            last = max(0, starts.firstLine(startingAfter: b) - 1)
        }
        if let u = unchanged { unchanged = (u.since, min(u.prefix, a), min(u.suffix, file.byteCount - b)) }
        sinceRead = sinceRead.map { ($0.since, min($0.prefix, a), min($0.suffix, file.byteCount - b)) }
        let current = tokens?.describes(file) == true
        SourceFile.replace(&file, a..<b, with: new)
        if current, let tokens, file.contentStart == contentStart {
            var added = 0
            for byte in new where byte == 0x0A { added += 1 }
            tokens.replace(lines: first...last, with: first...(first + added), in: file)
        } else {
            tokens = nil
        }
        return true
    }
}

/// The path of a `file:` URI, percent-escapes decoded (`file:///home/a/%EA%B0%80.ledger`).
func pathOfURI(_ uri: String) -> String {
    var s = Substring(uri)
    if s.hasPrefix("file://") {
        s = s.dropFirst(7)
        // `file://host/path`: the host is dropped (localhost or empty).
        if !s.hasPrefix("/"), let slash = s.firstIndex(of: "/") { s = s[slash...] }
    }
    var out: [UInt8] = []
    let b = Array(s.utf8)
    var i = 0
    while i < b.count {
        if b[i] == UInt8(ascii: "%"), i + 2 < b.count, let v = UInt8(String(decoding: b[i + 1...i + 2], as: UTF8.self), radix: 16) {
            out.append(v)
            i += 3
        } else {
            out.append(b[i])
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// The `file:` URI of a path, with everything but unreserved characters and `/` escaped.
func uriOfPath(_ path: String) -> String {
    var out = "file://"
    for b in path.utf8 {
        let keep = (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == 0x2F || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
        if keep {
            out.unicodeScalars.append(Unicode.Scalar(b))
        } else {
            out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }
    }
    return out
}
