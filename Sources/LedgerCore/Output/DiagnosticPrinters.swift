/// How diagnostics are written to standard error.
public enum DiagnosticFormat: String, Sendable {
    case text, json, github
}

/// Renders diagnostics as text (compiler style), JSON or GitHub annotations.
public struct DiagnosticPrinter {
    public let sources: SourceManager
    public var useColor = false
    /// What the column of text and GitHub output counts; JSON gives all three.
    public var columnUnit = ColumnUnit.char

    public init(sources: SourceManager, useColor: Bool = false, columnUnit: ColumnUnit = .char) {
        self.sources = sources
        self.useColor = useColor
        self.columnUnit = columnUnit
    }

    public func render(_ diagnostics: [Diagnostic], format: DiagnosticFormat, droppedErrors: Int = 0) -> String {
        switch format {
        case .text: return renderText(diagnostics, droppedErrors: droppedErrors)
        case .json: return "[" + jsonObjects(diagnostics).joined(separator: ",") + "]\n"
        case .github: return diagnostics.map(renderGitHub).joined()
        }
    }

    /// `path:line:column` in this printer's column unit.
    private func describe(_ loc: SourceLocation) -> (path: String, line: Int, column: Int) {
        let file = sources[loc.file]
        let p = file.position(of: Int(loc.offset))
        // A file name is untrusted text too (`evil\e]0;TITLE\a.ledger` reached by an include glob).
        return (file.path.terminalSafe, p.line, p.column(columnUnit))
    }

    private func paint(_ s: String, _ code: String) -> String {
        useColor ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s
    }

    private func label(_ severity: Severity) -> String {
        switch severity {
        case .error: return paint("error:", "1;31")
        case .warning: return paint("warning:", "1;35")
        case .note: return paint("note:", "1;36")
        }
    }

    private func renderText(_ diagnostics: [Diagnostic], droppedErrors: Int) -> String {
        var out = ""
        for d in diagnostics {
            out += header(d.severity, d.message, d.location)
            if let loc = d.location, d.quotesSource { out += excerpt(loc) }
            for note in d.notes {
                out += header(.note, note.message, note.location ?? d.location)
            }
        }
        if droppedErrors > 0 {
            out += "ledgerc: \(Messages.tooManyErrors) (\(droppedErrors) more not shown)\n"
        }
        return out
    }

    private func header(_ severity: Severity, _ message: String, _ location: SourceLocation?) -> String {
        // A message may quote a name from the journal: no control character reaches the terminal.
        let message = message.terminalSafe
        guard let loc = location else { return "ledgerc: \(label(severity)) \(message)\n" }
        let (path, line, column) = describe(loc)
        return paint("\(path):\(line):\(column):", "1") + " \(label(severity)) \(message)\n"
    }

    /// The source line with a caret under the column.
    /// The longest stretch of a line an excerpt shows (in scalars).
    static let excerptWidth = 120

    /// The source line with a caret under the column. A long line is shown
    /// as a window around the column, with `…` where it is cut.
    private func excerpt(_ loc: SourceLocation) -> String {
        let file = sources[loc.file]
        let (line, column) = file.lineAndColumn(of: Int(loc.offset))
        // Control characters (a NUL, ESC, U+2028, a bidi override) are shown as U+FFFD, never echoed raw.
        var scalars = Array(file.lineText(line).unicodeScalars.map {
            $0.isUnsafeInTerminal && $0 != "\t" ? "\u{FFFD}" : $0
        })
        var caret = column - 1
        let width = DiagnosticPrinter.excerptWidth
        if scalars.count > width {
            let start = max(0, min(caret - width / 2, scalars.count - width))
            let end = min(scalars.count, start + width)
            var window = Array(scalars[start..<end])
            if start > 0 { window.insert("…", at: 0); caret = caret - start + 1 } else { caret -= start }
            if end < scalars.count { window.append("…") }
            scalars = window
        }
        let text = String(String.UnicodeScalarView(scalars))
        let number = String(line)
        let gutter = String(repeating: " ", count: number.count)
        // Keep tabs under tabs, and as many spaces as a character is wide,
        // so that the caret lines up in a terminal.
        var pad = ""
        for ch in scalars.prefix(caret) {
            if ch == "\t" { pad.append("\t") } else { pad += String(repeating: " ", count: max(1, displayWidth(ch))) }
        }
        return "    \(number) | \(text)\n    \(gutter) | \(pad)\(paint("^", "1;32"))\n"
    }

    /// Each diagnostic as one JSON object, so that a run can gather the
    /// diagnostics of several compiles (and its own errors) into one array.
    public func jsonObjects(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { d in
            var w = JSONWriter()
            w.beginObject()
            w.key("severity"); w.string(d.severity.rawValue)
            // The catalogue ID (`assertionFailed`): stable when the wording changes.
            w.key("id"); w.string(d.id?.name)
            writeLocation(d.location, into: &w)
            w.key("message"); w.string(d.message)
            w.key("notes"); w.beginArray()
            for n in d.notes {
                w.beginObject()
                writeLocation(n.location ?? d.location, into: &w)
                w.key("message"); w.string(n.message)
                w.endObject()
            }
            w.endArray()
            if !d.fixes.isEmpty {
                // What would fix it, as edits of the files (ranges by place, end excluded).
                w.key("fixes"); w.beginArray()
                for fix in d.fixes {
                    w.beginObject()
                    w.key("title"); w.string(fix.title)
                    w.key("edits"); w.beginArray()
                    for e in fix.edits where e.file >= 0 && e.file < sources.files.count {
                        w.beginObject()
                        writeLocation(SourceLocation(file: e.file, offset: e.range.lowerBound), into: &w)
                        let end = sources[Int32(e.file)].position(of: e.range.upperBound)
                        w.key("endLine"); w.int(end.line)
                        w.key("endColumn"); w.int(end.column)
                        w.key("text"); w.string(String(decoding: e.text, as: UTF8.self))
                        w.endObject()
                    }
                    w.endArray()
                    w.endObject()
                }
                w.endArray()
            }
            w.endObject()
            return w.finish()
        }
    }

    private func writeLocation(_ location: SourceLocation?, into w: inout JSONWriter) {
        if let loc = location {
            let file = sources[loc.file]
            let p = file.position(of: Int(loc.offset))
            w.key("file"); w.string(file.path)
            w.key("line"); w.int(p.line)
            w.key("column"); w.int(p.column)
            w.key("byteColumn"); w.int(p.byteColumn)
            w.key("displayColumn"); w.int(p.displayColumn)
        } else {
            for key in ["file", "line", "column", "byteColumn", "displayColumn"] {
                w.key(string: key); w.null()
            }
        }
    }

    private func renderGitHub(_ d: Diagnostic) -> String {
        let kind = d.severity == .error ? "error" : (d.severity == .warning ? "warning" : "notice")
        // Names quoted from the journal: no control character reaches the CI log.
        var message = d.message.terminalSafe
        for n in d.notes { message += "\n" + n.message.terminalSafe }
        // GitHub's workflow-command escaping.
        message = message.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
        guard let loc = d.location else { return "::\(kind)::\(message)\n" }
        let (path, line, column) = describe(loc)
        let file = path.replacingAll("%", "%25").replacingAll(",", "%2C").replacingAll(":", "%3A")
        return "::\(kind) file=\(file),line=\(line),col=\(column)::\(message)\n"
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed).
    package func replacingAll(_ target: String, _ replacement: String) -> String {
        guard !target.isEmpty, self.contains(target) else { return self }
        var out = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        out += rest
        return out
    }
}
