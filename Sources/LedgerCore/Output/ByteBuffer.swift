#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that writers append to; flushed in large chunks.
///
/// Backed by its own raw storage (capacity checks and `memcpy`, no
/// copy-on-write checks on every byte): a copy of a `ByteBuffer` shares the
/// storage, so each writer owns exactly one.
public struct ByteBuffer: @unchecked Sendable {
    final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }

        @inline(__always) func reserve(_ extra: Int) {
            if count + extra > capacity { grow(count + extra) }
        }

        func grow(_ needed: Int) {
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            newBase.update(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }

    private let storage: Storage

    public init(capacity: Int = 1 << 16) {
        storage = Storage(capacity: max(capacity, 16))
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    @inline(__always) public mutating func byte(_ b: UInt8) {
        storage.reserve(1)
        storage.base[storage.count] = b
        storage.count += 1
    }

    public mutating func write(bytes p: UnsafeBufferPointer<UInt8>) {
        guard let source = p.baseAddress, p.count > 0 else { return }
        storage.reserve(p.count)
        (storage.base + storage.count).update(from: source, count: p.count)
        storage.count += p.count
    }

    @inline(__always) public mutating func write(_ s: String) {
        var s = s
        s.withUTF8 { write(bytes: $0) }
    }

    public mutating func write(_ s: Substring) {
        var s = s
        s.withUTF8 { write(bytes: $0) }
    }

    public mutating func write<C: Collection>(bytes other: C) where C.Element == UInt8 {
        if other.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            for b in other { byte(b) }
        }
    }

    /// Appends a decimal integer without going through String.
    public mutating func int(_ value: Int) {
        if value < 0 { byte(0x2D) }
        var v = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { p in
            repeat {
                p[n] = UInt8(48 + v % 10)
                v /= 10
                n += 1
            } while v > 0
            storage.reserve(n)
            for i in stride(from: n - 1, through: 0, by: -1) {
                storage.base[storage.count] = p[i]
                storage.count += 1
            }
        }
    }

    public var count: Int { storage.count }
    public mutating func removeAll() { storage.count = 0 }
    public var string: String { String(decoding: UnsafeBufferPointer(start: storage.base, count: storage.count), as: UTF8.self) }

    /// The bytes written so far, without copying (valid until the next write).
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }
}

/// Where command output goes: standard output or a file written atomically.
public enum OutputError: Error, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): return "cannot write \(path): \(reason)"
        }
    }
}

/// Low-level file helpers that go through POSIX, not Foundation.
public enum FileIO {
    /// The largest input file: places in a file are 32-bit offsets.
    public static let largestInput = Int(Int32.max)

    /// Reads a whole file, or returns the `errno` text.
    public static func read(_ path: String) -> Result<[UInt8], OutputError> {
        let fd = open(path, O_RDONLY)
        if fd < 0 { return .failure(.cannotWrite(path: path, reason: errnoText())) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            return .failure(.cannotWrite(path: path, reason: "is a directory"))
        }
        var out: [UInt8] = []
        let size = Int(st.st_size)
        // Places in a file are 32-bit offsets.
        if size > FileIO.largestInput { return .failure(.cannotWrite(path: path, reason: Messages.inputTooLarge)) }
        out.reserveCapacity(size > 0 ? size : 1 << 16)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.cannotWrite(path: path, reason: errnoText()))
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return .success(out)
    }

    /// Reads all of standard input.
    public static func readStandardInput() -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }

    /// Writes all bytes to a file descriptor.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { writeAll(fd, $0) }
    }

    /// Writes all bytes to a file descriptor.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = p.baseAddress else { return true }
        var offset = 0
        while offset < p.count {
            let n = write(fd, base + offset, p.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Writes a file atomically: a temporary file beside it, fsync, rename.
    /// On failure the old file is left untouched and the temporary removed.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8]) -> Result<Void, OutputError> {
        let temp = path + ".ledgerc-tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd < 0 { return .failure(.cannotWrite(path: path, reason: errnoText())) }
        // Keep the old file's permissions when replacing it.
        var st = stat()
        if stat(path, &st) == 0 { fchmod(fd, st.st_mode & 0o7777) }
        let ok = writeAll(fd, bytes) && fsync(fd) == 0
        let reason = ok ? "" : errnoText()
        close(fd)
        if !ok {
            unlink(temp)
            return .failure(.cannotWrite(path: path, reason: reason))
        }
        if rename(temp, path) != 0 {
            let reason = errnoText()
            unlink(temp)
            return .failure(.cannotWrite(path: path, reason: reason))
        }
        return .success(())
    }

    public static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

/// Where a report's bytes go: a file descriptor, written in large chunks.
///
/// For `-o PATH` the descriptor is a temporary file beside PATH, renamed over
/// it only when the whole report is written (`AtomicFile`).
public final class ByteSink: @unchecked Sendable {
    let fd: Int32
    /// A write failed (a full disk, a closed pipe).
    public private(set) var failed = false

    public init(fd: Int32) { self.fd = fd }

    public func write(_ buffer: inout ByteBuffer) {
        if buffer.count == 0 { return }
        if !buffer.withBytes({ FileIO.writeAll(fd, $0) }) { failed = true }
        buffer.removeAll()
    }

    /// Standard output.
    public static let standardOutput = ByteSink(fd: 1)
}

/// A file written under a temporary name and renamed over the target on commit.
public struct AtomicFile {
    public let path: String
    let temp: String
    public let sink: ByteSink

    public init(path: String) throws(OutputError) {
        self.path = path
        temp = path + ".ledgerc-tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if fd < 0 { throw .cannotWrite(path: path, reason: FileIO.errnoText()) }
        var st = stat()
        if stat(path, &st) == 0 { fchmod(fd, st.st_mode & 0o7777) }
        sink = ByteSink(fd: fd)
    }

    /// Syncs and renames over the target; on any failure the target is untouched.
    public func commit() throws(OutputError) {
        let synced = !sink.failed && fsync(sink.fd) == 0
        let reason = synced ? "" : FileIO.errnoText()
        close(sink.fd)
        guard synced else {
            unlink(temp)
            throw .cannotWrite(path: path, reason: sink.failed ? "write failed" : reason)
        }
        if rename(temp, path) != 0 {
            let reason = FileIO.errnoText()
            unlink(temp)
            throw .cannotWrite(path: path, reason: reason)
        }
    }
}
