#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// Every problem of one run goes through here, in the format the command line
/// asked for: compile diagnostics, usage errors, files that cannot be read or
/// written, `fmt`'s refusals. With `--diagnostics json`, standard error gets
/// exactly one JSON array, whatever went wrong.
enum RunDiagnostics {
    nonisolated(unsafe) static var format = DiagnosticFormat.text
    nonisolated(unsafe) static var columnUnit = ColumnUnit.char
    /// `--werror`: warnings make the run fail.
    nonisolated(unsafe) static var warningsAreErrors = false
    /// JSON objects gathered until the run ends.
    nonisolated(unsafe) static var pendingJSON: [String] = []

    /// Reads `--diagnostics`, `--column-unit` and `--werror` before the
    /// command's own parsing, so that even a usage error is printed as asked.
    /// A value that is not one of the choices stays for the command to reject.
    static func prescan(_ args: [String]) {
        func value(_ name: String) -> String? {
            for (i, arg) in args.enumerated() {
                if arg == "--" { return nil }
                if arg == name, i + 1 < args.count { return args[i + 1] }
                if arg.hasPrefix(name + "=") { return String(arg.dropFirst(name.count + 1)) }
            }
            return nil
        }
        if let f = value("--diagnostics").flatMap(DiagnosticFormat.init(rawValue:)) { format = f }
        if let u = value("--column-unit").flatMap(ColumnUnit.init(rawValue:)) { columnUnit = u }
        warningsAreErrors = args.prefix { $0 != "--" }.contains("--werror")
    }

    /// Prints (or, for JSON, gathers) the diagnostics of one compile.
    static func show(_ diagnostics: [Diagnostic], sources: SourceManager, droppedErrors: Int = 0) {
        guard !diagnostics.isEmpty || droppedErrors > 0 else { return }
        let color = isatty(2) != 0 && getenv("NO_COLOR") == nil && format == .text
        let printer = DiagnosticPrinter(sources: sources, useColor: color, columnUnit: columnUnit)
        if format == .json {
            pendingJSON += printer.jsonObjects(diagnostics)
        } else {
            writeStderr(printer.render(diagnostics, format: format, droppedErrors: droppedErrors))
        }
    }

    /// A problem that belongs to no place in a file (a missing input, a usage error).
    static func error(_ message: String, notes: [String] = []) {
        let d = Diagnostic(.error, message, at: nil, notes: notes.map { DiagnosticNote($0) })
        show([d], sources: SourceManager())
    }

    /// A catalogue message that belongs to no place in a file.
    static func error(_ message: DiagnosticMessage) {
        show([Diagnostic(.error, message, at: nil)], sources: SourceManager())
    }

    /// What `error(message)` and then `finish()` would print: for a run
    /// that a signal handler ends, which can only write what was made before.
    static func lastWords(_ message: DiagnosticMessage) -> String {
        let printer = DiagnosticPrinter(sources: SourceManager(), useColor: false, columnUnit: columnUnit)
        let d = Diagnostic(.error, message, at: nil)
        guard format == .json else { return printer.render([d], format: format, droppedErrors: 0) }
        return "[" + (pendingJSON + printer.jsonObjects([d])).joined(separator: ",") + "]\n"
    }

    /// Ends the run's diagnostics: the JSON array, when JSON was asked for.
    static func finish() {
        guard format == .json else { return }
        writeStderr("[" + pendingJSON.joined(separator: ",") + "]\n")
        pendingJSON = []
    }
}
