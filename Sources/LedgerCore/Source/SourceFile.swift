#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One input file held as UTF-8 bytes.
///
/// Everything downstream refers to places in a file by byte offset; the line
/// table turns an offset into a 1-based line and column (counting Unicode
/// scalars, a tab is one column) only when a diagnostic is printed.
public final class SourceFile: @unchecked Sendable {
    /// The path as the user gave it (or as joined from an `include`).
    public let path: String
    /// The file's bytes, byte-order mark included: in an array or mapped
    /// (`FileBytes`). Code that reads them all goes through `withBytes`.
    public private(set) var contents: FileBytes
    /// A number no other source file made in this process has: what a
    /// compile keeps of the text it read, to know it again
    /// (`ChunkedJournal.compile(_:options:unchanged:)`), without holding it.
    public let serial: Int
    /// The file's bytes as an array (for a mapped file, a copy made once).
    public var bytes: [UInt8] { contents.array }
    /// How many bytes the file has.
    public var byteCount: Int { contents.count }
    /// Offset of the first byte after a leading byte-order mark (0 or 3).
    public let contentStart: Int

    private var lineStartsCache: [Int32]?
    /// Lines found by counting line breaks, before the table was built (`line(of:)`).
    private var linesCounted = 0

    public convenience init(path: String, bytes: [UInt8]) {
        self.init(path: path, contents: FileBytes(bytes))
    }

    public init(path: String, contents: FileBytes) {
        self.path = path
        self.contents = contents
        serial = sourceFileSerials.withLock { n in
            n += 1
            return n
        }
        contentStart = contents.withUnsafeBufferPointer { b in
            b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        }
    }

    /// Calls `body` with the file's bytes where they lie (no copy).
    @inline(__always)
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try contents.withUnsafeBufferPointer(body)
    }

    /// Byte offsets where each line starts; line 1 starts after the BOM.
    public var lineStarts: [Int32] {
        if let cached = lineStartsCache { return cached }
        var starts: [Int32] = [Int32(contentStart)]
        withBytes { buf in
            var i = contentStart
            while i < buf.count, let nl = memchr(buf.baseAddress! + i, 0x0A, buf.count - i) {
                i = buf.baseAddress!.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(Int32(i))
            }
        }
        lineStartsCache = starts
        return starts
    }

    /// `body` with the line starts (`lineStarts`), not held after it.
    public func withLineStarts<R>(_ body: ([Int32]) -> R) -> R { body(lineStarts) }

    /// This file with `range` replaced by `text` (an editor's change). Its
    /// line starts are worked out from this file's, not read again: an edit
    /// of a 12 MB file costs a copy, not a scan.
    public func replacing(_ range: Range<Int>, with text: [UInt8]) -> SourceFile {
        // One copy: the part before, the text, the part after (a copy of the
        // whole, then a replacement in it, moved the part after twice).
        let previous = self.bytes
        var bytes: [UInt8] = []
        bytes.reserveCapacity(previous.count - range.count + text.count)
        previous.withUnsafeBufferPointer { b in
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[..<range.lowerBound]))
            bytes.append(contentsOf: text)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: b[range.upperBound...]))
        }
        let edited = SourceFile(path: path, bytes: bytes)
        // An edit of the byte order mark moves where line 1 starts: read again.
        guard edited.contentStart == contentStart, range.lowerBound >= contentStart else { return edited }
        var starts = lineStarts
        SourceFile.moveLineStarts(&starts, replacing: range, with: text)
        edited.lineStartsCache = starts
        return edited
    }

    /// `file` with `range` replaced by `text`, as `replacing` gives it, but
    /// changed where it lies when the caller holds the only reference to the
    /// file and its bytes (an editor's document, once compiled): the bytes
    /// after the edit are moved, not the whole copied, and the line starts
    /// likewise. Else the same as `replacing`. The file given is then not
    /// to be read again (it is replaced in `file`).
    public static func replace(_ file: inout SourceFile, _ range: Range<Int>, with text: [UInt8]) {
        guard isKnownUniquelyReferenced(&file), isKnownUniquelyReferenced(&file.contents), !file.contents.isMapped,
              range.lowerBound >= file.contentStart, let old = file.lineStartsCache else {
            file = file.replacing(range, with: text)
            return
        }
        var bytes = file.contents.takeArray()
        var starts = old
        file.lineStartsCache = nil
        let delta = text.count - range.count
        // Room to grow by at once: typing after this moves the bytes after it, and copies nothing.
        if bytes.capacity < bytes.count + delta { bytes.reserveCapacity(bytes.count + max(delta, 1 << 16)) }
        bytes.replaceSubrange(range, with: text)
        let edited = SourceFile(path: file.path, bytes: bytes)
        guard edited.contentStart == file.contentStart else {
            file = edited
            return
        }
        moveLineStarts(&starts, replacing: range, with: text)
        edited.lineStartsCache = starts
        file = edited
    }

    /// Line starts after `range` was replaced by `text`: the lines that
    /// start at or before the edit stay, those whose line break it replaced
    /// go, the edit's own are put in, and the lines after it move by the
    /// change in length (in place, when nothing else holds `starts`).
    static func moveLineStarts(_ starts: inout [Int32], replacing range: Range<Int>, with text: [UInt8]) {
        let kept = starts.partitionIndex(past: { Int($0) > range.lowerBound })
        let moved = starts.partitionIndex(past: { Int($0) > range.upperBound })
        var added: [Int32] = []
        for (i, b) in text.enumerated() where b == 0x0A { added.append(Int32(range.lowerBound + i + 1)) }
        starts.replaceSubrange(kept..<moved, with: added)
        let delta = text.count - range.count
        guard delta != 0 else { return }
        let by = Int32(delta), first = kept + added.count
        starts.withUnsafeMutableBufferPointer { s in
            for i in first..<s.count { s[i] &+= by }
        }
    }

    /// The 1-based line of a byte offset. The first few are counted, without
    /// building the table of line starts (a diff of a large journal names a
    /// handful of places); after that the table is built and searched.
    public func line(of offset: Int) -> Int {
        guard lineStartsCache == nil, linesCounted < 16 else { return lineAndColumn(of: offset).line }
        linesCounted += 1
        let end = min(max(offset, contentStart), byteCount)
        return withBytes { b in SourceFile.lineBreaks(in: UnsafeBufferPointer(rebasing: b[contentStart..<end])) + 1 }
    }

    /// How many line feeds `bytes` holds, counted eight bytes at a time.
    static func lineBreaks(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base), low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var count = 0, i = 0
        while i + 8 <= bytes.count {
            // A byte of `x` is zero where the word held a line feed; its high bit is then set in `t`.
            let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0A0A_0A0A_0A0A_0A0A
            let t = ~(((x & low) &+ low) | x | low)
            count += t.nonzeroBitCount
            i += 8
        }
        while i < bytes.count {
            if base[i] == 0x0A { count += 1 }
            i += 1
        }
        return count
    }

    /// The 1-based line and column of a byte offset.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let starts = lineStarts
        // The last line starting at or before `offset` (the first starts at 0).
        let lo = max(0, starts.partitionIndex { Int($0) > offset } - 1)
        var column = 1
        withBytes { bytes in
            var i = Int(starts[lo])
            let end = min(offset, bytes.count)
            while i < end {
                if bytes[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
        }
        return (lo + 1, column)
    }

    /// A place given every way an editor may count its column (all 1-based):
    /// Unicode scalars (a tab is one), bytes, and display width (East Asian
    /// wide characters count two, a tab one).
    public func position(of offset: Int) -> SourcePosition {
        let (line, column) = lineAndColumn(of: offset)
        let start = Int(lineStarts[line - 1])
        let end = max(start, min(offset, byteCount))
        var display = 1
        for scalar in text(start, end).unicodeScalars {
            display += scalar == "\t" ? 1 : displayWidth(scalar)
        }
        return SourcePosition(line: line, column: column, byteColumn: end - start + 1, displayColumn: display)
    }

    /// The text of a 1-based line, without its line ending.
    public func lineText(_ line: Int) -> String {
        let starts = lineStarts
        guard line >= 1, line <= starts.count else { return "" }
        let start = Int(starts[line - 1])
        var end = line < starts.count ? Int(starts[line]) - 1 : byteCount
        if end > start, withBytes({ $0[end - 1] }) == 0x0D { end -= 1 }
        return text(start, max(start, end))
    }

    /// A string made from a byte range (invalid UTF-8 is repaired with U+FFFD).
    public func text(_ start: Int, _ end: Int) -> String {
        withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
    }
}

