#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file that could not be read or written, and why.
public enum FileError: Error, CustomStringConvertible, Equatable {
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String { message.text }

    /// The catalogue message: `cannotRead` or `cannotWrite`.
    public var message: DiagnosticMessage {
        switch self {
        case let .cannotRead(path, reason): return Messages.cannotRead(path, reason)
        case let .cannotWrite(path, reason): return Messages.cannotWrite(path, reason)
        }
    }

    /// Just the reason (for messages that name the file themselves).
    public var reason: String {
        switch self {
        case let .cannotRead(_, reason), let .cannotWrite(_, reason): return reason
        }
    }
}

/// Low-level file helpers that go through POSIX, not Foundation.
package enum FileIO {
    /// Paths given on the command line that are not UTF-8 (a Linux file name is
    /// bytes): the escaped form used in messages (`name-\xff.ledger`) → the
    /// bytes to open. Filled by the executable before anything is read.
    nonisolated(unsafe) public static var rawPaths: [String: [UInt8]] = [:]

    /// Opens a path exactly as given (its raw bytes when it was not UTF-8).
    static func openPath(_ path: String, _ flags: Int32) -> Int32 {
        guard let raw = rawPaths[path] else { return open(path, flags) }
        return (raw + [0]).withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), flags) }
    }

    /// Files at least this large are copied into memory by two threads at once.
    static let readsInTwoFrom = 4 << 20

    /// The largest input: places in a file are 32-bit offsets.
    public static let largestInput = Int(Int32.max)

    /// What may be read from a path.
    public enum Kind {
        /// A file on the command line: a regular file, or a pipe or device
        /// (`<(command)`, `/dev/stdin`), read as a stream.
        case anyFile
        /// An `include`: a regular file only (a FIFO would wait for a writer
        /// forever, and a device never ends).
        case regularFile
    }

    /// Reads a whole file, never more than `largestInput` bytes. The path is
    /// opened exactly as given (a name need not be UTF-8 on Linux).
    public static func read(_ path: String, _ kind: Kind = .anyFile, limit: Int = largestInput) -> Result<[UInt8], FileError> {
        // Non-blocking, so that opening a FIFO does not wait for a writer.
        let fd = openPath(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 { return .failure(.cannotRead(path: path, reason: errnoText())) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.cannotRead(path: path, reason: errnoText())) }
        let type = st.st_mode & S_IFMT
        if type == S_IFDIR { return .failure(.cannotRead(path: path, reason: "is a directory")) }
        if kind == .regularFile && (type != S_IFREG || isSystemFile(path, fd)) {
            return .failure(.cannotRead(path: path, reason: Messages.notARegularFile.text))
        }
        if type != S_IFREG {
            // A stream: wait for its data as usual.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            return readStream(fd, path: path, limit: limit)
        }
        let size = Int(st.st_size)
        if size > limit { return .failure(.cannotRead(path: path, reason: Messages.inputTooLarge.text)) }
        // Read straight into the buffer (in huge pages where the system gives them: a
        // 100 MB journal would take 25,000 page faults), then on: the file may grow
        // while it is read, up to the limit.
        var failure: Int32 = 0
        var out = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            if size >= readsInTwoFrom, onlineCores > 1 {
                // Copying from the page cache, and first touching the pages
                // copied to, take two cores as well as one: half each.
                let half = size / 2
                let (second, first) = bothAtOnce({ systemReadFully(fd, base + half, size - half, at: half) },
                                                 { systemReadFully(fd, base, half, at: 0) })
                if first.error != 0 || second.error != 0 {
                    failure = first.error != 0 ? first.error : second.error
                    return
                }
                // A file that shrank meanwhile ends where the first half did.
                count = first.read < half ? first.read : half + second.read
                // On from there (the file may grow while it is read).
                lseek(fd, off_t(count), SEEK_SET)
                return
            }
            while count < size {
                let n = systemRead(fd, UnsafeMutableRawBufferPointer(start: base + count, count: size - count))
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if n == 0 { return }
                count += n
            }
        }
        if failure != 0 {
            errno = failure
            return .failure(.cannotRead(path: path, reason: errnoText()))
        }
        return readAll(fd, into: &out, path: path, limit: limit, stopAtNul: false)
    }

    /// Reads all of standard input, never more than `largestInput` bytes.
    public static func readStandardInput(limit: Int = largestInput) -> Result<[UInt8], FileError> {
        readStream(0, path: "-", limit: limit)
    }

    /// A stream has no size to check first. Reading stops at the limit, and
    /// after the first chunk that holds a NUL byte: the NUL is an error at
    /// its place anyway, and `/dev/zero` would otherwise fill the limit.
    private static func readStream(_ fd: Int32, path: String, limit: Int) -> Result<[UInt8], FileError> {
        var out: [UInt8] = []
        return readAll(fd, into: &out, path: path, limit: limit, stopAtNul: true)
    }

    private static func readAll(_ fd: Int32, into out: inout [UInt8], path: String, limit: Int, stopAtNul: Bool) -> Result<[UInt8], FileError> {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemRead(fd, $0) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(.cannotRead(path: path, reason: errnoText()))
            }
            if n == 0 { break }
            if out.count + n > limit { return .failure(.cannotRead(path: path, reason: Messages.inputTooLarge.text)) }
            out.append(contentsOf: chunk[0..<n])
            if stopAtNul, chunk[0..<n].contains(0) { break }
        }
        return .success(out)
    }

    /// Writes all bytes to a file descriptor; false (with `errno` set) on failure.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { systemWriteAll(fd, $0) }
    }

    /// Writes all bytes to a file descriptor; false (with `errno` set) on failure.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ p: UnsafeBufferPointer<UInt8>) -> Bool { systemWriteAll(fd, p) }

    /// The text of the current `errno`.
    public static func errnoText() -> String { systemErrorText() }

    /// The device and inode of a path (following symlinks), or nil when it does not exist.
    public static func identity(of path: String) -> FileIdentity? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return FileIdentity(device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
    }
}

/// One file on disk, whatever path names it (symlinks, `./`, `..`).
package struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
}

extension FileIO {
    /// A file of the system's own (`/dev/stdin`, `/proc/self/environ`, a
    /// file of `/sys`): named under `/dev`, `/proc` or `/sys`, or a link
    /// that leads there. Such a file is never an include: it holds a
    /// process's input or secrets, not a journal.
    static func isSystemFile(_ path: String, _ fd: Int32) -> Bool {
        func isSystem(_ p: String) -> Bool { ["/dev/", "/proc/", "/sys/"].contains { p.hasPrefix($0) } }
        if isSystem(path) { return true }
        guard let resolved = realpath(path, nil) else { return false }
        defer { free(resolved) }
        return isSystem(String(cString: resolved))
    }
}
