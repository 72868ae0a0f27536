/// The position check (`checkPositions`) of a journal read in kept chunks,
/// kept from one compile to the next: when an edit left every transaction
/// the replay reads as it was (the chunks it touched hold the same trades,
/// moved at most), the replay would find what it found last time, at the
/// moved places, so the last errors are said again instead (issue 61: an
/// edit at 100,000 transactions replayed 5,000 trades, a fifth of its time).
///
/// What the replay reads is compared, never assumed: the trades of every
/// chunk whose memo (`ChunkMemo`) is not the last compile's, and of the
/// head and the generated transactions, field by field; the names, the
/// commodities' styles and the declarations it reads, whole. A chunk whose
/// memo is the last compile's holds the same transactions with the same ids.
enum KeptPositionsCheck {
    /// The memo's name for the check (`CompileMemo`).
    static let name = "positions"

    /// Checks the positions of `ledger` (as `Portfolio` does), or says again
    /// what the last check (kept in `memo`) found when it read the same.
    static func check(_ ledger: Ledger, diagnostics: DiagnosticEngine, memo: CompileMemo) {
        let journal = ledger.journal
        let assets = Portfolio.assetAccounts(journal)
        let traded = Portfolio.tradedCommodities(journal, assets: assets)
        guard traded.contains(true) else { return }
        let context = Context(journal, assets: assets, traded: traded)
        let events = PositionEvents(ledger, traded: traded, readsRecords: context.touchesFollowed)
        if let events, let found = memo.found(name, as: Found.self), found.context == context,
           diagnostics.errorCount + found.diagnostics.count <= diagnostics.limit,
           let moves = found.events.moves(to: events) {
            let said = found.diagnostics.map { $0.moved { moves[$0] ?? $0 } }
            for d in said { diagnostics.add(d) }
            memo.keep(name, Found(context: context, events: events, diagnostics: said))
            memo.noteUse(name)
            return
        }
        let (before, errorsBefore) = (diagnostics.diagnostics.count, diagnostics.errorCount)
        _ = Portfolio(ledger, diagnostics: diagnostics, keepsTrades: false)
        let said = Array(diagnostics.diagnostics[before...])
        // Kept only when every error was kept (past the limit one is only counted).
        let allKept = diagnostics.errorCount - errorsBefore == said.count && said.allSatisfy { $0.severity == .error }
        memo.keep(name, events.flatMap { allKept ? Found(context: context, events: $0, diagnostics: said) : nil })
    }

    /// One compile's check: what it read, and the errors it said.
    private struct Found: Sendable {
        let context: Context
        let events: PositionEvents
        let diagnostics: [Diagnostic]
    }

    /// What the replay reads besides the transactions: names, which accounts
    /// are assets and may go below zero, the commodities' styles (errors
    /// show amounts), currencies and booking methods.
    private struct Context: Sendable, Equatable {
        let assets: [Bool]
        let traded: [Bool]
        let accountNames: NameTable
        let commodityNames: NameTable
        let declaredTypes: [Int32: AccountType]
        let allowsNegative: Set<Int32>
        let styles: [CommodityStyle]
        let booking: [Int32: BookingMethod]
        let currencies: Set<Int32>
        let defaultBooking: BookingMethod
        let hasSplits: Bool
        let touchesFollowed: Bool

        init(_ journal: Journal, assets: [Bool], traded: [Bool]) {
            self.assets = assets
            self.traded = traded
            accountNames = journal.accounts.table
            commodityNames = journal.commodities.table
            declaredTypes = journal.accounts.declaredType
            allowsNegative = journal.accounts.allowsNegative
            styles = journal.commodities.styles
            booking = journal.commodities.booking
            currencies = journal.commodities.declaredCurrencies
            defaultBooking = journal.defaultBooking
            hasSplits = !journal.splits.isEmpty
            touchesFollowed = Portfolio.touchesFollowed(journal, assets: assets, traded: traded)
        }

        static func == (a: Context, b: Context) -> Bool {
            a.assets == b.assets && a.traded == b.traded && a.accountNames.sameNames(as: b.accountNames)
                && a.commodityNames.sameNames(as: b.commodityNames) && a.declaredTypes == b.declaredTypes
                && a.allowsNegative == b.allowsNegative && a.styles == b.styles && a.booking == b.booking
                && a.currencies == b.currencies && a.defaultBooking == b.defaultBooking
                && !a.hasSplits && !b.hasSplits && a.touchesFollowed == b.touchesFollowed
        }
    }
}

/// The transactions a position replay reads, in file order: those of a kept
/// chunk by its memo (with them, kept there), the others (the head, a chunk
/// read in place, the generated ones) as they are; and the chunks whose let-go
/// records it reads.
struct PositionEvents: Sendable {
    enum Run: Sendable {
        case chunk(ChunkMemo, [Transaction])
        case loose([Transaction])

        var transactions: [Transaction] {
            switch self {
            case .chunk(_, let t), .loose(let t): return t
            }
        }
    }

    private(set) var runs: [Run] = []
    /// The chunks whose records may move a traded commodity, in order.
    private(set) var recordChunks: [ChunkMemo] = []

