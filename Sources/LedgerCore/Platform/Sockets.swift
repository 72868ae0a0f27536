#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// TCP sockets on the loopback interface only, for `ledgerc serve`: a
/// listener on 127.0.0.1 (and ::1 where there is one), non-blocking
/// connections, and `poll`. Nothing here binds another address.
package enum LoopbackSocket {
    /// Listens on 127.0.0.1:`port` (0: a free port), and on [::1] at the same
    /// port where the system has IPv6 loopback. Returns the descriptors and the port.
    package static func listen(port: Int) -> (descriptors: [Int32], port: Int)? {
        guard let v4 = listenV4(port: port) else { return nil }
        var out = [v4.fd]
        if let v6 = listenV6(port: v4.port) { out.append(v6) }
        return (out, v4.port)
    }

    private static func listenV4(port: Int) -> (fd: Int32, port: Int)? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        guard let fd = bound(AF_INET, &address) else { return nil }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, Int(UInt16(bigEndian: actual.sin_port)))
    }

    private static func listenV6(port: Int) -> Int32? {
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_port = in_port_t(UInt16(port).bigEndian)
        address.sin6_addr = in6addr_loopback
        return bound(AF_INET6, &address)
    }

    /// A stream socket of `family` bound to `address` and listening, non-blocking; nil when it cannot be.
    private static func bound<Address>(_ family: Int32, _ address: inout Address) -> Int32? {
        #if canImport(Glibc)
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 { setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size)) }
        let size = socklen_t(MemoryLayout<Address>.size)
        let result = withUnsafePointer(to: &address) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) } }
        guard result == 0, Glibc_listen(fd, 512) == 0 else { close(fd); return nil }
        setNonBlocking(fd)
        return fd
    }

    /// A waiting connection, non-blocking; nil when none waits.
    package static func accept(_ listener: Int32) -> Int32? {
        let fd = Glibc_accept(listener)
        guard fd >= 0 else { return nil }
        setNonBlocking(fd)
        var yes: Int32 = 1
        #if canImport(Darwin)
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        _ = yes
        return fd
    }

    /// Reads what is there: the bytes (empty at the end of the stream), or nil when nothing waits.
    package static func receive(_ fd: Int32, max: Int = 65536) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: max)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, max, 0) }
        if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? nil : [] }
        return Array(buffer[0..<n])
    }

    /// Sends what the socket takes now: the number of bytes sent, or -1 when the peer is gone.
    package static func send(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int {
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        let n = bytes.withUnsafeBytes { Glibc_send(fd, $0.baseAddress, $0.count, flags) }
        if n < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : -1 }
        return n
    }

    package static func close(_ fd: Int32) { _ = Glibc_close(fd) }

    /// Waits up to `milliseconds` for the descriptors' events: for each, whether it can be read and written.
    package static func wait(_ watched: [(fd: Int32, read: Bool, write: Bool)], milliseconds: Int32) -> [(readable: Bool, writable: Bool, broken: Bool)] {
        var fds = watched.map { pollfd(fd: $0.fd, events: Int16(($0.read ? POLLIN : 0) | ($0.write ? POLLOUT : 0)), revents: 0) }
        let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        guard n > 0 else { return watched.map { _ in (false, false, false) } }
        return fds.map { f in
            (f.revents & Int16(POLLIN) != 0 || f.revents & Int16(POLLHUP) != 0, f.revents & Int16(POLLOUT) != 0,
             f.revents & Int16(POLLERR | POLLNVAL) != 0)
        }
    }

    private static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL, 0)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
}

// The calls a member of `LoopbackSocket` shadows.
private func Glibc_listen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func Glibc_accept(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }
private func Glibc_send(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int, _ flags: Int32) -> Int { send(fd, p, n, flags) }
private func Glibc_close(_ fd: Int32) -> Int32 { close(fd) }

/// A signal flag for a server loop: set by SIGINT or SIGTERM, read between requests.
package enum StopSignal {
    nonisolated(unsafe) package static var raised: sig_atomic_t = 0

    /// Makes SIGINT and SIGTERM set `raised` (a write under way is finished first), and ignores SIGPIPE.
    package static func install() {
        signal(SIGPIPE, SIG_IGN)
        for sig in [SIGINT, SIGTERM] { signal(sig) { _ in StopSignal.raised = 1 } }
    }
}

/// `n` bytes from the system's random source (`getrandom`, else /dev/urandom); nil when none can be read.
package func systemRandomBytes(_ n: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: n)
    let fd = systemOpen("/dev/urandom", O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    guard n > 0 else { return [] }
    let (read, error) = out.withUnsafeMutableBytes { b in b.baseAddress.map { systemReadFully(fd, $0, n, at: 0) } ?? (0, EINVAL) }
    return read == n && error == 0 ? out : nil
}

/// The modification time (nanoseconds), size and inode of a file; nil when it cannot be read.
package func systemFileStamp(_ path: String) -> [Int]? {
    var s = stat()
    guard stat(path, &s) == 0 else { return nil }
    #if canImport(Darwin)
    let ns = Int(s.st_mtimespec.tv_sec) * 1_000_000_000 + Int(s.st_mtimespec.tv_nsec)
    #else
    let ns = Int(s.st_mtim.tv_sec) * 1_000_000_000 + Int(s.st_mtim.tv_nsec)
    #endif
    return [ns, Int(s.st_size), Int(s.st_ino)]
}

/// Writes a new file `path` with `bytes` (mode 0644), failing if it exists; whether it was written.
package func systemCreateFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    let fd = systemOpen(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else { return false }
    let ok = bytes.withUnsafeBufferPointer { systemWriteAll(fd, $0) }
    let synced = fsync(fd) == 0
    close(fd)
    return ok && synced
}

/// Makes directory `path` (0755) unless it is there; whether it is a directory now.
package func systemMakeDirectory(_ path: String) -> Bool {
    if mkdir(path, 0o755) == 0 { return true }
    var s = stat()
    return stat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFDIR
}

/// Removes a file (`unlink`); whether it is gone.
@discardableResult
package func systemRemoveFile(_ path: String) -> Bool { unlink(path) == 0 }
