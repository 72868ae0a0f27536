/// One side's transactions with their meanings, computed once.
///
/// A side is compiled as `check` compiles (`diagnosticsOnly`, with
/// `keepsLetGoHeaders`): most transactions are let go as they are read, each
/// leaving its header's fingerprint and its movements (the header itself is
/// read again from the file for the few the diff shows). Both kinds are items here, numbered one after the other: item
/// `r` below `letGoCount` is the record `r` a stream let go, item
/// `letGoCount + i` is the ledger's transaction `i` (kept whole: a cost, an
/// assertion, a rule's occurrence...). A posting's meaning is the same
/// whether its transaction was kept or let go, so that the two sides match
/// however each stream decided.
struct DiffSide {
    let compilation: Compilation
    let printer: LedgerPrinter
    /// The transactions let go (items `0..<letGoCount`), and the ledger's
    /// transactions (the items after them).
    private let letGo: LetGoTransactions?
    private let kept: [Transaction]
    let letGoCount: Int
    /// Recorded items in date order (file order within a day), and rule occurrences.
    var recorded: [Int] = []
    var generated: [Int] = []
    /// Each item's meaning, and its day (a meaning holds it: only items of
    /// the same day can match).
    var meaning: [Fingerprint] = []
    var days: [Int32] = []
    /// Its postings' fingerprints, sorted (to tell which field changed), laid
    /// end to end: item `i`'s are `prints[printStart[i]..<printEnd[i]]`.
    private var prints: [UInt64] = []
    private var printStart: [Int32] = []
    private var printEnd: [Int32] = []

    var ledger: Ledger { compilation.ledger }

    /// A side's accounts and commodities by their names' fingerprints, so
    /// that the same name on either side is the same number (and each side
    /// can be fingerprinted on its own, as soon as it is compiled).
    static func ids(_ ledger: Ledger) -> (accounts: [UInt64], commodities: [UInt64]) {
        func id(_ name: String, _ kind: UInt64) -> UInt64 {
            var f = Fingerprint()
            f.add(kind)
            f.add(name)
            return f.a ^ f.b.rotated
        }
        return ((0..<Int32(ledger.journal.accounts.count)).map { id(ledger.journal.accounts[$0], 1) },
                (0..<Int32(ledger.journal.commodities.count)).map { id(ledger.journal.commodities[$0], 2) })
    }

