extension LanguageServer {
    /// `textDocument/formatting` (`range` nil) and `rangeFormatting`: what
    /// `ledgerc fmt` does, as edits. A document with errors, or whose
    /// formatted text would not mean the same, gets no edits. A range formats
    /// the one item (transaction, rule) that holds its start.
    func formatting(_ doc: TextDocument, range: JSONValue?) -> JSONValue {
        var options = workspace.options
        options.overlay[doc.path] = nil
        let before = compile([InputFile(path: doc.path, bytes: doc.file.bytes)], options: options)
        guard !before.hasErrors else { return .array([]) }
        let file = doc.file
        var formatted: [UInt8]
        if let range, let start = EditorPosition(range["start"]) {
            let (a, b) = item(in: file, holding: file.offset(of: start, workspace.encoding))
            guard a < b else { return .array([]) }
            var text = LedgerFormatter().format(Array(file.bytes[a..<b]))
            // The item alone ends with one newline; keep the lines after it as they are.
            while text.last == 0x0A { text.removeLast() }
            if text.last == 0x0D { text.removeLast() }
            let edit = TextEdit(file: before.rootFiles[0], range: a..<b, text: text)
            let outcome = CheckedEdit(before, edits: [edit], keeps: .everything).check(options: options)
            guard outcome.isSafe, let whole = outcome.files.first?.bytes else { return .array([]) }
            formatted = whole
        } else {
            switch LedgerFormatter().format(before, options: options) {
            case .unchanged, .wouldChangeMeaning: return .array([])
            case .formatted(let text): formatted = text
            }
        }
        return .array(lineEdits(file, formatted))
    }

    /// The byte range of the item holding `offset`: its first line (in
    /// column 1) and its indented lines, without the line break after the last.
    private func item(in file: SourceFile, holding offset: Int) -> (Int, Int) {
        let b = file.bytes
        func indented(_ lineStart: Int) -> Bool { lineStart < b.count && (b[lineStart] == 0x20 || b[lineStart] == 0x09) }
        func blank(_ lineStart: Int) -> Bool { file.lineEnd(after: lineStart) == lineStart }
        var start = file.lineStart(before: offset)
        while indented(start), start > file.contentStart { start = file.lineStart(before: start - 1) }
        guard !indented(start), !blank(start) else { return (0, 0) }
        var end = file.lineEnd(after: start)
        while end < b.count {
            let next = b[end] == 0x0D ? end + 2 : end + 1
            guard next < b.count, indented(next) else { break }
            end = file.lineEnd(after: next)
        }
        return (start, end)
    }

    /// The edits that turn the file into `new`: the lines that differ
    /// between a common head and a common tail, so that the cursor stays put.
    func lineEdits(_ file: SourceFile, _ new: [UInt8]) -> [JSONValue] {
        let old = file.bytes
        if old == new { return [] }
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        while head > 0, old[head - 1] != 0x0A { head -= 1 }
        head = max(head, file.contentStart)
        var tail = 0
        let most = min(old.count, new.count) - head
        while tail < most, old[old.count - 1 - tail] == new[new.count - 1 - tail] { tail += 1 }
        // Cut after a line break in both texts.
        func atLineStart(_ text: [UInt8], _ tail: Int) -> Bool {
            let i = text.count - tail - 1
            return i < head || text[i] == 0x0A
        }
        while tail > 0, !(atLineStart(old, tail) && atLineStart(new, tail)) { tail -= 1 }
        let text = String(decoding: new[head..<(new.count - tail)], as: UTF8.self)
        return [.object([("range", file.editorRange(head, old.count - tail, workspace.encoding)), ("newText", .string(text))])]
    }
}
