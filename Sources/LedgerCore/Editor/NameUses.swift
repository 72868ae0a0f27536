/// How often each account, payee and commodity is used in one compilation,
/// counted once and kept with it: a completion request then costs what the
/// line being typed costs, not what the journal does (issue 61: completion
/// after an edit, size-independent). Counted on the background compile's
/// thread, then only read (its one mutable field is the weak reference).
final class NameUses: @unchecked Sendable {
    /// The compilation counted (its sources, which each compile makes anew;
    /// held weakly, so that a freed one is never taken for a new one).
    private weak var sources: SourceManager?
    /// Per account: its recorded postings and the postings of rules' templates.
    let accounts: [Int]
    /// Per payee as compared (`compatibilitySpelled`): as first written, and its recorded transactions.
    let payees: [String: (name: String, uses: Int)]
    /// Per commodity: the recorded postings with an amount in it.
    let commodities: [Int]
    /// Every recorded posting's place (file, offset) and account, sorted by place.
    private let postingPlaces: [(place: UInt64, account: Int32)]
    /// Every recorded transaction with a payee: its place and its payee as compared, sorted by place.
    private let payeePlaces: [(place: UInt64, key: String)]

    init(_ c: Compilation) {
        sources = c.sources
        let journal = c.ledger.journal
        var accounts = [Int](repeating: 0, count: journal.accounts.count)
        var commodities = [Int](repeating: 0, count: journal.commodities.count)
        var payees: [String: (name: String, uses: Int)] = [:]
        var postingPlaces: [(place: UInt64, account: Int32)] = [], payeePlaces: [(place: UInt64, key: String)] = []
        c.ledger.transactions.withUnsafeBufferPointer { all in
            for k in all.indices where all[k].generated == nil {
                for j in all[k].postings.indices {
                    let p = all[k].postings[j]
                    accounts[Int(p.account)] += 1
                    if let a = p.amount { commodities[Int(a.commodity)] += 1 }
                    postingPlaces.append((NameUses.place(p.location), p.account))
                }
                let payee = all[k].payee
                guard !payee.isEmpty else { continue }
                let key = compatibilitySpelled(payee)
                payees[key, default: (payee, 0)].uses += 1
                payeePlaces.append((NameUses.place(all[k].location), key))
            }
        }
        for r in journal.rules { for p in r.template.postings { accounts[Int(p.account)] += 1 } }
        // A file's transactions come in its order: sorted already, unless includes interleave.
        if zip(postingPlaces, postingPlaces.dropFirst()).contains(where: { $0.place > $1.place }) { postingPlaces.sort { $0.place < $1.place } }
        if zip(payeePlaces, payeePlaces.dropFirst()).contains(where: { $0.place > $1.place }) { payeePlaces.sort { $0.place < $1.place } }
        (self.accounts, self.commodities, self.payees) = (accounts, commodities, payees)
        (self.postingPlaces, self.payeePlaces) = (postingPlaces, payeePlaces)
    }

    /// Whether these are the counts of `c`.
    func describes(_ c: Compilation) -> Bool { sources === c.sources }

    /// A place as one number that sorts as (file, offset).
    static func place(_ l: SourceLocation) -> UInt64 { UInt64(UInt32(bitPattern: l.file)) << 32 | UInt64(UInt32(bitPattern: l.offset)) }

    /// The places of file `file` in `range`, as the numbers `place` gives.
    private static func places(_ file: Int32, _ range: Range<Int>) -> Range<UInt64> {
        let start = UInt64(UInt32(bitPattern: file)) << 32
        return start + UInt64(max(0, range.lowerBound))..<start + UInt64(max(0, range.upperBound))
    }

    /// The accounts' uses, less those on `here` (a file and a byte range: the line being typed).
    func accountUses(notOn here: (Int32, Range<Int>)) -> [Int] {
        var uses = accounts
        let r = NameUses.places(here.0, here.1)
        var k = postingPlaces.partitionIndex { $0.place >= r.lowerBound }
        while k < postingPlaces.count, postingPlaces[k].place < r.upperBound {
            uses[Int(postingPlaces[k].account)] -= 1
            k += 1
        }
        return uses
    }

    /// The payees' uses, less those of transactions on `here`; a payee used only there is left out.
    func payeeUses(notOn here: (Int32, Range<Int>)) -> [String: (name: String, uses: Int)] {
        var uses = payees
        let r = NameUses.places(here.0, here.1)
        var k = payeePlaces.partitionIndex { $0.place >= r.lowerBound }
        while k < payeePlaces.count, payeePlaces[k].place < r.upperBound {
            let key = payeePlaces[k].key
            if let u = uses[key] { uses[key] = u.uses > 1 ? (u.name, u.uses - 1) : nil }
            k += 1
        }
        return uses
    }
}
