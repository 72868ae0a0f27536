// What `ledgerc import` adds to the journal, and where.

/// What `ledgerc import` adds: the statement's rows the journal does not hold yet.
///
/// A row is already recorded when the journal holds, on the same date (±
/// `matchDays`), a posting to its account1 of the same amount that no other
/// row of this import has claimed; identical rows on one day stay distinct.
public struct ImportPlan {
    public var new: [ImportedRow] = []
    public var alreadyRecorded = 0
    /// Rows already recorded, by statement (`ImportedRow.statement`).
    public var alreadyRecordedIn: [Int: Int] = [:]
    /// Amounts in the journal's style for its commodities (`45,200 KRW`), else as `CSVStatement.amountText`.
    public let amountText: (ExactDecimal, String) -> String

    /// `resolved`: each account1 as the journal reads it where new
    /// transactions go, its aliases and `apply account` applied
    /// (`resolvedAccounts`); a name it lacks is looked up as written.
    public init(_ rows: [ImportedRow], journal compilation: Compilation, matchDays: Int, resolved: [String: String] = [:]) {
        let journal = compilation.ledger.journal
        let commodities = journal.commodities
        amountText = { q, name in
            guard let id = commodities.lookup(name), commodities.styles[Int(id)].seenInAmount || commodities.declared[id] != nil else {
                return CSVStatement.amountText(q, name)
            }
            let comma = journal.declaresDecimalComma || commodities.decimalCommaStyled.contains(id)
            return commodities.format(Amount(q, id), precision: max(q.scale, commodities.precision(id)), decimalComma: comma)
        }
        // (account, commodity, amount) → the days of unclaimed postings, a hash lookup per row.
        // Only the accounts some row names are indexed.
        struct Key: Hashable { var account: Int32, commodity: Int32, mantissa: Int128, scale: Int }
        func key(_ account: Int32, _ commodity: Int32, _ q: ExactDecimal) -> Key {
            let n = q.normalized
            return Key(account: account, commodity: commodity, mantissa: n.mantissa, scale: n.scale)
        }
        var accountOf: [String: Int32] = [:]
        // Matched by the name the journal reads (`alias Bank=Assets:Checking`): importing twice adds nothing.
        for row in rows where accountOf[row.account1] == nil {
            accountOf[row.account1] = journal.accounts.lookup(resolved[row.account1] ?? row.account1) ?? -1
        }
        let indexed = Set(accountOf.values)
        var recorded: [Key: [Int32]] = [:]
        for t in compilation.ledger.transactions where t.generated == nil {
            for p in t.postings where indexed.contains(p.account) {
                guard let a = p.amount else { continue }
                recorded[key(p.account, a.commodity, a.quantity), default: []].append(t.date.day)
            }
        }
        // Statements in order: the new rows of one count as recorded for the
        // next (two overlapping statements, or three bills that each list
        // one 할부 purchase, in one run), never within it (two coffees). A
        // posting is claimed by one row of each statement: every statement
        // is matched against the whole journal, as a later run would match it.
        var pending: [(Key, Int32)] = []
        var claimed: [Key: Set<Int>] = [:]
        var statement = rows.first?.statement
        for row in rows {
            if row.statement != statement {
                for (k, day) in pending { recorded[k, default: []].append(day) }
                pending.removeAll()
                claimed.removeAll(keepingCapacity: true)
                statement = row.statement
            }
            let k = key(accountOf[row.account1]!, commodities.lookup(row.commodity) ?? -1, row.quantity)
            let days = recorded[k] ?? [], taken = claimed[k] ?? []
            if let i = days.indices.filter({ !taken.contains($0) }).min(by: { abs(days[$0] - row.date.day) < abs(days[$1] - row.date.day) }),
               abs(days[i] - row.date.day) <= Int32(matchDays) {
                claimed[k, default: []].insert(i)
                alreadyRecorded += 1
                alreadyRecordedIn[row.statement, default: 0] += 1
            } else {
                new.append(row)
                pending.append((k, row.date.day))
            }
        }
        // In date order; rows of one day in the statement's order.
        new = new.enumerated().sorted { $0.element.date == $1.element.date ? $0.offset < $1.offset : $0.element.date < $1.element.date }.map(\.element)
    }

    /// Where a row no rule categorizes goes, as hledger sends it to
    /// `expenses:unknown` or `income:unknown`: an outflow from account1 to
    /// `지출:미분류`, an inflow from `수입:미분류`, in a journal whose accounts
    /// are Korean (a root `지출`, `비용`, `자산` or `수입`), else
    /// `Expenses:Unknown` and `Income:Unknown`.
    public static func unknownAccounts(_ journal: Journal) -> (outflow: String, inflow: String) {
        let accounts = journal.accounts
        let korean = (0..<Int32(accounts.count)).contains { accounts.depth[Int($0)] == 1 && ["지출", "비용", "자산", "수입"].contains(accounts[$0]) }
        return korean ? ("지출:미분류", "수입:미분류") : ("Expenses:Unknown", "Income:Unknown")
    }

