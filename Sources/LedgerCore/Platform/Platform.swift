#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The one place that names libc calls whose spelling differs between Linux
// (Glibc) and macOS (Darwin), or that a type of ours shadows (`open`, `read`).
// Everything else calls these.

/// `open(2)`: a file descriptor, or -1 with `errno` set.
func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}

/// `read(2)` into `buffer`: the bytes read, 0 at the end, or -1 with `errno` set.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(fd, buffer.baseAddress, buffer.count)
}

/// `pread(2)` until `count` bytes at `offset` are read or the file ends,
/// read again after an interruption: the bytes read, and the `errno` of a
/// failure, else 0 (errno is per thread: this may run on a thread of its own).
func systemReadFully(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int) -> (read: Int, error: Int32) {
    var done = 0
    while done < count {
        let n = pread(fd, buffer + done, count - done, off_t(offset + done))
        if n < 0 {
            if errno == EINTR { continue }
            return (done, errno)
        }
        if n == 0 { break }
        done += n
    }
    return (done, 0)
}

/// `read(2)`, read again after an interruption: the bytes read, 0 at the end, or -1.
func systemReadRetrying(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    while true {
        let n = read(fd, buffer.baseAddress, buffer.count)
        if n < 0 && errno == EINTR { continue }
        return n
    }
}

/// `realpath(3)`: the absolute path with links and `..` resolved; nil when it does not exist.
func systemRealPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
}

/// True when reading `fd` would not block (input waits, or its end is reached).
func systemHasInput(_ fd: Int32) -> Bool {
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&p, 1, 0) > 0
}

/// Writes all bytes to a file descriptor, going on after interruptions;
/// false (with `errno` set) on failure.
@discardableResult
func systemWriteAll(_ fd: Int32, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
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

/// The text of the current `errno` (`No such file or directory`), in the
/// current language for the errors a user meets reading and writing files.
func systemErrorText() -> String {
    let code = errno
    if Language.current == .korean, let text = koreanSystemErrors[code] { return text }
    return String(cString: strerror(code))
}

/// The Korean of the errors files give.
private let koreanSystemErrors: [Int32: String] = [
    ENOENT: "그런 파일이나 디렉터리가 없습니다", EACCES: "권한이 없습니다", EPERM: "허용되지 않는 작업입니다",
    EISDIR: "디렉터리입니다", ENOTDIR: "디렉터리가 아닙니다", ELOOP: "심볼릭 링크가 너무 많이 이어집니다",
    ENOSPC: "장치에 남은 공간이 없습니다", EROFS: "읽기 전용 파일 시스템입니다", EEXIST: "파일이 이미 있습니다",
    ENAMETOOLONG: "파일 이름이 너무 깁니다", EIO: "입출력 오류입니다",
]

/// A closure run on a thread of its own; `wait` returns when it has finished.
/// Off the hot path: one per split read of a large file.
final class BackgroundJob: @unchecked Sendable {
    #if canImport(Darwin)
    private var thread: pthread_t?
    #else
    private var thread = pthread_t()
    #endif
    private let body: () -> Void
    private var started = false

    init(_ body: @escaping () -> Void) {
        self.body = body
        let box = Unmanaged.passRetained(self).toOpaque()
        started = pthread_create(&thread, nil, { raw in
            #if canImport(Darwin)
            let job = Unmanaged<BackgroundJob>.fromOpaque(raw).takeRetainedValue()
            #else
            let job = Unmanaged<BackgroundJob>.fromOpaque(raw!).takeRetainedValue()
            #endif
            job.body()
            return nil
        }, box) == 0
        if !started {
            // No thread to be had: run it here.
            Unmanaged<BackgroundJob>.fromOpaque(box).release()
            body()
        }
    }

    func wait() {
        #if canImport(Darwin)
        if started, let thread { pthread_join(thread, nil) }
        #else
        if started { pthread_join(thread, nil) }
        #endif
        started = false
    }
}

/// Runs `a` on a thread of its own and `b` on this one; returns both results.
package func bothAtOnce<T>(_ a: @escaping () -> T, _ b: () -> T) -> (T, T) {
    let box = ResultBox<T>()
    let job = BackgroundJob { box.value = a() }
    let second = b()
    job.wait()
    return (box.value!, second)
}

/// Lets a pipe hold 1 MB, when `fd` is one and the system allows it
/// (Linux's `F_SETPIPE_SZ`); anything else is left as it is.
func growPipeBuffer(_ fd: Int32) {
    #if os(Linux)
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
    _ = fcntl(fd, 1031 /* F_SETPIPE_SZ */, Int32(1 << 20))
    #endif
}

/// A value that several threads may read and replace, one at a time.
final class Guarded<T>: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var value: T

    init(_ value: T) {
        self.value = value
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// `body` with the value, no other thread reading or replacing it meanwhile.
    func withLock<R>(_ body: (inout T) -> R) -> R {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return body(&value)
    }
}

/// A gate one thread opens, once, and others wait at until it is open.
final class Latch: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var opened = pthread_cond_t()
    private var isOpen = false

    init() {
        pthread_mutex_init(&lock, nil)
        pthread_cond_init(&opened, nil)
    }

    deinit {
        pthread_cond_destroy(&opened)
        pthread_mutex_destroy(&lock)
    }

    func open() {
        pthread_mutex_lock(&lock)
        isOpen = true
        pthread_cond_broadcast(&opened)
        pthread_mutex_unlock(&lock)
    }

    func wait() {
        pthread_mutex_lock(&lock)
        while !isOpen { pthread_cond_wait(&opened, &lock) }
        pthread_mutex_unlock(&lock)
    }
}