/// The last `SourceFile.serial` given.
private let sourceFileSerials = Guarded(0)

/// A line and its column in each unit (see `SourceFile.position(of:)`).
public struct SourcePosition: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var byteColumn: Int
    public var displayColumn: Int

    /// The column in the given unit.
    public func column(_ unit: ColumnUnit) -> Int {
        switch unit {
        case .char: return column
        case .byte: return byteColumn
        case .display: return displayColumn
        }
    }
}

/// What a column counts in text and GitHub diagnostics (`--column-unit`).
public enum ColumnUnit: String, Sendable, CaseIterable {
    /// Unicode scalars (the default; FORMAT.md §1).
    case char
    /// Bytes, as Vim's quickfix expects.
    case byte
    /// Display cells, as Emacs and GCC count.
    case display
}

/// A place in the input: which file, and the byte offset inside it.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public var file: Int32
    public var offset: Int32

    public init(file: Int, offset: Int) {
        self.file = Int32(file)
        self.offset = Int32(offset)
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        a.file != b.file ? a.file < b.file : a.offset < b.offset
    }
}

/// All files of one compile, in the order they were first read.
public final class SourceManager: @unchecked Sendable {
    public private(set) var files: [SourceFile] = []

    public init() {}

    /// Adds a file and returns its index.
    @discardableResult
    public func add(_ file: SourceFile) -> Int {
        files.append(file)
        return files.count - 1
    }

    public subscript(index: Int32) -> SourceFile { files[Int(index)] }

    /// The path and line of a location (`SourceFile.line(of:)`).
    public func line(of location: SourceLocation) -> (path: String, line: Int) {
        let file = files[Int(location.file)]
        return (file.path, file.line(of: Int(location.offset)))
    }

    /// `path:line:column` of a location, as printed in diagnostics and
    /// reports: the path is untrusted text (a file an include glob reached
    /// may be named with ESC or a line break), so it is `terminalSafe`.
    public func describe(_ location: SourceLocation) -> (path: String, line: Int, column: Int) {
        let file = files[Int(location.file)]
        let (line, column) = file.lineAndColumn(of: Int(location.offset))
        return (file.path.terminalSafe, line, column)
    }
}

extension Array {
    /// The first index whose element is past a point (`isPast` is false,
    /// then true, along the array): a binary search; `count` if none is.
    package func partitionIndex(past isPast: (Element) -> Bool) -> Int {
        let values = self
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isPast(values[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
