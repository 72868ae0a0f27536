#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension JournalParser {
    /// `DATE[=DATE2] [STATUS] [(CODE)] [DESCRIPTION] [; COMMENT]`
    func transactionHeader(_ lx: inout Lexer) {
        let start = lx.pos
        guard let date = dateToken(&lx) else {
            owner = .skip
            return
        }
        var date2: CivilDate?
        if lx.eat(UInt8(ascii: "=")) {
            // A secondary date without a year is in the primary date's year, as in hledger and ledger (`2014/1/1=1/2`).
            let year = reader.file.defaultYear
            reader.file.defaultYear = date.components.year
            let d2 = dateToken(&lx)
            reader.file.defaultYear = year
            guard let d2 else { owner = .skip; return }
            date2 = d2
        }
        if !lx.atEnd, !Lexer.isSpace(lx.peek()), lx.peek() != UInt8(ascii: ";") {
            error(Messages.expectedSpaceAfterDate, at: lx.pos)
            owner = .skip
            return
        }
        var t = Transaction(date: date, description: "", location: location(start))
        t.date2 = date2
        let parts = lx.headerParts()
        if lx.isCompanyMark(parts.code), let code = parts.code {
            diagnostics.warning(Messages.companyMarkAsCode(sourceText(code.lowerBound - 1..<code.upperBound + 1)), at: location(code.lowerBound - 1),
                                notes: [DiagnosticNote(Messages.companyMarkAsCodeFix("() " + sourceText(code.lowerBound - 1..<parts.description.upperBound)))])
        }
        t.status = parts.status
        if sink?.readsHeaderBytes == true {
            // Made strings only if the transaction is kept whole (`flushEntry`).
            entryHeader = parts
        } else {
            fill(&t, parts)
        }
        entry = t
        entryKind = .transaction
    }

    /// The part of a header after the date or schedule: status, code, description, comment.
    func headerRest(_ lx: inout Lexer, into t: inout Transaction) {
        let parts = lx.headerParts()
        t.status = parts.status
        fill(&t, parts)
    }

    /// A date token, with a diagnostic at its place when it is not one.
    func dateToken(_ lx: inout Lexer) -> CivilDate? {
        let start = lx.pos
        switch date(&lx) {
        case .success(let d):
            return checkedYear(d, at: start)
        case .failure(.malformed):
            error(Messages.expectedDate, at: start)
        case .failure(.notInCalendar(let y, let m, let d)):
            error(Messages.dateNotInCalendar(y, m, d), at: start)
        }
        return nil
    }

    /// A date, with nothing said of it. Most transactions share their date
    /// with the one before: the ten bytes of `YYYY-MM-DD` read last are
    /// compared before any are parsed.
    @inline(__always)
    func date(_ lx: inout Lexer) -> Result<CivilDate, DateProblem> {
        let start = lx.pos
        if start + 10 <= lx.end {
            let raw = UnsafeRawPointer(lx.bytes.baseAddress! + start)
            let head = raw.loadUnaligned(as: UInt64.self), tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self)
            if head == lastDate.head, tail == lastDate.tail, Lexer.isDigit(lx.bytes[start]), start + 10 == lx.end || !Lexer.isDigit(lx.bytes[start + 10]) {
                lx.pos = start + 10
                return .success(lastDate.date)
            }
        }
        let read = lx.date(defaultYear: reader.file.defaultYear)
        if case .success(let d) = read, lx.pos - start == 10 {
            let raw = UnsafeRawPointer(lx.bytes.baseAddress! + start)
            lastDate = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self), d)
        }
        return read
    }

    /// `d`, with a warning at `start` when its year is unlikely.
    @inline(__always)
    private func checkedYear(_ d: CivilDate, at start: Int) -> CivilDate {
        // By day number: `year` would cost a calendar conversion per transaction.
        if d.day < likelyFirstDay || d.day >= likelyEndDay {
            diagnostics.warning(Messages.unlikelyYear(d.year), at: location(start))
        }
        return d
    }

    /// `[STATUS] ACCOUNT[  AMOUNT [LOT] [COST] [ASSERTION]] [; COMMENT]`, added to
    /// the open entry's postings; false (with a diagnostic) when it does not read.
    func posting(_ lx: inout Lexer) -> Bool {
        let status = lx.statusMark()
        let accountStart = lx.pos
        var virtual = VirtualKind.real
        var close: UInt8 = 0
        if lx.peek() == UInt8(ascii: "(") { virtual = .unbalanced; close = UInt8(ascii: ")") }
        if lx.peek() == UInt8(ascii: "[") { virtual = .balanced; close = UInt8(ascii: "]") }
        lx.skipAccountName()
        // A carriage return before the separator is white space, as at the line's end.
        var nameEnd = lx.pos
        while nameEnd > accountStart, lx.bytes[nameEnd - 1] == 0x0D { nameEnd -= 1 }
        var nameRange = accountStart..<nameEnd
        if virtual != .real {
            guard nameRange.count >= 2, lx.bytes[nameEnd - 1] == close else {
                error(Messages.unclosedVirtual(Character(Unicode.Scalar(close))), at: accountStart)
                return false
            }
            nameRange = accountStart + 1..<nameEnd - 1
        }
        if nameRange.isEmpty {
            error(Messages.emptyAccount, at: accountStart)
            return false
        }
        // Each level of a name is interned with its parents: a bound on the
        // levels keeps memory linear in the input.
        if nameRange.count >= AccountTable.deepestLevel, let cut = JournalParser.levelLimitEnd(lx.bytes, nameRange) {
            error(Messages.tooManyAccountLevels(AccountTable.deepestLevel), at: cut)
            nameRange = nameRange.lowerBound..<cut - 1
        }
        var p = Posting(account: internAccount(lx.bytes, nameRange), location: location(accountStart))
        journal.accounts.noteUse(p.account, at: p.location)
        p.virtual = virtual
        p.status = status
        lx.skipSpaces()
        p.amountLocation = location(lx.pos)
        if case .automated = entryKind, lx.peek() == UInt8(ascii: "*") {
            // `*N`: the matched posting's amount times N.
            guard let n = multiplier(&lx) else { return false }
            entryMultipliers[entryPostings.count] = n
            p.amount = Amount(n, CommodityTable.none)
            lx.skipSpaces()
        } else if !lx.atEnd, lx.peek() != UInt8(ascii: ";"), lx.peek() != UInt8(ascii: "=") {
            guard let a = amountToken(&lx, isCost: false) else { return false }
            p.amount = a
            lx.skipSpaces()
            guard annotations(&lx, into: &p) else { return false }
        } else if !journal.accounts.usedWithoutAmount[Int(p.account)] {
            // Written once per account: most elided postings go to accounts already noted.
            journal.accounts.noteUseWithoutAmount(p.account)
        }
        if lx.peek() == UInt8(ascii: "=") {
            guard assertion(&lx, into: &p) else { return false }
            journal.hasAssertions = true
        }
        if let a = p.amount ?? p.assertion?.amount, p.cost != nil || p.lot != nil || p.amount == nil && p.assertion?.cost != nil {
            journal.tradedPairs.insert(AccountCommodity(p.account, a.commodity))
        }
        lx.skipSpaces()
        if lx.eat(UInt8(ascii: ";")) {
            lx.skipSpaces()
            let start = lx.pos
            let comment = sourceText(lx.rest())
            p.comment = comment
            notePostingDates(comment, at: start, assertion: p.assertion != nil)
        } else if !lx.atEnd {
            error(Messages.unexpectedText(p.amount == nil ? "the account" : "the amount"), at: lx.pos)
            return false
        }
        entryPostings.append(consume p)
        return true
    }

    /// Lot annotations `{COST}` `{{TOTAL}}` `[DATE]` `(NOTE)` and a cost `@ UNIT` / `@@ TOTAL`, in any order.
    private func annotations(_ lx: inout Lexer, into p: inout Posting) -> Bool {
        while !lx.atEnd {
            switch lx.peek() {
            case UInt8(ascii: "{") where lotDate(&lx, close: UInt8(ascii: "}"), into: &p):
                break
            case UInt8(ascii: "[") where lotDate(&lx, close: UInt8(ascii: "]"), into: &p):
                break
            case UInt8(ascii: "{"):
                lx.pos += 1
                let total = lx.eat(UInt8(ascii: "{"))
                _ = lx.eat(UInt8(ascii: "="))
                lx.skipSpaces()
                guard let a = amountToken(&lx, isCost: true) else { return false }
                lx.skipSpaces()
                guard lx.eat(UInt8(ascii: "}")), !total || lx.eat(UInt8(ascii: "}")) else {
                    error(Messages.unexpectedText("the lot cost"), at: lx.pos)
                    return false
                }
                // A `{{TOTAL}}` stays a total: the basis is what was paid, exactly.
                p.lot = Cost(amount: a, isTotal: total)
            case UInt8(ascii: "(") where lx.peek(1) == UInt8(ascii: "@"):
                // ledger's `(@)` / `(@@)`: a cost that is not a market price; it balances the same.
                lx.pos += 2
                let total = lx.eat(UInt8(ascii: "@"))
                guard lx.eat(UInt8(ascii: ")")) else {
                    error(Messages.unexpectedText("the amount"), at: lx.pos)
                    return false
                }
                lx.skipSpaces()
                guard let a = amountToken(&lx, isCost: true) else { return false }
                p.cost = Cost(amount: Amount(a.quantity.magnitude, a.commodity), isTotal: total)
            case UInt8(ascii: "["), UInt8(ascii: "("):
                let close = lx.peek() == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: ")")
                let open = lx.pos
                while !lx.atEnd, lx.peek() != close { lx.pos += 1 }
                guard lx.eat(close) else {
                    error(Messages.unexpectedText("the amount"), at: open)
                    return false
                }
            case UInt8(ascii: "@"):
                lx.pos += 1
                let total = lx.eat(UInt8(ascii: "@"))
                lx.skipSpaces()
                guard let a = amountToken(&lx, isCost: true) else { return false }
                p.cost = Cost(amount: Amount(a.quantity.magnitude, a.commodity), isTotal: total)
            default:
                return true
            }
            lx.skipSpaces()
        }
        return true
    }

    /// `{2025-01-10}` or ledger's `[2025-01-10]`: a lot's date. True when the
    /// bracket holds a date (read, and the lexer moved past it).
    private func lotDate(_ lx: inout Lexer, close: UInt8, into p: inout Posting) -> Bool {
        var probe = lx
        probe.pos += 1
        probe.skipSpaces()
        guard Lexer.isDigit(probe.peek()) else { return false }
        let start = probe.pos
        while !probe.atEnd, probe.peek() != close { probe.pos += 1 }
        guard !probe.atEnd else { return false }
        let text = sourceText(start..<probe.pos).trimmingSpaces
        guard text.utf8.count >= 8, text.utf8.allSatisfy({ Lexer.isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".") }) else {
            return false
        }
        var date = Lexer(lx.bytes, from: start, to: probe.pos)
        guard let d = dateToken(&date) else { return false }
        p.lotDate = d
        lx.pos = probe.pos + 1
        return true
    }

    /// `= AMOUNT`, `== AMOUNT` (no other commodity) or `=* AMOUNT` (with sub-accounts).
    private func assertion(_ lx: inout Lexer, into p: inout Posting) -> Bool {
        let at = lx.pos
        lx.pos += 1
        let total = lx.eat(UInt8(ascii: "="))
        let inclusive = lx.eat(UInt8(ascii: "*"))
        lx.skipSpaces()
        guard let a = amountToken(&lx, isCost: false) else { return false }
        p.assertion = BalanceAssertion(amount: a, isTotal: total, includesSubaccounts: inclusive, location: location(at))
        lx.skipSpaces()
        if lx.peek() == UInt8(ascii: "@") {
            // `= 4 ABC @@ 400 USD`.
            lx.pos += 1
            let total = lx.eat(UInt8(ascii: "@"))
            lx.skipSpaces()
            guard let c = amountToken(&lx, isCost: true) else { return false }
            p.assertion?.cost = Cost(amount: Amount(c.quantity.magnitude, c.commodity), isTotal: total)
        }
        return true
    }

    /// An amount with its commodity interned and its style recorded, or a diagnostic.
    func amountToken(_ lx: inout Lexer, isCost: Bool) -> Amount? {
        if !reader.commaCommodities.isEmpty, let a = commaCommodityAmount(&lx, isCost: isCost) { return a }
        switch lx.amount(decimalComma: reader.file.decimalComma) {
        case .success(let s):
            var c = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[s.commodity]))
            if c == CommodityTable.none, let d = reader.defaultCommodity {
                c = d
                let style = journal.commodities.styles[Int(d)]
                journal.commodities.observe(c, scale: s.quantity.scale, symbolFirst: style.symbolFirst, spaced: style.spaced, grouped: s.grouped)
                return Amount(s.quantity, c)
            }
            if isCost {
                journal.commodities.observeCost(c, scale: s.quantity.scale, symbolFirst: s.symbolFirst, spaced: s.spaced)
            } else {
                journal.commodities.observe(c, scale: s.quantity.scale, symbolFirst: s.symbolFirst, spaced: s.spaced, grouped: s.grouped)
            }
            return Amount(s.quantity, c)
        case .failure(.noNumber(let at)):
            error(Messages.expectedAmount, at: at)
        case .failure(.ambiguousNumber(let at)):
            var e = at
            while e < lx.end, !Lexer.isSpace(lx.bytes[e]) { e += 1 }
            error(Messages.ambiguousNumber(sourceText(at..<e)), at: at, notes: [DiagnosticNote(Messages.ambiguousNumberHint)])
        case .failure(.tooLarge(let at)):
            error(Messages.numberTooLarge, at: at)
        case .failure(.unterminatedQuote(let at)):
            error(Messages.unterminatedQuote, at: at)
        }
        return nil
    }

    /// An amount of a commodity whose `commodity` directive declared a decimal
    /// comma, read with the marks swapped; nil (and nothing consumed) otherwise.
    /// A bare number is in the default commodity (`D 1000,00€`), and read
    /// with its marks when it has a decimal comma, as hledger reads it.
    private func commaCommodityAmount(_ lx: inout Lexer, isCost: Bool) -> Amount? {
        var probe = lx
        guard case .success(let s) = probe.amount(decimalComma: !reader.file.decimalComma) else { return nil }
        var c = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[s.commodity]))
        if c == CommodityTable.none, let d = reader.defaultCommodity, reader.commaCommodities.contains(d) {
            lx = probe
            c = d
            let style = journal.commodities.styles[Int(d)]
            journal.commodities.observe(c, scale: s.quantity.scale, symbolFirst: style.symbolFirst, spaced: style.spaced, grouped: s.grouped)
            return Amount(s.quantity, c)
        }
        guard reader.commaCommodities.contains(c) else { return nil }
        lx = probe
        if isCost {
            journal.commodities.observeCost(c, scale: s.quantity.scale, symbolFirst: s.symbolFirst, spaced: s.spaced)
        } else {
            journal.commodities.observe(c, scale: s.quantity.scale, symbolFirst: s.symbolFirst, spaced: s.spaced, grouped: s.grouped)
        }
        return Amount(s.quantity, c)
    }

    /// Where the level past `AccountTable.deepestLevel` starts, if the name has that many.
    static func levelLimitEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int? {
        var colons = 0
        var i = r.lowerBound
        while i < r.upperBound, let p = memchr(bytes.baseAddress! + i, 0x3A, r.upperBound - i) {
            let at = bytes.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
            colons += 1
            if colons == AccountTable.deepestLevel { return at + 1 }
            i = at + 1
        }
        return nil
    }

    /// Interns an account name, after applying `alias` rules.
    func internAccount(_ bytes: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Int32 {
        if reader.aliases.isEmpty && !reader.hasAccountPrefixes && (configuration.aliases.isEmpty || commandAliasesEnded) {
            return journal.accounts.intern(UnsafeBufferPointer(rebasing: bytes[r]))
        }
        var name = String(decoding: UnsafeBufferPointer(rebasing: bytes[r]), as: UTF8.self)
        if !reader.joinedAccountPrefix.isEmpty { name = reader.joinedAccountPrefix + ":" + name }
        return journal.accounts.intern(applyAliases(name, at: r.lowerBound))
    }

    /// `original` under the aliases in effect, read at `offset` (where the
    /// aliases' patterns running out of work is reported).
    func applyAliases(_ original: String, at offset: Int) -> String {
        if let done = aliased[original] { return done }
        var name = original
        // The most recent alias applies first, as in hledger: from the last
        // place down, each time to the next alias that may rename the name
        // as it is then (a `/REGEX/` one, or a plain one named by the name or
        // one of its parents); the others would leave it as it is.
        var below = reader.aliases.count
        while below > 0, !aliasWork.ranOut {
            var next = JournalParser.lastPlace(reader.regexAliasPlaces, below: below) ?? -1
            var looked = 1
            JournalParser.forNameAndParents(name) { prefix in
                looked += 1
                if let places = reader.plainAliasPlaces[prefix], let p = JournalParser.lastPlace(places, below: below), p > next { next = p }
            }
            aliasWork.remaining -= looked
            guard next >= 0 else { break }
            let alias = reader.aliases[next]
            name = rewritten(name, alias.old, alias.new, aliasRegexes[alias.old])
            below = next
        }
        // Then the command line's, in the order given (until an `end aliases`).
        for alias in commandAliasesEnded ? [] : configuration.aliases {
            name = rewritten(name, alias.old, alias.new, alias.regex)
        }
        if aliasWork.ranOut, !aliasWork.reported {
            aliasWork.reported = true
            error(Messages.aliasPatternsTooSlow(aliasWork.most), at: offset)
        }
        aliased[original] = name
        return name
    }

    /// The last of `places` (ascending) below `limit`.
    static func lastPlace(_ places: [Int], below limit: Int) -> Int? {
        let end = places.partitionIndex { $0 >= limit }
        return end > 0 ? places[end - 1] : nil
    }

    /// `name`, then each of its parents (`a:b:c`, `a:b`, `a`): what a plain alias's old name may be.
    static func forNameAndParents(_ name: String, _ body: (String) -> Void) {
        body(name)
        let bytes = name.utf8
        var end = bytes.endIndex
        while let colon = bytes[..<end].lastIndex(of: UInt8(ascii: ":")) {
            body(String(decoding: bytes[..<colon], as: UTF8.self))
            end = colon
        }
    }

    /// `name` under one alias: what `regex` matches replaced (when the alias
    /// is `/REGEX/`, while the aliases have work left), else `old` or
    /// `old:...` renamed to `new`.
    func rewritten(_ name: String, _ old: String, _ new: String, _ regex: LinearRegex?) -> String {
        if let regex {
            guard !aliasWork.ranOut else { return name }
            return regex.replacingMatches(in: name, work: &aliasWork.remaining) { groups in JournalParser.expand(new, groups) }
        }
        if name == old { return new }
        if name.hasPrefix(old + ":") { return new + name.dropFirst(old.count) }
        return name
    }

    /// A regular-expression alias's replacement with `\1`...`\9` filled in.
    static func expand(_ replacement: String, _ groups: [Substring?]) -> String {
        var out = ""
        var chars = replacement.makeIterator()
        while let c = chars.next() {
            guard c == "\\" else { out.append(c); continue }
            guard let d = chars.next() else { out.append(c); break }
            if let k = d.wholeNumberValue, k < groups.count {
                out += groups[k].map(String.init) ?? ""
            } else {
                out.append(c)
                out.append(d)
            }
        }
        return out
    }

    /// A posting comment's own dates: the primary one is checked against the
    /// calendar (in the transaction's year when it has none) and marks the
    /// journal as dated by posting; a secondary one, or a balance assertion on
    /// a dated posting, is warned about.
    func notePostingDates(_ comment: String, at offset: Int, assertion: Bool) {
        guard let dates = PostingDates(comment) else { return }
        if let text = dates.primary {
            if PostingDates.date(text, year: entry?.date.year ?? 2000) == nil {
                error(Messages.badPostingDate(String(text)), at: offset)
            } else {
                journal.hasPostingDates = true
                if assertion { diagnostics.warning(Messages.datedAssertion, at: location(offset)) }
            }
        }
        if let text = dates.secondary {
            diagnostics.warning(Messages.secondaryDateIgnored(String(text)), at: location(offset))
        }
    }
}
