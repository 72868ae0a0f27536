/// Applies automated transactions (`= QUERY`) as hledger 1.25 does with
/// `--auto`: after balancing and before balance assertions, each rule in file
/// order looks at every posting of a transaction (the ones earlier rules added
/// included, its own not) and puts its postings right after each posting the
/// query matches. `*N` is the matched amount times N, in its commodity and
/// at its cost. The real postings a rule adds must balance among themselves
/// (hledger does not check; a transaction must never stop balancing in
/// silence); one of them left without an amount is what balances them, and
/// is written out like the others (hledger: "auto postings are always explicit").
///
/// Since a rule sees what earlier rules added, rules that match each other's
/// postings multiply them: sixteen rules of two postings that match every
/// account make one posting 3^16. So the postings are bounded, as `repeat`
/// rules' occurrences are: a rule that would give a transaction more than
/// `mostPostingsInATransaction` is not applied to it, and past `most`
/// generated postings in all the rules stop (each an error at the rule).
struct AutomatedPostings {
    private var rules: [CompiledRule]
    private let journal: Journal
    private let diagnostics: DiagnosticEngine
    private let check: Balancer
    /// The most postings the rules add in all (`CompileOptions.mostGeneratedPostings`).
    private let most: Int
    /// The postings added so far, and whether `most` stopped the rules.
    private var added = 0, stopped = false
    /// The places of the postings one rule matches in one transaction (kept between them).
    private var matches: [Int] = []
    /// What the rules' patterns may take matching names and postings (a
    /// journal's own patterns: N rules over N accounts grow with the square of the file).
    private let work: PatternWork

    /// The most postings a transaction has after the rules. No transaction
    /// written by hand comes near it; a journal that reaches it is one whose
    /// rules match each other's postings.
    static let mostPostingsInATransaction = 10_000
    /// The most postings the rules of one compile add in all (the fuzzer's bound is lower).
    static let mostGeneratedPostings = 1_000_000

    /// A rule with its query made ready for the journal (each account name matched once).
    private struct CompiledRule {
        let rule: AutomatedRule
        let comment: String
        let matcher: QueryMatcher
        var reportedUnbalanced = false
        var reportedTooMany = false
    }

    init?(_ journal: Journal, diagnostics: DiagnosticEngine, most: Int = AutomatedPostings.mostGeneratedPostings,
          patternSteps: Int = PatternWork.most) {
        guard !journal.automatedRules.isEmpty else { return nil }
        self.journal = journal
        self.diagnostics = diagnostics
        self.most = max(1, most)
        work = PatternWork(most: patternSteps)
        let accounts = journal.accounts
        check = Balancer(commodities: journal.commodities, diagnostics: DiagnosticEngine(), accountName: { accounts[$0] })
        rules = []
        let names = MatchableNames(accounts)
        for rule in journal.automatedRules {
            let matcher = QueryMatcher(rule.filter, accounts: accounts, commodities: journal.commodities, accountTags: [:], work: work, names: names)
            rules.append(CompiledRule(rule: rule, comment: "generated-posting: = \(rule.query)", matcher: matcher))
            guard !work.ranOut else { break }
        }
        if work.ranOut { patternsRanOut(rules.count - 1) }
    }

    /// The rules' patterns took all their work, in rule `r`: an error at it,
    /// and the rules add no more postings (the ones before it would not
    /// match a description any more: their patterns have no work left).
    private mutating func patternsRanOut(_ r: Int) {
        if !work.reported {
            work.reported = true
            diagnostics.error(Messages.automatedPatternsTooSlow(rules[r].rule.query, work.most), at: rules[r].rule.location)
        }
        stopped = true
    }

    /// Adds the rules' postings to every balanced transaction and `repeat` template.
    mutating func apply(to journal: inout Journal) {
        for i in journal.transactions.indices where !journal.brokenTransactions.contains(i) {
            apply(to: &journal.transactions[i])
        }
        for i in journal.rules.indices where journal.rules[i].isValid {
            apply(to: &journal.rules[i].template)
        }
    }

    /// Adds the rules' postings to one transaction made after the check (a
    /// `--forecast` transaction of a `~` rule, as hledger's `--auto` adds them).
    package static func applying(_ journal: Journal, to transactions: inout [Transaction]) {
        guard var rules = AutomatedPostings(journal, diagnostics: DiagnosticEngine()) else { return }
        for k in transactions.indices { rules.apply(to: &transactions[k]) }
    }

