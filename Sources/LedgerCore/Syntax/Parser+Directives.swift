/// A directive: the words that start it in column 1 and the function that
/// reads the rest of its line (as hledger's `directivep = choice [...]`).
struct Directive: Sendable {
    let words: [String]
    /// Reads the directive; nil for the block comments, which the line reader
    /// handles itself (`comment` ... `end comment`).
    let read: (@Sendable (JournalParser, _ word: String, _ lx: inout Lexer, _ lineStart: Int) -> Void)?
    /// Offered as a did-you-mean (not ledger-cli's one-letter `C` and `N`).
    let suggested: Bool

    init(_ words: String..., suggested: Bool = true, read: (@Sendable (JournalParser, String, inout Lexer, Int) -> Void)?) {
        self.words = words
        self.suggested = suggested
        self.read = read
    }
}

extension JournalParser {
    /// Every directive this version reads. A new directive is a line here and
    /// its function below (and its rule in Grammar/ledger.ebnf).
    /// The order is the did-you-mean's order among equally close words.
    static let directives: [Directive] = [
        Directive("account", read: { p, _, lx, start in p.accountDirective(&lx, lineStart: start) }),
        Directive("alias", read: { p, _, lx, start in p.aliasDirective(&lx, lineStart: start) }),
        Directive("apply", read: { p, _, lx, start in p.applyDirective(&lx, lineStart: start) }),
        Directive("comment", "test", read: nil),
        Directive("booking", read: { p, _, lx, start in p.bookingDirective(&lx, lineStart: start) }),
        Directive("commodity", read: { p, _, lx, start in p.commodityDirective(&lx, lineStart: start) }),
        Directive("decimal-mark", read: { p, word, lx, start in p.decimalMarkDirective(word, &lx, lineStart: start) }),
        Directive("end", read: { p, _, lx, start in p.endDirective(&lx, lineStart: start) }),
        Directive("holiday", read: { p, _, lx, _ in p.holidayDirective(&lx) }),
        Directive("include", read: { p, word, lx, start in p.includeDirective(word, &lx, lineStart: start) }),
        Directive("P", read: { p, _, lx, start in p.priceDirective(&lx, lineStart: start) }),
        Directive("payee", read: { p, word, lx, start in p.payeeDirective(word, &lx, lineStart: start) }),
        Directive("repeat", read: { p, _, lx, start in p.repeatHeader(&lx, lineStart: start) }),
        Directive("split", read: { p, _, lx, start in p.splitDirective(&lx, lineStart: start) }),
        Directive("tag", read: { p, word, lx, start in p.tagDirective(word, &lx, lineStart: start) }),
        Directive("year", "Y", read: { p, _, lx, start in p.yearDirective(&lx, lineStart: start) }),
        Directive("D", read: { p, _, lx, _ in p.defaultCommodityDirective(&lx) }),
        Directive("C", "N", suggested: false, read: { p, word, _, start in p.ignoredLedgerDirective(word, lineStart: start) }),
    ]

    /// The directives by their words.
    static let directiveByWord: [String: Directive] = {
        var table: [String: Directive] = [:]
        for d in directives { for w in d.words { table[w] = d } }
        return table
    }()

    /// Directive words this version reads, for did-you-mean hints: derived from the table.
    static let knownDirectives: [String] = directives.filter(\.suggested).flatMap(\.words)
    /// The directives a near miss is suggested from, prepared once.
    static let nearDirectives = NearWords(knownDirectives)
    /// Directives of ledger 3 (and timeclock lines) that ledgerc does not
    /// read: named in their error, as a word of journal syntax.
    static let peerDirectives: Set<String> = ["i", "o", "I", "O", "b", "h", "bucket", "A", "assert", "check", "define", "def",
                                              "eval", "expr", "python", "import", "value", "C", "N", "test", "fixed", "capture"]

    /// A line that starts with a word in column 1.
    /// `Y2014`: the year directive written without a space.
    static func isYearWord(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("Y") && word.dropFirst().allSatisfy(\.isNumber)
    }

