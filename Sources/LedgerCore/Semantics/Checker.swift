/// What the checker requires beyond balancing.
package struct CheckOptions: Sendable {
    /// Every account and commodity used must be declared (hledger's `--strict`).
    public var strict = false
    /// Every payee used must be declared (`check --check-payees`).
    public var checkPayees = false
    /// What `strict` asks of: accounts, commodities, or both (hledger's `check accounts`, `check commodities`).
    public var strictAccounts = true, strictCommodities = true
    /// The most postings automated transactions add (`CompileOptions.mostGeneratedPostings`).
    public var mostGeneratedPostings = AutomatedPostings.mostGeneratedPostings
    /// The work automated transactions' patterns may take (`CompileOptions.mostPatternSteps`).
    public var mostPatternSteps = PatternWork.most

    public init(strict: Bool = false, checkPayees: Bool = false) {
        self.strict = strict
        self.checkPayees = checkPayees
    }
}

/// Balances every transaction and rule template, infers elided amounts, and
/// evaluates balance assertions and assignments in date-then-file order.
package struct Checker {
    public let diagnostics: DiagnosticEngine
    public let options: CheckOptions

    public init(diagnostics: DiagnosticEngine, options: CheckOptions = CheckOptions()) {
        self.diagnostics = diagnostics
        self.options = options
    }

    public func check(_ journal: inout Journal) {
        let accounts = journal.accounts
        let balancer = Balancer(commodities: journal.commodities, diagnostics: diagnostics, accountName: { accounts[$0] })
        var hasAssertions = false
        for i in Checker.transactionsToBalance(journal) where !journal.brokenTransactions.contains(i) {
            if journal.hasAssertions, journal.transactions[i].postings.contains(where: { $0.assertion != nil }) {
                hasAssertions = true
                // Transactions with balance assignments are balanced in date order below.
                if journal.transactions[i].postings.contains(where: { $0.assertion != nil && $0.amount == nil }) { continue }
            }
            // Balanced already where its chunk was read (`balanceExactly`).
            if journal.transactions[i].isBalanced { continue }
            if !balancer.balance(&journal.transactions[i]) { journal.brokenTransactions.insert(i) }
        }
        for i in journal.rules.indices {
            if !balancer.balance(&journal.rules[i].template, isRule: true) { journal.rules[i].isValid = false }
        }
        // A rule with a balance assignment (`Checking = -100`) is balanced in each forecast, where the balance is known.
        for i in journal.periodic.indices where !journal.periodic[i].template.postings.contains(where: { $0.assertion != nil && $0.amount == nil }) {
            balancer.balance(&journal.periodic[i].template)
        }
        if var automated = AutomatedPostings(journal, diagnostics: diagnostics, most: options.mostGeneratedPostings, patternSteps: options.mostPatternSteps) { automated.apply(to: &journal) }
        if hasAssertions {
            AssertionChecker(commodities: journal.commodities, accounts: journal.accounts,
                             diagnostics: diagnostics, balancer: balancer).run(&journal)
        }
        checkAccountNames(journal)
        if options.strict || options.checkPayees { checkDeclarations(journal) }
    }

    /// The transactions the loop above looks at: all but those of the chunk parts
    /// whose every transaction balanced where its chunk was read and holds no
    /// assertion (`ChunkMemo.unchangedByTheCheck`), for which it has nothing
    /// to do. An edit's check then does not read every kept transaction.
    static func transactionsToBalance(_ journal: Journal) -> FlattenSequence<[Range<Int>]> {
        var ranges: [Range<Int>] = []
        var at = 0
        let count = journal.transactions.count
        for part in journal.chunkParts where part.memo.unchangedByTheCheck {
            let range = part.transactions
            guard range.lowerBound >= at, range.upperBound <= count else { continue }
            if range.lowerBound > at { ranges.append(at..<range.lowerBound) }
            at = range.upperBound
        }
        if at < count { ranges.append(at..<count) }
        return ranges.joined()
    }

    /// Balances the transactions of a part of a journal read on its own (a
    /// chunk of a large file, `ParsedChunk`) where they balance exactly, and
    /// marks them (`Transaction.isBalanced`): the check of the whole, made
    /// again after every edit, balances only the others. What sums to exactly
    /// zero balances at any display precision the whole may have, and the
    /// amounts inferred are the same; anything else (a residue, an error, a
    /// balance assignment, worked out in date order) is left to the check.
    static func balanceExactly(_ journal: inout Journal) {
        // What it says of a transaction that does not balance is said again by the check of the whole.
        let scratch = DiagnosticEngine()
        let balancer = Balancer(commodities: journal.commodities, diagnostics: scratch, accountName: { _ in "" })
        for i in journal.transactions.indices where !journal.brokenTransactions.contains(i) {
            var t = journal.transactions[i]
            if t.postings.contains(where: { $0.assertion != nil && $0.amount == nil }) { continue }
            guard balancer.balance(&t), balancer.sumsToZeroExactly(t) else { continue }
            t.isBalanced = true
            journal.transactions[i] = t
        }
    }

    /// Account names that look like typos, each reported once at its first use:
    /// a name that ends in an amount (one space where two were meant), and,
    /// in a journal that declares accounts, an undeclared name one or two
    /// edits from a declared one (a warning; with `--strict`, a note on the error).
    private func checkAccountNames(_ journal: Journal) {
        let accounts = journal.accounts
        let declared = accounts.declared.keys.sorted().map { accounts[$0] }
        let used = (0..<Int32(accounts.count)).filter { accounts.firstUse[Int($0)] != nil }
        // Near misses cost an edit distance per pair: skipped for huge account lists.
        let compareNames = !declared.isEmpty && !options.strict && declared.count * used.count <= 2_000_000
        let near = NearWords(compareNames ? declared : [])
        // A parent of declared accounts is known through them (`지출:식비` of `지출:식비:외식`).
        var impliedByDeclared = Set<Int32>()
        for id in accounts.declared.keys {
            var p = accounts.parent[Int(id)]
            while p >= 0, impliedByDeclared.insert(p).inserted { p = accounts.parent[Int(p)] }
        }
        for id in used {
            let name = accounts[id]
            let at = accounts.firstUse[Int(id)]!
            // A full-width character says what is wrong better than a near miss would.
            let wide = FullWidth.first(in: name[...])
            if let wide {
                diagnostics.warning(Messages.fullWidthInAccount(name, wide.character, wide.code, wide.ascii), at: at)
            }
            // (Not again where balancing already reported it as an error.)
            // A posting with no amount whose account ends in one: one space where two were meant.
            // Only an ending that can be nothing but an amount is an error of its own
            // (`지출:식비 -12,000원`); `MasterCard P1` is a valid name, and a
            // weaker ending is said only as a note on the error it explains.
            if accounts.usedWithoutAmount[Int(id)], let amount = unmistakableAmountAtEnd(of: name) {
                if !diagnostics.diagnostics.contains(where: { $0.location == at && $0.severity == .error }) {
                    diagnostics.error(Messages.accountEndsInAmount(name, amount), at: at,
                                      notes: [DiagnosticNote(Messages.accountAmountSeparator)])
                }
            } else if let amount = amountAtEnd(of: name), !diagnostics.diagnostics.contains(where: { $0.location == at && $0.severity == .error }) {
                diagnostics.warning(Messages.accountEndsInAmount(name, amount), at: at,
                                    notes: [DiagnosticNote(Messages.accountAmountSeparator)])
            }
            if compareNames, wide == nil, accounts.declared[id] == nil, !impliedByDeclared.contains(id), let near = near.closest(to: name) {
                diagnostics.warning(Messages.undeclaredNear(name, near), at: at,
                                    notes: [DiagnosticNote(Messages.didYouMean(near))])
            }
        }
    }

    /// The most undeclared accounts that get a "did you mean" in one check.
    static let mostSuggestions = 1_000

    /// `--strict`: each undeclared account, commodity and payee is reported once, at its first use.
    private func checkDeclarations(_ journal: Journal) {
        var reported = Set<String>()
        let declaredAccounts = NearWords(journal.accounts.declared.keys.sorted().map { journal.accounts[$0] })
        // A suggestion compares the name with every declared one: the first
        // errors shown get one (each against all, for 10,000 undeclared
        // names of 10,000 declared ones, took 5.8 s for errors never shown).
        var suggestionsLeft = Checker.mostSuggestions
        func report(_ kind: String, _ directive: String, _ name: String, _ at: SourceLocation) {
            guard reported.insert(kind + "\u{0}" + name).inserted else { return }
            var notes = [DiagnosticNote(Messages.undeclaredHint(directive, name))]
            if kind == "account", suggestionsLeft > 0, diagnostics.keepsNextError {
                suggestionsLeft -= 1
                if let near = declaredAccounts.closest(to: name) { notes.insert(DiagnosticNote(Messages.didYouMean(near)), at: 0) }
            }
            diagnostics.error(Messages.undeclared(kind, name, option: kind == "payee" ? "--check-payees" : "--strict"), at: at, notes: notes)
        }
        let templates = journal.rules.map(\.template) + journal.periodic.map(\.template)
        for t in journal.transactions + templates {
            if options.checkPayees, journal.declaredPayees[foldedName(t.payee)] == nil, !t.payee.isEmpty {
                report("payee", "payee", t.payee, t.location)
            }
            guard options.strict else { continue }
            for p in t.postings {
                // Every posting's account, its amount written or not (an elided
                // `equity:opening balances` was passed over); an inferred
                // amount's commodity is the others'.
                if options.strictAccounts, journal.accounts.declared[p.account] == nil {
                    report("account", "account", journal.accounts[p.account], p.location)
                }
                guard options.strictCommodities, !p.isInferred || p.amount == nil else { continue }
                let used = [p.amount?.commodity, p.cost?.amount.commodity, p.lotCommodity, p.assertion?.amount.commodity]
                for case let c? in used where c != CommodityTable.none && journal.commodities.declared[c] == nil {
                    report("commodity", "commodity", journal.commodities[c], p.amountLocation)
                }
            }
        }
    }
}

