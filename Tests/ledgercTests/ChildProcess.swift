import Foundation
import XCTest

/// A program the tests run, started with `posix_spawn` rather than
/// Foundation's `Process`.
///
/// Foundation learns that a child ended when a socket the child inherited is
/// closed. A child that starts a daemon (the tmux server, chromium's crash
/// handler) hands that socket on, and `waitUntilExit` then waits for the
/// daemon: forever. Here the child gets standard input, output and error
/// and nothing else, runs in its own process group, and is waited for with
/// `waitpid` under a deadline.
struct ChildProcess {
    let pid: pid_t
    let what: String

    /// Starts `executable` with `arguments`. Standard streams are the given
    /// descriptors (`nil`: /dev/null); every other descriptor is closed in the child.
    static func start(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                      directory: String? = nil, stdin: Int32? = nil, stdout: Int32? = nil, stderr: Int32? = nil) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(null) }
        for (source, target) in [(stdin ?? null, Int32(0)), (stdout ?? null, 1), (stderr ?? null, 2)] {
            posix_spawn_file_actions_adddup2(&actions, source, target)
        }
        try closeOthers(&actions)
        if let directory {
            guard let chdir = spawnChangeDirectory else { throw SpawnError(message: "posix_spawn cannot change directory here") }
            _ = directory.withCString { chdir(&actions, $0) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let env = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup($0) } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw SpawnError(message: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return ChildProcess(pid: pid, what: ([executable] + arguments).joined(separator: " "))
    }

    /// Waits for the end and returns the exit status (128 + signal when a
    /// signal ended it). After `seconds` the whole process group is killed and
    /// the test fails, naming the command, instead of hanging the run.
    @discardableResult
    func wait(seconds: Double = 120, file: StaticString = #filePath, line: UInt = #line) -> Int32 {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { break }
            if r < 0 && errno != EINTR { return -1 }
            if Date() > deadline {
                kill(-pid, SIGKILL)
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                XCTFail("still running after \(Int(seconds)) s, killed: \(what)", file: file, line: line)
                return -1
            }
            usleep(5_000)
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Sends `signal` to the program.
    func send(_ signal: Int32) { kill(pid, signal) }

    /// Every descriptor but 0, 1 and 2 closed in the child: with glibc's
    /// `closefrom` action, or one close action per descriptor open now.
    private static func closeOthers(_ actions: inout posix_spawn_file_actions_t) throws {
        if let closeFrom = spawnCloseFrom {
            _ = closeFrom(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
    }
}

struct SpawnError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` and `..._addchdir_np`,
/// which Swift's Glibc module does not declare.
private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
private typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
private let spawnCloseFrom: CloseFrom? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    .map { unsafeBitCast($0, to: CloseFrom.self) }
private let spawnChangeDirectory: ChangeDirectory? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
    .map { unsafeBitCast($0, to: ChangeDirectory.self) }

/// A file for a child's output, read back once the child has ended.
final class OutputFile {
    let url: URL
    let descriptor: Int32

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-output-\(UUID().uuidString)")
        descriptor = open(url.path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw SpawnError(message: "cannot create \(url.path)") }
    }

    deinit {
        close(descriptor)
        unlink(url.path)
    }

    /// Writes `text` and goes back to the start, for a child to read.
    func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let n = bytes[done...].withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { throw SpawnError(message: "cannot write \(url.path)") }
            done += n
        }
        lseek(descriptor, 0, SEEK_SET)
    }

    var text: String {
        String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
    }
}