    func directive(_ word: String, _ lx: inout Lexer, lineStart: Int) {
        lx.skipSpaces()
        if let read = JournalParser.directiveByWord[word]?.read {
            read(self, word, &lx, lineStart)
        } else if JournalParser.isYearWord(word) {
            // `Y2014`, written without a space.
            lx.pos = lineStart + 1
            yearDirective(&lx, lineStart: lineStart)
        } else {
            // A near miss of a directive (`acount`) is quoted with the directive meant,
            // and a directive of ledger's that ledgerc does not read is named.
            // Anything else may not be journal text at all (an included `.env`
            // file): said by its place only, never quoted.
            if !word.contains(":"), let s = JournalParser.nearDirectives.closest(to: word) {
                error(Messages.unknownDirective(word), at: lineStart, notes: [DiagnosticNote(Messages.didYouMean(s))])
            } else if JournalParser.peerDirectives.contains(word) {
                error(Messages.unknownDirective(word), at: lineStart)
            } else {
                // No directive has a colon; an account name does (`expenses:food  5 USD`).
                let notes = word.contains(":") ? [DiagnosticNote(Messages.postingNotIndented)] : []
                var d = Diagnostic(.error, Messages.notJournalSyntax, at: location(lineStart), notes: notes)
                d.quotesSource = false
                diagnostics.add(d)
            }
            owner = .skip
        }
    }

    /// `include PATH`: the file (or glob) read in place.
    private func includeDirective(_ word: String, _ lx: inout Lexer, lineStart: Int) {
        let r = lx.textUntilComment()
        if r.isEmpty { return missing(word, "a file path", lineStart) }
        include(sourceText(r), at: location(lineStart), nextLine: lineAfter(lx))
    }

    /// `decimal-mark ,` or `decimal-mark .`: how this file writes amounts.
    private func decimalMarkDirective(_ word: String, _ lx: inout Lexer, lineStart: Int) {
        let r = lx.textUntilComment()
        switch sourceText(r) {
        case ",":
            reader.file.decimalComma = true
            journal.declaresDecimalComma = true
        case ".": reader.file.decimalComma = false
        case "": missing(word, "'.' or ','", lineStart)
        case let other: error(Messages.badDecimalMark(other), at: r.lowerBound)
        }
    }

    /// `alias OLD = NEW`: account names rewritten from here on.
    private func aliasDirective(_ lx: inout Lexer, lineStart: Int) {
        let text = sourceText(lx.textUntilComment())
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let old = parts.first.map { String($0).trimmingSpaces } ?? ""
        let new = parts.count == 2 ? String(parts[1]).trimmingSpaces : ""
        guard parts.count == 2, !old.isEmpty else { return error(Messages.badAlias(), at: lineStart) }
        guard !new.isEmpty else { return error(Messages.aliasToNothing, at: lineStart) }
        // `/REGEX/`: a regular-expression alias, as hledger's (case-insensitive, `\1` for groups).
        if old.count >= 2, old.hasPrefix("/"), old.hasSuffix("/") {
            let source = String(old.dropFirst().dropLast())
            guard let regex = try? LinearRegex(source) else {
                return error(Messages.badAliasRegex(source), at: lineStart)
            }
            aliasRegexes[old] = regex
        }
        reader.addAlias(ReaderState.Alias(old: old, new: new), isRegex: aliasRegexes[old] != nil)
        aliased.removeAll()
    }

    /// `end aliases`, `end apply alias`, `end apply account`, `end apply`.
    private func endDirective(_ lx: inout Lexer, lineStart: Int) {
        let rest = sourceText(lx.textUntilComment())
        if rest == "aliases" || rest == "apply alias" {
            // The command line's too, as hledger forgets them.
            reader.removeAliases()
            commandAliasesEnded = true
            aliased.removeAll()
        } else if rest == "apply account" || rest == "apply" {
            reader.popAccountPrefix()
        } else {
            error(Messages.unknownDirective("end \(rest)"), at: lineStart,
                  notes: [DiagnosticNote(Messages.didYouMean("end aliases"))])
        }
    }

    /// `payee NAME`: declared for `--check-payees`.
    private func payeeDirective(_ word: String, _ lx: inout Lexer, lineStart: Int) {
        let r = lx.textUntilComment()
        if r.isEmpty { return missing(word, "a payee name", lineStart) }
        let name = sourceText(r)
        if journal.declaredPayees[foldedName(name)] == nil { journal.declaredPayees[foldedName(name)] = name }
        owner = .declaration("payee")
    }

    /// `tag NAME`: declared.
    private func tagDirective(_ word: String, _ lx: inout Lexer, lineStart: Int) {
        let r = lx.textUntilComment()
        if r.isEmpty { return missing(word, "a tag name", lineStart) }
        journal.declaredTags.insert(sourceText(r))
        owner = .declaration("tag")
    }

