/// What changed in meaning between two compiles of a journal (`ledgerc
/// diff`): transactions added, removed and changed, the balances they move,
/// the rule occurrences a rule edit adds or drops, and the diagnostics that
/// appear or go. Text that only moved (a reorder, `fmt`, a transaction moved
/// into an included file) is no change: transactions are matched by what
/// they mean (date, status, code, description, tags and postings with their
/// amounts as computed), never by where they are written.
public struct JournalDiff {
    /// A transaction as the diff shows it: where it is, and its meaning in words.
    public struct Entry {
        public var date: CivilDate
        public var description: String
        public var file: String
        public var line: Int
        /// The postings, one line each: `Assets:Bank  -12,000 KRW`.
        public var postings: [String]
        /// The transaction's tags, `key: value`.
        public var tags: [String] = []
    }

    /// A transaction on both sides whose meaning differs: which fields.
    public struct Change {
        public var old: Entry
        public var new: Entry
        /// `date`, `description`, `status`, `code`, `tags`, `postings`.
        public var fields: [String]
    }

    /// One account's balance in one commodity over the period (one period, or each of `--period`).
    public struct BalanceChange {
        public var account: String
        public var commodity: String
        public var period: DateSpan?
        public var old: String
        public var new: String
        public var change: String
        /// The plain figures (CSV/JSON): old, new, change.
        public var figures: (old: ExactDecimal, new: ExactDecimal, change: ExactDecimal)
    }

    public var added: [Entry] = []
    public var removed: [Entry] = []
    public var changed: [Change] = []
    public var balances: [BalanceChange] = []
    /// Occurrences of `repeat` rules up to the horizon.
    public var occurrencesAdded: [Entry] = []
    public var occurrencesDropped: [Entry] = []
    /// Diagnostics as `FILE:LINE: severity: message`.
    public var newDiagnostics: [String] = []
    public var fixedDiagnostics: [String] = []
    public var horizon: CivilDate

    /// True when the meaning is the same on both sides (exit 0).
    public var isUnchanged: Bool {
        added.isEmpty && removed.isEmpty && changed.isEmpty && occurrencesAdded.isEmpty && occurrencesDropped.isEmpty
            && newDiagnostics.isEmpty && fixedDiagnostics.isEmpty
    }
}

typealias Entry = JournalDiff.Entry

/// What `ledgerc diff` is asked: the period of the balance changes, by
/// `--period` or as one, and a valuation (`-X`).
public struct DiffOptions: Sendable {
    public var period = DateSpan()
    public var grouping: CalendarUnit?
    public var valuation: Valuation?

    public init() {}
}

/// One side of a diff: a compile with its transactions' meanings, made on
/// the thread that compiled it. The compile keeps everything, or is
/// `diagnosticsOnly` with `keepsLetGoHeaders` (as `ledgerc diff` compiles);
/// it is fingerprinted once (the side takes the headers it kept).
public struct DiffInput {
    let side: DiffSide

    public init(_ compilation: Compilation) { side = DiffSide(compilation) }

    /// A side whose chunks in `shared` the other side took in too (not compared).
    init(_ compilation: Compilation, skipping shared: Set<ObjectIdentifier>) { side = DiffSide(compilation, skipping: shared) }

    /// The compile's files (for a diagnostic about the diff itself).
    public var sources: SourceManager { side.compilation.sources }

    /// How large a side is read in chunks, the other laid out over them (below: each side whole).
    public static let sharesTextFrom = 1 << 20

    /// Both sides of a diff, compiled as `check` compiles them (`options`,
    /// with `diagnosticsOnly` and `keepsLetGoHeaders`) and fingerprinted;
    /// `oldFiles`/`newFiles`: where each side's includes come from (a git
    /// revision), nil for the disk.
    ///
    /// Two versions of a journal share most of their text. Large ones
    /// (`sharesTextFrom` bytes) are compiled in chunks (`ChunkedJournal`):
    /// one side's chunks are read on both cores, and the other side is
    /// compiled as another version of it, reading again only the text of the
    /// chunks not found in it (`realign`). The transactions of a chunk both
    /// compiles took in are the same on both sides: they are neither
    /// fingerprinted nor matched. Smaller sides are each compiled on a core.
    /// `chunkSize`: the chunks' size (tests make it small).
    public static func compile(old: InputFile, oldFiles: IncludedFiles?, new: InputFile, newFiles: IncludedFiles?,
                               options: CompileOptions, sharesTextFrom: Int = DiffInput.sharesTextFrom,
                               chunkSize: Int = 64 << 10) -> (old: DiffInput, new: DiffInput) {
        let (oldOptions, newOptions) = sideOptions(options, oldFiles, newFiles)
        guard old.bytes.count >= sharesTextFrom, new.bytes.count >= sharesTextFrom else {
            return apart(old, oldOptions, new, newOptions)
        }
        let (chunks, compileOld) = laidOut(old, at: new.path, oldOptions, chunkSize: chunkSize)
        return inChunks(compileOld, then: SourceFile(path: new.path, bytes: new.bytes), newOptions, of: chunks, secondIsNew: true)
    }