    /// `shared`: chunks that both sides' compiles took in as they were read
    /// (`LetGoTransactions.chunkRecords`); their records are the same
    /// transactions on both sides, so they are neither fingerprinted nor matched.
    init(_ compilation: Compilation, skipping shared: Set<ObjectIdentifier> = []) {
        self.compilation = compilation
        printer = LedgerPrinter(journal: compilation.ledger.journal, sources: compilation.sources)
        let ledger = compilation.ledger
        let (accounts, commodities) = DiffSide.ids(ledger)
        let letGo = ledger.journal.letGo
        precondition(letGo == nil || letGo!.records.isEmpty || letGo!.headers != nil,
                     "a diff side compiled with diagnosticsOnly needs keepsLetGoHeaders (and is fingerprinted once)")
        self.letGo = letGo
        // The headers' fingerprints are taken: nothing else reads them.
        let headers = letGo?.headers ?? []
        letGo?.headers = nil
        letGoCount = headers.count
        kept = ledger.transactions
        let count = letGoCount + kept.count
        meaning = Array(repeating: Fingerprint(), count: count)
        days = Array(repeating: 0, count: count)
        printStart = Array(repeating: 0, count: count)
        printEnd = Array(repeating: 0, count: count)
        prints.reserveCapacity(count * 3)
        // Items let go, in date order: their prints from their movements.
        let letGoInOrder = letGoCount == 0 ? LetGoTransactions.RecordOrder() : letGo?.recordsInDateOrder() ?? LetGoTransactions.RecordOrder()
        var skipped: [Bool] = []
        if let letGo, letGo.chunkRecords.contains(where: { shared.contains(ObjectIdentifier($0.chunk)) }) {
            skipped = Array(repeating: false, count: letGoCount)
            for c in letGo.chunkRecords where shared.contains(ObjectIdentifier(c.chunk)) {
                for r in c.records { skipped[r] = true }
            }
        }
        if let letGo {
            let real = UInt64(VirtualKind.real.rawValue) << 40 | UInt64(Status.unmarked.rawValue) << 48
            headers.withUnsafeBufferPointer { headers in
            for r in letGoInOrder where skipped.isEmpty || !skipped[r] {
                let first = prints.count
                for m in letGo.moves(of: r) {
                    var f = Fingerprint()
                    f.add(accounts[Int(m.account)] | real)
                    f.add(commodities[Int(m.commodity)])
                    f.add(m.quantity)
                    prints.append(f.a ^ f.b.rotated)
                }
                finish(r, from: first, header: headers[r], day: letGo.records[r].day)
            }
            }
        }
        // Items kept whole, in the ledger's order (nearly their order in memory), without a copy of any.
        var keptRecorded: [Int] = []
        ledger.transactions.withUnsafeBufferPointer { all in
            for n in ledger.order {
                let i = Int(n), item = letGoCount + i
                if all[i].isSplit { continue }
                if all[i].generated != nil { generated.append(item) } else { keptRecorded.append(i) }
                let first = prints.count
                all[i].postings.withUnsafeBufferPointer { postings in
                    for p in postings.indices { prints.append(DiffSide.fingerprint(postings[p], accounts, commodities)) }
                }
                finish(item, from: first, header: DiffSide.header(all.baseAddress! + i), day: all[i].date.day)
            }
        }
        // Recorded items merged by day, then by place in the file (as the ledger orders them).
        guard let letGo, !letGoInOrder.isEmpty else {
            recorded = keptRecorded.map { letGoCount + $0 }
            return
        }
        recorded.reserveCapacity(letGoInOrder.count + keptRecorded.count)
        var x = 0, y = 0
        while x < letGoInOrder.count || y < keptRecorded.count {
            let takeLetGo: Bool
            if y == keptRecorded.count { takeLetGo = true } else if x == letGoInOrder.count { takeLetGo = false } else {
                let r = letGo.records[letGoInOrder[x]], i = keptRecorded[y]
                let keptDay = ledger.transactions[i].date.day
                takeLetGo = r.day < keptDay || r.day == keptDay && letGoInOrder[x] < letGo.recordsBefore(kept: i)
            }
            if takeLetGo {
                if skipped.isEmpty || !skipped[letGoInOrder[x]] { recorded.append(letGoInOrder[x]) }
                x += 1
            } else {
                recorded.append(letGoCount + keptRecorded[y])
                y += 1
            }
        }
    }

    /// Sorts item `i`'s prints (from `first` on) and makes its meaning.
    private mutating func finish(_ item: Int, from first: Int, header: Fingerprint, day: Int32) {
        // Sorted in place (a transaction has a few postings).
        for k in (first + 1)..<max(first + 1, prints.count) {
            let x = prints[k]
            var j = k
            while j > first, prints[j - 1] > x { prints[j] = prints[j - 1]; j -= 1 }
            prints[j] = x
        }
        var f = header
        for x in prints[first...] { f.add(x) }
        meaning[item] = f
        days[item] = day
        printStart[item] = Int32(first)
        printEnd[item] = Int32(prints.count)
    }

    /// Item `i`'s postings' fingerprints, sorted.
    func postingPrints(_ i: Int) -> ArraySlice<UInt64> { prints[Int(printStart[i])..<Int(printEnd[i])] }

    /// The first and last day of the transactions let go, if any.
    var letGoDates: (CivilDate, CivilDate)? {
        guard let records = ledger.journal.letGo?.records, let first = records.min(by: { $0.day < $1.day }),
              let last = records.max(by: { $0.day < $1.day }) else { return nil }
        return (CivilDate(day: first.day), CivilDate(day: last.day))
    }

    /// Calls `body` with the account of each of item `i`'s postings.
    func forEachAccount(of i: Int, _ body: (Int32) -> Void) {
        if i < letGoCount, let letGo {
            for m in letGo.moves(of: i) { body(m.account) }
        } else {
            for p in kept[i - letGoCount].postings { body(p.account) }
        }
    }

    /// The date, status, code, description and tags (read in place: no copy of the transaction).
    static func header(_ t: UnsafePointer<Transaction>) -> Fingerprint {
        Fingerprint.header(t.pointee.date, t.pointee.status, t.pointee.code, t.pointee.description, t.pointee.comment)
    }

    static func tags(_ tags: Tags) -> [String] { tags.map { "\($0.key.lowercased()): \($0.value)" }.sorted() }

