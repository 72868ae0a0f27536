/// How serious a diagnostic is. Only errors make a compile fail.
public enum Severity: String, Sendable {
    case error, warning, note
}

/// The stable name of a message in the catalogue (`assertionFailed`): what
/// tests assert and what `--diagnostics json` reports as `id`.
public struct MessageID: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }
}

extension MessageID: ExpressibleByStringLiteral {
    /// An ID written as its name, as tests assert it: `"doesNotBalance"`.
    public init(stringLiteral name: String) { self.init(name) }
}

/// A message of the catalogue (`Messages`): its ID and its words.
public struct DiagnosticMessage: Sendable, CustomStringConvertible {
    public let id: MessageID
    public let text: String

    /// A message of the catalogue: its ID is the name of the `Messages`
    /// member that makes it (`amountOverflows`), never typed by hand.
    /// Its Korean text is beside the English, with the same placeholders
    /// (MessageCatalogueTests); only the current language's is made.
    init(_ text: @autoclosure () -> String, ko korean: @autoclosure () -> String, member: String = #function) {
        id = MessageID(String(member.prefix { $0 != "(" }))
        self.text = Language.current == .korean ? korean() : text()
    }

    public var description: String { text }
}

/// A secondary message attached to a diagnostic, optionally at its own place.
public struct DiagnosticNote: Sendable {
    public var message: String
    public var location: SourceLocation?

    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    public init(_ message: DiagnosticMessage, at location: SourceLocation? = nil) {
        self.init(message.text, at: location)
    }
}

/// A change that fixes a diagnostic: a title in the user's words and the
/// edits it makes. `ledgerc check --diagnostics json` prints them, and the
/// language server offers the same ones as quick fixes.
public struct FixIt: Sendable, Equatable {
    public var title: String
    /// Edits of the files of the compile the diagnostic came from.
    public var edits: [TextEdit]
    /// The fix an editor may apply at once (one per diagnostic).
    public var preferred: Bool

    public init(_ title: String, edits: [TextEdit], preferred: Bool = true) {
        self.title = title
        self.edits = edits
        self.preferred = preferred
    }
}

/// One problem found in the input: what is wrong, where, and notes that help fix it.
public struct Diagnostic: Sendable {
    public var severity: Severity
    /// The catalogue message's ID; nil only for text that is not in the catalogue.
    public var id: MessageID?
    public var message: String
    /// Nil only for problems that belong to no file (a missing command-line file).
    public var location: SourceLocation?
    public var notes: [DiagnosticNote]
    /// Whether a printer may show the source line. False for a line that is
    /// not journal text at all (an included `.env` file, `/proc/self/environ`):
    /// its bytes never reach a message, a report or a pull-request comment;
    /// the place (file, line, column) says where it is.
    public var quotesSource = true
    /// The changes that fix it, when the compile knows one (`FixIts`).
    public var fixes: [FixIt] = []

    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, notes: [DiagnosticNote] = []) {
        self.severity = severity
        self.message = message
        self.location = location
        self.notes = notes
    }

    public init(_ severity: Severity, _ message: DiagnosticMessage, at location: SourceLocation?, notes: [DiagnosticNote] = []) {
        self.init(severity, message.text, at: location, notes: notes)
        id = message.id
    }

    /// The same diagnostic with its places moved (from a chunk or an edited
    /// text to the file the user knows): its own, its notes', and its fixes'
    /// edits. A place `move` cannot map is dropped, and so is a fix with an
    /// edit that cannot be moved.
    public func moved(_ move: (SourceLocation) -> SourceLocation?) -> Diagnostic {
        var d = self
        d.location = location.flatMap(move)
        for k in d.notes.indices { d.notes[k].location = notes[k].location.flatMap(move) }
        d.fixes = fixes.compactMap { fix in
            var fix = fix
            for k in fix.edits.indices {
                let e = fix.edits[k]
                guard let start = move(SourceLocation(file: e.file, offset: e.range.lowerBound)) else { return nil }
                fix.edits[k] = TextEdit(file: Int(start.file), range: Int(start.offset)..<Int(start.offset) + e.range.count, text: e.text)
            }
            return fix
        }
        return d
    }
}

