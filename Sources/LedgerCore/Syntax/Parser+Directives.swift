extension JournalParser {
    /// Directive words this version reads, for did-you-mean hints.
    static let knownDirectives = [
        "account", "alias", "apply", "comment", "commodity", "decimal-mark", "end", "include",
        "P", "payee", "repeat", "tag", "test", "year", "D", "Y",
    ]

    /// A line that starts with a word in column 1.
    func directive(_ word: String, _ lx: inout Lexer, lineStart: Int) {
        lx.skipSpaces()
        switch word {
        case "include":
            let r = lx.textUntilComment()
            if r.isEmpty { return missing(word, "a file path", lineStart) }
            include(sourceText(r), at: location(lineStart))
        case "account":
            accountDirective(&lx, lineStart: lineStart)
        case "commodity":
            commodityDirective(&lx, lineStart: lineStart)
        case "P":
            priceDirective(&lx, lineStart: lineStart)
        case "decimal-mark":
            let r = lx.textUntilComment()
            switch sourceText(r) {
            case ",": decimalComma = true
            case ".": decimalComma = false
            case "": missing(word, "'.' or ','", lineStart)
            case let other: error(Messages.badDecimalMark(other), at: r.lowerBound)
            }
        case "alias":
            let text = sourceText(lx.textUntilComment())
            let parts = text.split(separator: "=", maxSplits: 1)
            let old = parts.first.map { String($0).trimmingSpaces } ?? ""
            let new = parts.count == 2 ? String(parts[1]).trimmingSpaces : ""
            guard parts.count == 2, !old.isEmpty, !new.isEmpty else {
                return error(Messages.badAlias(), at: lineStart)
            }
            aliases.append((old, new))
        case "end":
            let rest = sourceText(lx.textUntilComment())
            if rest == "aliases" || rest == "apply alias" {
                aliases.removeAll()
            } else if rest == "apply account" || rest == "apply" {
                if !accountPrefixes.isEmpty { accountPrefixes.removeLast() }
            } else {
                error(Messages.unknownDirective("end \(rest)"), at: lineStart,
                      notes: [DiagnosticNote(Messages.didYouMean("end aliases"))])
            }
        case "payee":
            let r = lx.textUntilComment()
            if r.isEmpty { return missing(word, "a payee name", lineStart) }
            journal.declaredPayees.insert(foldedName(sourceText(r)))
            owner = .skip
        case "tag":
            let r = lx.textUntilComment()
            if r.isEmpty { return missing(word, "a tag name", lineStart) }
            journal.declaredTags.insert(sourceText(r))
            owner = .skip
        case "repeat":
            repeatHeader(&lx, lineStart: lineStart)
        case "apply":
            let text = sourceText(lx.textUntilComment())
            guard text.hasPrefix("account "), !String(text.dropFirst(8)).trimmingSpaces.isEmpty else {
                return error(Messages.unknownDirective("apply \(text)"), at: lineStart,
                             notes: [DiagnosticNote(Messages.didYouMean("apply account NAME"))])
            }
            accountPrefixes.append(String(text.dropFirst(8)).trimmingSpaces)
        case "D":
            // The commodity (and style) of amounts written without one, as in ledger-cli and hledger.
            if let id = formatAmount(&lx) { defaultCommodity = id }
        case "Y", "year":
            yearDirective(&lx, lineStart: lineStart)
        case "C", "N":
            // ledger-cli's commodity conversions and no-market flags: they do not change balances.
            owner = .skip
        case _ where word.count > 1 && word.hasPrefix("Y") && word.dropFirst().allSatisfy(\.isNumber):
            // `Y2014`, written without a space.
            lx.pos = lineStart + 1
            yearDirective(&lx, lineStart: lineStart)
        default:
            var notes: [DiagnosticNote] = []
            if let s = closestWord(to: word, among: JournalParser.knownDirectives) {
                notes.append(DiagnosticNote(Messages.didYouMean(s)))
            }
            error(Messages.unknownDirective(word), at: lineStart, notes: notes)
            owner = .skip
        }
    }

    /// `Y 2025` / `year 2025`: the year of dates written without one.
    private func yearDirective(_ lx: inout Lexer, lineStart: Int) {
        lx.skipSpaces()
        let start = lx.pos
        guard let y = lx.integer(maxDigits: 4), (1...9999).contains(y) else {
            return error(Messages.expectedAfterKeyword("Y", "a year"), at: start)
        }
        defaultYear = y
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
        for (key, value) in tags {
            switch key.lowercased() {
            case "type":
                if let t = AccountType(tag: value) {
                    journal.accounts.declaredType[id] = t
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
        owner = .commodity(id)
    }

    /// A sample amount that fixes a commodity's display style and precision.
    func formatAmount(_ lx: inout Lexer) -> Int32? {
        // `1.000,00 EUR` declares a decimal comma for this commodity: it reads
        // cleanly only with the marks swapped.
        let comma = !readsCleanly(lx, decimalComma: decimalComma) && readsCleanly(lx, decimalComma: !decimalComma)
            ? !decimalComma : decimalComma
        let result = lx.amount(decimalComma: comma)
        if comma != decimalComma, case .success(let s) = result {
            commaCommodities.insert(journal.commodities.intern(UnsafeBufferPointer(rebasing: lx.bytes[s.commodity])))
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
    private func readsCleanly(_ lx: Lexer, decimalComma: Bool) -> Bool {
        var probe = lx
        guard case .success = probe.amount(decimalComma: decimalComma) else { return false }
        probe.skipSpaces()
        return probe.atEnd || probe.peek() == UInt8(ascii: ";")
    }


    /// `P DATE [TIME] COMMODITY PRICE`
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

/// A name folded for comparison: lower-cased, runs of white space as one space, trimmed.
package func foldedName(_ s: String) -> String {
    var out = ""
    var pendingSpace = false
    for ch in s.lowercased().unicodeScalars {
        if ch == " " || ch == "\t" || ch == "\n" || ch == "\r" {
            pendingSpace = !out.isEmpty
        } else {
            if pendingSpace { out.unicodeScalars.append(" ") }
            pendingSpace = false
            out.unicodeScalars.append(ch)
        }
    }
    return out
}
