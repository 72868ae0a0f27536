/// hledger's named checks beyond what every compile checks (`hledger check
/// ordereddates uniqueleafnames`): asked for by name, never on by default.
public enum NamedCheck: String, Sendable, CaseIterable {
    /// Each file's transactions are in date order.
    case ordereddates
    /// No two accounts share their last name part (`x:food`, `y:food`).
    case uniqueleafnames
}

extension Compilation {
    /// The errors of a named check, in file order. `secondaryDates`
    /// (hledger's `--date2`): ordereddates reads each transaction's second
    /// date (its date where it has none).
    public func problems(of check: NamedCheck, secondaryDates: Bool = false) -> [Diagnostic] {
        let journal = ledger.journal
        var out: [Diagnostic] = []
        switch check {
        case .ordereddates:
            // Recorded transactions come first in the ledger, in the order read.
            var previous: [Int32: Transaction] = [:]
            func day(_ t: Transaction) -> CivilDate { secondaryDates ? t.date2 ?? t.date : t.date }
            for t in ledger.transactions where t.generated == nil {
                if let before = previous[t.location.file], day(t) < day(before) {
                    let message = secondaryDates ? Messages.secondDateOutOfOrder(day(t).description, previous: day(before).description)
                        : Messages.dateOutOfOrder(t.date.description, previous: before.date.description)
                    out.append(Diagnostic(.error, message, at: t.location, notes: [DiagnosticNote(Messages.previousTransactionIsHere, at: before.location)]))
                }
                previous[t.location.file] = t
            }
        case .uniqueleafnames:
            let accounts = journal.accounts
            var byLeaf: [Substring: [Int32]] = [:]
            for id in 0..<Int32(accounts.count) where accounts.firstUse[Int(id)] != nil {
                let name = accounts[id]
                byLeaf[name.split(separator: ":").last ?? Substring(name), default: []].append(id)
            }
            for (leaf, ids) in byLeaf where ids.count > 1 {
                let sorted = ids.sorted { accounts.firstUse[Int($0)]! < accounts.firstUse[Int($1)]! }
                let names = sorted.map { "'\(accounts[$0])'" }.joined(separator: ", ")
                out.append(Diagnostic(.error, Messages.leafNameNotUnique(String(leaf), names), at: accounts.firstUse[Int(sorted[1])]))
            }
            out.sort { ($0.location.map { ($0.file, $0.offset) } ?? (0, 0)) < ($1.location.map { ($0.file, $0.offset) } ?? (0, 0)) }
        }
        return out
    }
}
