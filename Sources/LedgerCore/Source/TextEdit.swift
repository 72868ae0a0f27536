/// One change to one file: replace the bytes in `range` with `text`.
///
/// Every write is a list of edits (`materialize`, `fmt`, `add`, `import`, the
/// language server's formatting, and the fixes on diagnostics): computed from
/// the compiled journal, checked by compiling the edited text (`CheckedEdit`),
/// and only then handed to `SafeWriter` (or to the editor).
public struct TextEdit: Sendable, Equatable {
    /// Index of the file in the compile's `SourceManager`.
    public var file: Int
    public var range: Range<Int>
    public var text: [UInt8]

    public init(file: Int, range: Range<Int>, text: [UInt8]) {
        self.file = file
        self.range = range
        self.text = text
    }

    /// Applies edits of one file (ranges must not overlap) to its bytes.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.text.count })
        var at = 0
        // Stable: edits at one place keep their order.
        for e in edits.enumerated().sorted(by: { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }).map(\.element) {
            out.append(contentsOf: bytes[at..<e.range.lowerBound])
            out.append(contentsOf: e.text)
            at = max(at, e.range.upperBound)
        }
        out.append(contentsOf: bytes[at...])
        return out
    }

    /// The edited text of each file `edits` change, by file index of `sources`.
    public static func editedFiles(_ edits: [TextEdit], in sources: SourceManager) -> [(index: Int, bytes: [UInt8])] {
        Dictionary(grouping: edits, by: \.file).sorted { $0.key < $1.key }.map { index, edits in
            (index, TextEdit.apply(edits, to: sources.files[index].bytes))
        }
    }
}
