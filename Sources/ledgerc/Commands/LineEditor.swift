#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerCore

/// One line of input on a terminal, as `hledger add` reads it: Tab completes
/// the word from `candidates` (from any part of a name: `식비` finds
/// `지출:식비:장보기`; several are listed, or completed to what they share),
/// ↑ and ↓ recall earlier answers, Backspace removes a character (a Korean
/// syllable is one), Ctrl-D on an empty line or Ctrl-C ends the input.
/// Only the terminal's own modes (termios), no readline.
final class LineEditor {
    private(set) var history: [String] = []

    /// Whether standard input and output are a terminal (else lines are read plainly).
    static var isTerminal: Bool { isatty(0) == 1 && isatty(1) == 1 }

    /// The line typed after `prompt`; nil at the end of input.
    func read(_ prompt: String, candidates: [String]) -> String? {
        var saved = termios()
        guard tcgetattr(0, &saved) == 0 else { return readLine() }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)  // Ctrl-C arrives as a byte: it ends the dialog, writing nothing
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(0, TCSAFLUSH, &raw)
        defer { tcsetattr(0, TCSAFLUSH, &saved) }
        var line: [UInt8] = []
        var recalled = history.count
        func redraw() { writeStdout("\r\u{1B}[K" + prompt + String(decoding: line, as: UTF8.self)) }
        writeStdout(prompt)
        while true {
            guard let b = LineEditor.byte() else { writeStdout("\n"); return line.isEmpty ? nil : String(decoding: line, as: UTF8.self) }
            switch b {
            case 0x0A, 0x0D:
                writeStdout("\n")
                let text = String(decoding: line, as: UTF8.self)
                if !text.trimmingSpaces.isEmpty { history.append(text) }
                return text
            case 0x04:  // Ctrl-D
                if line.isEmpty { writeStdout("\n"); return nil }
            case 0x03:  // Ctrl-C
                writeStdout("\n")
                return nil
            case 0x7F, 0x08:  // Backspace: one character (its UTF-8 continuation bytes too)
                while let last = line.popLast(), last & 0xC0 == 0x80 {}
                redraw()
            case 0x09:
                line = complete(line, candidates)
                redraw()
            case 0x1B:
                // ESC [ A (up), ESC [ B (down); other sequences are ignored.
                guard LineEditor.byte() == 0x5B, let key = LineEditor.byte() else { continue }
                if key == 0x41, recalled > 0 { recalled -= 1; line = Array(history[recalled].utf8) }
                if key == 0x42, recalled < history.count { recalled += 1; line = recalled < history.count ? Array(history[recalled].utf8) : [] }
                redraw()
            default:
                // Text, never a control character.
                if b >= 0x20 { line.append(b) }
                if b < 0x80 || b & 0xC0 == 0x80 { redraw() }
            }
        }
    }

    /// The line with its last word completed from `candidates`.
    func complete(_ line: [UInt8], _ candidates: [String]) -> [UInt8] {
        let text = String(decoding: line, as: UTF8.self)
        // The word being completed: after the last run of two spaces (an amount's commodity: after the last space).
        let wordStart = text.lastIndex(of: " ").map { text.index(after: $0) } ?? text.startIndex
        let before = String(text[..<wordStart]), word = String(text[wordStart...]).lowercased()
        guard !word.isEmpty || candidates.count == 1 else { return line }
        let matches = candidates.filter { name in
            let lower = name.lowercased()
            return lower.hasPrefix(word) || lower.split(separator: ":").contains { $0.hasPrefix(word) }
        }
        if matches.count == 1 { return Array((before + matches[0]).utf8) }
        guard !matches.isEmpty else { return line }
        // What they all begin with, when it is more than typed; else the list.
        var shared = matches[0]
        for m in matches.dropFirst() { while !m.hasPrefix(shared) { shared.removeLast() } }
        if shared.count > word.count, shared.lowercased().hasPrefix(word) { return Array((before + shared).utf8) }
        writeStdout("\n" + matches.prefix(9).map { "  " + $0.terminalSafe }.joined(separator: "\n") + (matches.count > 9 ? "\n  ... \(matches.count - 9) more" : "") + "\n")
        return line
    }

    static func byte() -> UInt8? {
        var b: UInt8 = 0
        return readStandardInput(&b) ? b : nil
    }
}

/// One byte of standard input (outside the type, whose `read` hides the C function).
private func readStandardInput(_ b: inout UInt8) -> Bool { read(0, &b, 1) == 1 }