    /// Each of `names` as the journal at `path` (its `bytes`) reads an account
    /// written at its end: its aliases and `apply account` applied. Found by
    /// compiling the journal with a probe transaction per name appended;
    /// empty (each name is itself) when no file of `journal` holds the word
    /// `alias` or `apply`, without that compile.
    public static func resolvedAccounts(_ names: [String], journal: Compilation, path: String, bytes: [UInt8], options: CompileOptions, until: CivilDate) -> [String: String] {
        let unique = Array(Set(names)).sorted()
        let renames = journal.sources.files.contains { f in
            f.bytes.firstOffset(of: Array("alias".utf8)) != nil || f.bytes.firstOffset(of: Array("apply".utf8)) != nil
        }
        guard !unique.isEmpty, renames else { return [:] }
        var probe: [UInt8] = []
        if let last = bytes.last, last != 0x0A { probe.append(0x0A) }
        // One posting of nothing per name, on a day no journal uses, each its own transaction.
        for name in unique { probe += Array("\n1000-01-01 ledgerc import probe\n    \(name)  0\n".utf8) }
        // The whole ledger: a streaming check would let the probes go unkept.
        var options = options
        options.mode = .everything
        options.horizon = until
        // The probes appended to the file as the journal reads it, through the one checked edit.
        guard let file = journal.sources.files.firstIndex(where: { $0.path == path }), journal.sources.files[file].bytes == bytes else { return [:] }
        let c = CheckedEdit(journal, edits: [TextEdit(file: file, range: bytes.count..<bytes.count, text: probe)], keeps: .noNewErrors).check(options: options).after
        let probes = c.ledger.transactions.filter { $0.date.year == 1000 && $0.description == "ledgerc import probe" }
        guard probes.count == unique.count else { return [:] }
        var out: [String: String] = [:]
        // In file order, as appended.
        for (name, t) in zip(unique, probes.sorted { $0.location < $1.location }) {
            if let p = t.postings.first { out[name] = c.ledger.journal.accounts[p.account] }
        }
        return out
    }

    /// For each payee of the journal's recorded transactions and each side
    /// (money in: `true`), the accounts that took that side, the most used
    /// first (ties by name), for `import --learn`.
    public static func accountsByPayee(_ compilation: Compilation) -> [String: [Bool: [String]]] {
        let accounts = compilation.ledger.journal.accounts
        var counts: [String: [Bool: [Int32: Int]]] = [:]
        for t in compilation.ledger.transactions where t.generated == nil && !t.payee.isEmpty {
            for p in t.postings {
                guard let a = p.amount, !a.quantity.isZero else { continue }
                counts[t.payee, default: [:]][!a.quantity.isNegative, default: [:]][p.account, default: 0] += 1
            }
        }
        return counts.mapValues { sides in
            sides.mapValues { c in c.sorted { $0.value != $1.value ? $0.value > $1.value : accounts[$0.key] < accounts[$1.key] }.map { accounts[$0.key] } }
        }
    }

    /// The journal's bytes with the new transactions in them, each where `add`
    /// would put it (after the last transaction dated on or before it, or at
    /// the end of a file not in date order), in the file's line ends; and
    /// where each new transaction starts. Every other byte is kept.
    public func edited(_ compilation: Compilation, fileIndex: Int) -> (bytes: [UInt8], starts: [Int], texts: [String]) {
        let bytes = compilation.sources.files[fileIndex].bytes
        let crlf = bytes.firstIndex(of: 0x0A).map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
        let eol: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
        // Where each goes; rows that go to one place keep their (date) order.
        var inserts: [(at: Int, row: Int, leading: [UInt8], trailing: [UInt8])] = []
        inserts.reserveCapacity(new.count)
        var lastAt = -1
        let points = InsertionPoints(compilation, fileIndex: fileIndex, crlf: crlf)
        let texts = new.map { $0.text(amountText) }
        for (k, row) in new.enumerated() {
            var (at, leading, trailing) = points.point(for: row.date)
            // After another new transaction at the end of the file: one blank line between them.
            if at == bytes.count && at == lastAt { leading = eol }
            lastAt = at
            inserts.append((at, k, leading, trailing))
        }
        inserts.sort { $0.at != $1.at ? $0.at < $1.at : $0.row < $1.row }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + texts.reduce(0) { $0 + $1.utf8.count + 4 } * (crlf ? 2 : 1))
        var starts = [Int](repeating: 0, count: new.count)
        var copied = 0
        for insert in inserts {
            out.append(contentsOf: bytes[copied..<insert.at])
            copied = insert.at
            out.append(contentsOf: insert.leading)
            starts[insert.row] = out.count
            if crlf {
                for b in texts[insert.row].utf8 {
                    if b == 0x0A { out.append(0x0D) }
                    out.append(b)
                }
            } else {
                out.append(contentsOf: texts[insert.row].utf8)
            }
            out.append(contentsOf: insert.trailing)
        }
        out.append(contentsOf: bytes[copied...])
        return (out, starts, texts)
    }
}
