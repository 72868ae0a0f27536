/// Merging two journals read from two parts of one file: the one place that
/// knows every field of `Journal` that holds an account or commodity id. A
/// field added to `Journal` is merged here.
extension Journal {
    /// Appends `theirs` (read after everything in this journal), with its
    /// account and commodity ids rewritten into this journal's tables.
    /// Returns the maps from their ids to ours.
    mutating func append(_ theirs: consuming Journal) -> (accounts: [Int32], commodities: [Int32]) {
        let (accounts, commodities) = takeNames(of: theirs)
        let base = transactions.count
        Journal.remap(&theirs.transactions, accounts: accounts, commodities: commodities)
        transactions.append(contentsOf: theirs.transactions)
        theirs.transactions = []
        takeRest(of: theirs, accounts: accounts, commodities: commodities, base: base)
        return (accounts, commodities)
    }

    /// Appends the journal of a chunk kept between compiles (`ParsedChunk`,
    /// `ChunkGroup`), read where it is: `remapped` holds its transactions as
    /// the last compile that took it in rewrote them, with the maps it used.
    /// A compile whose maps are the same (the names read before the chunk
    /// unchanged, nearly every edit) takes them in as they are, rewriting no
    /// posting; where the last compile put them, when it left its array to
    /// this one (`takenOver`). Returns the maps from their ids to ours.
    mutating func append(keeping theirs: borrowing Journal, remapped: Guarded<RemappedTransactions?>,
                         takenOver: TransactionsTakenOver? = nil) -> (accounts: [Int32], commodities: [Int32]) {
        let (accounts, commodities) = takeNames(of: theirs)
        let mine: [Transaction], memo: ChunkMemo
        if let cached = remapped.withLock({ $0 }), cached.accounts == accounts, cached.commodities == commodities {
            (mine, memo) = (cached.transactions, cached.memo)
        } else {
            var remade = theirs.transactions
            Journal.remap(&remade, accounts: accounts, commodities: commodities)
            // No stage after the parse changes a transaction balanced where its chunk was read, with no assertion.
            memo = ChunkMemo(unchangedByTheCheck: remade.allSatisfy { t in t.isBalanced && !t.postings.contains { $0.assertion != nil } })
            mine = remade
            remapped.withLock { [remade] in $0 = (accounts, commodities, remade, memo) }
        }
        let placed: Range<Int>
        if let at = takenOver?.place(mine, memo: memo, in: &transactions) {
            placed = at
        } else {
            let base = transactions.count
            transactions.append(contentsOf: mine)
            placed = base..<transactions.count
        }
        chunkParts.append(ChunkPart(memo: memo, transactions: placed))
        takeRest(of: theirs, accounts: accounts, commodities: commodities, base: placed.lowerBound)
        return (accounts, commodities)
    }

    /// Rewrites the postings' account and commodity ids by the maps.
    private static func remap(_ transactions: inout [Transaction], accounts: [Int32], commodities: [Int32]) {
        for t in transactions.indices {
            for i in transactions[t].postings.indices { transactions[t].postings[i].remap(accounts: accounts, commodities: commodities) }
        }
    }

    /// Interns the names `theirs` uses, with their first uses and styles;
    /// returns the maps from their ids to ours.
    private mutating func takeNames(of theirs: borrowing Journal) -> (accounts: [Int32], commodities: [Int32]) {
        var accounts = [Int32](repeating: 0, count: theirs.accounts.count)
        for id in 0..<theirs.accounts.count {
            // By bytes, not by `String`: a name with invalid UTF-8 must map to itself.
            accounts[id] = theirs.accounts.table.withBytes(of: Int32(id)) { self.accounts.intern($0) }
            if let use = theirs.accounts.firstUse[id] { self.accounts.noteUse(accounts[id], at: use) }
            if theirs.accounts.usedWithoutAmount[id] { self.accounts.noteUseWithoutAmount(accounts[id]) }
        }
        var commodities = [Int32](repeating: 0, count: theirs.commodities.count)
        for id in 0..<theirs.commodities.count {
            let mine = theirs.commodities.table.withBytes(of: Int32(id)) { self.commodities.intern($0) }
            commodities[id] = mine
            self.commodities.absorb(theirs.commodities.styles[id], into: mine)
        }
        return (accounts, commodities)
    }

    /// Takes in everything of `theirs` but its names and transactions (appended at `base`).
    private mutating func takeRest(of theirs: borrowing Journal, accounts: [Int32], commodities: [Int32], base: Int) {
        for i in theirs.brokenTransactions { brokenTransactions.insert(base + i) }
        for var price in theirs.prices {
            price.commodity = commodities[Int(price.commodity)]
            price.price.commodity = commodities[Int(price.price.commodity)]
            prices.append(price)
        }
        for var split in theirs.splits {
            split.commodity = commodities[Int(split.commodity)]
            splits.append(split)
        }
        for (id, method) in theirs.commodities.booking { self.commodities.booking[commodities[Int(id)]] = method }
        for pair in theirs.tradedPairs {
            tradedPairs.insert(AccountCommodity(accounts[Int(pair.account)], commodities[Int(pair.commodity)]))
        }
        for (id, tags) in theirs.cardTags { cardTags[accounts[Int(id)], default: [:]].merge(tags) { _, new in new } }
        for (id, names) in theirs.accountTagNames { accountTagNames[accounts[Int(id)], default: []].formUnion(names) }
        for (id, tags) in theirs.accountTags { accountTags[accounts[Int(id)], default: []] += tags }
        for (key, values) in theirs.declarationTags { declarationTags[key, default: []].formUnion(values) }
        hasAssertions = hasAssertions || theirs.hasAssertions
        hasPostingDates = hasPostingDates || theirs.hasPostingDates
        declaresDecimalComma = declaresDecimalComma || theirs.declaresDecimalComma
        holidays.formUnion(theirs.holidays)
    }
}

/// A chunk's transactions with their ids rewritten into one compile's
/// tables, and the maps that rewrote them (`Journal.append(keeping:remapped:)`).
/// The memo of what the stages found in them goes with them (`ChunkMemo`).
typealias RemappedTransactions = (accounts: [Int32], commodities: [Int32], transactions: [Transaction], memo: ChunkMemo)
