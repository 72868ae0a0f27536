extension Ledger {
    /// The transactions `print` writes, in output order: all but a split's
    /// new shares (`print` writes the `split` directive instead).
    public var printable: LazyFilterSequence<LazyMapSequence<[Int32], Transaction>> {
        ordered.filter { !$0.isSplit }
    }

    /// The `split` directive whose new shares `t` holds.
    public func split(of t: Transaction) -> StockSplit? {
        guard t.isSplit else { return nil }
        return journal.splits.first { $0.location == t.location }
    }

    /// The ledger with a transaction for each `split` directive: on its day,
    /// every asset account holding the commodity gets the new shares, as an
    /// unbalanced virtual posting `(ACCOUNT)  Δ COMMODITY` (held × N/M − held),
    /// so that balances, registers and positions all count them. Such a
    /// transaction is the directive's (`Transaction.isSplit`): `print` writes
    /// the directive, not the transaction, and positions scale their lots.
    /// A holding or its new shares that do not fit are an error at the
    /// posting (or the directive) where the sum overflowed; that split then
    /// adds no shares.
    func withSplits(diagnostics: DiagnosticEngine?) -> Ledger {
        let splits = journal.splits
        guard !splits.isEmpty else { return self }
        // Splits in date order (file order on one day), each seeing those before it.
        let order = splits.indices.sorted { splits[$0].date != splits[$1].date ? splits[$0].date < splits[$1].date : $0 < $1 }
        var added: [Transaction] = []
        for k in order {
            let split = splits[k]
            do {
                let t = try shares(of: split, after: added)
                if !t.postings.isEmpty { added.append(t) }
            } catch {
                diagnostics?.add(error.diagnostic)
            }
        }
        return adding(added, firstOnTheirDay: true)
    }

    /// The transaction of `split`'s new shares: what each asset account held
    /// of the commodity before it (counting the splits already `added`), × N/M − held.
    private func shares(of split: StockSplit, after added: [Transaction]) throws(AmountOverflow) -> Transaction {
        let accounts = journal.accounts
        var held: [Int32: ExactDecimal] = [:]
        var before = Movements(self)
        before.through = split.date.adding(days: -1)
        try before.forEach { (m) throws(AmountOverflow) in
            guard m.amount.commodity == split.commodity, accounts.type(of: m.account) == .asset else { return }
            held[m.account] = try held[m.account, default: .zero].plus(m.amount.quantity, at: m.location)
        }
        for t in added where t.date < split.date || t.date == split.date && (self.split(of: t).map { $0.location < split.location } ?? false) {
            for p in t.postings {
                guard let a = p.amount, a.commodity == split.commodity else { continue }
                held[p.account] = try held[p.account, default: .zero].plus(a.quantity, at: split.location)
            }
        }
        var t = Transaction(date: split.date, description: "split \(journal.commodities.symbol(split.commodity)) \(split.numerator):\(split.denominator)",
                            location: split.location)
        t.isSplit = true
        for (account, quantity) in held.sorted(by: { accounts[$0.key] < accounts[$1.key] }) where quantity.signum > 0 {
            let delta = try split.newShares(for: quantity)
            guard !delta.isZero else { continue }
            var p = Posting(account: account, location: split.location)
            p.amount = Amount(delta, split.commodity)
            p.virtual = .unbalanced
            p.isInferred = true
            t.postings.append(p)
        }
        return t
    }
}
