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
    public let unsafeBytes: UnsafeBufferPointer<UInt8>
    /// True when the bytes are mapped from the file rather than held in an array.
    public let isMapped: Bool
    /// The bytes as an array: from the start, or (mapped) made on first use.
    private var copy: [UInt8]?
    private var lock = pthread_mutex_t()

    /// Bytes held in an array.
    public init(_ bytes: [UInt8]) {
        isMapped = false
        copy = bytes
        unsafeBytes = bytes.withUnsafeBufferPointer { $0 }
    }

    /// Bytes mapped with `mmap` (`FileIO.readForReading`); unmapped when this goes.
    init(mapped: UnsafeRawBufferPointer) {
        isMapped = true
        unsafeBytes = mapped.bindMemory(to: UInt8.self)
        pthread_mutex_init(&lock, nil)
    }

    deinit {
        if isMapped {
            ShrunkFile.unwatch(unsafeBytes)
            munmap(UnsafeMutableRawPointer(mutating: unsafeBytes.baseAddress), unsafeBytes.count)
            pthread_mutex_destroy(&lock)
        }
    }

    /// How many bytes there are.
    public var count: Int { unsafeBytes.count }

    /// Calls `body` with the bytes where they lie (no copy, mapped or not).
    @inline(__always)
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) { try body(unsafeBytes) }
    }

    /// The array, moved out, for its holder to change where it lies
    /// (`SourceFile.replace`): this object is not read again. Empty when mapped.
    func takeArray() -> [UInt8] {
        guard !isMapped, let bytes = copy else { return [] }
        copy = nil
        return bytes
    }

    /// The bytes as an array (for a mapped file, copied once and kept).
    public var array: [UInt8] {
        guard isMapped else { return copy! }
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        if let copy { return copy }
        let made = [UInt8](unsafeBytes)
        copy = made
        return made
    }
}
