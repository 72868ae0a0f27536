/// Two ways hledger reshapes the journal before a report: `--pivot` and `date2:`.
extension Ledger {
    /// hledger's `--pivot FIELD`: every posting's account becomes the
    /// transaction's `code`, `description`, `payee` or `note`, or else the
    /// value of the tag `FIELD` (exact name; the posting's own tags first,
    /// then its transaction's), or the empty name when it has none. Queries
    /// and reports then see the pivoted names, as hledger 1.25's do.
    package func pivoted(by field: String) -> Ledger {
        var ledger = self
        var accounts = journal.accounts
        func value(_ t: Transaction, _ p: Posting) -> String {
            switch field {
            case "code": return t.code ?? ""
            case "description": return t.description
            case "payee": return t.payee
            case "note": return t.note ?? t.description
            default:
                if p.comment != nil, let tag = p.tags.first(where: { $0.key == field }) { return tag.value }
                return t.tags.first(where: { $0.key == field })?.value ?? ""
            }
        }
        for n in ledger.transactions.indices {
            let t = ledger.transactions[n]
            for k in t.postings.indices {
                ledger.transactions[n].postings[k].account = accounts.intern(value(t, t.postings[k]))
            }
        }
        ledger.journal.accounts = accounts
        return ledger
    }

    /// The ledger with only the transactions whose secondary date (else
    /// their date) falls in `period`: hledger's `date2:` for the tables of
    /// postings and transactions (it narrows no balance report in 1.25).
    package func keeping(secondDatesIn period: Period) -> Ledger {
        var ledger = self
        ledger.order = order.filter { n in
            let t = transactions[Int(n)]
            return period.contains(t.date2 ?? t.date)
        }
        return ledger
    }
}