/// Walks recorded transactions in date order (file order for equal dates),
/// keeping running balances, filling in balance assignments and checking assertions.
struct AssertionChecker {
    let commodities: CommodityTable
    let accounts: AccountTable
    let diagnostics: DiagnosticEngine
    let balancer: Balancer

    func run(_ journal: inout Journal) {
        var walk = AssertionWalk(journal.transactions, journal: journal)
        while let i = walk.next(journal.transactions) {
            var t = journal.transactions[i]
            // A broken transaction still moves balances by the amounts it states,
            // so that one error does not cascade into failed assertions.
            var broken = journal.brokenTransactions.contains(i)
            // `print` marks occurrences with a `generated:` tag: read back, they
            // are still projections that never move or check an assertion (an
            // assertion of a rule's template is checked by no occurrence; a
            // fuzz finding: printed, it failed). The walk leaves them out, but
            // for an assignment still to work out (print always writes an amount).
            if !broken, t.postings.contains(where: { $0.assertion != nil && $0.amount == nil }) {
                // An assignment sees the postings above it in the same transaction.
                var running = walk.balances
                var j = 0
                while j < t.postings.count {
                    if t.postings[j].amount == nil, let a = t.postings[j].assertion {
                        // The amounts that make the assertion hold, exactly, or an error here.
                        guard let amounts = assigned(a, account: t.postings[j].account, &running) else {
                            diagnostics.error(Messages.runningBalanceOverflows(accounts[t.postings[j].account]), at: a.location)
                            broken = true
                            break
                        }
                        // One posting per commodity (`income ==* 0` over EUR and HRK), each inferred.
                        var first = t.postings[j]
                        first.amount = amounts[0]
                        // `= 4 ABC @@ 400 USD`: the amount posted in the asserted commodity has the cost, as hledger gives it.
                        if let cost = a.cost, amounts[0].commodity == a.amount.commodity { first.cost = cost }
                        first.isInferred = true
                        t.postings[j] = first
                        // The assertion goes on the last of them: it is checked once all are posted.
                        if amounts.count > 1 { t.postings[j].assertion = nil }
                        for (n, extra) in amounts.dropFirst().enumerated() {
                            var more = first
                            more.amount = extra
                            more.cost = nil
                            more.assertion = n == amounts.count - 2 ? first.assertion : nil
                            j += 1
                            t.postings.insert(more, at: j)
                            running.add(extra.quantity, to: AccountCommodity(more.account, extra.commodity))
                        }
                        running.add(amounts[0].quantity, to: AccountCommodity(first.account, amounts[0].commodity))
                    } else if let a = t.postings[j].amount {
                        running.add(a.quantity, to: AccountCommodity(t.postings[j].account, a.commodity))
                    }
                    j += 1
                }
                if broken || !balancer.balance(&t) {
                    journal.brokenTransactions.insert(i)
                    continue
                }
                journal.transactions[i] = t
            }
            for p in t.postings {
                walk.post(p)
                if !broken, let assertion = p.assertion { verify(assertion, account: p.account, &walk.balances) }
            }
        }
    }