    /// `compile(old:oldFiles:new:newFiles:options:)` of sides still to be
    /// read: the old side is read on a thread of its own (git may take a
    /// while to give a revision's text), while the new one is read here and,
    /// when it is large, compiled in chunks on both cores in the meantime.
    /// A side that cannot be read throws, the old side's first.
    public static func compile(old readOld: @escaping () -> Result<InputFile, any Error>, oldFiles: IncludedFiles?,
                               new readNew: () -> Result<InputFile, any Error>, newFiles: IncludedFiles?,
                               options: CompileOptions) throws -> (old: DiffInput, new: DiffInput) {
        let oldText = ResultBox<Result<InputFile, any Error>>()
        let reading = BackgroundJob { oldText.value = readOld() }
        let newText = readNew()
        guard case .success(let new) = newText, new.bytes.count >= DiffInput.sharesTextFrom else {
            reading.wait()
            return compile(old: try oldText.value!.get(), oldFiles: oldFiles, new: try newText.get(), newFiles: newFiles, options: options)
        }
        let (oldOptions, newOptions) = sideOptions(options, oldFiles, newFiles)
        let (chunks, compileNew) = laidOut(new, at: new.path, newOptions)
        reading.wait()
        let old = try oldText.value!.get()
        return inChunks(compileNew, then: SourceFile(path: old.path, bytes: old.bytes), oldOptions, of: chunks, secondIsNew: false)
    }

    /// A `ChunkedJournal` of the file at `path` that finds moved chunks, with
    /// `first` laid out over it, and the rest of that side's compile.
    private static func laidOut(_ first: InputFile, at path: String, _ options: CompileOptions, chunkSize: Int = 64 << 10)
        -> (ChunkedJournal, () -> (compilation: Compilation, chunksTakenIn: Int)) {
        let chunks = ChunkedJournal(path: path, chunkSize: chunkSize)
        chunks.findsMovedChunks = true
        return (chunks, chunks.layOut(SourceFile(path: first.path, bytes: first.bytes), options: options))
    }

    /// The rest of one side's compile in chunks on a thread of its own,
    /// while the other side's text is laid out over the same chunks and
    /// compiled here; then both fingerprinted.
    private static func inChunks(_ compileFirst: @escaping () -> (compilation: Compilation, chunksTakenIn: Int),
                                 then second: SourceFile, _ secondOptions: CompileOptions, of chunks: ChunkedJournal,
                                 secondIsNew: Bool) -> (old: DiffInput, new: DiffInput) {
        let (first, other) = bothAtOnce({ compileFirst().compilation }, { chunks.layOut(second, options: secondOptions)().compilation })
        return secondIsNew ? fingerprinted(first, other) : fingerprinted(other, first)
    }

    /// Each side's options: as `check` compiles, each transaction let go
    /// keeping its header's fingerprint, each side's includes from its files.
    private static func sideOptions(_ options: CompileOptions, _ oldFiles: IncludedFiles?,
                                    _ newFiles: IncludedFiles?) -> (old: CompileOptions, new: CompileOptions) {
        var options = options
        options.mode = .diagnosticsOnly
        options.keepsLetGoHeaders = true
        var oldOptions = options, newOptions = options
        oldOptions.files = oldFiles
        newOptions.files = newFiles
        return (oldOptions, newOptions)
    }