/// Collects the diagnostics of one compile from every stage.
///
/// Stages record a problem and go on with the next item; the engine keeps at
/// most `limit` errors and decides whether the compile failed.
public final class DiagnosticEngine: @unchecked Sendable {
    @exclusivity(unchecked) public private(set) var diagnostics: [Diagnostic] = []
    @exclusivity(unchecked) public private(set) var errorCount = 0
    /// The most errors kept; later ones are counted but dropped.
    public let limit: Int

    public init(limit: Int = 100) {
        self.limit = limit
    }

    /// The most warnings of one kind kept (by message ID); later ones are
    /// counted, and said as one line, "and N more like this".
    public static let warningsOfAKind = 100
    /// Warnings of one kind past `warningsOfAKind`, by kind (ID, or the message).
    @exclusivity(unchecked) public private(set) var droppedWarnings: [String: (count: Int, example: String)] = [:]
    @exclusivity(unchecked) private var warningCounts: [String: Int] = [:]

    /// One warning per kind that had more than `warningsOfAKind`, saying how
    /// many more there were: a journal of a million days prints 100 "year
    /// looks mistyped" warnings and this line, not 755,011 of them.
    public func droppedWarningSummaries() -> [Diagnostic] {
        droppedWarnings.sorted { $0.key < $1.key }.map { _, v in
            Diagnostic(.warning, Messages.moreLikeThis(v.count, v.example), at: nil)
        }
    }

    public var hasErrors: Bool { errorCount > 0 }

    /// Changes the kept diagnostics in place (a stage after the one that
    /// found them adds what it knows: fix-its).
    package func update(_ body: (inout Diagnostic) -> Void) {
        for i in diagnostics.indices { body(&diagnostics[i]) }
    }

    /// Whether the next error is kept (past the limit it is only counted):
    /// a message that is costly to write is written only then.
    public var keepsNextError: Bool { errorCount < limit }

    /// Counts an error past the limit, whose message is not written (`keepsNextError` is false).
    public func countError() { errorCount += 1 }

    public func error(_ message: DiagnosticMessage, at location: SourceLocation?, notes: [DiagnosticNote] = []) {
        add(Diagnostic(.error, message, at: location, notes: notes))
    }

    public func warning(_ message: DiagnosticMessage, at location: SourceLocation?, notes: [DiagnosticNote] = []) {
        add(Diagnostic(.warning, message, at: location, notes: notes))
    }

    /// The longest message kept (in bytes): text quoted from the input is cut, so
    /// that a 4 MB line can never make a 4 MB message.
    public static let longestMessage = 400

    public func add(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        if diagnostic.message.utf8.count > DiagnosticEngine.longestMessage {
            let kept = diagnostic.message.unicodeScalars.prefix(DiagnosticEngine.longestMessage / 4)
            diagnostic.message = String(String.UnicodeScalarView(kept)) + "…"
        }
        if diagnostic.severity == .error {
            errorCount += 1
            if errorCount > limit { return }
        } else if diagnostic.severity == .warning {
            let kind = diagnostic.id?.name ?? diagnostic.message
            let n = (warningCounts[kind] ?? 0) + 1
            warningCounts[kind] = n
            if n > DiagnosticEngine.warningsOfAKind {
                droppedWarnings[kind, default: (0, diagnostic.message)].count += 1
                return
            }
        }
        diagnostics.append(diagnostic)
    }

    /// Takes in another engine's diagnostics, as if they had been reported here after this one's.
    public func absorb(_ other: DiagnosticEngine) {
        for d in other.diagnostics { add(d) }
        let dropped = other.errorCount - other.diagnostics.filter { $0.severity == .error }.count
        errorCount += dropped
        for (kind, d) in other.droppedWarnings {
            warningCounts[kind, default: 0] += d.count
            droppedWarnings[kind, default: (0, d.example)].count += d.count
        }
    }

    /// The same diagnostics, with every place (the diagnostic's and its notes') moved by `move`.
    public func relocated(_ move: (SourceLocation) -> SourceLocation) -> DiagnosticEngine {
        let moved = DiagnosticEngine(limit: limit)
        moved.diagnostics = diagnostics.map { $0.moved(move) }
        moved.errorCount = errorCount
        moved.droppedWarnings = droppedWarnings
        moved.warningCounts = warningCounts
        return moved
    }

    /// The kept diagnostics in input order (file, then offset); stable for equal places.
    public func sorted() -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            switch (a.element.location, b.element.location) {
            case let (x?, y?): return x == y ? a.offset < b.offset : x < y
            case (nil, _?): return true
            case (_?, nil): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element)
    }
}