    /// What a balance assignment posts: the asserted amount less the balance,
    /// and with `==` (or `==*`) also every other commodity the account (with
    /// its subaccounts) holds brought to zero, as hledger assigns it; a bare
    /// `0` (no commodity) brings every commodity to zero. Nil on an overflow.
    private func assigned(_ a: BalanceAssertion, account: Int32, _ running: inout RunningBalances) -> [Amount]? {
        let c = a.amount.commodity
        var out: [Amount] = []
        if c != CommodityTable.none || !a.isTotal || !a.amount.quantity.isZero {
            guard let current = balance(of: account, c, a.includesSubaccounts, &running), let q = a.amount.quantity.subtracting(current) else { return nil }
            out.append(Amount(q, c))
        }
        if a.isTotal {
            var held: [Int32] = []
            if a.includesSubaccounts {
                for k in running.keys where accounts.isSelfOrDescendant(k.account, of: account) && !held.contains(k.commodity) { held.append(k.commodity) }
            } else {
                held = running.commodities(of: account)
            }
            for other in held.sorted() where other != c {
                guard let current = balance(of: account, other, a.includesSubaccounts, &running) else { return nil }
                if !current.isZero { out.append(Amount(current.negated, other)) }
            }
        }
        return out.isEmpty ? [Amount(.zero, c)] : out
    }

