/// Recorded transactions that look like a rule's occurrence but do not
/// fulfil it: the same accounts and amounts as the rule, dated inside an
/// unfulfilled occurrence's window, under another description. The
/// occurrence is still generated, so the money would count twice; the
/// expander warns at the recorded transaction.
struct NearMisses {
    /// A posting as the comparison sees it: amounts equal when their values are.
    private struct Key: Hashable, Comparable {
        var account: Int32
        var commodity: Int32
        var quantity: ExactDecimal

        static func < (a: Key, b: Key) -> Bool {
            if a.account != b.account { return a.account < b.account }
            if a.commodity != b.commodity { return a.commodity < b.commodity }
            return a.quantity < b.quantity
        }
    }

    /// A recorded transaction that has the postings of a rule.
    struct Candidate {
        var day: Int32
        var location: SourceLocation
        var warned = false
    }

    /// Per rule, its candidates in date order.
    private(set) var byRule: [[Candidate]]

    /// Finds, for each valid rule, the recorded transactions (kept or let go)
    /// whose postings equal its template's and that do not name it.
    init(_ journal: Journal) {
        byRule = [[Candidate]](repeating: [], count: journal.rules.count)
        var rulesOf: [[Key]: [Int]] = [:]
        // Which numbers of postings some rule has (a test per transaction: no hashing).
        var sizesSeen = [Bool](repeating: false, count: 8)
        // Only a transaction whose every account is some rule's is compared (no allocation for the others).
        var accountsSeen = [Bool](repeating: false, count: journal.accounts.count)
        for (r, rule) in journal.rules.enumerated() where rule.isValid && rule.card == nil {
            guard let keys = NearMisses.keys(rule.template.postings.lazy.map { ($0.account, $0.amount) }) else { continue }
            rulesOf[keys, default: []].append(r)
            if keys.count >= sizesSeen.count { sizesSeen += Array(repeating: false, count: keys.count + 1 - sizesSeen.count) }
            sizesSeen[keys.count] = true
            for k in keys { accountsSeen[Int(k.account)] = true }
        }
        if rulesOf.isEmpty { return }
        // (Constants from here: the functions below read them with no access checked at run time.)
        let sizes = sizesSeen, ruleAccount = accountsSeen
        let folded = journal.rules.map { foldedName($0.description) }
        /// The rules a transaction with these postings, payee and tag is a near miss of.
        func rules(_ keys: [Key]?, payee: String, tag: () -> String?) -> [Int] {
            guard let keys, let rules = rulesOf[keys] else { return [] }
            let tag = tag().map(foldedName), payee = foldedName(payee)
            return rules.filter { payee != folded[$0] && tag != folded[$0] }
        }
        // What a kept chunk holds that is a near miss is found once (`ChunkMemo`).
        let key = journal.chunkParts.isEmpty ? "" : NearMisses.key(journal, rulesOf, folded)
        // Read in place: most transactions are passed over, and a copy of each would cost more.
        journal.transactions.withUnsafeBufferPointer { all in
            func near(_ i: Int) -> [Int] {
                guard all[i].postings.count < sizes.count, sizes[all[i].postings.count], all[i].postings.allSatisfy({ ruleAccount[Int($0.account)] }) else { return [] }
                return rules(NearMisses.keys(all[i].postings.lazy.map { ($0.account, $0.amount) }), payee: all[i].payee, tag: { all[i].tag("repeat") })
            }
            // (A balance assignment's amount is worked out from the others: asked again each time.)
            let found = journal.chunkParts.isEmpty ? nil : chunkedIndices(count: all.count, parts: journal.chunkParts, key: key) { i in
                all[i].postings.contains { $0.assertion != nil } || !near(i).isEmpty
            }
            func take(_ i: Int) {
                guard !journal.brokenTransactions.contains(i) else { return }
                for r in near(i) { byRule[r].append(Candidate(day: all[i].date.day, location: all[i].location)) }
            }
            if let found { found.forEach(take) } else { all.indices.forEach(take) }
        }
        if let letGo = journal.letGo {
            // Held here once: a record passed over is read with no reference counted.
            let records = letGo.records, stored = letGo.moves
            let found = journal.chunkParts.isEmpty ? nil : chunkedIndices(count: records.count, parts: journal.chunkParts, in: .records, key: key) {
                !near($0).isEmpty
            }
            func take(_ i: Int) {
                for r in near(i) { byRule[r].append(Candidate(day: records[i].day, location: records[i].location)) }
            }
            if let found { found.forEach(take) } else { records.indices.forEach(take) }
            /// The rules record `i` is a near miss of.
            func near(_ i: Int) -> [Int] {
                let start = i == 0 ? 0 : Int(records[i - 1].end), end = Int(records[i].end)
                guard end - start < sizes.count, sizes[end - start] else { return [] }
                for k in start..<end where !ruleAccount[Int(stored[k].account)] { return [] }
                // (A transaction that names the rule fulfils the occurrence, whose
                // window is then never searched: the names only keep the lists short.)
                return rules(NearMisses.keys(letGo.moves(of: i).lazy.map { ($0.account, Amount($0.quantity, $0.commodity)) }),
                             payee: letGo.payees[records[i].payee], tag: { nil })
            }
        }
        for r in byRule.indices { byRule[r].sort { $0.day != $1.day ? $0.day < $1.day : $0.location < $1.location } }
    }

    /// What a chunk's memo of near misses is kept under: every rule's postings and name.
    private static func key(_ journal: Journal, _ rulesOf: [[Key]: [Int]], _ folded: [String]) -> String {
        "near\u{0}" + journal.rules.indices.filter { r in rulesOf.values.contains { $0.contains(r) } }.map { r in
            journal.rules[r].template.postings.map { "\($0.account) \($0.amount.map { "\($0.commodity) \($0.quantity.normalized)" } ?? "")" }
                .joined(separator: ",") + "=" + folded[r]
        }.joined(separator: "\u{0}")
    }

    /// The postings as sorted keys; nil when one has no amount.
    private static func keys<S: Sequence>(_ postings: S) -> [Key]? where S.Element == (Int32, Amount?) {
        var keys: [Key] = []
        for (account, amount) in postings {
            guard let amount else { return nil }
            keys.append(Key(account: account, commodity: amount.commodity, quantity: amount.quantity.normalized))
        }
        return keys.sorted()
    }

    /// The candidates of rule `r` inside `window` not warned about yet; marks them warned.
    mutating func take(rule r: Int, in window: Range<Int32>) -> [SourceLocation] {
        var found: [SourceLocation] = []
        for k in byRule[r].indices where window.contains(byRule[r][k].day) && !byRule[r][k].warned {
            byRule[r][k].warned = true
            found.append(byRule[r][k].location)
        }
        return found
    }
}
