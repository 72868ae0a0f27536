#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where included files come from when they are not on the disk: a journal
/// at a git revision reads its includes at that revision too.
public struct IncludedFiles: Sendable {
    /// The bytes of the file at a path as the parser joins it.
    package var read: @Sendable (String) -> Result<[UInt8], FileError>
    /// The paths a glob matches, sorted.
    public var glob: @Sendable (String) -> [String]

    package init(read: @escaping @Sendable (String) -> Result<[UInt8], FileError>, glob: @escaping @Sendable (String) -> [String]) {
        self.read = read
        self.glob = glob
    }
}

extension JournalParser {
    /// `include PATH`: reads the file (or each file a glob matches, sorted)
    /// in place. `nextLine`: the line after it, whose own `include` may be
    /// prepared meanwhile (`prepareInclude`).
    func include(_ written: String, at site: SourceLocation, nextLine: UnsafeBufferPointer<UInt8>? = nil) {
        let path = JournalParser.includedPath(written, from: sources.files[fileIndex].path)
        var paths = [path]
        if path.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }) {
            paths = configuration.files?.glob(path) ?? globPaths(path)
            if paths.isEmpty {
                diagnostics.error(Messages.includeNoMatch(written), at: site)
                return
            }
        }
        for p in paths { includeOne(p, at: site, fromGlob: paths.count > 1 || p != path, nextLine: p == path ? nextLine : nil) }
    }

    /// `fromGlob`: a glob's matches skip, without a word, the files being
    /// read or already read (`include *.ledger` beside the including file).
    private func includeOne(_ path: String, at site: SourceLocation, fromGlob: Bool, nextLine: UnsafeBufferPointer<UInt8>?) {
        if stoppedForErrors { return }
        let real = configuration.files == nil ? realPath(path) ?? path : path
        if fromGlob, includeStack.contains(real) || includedFiles.contains(real) { return }
        if includeStack.contains(real) {
            diagnostics.error(Messages.includeCycle(path), at: site)
            return
        }
        if includeStack.count > JournalParser.deepestInclude {
            diagnostics.error(Messages.includeTooDeep(path, JournalParser.deepestInclude), at: site)
            return
        }
        // Each file is read once per compile: including it again (a diamond of
        // includes) adds nothing, so the work stays linear in the files.
        guard includedFiles.insert(real).inserted else {
            diagnostics.warning(Messages.includedTwice(path), at: site)
            return
        }
        // (A file prepared while the file before it was read is taken as it was read.)
        let prepared = takePrepared(path: path, real: real)
        let read: Result<FileBytes, FileError>
        if let prepared {
            read = .success(prepared.pieced.file.contents)
        } else if let text = configuration.overlay[path] ?? configuration.overlay[real] {
            read = .success(FileBytes(text))
        } else if let files = configuration.files {
            read = files.read(path).map(FileBytes.init)
        } else {
            read = readIncluded(path)
        }
        switch read {
        case .failure(let e):
            diagnostics.error(Messages.includeMissing(path, e.reason), at: site)
        case .success(let contents):
            flushEntry()
            let file = prepared?.pieced.file ?? SourceFile(path: path, contents: contents)
            let index = sources.add(file)
            // (Only a file read in pieces has a second thread to read on; the next is prepared for it.)
            if file.byteCount - file.contentStart >= configuration.parallelThreshold {
                upcomingInclude = nextLine.flatMap { prepareInclude(nextLine: $0, index: index + 1) }
            }
            includeStack.append(real)
            parseFile(index, prepared: prepared)
            includeStack.removeLast()
            // (Not offered to a thread: the file was not read in pieces.)
            upcomingInclude = nil
        }
    }

    /// The path an `include` names, joined as the parser reads it: `~/` is
    /// the home directory; a relative path is beside the including file.
    static func includedPath(_ written: String, from parentPath: String) -> String {
        if written.hasPrefix("~/"), let home = getenv("HOME") { return String(cString: home) + written.dropFirst(1) }
        if written.hasPrefix("/") { return written }
        let dir = directoryOf(parentPath)
        return dir.isEmpty ? written : dir + "/" + written
    }

    static func directoryOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The files a glob matches, in byte order.
    func globPaths(_ pattern: String) -> [String] {
        var g = glob_t()
        defer { globfree(&g) }
        guard glob(pattern, 0, nil, &g) == 0 else { return [] }
        var out: [String] = []
        for i in 0..<Int(g.gl_pathc) {
            if let p = g.gl_pathv[i] { out.append(String(cString: p)) }
        }
        return out.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }
}