    /// The balance an assertion reads; nil when it does not fit (an overflow on the way).
    private func balance(of account: Int32, _ commodity: Int32, _ inclusive: Bool, _ balances: inout RunningBalances) -> ExactDecimal? {
        balances.balance(of: account, commodity, includingSubaccounts: inclusive, accounts)
    }

    private func verify(_ a: BalanceAssertion, account: Int32, _ balances: inout RunningBalances) {
        let c = a.amount.commodity
        guard let actual = balance(of: account, c, a.includesSubaccounts, &balances) else {
            diagnostics.error(Messages.runningBalanceOverflows(accounts[account]), at: a.location)
            return
        }
        // Exactly, as hledger compares: a balance of 1.5 X is not 2 X, even
        // where X is shown without decimals.
        var failed = !actual.isEqual(to: a.amount.quantity)
        var others: [Amount] = []
        if a.isTotal {
            // `==*`: every commodity of the account and its subaccounts, summed over them.
            var held = balances.commodities(of: account)
            if a.includesSubaccounts {
                for k in balances.keys where accounts.isSelfOrDescendant(k.account, of: account) && !held.contains(k.commodity) { held.append(k.commodity) }
            }
            for other in held where other != c {
                guard let v = a.includesSubaccounts ? balance(of: account, other, true, &balances) : balances.value(AccountCommodity(account, other)) else {
                    diagnostics.error(Messages.runningBalanceOverflows(accounts[account]), at: a.location)
                    return
                }
                if !v.isZero {
                    others.append(Amount(v, other))
                    failed = true
                }
            }
        }
        guard failed else { return }
        others.sort { $0.commodity < $1.commodity }
        // Every figure shown exactly (at display precision, or at as many more places as it has).
        let exact = commodities.formatExactly
        let actualText = ([Amount(actual, c)] + others).map(exact).joined(separator: ", ")
        let difference = actual.subtracting(a.amount.quantity).map { exact(Amount($0, c)) } ?? Messages.tooLargeToShow.text
        diagnostics.error(Messages.assertionFailed(accounts[account], expected: exact(a.amount), actual: actualText),
                          at: a.location,
                          notes: [DiagnosticNote(Messages.assertionDifference(difference))])
    }
}