/// A result handed from one thread to another (`bothAtOnce`).
final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Work run on a thread of its own whose result is looked at without
/// waiting: nil while it runs (the language server's whole compile for
/// completion, `BackgroundCompile`).
final class Handoff<T>: @unchecked Sendable {
    private var lock = pthread_mutex_t()
    private var value: T?
    private var job: BackgroundJob?

    init(_ work: @escaping @Sendable () -> T) {
        pthread_mutex_init(&lock, nil)
        job = BackgroundJob { [self] in
            let v = work()
            pthread_mutex_lock(&lock)
            value = v
            pthread_mutex_unlock(&lock)
        }
    }

    deinit {
        job?.wait()
        pthread_mutex_destroy(&lock)
    }

    /// The result once the work is done (its thread has then ended); nil while it runs.
    var result: T? {
        pthread_mutex_lock(&lock)
        let v = value
        pthread_mutex_unlock(&lock)
        guard let v else { return nil }
        job?.wait()
        job = nil
        return v
    }
}

/// Lets the system take back the pages of a file mapped read-only
/// (`FileBytes.isMapped`) that lie wholly inside `bytes`: they no longer
/// count in this process's memory, and a later read of them maps them again
/// from the system's cache of the file, with the same bytes. The parser
/// gives back what it has read, so that a large journal is never resident
/// whole beside what its check keeps.
func releaseMappedPages(_ bytes: UnsafeBufferPointer<UInt8>) {
    #if os(Linux)
    adviseWholePages(UnsafeMutableRawBufferPointer(mutating: UnsafeRawBufferPointer(bytes)), MADV_DONTNEED)
    #endif
}

/// Asks for huge pages for a large buffer about to be filled (`madvise`
/// `MADV_HUGEPAGE`; transparent huge pages in their `madvise` mode): one
/// page fault per 2 MB instead of per 4 KB. Nothing for one smaller than `from`.
func adviseHugePages(_ bytes: UnsafeMutableRawBufferPointer, from: Int = 4 << 20) {
    #if os(Linux)
    if bytes.count >= from { adviseWholePages(bytes, MADV_HUGEPAGE) }
    #endif
}

#if os(Linux)
/// `madvise(advice)` on the pages that lie wholly inside `bytes`.
private func adviseWholePages(_ bytes: UnsafeMutableRawBufferPointer, _ advice: Int32) {
    guard let base = bytes.baseAddress else { return }
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard page > 0 else { return }
    let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
    let end = (Int(bitPattern: base) + bytes.count) & ~(page - 1)
    if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), end - start, advice) }
}
#endif

/// No core dump from here on (`RLIMIT_CORE` 0): a process that holds a
/// statement's password must not write it to a core file.
package func disableCoreDumps() {
    var none = rlimit(rlim_cur: 0, rlim_max: 0)
    #if canImport(Glibc)
    _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
    #else
    _ = setrlimit(RLIMIT_CORE, &none)
    #endif
}

/// The processors online: whether a second parser or reader may run beside the first.
package let onlineCores: Int = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
