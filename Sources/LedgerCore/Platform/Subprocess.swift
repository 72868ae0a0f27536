#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A program run without a shell: `posix_spawnp` with an argument vector,
/// so no word of a journal, a revision or a path is ever parsed by a shell.
/// Standard output is collected; standard error goes to a pipe too and is
/// kept for the message when the program fails.
package struct Subprocess {
    package var status: Int32
    package var output: [UInt8]
    package var errors: [UInt8]

    /// Runs `arguments[0]` (looked up in PATH) with `arguments`, its standard
    /// input empty; nil when it cannot be started. With `directory`, git's
    /// `-C DIRECTORY` comes first (the only program run here is git). The
    /// environment is this process's with `GIT_NO_LAZY_FETCH=1`: git never
    /// fetches missing objects of a partial clone, whose remote
    /// configuration could run a command. `LEDGERC_STATEMENT_PASSWORD` is
    /// left out: a child never sees a statement's password.
    /// Starts `arguments[0]` (looked up in PATH) with `arguments` and does not
    /// wait for it: its standard input, output and error are /dev/null, no shell
    /// reads the words, and it is never waited for (SIGCHLD ignored: no zombie).
    /// Whether it started.
    package static func start(_ arguments: [String]) -> Bool {
        signal(SIGCHLD, SIG_IGN)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        guard let program = argv.first ?? nil else { return false }
        return posix_spawnp(&pid, program, &actions, nil, argv, environ) == 0
    }

    package static func run(_ arguments: [String], in directory: String? = nil) -> Subprocess? {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&outPipe) == 0 else { return nil }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        for fd in [outPipe[0], outPipe[1], errPipe[0], errPipe[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        // The child changes directory itself, through the C library: `git -C DIR` does it for git.
        var argv = (directory.map { [arguments[0], "-C", $0] + arguments.dropFirst() } ?? arguments).map { strdup($0) }
        argv.append(nil)
        defer { for p in argv { free(p) } }
        var pid = pid_t()
        var envp: [UnsafeMutablePointer<CChar>?] = [strdup("GIT_NO_LAZY_FETCH=1")]
        var e = environ
        while let entry = e.pointee {
            // A statement's password (issue 56) is never handed on.
            if strncmp(entry, "GIT_NO_LAZY_FETCH=", 18) != 0, strncmp(entry, "LEDGERC_STATEMENT_PASSWORD=", 27) != 0 { envp.append(strdup(entry)) }
            e += 1
        }
        envp.append(nil)
        defer { for p in envp { free(p) } }
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, nil, argv, envp)
        close(outPipe[1]); close(errPipe[1])
        guard spawned == 0 else {
            close(outPipe[0]); close(errPipe[0])
            return nil
        }
        // Both pipes are drained at once (stderr on a thread), so neither can fill and block the child.
        let errFD = errPipe[0]
        let collected = Collected()
        let reader = BackgroundJob { collected.bytes = Subprocess.readAll(errFD) }
        let output = readAll(outPipe[0])
        reader.wait()
        let errors = collected.bytes
        close(outPipe[0]); close(errPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Subprocess(status: code, output: output, errors: errors)
    }

    private final class Collected: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { systemReadRetrying(fd, $0) }
            if n <= 0 { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}