/// Running balances per (account, commodity). A sum that does not fit is
/// remembered as overflowed, so that an assertion that reads it fails with a
/// clear error instead of comparing against a wrong figure. Whether a
/// transaction was let go by `check` or kept, the same assertion reports it.
package struct RunningBalances {
    private var values: [AccountCommodity: ExactDecimal] = [:]
    private var overflowed: Set<AccountCommodity> = []
    /// The commodities each account has held: `==` reads an account's other
    /// commodities without a scan of every balance.
    private var commoditiesOf: [Int32: [Int32]] = [:]
    /// Each account's balance with its subaccounts', per commodity: made at
    /// the first `=*` assertion and kept from then on (a journal without one
    /// never pays for it), so that `=*` reads one figure, not every balance.
    private var subtrees: [AccountCommodity: ExactDecimal] = [:]
    private var subtreesOverflowed: Set<AccountCommodity> = []
    /// Each account's parent, kept once the subtree sums are made (empty before).
    private var parents: [Int32] = []

    var keys: Dictionary<AccountCommodity, ExactDecimal>.Keys { values.keys }

    /// The balance; nil once a sum into it overflowed.
    func value(_ key: AccountCommodity) -> ExactDecimal? {
        overflowed.contains(key) ? nil : values[key, default: .zero]
    }

    /// The commodities `account` has held (in the order it first held them).
    func commodities(of account: Int32) -> [Int32] { commoditiesOf[account] ?? [] }

    /// The balance a balance assertion reads (with `=*`, of the account and
    /// its subaccounts); nil when it does not fit (an overflow on the way).
    mutating func balance(of account: Int32, _ commodity: Int32, includingSubaccounts: Bool, _ accounts: AccountTable) -> ExactDecimal? {
        if !includingSubaccounts { return value(AccountCommodity(account, commodity)) }
        if parents.isEmpty { makeSubtrees(accounts) }
        let key = AccountCommodity(account, commodity)
        return subtreesOverflowed.contains(key) ? nil : subtrees[key, default: .zero]
    }

    mutating func add(_ q: ExactDecimal, to key: AccountCommodity) {
        guard !overflowed.contains(key) else { return }
        if let old = values[key] {
            if let sum = old.adding(q) { values[key] = sum } else { overflowed.insert(key); values[key] = .zero }
        } else {
            values[key] = q
            commoditiesOf[key.account, default: []].append(key.commodity)
        }
        if !parents.isEmpty { addToSubtrees(overflowed.contains(key) ? nil : q, key) }
    }

    /// Every balance summed into its account and each of its parents.
    private mutating func makeSubtrees(_ accounts: AccountTable) {
        parents = accounts.parent
        subtrees = [:]
        for (key, q) in values { addToSubtrees(overflowed.contains(key) ? nil : q, key) }
    }

    /// `q` added to the subtree sums of `key`'s account and its parents; nil: the sum overflowed.
    private mutating func addToSubtrees(_ q: ExactDecimal?, _ key: AccountCommodity) {
        var a = key.account
        while a >= 0 {
            let k = AccountCommodity(a, key.commodity)
            if !subtreesOverflowed.contains(k) {
                if let q, let sum = subtrees[k, default: .zero].adding(q) { subtrees[k] = sum } else { subtreesOverflowed.insert(k) }
            }
            a = parents[Int(a)]
        }
    }
}
