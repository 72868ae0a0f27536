/// Edits to the files of a compiled journal, checked before anything is
/// written: the one "edit the text, compile it again, compare the meaning"
/// under `fmt`, `add`, `import`, `materialize` and the editor's formatting.
///
/// The edited files are compiled in their places (a root file as an input,
/// an included file through the overlay, a root file included by another
/// both ways), and what must mean the same after the edit is part of the
/// value (`Keeps`). The caller maps the edited compile's diagnostics back to
/// where they came from (a CSV row, an argument, a buffer) and hands the
/// edits to `SafeWriter` or to the editor.
public struct CheckedEdit {
    /// What the edit must leave meaning the same.
    public enum Keeps: Sendable {
        /// Every transaction, price and declaration (`fmt`).
        case everything
        /// The same, with the generated occurrences taken as recorded (`materialize`).
        case recorded
        /// Nothing beyond compiling without errors: the new transactions of
        /// `add` and `import` are meant to change the meaning, and they are
        /// inserted, so the text around them stays as it was.
        case errorsOnly
        /// No more errors than before (a journal with errors may still be edited).
        case noNewErrors
        /// No more errors than before, and every figure the same with the
        /// names read under `renaming` before the edit (`rename`).
        case renamed(Renaming)
    }

    /// The journal as it is.
    public let before: Compilation
    /// The edits, by file index of `before`.
    public let edits: [TextEdit]
    public let keeps: Keeps

    public init(_ before: Compilation, edits: [TextEdit], keeps: Keeps) {
        self.before = before
        self.edits = edits
        self.keeps = keeps
    }

    /// The edited text of each file the edits change, by file index.
    public var editedFiles: [(index: Int, bytes: [UInt8])] { TextEdit.editedFiles(edits, in: before.sources) }

    /// The edited journal compiled, and what it says about the edit.
    public struct Outcome {
        /// The compile of the edited journal.
        public var after: Compilation
        /// The edited text of each file changed.
        public var files: [(index: Int, bytes: [UInt8])]
        /// Its errors, as it reports them (in the edited files).
        public var errors: [Diagnostic]
        /// Whether it means what `keeps` says it must.
        public var keepsMeaning: Bool
        /// Why it may not be written, when it may not.
        public var problem: Problem?

        /// Whether the edit may be written.
        public var isSafe: Bool { problem == nil }
    }

    /// Why an edit may not be written.
    public enum Problem: Equatable, Sendable {
        /// The edited journal has errors (more than before, for the keeps that allow some).
        case errors
        /// It compiles, but means something else than it must.
        case meaningChanged
        /// Its figures could not be compared exactly (a sum past 38 digits).
        case notExact(String)
    }

    /// Whether `after` has more errors than `before`: the one test of "no
    /// new errors" (`Keeps.noNewErrors`, `rename`, and `merge`, whose result
    /// may keep the errors of the side that had more).
    package static func hasNewErrors(_ after: Compilation, comparedTo before: Compilation) -> Bool {
        after.diagnostics.errorCount > before.diagnostics.errorCount
    }

    /// Compiles the edited journal with `options` (its horizon is the caller's).
    public func check(options: CompileOptions) -> Outcome {
        let files = editedFiles
        var options = options
        let inputs = before.rootFiles.map { i in
            InputFile(path: before.sources.files[i].path, bytes: files.first { $0.index == i }?.bytes ?? before.sources.files[i].bytes)
        }
        // Also where a file is included, by another root file or by this one.
        for f in files { options.overlay[before.sources.files[f.index].path] = f.bytes }
        let after = compile(inputs, options: options)
        let errors = after.diagnostics.sorted().filter { $0.severity == .error }
        var keeps = true
        var problem: Problem?
        switch self.keeps {
        case .everything, .recorded, .errorsOnly:
            if !errors.isEmpty { problem = .errors }
        case .noNewErrors, .renamed:
            if CheckedEdit.hasNewErrors(after, comparedTo: before) { problem = .errors }
        }
        if problem == nil {
            switch self.keeps {
            case .everything: keeps = meaning(of: after) == meaning(of: before)
            case .recorded: keeps = meaning(of: after, generatedAsRecorded: true) == meaning(of: before, generatedAsRecorded: true)
            case .errorsOnly, .noNewErrors: keeps = true
            case .renamed(let renaming):
                do throws(AmountOverflow) {
                    keeps = try AccountRename.figures(before, renaming: renaming) == AccountRename.figures(after, renaming: .none)
                } catch {
                    keeps = false
                    problem = .notExact(error.message.text)
                }
            }
            if !keeps, problem == nil { problem = .meaningChanged }
        }
        return Outcome(after: after, files: files, errors: errors, keepsMeaning: keeps, problem: problem)
    }
}
