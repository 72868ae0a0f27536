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
    /// two mean (`meaning(of:)`): formatting never changes a figure.
    public func format(_ compilation: Compilation, options: CompileOptions) -> FormatOutcome {
        format(compilation, file: compilation.rootFiles[0], options: options)
    }

    /// Formats file `index` of `compilation`, the first file or one it
    /// includes. An included file is checked in its place: the first file is
    /// compiled again with the formatted text instead of the included one.
    public func format(_ compilation: Compilation, file index: Int, options: CompileOptions) -> FormatOutcome {
        let root = compilation.sources.files[compilation.rootFiles[0]]
        let input = compilation.sources.files[index]
        let formatted = format(input.bytes)
        if formatted == input.bytes { return .unchanged }
        var options = options
        let after: Compilation
        if index == compilation.rootFiles[0] {
            after = compile([InputFile(path: input.path, bytes: formatted)], options: options)
        } else {
            options.overlay[input.path] = formatted
            after = compile([InputFile(path: root.path, bytes: root.bytes)], options: options)
        }
        guard !after.hasErrors, meaning(of: after) == meaning(of: compilation) else { return .wouldChangeMeaning }
        return .formatted(formatted)
    }
}
