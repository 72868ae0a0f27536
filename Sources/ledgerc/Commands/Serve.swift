#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// `ledgerc serve`: the household's web app on localhost (docs/SERVE.md).
enum ServeCommand: Subcommand {
    static let help = """
    ledgerc serve: the journal as a web app on this machine, every write the compiler's checked edit

    USAGE: ledgerc serve [JOURNAL] [--port N] [--read-only] [--no-open] [--lang ko|en]

    Listens on 127.0.0.1 (and ::1) only; the first line of standard output is
    its URL. The page lists, adds, edits and deletes transactions, shows the
    month (income, spending by category, budget, card bills and 할부) and
    reviews statements to import. Every write is checked against the whole
    journal and written atomically under the same lock as the other commands;
    a change on disk (an editor, git pull) shows in the page at once.
    Ctrl-C ends it. See docs/SERVE.md.

    OPTIONS:
      -f FILE               the journal (also the first word, or $LEDGER_FILE)
      --port N              the port (default 5000; 0 takes a free one)
      --read-only           every write is refused (403)
      --no-open             do not ask the desktop to open the page
      --lang ko|en          the page's language (default: the browser's)

    """

    static func run(_ args: [String]) throws -> Int {
        let parsed = try Arguments(args, valueOptions: ["--port", "-f", "--file"], flagOptions: ["--read-only", "--no-open"])
        var files = parsed.positionals + [parsed.values["-f"], parsed.values["--file"]].compactMap { $0 }
        if files.isEmpty, let env = getenv("LEDGER_FILE"), env.pointee != 0 { files = [String(cString: env)] }
        guard files.count == 1, let journal = files.first, journal != "-" else {
            throw UsageError(message: files.isEmpty ? "no journal: name FILE first, or set LEDGER_FILE" : "serve takes one journal file")
        }
        guard FileIO.identity(of: journal) != nil else { throw UsageError(message: "no such file '\(journal)'") }
        var port = 5000
        if let text = parsed.values["--port"] {
            guard let n = Int(text), (0...65535).contains(n) else { throw UsageError(message: "--port takes a number from 0 to 65535, not '\(text)'") }
            port = n
        }
        guard let token = JournalServer.newToken() else { throw UsageError(message: "no random source for the launch token") }
        guard let (listeners, bound) = LoopbackSocket.listen(port: port) else {
            throw UsageError(message: "cannot listen on 127.0.0.1:\(port) (in use? --port 0 takes a free one)")
        }
        StopSignal.install()
        let server = JournalServer(path: journal, port: bound, token: token, readOnly: parsed.has("--read-only"), today: try currentDate(),
                                   pageLanguage: LedgerCommand.languageGiven ? Language.current : nil)
        let url = "http://127.0.0.1:\(bound)/"
        writeStdout(url + "\n")
        let errors = server.compilation.diagnostics.errorCount
        if errors > 0 { writeStderr(Language.text("the journal has \(errors) error(s); the page shows what compiles\n", ko: "장부에 오류가 \(errors)개 있습니다. 페이지는 컴파일되는 내용을 보여 줍니다\n")) }
        if !parsed.has("--no-open") {
            #if canImport(Darwin)
            _ = Subprocess.start(["open", url])
            #else
            _ = Subprocess.start(["xdg-open", url])
            #endif
        }
        ServeLoop().run(server, listeners: listeners, clock: monotonicSeconds)
        return 0
    }

    /// Seconds on a clock that only goes forward.
    static func monotonicSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
