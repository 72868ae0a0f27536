#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads ledger files into a `Journal`, line by line over UTF-8 bytes.
///
/// An item starts in column 1; indented lines belong to the item above.
/// Problems go to the diagnostic engine and parsing resumes at the next
/// line, so one run reports every error. Includes are read in place.
package final class JournalParser {
    @exclusivity(unchecked) public internal(set) var journal = Journal()
    public let sources: SourceManager
    public let diagnostics: DiagnosticEngine

    /// Real paths of the files being read, outermost first (cycle detection).
    @exclusivity(unchecked) var includeStack: [String] = []
    /// Real paths of every file read so far: each is read once per compile.
    @exclusivity(unchecked) var includedFiles: Set<String> = []
    /// The file the line after the `include` being read includes, opened
    /// and cut in pieces, until the included file's read offers it to its
    /// second thread (`Parser+NextInclude.swift`).
    @exclusivity(unchecked) var upcomingInclude: PreparedInclude?
    /// The prepared file a second thread reads on to, until its `include` takes it.
    @exclusivity(unchecked) var nextInclude: PreparedInclude?
    /// How many prepared files an `include` took (tests see that they were).
    @exclusivity(unchecked) var preparedIncludesTaken = 0
    /// The threads that read pieces from the back, waited for at the end.
    @exclusivity(unchecked) var pieceThreads: [BackgroundJob] = []
    /// What the compile tells this parser (includes, the split read, the plain reader).
    @exclusivity(unchecked) var configuration = ParserConfiguration() {
        didSet { aliasWork = PatternWork(most: configuration.mostPatternSteps) }
    }
    /// The deepest nesting of includes read.
    static let deepestInclude = 64
    /// Rule names seen so far (folded) and where, to reject duplicates.
    @exclusivity(unchecked) var ruleNames: [String: SourceLocation] = [:]

    // State of the file being read.
    @exclusivity(unchecked) var fileIndex = 0
    /// The file being read (so that reading it never touches `sources`, which
    /// a second parser must not do while includes are added).
    @exclusivity(unchecked) var currentFile: SourceFile! {
        didSet { fileBytes = currentFile?.contents.unsafeBytes ?? UnsafeBufferPointer(start: nil, count: 0) }
    }
    /// The bytes of `currentFile`, which holds them: read per transaction
    /// without touching the file object's reference count, which both
    /// parsers of a split read would otherwise pass between two cores.
    @exclusivity(unchecked) var fileBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The year of dates written without one (`1/15`) when no `Y` directive is in effect.
    @exclusivity(unchecked) public var currentYear: Int?
    /// What the directives read so far set for the lines that follow.
    @exclusivity(unchecked) var reader = ReaderState()
    /// `alias /REGEX/ = NEW`: each expression compiled once.
    @exclusivity(unchecked) var aliasRegexes: [String: LinearRegex] = [:]
    /// Account names after the aliases in effect, each worked out once
    /// (emptied when the aliases change).
    @exclusivity(unchecked) var aliased: [String: String] = [:]
    /// What the `/REGEX/` aliases may take matching names (N aliases over N
    /// names grow with the square of the file).
    @exclusivity(unchecked) var aliasWork = PatternWork()
    /// An `end aliases` was read: the command line's aliases apply no more.
    @exclusivity(unchecked) var commandAliasesEnded = false

    /// Takes each recorded transaction before the journal keeps it (the
    /// streaming check); nil: the journal keeps them all.
    @exclusivity(unchecked) var sink: (any EntrySink)? {
        didSet { plainLetGo = sink?.readsHeaderBytes == true ? sink?.letGo : nil }
    }
    /// What the sink lets go of, when plain transactions may be read into it
    /// (a sink that reads headers as bytes: `Parser+PlainTransactions.swift`).
    @exclusivity(unchecked) private(set) var plainLetGo: LetGoTransactions?
    /// `journal.tradedPairs` as bits, as it stood when it had `tradedBitsCount`
    /// pairs (pairs are only ever added): what a plain posting asks of it, with
    /// no call to the sink and no copy of the set (`Parser+PlainTransactions.swift`).
    @exclusivity(unchecked) var tradedBits = AccountCommoditySet()
    @exclusivity(unchecked) var tradedBitsCount = 0
    /// A second parser reading part of a file (see `Parser+Parallel.swift`).
    @exclusivity(unchecked) var speculative = false
    /// Whether the file being parsed is mapped (`FileBytes.isMapped`): then
    /// `parseLines` gives back the pages it has read, every `releasesEvery` bytes.
    @exclusivity(unchecked) var releasesReadPages = false
    /// (A test makes it small, to release many blocks of a small file.)
    nonisolated(unsafe) static var releasesEvery = 8 << 20
    /// A mapped file's bytes are checked to be UTF-8 as they are read, each
    /// block just before its pages are given back, not in a pass of their
    /// own first (the file would be read from memory twice). A file found
    /// not to be UTF-8, or not read to its end, sets `mustReadAgain`: its
    /// compile is then made again the first way (`compile`), which reports
    /// those bytes before anything else, as every other read does.
    @exclusivity(unchecked) var checksUTF8AsItReads = false
    /// A file checked as it was read was not UTF-8, or was not read to its end.
    @exclusivity(unchecked) var mustReadAgain = false
    /// Days of the years 1900 to 2200 (a date outside them is most likely a
    /// typo), kept here so that the check costs two comparisons.
    let likelyFirstDay = CivilDate(year: 1900, month: 1, day: 1)!.day
    let likelyEndDay = CivilDate(year: 2201, month: 1, day: 1)!.day
    /// The last date read in ten bytes (`YYYY-MM-DD`): its bytes as two
    /// words, and the date (`dateToken`). Only bytes that start with a digit
    /// are looked up, so the zero words it starts with match nothing.
    @exclusivity(unchecked) var lastDate: (head: UInt64, tail: UInt16, date: CivilDate) = (0, 0, CivilDate(day: 0))
    /// More than the engine's limit of errors: the rest of the input is not read
    /// ("too many errors; stopping"), which keeps garbage input linear.
    @exclusivity(unchecked) var stoppedForErrors = false
    /// The second parser met a line it must not read on its own.
    @exclusivity(unchecked) var bailedOut = false
    /// How many pieces of split files the other thread read and this parser
    /// took in (`readInParallel`; tests see that the split was used).
    @exclusivity(unchecked) var piecesReadElsewhere = 0
    /// How many kept chunks this parser took in as they were read (`Parser+Chunks.swift`).
    @exclusivity(unchecked) var chunksTakenIn = 0
    /// The last compile's transactions, which this one writes over where its chunks differ (`ChunkedJournal`).
    @exclusivity(unchecked) var transactionsTakenOver: TransactionsTakenOver?

    // The item whose indented lines are being read.
    @exclusivity(unchecked) var entry: Transaction?
    /// The open entry's postings, gathered here and copied into the entry at
    /// its end, so that each transaction's array is exactly as large as needed.
    @exclusivity(unchecked) var entryPostings: [Posting] = []
    /// The open transaction's code, description and comment as byte ranges,
    /// when the sink reads them so (`EntrySink.readsHeaderBytes`): strings are
    /// made of them only for a transaction kept whole.
    @exclusivity(unchecked) var entryHeader: Lexer.HeaderParts?
    @exclusivity(unchecked) var entryKind = EntryKind.transaction
    /// The `*N` amounts of an automated transaction's postings, by posting index.
    @exclusivity(unchecked) var entryMultipliers: [Int: ExactDecimal] = [:]
    @exclusivity(unchecked) var owner = DirectiveOwner.none

    enum EntryKind {
        case transaction
        case rule(RuleHeader)
        case periodic(String)
        /// `= QUERY`; the multipliers (`*N`) of its postings by index.
        case automated(query: String, filter: Query)
    }

    /// A directive whose indented lines may follow.
    enum DirectiveOwner {
        case none
        case account(Int32)
        case commodity(Int32)
        /// `payee` or `tag`: ledger-cli's sub-directives under it are warned about.
        case declaration(String)
        /// Lines under an item we could not read (or do not support) are skipped.
        case skip

        @inline(__always) var isNone: Bool {
            if case .none = self { return true }
            return false
        }
    }

    public init(sources: SourceManager, diagnostics: DiagnosticEngine) {
        self.sources = sources
        self.diagnostics = diagnostics
    }

    /// Reads a top-level file (already added to `sources`), following its
    /// includes. Each top-level file reads as if on its own, as hledger reads
    /// each `-f` file: an `alias`, `apply account`, `D` or `year` of one
    /// never changes the next (a `commodity` format holds for all).
    public func parse(fileIndex index: Int) {
        let formats = reader.commaCommodities
        reader = ReaderState()
        reader.commaCommodities = formats
        let file = sources.files[index]
        let real = realPath(file.path) ?? file.path
        includeStack.append(real)
        includedFiles.insert(real)
        parseFile(index)
        includeStack.removeLast()
        endPieceThreads()
    }

    /// Makes room for what this many more bytes of input can hold, so that
    /// the journal (or the check stream) rarely grows by copying. A journal
    /// spends at least 40 bytes on a transaction, and capacity that is never
    /// written costs no memory.
    func makeRoom(forBytes bytes: Int, inPages: Bool = false) {
        if let sink { sink.makeRoom(forBytes: bytes, inPages: inPages) } else { growCapacity(&journal.transactions, by: bytes / 40) }
    }

    /// Ends the journal: the last item is stored.
    /// The journal moves out of the parser, so that the checker's changes
    /// never copy it.
    public func finish() -> Journal {
        endPieceThreads()
        flushEntry()
        journal.letGo = sink?.letGo
        let done = journal
        journal = Journal()
        // (Bits of the pairs of the journal that went: none are traded in the new one.)
        (tradedBits, tradedBitsCount) = (AccountCommoditySet(), 0)
        return done
    }

    @inline(__always) func location(_ offset: Int) -> SourceLocation {
        SourceLocation(file: fileIndex, offset: offset)
    }

    /// An error at `offset`; when a full-width character stands there (`４`,
    /// `：`), a note names it and its ASCII form.
    func error(_ message: DiagnosticMessage, at offset: Int, notes: [DiagnosticNote] = []) {
        var notes = notes
        if let wide = FullWidth.at(offset, in: fileBytes) {
            notes.append(DiagnosticNote(Messages.fullWidthCharacter(wide.character, wide.code, wide.ascii)))
        }
        diagnostics.error(message, at: location(offset), notes: notes)
    }

    /// `prepared`: its pieces, which a thread is already reading (`Parser+NextInclude.swift`).
    func parseFile(_ index: Int, prepared: PreparedInclude? = nil) {
        let savedFile = fileIndex, savedSource = currentFile, savedState = reader.file
        fileIndex = index
        reader.file.decimalComma = false
        if reader.file.defaultYear == nil { reader.file.defaultYear = currentYear }
        let file = sources.files[index]
        currentFile = file
        let savedReleases = releasesReadPages
        releasesReadPages = file.contents.isMapped
        defer { releasesReadPages = savedReleases }
        makeRoom(forBytes: file.byteCount, inPages: true)
        file.withBytes { buf in
            let pieceStarts = prepared.map { Array($0.pieced.bounds.dropFirst().dropLast()) } ?? pieceStarts(buf, from: file.contentStart)
            let checksAsItReads = checksUTF8AsItReads && releasesReadPages
            let split = pieceStarts.map { $0[$0.count / 2] }
            let bad = checksAsItReads ? [] : JournalParser.invalidUTF8(buf, from: file.contentStart, split: split, releasing: releasesReadPages)
            if let first = bad.first(where: { !$0.isNul }), LegacyEncoding.readsAsCP949(buf, from: file.contentStart) {
                // One error for the file, not one per Korean syllable.
                error(Messages.encodingLooksKorean, at: first.offset,
                      notes: [DiagnosticNote(Messages.encodingHint(file.path))])
                return
            }
            for bad in bad {
                error(bad.isNul ? Messages.invalidNul : Messages.invalidUTF8, at: bad.offset)
            }
            var block: BlockComment?
            var start = file.contentStart
            if let pieceStarts {
                start = readInParallel(buf, pieceStarts: pieceStarts, block: &block, prepared: prepared)
            }
            parseLines(buf, from: start, to: buf.count, block: &block)
            // A file that stopped early was not checked to its end.
            if checksAsItReads, stoppedForErrors { mustReadAgain = true }
            if let block {
                // hledger reads an unclosed block to the end of the file; so do we, with a warning.
                diagnostics.warning(Messages.unclosedBlockComment, at: location(block.start))
            }
        }
        flushEntry()
        owner = .none
        fileIndex = savedFile
        reader.file = savedState
        currentFile = savedSource
    }

    /// The first 20 bytes that are not UTF-8 (or are NUL) from `start` on; a
    /// file read in two halves (`split`) is checked in two at once. No
    /// character spans the split, which is a line's start. `releasing`: the
    /// bytes are a mapped file, whose pages are given back as they are checked
    /// (`releaseMappedPages`; the parse maps them again as it reads them).
    static func invalidUTF8(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, split: Int?,
                            releasing: Bool = false) -> [(offset: Int, isNul: Bool)] {
        let limit = 20
        /// `part` checked from `from`, a block of about `releasesEvery` bytes at a time when releasing.
        func check(_ part: UnsafeBufferPointer<UInt8>, from: Int) -> [(offset: Int, isNul: Bool)] {
            guard releasing, let base = part.baseAddress else { return invalidUTF8Offsets(part, from: from, limit: limit) }
            var found: [(offset: Int, isNul: Bool)] = []
            var blockStart = from
            while blockStart < part.count, found.count < limit {
                // A block ends after a line break, so that no character spans two blocks.
                var blockEnd = part.count
                let cut = blockStart + releasesEvery
                if cut < part.count, let nl = memchr(base + cut, 0x0A, part.count - cut) {
                    blockEnd = base.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
                }
                found += invalidUTF8Offsets(UnsafeBufferPointer(rebasing: part[..<blockEnd]), from: blockStart, limit: limit - found.count)
                releaseMappedPages(UnsafeBufferPointer(rebasing: part[blockStart..<blockEnd]))
                blockStart = blockEnd
            }
            return found
        }
        guard let split else { return check(buf, from: start) }
        let (second, first) = bothAtOnce({
            check(UnsafeBufferPointer(rebasing: buf[split...]), from: 0).map { (offset: $0.offset + split, isNul: $0.isNul) }
        }, {
            check(UnsafeBufferPointer(rebasing: buf[..<split]), from: start)
        })
        return Array((first + second).prefix(limit))
    }

    /// Gives back the pages of `bytes`, read lines of a mapped file, having
    /// checked them first when the file is checked as it is read.
    private func giveBack(_ bytes: UnsafeBufferPointer<UInt8>) {
        if checksUTF8AsItReads, !mustReadAgain, !invalidUTF8Offsets(bytes, from: 0, limit: 1).isEmpty { mustReadAgain = true }
        releaseMappedPages(bytes)
    }

    /// An open `comment` or `test` block: the line that ends it, and where it started.
    typealias BlockComment = (end: String, start: Int)

    /// Reads the lines in `start..<end` (`end` is a line start or the end of the buffer).
    func parseLines(_ buf: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, block blockComment: inout BlockComment?) {
        var pos = start
        let n = end
        var released = start
        // The end of the line at `pos` when a plain transaction's read found it already (-1: not).
        var knownLineEnd = -1
        // A header the plain read was tried at and left (it reads it again the general way).
        var notPlainAt = -1
        // What plain transactions are read into, unretained: taken or unwrapped for each
        // transaction, it cost a retain and a release of it and of the sink. It lives as
        // long as `self.sink`, which is set before a parser reads, never while it does.
        let plainInto = plainLetGo.map { Unmanaged.passUnretained($0) }
        // What was read last is given back too, however it ends (a file of a few blocks, an included one).
        defer { if releasesReadPages, min(pos, n) > released { giveBack(UnsafeBufferPointer(rebasing: buf[released..<min(pos, n)])) } }
        while pos < n {
            if diagnostics.errorCount > diagnostics.limit {
                stoppedForErrors = true
                return
            }
            let lineStart = pos
            if releasesReadPages, lineStart - released >= JournalParser.releasesEvery {
                giveBack(UnsafeBufferPointer(rebasing: buf[released..<lineStart]))
                released = lineStart
            }
            var lineEnd = n
            if knownLineEnd >= 0 {
                lineEnd = knownLineEnd
                knownLineEnd = -1
            } else if let base = buf.baseAddress, let p = memchr(base + pos, 0x0A, n - pos) {
                lineEnd = base.distance(to: p.assumingMemoryBound(to: UInt8.self))
            }
            pos = lineEnd + 1
            var contentEnd = lineEnd
            // `\r\n`, and any carriage returns before it, end the line.
            while contentEnd > lineStart, buf[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            var lx = Lexer(buf, from: lineStart, to: contentEnd)

            if let block = blockComment {
                let w = lx.rest()
                if lineMatches(buf, w, block.end) { blockComment = nil }
                continue
            }
            if lx.atEnd { continue }
            let first = buf[lineStart]
            if Lexer.isSpace(first) {
                lx.skipSpaces()
                if !lx.atEnd { indentedLine(&lx) }
                continue
            }
            if Lexer.startsComment(first) { continue }
            switch first {
            case 0x30...0x39:
                // (After a plain transaction nothing is open: no call.)
                if entry != nil || !owner.isNone { flushEntry() }
                if lineStart != notPlainAt, readsPlainTransactions, let plainInto {
                    // (Headers past the next page release are left to this loop, which releases them.)
                    let headersBefore = releasesReadPages ? released + JournalParser.releasesEvery : n
                    if let read = plainInto._withUnsafeGuaranteedRef({
                        readPlainTransactions(buf, header: lineStart..<contentEnd, lineEnd: lineEnd, end: n, headersBefore: headersBefore, into: $0)
                    }) {
                        (pos, knownLineEnd) = (read.next, read.lineEnd)
                        if read.notPlain { notPlainAt = read.next }
                        continue
                    }
                }
                transactionHeader(&lx)
            case UInt8(ascii: "="):
                if speculative { bailedOut = true; return }
                flushEntry()
                automatedHeader(&lx, lineStart: lineStart)
            case UInt8(ascii: "~"):
                if speculative { bailedOut = true; return }
                flushEntry()
                periodicHeader(&lx)
            default:
                flushEntry()
                let wordRange = lx.word()
                var word = String(decoding: UnsafeBufferPointer(rebasing: buf[wordRange]), as: UTF8.self)
                // ledger-cli's older spellings, `!include` and `@include`: any directive after `!` or `@`.
                if let first = word.utf8.first, first == UInt8(ascii: "!") || first == UInt8(ascii: "@"),
                   JournalParser.directiveByWord[String(word.dropFirst())] != nil {
                    word.removeFirst()
                }
                // A second parser reads transactions and prices only: any other
                // directive may change how the lines after it read. A word that is
                // no directive is an error that changes nothing: it reads on.
                if speculative && word != "P" && (JournalParser.directiveByWord[word] != nil || JournalParser.isYearWord(word)) {
                    bailedOut = true
                    return
                }
                // The directives the table leaves to this reader: block comments.
                if let d = JournalParser.directiveByWord[word], d.read == nil {
                    blockComment = ("end " + word, lineStart)
                    continue
                }
                directive(word, &lx, lineStart: lineStart)
            }
        }
    }

    private func lineMatches(_ buf: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ text: String) -> Bool {
        r.count == text.utf8.count && buf[r].elementsEqual(text.utf8)
    }

    /// An indented line: a posting or comment of the open entry, or a sub-line of a directive.
    private func indentedLine(_ lx: inout Lexer) {
        // Only `;` starts an indented comment: `#a` is an account name (hledger).
        let isComment = lx.peek() == UInt8(ascii: ";")
        if entry != nil {
            if isComment {
                lx.pos += 1
                lx.skipSpaces()
                let start = lx.pos
                let text = sourceText(lx.rest())
                if entryPostings.isEmpty {
                    fillHeader()
                    entry!.comment = appendLine(entry!.comment, text)
                } else {
                    let last = entryPostings.count - 1
                    entryPostings[last].comment = appendLine(entryPostings[last].comment, text)
                    notePostingDates(text, at: start, assertion: entryPostings[last].assertion != nil)
                }
            } else if !posting(&lx) {
                entryHasErrors = true
            }
            return
        }
        switch owner {
        case .skip:
            return
        case .account(let id):
            if isComment {
                lx.pos += 1
                lx.skipSpaces()
                let start = lx.pos
                accountTags(id, parseTags(sourceText(lx.rest())), at: start)
            } else {
                subDirective(of: "account", account: id, &lx)
            }
        case .commodity(let id):
            var word = lx
            let first = sourceText(word.word())
            if isComment {
                lx.pos += 1
                lx.skipSpaces()
                let at = lx.pos
                commodityTags(id, parseTags(sourceText(lx.rest())), at: at)
            } else if first == "booking" || first == "booking:" {
                // `booking fifo` under a `commodity` directive.
                lx = word
                lx.skipSpaces()
                let at = lx.pos
                commodityTags(id, [("booking", sourceText(lx.textUntilComment()))], at: at)
            } else if first == "format" {
                lx = word
                lx.skipSpaces()
                // `format AMOUNT` under a `commodity` directive.
                _ = formatAmount(&lx)
            } else if !isComment {
                subDirective(of: "commodity", &lx)
            }
        case .declaration(let kind):
            if !isComment { subDirective(of: kind, &lx) }
        case .none:
            if !isComment {
                error(Messages.orphanIndentedLine, at: lx.pos, notes: [DiagnosticNote(Messages.orphanIndentedHint)])
            }
        }
    }

    func appendLine(_ old: String?, _ new: String) -> String {
        guard let old else { return new }
        return old + "\n" + new
    }

    /// Makes strings of the open transaction's header, if they are still bytes.
    func fillHeader() {
        guard let header = entryHeader, entry != nil else { return }
        entryHeader = nil
        fill(&entry!, header)
    }

    /// The code, description and comment of a header, as strings in `t`.
    func fill(_ t: inout Transaction, _ header: Lexer.HeaderParts) {
        HeaderBytes(file: fileBytes, parts: header).fill(&t)
    }

    /// A string made from a byte range of the current file.
    func sourceText(_ r: Range<Int>) -> String {
        currentFile.text(r.lowerBound, r.upperBound)
    }

    @exclusivity(unchecked) var entryHasErrors = false

    /// Stores the open entry (transaction, rule or periodic transaction).
    func flushEntry() {
        owner = .none
        // Moved out, not copied.
        guard var t = entry.take() else { return }
        let broken = entryHasErrors
        entryHasErrors = false
        let header = entryHeader
        entryHeader = nil
        if case .transaction = entryKind, let sink {
            // The streaming check lets go of what it has checked.
            swap(&t.postings, &entryPostings)
            let keep = sink.offer(&t, header: header.map { HeaderBytes(file: fileBytes, parts: $0) }, broken: broken, tradedPairs: journal.tradedPairs)
            swap(&t.postings, &entryPostings)
            if !keep {
                entryPostings.removeAll(keepingCapacity: true)
                return
            }
        }
        if let header { fill(&t, header) }
        t.postings = Array(entryPostings[...])
        entryPostings.removeAll(keepingCapacity: true)
        switch entryKind {
        case .transaction:
            if broken { journal.brokenTransactions.insert(journal.transactions.count) }
            // Moved in by a swap with a placeholder: appended, a copy would count
            // a reference for each of its parts. (`consume t` is refused here.)
            journal.transactions.append(Transaction(date: t.date, description: "", location: t.location))
            swap(&journal.transactions[journal.transactions.count - 1], &t)
        case .rule(let header):
            storeRule(header, template: t, broken: broken)
        case .periodic(let period):
            if !broken { journal.periodic.append(PeriodicTransaction(period: period, template: t, reference: periodReference)) }
        case .automated(let query, let filter):
            storeAutomatedRule(query, filter, t, broken: broken)
        }
    }

    /// The real path of a file, for cycle detection.
    func realPath(_ path: String) -> String? {
        systemRealPath(path)
    }
}
