#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileIO {
    /// Regular files at least this large are mapped by `readForReading`.
    public static let mapsFrom = 4 << 20

    /// Reads a file for a command that writes nothing back (`check`,
    /// `report`). A regular file of `mapsFrom` bytes or more is mapped
    /// read-only from the system's cache of it instead of copied in: a
    /// copy of a 124 MB journal costs a third of `check`'s time in the
    /// kernel (zeroing fresh pages, then copying into them). Anything else,
    /// and a file that cannot be mapped, is read as by `read`.
    ///
    /// A mapped file is read where it lies while it is parsed. A file
    /// replaced by a new one meanwhile (an editor's save, `git checkout`)
    /// leaves the mapped one as it was; a file cut shorter in place ends
    /// the run with exit 2 and `cannot read '…': it got shorter while it
    /// was read`, never a crash. Commands that write take a copy (`read`),
    /// since what they write is checked against what they read.
    ///
    /// `saying` renders that error as the run's last words, in the format
    /// the run prints its errors in (text, JSON, GitHub).
    public static func readForReading(_ path: String, limit: Int = largestInput,
                                      saying render: (FileError) -> String = { "ledgerc: error: \($0.message.text)\n" }) -> Result<FileBytes, FileError> {
        if let mapped = map(path, limit: limit, saying: render) { return .success(mapped) }
        return read(path, .anyFile, limit: limit).map(FileBytes.init)
    }

    /// The file mapped, or nil when it is not a regular file of
    /// `mapsFrom`...`limit` bytes or cannot be mapped.
    private static func map(_ path: String, limit: Int, saying render: (FileError) -> String) -> FileBytes? {
        let fd = openPath(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(st.st_size)
        guard size >= mapsFrom, size <= limit else { return nil }
        let start: UnsafeMutableRawPointer? = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let start, start != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        ShrunkFile.watch(path, saying: render)
        return FileBytes(mapped: UnsafeRawBufferPointer(start: start, count: size))
    }
}

/// What happens when a mapped file is cut shorter while it is read: the
/// system signals `SIGBUS` at the first page past the new end. The handler
/// says which file and ends the run with exit 2, as any file that cannot
/// be read does; nothing has been written by then (only commands that
/// write nothing map their files).
enum ShrunkFile {
    /// What to print (`cannot read '…': …`), made before the signal can
    /// come, as a NUL-ended C string: a signal handler may only call
    /// `write` and `_exit`.
    nonisolated(unsafe) private static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var mapped = 0

    static func watch(_ path: String, saying render: (FileError) -> String) {
        mapped += 1
        // With several mapped, the message cannot tell which one it was.
        // The one it replaces is not freed: the handler may be reading it.
        message = strdup(render(.cannotRead(path: mapped == 1 ? path : "a journal", reason: Messages.shrankWhileRead.text)))
        signal(SIGBUS) { _ in
            if let text = ShrunkFile.message { _ = write(2, text, strlen(text)) }
            _exit(2)
        }
    }
}
