/// The open buffers and what compiling them gives.
///
/// Each open document is compiled as a root (a journal of its own) unless
/// another open document's journal already reads it through `include`; then
/// its diagnostics come from that journal. Open buffers take the place of the
/// files on disk in every compile (`CompileOptions.overlay`). An edit
/// re-checks only the roots whose journal reads the edited file, with the
/// same pipeline as `ledgerc check`.
final class Workspace {
    var documents: [String: TextDocument] = [:]
    var encoding = PositionEncoding.utf16
    let today: CivilDate

    /// The paths each root's last compile read, by root URI.
    private var reached: [String: Set<String>] = [:]
    /// The diagnostics last published for each file, by file URI then root URI.
    private var fileDiagnostics: [String: [String: [JSONValue]]] = [:]
    /// The roots of the last check: a document that becomes a root again is checked whatever was edited.
    private var lastRoots = Set<String>()
    /// Whole compilations for hovers and completions, by root URI; dropped on every edit.
    /// With each, the serial of the root document's text it read (`TextDocument.noteRead`).
    private var whole: [String: (compilation: Compilation, read: Int?)] = [:]
    /// Large roots that read no other file, checked in chunks kept between edits, by root URI.
    private var chunked: [String: ChunkedJournal] = [:]
    /// A root this large (in bytes) is checked in chunks (`ChunkedJournal`).
    static let chunkedFromBytes = 256 << 10

    init(today: CivilDate) {
        self.today = today
    }

    var options: CompileOptions { options(besides: nil) }

    /// The options of a compile, with every open document but `root` (a
    /// chunked root, given as itself: its text is not read whole) in the overlay.
    private func options(besides root: String?) -> CompileOptions {
        var options = CompileOptions(horizon: today, today: today)
        for (uri, doc) in documents where uri != root {
            options.overlay[doc.path] = doc.file.bytes
            if let real = doc.realPath, real != doc.path { options.overlay[real] = doc.file.bytes }
        }
        return options
    }

    /// The URI under which a file is published: an open document's own URI, else one made from its path.
    func uri(ofPath path: String) -> String {
        documents.values.first { $0.path == path }?.uri ?? uriOfPath(path)
    }

    /// The open documents compiled as roots: those no other open document's journal reads.
    var roots: [String] {
        documents.keys.sorted().filter { !isStatement($0) && !isReadByAnother($0) }
    }

    /// True when another open document's journal reads this one, and this
    /// one does not read it back (two files that include each other are an
    /// include cycle: both stay roots, and both show the error).
    private func isReadByAnother(_ uri: String) -> Bool {
        let path = documents[uri]!.path
        return reached.contains { other, paths in
            guard other != uri, let otherDoc = documents[other], paths.contains(path) else { return false }
            return !(reached[uri]?.contains(otherDoc.path) ?? false)
        }
    }

    /// Counts edits: a compile of the texts of one generation is whole for that generation only.
    private(set) var generation = 0
    /// The last whole compile of each root, kept across edits for completion
    /// (a few edits old at most), and the compile of newer texts running meanwhile.
    /// With each, the serial of the root document's text it read (`TextDocument.noteRead`).
    private var lastWhole: [String: (compilation: Compilation, generation: Int, read: Int?)] = [:]
    /// The use counts a background compile counted with its compilation (by root).
    private var countedUses: [String: NameUses] = [:]
    private var refreshing: [String: BackgroundCompile] = [:]

    /// Forgets what is cached after an edit.
    func changed() {
        whole = [:]
        generation += 1
    }

