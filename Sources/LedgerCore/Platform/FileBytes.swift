#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes: held in an array, or mapped read-only from the system's
/// cache of the file (`FileIO.readForReading`), so that a large journal is neither
/// copied nor given fresh zeroed pages before it is parsed.
///
/// Code that reads every byte (the parser, the line table) goes through
/// `withUnsafeBufferPointer`; `array` is there for everything else, and for
/// a mapped file it is a copy made once, on first use.
public final class FileBytes: @unchecked Sendable {
    /// Where the bytes lie, for as long as this object lives: the mapped
    /// pages, or the storage of `copy`, which is never changed (an array's
    /// storage stays where it is while it is neither changed nor let go).
    /// A text with a gap (`init(gapped:)`) is made whole first: the gap closed.
    public var unsafeBytes: UnsafeBufferPointer<UInt8> {
        if isGapped { closeGap() }
        return whole
    }
    private var whole: UnsafeBufferPointer<UInt8>
    /// True when the bytes are mapped from the file rather than held in an array.
    public let isMapped: Bool
    /// True when the bytes were held with a gap in them (an editor's document).
    private let isGapped: Bool
    /// The bytes as an array: from the start, or (mapped) made on first use.
    /// With a gap: the bytes before it, the gap, the bytes after it.
    private var copy: [UInt8]?
    /// Where the gap is, in the text's own offsets (its first byte after it is
    /// the text's byte `gapStart`), and how long it is; 0 once closed.
    private var gapStart = 0, gapLength = 0
    /// How many bytes the edits that made this text moved, since it was
    /// first edited with a gap (a test sees that typing in one place moves few).
    let movedByEdits: Int
    private var lock = pthread_mutex_t()
    public let count: Int

    /// Bytes held in an array.
    public init(_ bytes: [UInt8]) {
        isMapped = false
        isGapped = false
        copy = bytes
        count = bytes.count
        movedByEdits = 0
        whole = bytes.withUnsafeBufferPointer { $0 }
    }

    /// Bytes mapped with `mmap` (`FileIO.readForReading`); unmapped when this goes.
    init(mapped: UnsafeRawBufferPointer) {
        isMapped = true
        isGapped = false
        whole = mapped.bindMemory(to: UInt8.self)
        count = whole.count
        movedByEdits = 0
        pthread_mutex_init(&lock, nil)
    }

    /// Bytes held in an array with a gap of `gapLength` bytes that are not
    /// the text's at `gapStart` (a line's start: `SourceFile.replace`). They
    /// are read around the gap (`withBytes(near:)`), or made whole, once, by
    /// anything that reads them all.
    init(gapped storage: [UInt8], gapStart: Int, gapLength: Int, movedByEdits: Int) {
        isMapped = false
        isGapped = true
        copy = storage
        count = storage.count - gapLength
        self.gapStart = gapLength > 0 ? gapStart : count
        self.gapLength = gapLength
        self.movedByEdits = movedByEdits
        whole = storage.withUnsafeBufferPointer { gapLength > 0 ? UnsafeBufferPointer(rebasing: $0[..<gapStart]) : $0 }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(&lock, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        if isMapped {
            ShrunkFile.unwatch(whole)
            munmap(UnsafeMutableRawPointer(mutating: whole.baseAddress), whole.count)
        }
        if isMapped || isGapped { pthread_mutex_destroy(&lock) }
    }

    /// Calls `body` with the bytes where they lie (no copy, mapped or not).
    @inline(__always)
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(unsafeBytes) }
    }

    /// Calls `body` with bytes in which the line holding `offset` is at its
    /// own offsets, and the range of offsets read right there: the bytes
    /// before the gap, or those after it (a gap is at a line's start, so no
    /// line is split), without closing the gap. All of them when there is no gap.
    /// `body` must not read this object otherwise.
    public func withBytes<R>(near offset: Int, _ body: (UnsafeBufferPointer<UInt8>, Range<Int>) throws -> R) rethrows -> R {
        guard isGapped else { return try withUnsafeBufferPointer { try body($0, 0..<$0.count) } }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard gapLength > 0, let storage = copy else { return try withExtendedLifetime(self) { try body(whole, 0..<whole.count) } }
        return try storage.withUnsafeBufferPointer { storage in
            // (After the gap: the text's offset i is the storage's i + gapLength, read below the gap's start as nothing of the text.)
            offset < gapStart ? try body(UnsafeBufferPointer(rebasing: storage[..<gapStart]), 0..<gapStart)
                              : try body(UnsafeBufferPointer(rebasing: storage[gapLength...]), gapStart..<count)
        }
    }

    /// The bytes in `range`, copied (from both sides of a gap, if need be).
    public func bytes(in range: Range<Int>) -> [UInt8] {
        guard isGapped else { return withUnsafeBufferPointer { Array($0[range]) } }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        guard let storage = copy else { return Array(whole[range]) }
        return storage.withUnsafeBufferPointer { storage in
            if gapLength == 0 || range.upperBound <= gapStart { return Array(storage[range]) }
            if range.lowerBound >= gapStart { return Array(storage[(range.lowerBound + gapLength)..<(range.upperBound + gapLength)]) }
            var out = [UInt8]()
            out.reserveCapacity(range.count)
            out.append(contentsOf: storage[range.lowerBound..<gapStart])
            out.append(contentsOf: storage[(gapStart + gapLength)..<(range.upperBound + gapLength)])
            return out
        }
    }

    /// Closes the gap: the bytes after it are moved onto it, once.
    private func closeGap() {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        // (Moved out while changed: a second reference would make the change a copy.)
        guard gapLength > 0, var storage = copy else { return }
        copy = nil
        let (start, length, count) = (gapStart, gapLength, count)
        storage.withUnsafeMutableBufferPointer { storage in
            if let base = storage.baseAddress, count > start { memmove(base + start, base + start + length, count - start) }
        }
        storage.removeLast(length)
        gapLength = 0
        gapStart = count
        whole = storage.withUnsafeBufferPointer { $0 }
        copy = storage
    }

    /// The storage, moved out, for its holder to change where it lies
    /// (`SourceFile.replace`): its gap (at the end, of length 0, when it
    /// has none). This object is not read again. Nil when mapped.
    func takeStorage() -> (storage: [UInt8], gapStart: Int, gapLength: Int)? {
        guard !isMapped, let storage = copy else { return nil }
        if isGapped { pthread_mutex_lock(&lock) }
        defer { if isGapped { pthread_mutex_unlock(&lock) } }
        copy = nil
        return isGapped && gapLength > 0 ? (storage, gapStart, gapLength) : (storage, count, 0)
    }

    /// Whether the text still has its gap (nothing has read it whole).
    var hasGap: Bool {
        guard isGapped else { return false }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return gapLength > 0
    }

    /// The bytes as an array (for a mapped file, copied once and kept).
    public var array: [UInt8] {
        if isGapped {
            closeGap()
            return copy ?? Array(whole)
        }
        guard isMapped else { return copy! }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let copy { return copy }
        let made = [UInt8](whole)
        copy = made
        return made
    }
}
