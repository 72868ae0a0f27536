/// Reading a large file as a head and chunks, each chunk read once and kept
/// between compiles (`ChunkedJournal`, the language server's incremental check).
///
/// A chunk starts at a transaction header and is read by a second parser
/// (`speculative`, as in `Parser+Parallel.swift`) as a source file of its own,
/// so that its locations are offsets into the chunk and stay right wherever
/// the chunk moves in the file. The main parser reads the head, then takes
/// in each chunk's work in order when it would have read the chunk the same
/// way (in the starting state, the year unchanged, no block comment open,
/// under the error limit, and the chunk read no directive but `P`); else it
/// reads the chunk's lines itself. Either way the journal, the check stream
/// and the diagnostics are those one parser gives.
final class ParsedChunk {
    /// The chunk's text as a source file of its own (same path as the file).
    let file: SourceFile
    /// The parser that read it: its journal, its check stream and its diagnostics.
    let parser: JournalParser
    /// The year of dates written without one that it was read with.
    let year: Int?
    /// Read with a check stream (the `diagnosticsOnly` mode).
    let streaming: Bool
    /// It holds bytes that are not UTF-8 (the whole file is then compiled at once).
    let hasInvalidUTF8: Bool
    /// Its transactions as the last compile that took it in rewrote their ids
    /// (`Journal.append(keeping:remapped:)`); two compiles may take it in at once
    /// (`ledgerc diff`'s two sides).
    let remapped = Guarded<RemappedTransactions?>(nil)
    /// Its check stream's movements and records as the last compile rewrote them (`LetGoTransactions.absorb`).
    let remappedLetGo = Guarded<RemappedLetGo?>(nil)
    /// What the stages found in it as a part of a run (`ChunkGroup.memberParts`), with the ids it was numbered by.
    let memoAsNumbered = Guarded<(accounts: [Int32], commodities: [Int32], payees: [Int32], memo: ChunkMemo)?>(nil)

    /// Reads `file` on its own, as a second parser would from a transaction
    /// header; `fileIndex`: the chunk's index in every compile's
    /// `SourceManager` (`ChunkedJournal` keeps it fixed); `sink`: the check
    /// stream that takes its transactions, if any.
    init(_ file: SourceFile, fileIndex: Int, year: Int?, sink: (any EntrySink)?, limit: Int) {
        self.file = file
        self.year = year
        self.streaming = sink != nil
        let parser = JournalParser(sources: SourceManager(), diagnostics: DiagnosticEngine(limit: limit))
        parser.speculative = true
        parser.fileIndex = fileIndex
        parser.currentFile = file
        parser.currentYear = year
        parser.reader.file.defaultYear = year
        parser.sink = sink
        parser.makeRoom(forBytes: file.byteCount)
        hasInvalidUTF8 = file.withBytes { buf in
            var block: JournalParser.BlockComment?
            parser.parseLines(buf, from: 0, to: buf.count, block: &block)
            return !invalidUTF8Offsets(buf, from: 0, limit: 1).isEmpty
        }
        parser.flushEntry()
        self.parser = parser
    }
}

extension JournalParser {
    /// Reads the top-level file at `index`: `contentStart..<headEnd` here,
    /// then each chunk (at `start` in the file) taken in or read here; a
    /// run's chunks taken in at once when its group took them in
    /// (`ChunkGroup`). The caller makes sure that no part holds bytes that
    /// are not UTF-8 (`parseFile` reports those first, for the whole file).
    /// The file at `index` may hold the head only, and `whole` the whole
    /// file: it is read, and takes the head's place in `sources`, only when a
    /// chunk must be read here (an editor's document keeps its gap else).
    func parse(fileIndex index: Int, headEnd: Int, whole: SourceFile,
               runs: [(group: ChunkGroup?, chunks: [(chunk: ParsedChunk, start: Int)])]) {
        let file = sources.files[index]
        let real = realPath(file.path) ?? file.path
        includeStack.append(real)
        includedFiles.insert(real)
        fileIndex = index
        reader.file.decimalComma = false
        if reader.file.defaultYear == nil { reader.file.defaultYear = currentYear }
        let startYear = reader.file.defaultYear
        currentFile = file
        // Room for the whole file's transactions: the chunks' are copied in
        // without the arrays growing (and being copied) on the way.
        makeRoom(forBytes: whole.byteCount)
        do {
            var block: BlockComment?
            file.withBytes { parseLines($0, from: file.contentStart, to: headEnd, block: &block) }
            /// Whether `work` is taken in as it was read: when this parser would read it the same way.
            func takesIn(_ work: any ChunkWork) -> Bool {
                let tooManyErrors = diagnostics.errorCount + work.parser.diagnostics.errorCount > diagnostics.limit
                return block == nil && inStartingState && reader.file.defaultYear == startYear && work.year == startYear
                    && work.streaming == (sink != nil) && !work.parser.bailedOut && !tooManyErrors
            }
            func takeIn(_ work: any ChunkWork) {
                let first = sink?.letGo.recordCount ?? 0
                absorb(work.parser, keepingIt: work)
                if let letGo = sink?.letGo {
                    let records = first..<letGo.recordCount
                    // The chunk's part (added by `absorb`) holds its records too; a diff's compile, the chunk itself.
                    if !journal.chunkParts.isEmpty { journal.chunkParts[journal.chunkParts.count - 1].records = records }
                    if letGo.headers != nil { letGo.chunkRecords.append((work, records)) }
                }
            }
            for run in runs where !stoppedForErrors {
                if let group = run.group {
                    flushEntry()
                    if takesIn(group) {
                        takeIn(group)
                        if let last = journal.chunkParts.indices.last {
                            journal.chunkParts[last].members = group.memberParts(for: journal.chunkParts[last].memo)
                        }
                        chunksTakenIn += group.memberCount
                        continue
                    }
                }
                for (chunk, start) in run.chunks where !stoppedForErrors {
                    flushEntry()
                    if takesIn(chunk) {
                        takeIn(chunk)
                        chunksTakenIn += 1
                    } else {
                        // (Read here, its records go after what was written: not over the last compile's.)
                        sink?.letGo.endReuse()
                        transactionsTakenOver?.cut(&journal.transactions)
                        if currentFile !== whole {
                            sources.replace(index, with: whole)
                            currentFile = whole
                        }
                        whole.withBytes { parseLines($0, from: start, to: start + chunk.file.byteCount, block: &block) }
                    }
                }
            }
            sink?.letGo.endReuse()
            transactionsTakenOver?.cut(&journal.transactions)
            if let block {
                diagnostics.warning(Messages.unclosedBlockComment, at: location(block.start))
            }
        }
        flushEntry()
        owner = .none
        includeStack.removeLast()
        endPieceThreads()
    }
}
