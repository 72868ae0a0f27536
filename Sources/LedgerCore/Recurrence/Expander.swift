/// Materializes each rule's occurrences up to the horizon, skipping the ones
/// that recorded transactions fulfil.
///
/// A recorded transaction fulfils an occurrence when its payee equals the
/// rule's description (folded) or its `repeat:` tag names the rule, and its
/// date falls in the occurrence's window. Cost grows with the number of
/// occurrences (a binary search each), not with rules × transactions.
package struct Expander {
    public let until: CivilDate
    /// Where a rule with very many occurrences is reported (a warning above
    /// `manyOccurrences`, an error past `mostOccurrences`).
    public let diagnostics: DiagnosticEngine?

    /// One rule with more occurrences than this up to the horizon gets a warning.
    public static let manyOccurrences = 10_000
    /// The most occurrences a compile generates in all: past it, generation
    /// stops with an error naming the rule (memory stays bounded).
    public static let mostOccurrences = 1_000_000
    /// This compile's bound (`CompileOptions.mostOccurrences`; the fuzzer's is lower).
    public let most: Int
    /// The occurrences' postings, in all, are bounded at this many times
    /// `most`: a rule of 2,000 postings every day for a century (46 KB)
    /// made 73 million, and `report summary` took 35 s and 940 MB.
    static let postingsPerOccurrence = 4

    public init(until: CivilDate, diagnostics: DiagnosticEngine? = nil, most: Int = Expander.mostOccurrences) {
        self.until = until
        self.diagnostics = diagnostics
        self.most = max(1, most)
    }

    /// True if the recorded transaction names the rule whose folded
    /// description is `rule`: by its payee, or by a `repeat:` tag. The rule
    /// `fulfilmentIndex` applies to a whole journal at once.
    static func names(_ t: Transaction, rule: String) -> Bool {
        foldedName(t.payee) == rule || t.tag("repeat").map(foldedName) == rule
    }

    /// Dates of recorded transactions that name each rule (by payee or `repeat:`
    /// tag), indexed by rule, sorted.
    static func fulfilmentIndex(_ journal: Journal) -> [[Int32]] {
        var names = NameTable()
        var ruleOfName: [Int32: [Int]] = [:]
        for (r, rule) in journal.rules.enumerated() where rule.isValid && rule.card == nil {
            ruleOfName[names.intern(foldedName(rule.description)), default: []].append(r)
        }
        var dates = [[Int32]](repeating: [], count: journal.rules.count)
        if ruleOfName.isEmpty { return dates }
        var scratch: [UInt8] = []
        // A name whose first letter begins no rule's name is not looked up.
        let firsts = FirstLetters(journal.rules.lazy.filter { $0.isValid && $0.card == nil }.map(\.description))
        func record(_ name: Substring, _ day: Int32) {
            guard firsts.mayBegin(name), let id = FoldedLookup.find(name, in: names, scratch: &scratch), let rules = ruleOfName[id] else { return }
            for r in rules { dates[r].append(day) }
        }
        // A kept chunk's transactions and records that name a rule are found once (and again when the rules' names change).
        let key = "fulfils\u{0}" + journal.rules.filter { $0.isValid && $0.card == nil }.map { foldedName($0.description) }.joined(separator: "\u{0}")
        // Read in place: a copy of each transaction would cost more than the lookup.
        journal.transactions.withUnsafeBufferPointer { all in
            /// The rules transaction `i` names, by its payee and its `repeat:` tag.
            func named(_ i: Int, _ body: (Substring) -> Void) {
                let payee = Transaction.payeeSlice(of: all[i].description)
                body(payee)
                if let tagged = Transaction.tag("repeat", in: all[i].comment), foldedName(tagged) != foldedName(String(payee)) {
                    body(tagged[...])
                }
            }
            let naming = chunkedIndices(count: all.count, parts: journal.chunkParts, key: key) { i in
                var namesOne = false
                named(i) { name in
                    if !namesOne, firsts.mayBegin(name), let id = FoldedLookup.find(name, in: names, scratch: &scratch), ruleOfName[id] != nil { namesOne = true }
                }
                return namesOne
            }
            for i in naming where journal.brokenTransactions.isEmpty || !journal.brokenTransactions.contains(i) {
                named(i) { record($0, all[i].date.day) }
            }
        }
        if let letGo = journal.letGo {
            // Transactions `check` let go: each distinct payee is looked up once.
            var rulesOfPayee = [[Int]?](repeating: nil, count: letGo.payees.count)
            for id in 0..<letGo.payees.count {
                let name = letGo.payees[Int32(id)][...]
                if let found = FoldedLookup.find(name, in: names, scratch: &scratch) { rulesOfPayee[id] = ruleOfName[found] }
            }
            let records = letGo.records
            let naming = chunkedIndices(count: records.count, parts: journal.chunkParts, in: .records, key: key) { i in
                rulesOfPayee[Int(records[i].payee)] != nil
            }
            for i in naming {
                for r in rulesOfPayee[Int(records[i].payee)] ?? [] { dates[r].append(records[i].day) }
            }
            for (day, name) in letGo.repeatTags { record(name[...], day) }
        }
        for r in dates.indices { dates[r].sort() }
        return dates
    }

    /// The unfulfilled occurrences of every valid `repeat` rule up to the
    /// horizon, as transactions (a card's payments come after, from the
    /// ledger these make: `Ledger.billingCards`).
    public func unfulfilled(_ journal: Journal) -> [Transaction] {
        let index = Expander.fulfilmentIndex(journal)
        // The near-miss index is made at the first occurrence nothing fulfils (a
        // journal whose rules are all recorded never needs it: an editor's edit at 100k paid 6%).
        var nearMisses: NearMisses?
        var generated: [Transaction] = []
        var postings = 0
        let mostPostings = most.multipliedReportingOverflow(by: Expander.postingsPerOccurrence).partialValue
        rules: for (r, rule) in journal.rules.enumerated() where rule.isValid && rule.card == nil {
            let dates = index[r]
            var k = 0
            for (occurrence, w) in rule.occurrences(holidays: journal.holidays).withWindows() {
                let d = occurrence.date
                if d > until { break }
                if !Expander.containsDay(in: w, dates) {
                    if diagnostics != nil, nearMisses == nil { nearMisses = NearMisses(journal) }
                    for at in nearMisses?.take(rule: r, in: w) ?? [] {
                        diagnostics?.warning(Messages.nearMissOccurrence(d.description, rule.description), at: at)
                    }
                    if generated.count == most {
                        diagnostics?.error(Messages.tooManyOccurrences(rule.description, most), at: rule.location)
                        break rules
                    }
                    postings += rule.template.postings.count
                    if postings > mostPostings {
                        diagnostics?.error(Messages.tooManyOccurrencePostings(rule.description, mostPostings), at: rule.location)
                        break rules
                    }
                    var t = rule.template
                    t.date = d
                    t.generated = GeneratedFrom(rule: Int32(r), occurrence: Int32(occurrence.index))
                    generated.append(t)
                }
                k += 1
            }
            if k > Expander.manyOccurrences { diagnostics?.warning(Messages.manyOccurrences(rule.description, k), at: rule.location) }
        }
        return generated
    }

    /// True if some day in the sorted list falls in the window.
    static func containsDay(in window: Range<Int32>, _ days: [Int32]) -> Bool {
        let lo = days.partitionIndex { $0 >= window.lowerBound }
        return lo < days.count && days[lo] < window.upperBound
    }

}