    /// The runs of `ledger`; nil when a record outside the kept chunks may
    /// move a traded commodity (such a record is not compared: the replay runs).
    init?(_ ledger: Ledger, traded: [Bool], readsRecords: Bool) {
        let journal = ledger.journal
        let key = Portfolio.candidatesKey(traded), kept = MemoKey("transactions\u{0}" + key)
        var loose: [Transaction] = []
        var at = 0
        let all = ledger.transactions
        func take(_ range: Range<Int>) {
            for i in range where Portfolio.mayMove(all[i], traded: traded) { loose.append(all[i]) }
        }
        for part in journal.chunkParts {
            let range = part.transactions
            guard range.lowerBound >= at, range.upperBound <= all.count else { return nil }
            take(at..<range.lowerBound)
            // The same answer as the replay's (`chunkedIndices` under the same key): the test runs once per chunk.
            let base = range.lowerBound
            let indices = part.memo.indices(kept) { range.filter { Portfolio.mayMove(all[$0], traded: traded) }.map { Int32($0 - base) } }
            let mine = part.memo.transactions(kept) { indices.map { all[base + Int($0)] } }
            if !mine.isEmpty {
                if !loose.isEmpty { runs.append(.loose(loose)) }
                loose = []
                runs.append(.chunk(part.memo, mine))
            }
            at = range.upperBound
        }
        take(at..<all.count)
        if !loose.isEmpty { runs.append(.loose(loose)) }
        guard readsRecords, let letGo = journal.letGo else { return }
        func moves(_ r: Int) -> Bool {
            let c = letGo.records[r].commodity
            return c >= 0 && Int(c) < traded.count && traded[Int(c)]
        }
        var next = 0
        let recordsKey = MemoKey("records\u{0}" + key)
        for part in journal.chunkParts {
            let range = part.records
            guard range.lowerBound >= next, range.upperBound <= letGo.records.count,
                  !(next..<range.lowerBound).contains(where: moves) else { return nil }
            let base = range.lowerBound
            if !part.memo.indices(recordsKey, { range.filter(moves).map { Int32($0 - base) } }).isEmpty {
                recordChunks.append(part.memo)
            }
            next = range.upperBound
        }
        guard !(next..<letGo.records.count).contains(where: moves) else { return nil }
    }

    /// Where each place the replay of these runs could name is in `other`,
    /// when the replay of `other` reads the same (the same chunks, and
    /// transactions that are the same but for their places); nil otherwise.
    func moves(to other: PositionEvents) -> [SourceLocation: SourceLocation]? {
        guard runs.count == other.runs.count, recordChunks.elementsEqual(other.recordChunks, by: ===) else { return nil }
        var moved: [SourceLocation: SourceLocation] = [:]
        for (a, b) in zip(runs, other.runs) {
            if case .chunk(let x, _) = a, case .chunk(let y, _) = b, x === y { continue }
            let (ta, tb) = (a.transactions, b.transactions)
            guard ta.count == tb.count else { return nil }
            for (s, t) in zip(ta, tb) {
                guard Portfolio.readsTheSame(s, t) else { return nil }
                for (p, q) in zip(s.postings, t.postings) where p.amountLocation != q.amountLocation {
                    moved[p.amountLocation] = q.amountLocation
                }
            }
        }
        return moved
    }
}

extension Portfolio {
    /// Which accounts (by id) are assets.
    static func assetAccounts(_ journal: Journal) -> [Bool] {
        journal.accounts.types().map { $0 == .asset }
    }

    /// Which commodities (by id) the replay follows: a commodity some asset
    /// account trades at a cost is followed in every asset account, so that
    /// shares received without a cost count as held.
    static func tradedCommodities(_ journal: Journal, assets: [Bool]) -> [Bool] {
        var traded = [Bool](repeating: false, count: journal.commodities.count)
        for pair in journal.tradedPairs where assets[Int(pair.account)] { traded[Int(pair.commodity)] = true }
        return traded
    }

    /// Whether a check stream let go of a transaction that moves a followed position.
    static func touchesFollowed(_ journal: Journal, assets: [Bool], traded: [Bool]) -> Bool {
        var touches = false
        journal.letGo?.touched.forEach { a, c in
            if c >= 0, Int(c) < traded.count, traded[Int(c)], assets[Int(a)] { touches = true }
        }
        return touches
    }

    /// Whether the replay may read `t`: more than it follows (an elided
    /// amount, an assertion, any account), from the transaction's text only.
    static func mayMove(_ t: Transaction, traded: [Bool]) -> Bool {
        func maybe(_ p: Posting) -> Bool {
            guard p.assertion == nil, let c = p.amount?.commodity else { return true }
            return c >= 0 && Int(c) < traded.count && traded[Int(c)]
        }
        return t.isSplit || t.generated != nil || t.postings.contains(where: maybe)
    }

    /// The memo key of `mayMove` (it reads the traded commodities).
    static func candidatesKey(_ traded: [Bool]) -> String {
        "positions\u{0}" + traded.indices.filter { traded[$0] }.map(String.init).joined(separator: ",")
    }

    /// Whether the replay reads the same of two transactions, but for their
    /// places: every field it reads (`init(_:end:diagnostics:keepsTrades:)`).
    static func readsTheSame(_ a: Transaction, _ b: Transaction) -> Bool {
        guard a.date == b.date, a.isSplit == b.isSplit, a.generated?.rule == b.generated?.rule,
              a.generated?.occurrence == b.generated?.occurrence, a.postings.count == b.postings.count else { return false }
        return zip(a.postings, b.postings).allSatisfy { p, q in
            p.account == q.account && p.amount == q.amount && p.virtual == q.virtual && p.cost == q.cost
                && p.lot == q.lot && p.lotDate == q.lotDate && (p.assertion == nil) == (q.assertion == nil)
        }
    }
}
