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
    /// The lines from `from` on start `by` bytes later than `lineStartsCache`
    /// says: the change in length of the edits made on one line in a row
    /// (`replace`), applied by the next edit on another line, and to a copy
    /// when the table is read whole (`lineStarts`). Typing on one line then
    /// moves no line start after it. Set when the file is made, never after.
    private var lineShift = LineShift.none
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
        // (Read around a gap: a document edited where it lies keeps it.)
        contentStart = contents.withBytes(near: 0) { b, valid in
            valid.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        }
    }

    /// Calls `body` with bytes in which the line holding `offset` lies at its
    /// own offsets, and the offsets that may be read there (`FileBytes.withBytes(near:)`):
    /// an editor's document is read so without closing its gap.
    @inline(__always)
    public func withBytes<R>(near offset: Int, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws -> R) rethrows -> R {
        try contents.withBytes(near: offset, body)
    }

    /// The bytes of `range`, copied (read around a gap: see `withBytes(near:)`).
    public func bytes(in range: Range<Int>) -> [UInt8] { contents.bytes(in: range) }

    /// Calls `body` with the file's bytes where they lie (no copy).
    @inline(__always)
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try contents.withUnsafeBufferPointer(body)
    }

    /// Byte offsets where each line starts; line 1 starts after the BOM.
    /// After an editor's edits, the table with their shift applied: a copy,
    /// so that the file, which a background compile may read at the same
    /// time, is not changed once made (`shiftedLineStarts` reads it as held).
    public var lineStarts: [Int32] {
        if let cached = lineStartsCache {
            guard lineShift.by != 0 else { return cached }
            var starts = cached
            lineShift.apply(to: &starts)
            return starts
        }
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

    /// The line starts as they are held, and the shift still to apply
    /// after an edit: what readers of a few lines use, so that the table is
    /// not moved for them.
    var shiftedLineStarts: ShiftedLineStarts {
        guard let stored = lineStartsCache else {
            // Read from the text now, so no edit is pending on them.
            return ShiftedLineStarts(stored: lineStarts, shift: .none)
        }
        return ShiftedLineStarts(stored: stored, shift: lineShift)
    }

    /// Whether the line starts after an edit are held unmoved, with a shift (a test sees it).
    package var hasPendingLineShift: Bool { lineShift.by != 0 }

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
        var starts = shiftedLineStarts
        starts.replace(range, with: text)
        edited.lineStartsCache = starts.stored
        edited.lineShift = starts.shift
        return edited
    }

    /// `file` with `range` replaced by `text`, as `replacing` gives it, but
    /// changed where it lies when the caller holds the only reference to the
    /// file and its bytes (an editor's document, once compiled): the bytes
    /// are kept with a gap at the edit's next line (`edit`), so that typing
    /// moves the rest of a line, not of the file; the line starts are moved
    /// in place. Else the same as `replacing`. The file given is then not
    /// to be read again (it is replaced in `file`).
    public static func replace(_ file: inout SourceFile, _ range: Range<Int>, with text: [UInt8]) {
        guard isKnownUniquelyReferenced(&file), isKnownUniquelyReferenced(&file.contents), !file.contents.isMapped,
              range.lowerBound >= file.contentStart, file.lineStartsCache != nil, var taken = file.contents.takeStorage() else {
            file = file.replacing(range, with: text)
            return
        }
        // (Held here alone, so that an edit that moves the table moves it in place.)
        var starts = file.shiftedLineStarts
        file.lineStartsCache = nil
        // (The storage is moved, never shared: a second reference would make its change a copy.)
        var storage = taken.storage
        taken.storage = []
        let (gapStart, gapLength, moved) = SourceFile.edit(&storage, gap: (taken.gapStart, taken.gapLength), count: file.byteCount,
                                                           range, with: text, lineStarts: starts)
        let edited = SourceFile(path: file.path, contents: FileBytes(gapped: storage, gapStart: gapStart, gapLength: gapLength,
                                                                       movedByEdits: file.contents.movedByEdits + moved))
        guard edited.contentStart == file.contentStart else {
            file = edited
            return
        }
        starts.replace(range, with: text)
        edited.lineStartsCache = starts.stored
        edited.lineShift = starts.shift
        file = edited
    }

    /// The storage of a text of `count` bytes, with a gap in it, after
    /// `range` was replaced by `text`: the gap is moved first to the start of
    /// the line after the edit (the text's end when none), so that the
    /// edit moves only the rest of its line, and typing on the same line
    /// moves nothing more. The gap grows, with the bytes after it moved
    /// once, when the edit needs more room than it has.
    /// Returns where its gap is and how long, and how many bytes were moved.
    static func edit(_ storage: inout [UInt8], gap: (start: Int, length: Int), count: Int, _ range: Range<Int>, with text: [UInt8],
                     lineStarts: ShiftedLineStarts) -> (gapStart: Int, gapLength: Int, moved: Int) {
        var (gapStart, gapLength) = gap
        var moved = 0
        let delta = text.count - range.count
        if gapLength < delta {
            // Closed, then grown at the end by 64 KB past what this edit needs.
            // (A text never edited has no gap: this is the first edit's move of the bytes after it.)
            storage.withUnsafeMutableBufferPointer { s in
                if let base = s.baseAddress, gapLength > 0, count > gapStart { memmove(base + gapStart, base + gapStart + gapLength, count - gapStart) }
            }
            if gapLength > 0 { moved += count - gapStart }
            storage.removeLast(gapLength)
            // (A gap closed leaves its room in the array's capacity: taken again, up to a megabyte, not
            // moved elsewhere.)
            let spare = storage.capacity - count
            let room = spare >= delta + (1 << 12) ? min(spare, delta + (1 << 20)) : delta + (1 << 16)
            if storage.capacity < count + room { storage.reserveCapacity(count + room) }
            storage.append(contentsOf: repeatElement(0, count: room))
            (gapStart, gapLength) = (count, room)
        }
        let after = lineStarts.firstLine(startingAfter: range.upperBound)
        let target = after < lineStarts.count ? lineStarts[after] : count
        storage.withUnsafeMutableBufferPointer { s in
            guard let base = s.baseAddress else { return }
            if gapLength == 0 {
                // No gap to move: the edit makes one, of what it takes away.
            } else if target > gapStart {
                // The text between moves down onto the gap's start.
                memmove(base + gapStart, base + gapStart + gapLength, target - gapStart)
            } else if target < gapStart {
                memmove(base + target + gapLength, base + target, gapStart - target)
            }
            // The rest of the edited line moves by the change in length; the new text goes in.
            memmove(base + range.lowerBound + text.count, base + range.upperBound, target - range.upperBound)
            text.withUnsafeBufferPointer { t in
                if let from = t.baseAddress { memcpy(base + range.lowerBound, from, t.count) }
            }
        }
        moved += (gapLength > 0 ? abs(target - gapStart) : 0) + (target - range.upperBound)
        return (target + delta, gapLength - delta, moved)
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
        let starts = shiftedLineStarts
        // The last line starting at or before `offset` (the first starts at 0).
        let lo = max(0, starts.firstLine(startingAfter: offset) - 1)
        var column = 1
        withBytes(near: starts[lo]) { bytes, valid in
            var i = starts[lo]
            let end = min(offset, valid.upperBound)
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
        let start = shiftedLineStarts[line - 1]
        let end = max(start, min(offset, byteCount))
        var display = 1
        for scalar in text(start, end).unicodeScalars {
            display += scalar == "\t" ? 1 : displayWidth(scalar)
        }
        return SourcePosition(line: line, column: column, byteColumn: end - start + 1, displayColumn: display)
    }

    /// The text of a 1-based line, without its line ending.
    public func lineText(_ line: Int) -> String {
        let starts = shiftedLineStarts
        guard line >= 1, line <= starts.count else { return "" }
        let start = starts[line - 1]
        var end = line < starts.count ? starts[line] - 1 : byteCount
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

    /// Puts `file` in the place of the file at `index` (a chunked compile's
    /// root, read from a file of its head only: `ChunkedJournal.layOut`).
    func replace(_ index: Int, with file: SourceFile) { files[index] = file }

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