    /// `apply account PREFIX`: prefixed to account names until `end apply account`.
    private func applyDirective(_ lx: inout Lexer, lineStart: Int) {
        let text = sourceText(lx.textUntilComment())
        guard text.hasPrefix("account "), !String(text.dropFirst(8)).trimmingSpaces.isEmpty else {
            return error(Messages.unknownDirective("apply \(text)"), at: lineStart,
                         notes: [DiagnosticNote(Messages.didYouMean("apply account NAME"))])
        }
        if !reader.pushAccountPrefix(String(text.dropFirst(8)).trimmingSpaces) {
            error(Messages.accountPrefixTooLong(ReaderState.longestAccountPrefix, AccountTable.deepestLevel), at: lineStart)
        }
    }

    /// `D AMOUNT`: the commodity (and style) of amounts written without one, as in ledger-cli and hledger.
    private func defaultCommodityDirective(_ lx: inout Lexer) {
        if let id = formatAmount(&lx) { reader.defaultCommodity = id }
    }

    /// ledger-cli's `C` (commodity conversions) and `N` (no market price): they do not change balances.
    /// ledger-cli's `C` (commodity conversion) and `N` (no market price):
    /// read by no report of ledgerc, so warned, and their lines skipped.
    private func ignoredLedgerDirective(_ word: String, lineStart: Int) {
        let what = word == "C" ? "the 'C' directive (a commodity conversion)" : "the 'N' directive (a commodity without market prices)"
        diagnostics.warning(Messages.ignoredConstruct(what, "ledger-cli"), at: location(lineStart))
        owner = .skip
    }

    /// ledger-cli's sub-directives that change figures or checks, by the
    /// directive they stand under. ledgerc warns that it ignores them; other
    /// sub-lines (`note`, a payee's `uuid`) carry no figure and are skipped.
    static let meaningfulSubDirectives: [String: Set<String>] = [
        "account": ["assert", "check", "default", "eval", "payee"],
        "commodity": ["alias", "default", "nomarket", "value"],
        "payee": ["alias"],
        "tag": ["assert", "check"],
    ]

    /// An indented line under `account`, `commodity`, `payee` or `tag` that
    /// is not a comment: `alias NAME` under an account is read as `alias NAME
    /// = ACCOUNT`; a sub-directive in `meaningfulSubDirectives` is warned about.
    func subDirective(of kind: String, account: Int32? = nil, _ lx: inout Lexer) {
        let start = lx.pos
        let word = sourceText(lx.word())
        if kind == "account", word == "alias", let account {
            lx.skipSpaces()
            let name = sourceText(lx.textUntilComment())
            guard !name.isEmpty else { return error(Messages.badAlias(), at: start) }
            reader.addAlias(ReaderState.Alias(old: name, new: journal.accounts[account]), isRegex: aliasRegexes[name] != nil)
            aliased.removeAll()
        } else if JournalParser.meaningfulSubDirectives[kind]?.contains(word) == true {
            diagnostics.warning(Messages.ignoredConstruct("the '\(word)' line under '\(kind)'", "ledger-cli"), at: location(start))
        }
    }

    /// `Y 2025` / `year 2025`: the year of dates written without one.
    fileprivate func yearDirective(_ lx: inout Lexer, lineStart: Int) {
        lx.skipSpaces()
        let start = lx.pos
        guard let y = lx.integer(maxDigits: 4), (1...9999).contains(y) else {
            return error(Messages.expectedAfterKeyword("Y", "a year"), at: start)
        }
        reader.file.defaultYear = y
    }

    func missing(_ directive: String, _ what: String, _ at: Int) {
        error(Messages.missingArgument(directive, what), at: at)
    }

    /// `account NAME [; type: T]`, with tags on indented lines below.
    private func accountDirective(_ lx: inout Lexer, lineStart: Int) {
        let start = lx.pos
        while !lx.atWideSeparator() {
            if lx.peek() == UInt8(ascii: " "), lx.peek(1) == UInt8(ascii: ";") { break }
            if lx.peek() == UInt8(ascii: ";") { break }
            lx.pos += 1
        }
        guard lx.pos > start else { return missing("account", "an account name", lineStart) }
        let id = internAccount(lx.bytes, start..<lx.pos)
        if journal.accounts.declared[id] == nil { journal.accounts.declared[id] = location(start) }
        lx.skipSpaces()
        if lx.eat(UInt8(ascii: ";")) {
            lx.skipSpaces()
            let commentStart = lx.pos
            accountTags(id, parseTags(sourceText(lx.rest())), at: commentStart)
        }
        owner = .account(id)
    }