    /// Re-checks the roots whose journal reads one of `paths` (all roots when
    /// nil) and returns the `publishDiagnostics` notifications to send: for
    /// each file whose diagnostics changed, and for each edited document.
    func check(touching paths: Set<String>?) -> [JSONValue] {
        var touchedFiles = Set<String>()
        var done = Set<String>()
        // A root may stop including a file, which then becomes a root: go on until none is new.
        while true {
            let todo = roots.filter { root in
                guard !done.contains(root) else { return false }
                guard let paths, let read = reached[root], lastRoots.contains(root) else { return true }
                return paths.contains(documents[root]!.path) || !read.isDisjoint(with: paths)
            }
            if todo.isEmpty { break }
            for root in todo {
                done.insert(root)
                touchedFiles.formUnion(checkRoot(root))
            }
        }
        // Roots closed or now read by another root publish nothing of their own.
        let current = Set(roots)
        lastRoots = current
        for (file, byRoot) in fileDiagnostics {
            for root in byRoot.keys where !current.contains(root) {
                fileDiagnostics[file]![root] = nil
                touchedFiles.insert(file)
            }
        }
        for root in reached.keys where documents[root] == nil { reached[root] = nil }
        for root in chunked.keys where !current.contains(root) { chunked[root] = nil }
        for root in lastWhole.keys where !current.contains(root) { lastWhole[root] = nil }
        for root in countedUses.keys where !current.contains(root) { countedUses[root] = nil }
        for root in refreshing.keys where !current.contains(root) { refreshing[root] = nil }
        // CSV rules and statements beside them: what `ledgerc import` would say of
        // them, again only when they or the rules beside them were edited.
        for (uri, doc) in documents where isStatement(uri) && (paths.map { $0.contains(doc.path) || $0.contains(doc.path + ".rules") } ?? true) {
            fileDiagnostics[uri] = ["import": statementDiagnostics(uri)]
            touchedFiles.insert(uri)
        }
        // The edited document gets its diagnostics for its new version, changed or not.
        for path in paths ?? [] where documents[uri(ofPath: path)] != nil { touchedFiles.insert(uri(ofPath: path)) }
        return touchedFiles.sorted().map(publish)
    }

    /// Compiles one root; returns the URIs whose diagnostics it changed.
    private func checkRoot(_ root: String) -> Set<String> {
        let doc = documents[root]!
        // A large journal that read only itself last time: an edit re-reads the chunks it touched.
        let chunks = doc.file.byteCount >= Workspace.chunkedFromBytes && reached[root] == [doc.path]
        var options = options(besides: chunks ? root : nil)
        options.mode = .diagnosticsOnly
        let compilation: Compilation
        if chunks {
            let journal = chunked[root] ?? ChunkedJournal(path: doc.path)
            chunked[root] = journal
            compilation = journal.compile(doc.file, options: options, unchanged: doc.unchanged)
            documents[root]?.markCompiled()
        } else {
            chunked[root] = nil
            compilation = compile([InputFile(path: doc.path, bytes: doc.file.bytes)], options: options)
        }
        let files = compilation.sources.files
        var byFile: [String: [JSONValue]] = [:]
        for file in files { byFile[uri(ofPath: file.path), default: []] = [] }
        byFile[root, default: []] = []
        for d in compilation.diagnostics.sorted() {
            let file = d.location.map { files[Int($0.file)] } ?? files[0]
            byFile[uri(ofPath: file.path), default: []].append(editorDiagnostic(d, in: compilation))
        }
        var touched = Set<String>()
        let old = fileDiagnostics.compactMap { $0.value[root] != nil ? $0.key : nil }
        for file in old where byFile[file] == nil {
            fileDiagnostics[file]![root] = nil
            touched.insert(file)
        }
        for (file, list) in byFile {
            if fileDiagnostics[file]?[root] != list { touched.insert(file) }
            fileDiagnostics[file, default: [:]][root] = list
        }
        reached[root] = Set(files.map(\.path))
        return touched
    }

    private func publish(_ uri: String) -> JSONValue {
        var list: [JSONValue] = []
        for root in (fileDiagnostics[uri] ?? [:]).keys.sorted() {
            for d in fileDiagnostics[uri]![root]! where !list.contains(d) { list.append(d) }
        }
        if fileDiagnostics[uri]?.isEmpty ?? false { fileDiagnostics[uri] = nil }
        var params: [(String, JSONValue)] = [("uri", .string(uri))]
        if let version = documents[uri]?.version { params.append(("version", .int(version))) }
        params.append(("diagnostics", .array(list)))
        return .object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")), ("params", .object(params))])
    }

