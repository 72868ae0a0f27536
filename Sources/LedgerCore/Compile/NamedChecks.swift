/// hledger's named checks beyond what every compile checks (`hledger check
/// ordereddates uniqueleafnames`): asked for by name, never on by default.
public enum NamedCheck: String, Sendable, CaseIterable {
    /// Each file's transactions are in date order.
    case ordereddates
    /// No two accounts share their last name part (`x:food`, `y:food`).
    case uniqueleafnames
}

extension Compilation {
    /// The errors of a named check, in file order.
    public func problems(of check: NamedCheck) -> [Diagnostic] {
        let journal = ledger.journal
        var out: [Diagnostic] = []
        switch check {
        case .ordereddates:
            // Recorded transactions come first in the ledger, in the order read.
            var previous: [Int32: Transaction] = [:]
            for t in ledger.transactions where t.generated == nil {
                if let before = previous[t.location.file], t.date < before.date {
                    out.append(Diagnostic(.error, Messages.dateOutOfOrder(t.date.description, previous: before.date.description), at: t.location,
                                          notes: [DiagnosticNote(Messages.previousTransactionIsHere, at: before.location)]))
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