    /// Each side read, compiled and fingerprinted on a core of its own, each file in one piece.
    private static func apart(_ old: InputFile, _ oldOptions: CompileOptions, _ new: InputFile,
                              _ newOptions: CompileOptions) -> (old: DiffInput, new: DiffInput) {
        var oldOptions = oldOptions, newOptions = newOptions
        oldOptions.parallelThreshold = Int.max
        newOptions.parallelThreshold = Int.max
        return bothAtOnce({ DiffInput(LedgerCore.compile([old], options: oldOptions)) },
                          { DiffInput(LedgerCore.compile([new], options: newOptions)) })
    }

    /// Both sides of one `ChunkedJournal` fingerprinted, each on a core: the
    /// chunks both compiles took in bring the same transactions to both sides.
    private static func fingerprinted(_ old: Compilation, _ new: Compilation) -> (old: DiffInput, new: DiffInput) {
        func chunksTakenIn(_ c: Compilation) -> Set<ObjectIdentifier> {
            Set(c.ledger.journal.letGo?.chunkRecords.map { ObjectIdentifier($0.chunk) } ?? [])
        }
        let shared = chunksTakenIn(old).intersection(chunksTakenIn(new))
        return bothAtOnce({ DiffInput(old, skipping: shared) }, { DiffInput(new, skipping: shared) })
    }
}

extension JournalDiff {
    /// The difference in meaning from `old` to `new`.
    public init(old: Compilation, new: Compilation, options: DiffOptions = DiffOptions()) throws(AmountOverflow) {
        // Each side's fingerprints on a core of its own.
        let (a, b) = bothAtOnce({ DiffInput(old) }, { DiffInput(new) })
        try self.init(old: a, new: b, options: options)
    }

    /// The difference in meaning from `old` to `new`, each side already fingerprinted.
    public init(old: DiffInput, new: DiffInput, options: DiffOptions = DiffOptions()) throws(AmountOverflow) {
        let a = old.side, b = new.side
        horizon = b.ledger.until
        // Transactions: the same meaning is the same transaction, wherever it is written.
        var (unmatchedOld, unmatchedNew) = JournalDiff.match(a.recorded, in: a, b.recorded, in: b)
        // Only the accounts of transactions without a twin can have moved.
        var moved = Set<String>()
        func touch(_ side: DiffSide, _ indices: [Int]) {
            for i in indices { side.forEachAccount(of: i) { moved.insert(side.ledger.journal.accounts[$0]) } }
        }
        touch(a, unmatchedOld)
        touch(b, unmatchedNew)
        // What is left pairs up as a change when the date and description, or the postings, stayed.
        for pairing in [{ (s: DiffSide, i: Int) -> AnyHashable in [AnyHashable(s.item(i).date.day), AnyHashable(s.item(i).description)] },
                        { (s: DiffSide, i: Int) -> AnyHashable in AnyHashable(Array(s.postingPrints(i))) }] {
            var byKey: [AnyHashable: [Int]] = [:]
            for i in unmatchedOld { byKey[pairing(a, i), default: []].append(i) }
            var stillNew: [Int] = [], paired = Set<Int>()
            for j in unmatchedNew {
                let t = b.item(j)
                let k = pairing(b, j)
                guard var list = byKey[k], !list.isEmpty else { stillNew.append(j); continue }
                let i = list.removeFirst()
                byKey[k] = list
                paired.insert(i)
                let o = a.item(i)
                var fields: [String] = []
                if o.date != t.date { fields.append("date") }
                if o.description != t.description { fields.append("description") }
                if o.status != t.status { fields.append("status") }
                if o.code != t.code { fields.append("code") }
                if DiffSide.tags(o.tags) != DiffSide.tags(t.tags) { fields.append("tags") }
                if a.postingPrints(i) != b.postingPrints(j) { fields.append("postings") }
                changed.append(Change(old: a.entry(i), new: b.entry(j), fields: fields))
            }
            unmatchedNew = stillNew
            unmatchedOld.removeAll { paired.contains($0) }
        }
        removed = unmatchedOld.map(a.entry)
        added = unmatchedNew.map(b.entry)
        // Rule occurrences up to the horizon.
        let (dropped, addedOccurrences) = JournalDiff.match(a.generated, in: a, b.generated, in: b)
        touch(a, dropped)
        touch(b, addedOccurrences)
        occurrencesDropped = dropped.map(a.entry)
        occurrencesAdded = addedOccurrences.map(b.entry)
        // Diagnostics, by file, severity and message (lines move with edits).
        let oldDiagnostics = JournalDiff.diagnostics(a.compilation), newList = JournalDiff.diagnostics(b.compilation)
        newDiagnostics = JournalDiff.missing(newList, from: oldDiagnostics)
        fixedDiagnostics = JournalDiff.missing(oldDiagnostics, from: newList)
        // Valued, every balance may move with the prices.
        balances = try JournalDiff.balances(a, b, options, accounts: options.valuation == nil ? moved : nil)
    }

