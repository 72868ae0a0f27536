import LedgerCore

/// Writes the files an edit changed, each through the safe writer: the
/// journal's own file with the writer already locked for the whole
/// read-modify-write, an included file with a writer of its own.
func writeEditedFiles(_ files: [(index: Int, bytes: [UInt8])], sources: SourceManager, root: SafeWriter) throws {
    var writers: [Int: SafeWriter] = [0: root]
    for (index, _) in files where writers[index] == nil {
        let w = try SafeWriter(path: sources.files[index].path)
        try w.lock()
        writers[index] = w
    }
    for (index, bytes) in files { try writers[index]!.write(bytes) }
}