    /// A diagnostic as the protocol writes it: the range runs from its place
    /// to the end of the word there; notes become related information.
    func editorDiagnostic(_ d: Diagnostic, in compilation: Compilation) -> JSONValue {
        let files = compilation.sources.files
        let file = d.location.map { files[Int($0.file)] } ?? files[0]
        let start = d.location.map { Int($0.offset) } ?? file.contentStart
        let severity = d.severity == .error ? 1 : d.severity == .warning ? 2 : 3
        var fields: [(String, JSONValue)] = [
            ("range", file.editorRange(start, file.wordEnd(from: start), encoding)),
            ("severity", .int(severity)),
        ]
        if let id = d.id { fields.append(("code", .string(id.name))) }
        fields.append(("source", .string("ledgerc")))
        fields.append(("message", .string(d.message)))
        if !d.notes.isEmpty {
            fields.append(("relatedInformation", .array(d.notes.map { note in
                let at = note.location ?? d.location
                let f = at.map { files[Int($0.file)] } ?? file
                let offset = at.map { Int($0.offset) } ?? start
                return .object([
                    ("location", .object([("uri", .string(uri(ofPath: f.path))), ("range", f.editorRange(offset, f.wordEnd(from: offset), encoding))])),
                    ("message", .string(note.message)),
                ])
            })))
        }
        return .object(fields)
    }

    /// The use counts a background compile counted for `c`, if one did.
    func usesCounted(for c: Compilation) -> NameUses? {
        countedUses.values.first { $0.describes(c) }
    }

    /// What completion ranks names by: the whole compilation of the journal
    /// that reads `uri` as of the last edit, or, while that one compiles on a
    /// thread of its own, the last one there is (a few keystrokes old: names
    /// typed in those keystrokes count from the next one). With the index of
    /// the document's file in it, and that file's text there. The first
    /// completion of a journal compiles it here.
    /// `read`: the serial of the document's text the compile read, when the
    /// document is the root it read (`TextDocument.unchanged(since:)`).
    func completionCompilation(for uri: String) -> (Compilation, file: Int, text: SourceFile, read: Int?)? {
        guard let doc = documents[uri], !isStatement(uri) else { return nil }
        let root = roots.first { reached[$0]?.contains(doc.path) ?? false } ?? uri
        if whole[root] == nil, var base = lastWhole[root], base.generation < generation {
            if let job = refreshing[root], let done = job.finished {
                refreshing[root] = nil
                countedUses[root] = job.finishedUses
                base = (done, job.generation, job.read)
                lastWhole[root] = base
            }
            if base.generation == generation {
                whole[root] = (base.compilation, base.read)
            } else if refreshing[root] == nil, let rootDoc = documents[root] {
                let input = InputFile(path: rootDoc.path, bytes: rootDoc.file.bytes), options = self.options
                refreshing[root] = BackgroundCompile(generation: generation, read: documents[root]?.noteRead()) { compile([input], options: options) }
            }
            // A file the last compile did not read (a new include) is compiled here.
            if let index = base.compilation.sources.files.firstIndex(where: { $0.path == doc.path }) {
                return (base.compilation, index, base.compilation.sources.files[index], root == uri ? base.read : nil)
            }
        }
        guard let (compilation, index) = self.compilation(for: uri) else { return nil }
        let read = whole[root]?.read
        lastWhole[root] = (compilation, generation, read)
        return (compilation, index, compilation.sources.files[index], root == uri ? read : nil)
    }

    /// The whole compilation of the journal that reads the document `uri`
    /// (expanded to today), and the index of the document's file in it.
    func compilation(for uri: String) -> (Compilation, file: Int)? {
        guard let doc = documents[uri], !isStatement(uri) else { return nil }
        let root = roots.first { reached[$0]?.contains(doc.path) ?? false } ?? uri
        guard let rootDoc = documents[root] else { return nil }
        let compilation: Compilation
        if let cached = whole[root] {
            compilation = cached.compilation
        } else {
            compilation = compile([InputFile(path: rootDoc.path, bytes: rootDoc.file.bytes)], options: options)
            whole[root] = (compilation, documents[root]?.noteRead())
        }
        guard let index = compilation.sources.files.firstIndex(where: { $0.path == doc.path }) else { return nil }
        return (compilation, index)
    }
}
