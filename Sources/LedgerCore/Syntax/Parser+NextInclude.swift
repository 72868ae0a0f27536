#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading the next included file's back while this one's front is read.
///
/// A journal split into yearly files is a root of `include` lines, each file
/// large enough to be read by two threads (`Parser+Parallel.swift`). Read
/// one file at a time, the second thread waits at every file's end: for
/// this thread to finish its last piece, take the other's in, go back to
/// the root, open the next file and start a thread again. A million
/// transactions in ten files took 1.15× the time of one file.
///
/// So when an `include` is followed at once by another `include` of one
/// plain path, the second file is opened and cut into pieces before the
/// first is read (`prepareInclude`), and the second thread, when it has
/// read its pieces of the first, goes on to the second's last pieces
/// (`PiecedFile.offerNext`). When this thread reaches that `include`, the
/// prepared file is taken (`takePrepared`) if it is still what the line
/// reads: the same real path, at the index it was read for (the first file
/// included nothing else), with the year it was read with. Anything else
/// drops it, and the file is opened and read as before. The pieces' work
/// counts under the same rules as any piece's (`readInParallel`).
extension JournalParser {
    /// A file prepared for the `include` on the line after the one being
    /// read, and what it was prepared with.
    struct PreparedInclude {
        let path: String
        let real: String
        let index: Int
        let defaultYear: Int?
        let pieced: PiecedFile
    }

    /// Opens and cuts the file that `next`, the line after an `include`,
    /// includes, when it is one plain path (no glob) on the disk and large
    /// enough to be read in pieces; `index` is the index it will have when
    /// the file included first includes nothing else.
    func prepareInclude(nextLine next: UnsafeBufferPointer<UInt8>, index: Int) -> PreparedInclude? {
        guard configuration.files == nil, !speculative, JournalParser.cores > 1 else { return nil }
        var lx = Lexer(next, from: 0, to: next.count)
        let word = lx.word()
        guard next[word].elementsEqual("include".utf8), lx.skipSpaces() > 0 else { return nil }
        let r = lx.textUntilComment()
        guard !r.isEmpty else { return nil }
        let written = String(decoding: next[r], as: UTF8.self)
        let path = JournalParser.includedPath(written, from: currentFile.path)
        guard !path.contains(where: { $0 == "*" || $0 == "?" || $0 == "[" }),
              configuration.overlay[path] == nil, let real = realPath(path), configuration.overlay[real] == nil,
              !includeStack.contains(real), !includedFiles.contains(real),
              JournalParser.sizeOnDisk(path) >= configuration.parallelThreshold,
              case .success(let contents) = readIncluded(path) else { return nil }
        let file = SourceFile(path: path, contents: contents)
        let defaultYear = reader.file.defaultYear ?? currentYear
        let bounds: [Int]? = file.withBytes { buf in
            pieceStarts(buf, from: file.contentStart).map { [file.contentStart] + $0 + [buf.count] }
        }
        guard let bounds else { return nil }
        let makeParser = pieceParserMaker(fileIndex: index, file: file, defaultYear: defaultYear,
                                          releasesReadPages: file.contents.isMapped)
        return PreparedInclude(path: path, real: real, index: index, defaultYear: defaultYear,
                               pieced: PiecedFile(file: file, bounds: bounds, makeParser: makeParser))
    }

    /// The line after the one `lx` reads, without its line break; nil at the
    /// end of the text.
    func lineAfter(_ lx: Lexer) -> UnsafeBufferPointer<UInt8>? {
        let bytes = lx.bytes
        var i = lx.end
        while i < bytes.count, bytes[i] == 0x0D { i += 1 }
        guard i < bytes.count, bytes[i] == 0x0A, let base = bytes.baseAddress else { return nil }
        let start = i + 1
        var end = bytes.count
        if start < end, let nl = memchr(base + start, 0x0A, end - start) {
            end = base.distance(to: nl.assumingMemoryBound(to: UInt8.self))
        }
        while end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The size of the file at `path`, or 0 when it cannot be told (a file
    /// too small to be read in pieces is not opened before its `include`).
    static func sizeOnDisk(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// How an included file on the disk is read (the same for a prepared one).
    func readIncluded(_ path: String) -> Result<FileBytes, FileError> {
        configuration.readsInclude?(path) ?? FileIO.read(path, .regularFile).map(FileBytes.init)
    }

    /// The file prepared for `include path` (whose real path is `real`),
    /// when the second thread is reading it and it is what the line reads
    /// now; any other prepared file is dropped.
    func takePrepared(path: String, real: String) -> PreparedInclude? {
        guard let prepared = nextInclude else { return nil }
        nextInclude = nil
        guard prepared.path == path, prepared.real == real, prepared.index == sources.files.count else {
            prepared.pieced.pieces.cancel()
            return nil
        }
        preparedIncludesTaken += 1
        return prepared
    }

    /// Starts a thread that reads `first`'s pieces from the back, then those
    /// of each file offered after it.
    func startPieceThread(_ first: PiecedFile) {
        pieceThreads.append(BackgroundJob {
            var file: PiecedFile? = first
            while let f = file {
                f.readBack()
                file = f.takeNext()
            }
        })
    }

    /// Waits for every piece thread, once the top-level file is read (a
    /// prepared file a thread reads on to, but no `include` took, is
    /// dropped first; one never offered to a thread has no reader to stop).
    func endPieceThreads() {
        nextInclude?.pieced.pieces.cancel()
        nextInclude = nil
        upcomingInclude = nil
        for thread in pieceThreads { thread.wait() }
        pieceThreads = []
    }
}

/// One file's pieces as the second thread reads them: from the back, each
/// with a parser of its own, until they meet the pieces this thread reads
/// from the front (`PieceReads`).
final class PiecedFile: @unchecked Sendable {
    let file: SourceFile
    /// Where each piece starts, and the file's end.
    let bounds: [Int]
    let pieces: PieceReads
    let makeParser: @Sendable () -> JournalParser
    /// Opened when the second thread has read its last piece of this file.
    let backRead = Latch()
    /// The file the second thread reads next, and whether it has looked (then none can be offered).
    private let link = Guarded<(next: PiecedFile?, closed: Bool)>((nil, false))

    init(file: SourceFile, bounds: [Int], makeParser: @escaping @Sendable () -> JournalParser) {
        self.file = file
        self.bounds = bounds
        self.makeParser = makeParser
        pieces = PieceReads(count: bounds.count - 1)
    }

    /// Reads pieces from the back (the last is the second thread's from the
    /// start, so that a two-piece file is always split), then opens `backRead`.
    func readBack() {
        file.withBytes { b in
            var piece: Int? = pieces.isCancelled ? nil : bounds.count - 2
            while let j = piece {
                let parser = makeParser()
                parser.makeRoom(forBytes: bounds[j + 1] - bounds[j], inPages: true)
                var open: JournalParser.BlockComment?
                parser.parseLines(b, from: bounds[j], to: bounds[j + 1], block: &open)
                parser.flushEntry()
                pieces.finish(j, parser, endsInBlock: open)
                piece = pieces.takeLast()
            }
        }
        backRead.open()
    }

    /// Offers the file to read after this one; false when the second thread
    /// has already looked for one (it has ended, or is ending).
    func offerNext(_ next: PiecedFile) -> Bool {
        link.withLock { l in
            guard !l.closed else { return false }
            l.next = next
            return true
        }
    }

    /// The file offered to read next, if any; none can be offered after.
    func takeNext() -> PiecedFile? {
        link.withLock { l in
            l.closed = true
            return l.next
        }
    }
}
