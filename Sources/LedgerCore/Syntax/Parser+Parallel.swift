#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a large file with two parsers at once.
///
/// A second parser reads the file's second half, from a transaction header
/// near the middle, while this one reads the first half. The second parser
/// starts in the state a file starts in (no `decimal-mark ,`, aliases,
/// `apply account`, `D`, comma-format commodities, and the year the file
/// started with), so its work counts only when the first half
/// ends in that same state, outside a `comment` block; and it stops ("bails
/// out") at any directive other than `P`, since a directive may change how
/// the lines after it read. When its work does not count, this parser reads
/// the second half itself: the result is the same either way, only slower.
///
/// The second parser interns names into tables of its own; `absorb` maps its
/// ids into this parser's tables in the order the names first appear, which
/// gives every account and commodity the id a single parser would give it.
extension JournalParser {
    /// Files at least this large are split in two, unless `CheckOptions` says otherwise.
    public static let defaultParallelThreshold = 1 << 20

    static var cores: Int { onlineCores }

    /// Where a second parser may start: the first transaction header at or
    /// after `splitPermille` (half) of the file; nil for small files or one core.
    func splitPoint(_ buf: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let n = buf.count
        guard n - start >= configuration.parallelThreshold, JournalParser.cores > 1, !speculative else { return nil }
        // The middle: both check their half's UTF-8, then read it, at once
        // (this one then takes in the second parser's work).
        var i = start + (n - start) * min(max(configuration.splitPermille, 0), 1000) / 1000
        while i < n {
            guard let p = memchr(buf.baseAddress! + i, 0x0A, n - i) else { return nil }
            let next = buf.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self)) + 1
            if next < n, Lexer.isDigit(buf[next]) { return next }
            i = next
        }
        return nil
    }

    /// The state every file starts in: nothing carried over that changes how a line reads.
    var inStartingState: Bool {
        reader.isFresh && entry == nil
    }

    /// Reads `contentStart..<split` here and `split...` in a second parser;
    /// returns true when the second parser's work was taken, false when the
    /// caller must read from `split` on itself (with `block` as it stands).
    func readInParallel(_ buf: UnsafeBufferPointer<UInt8>, split: Int, block: inout BlockComment?) -> Bool {
        let startedClean = inStartingState, startYear = reader.file.defaultYear
        let second = JournalParser(sources: sources, diagnostics: DiagnosticEngine(limit: diagnostics.limit))
        second.configuration = configuration
        second.speculative = true
        second.releasesReadPages = releasesReadPages
        second.checksUTF8AsItReads = checksUTF8AsItReads
        second.fileIndex = fileIndex
        second.currentFile = currentFile
        second.currentYear = currentYear
        second.reader.file.defaultYear = reader.file.defaultYear
        second.sink = sink?.makeSecond()
        second.makeRoom(forBytes: buf.count - split)
        let file = currentFile!
        let job = BackgroundJob {
            file.withBytes { b in
                var secondBlock: BlockComment?
                second.parseLines(b, from: split, to: b.count, block: &secondBlock)
                if !second.bailedOut, let open = secondBlock {
                    second.diagnostics.warning(Messages.unclosedBlockComment, at: second.location(open.start))
                }
            }
            second.flushEntry()
        }
        parseLines(buf, from: currentFile.contentStart, to: split, block: &block)
        flushEntry()
        job.wait()
        if second.mustReadAgain { mustReadAgain = true }
        // Past the error limit a single parser stops at an exact line: read on here to stop at the same one.
        let tooManyErrors = diagnostics.errorCount + second.diagnostics.errorCount > diagnostics.limit
        // (An `end aliases` in the first half ends the command line's aliases for the second too.)
        guard startedClean, inStartingState, reader.file.defaultYear == startYear, block == nil, !second.bailedOut, !tooManyErrors,
              !commandAliasesEnded || configuration.aliases.isEmpty else { return false }
        absorb(second)
        return true
    }

    /// Takes in what a second parser read after everything this one read;
    /// `keepingIt`: the chunk whose parser it is, which keeps its journal
    /// between compiles, so the ids are rewritten in a copy (kept in the chunk).
    func absorb(_ other: JournalParser, keepingIt chunk: (any ChunkWork)? = nil) {
        let keepingIt = chunk != nil
        let (accounts, commodities): ([Int32], [Int32])
        if let chunk {
            // Read where it is: the chunk keeps its journal, and a copy of the whole would be taken in every compile.
            (accounts, commodities) = journal.append(keeping: other.journal, remapped: chunk.remapped, takenOver: transactionsTakenOver)
        } else {
            // Moved out, so that the ids in it are rewritten in place, not copied.
            let theirs = other.journal
            other.journal = Journal()
            (accounts, commodities) = journal.append(consume theirs)
        }
        if let mine = sink, let their = other.sink {
            mine.absorb(their, accounts: accounts, commodities: commodities, consuming: !keepingIt, remapped: chunk?.remappedLetGo)
        }
        diagnostics.absorb(other.diagnostics)
    }
}
