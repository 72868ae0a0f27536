/// `ledgerc rename account OLD NEW` and the editor's rename: every place
/// the journal writes the account or one of its subaccounts (postings,
/// `account` directives, `repeat`, `~` and automated rules' postings, the
/// words of an automated rule's query that name it, aliases' targets)
/// rewritten, in every file of the journal; never a name inside a comment
/// or a description. The edit is written only when
/// the journal compiled after it has every figure of before under the new
/// names (`AccountRename.check`).
public struct AccountRename {
    public let old: String
    public let new: String
    /// The edits, in file order; empty when nothing is written as OLD.
    public private(set) var edits: [TextEdit] = []
    /// Where each edited name is (for references), as (file, start offset).
    public private(set) var places: [SourceLocation] = []

    /// The edits of renaming `old` to `new` in `c`; nil when the journal has no account `old`.
    public init?(_ c: Compilation, old: String, new: String) {
        self.old = old
        self.new = new
        let journal = c.ledger.journal
        guard let id = journal.accounts.lookup(old) else { return nil }
        var seen = Set<SourceLocation>()
        let oldBytes = Array(old.utf8)
        func consider(_ at: SourceLocation) {
            guard seen.insert(at).inserted, Int(at.file) < c.sources.files.count else { return }
            let bytes = c.sources.files[Int(at.file)].bytes
            let start = Int(at.offset)
            // The name as written: OLD, then a segment break or the name's end (an alias's name is left alone).
            guard start + oldBytes.count <= bytes.count, bytes[start..<(start + oldBytes.count)].elementsEqual(oldBytes) else { return }
            let next = start + oldBytes.count < bytes.count ? bytes[start + oldBytes.count] : 0x0A
            guard [0x3A, 0x20, 0x09, 0x0A, 0x0D, 0x29, 0x5D, 0x3B].contains(next) else { return }
            places.append(at)
            edits.append(TextEdit(file: Int(at.file), range: start..<(start + oldBytes.count), text: Array(new.utf8)))
        }
        let mine = { (a: Int32) in journal.accounts.isSelfOrDescendant(a, of: id) }
        for t in c.ledger.transactions where t.generated == nil {
            for p in t.postings where mine(p.account) { consider(p.location) }
        }
        for rule in journal.rules where rule.card == nil {
            for p in rule.template.postings where mine(p.account) { consider(p.location) }
        }
        for rule in journal.periodic { for p in rule.template.postings where mine(p.account) { consider(p.location) } }
        for rule in journal.automatedRules {
            for p in rule.postings where mine(p.account) { consider(p.location) }
            // The query's words that name it (`= 지출:식비`, `= acct:지출:식비:외식`): after a space or `acct:`.
            let bytes = c.sources.files[Int(rule.location.file)].bytes
            var end = Int(rule.location.offset)
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x3B { end += 1 }
            let line = Array(bytes[Int(rule.location.offset)..<end])
            var from = 0
            while let k = line.firstOffset(of: oldBytes, from: from) {
                let before = k > 0 ? line[k - 1] : 0x20
                if before == 0x20 || before == 0x09 || before == 0x3D || (k >= 5 && line[(k - 5)..<k].elementsEqual(Array("acct:".utf8))) {
                    consider(SourceLocation(file: Int(rule.location.file), offset: Int(rule.location.offset) + k))
                }
                from = k + 1
            }
        }
        for (account, at) in journal.accounts.declared where mine(account) { consider(at) }
        // Aliases' targets: `alias NAME = OLD...`, and a card's `paid-from: OLD`.
        for (k, file) in c.sources.files.enumerated() {
            var targets: [Int] = []
            file.withBytes { b in
                JournalLineReader.forEachLine(in: b) { line in
                    var target: Int?
                    if line.kind == .directive, b[line.keyword].elementsEqual("alias".utf8),
                       let eq = b.firstOffset(of: [0x3D], from: line.rest.lowerBound, to: line.rest.upperBound) {
                        target = eq + 1
                    } else if line.comment < line.end, let r = b.firstOffset(of: Array("paid-from:".utf8), from: line.comment, to: line.end) {
                        target = r + 10
                    }
                    guard var t = target else { return }
                    while t < line.end, b[t] == 0x20 || b[t] == 0x09 { t += 1 }
                    targets.append(t)
                }
            }
            for t in targets { consider(SourceLocation(file: k, offset: t)) }
        }
        edits.sort { ($0.file, $0.range.lowerBound) < ($1.file, $1.range.lowerBound) }
        places.sort { ($0.file, $0.offset) < ($1.file, $1.offset) }
    }

    /// Why the rename may not be written, or nil: renaming onto an account of
    /// another type needs `merge`; the journal after it must compile without
    /// new errors and hold every figure of before under the new names.
    public func check(_ c: Compilation, merge: Bool, options: CompileOptions) -> (outcome: CheckedEdit.Outcome?, problem: String?) {
        let journal = c.ledger.journal
        if let existing = journal.accounts.lookup(new), let old = journal.accounts.lookup(old),
           journal.accounts.type(of: existing) != journal.accounts.type(of: old), !merge {
            let type = { (a: Int32) in journal.accounts.type(of: a)?.rawValue ?? "no type" }
            return (nil, "'\(new)' is an account of another type (\(type(existing)), '\(self.old)' is \(type(old))): add --merge to merge them")
        }
        return AccountRename.checked(c, edits: edits, renaming: .account(old: old, new: new), options: options,
                                     changed: "the figures would change under the new names (an alias or a pattern reaches the old name); nothing was written")
    }