    /// The transactions of each side (indices) with no transaction of the
    /// same meaning on the other, each matched once, in their order: a new
    /// transaction takes the first old one of the same meaning not yet taken.
    /// A meaning holds the day, so both lists (in date order) are walked a
    /// day at a time, each day's transactions matched among themselves: two
    /// lists read front to back, and no table of the whole journal.
    static func match(_ old: [Int], in a: DiffSide, _ new: [Int], in b: DiffSide) -> ([Int], [Int]) {
        let old = a.inDateOrder(old), new = b.inDateOrder(new)
        var onlyOld: [Int] = [], onlyNew: [Int] = []
        var taken: [Bool] = []
        var x = 0, y = 0
        while x < old.count || y < new.count {
            let day = min(x < old.count ? a.days[old[x]] : .max, y < new.count ? b.days[new[y]] : .max)
            var xEnd = x, yEnd = y
            while xEnd < old.count, a.days[old[xEnd]] == day { xEnd += 1 }
            while yEnd < new.count, b.days[new[yEnd]] == day { yEnd += 1 }
            matchDay(old[x..<xEnd], in: a, new[y..<yEnd], in: b, &taken, &onlyOld, &onlyNew)
            x = xEnd
            y = yEnd
        }
        return (onlyOld, onlyNew)
    }

    /// `match` of one day's transactions: each new one against the old ones
    /// in turn, or through a table when the day holds many.
    private static func matchDay(_ old: ArraySlice<Int>, in a: DiffSide, _ new: ArraySlice<Int>, in b: DiffSide,
                                 _ taken: inout [Bool], _ onlyOld: inout [Int], _ onlyNew: inout [Int]) {
        if old.isEmpty { onlyNew.append(contentsOf: new); return }
        if new.isEmpty { onlyOld.append(contentsOf: old); return }
        // Which old ones are taken (the buffer is the caller's, for every day).
        taken.removeAll(keepingCapacity: true)
        taken.append(contentsOf: repeatElement(false, count: old.count))
        func same(_ k: Int, _ j: Int) -> Bool {
            let i = old[old.startIndex + k]
            return !taken[k] && a.meaning[i] == b.meaning[j] && a.sameHeader(i, b, j)
        }
        if old.count * new.count <= 256 {
            for j in new {
                var k = 0
                while k < old.count, !same(k, j) { k += 1 }
                if k < old.count { taken[k] = true } else { onlyNew.append(j) }
            }
        } else {
            // The old ones by meaning, each list in their order.
            var byMeaning: [Fingerprint: [Int]] = [:]
            for k in 0..<old.count { byMeaning[a.meaning[old[old.startIndex + k]], default: []].append(k) }
            for j in new {
                let k = byMeaning[b.meaning[j]]?.first { same($0, j) }
                if let k { taken[k] = true } else { onlyNew.append(j) }
            }
        }
        for k in 0..<old.count where !taken[k] { onlyOld.append(old[old.startIndex + k]) }
    }

    /// Each diagnostic as shown, with the key it is compared by.
    static func diagnostics(_ c: Compilation) -> [(key: String, shown: String)] {
        c.diagnostics.sorted().map { d in
            let place = d.location.map { c.sources.describe($0) }
            let file = place.map { lastPathComponent($0.path) } ?? ""
            return ("\(file)\u{1}\(d.severity.rawValue)\u{1}\(d.message)", (place.map { "\($0.path):\($0.line): " } ?? "") + "\(d.severity.rawValue): \(d.message)")
        }
    }

    static func missing(_ mine: [(key: String, shown: String)], from theirs: [(key: String, shown: String)]) -> [String] {
        var counts: [String: Int] = [:]
        for d in theirs { counts[d.key, default: 0] += 1 }
        var out: [String] = []
        for d in mine {
            if let n = counts[d.key], n > 0 { counts[d.key] = n - 1 } else { out.append(d.shown) }
        }
        return out
    }

