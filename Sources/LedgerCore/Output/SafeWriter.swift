#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way ledgerc writes a file: `fmt --write`, `materialize --write`,
/// `report -o` and `add` all go through it, so each guarantee is made once.
///
/// - A symlink is written through: its target gets the new text and the link stays a link.
/// - A file the user cannot write is refused, as editors do.
/// - The new text goes to a fresh temporary file beside the target, created
///   with an unpredictable name and `O_CREAT|O_EXCL|O_NOFOLLOW`; it takes the
///   old file's mode (and owner and group, where the system allows), is
///   synced, renamed over the target, and the directory is synced. A failure
///   at any step, or SIGINT/SIGTERM, removes it: the target is always either
///   the old text or the new one.
/// - A target that is no regular file (`/dev/null`, `/dev/stdout`, a FIFO) is
///   written straight into, never replaced: renaming a file over `/dev/null`
///   would break every program on the machine. A directory is refused.
/// - `lock()` takes an advisory lock (`flock`) on the target for a whole
///   read-modify-write; a second writer waits briefly, then fails.
package final class SafeWriter {
    /// The path as the user gave it.
    public let path: String
    /// The file written: `path` with every symlink resolved.
    public let target: String
    private var lockDescriptor: Int32 = -1
    private var temporary: String?
    private var descriptor: Int32 = -1
    /// The target is a device or a FIFO: written into directly (see the type's comment).
    private var direct = false
    /// Whether the temporary file was written and synced ahead (`writeAhead`).
    private var synced = false
    /// Where the new text goes between `open()` and `commit()`.
    public private(set) var sink: ByteSink?

    /// How long a second writer waits for the lock.
    public static let lockWait = 10.0

    public init(path: String) throws(FileError) {
        self.path = path
        target = SafeWriter.resolvingLinks(path)
        if access(target, F_OK) == 0, !SafeWriter.isWritable(target) {
            throw .cannotWrite(path: path, reason: Messages.notWritable.text)
        }
    }

    deinit {
        abandon()
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// The lock's descriptor, given up to be closed by the caller. After
    /// `commit()` it holds the file the new text replaced, which its last
    /// close frees (megabytes of cache: `ledgerc serve` closes it on a
    /// thread of its own); other writers lock the new file.
    package func handOverLock() -> Int32 {
        let fd = lockDescriptor
        lockDescriptor = -1
        return fd
    }

    /// Refuses, before anything is written, a target that is one of `inputs`
    /// (the journal or one of its includes, under any spelling or link).
    public func refuse(overwriting inputs: Set<FileIdentity>) throws(FileError) {
        if let id = FileIO.identity(of: target), inputs.contains(id) {
            throw .cannotWrite(path: path, reason: Messages.outputIsAnInput.text)
        }
    }

    /// Takes the advisory lock on the existing target, waiting up to `lockWait` seconds.
    public func lock() throws(FileError) {
        var waited = 0.0
        while true {
            let fd = systemOpen(target, O_RDONLY | O_CLOEXEC)
            if fd < 0 { throw .cannotWrite(path: path, reason: FileIO.errnoText()) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 {
                // The file may have been replaced while we waited: lock the one the path names now.
                var held = stat(), named = stat()
                if fstat(fd, &held) == 0, stat(target, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                    lockDescriptor = fd
                    return
                }
                close(fd)
                continue
            }
            let busy = errno == EWOULDBLOCK
            close(fd)
            guard busy else { throw .cannotWrite(path: path, reason: FileIO.errnoText()) }
            if waited >= SafeWriter.lockWait { throw .cannotWrite(path: path, reason: Messages.lockedByAnotherWriter.text) }
            usleep(50_000)
            waited += 0.05
        }
    }

    /// Creates the temporary file; write the new text to `sink`, then `commit()`.
    @discardableResult
    public func open() throws(FileError) -> ByteSink {
        var existing = stat()
        if stat(target, &existing) == 0, existing.st_mode & S_IFMT != S_IFREG {
            if existing.st_mode & S_IFMT == S_IFDIR { throw .cannotWrite(path: path, reason: Messages.isADirectory.text) }
            let fd = systemOpen(target, O_WRONLY | O_CLOEXEC)
            if fd < 0 { throw .cannotWrite(path: path, reason: FileIO.errnoText()) }
            descriptor = fd
            direct = true
            let s = ByteSink(fd: fd)
            sink = s
            return s
        }
        let dir = SafeWriter.directory(of: target)
        let name = SafeWriter.lastComponent(of: target)
        // An unpredictable name, created only if nothing (not even a symlink) is there.
        var fd: Int32 = -1
        var temp = ""
        var random = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            temp = "\(dir)/.\(name).ledgerc-\(String(random.next() as UInt64, radix: 36))"
            fd = systemOpen(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        if fd < 0 { throw .cannotWrite(path: path, reason: FileIO.errnoText()) }
        temporary = temp
        descriptor = fd
        TemporaryFiles.register(temp)
        var st = stat()
        if stat(target, &st) == 0 {
            fchmod(fd, st.st_mode & 0o7777)
            // Keeping the owner needs privileges; keeping the group often works. Both are best effort.
            if fchown(fd, st.st_uid, st.st_gid) != 0 { _ = fchown(fd, uid_t.max, st.st_gid) }
        } else {
            let mask = umask(0)
            umask(mask)
            fchmod(fd, 0o666 & ~mask)
        }
        let s = ByteSink(fd: fd)
        sink = s
        return s
    }

    /// Syncs the new text, renames it over the target and syncs the directory.
    public func commit() throws(FileError) {
        if direct, let sink {
            let failure = sink.failure
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
            self.sink = nil
            if let failure { throw .cannotWrite(path: path, reason: failure) }
            return
        }
        guard let temp = temporary, let sink else { return }
        if let failure = sink.failure {
            abandon()
            throw .cannotWrite(path: path, reason: failure)
        }
        if !synced && fsync(descriptor) != 0 || close(descriptor) != 0 {
            let reason = FileIO.errnoText()
            descriptor = -1
            abandon()
            throw .cannotWrite(path: path, reason: reason)
        }
        descriptor = -1
        if rename(temp, target) != 0 {
            let reason = FileIO.errnoText()
            abandon()
            throw .cannotWrite(path: path, reason: reason)
        }
        temporary = nil
        self.sink = nil
        synced = false
        TemporaryFiles.clear()
        let dirFD = systemOpen(SafeWriter.directory(of: target), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            fsync(dirFD)
            close(dirFD)
        }
    }

    /// Writes `pieces`, one after the other, to the temporary file and syncs
    /// them before it is known whether they will be the new text (`ledgerc
    /// serve` writes while it checks); `commit()` then renames them over the
    /// target, `abandon()` removes them, and the target is untouched until
    /// then. False, having written nothing, when the target is not a regular
    /// file (written only when committed) or a temporary file is open already.
    public func writeAhead(_ pieces: [ArraySlice<UInt8>]) throws(FileError) -> Bool {
        var existing = stat()
        guard temporary == nil, stat(target, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG else { return false }
        let sink = try open()
        for piece in pieces { sink.write(piece) }
        if let failure = sink.failure {
            abandon()
            throw .cannotWrite(path: path, reason: failure)
        }
        if fsync(descriptor) != 0 {
            let reason = FileIO.errnoText()
            abandon()
            throw .cannotWrite(path: path, reason: reason)
        }
        synced = true
        return true
    }

    /// Writes `bytes` as the new text of the target.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        try open().write(bytes)
        try commit()
    }

    /// Removes the temporary file, if any; the target is untouched.
    public func abandon() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temp = temporary { unlink(temp) }
        temporary = nil
        sink = nil
        synced = false
        TemporaryFiles.clear()
    }

    /// Writable by this user, as an editor decides: for the superuser, whom
    /// `access` never refuses, a file that has no write permission at all is
    /// read-only on purpose.
    static func isWritable(_ path: String) -> Bool {
        guard access(path, W_OK) == 0 else { return false }
        var st = stat()
        return geteuid() != 0 || stat(path, &st) != 0 || st.st_mode & 0o222 != 0
    }

    /// `path` with its symlinks followed to the file they name (which need not exist yet).
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var st = stat()
            guard lstat(current, &st) == 0, st.st_mode & S_IFMT == S_IFLNK else { return current }
            var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buf, buf.count - 1)
            guard n > 0 else { return current }
            let link = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
        }
        return current
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
