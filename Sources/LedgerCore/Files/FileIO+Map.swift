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
    public static func readForReading(_ path: String, _ kind: Kind = .anyFile, limit: Int = largestInput,
                                      saying render: (FileError) -> String = { "ledgerc: error: \($0.message.text)\n" }) -> Result<FileBytes, FileError> {
        if let mapped = map(path, limit: limit, saying: render) { return .success(mapped) }
        return read(path, kind, limit: limit).map(FileBytes.init)
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
        let mapped = UnsafeRawBufferPointer(start: start, count: size)
        let message = render(.cannotRead(path: path, reason: Messages.shrankWhileRead.text))
        guard ShrunkFile.watch(mapped, saying: message) else {
            munmap(start, size)
            return nil
        }
        return FileBytes(mapped: mapped)
    }
}