    private mutating func apply(to t: inout Transaction) {
        // A posting still without an amount waits for a balance assignment; such a transaction is left as it is.
        guard !t.postings.contains(where: { $0.amount == nil }) else { return }
        for r in rules.indices {
            guard !stopped else { return }
            matches.removeAll(keepingCapacity: true)
            for (k, p) in t.postings.enumerated() where rules[r].matcher.matches(t, p) { matches.append(k) }
            if work.ranOut {
                patternsRanOut(r)
                return
            }
            guard !matches.isEmpty else { continue }
            // Counted before any is made: a rule past a bound is not applied (here, or anywhere after).
            let adding = matches.count * rules[r].rule.postings.count
            if t.postings.count + adding > Self.mostPostingsInATransaction {
                reportTooMany(r, Messages.automatedTransactionTooLarge(rules[r].rule.query, Self.mostPostingsInATransaction), in: t)
                continue
            }
            if added + adding > most {
                reportTooMany(r, Messages.tooManyGeneratedPostings(rules[r].rule.query, most), in: t)
                stopped = true
                return
            }
            var out: [Posting] = []
            out.reserveCapacity(t.postings.count + adding)
            var m = 0
            var changed = false
            for (k, p) in t.postings.enumerated() {
                out.append(p)
                guard m < matches.count, matches[m] == k else { continue }
                m += 1
                guard let made = generated(r, for: p) else { continue }
                out.append(contentsOf: made)
                added += made.count
                changed = true
            }
            if changed { t.postings = out }
        }
    }

    /// A bound reached by rule `r`: an error at the rule (once), with a note at the first transaction it was not applied to.
    private mutating func reportTooMany(_ r: Int, _ message: DiagnosticMessage, in t: Transaction) {
        guard !rules[r].reportedTooMany else { return }
        rules[r].reportedTooMany = true
        diagnostics.error(message, at: rules[r].rule.location,
                          notes: [DiagnosticNote(Messages.automatedTransactionTooLargeHere, at: t.location)])
    }

    /// The postings a rule adds after `p`, or nil (reported) when they cannot be made.
    private mutating func generated(_ r: Int, for p: Posting) -> [Posting]? {
        let rule = rules[r]
        var added: [Posting] = []
        let matched = p.amount!
        for (k, template) in rule.rule.postings.enumerated() {
            var q = template
            if let n = rule.rule.multipliers[k] {
                guard let product = matched.quantity.multiplied(by: n) else {
                    diagnostics.error(Messages.overflow, at: template.amountLocation)
                    return nil
                }
                q.amount = Amount(product, matched.commodity)
                if var c = p.cost {
                    // A total cost scales with the amount; a unit cost stays.
                    if c.isTotal {
                        guard let total = c.amount.quantity.multiplied(by: n.magnitude) else {
                            diagnostics.error(Messages.overflow, at: template.amountLocation)
                            return nil
                        }
                        c.amount.quantity = total
                    }
                    q.cost = c
                }
            }
            q.comment = template.comment.map { rule.comment + "\n" + $0 } ?? rule.comment
            added.append(q)
        }
        // Real (and balanced virtual) postings added must balance among themselves.
        var probe = Transaction(date: CivilDate(day: 0), description: "", location: rule.rule.location)
        probe.postings = added.filter { $0.virtual != .unbalanced }
        if !probe.postings.isEmpty, !check.balance(&probe) {
            if !rules[r].reportedUnbalanced {
                rules[r].reportedUnbalanced = true
                diagnostics.error(Messages.automatedUnbalanced(rule.rule.query, unbalance(probe.postings)), at: rule.rule.location)
            }
            return nil
        }
        guard added.contains(where: { $0.amount == nil }) else { return added }
        // The posting left without an amount: the one or more the balancer put in its place.
        var balanced = probe.postings[...]
        var out: [Posting] = []
        for q in added {
            if q.virtual == .unbalanced {
                out.append(q)
            } else if q.amount != nil, let next = balanced.popFirst() {
                out.append(next)
            } else {
                while let next = balanced.first, next.isInferred, next.location == q.location {
                    var written = next
                    written.isInferred = false
                    out.append(written)
                    balanced.removeFirst()
                }
            }
        }
        return out
    }

    /// The sum of postings that should have balanced, for the message.
    /// (A sum that does not fit is left out of the message; the error is given either way.)
    private func unbalance(_ postings: [Posting]) -> String {
        var sums = AmountSums()
        for p in postings { if let c = check.contribution(p) { _ = sums.add(c) } }
        return journal.commodities.format(sums.amounts.filter { !$0.quantity.isZero })
    }
}