    /// A posting's meaning: account, amount as computed, cost, lot, lot date, kind, status, assertion, tags.
    static func fingerprint(_ p: Posting, _ accounts: [UInt64], _ commodities: [UInt64]) -> UInt64 {
        var f = Fingerprint()
        f.add(accounts[Int(p.account)] | UInt64(p.virtual.rawValue) << 40 | UInt64(p.status.rawValue) << 48)
        if let a = p.amount { f.add(commodities[Int(a.commodity)]); f.add(a.quantity) } else { f.add(UInt64.max) }
        if !p.isPlain {
            if let c = p.cost { f.add(c.isTotal ? 2 : 1); f.add(commodities[Int(c.amount.commodity)]); f.add(c.amount.quantity) }
            if let l = p.lot { f.add(l.isTotal ? 4 : 3); f.add(commodities[Int(l.amount.commodity)]); f.add(l.amount.quantity) }
            if let d = p.lotDate { f.add(5 | UInt64(UInt32(bitPattern: d.day)) << 8) }
            if let x = p.assertion { f.add(x.isTotal ? (x.includesSubaccounts ? 9 : 7) : x.includesSubaccounts ? 8 : 6); f.add(commodities[Int(x.amount.commodity)]); f.add(x.amount.quantity) }
            if let comment = p.comment { Fingerprint.addTags(comment, to: &f) }
        }
        return f.a ^ f.b.rotated
    }

    /// Same date, status, code and description, compared exactly (the
    /// fingerprints, 128 bits, matched the tags and postings). Two
    /// transactions let go on the same day with the same header line have
    /// them: they are read from the line alone.
    func sameHeader(_ i: Int, _ other: DiffSide, _ j: Int) -> Bool {
        if i < letGoCount, j < other.letGoCount, let mine = letGo?.records[i], let theirs = other.letGo?.records[j] {
            if mine.day == theirs.day,
               compilation.sources[mine.location.file].sameLine(at: Int(mine.location.offset), as: other.compilation.sources[theirs.location.file],
                                                                at: Int(theirs.location.offset)) { return true }
        } else if i >= letGoCount, j >= other.letGoCount {
            return kept.withUnsafeBufferPointer { mine in
                other.kept.withUnsafeBufferPointer { theirs in
                    DiffSide.sameHeader(mine.baseAddress! + (i - letGoCount), theirs.baseAddress! + (j - other.letGoCount))
                }
            }
        }
        var mine = item(i), theirs = other.item(j)
        return DiffSide.sameHeader(&mine, &theirs)
    }

    private static func sameHeader(_ a: UnsafePointer<Transaction>, _ b: UnsafePointer<Transaction>) -> Bool {
        a.pointee.date == b.pointee.date && a.pointee.status == b.pointee.status
            && a.pointee.code == b.pointee.code && a.pointee.description == b.pointee.description
    }

    /// Item `i`'s transaction (a let go one without its postings, read again from its file).
    func item(_ i: Int) -> Transaction {
        guard i < letGoCount, let letGo else { return kept[i - letGoCount] }
        let r = letGo.records[i]
        return compilation.sources[r.location.file].letGoHeader(at: r.location, date: CivilDate(day: r.day))
    }

    /// Item `i` as the diff shows it.
    func entry(_ i: Int) -> JournalDiff.Entry {
        let t = item(i)
        let (file, line) = compilation.sources.line(of: compilation.placeInFile(t.generated.map { ledger.journal.rules[Int($0.rule)].location } ?? t.location))
        var postings: [String] = []
        if i < letGoCount, let letGo {
            for m in letGo.moves(of: i) {
                var p = Posting(account: m.account, location: t.location)
                p.amount = Amount(m.quantity, m.commodity)
                postings.append(printer.postingLine(p))
            }
        } else {
            for p in t.postings {
                var shown = p
                shown.comment = nil
                postings.append(printer.postingLine(shown))
            }
        }
        return JournalDiff.Entry(date: t.date, description: t.description, file: file, line: line, postings: postings,
                                 tags: t.tags.map { "\($0.key): \($0.value)" })
    }
}

extension DiffSide {
    /// `items` by day (a stable sort), unless they already are, as the ledger orders them.
    func inDateOrder(_ items: [Int]) -> [Int] {
        var sorted = true
        for k in items.indices.dropFirst() where days[items[k]] < days[items[k - 1]] {
            sorted = false
            break
        }
        if sorted { return items }
        return items.enumerated().sorted { (days[$0.element], $0.offset) < (days[$1.element], $1.offset) }.map(\.element)
    }
}