    static func lastPathComponent(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Per account and commodity (by name), the change over each period on
    /// both sides, where they differ. With a valuation, each side's sums are
    /// valued at the period's end with that side's prices.
    /// `accounts`, when given, are the only ones that can differ (by name).
    static func balances(_ a: DiffSide, _ b: DiffSide, _ options: DiffOptions, accounts: Set<String>?) throws(AmountOverflow) -> [BalanceChange] {
        if accounts?.isEmpty == true { return [] }
        let oldLedger = a.ledger.datedByPosting(), newLedger = b.ledger.datedByPosting()
        var first = options.period.from, last = options.period.to
        for (l, side) in [(oldLedger, a), (newLedger, b)] {
            let kept = l.order.first.map { (l.transactions[Int($0)].date, l.transactions[Int(l.order.last!)].date) }
            for (d, e) in [kept, side.letGoDates].compactMap({ $0 }) {
                first = options.period.from ?? min(first ?? d, d)
                last = options.period.to ?? max(last ?? e, e)
            }
        }
        guard let begin = first, let end = last, begin <= end else { return [] }
        let periods: [DateSpan] = options.grouping.map { g in
            g.columns(from: begin, through: end)
        } ?? [DateSpan(first: begin, last: end)]
        func sums(_ ledger: Ledger, _ side: DiffSide) throws(AmountOverflow) -> [String: [ExactDecimal]] {
            // A sum that does not fit is reported where the user wrote it (not in a chunk).
            let place = side.compilation.placeInFile
            let valuer = try options.valuation.map { v throws(AmountOverflow) in try Valuer(v, ledger: ledger, reportTo: end) }
            var movements = Movements(ledger)
            if let accounts {
                movements.matcher = QueryMatcher(keepingAccounts: (0..<Int32(ledger.journal.accounts.count)).map { accounts.contains(ledger.journal.accounts[$0]) })
            }
            let balances: Balances
            do {
                balances = try Balances.summing(movements, in: periods)
            } catch {
                var overflow = error
                overflow.location = overflow.location.map(place)
                throw overflow
            }
            var out: [String: [ExactDecimal]] = [:]
            let names = ledger.journal
            for account in 0..<Int32(balances.sums.count) where balances.moved(account) {
                for k in periods.indices {
                    var shown = balances.sums[Int(account)][k + 1]
                    if let valuer, let day = valuer.day(of: periods[k].last, periodEnd: periods[k].last) { shown = try valuer.value(shown, on: day) }
                    for amount in shown.amounts {
                        let key = names.accounts[account] + "\u{1}" + names.commodities.symbol(amount.commodity)
                        if out[key] == nil { out[key] = Array(repeating: .zero, count: periods.count) }
                        out[key]![k] = try out[key]![k].plus(amount.quantity, at: nil)
                    }
                }
            }
            return out
        }
        // Each side's sums on a core of its own.
        let (oldSums, newSums) = bothAtOnce({ Result { () throws(AmountOverflow) in try sums(oldLedger, a) } },
                                            { Result { () throws(AmountOverflow) in try sums(newLedger, b) } })
        let before = try oldSums.get(), after = try newSums.get()
        var rows: [BalanceChange] = []
        let table = newLedger.journal.commodities, oldTable = oldLedger.journal.commodities
        for key in Set(before.keys).union(after.keys).sorted() {
            let parts = key.split(separator: "\u{1}", omittingEmptySubsequences: false).map(String.init)
            let symbol: String = parts[1], bare: String = symbol.trimmingCharacters(in: "\"")
            let inNew: Int32? = table.lookup(symbol) ?? table.lookup(bare)
            let commodity: Int32? = inNew ?? oldTable.lookup(symbol) ?? oldTable.lookup(bare)
            let style = inNew != nil ? table : oldTable
            for k in periods.indices {
                let x: ExactDecimal = before[key]?[k] ?? .zero, y: ExactDecimal = after[key]?[k] ?? .zero
                let change: ExactDecimal = try y.minus(x, at: nil)
                if change.isZero { continue }
                func shown(_ q: ExactDecimal) -> String { commodity.map { style.format(Amount(q, $0)) } ?? "\(q) \(parts[1])" }
                rows.append(BalanceChange(account: parts[0], commodity: parts[1].trimmingCharacters(in: "\""),
                                          period: options.grouping == nil ? nil : periods[k],
                                          old: shown(x), new: shown(y), change: shown(change), figures: (x, y, change)))
            }
        }
        return rows
    }
}
