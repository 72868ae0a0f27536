/// What formatting one compiled file gives.
public enum FormatOutcome: Sendable {
    /// The file is already in the canonical layout.
    case unchanged
    /// The file in the canonical layout; it compiles to what the file meant.
    case formatted([UInt8])
    /// The formatted text would not mean the same: nothing may be written.
    case wouldChangeMeaning
}

extension LedgerFormatter {
    /// Formats the first file of `compilation` (which must have no errors),
    /// then compiles the formatted text with `options` and compares what the
    /// two mean (a `CheckedEdit` that keeps everything): formatting never changes a figure.
    public func format(_ compilation: Compilation, options: CompileOptions) -> FormatOutcome {
        format(compilation, file: compilation.rootFiles[0], options: options)
    }

    /// Formats file `index` of `compilation`, the first file or one it
    /// includes. An included file is checked in its place: the first file is
    /// compiled again with the formatted text instead of the included one.
    public func format(_ compilation: Compilation, file index: Int, options: CompileOptions) -> FormatOutcome {
        let input = compilation.sources.files[index]
        let formatted = format(input.bytes)
        if formatted == input.bytes { return .unchanged }
        let edit = TextEdit(file: index, range: 0..<input.bytes.count, text: formatted)
        guard CheckedEdit(compilation, edits: [edit], keeps: .everything).check(options: options).isSafe else { return .wouldChangeMeaning }
        return .formatted(formatted)
    }
}