    /// The edits compiled: the problem when the journal after has more errors,
    /// or other figures than before (accounts read under `renaming`).
    static func checked(_ c: Compilation, edits: [TextEdit], renaming: Renaming, options: CompileOptions,
                        changed: String) -> (outcome: CheckedEdit.Outcome?, problem: String?) {
        let outcome = CheckedEdit(c, edits: edits, keeps: .renamed(renaming)).check(options: options)
        switch outcome.problem {
        case nil: return (outcome, nil)
        case .errors?: return (outcome, "the journal would not compile after the rename: \(outcome.errors.first?.message ?? "")")
        case .meaningChanged?: return (outcome, changed)
        case .notExact(let why)?: return (outcome, "the figures cannot be compared exactly (\(why)); nothing was written")
        }
    }

    /// Every posting's amount and cost summed by account name, day and
    /// commodity, and every market price, names read under `renaming`.
    static func figures(_ c: Compilation, renaming: Renaming) throws(AmountOverflow) -> [String: ExactDecimal] {
        let journal = c.ledger.journal
        var out: [String: ExactDecimal] = [:]
        func commodity(_ id: Int32) -> String {
            let name = journal.commodities[id]
            if case .commodity(let old, let new) = renaming, name == old { return new }
            return name
        }
        for t in c.ledger.transactions {
            for p in t.postings {
                guard let a = p.amount else { continue }
                var name = journal.accounts[p.account]
                if case .account(let old, let new) = renaming, name == old || name.hasPrefix(old + ":") { name = new + name.dropFirst(old.count) }
                let key = "\(name)\u{0}\(t.date)\u{0}\(commodity(a.commodity))"
                out[key] = try out[key, default: .zero].plus(a.quantity, at: p.amountLocation)
                if let cost = p.cost {
                    let key = "@\(name)\u{0}\(t.date)\u{0}\(commodity(a.commodity))\u{0}\(commodity(cost.amount.commodity))\u{0}\(cost.isTotal)"
                    out[key] = try out[key, default: .zero].plus(cost.amount.quantity, at: p.amountLocation)
                }
            }
        }
        for p in journal.prices {
            let key = "P\(p.date)\u{0}\(commodity(p.commodity))\u{0}\(commodity(p.price.commodity))"
            out[key] = try out[key, default: .zero].plus(p.price.quantity, at: p.location)
        }
        return out.filter { !$0.value.isZero }
    }
}

/// The names a rename reads the journal of before it under: figures of an
/// account OLD (and OLD:...) count as NEW's, or of a commodity OLD as NEW's.
public enum Renaming: Sendable, Equatable {
    case none
    case account(old: String, new: String)
    case commodity(old: String, new: String)
}

/// `ledgerc rename payee OLD NEW`: the payee (a description's part before
/// ` | `, or the whole description) of every recorded transaction and
/// `repeat` rule that has it, and its `payee` directive; the note after
/// `|` stays. Written only when every figure is the same after.
public struct PayeeRename {
    public let old: String
    public let new: String
    public private(set) var edits: [TextEdit] = []

    public init(_ c: Compilation, old: String, new: String) {
        self.old = old
        self.new = new
        let oldBytes = Array(old.utf8)
        // `㈜컬리` and `(주)컬리` are one payee: each header's own spelling is rewritten.
        let oldSpelled = compatibilitySpelled(old)
        var seen = Set<SourceLocation>()
        func header(_ at: SourceLocation, _ description: String, payee: String) {
            let oldBytes = Array(payee.utf8)
            guard seen.insert(at).inserted else { return }
            let bytes = c.sources.files[Int(at.file)].bytes
            var end = Int(at.offset)
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            // The description as written, on its header line: the payee is its start.
            guard let d = Array(bytes[Int(at.offset)..<end]).firstOffset(of: Array(description.utf8)) else { return }
            let start = Int(at.offset) + d
            guard bytes[start..<min(end, start + oldBytes.count)].elementsEqual(oldBytes) else { return }
            edits.append(TextEdit(file: Int(at.file), range: start..<(start + oldBytes.count), text: Array(new.utf8)))
        }
        for t in c.ledger.transactions where t.generated == nil && compatibilitySpelled(t.payee) == oldSpelled { header(t.location, t.description, payee: t.payee) }
        for rule in c.ledger.journal.rules where rule.card == nil && compatibilitySpelled(rule.template.payee) == oldSpelled {
            header(rule.location, rule.description, payee: rule.template.payee)
        }
        // `payee OLD` directives.
        for (k, file) in c.sources.files.enumerated() {
            file.withBytes { b in
                JournalLineReader.forEachLine(in: b) { line in
                    if line.kind == .directive, b[line.keyword].elementsEqual("payee".utf8), (b[line.rest].elementsEqual(oldBytes) || compatibilitySpelled(String(decoding: b[line.rest], as: UTF8.self)) == oldSpelled) {
                        edits.append(TextEdit(file: k, range: line.rest, text: Array(new.utf8)))
                    }
                }
            }
        }
        edits.sort { ($0.file, $0.range.lowerBound) < ($1.file, $1.range.lowerBound) }
    }

    /// Why the rename may not be written, or nil.
    public func check(_ c: Compilation, options: CompileOptions) -> (outcome: CheckedEdit.Outcome?, problem: String?) {
        AccountRename.checked(c, edits: edits, renaming: .none, options: options,
                              changed: "the figures would change (a repeat rule's occurrences are fulfilled by the payee); nothing was written")
    }
}
