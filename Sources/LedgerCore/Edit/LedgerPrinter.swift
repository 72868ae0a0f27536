/// Writes transactions as ledger text in the canonical layout: 4-space posting
/// indent, amounts right-aligned to one column per transaction by display
/// width, every amount explicit, so that the output compiles to the same
/// transactions.
package struct LedgerPrinter {
    public let journal: Journal
    public let sources: SourceManager
    /// Amounts are written with a decimal comma (the journal said `decimal-mark ,`).
    public var decimalComma = false
    /// The transactions' dates were swapped (`Ledger.onSecondaryDates(swapping:)`):
    /// a transaction with a secondary date is written `date2=date`, as it was written.
    var datesSwapped = false

    public init(journal: Journal, sources: SourceManager) {
        self.journal = journal
        self.sources = sources
    }

    /// The printed amount: exact, as written (trailing zeros kept), at no
    /// fewer places than the display precision.
    /// 10^20: below it, and at 14 places or fewer, an amount's digits and its padding stay within 34.
    static let longMantissa: UInt128 = 100_000_000_000_000_000_000

    /// At the display precision, padded with zeros, but never past the 34
    /// digits a number may have (a fuzz finding: `9…9` with 34 digits in a
    /// commodity shown with 30 places printed 64 digits, which nothing reads).
    func amountText(_ a: Amount) -> String {
        var places = max(a.quantity.scale, journal.commodities.precision(a.commodity))
        // Nearly every amount has few digits: the count is made only for a long one.
        if places > 14 || a.quantity.mantissa.magnitude >= LedgerPrinter.longMantissa {
            var whole = 0, m = a.quantity.mantissa.magnitude
            for _ in 0..<a.quantity.scale { m /= 10 }
            while m > 0 { whole += 1; m /= 10 }
            if whole + places > Lexer.maxDigits { places = max(a.quantity.normalized.scale, Lexer.maxDigits - whole) }
        }
        return journal.commodities.format(a, precision: places, decimalComma: decimalComma)
    }

    /// Each posting's amount as printed. An inferred amount past the 34 digits
    /// a number may have cannot be written (a fuzz finding: two 34-digit
    /// amounts infer a third of 35): it is left out, to be inferred again as
    /// the user left it, when it is the transaction's only such amount and
    /// carries no assertion (which would make the posting an assignment).
    func amountTexts(_ t: Transaction) -> [String] {
        var texts = t.postings.map { p in p.amount.map(amountText) ?? "" }
        let unwritable = t.postings.indices.filter { i in
            t.postings[i].isInferred && t.postings[i].amount.map { !LedgerPrinter.fitsInANumber($0.quantity) } == true
        }
        if unwritable.count == 1, t.postings[unwritable[0]].assertion == nil { texts[unwritable[0]] = "" }
        return texts
    }

    /// Whether a quantity can be written as a number (at most 34 digits, as the reader takes them).
    static func fitsInANumber(_ q: ExactDecimal) -> Bool {
        var m = q.normalized.mantissa.magnitude
        if m < longMantissa { return true }
        var digits = 0
        while m > 0 { digits += 1; m /= 10 }
        return digits <= Lexer.maxDigits
    }

    /// The undeclared commodities whose format is pinned with a `commodity`
    /// line: those whose display precision re-reading `transactions` would
    /// widen (an inferred `-499.5 KRW` in a journal of whole won), so that
    /// print of print is the same; and whole numbers with grouping
    /// (`$30,000`), which hledger would read as a decimal comma.
    public func commoditiesToPin(_ transactions: some Sequence<Transaction>) -> [Int32] {
        let c = journal.commodities
        var pin = Set<Int32>()
        for id in 1..<Int32(c.count) where c.declared[id] == nil && c.styles[Int(id)].grouped && c.precision(id) == 0 {
            pin.insert(id)
        }
        for t in transactions {
            for p in t.postings {
                for a in [p.amount, p.assertion?.amount] {
                    if let a, c.declared[a.commodity] == nil, a.quantity.scale > c.precision(a.commodity) { pin.insert(a.commodity) }
                }
            }
        }
        return pin.sorted()
    }

    /// A `commodity` line's sample amount as hledger reads it: always with a
    /// decimal mark (`1,000. KRW`, `$1,000.00`, `1.000,00 EUR`), in the commodity's style.
    func commoditySample(_ id: Int32) -> String {
        let c = journal.commodities
        let style = c.styles[Int(id)]
        let (point, group) = decimalComma ? (",", ".") : (".", ",")
        let places = c.precision(id)
        let number = (style.grouped ? "1" + group + "000" : "1000") + point + String(repeating: "0", count: places)
        let symbol = c.symbol(id)
        if symbol.isEmpty { return number }
        let space = style.spaced ? " " : ""
        return style.symbolFirst ? symbol + space + number : number + space + symbol
    }

    /// The declarations a journal's meaning depends on, as directives that
    /// read back the same: `decimal-mark ,` (when amounts are written so),
    /// `commodity` with each declared commodity's format, `account` with its
    /// type, `allow-negative:` and a card's terms, every `holiday`, and every
    /// `P` price. Empty when there are none.
    /// `pinned` commodities (see `commoditiesToPin`) get a `commodity` line too,
    /// after the declared ones.
    public func writeDeclarations(into buf: inout ByteBuffer, pinning pinned: [Int32] = []) {
        let start = buf.count
        if decimalComma { buf.write("decimal-mark ,\n") }
        let commodities = journal.commodities
        if journal.defaultBooking != .average { buf.write("booking \(journal.defaultBooking.rawValue)\n") }
        for id in commodities.declared.sorted(by: { $0.value < $1.value }).map(\.key) + pinned {
            buf.write("commodity " + commoditySample(id))
            if let method = commodities.booking[id] { buf.write("  ; booking: \(method.rawValue)") }
            buf.byte(0x0A)
        }
        let accounts = journal.accounts
        for (id, _) in accounts.declared.sorted(by: { $0.value < $1.value }) {
            buf.write("account " + accounts[id])
            if let type = accounts.declaredType[id] { buf.write("  ; type: " + type.hledgerName) }
            buf.byte(0x0A)
            if accounts.allowsNegative.contains(id) { buf.write("    ; allow-negative:\n") }
            // A card's terms (FORMAT.md §10), so that the printed journal still bills it.
            if let tags = journal.cardTags[id] {
                for key in ["statement-day", "payment-day", "paid-from"] {
                    if let tag = tags[key] { buf.write("    ; \(key): \(tag.value.trimmingSpaces)\n") }
                }
            }
        }
        // The days a payment moves past (cards, `repeat ... after holiday`).
        for day in journal.holidays.sorted() {
            buf.write("holiday ")
            CivilDate(day: day).write(into: &buf)
            buf.byte(0x0A)
        }
        for price in journal.prices {
            buf.write("P ")
            price.date.write(into: &buf)
            buf.write(" " + commodities.symbol(price.commodity) + " " + amountText(price.price) + "\n")
        }
        for split in journal.splits {
            buf.write("split ")
            split.date.write(into: &buf)
            buf.write(" \(commodities.symbol(split.commodity)) \(split.numerator):\(split.denominator)\n")
        }
        if buf.count > start { buf.byte(0x0A) }
    }

    func costText(_ p: Posting) -> String {
        var s = ""
        if let lot = p.lot { s += lot.isTotal ? " {{\(amountText(lot.amount))}}" : " {\(amountText(lot.amount))}" }
        if let d = p.lotDate { s += " [\(d)]" }
        if let c = p.cost { s += (c.isTotal ? " @@ " : " @ ") + amountText(c.amount) }
        return s
    }

    /// One posting as `print` writes it, alone: `Assets:Bank  -12,000 KRW @ …`.
    public func postingLine(_ p: Posting) -> String {
        var line = accountText(p)
        if let a = p.amount { line += "  " + amountText(a) + costText(p) }
        if let a = p.assertion { line += LedgerPrinter.assertionText(a, amountText(a.amount), cost: a.cost.map { amountText($0.amount) }) }
        return line
    }

    /// `; generated: FILE:LINE #K` for a generated transaction.
    public func generatedComment(_ t: Transaction) -> String? {
        guard let g = t.generated else { return nil }
        let rule = journal.rules[Int(g.rule)]
        let (path, line, _) = sources.describe(rule.location)
        return "generated: \(path):\(line) #\(g.occurrence)"
    }

    /// Appends one transaction; `extraComment` goes on its own line under the header.
    public func write(_ t: Transaction, into buf: inout ByteBuffer, headerComment: String? = nil, extraComment: String? = nil) {
        writeDateAndStatus(t, into: &buf)
        if t.code == "" {
            // An empty code is kept as written.
            buf.write(" ()")
            if !t.description.isEmpty { buf.write(" "); buf.write(t.description) }
        } else {
            buf.write(TransactionHeader.codeAndDescription(code: t.code, description: t.description))
        }
        writeLineEnd(comment: (headerComment.map { [$0] } ?? []) + LedgerPrinter.lines(t.comment), then: extraComment.map { [$0] } ?? [], into: &buf)
        let accounts = t.postings.map(accountText)
        let amounts = amountTexts(t)
        let accountWidth = accounts.map(displayWidth).max() ?? 0
        let amountWidth = amounts.map(displayWidth).max() ?? 0
        for (i, p) in t.postings.enumerated() {
            buf.write("    ")
            buf.write(accounts[i])
            var line = ""
            if !amounts[i].isEmpty {
                line += String(repeating: " ", count: accountWidth - displayWidth(accounts[i]) + 2 + amountWidth - displayWidth(amounts[i]))
                line += amounts[i] + costText(p)
            }
            if let a = p.assertion { line += LedgerPrinter.assertionText(a, amountText(a.amount), cost: a.cost.map { amountText($0.amount) }) }
            buf.write(line)
            writeLineEnd(comment: LedgerPrinter.lines(p.comment), into: &buf)
        }
    }

    /// `DATE[=DATE2]` and the status mark (` *`, ` !`).
    func writeDateAndStatus(_ t: Transaction, into buf: inout ByteBuffer) {
        if datesSwapped, let written = t.date2 {
            written.write(into: &buf)
            buf.byte(UInt8(ascii: "="))
            t.date.write(into: &buf)
        } else {
            t.date.write(into: &buf)
            if let d2 = t.date2 { buf.byte(UInt8(ascii: "=")); d2.write(into: &buf) }
        }
        switch t.status {
        case .cleared: buf.write(" *")
        case .pending: buf.write(" !")
        case .unmarked: break
        }
    }

    /// Ends a header or posting line: the comment's first line after `  ; `,
    /// its other lines (and `then`) each on an indented `; ` line of its own.
    func writeLineEnd(comment: [String], then more: [String] = [], into buf: inout ByteBuffer) {
        if let first = comment.first { buf.write("  ; "); buf.write(first) }
        buf.byte(0x0A)
        for line in comment.dropFirst() + more { buf.write("    ; "); buf.write(line); buf.byte(0x0A) }
    }

    /// Whether a posting's comment began on the posting's own line (a `;`
    /// on it in the source); true when the source is not at hand, and for
    /// an automated rule's posting (its `generated-posting:` tag goes on its line).
    func commentOnPostingLine(_ p: Posting) -> Bool {
        guard Int(p.location.file) < sources.files.count,
              !journal.automatedRules.contains(where: { $0.postings.contains { $0.location == p.location } }) else { return true }
        let bytes = sources.files[Int(p.location.file)].bytes
        var i = Int(p.location.offset)
        guard i < bytes.count else { return true }
        while i < bytes.count, bytes[i] != 0x0A {
            if bytes[i] == 0x3B { return true }
            i += 1
        }
        return false
    }

    /// A comment's lines (none without one).
    static func lines(_ comment: String?) -> [String] {
        comment.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
    }

    /// ` = AMOUNT`, ` == AMOUNT`, ` =* AMOUNT`, ` ==* AMOUNT`, the amount as written by the caller.
    static func assertionText(_ a: BalanceAssertion, _ amount: String, cost: String? = nil) -> String {
        " " + (a.isTotal ? "==" : "=") + (a.includesSubaccounts ? "*" : "") + " " + amount
            + (a.cost.map { ($0.isTotal ? " @@ " : " @ ") + (cost ?? "") } ?? "")
    }

    /// Appends one transaction as hledger 1.25's `print` writes it: each
    /// account padded to the widest plus two, two spaces, the amount (with
    /// its cost) right-aligned in at least 12 columns, in hledger's style
    /// (`$-5.00`, digit groups as the commodity has them); an amount the
    /// journal left out stays out (`explicit`, hledger's `-x`: written), and
    /// one left out that came to several commodities is one line.
    /// `fullPrecision`: the postings', costs' and assertions' amounts with
    /// every decimal they have, never fewer than the commodity's (hledger's
    /// `close`, whose assertions must hold exactly).
    public func writeHledger(_ t: Transaction, into buf: inout ByteBuffer, explicit: Bool, fullPrecision: Bool = false) {
        writeDateAndStatus(t, into: &buf)
        if let code = t.code { buf.write(" (" + code + ")") }
        if !t.description.isEmpty { buf.write(" "); buf.write(t.description) }
        // A comment that starts on the next line (a forecast's `generated-transaction:`) leaves the header bare.
        let comment = LedgerPrinter.lines(modifiedTagged(t))
        if comment.first == "" {
            writeLineEnd(comment: [], then: Array(comment.dropFirst()), into: &buf)
        } else {
            writeLineEnd(comment: comment, into: &buf)
        }
        // An elided amount in several commodities came as one posting each: one line, unless written out.
        var postings: [Posting] = []
        for p in t.postings {
            if !explicit, p.isInferred, let last = postings.last, last.isInferred, last.location == p.location {
                // Its assertion (an assignment's, on the last of them) stays on the line.
                if p.assertion != nil { postings[postings.count - 1].assertion = p.assertion }
                continue
            }
            postings.append(p)
        }
        let c = journal.commodities
        func places(_ a: Amount) -> Int? { fullPrecision ? max(c.precision(a.commodity), a.quantity.normalized.scale) : nil }
        // With -x, a conversion written without a cost shows the one hledger infers (none when it would not fit).
        var implied: [SourceLocation: Cost] = [:]
        if explicit, let costs = try? Ledger.impliedCosts(in: t, c) { for (k, cost) in costs { implied[t.postings[k].location] = cost } }
        let accounts = postings.map(accountText)
        let amounts = postings.map { p -> String in
            guard let a = p.amount, explicit || !p.isInferred else { return "" }
            var s = c.hledgerText(a, grouped: true, places: places(a))
            if let cost = p.cost {
                s += (cost.isTotal ? " @@ " : " @ ") + c.hledgerText(cost.amount, grouped: true, places: places(cost.amount))
            } else if let cost = implied[p.location] {
                s += (cost.isTotal ? " @@ " : " @ ") + c.hledgerText(cost.amount, grouped: true)
            }
            return s
        }
        let accountWidth = (accounts.map(displayWidth).max() ?? 0) + 2
        let amountWidth = max(12, amounts.map(displayWidth).max() ?? 0)
        for (i, p) in postings.enumerated() {
            var line = "    " + accounts[i]
            // A comment that began on the line after the posting stays there, as hledger prints it.
            let comment = LedgerPrinter.lines(p.comment), sameLine = comment.isEmpty || commentOnPostingLine(p)
            if !amounts[i].isEmpty || p.assertion != nil || !comment.isEmpty && sameLine {
                // An assertion without an amount (an assignment), or a comment, still goes after the amount's column.
                line += String(repeating: " ", count: accountWidth - displayWidth(accounts[i]) + 2 + amountWidth - displayWidth(amounts[i])) + amounts[i]
            }
            if let a = p.assertion { line += LedgerPrinter.assertionText(a, c.hledgerText(a.amount, grouped: true, keepingZero: true, places: places(a.amount)), cost: a.cost.map { c.hledgerText($0.amount, grouped: true) }) }
            buf.write(line)
            if sameLine { writeLineEnd(comment: comment, into: &buf) } else { writeLineEnd(comment: [], then: comment, into: &buf) }
        }
    }

    /// The comment hledger gives a transaction an automated rule added
    /// postings to: its own, then `modified:` (comma-separated, as hledger's
    /// `commentAddTag` joins a tag). A posting is a rule's when it stands
    /// where one of the rules' postings is written.
    func modifiedTagged(_ t: Transaction) -> String? {
        guard !journal.automatedRules.isEmpty,
              t.postings.contains(where: { p in journal.automatedRules.contains { $0.postings.contains { $0.location == p.location } } }) else { return t.comment }
        var own = t.comment ?? ""
        while let last = own.last, last == " " || last == "\t" || last == "\n" { own.removeLast() }
        return own.isEmpty ? "modified:" : own + ", modified:"
    }

    func accountText(_ p: Posting) -> String {
        var name = journal.accounts[p.account]
        switch p.virtual {
        case .unbalanced: name = "(\(name))"
        case .balanced: name = "[\(name)]"
        case .real: break
        }
        switch p.status {
        case .cleared: return "* " + name
        case .pending: return "! " + name
        case .unmarked: return name
        }
    }
}