    /// Applies `type:` and `allow-negative:` tags of an account declaration.
    func accountTags(_ id: Int32, _ tags: Tags, at offset: Int) {
        journal.accountTags[id, default: []] += tags
        for (key, value) in tags {
            journal.accountTagNames[id, default: []].insert(key)
            if ["statement-day", "payment-day", "paid-from"].contains(key.lowercased()) {
                journal.cardTags[id, default: [:]][key.lowercased()] = (value, location(offset))
            }
            // For `tags --values`, as hledger 1.25 lists them: it has no conversion type (V).
            if key.lowercased() != "type" || !["v", "conversion"].contains(value.lowercased()) {
                journal.declarationTags[key, default: []].insert(value)
            }
            switch key.lowercased() {
            case "type":
                if let t = AccountType(tag: value) {
                    journal.accounts.declaredType[id] = t
                    if ["c", "cash"].contains(value.lowercased()) { journal.accounts.declaredCash.insert(id) }
                } else {
                    error(Messages.unknownAccountType(value), at: offset)
                }
            case "allow-negative":
                journal.accounts.allowsNegative.insert(id)
            default:
                break
            }
        }
    }

    /// `commodity AMOUNT` (fixes the display format) or `commodity SYMBOL`.
    private func commodityDirective(_ lx: inout Lexer, lineStart: Int) {
        if lx.atEnd || lx.peek() == UInt8(ascii: ";") { return missing("commodity", "a symbol or a sample amount", lineStart) }
        let save = lx.pos
        // A sample amount has a digit in it; otherwise the rest is the symbol.
        var hasDigit = false
        var i = lx.pos
        while i < lx.end, lx.bytes[i] != UInt8(ascii: ";") {
            if Lexer.isDigit(lx.bytes[i]) && lx.bytes[save] != UInt8(ascii: "\"") { hasDigit = true; break }
            i += 1
        }
        var id: Int32
        if hasDigit {
            guard let a = formatAmount(&lx) else { owner = .skip; return }
            id = a
        } else {
            let symbol: Range<Int>
            if lx.peek() == UInt8(ascii: "\"") {
                switch lx.commodity() {
                case .success(let r): symbol = r
                case .failure:
                    owner = .skip
                    return error(Messages.unterminatedQuote, at: save)
                }
            } else {
                symbol = lx.textUntilComment()
            }
            id = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[symbol]))
        }
        if journal.commodities.declared[id] == nil { journal.commodities.declared[id] = location(save) }
        lx.skipSpaces()
        if lx.eat(UInt8(ascii: ";")) {
            lx.skipSpaces()
            let at = lx.pos
            commodityTags(id, parseTags(sourceText(lx.rest())), at: at)
        }
        owner = .commodity(id)
    }

    /// `booking fifo|lifo|average`: the journal's booking method (a
    /// commodity's `booking:` tag wins).
    private func bookingDirective(_ lx: inout Lexer, lineStart: Int) {
        let at = lx.pos
        let word = sourceText(lx.textUntilComment())
        guard !word.isEmpty else { return missing("booking", "a method: average, fifo or lifo", lineStart) }
        guard let method = BookingMethod(word: word) else { return error(Messages.unknownBooking(word), at: at) }
        journal.defaultBooking = method
    }

    /// `split DATE COMMODITY N:M`, e.g. `split 2025-06-10 "005930" 50:1`.
    private func splitDirective(_ lx: inout Lexer, lineStart: Int) {
        guard let date = dateToken(&lx) else { return }
        lx.skipSpaces()
        let symbolStart = lx.pos
        guard case .success(let r) = lx.commodity(), !r.isEmpty else {
            return error(Messages.expectedAfterKeyword("split DATE", "a commodity symbol"), at: symbolStart)
        }
        let commodity = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[r]))
        lx.skipSpaces()
        let ratioStart = lx.pos
        let ratio = sourceText(lx.textUntilComment()).trimmingSpaces.split(separator: ":", omittingEmptySubsequences: false)
        func number(_ text: Substring) -> ExactDecimal? {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 12 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                  let m = Int128(parts.joined()), m > 0 else { return nil }
            return ExactDecimal(mantissa: m, scale: parts.count == 2 ? parts[1].count : 0)
        }
        guard ratio.count == 2, let n = number(ratio[0]), let m = number(ratio[1]) else {
            return error(Messages.badSplitRatio, at: ratioStart)
        }
        journal.splits.append(StockSplit(date: date, commodity: commodity, numerator: n, denominator: m, location: location(lineStart)))
    }

    /// Applies a commodity declaration's `currency:` tag: money, which an
    /// account may hold below zero without having bought it (FORMAT.md).
    /// A `booking:` tag sets how its sales reduce lots.
    func commodityTags(_ id: Int32, _ tags: Tags, at offset: Int) {
        for (key, value) in tags {
            // For `tags --values`, as hledger 1.25 lists them: it has no conversion type (V).
            if key.lowercased() != "type" || !["v", "conversion"].contains(value.lowercased()) {
                journal.declarationTags[key, default: []].insert(value)
            }
            if key.lowercased() == "currency" { journal.commodities.declaredCurrencies.insert(id) }
            if key.lowercased() == "booking" {
                guard let method = BookingMethod(word: value) else { error(Messages.unknownBooking(value), at: offset); continue }
                journal.commodities.booking[id] = method
            }
        }
    }

    /// A sample amount that fixes a commodity's display style and precision.
    func formatAmount(_ lx: inout Lexer) -> Int32? {
        // `1.000,00 EUR` declares a decimal comma for this commodity: it reads
        // cleanly only with the marks swapped.
        let comma = !readsCleanly(lx, comma: reader.file.decimalComma) && readsCleanly(lx, comma: !reader.file.decimalComma)
            ? !reader.file.decimalComma : reader.file.decimalComma
        let result = lx.amount(decimalComma: comma)
        if comma != reader.file.decimalComma, case .success(let s) = result {
            let id = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[s.commodity]))
            reader.commaCommodities.insert(id)
            if comma { journal.commodities.decimalCommaStyled.insert(id) }
        }
        switch result {
        case .success(let s):
            let id = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[s.commodity]))
            var style = journal.commodities.styles[Int(id)]
            style.symbolFirst = s.symbolFirst
            style.spaced = s.spaced
            style.grouped = s.grouped
            style.precision = s.quantity.scale
            style.fixed = true
            journal.commodities.styles[Int(id)] = style
            return id
        case .failure:
            _ = amountToken(&lx, isCost: false)
            return nil
        }
    }

    /// True if an amount starts here and nothing but a comment follows it.
    private func readsCleanly(_ lx: Lexer, comma: Bool) -> Bool {
        var probe = lx
        guard case .success = probe.amount(decimalComma: comma, ownMarks: false) else { return false }
        probe.skipSpaces()
        return probe.atEnd || probe.peek() == UInt8(ascii: ";")
    }


    /// `P DATE [TIME] COMMODITY PRICE`
    /// `holiday DATE [NAME]`: a day that is no business day for `shift ... holiday`.
    /// The rest of the line names it.
    private func holidayDirective(_ lx: inout Lexer) {
        guard let date = dateToken(&lx) else { return }
        journal.holidays.insert(date.day)
    }

    private func priceDirective(_ lx: inout Lexer, lineStart: Int) {
        guard let date = dateToken(&lx) else { return }
        lx.skipSpaces()
        // An optional time of day, as ledger writes it (ignored).
        if Lexer.isDigit(lx.peek()), lx.peek(2) == UInt8(ascii: ":") || lx.peek(1) == UInt8(ascii: ":") {
            while !lx.atEnd, !Lexer.isSpace(lx.peek()) { lx.pos += 1 }
            lx.skipSpaces()
        }
        let symbolStart = lx.pos
        guard case .success(let r) = lx.commodity(), !r.isEmpty else {
            return error(Messages.expectedAfterKeyword("P DATE", "a commodity symbol"), at: symbolStart)
        }
        let commodity = journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[r]))
        lx.skipSpaces()
        guard let price = amountToken(&lx, isCost: true) else { return }
        lx.skipSpaces()
        if !lx.atEnd, lx.peek() != UInt8(ascii: ";") {
            return error(Messages.unexpectedText("the price"), at: lx.pos)
        }
        journal.prices.append(MarketPrice(date: date, commodity: commodity, price: price, location: location(lineStart)))
    }
}
