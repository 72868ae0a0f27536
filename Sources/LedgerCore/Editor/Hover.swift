/// What the compiled ledger has at a line of a file.
struct LedgerAtLine {
    let ledger: Ledger
    let file: Int32

    /// The recorded transaction whose posting starts on the line `[start, end)`,
    /// with the posting's index.
    func posting(onLine start: Int, _ end: Int) -> (transaction: Int, posting: Int)? {
        for (i, t) in ledger.transactions.enumerated() where t.generated == nil && t.location.file == file && Int(t.location.offset) < end {
            for (k, p) in t.postings.enumerated() where p.location.file == file && Int(p.location.offset) >= start && Int(p.location.offset) < end {
                return (i, k)
            }
        }
        return nil
    }

    /// The automated transaction (`= QUERY`) whose header or a posting of it is on the line `[start, end)`.
    func automatedRule(onLine start: Int, _ end: Int) -> Int? {
        ledger.journal.automatedRules.indices.first { r in
            let rule = ledger.journal.automatedRules[r]
            return ([rule.location] + rule.postings.map(\.location)).contains { $0.file == file && Int($0.offset) >= start && Int($0.offset) < end }
        }
    }

    /// The rule whose header is on the line `[start, end)`.
    func rule(onLine start: Int, _ end: Int) -> Int? {
        ledger.journal.rules.indices.first { r in
            let at = ledger.journal.rules[r].location
            return at.file == file && Int(at.offset) >= start && Int(at.offset) < end
        }
    }
}

extension LanguageServer {
    /// `textDocument/hover`: an account's balance after the transaction and at
    /// the end of the journal, an elided amount's inferred value, a rule's
    /// occurrences, a commodity's latest price.
    func hover(_ doc: TextDocument, _ params: JSONValue) -> JSONValue {
        guard let position = EditorPosition(params["position"]),
              let (compilation, index) = workspace.compilation(for: doc.uri) else { return .null }
        let file = compilation.sources.files[index]
        let cursor = file.offset(of: position, workspace.encoding)
        let start = file.lineStart(before: cursor), end = file.lineEnd(after: cursor)
        let ledger = compilation.ledger
        let at = LedgerAtLine(ledger: ledger, file: Int32(index))
        var lines: [String] = []
        var range = (start, end)
        if let r = at.automatedRule(onLine: start, end) {
            lines += automatedLines(ledger, r)
        } else if let (t, k) = at.posting(onLine: start, end) {
            let p = ledger.transactions[t].postings[k]
            let accountEnd = file.wordEnd(from: Int(p.location.offset))
            if let commodity = commodityWord(file, cursor), cursor > accountEnd {
                lines += priceLines(ledger, commodity)
                if let a = p.amount, let worth = valueLine(ledger, a, on: ledger.transactions[t].date) { lines.append(worth) }
                range = commodity.range
            } else {
                lines += accountLines(ledger, transaction: t, account: p.account)
                if p.isInferred, let a = p.amount {
                    lines.append(Language.text("inferred amount: ", ko: "추론한 금액: ") + ledger.journal.commodities.format(a).markdownEscaped)
                }
                if cursor > accountEnd, let a = p.amount, let worth = valueLine(ledger, a, on: ledger.transactions[t].date) { lines.append(worth) }
                range = (Int(p.location.offset), accountEnd)
            }
        } else if let r = at.rule(onLine: start, end) {
            lines += ruleLines(ledger, r, compilation.sources)
        } else if let commodity = commodityWord(file, cursor) {
            lines += priceLines(ledger, commodity)
            range = commodity.range
        }
        guard !lines.isEmpty else { return .null }
        return .object([
            ("contents", .object([("kind", .string("markdown")), ("value", .string(lines.joined(separator: "\n\n")))])),
            ("range", file.editorRange(range.0, range.1, workspace.encoding)),
        ])
    }

    /// What `amount` was worth on `date` in the journal's main currency, at
    /// the prices in force that day (`--value DATE,MAIN`); nil when it is in
    /// that currency already or no price reaches it.
    func valueLine(_ ledger: Ledger, _ amount: Amount, on date: CivilDate) -> String? {
        guard let main = ledger.mainCurrency, amount.commodity != main else { return nil }
        let c = ledger.journal.commodities
        guard let valuer = try? Valuer(Valuation(.on(date), in: c[main]), ledger: ledger, reportTo: nil),
              let worth = try? valuer.value(amount, on: date, at: nil), worth.commodity == main else { return nil }
        return Language.text("worth \(c.format(worth)) on \(date) (\(c[main]), the journal's main currency, at that day's prices)",
                             ko: "\(date) 평가액 \(c.format(worth))(장부의 주 통화 \(c[main]), 그날 시세)")
    }

    /// The account's balance (with its subaccounts) after transaction `t`, in
    /// date order, and at the end of the journal.
    private func accountLines(_ ledger: Ledger, transaction t: Int, account: Int32) -> [String] {
        let accounts = ledger.journal.accounts
        // The balance of the account's subtree over the stream, through a transaction or to the end.
        func balance(through last: Int32?) -> [Amount]? {
            var movements = Movements(ledger)
            movements.stopsAfter = last
            let subtree = try? Balances.summing(movements, in: [.always]).gathered(into: 1) { accounts.isSelfOrDescendant($0, of: account) ? [0] : [] }
            return subtree.map { $0.reached(0) ? $0.sums[0][1].amounts : [] }
        }
        let end = balance(through: nil)
        let after = ledger.order.contains(Int32(t)) ? balance(through: Int32(t)) : []
        let exact = end != nil && after != nil
        let c = ledger.journal.commodities
        func shown(_ amounts: [Amount]?) -> String {
            guard exact else { return Messages.tooLargeToShow.text }
            let nonZero = (amounts ?? []).filter { !$0.quantity.isZero }
            return nonZero.isEmpty ? "0" : c.format(nonZero).markdownEscaped
        }
        return ["**\(accounts[account].markdownEscaped)**",
                Language.text("balance after this transaction: ", ko: "이 거래 후 잔액: ") + shown(after),
                Language.text("balance at the end of the journal (\(ledger.until)): ", ko: "장부 끝(\(ledger.until)) 잔액: ") + shown(end)] + cardLines(ledger, transaction: t, account: account)
    }

    /// For a card: the cycle the transaction falls in, when it is due, and its bill so far.
    private func cardLines(_ ledger: Ledger, transaction t: Int, account: Int32) -> [String] {
        let journal = ledger.journal
        guard let r = journal.rules.firstIndex(where: { $0.card?.account == account }), let card = journal.rules[r].card else { return [] }
        let date = ledger.transactions[t].date
        let closes = card.closing(of: date)
        // A cycle past 38 digits is an error of the compile already; the hover then says nothing of it.
        guard let cycle = ledger.cardCycles[Int32(r)]?.first(where: { $0.closes == closes }) else { return [] }
        let due = cycle.amountDue.amounts.filter { !$0.quantity.isZero }
        let billed = due.isEmpty ? Language.text("nothing", ko: "없음") : journal.commodities.format(due).markdownEscaped
        return [Language.text("card cycle closing \(cycle.closes), due \(cycle.due): \(billed) billed so far",
                              ko: "카드 명세서 마감 \(cycle.closes), 결제일 \(cycle.due): 지금까지 청구액 \(billed)")]
    }

    /// The rule's schedule, its next occurrences after today, and the last
    /// past ones with the recorded transaction that fulfilled each.
    private func ruleLines(_ ledger: Ledger, _ r: Int, _ sources: SourceManager) -> [String] {
        let rule = ledger.journal.rules[r]
        // A card's rule is its declaration: its payments are the cycles' (hover on a posting to the card).
        guard rule.isValid, rule.card == nil else { return [] }
        let today = workspace.today
        let name = foldedName(rule.description)
        let recorded = ledger.transactions.filter { t in
            t.generated == nil && Expander.names(t, rule: name)
        }
        var past: [String] = [], next: [String] = []
        var k = 0
        for (occurrence, window) in rule.occurrences(holidays: ledger.journal.holidays).withWindows() {
            guard next.count < 3, k < Expander.mostOccurrences else { break }
            let d = occurrence.date
            if d > today {
                next.append("- \(d)")
            } else {
                if let t = recorded.first(where: { window.contains($0.date.day) }) {
                    let (path, line, _) = sources.describe(t.location)
                    past.append("- \(d): " + Language.text("recorded \(t.date)", ko: "\(t.date)에 기록됨") + " (\(path.markdownEscaped):\(line))")
                } else {
                    past.append("- \(d): " + Language.text("not recorded (generated)", ko: "기록 안 됨(생성됨)"))
                }
                if past.count > 3 { past.removeFirst() }
            }
            k += 1
        }
        var lines = ["**repeat** \(rule.description.markdownEscaped)"]
        lines.append(next.isEmpty ? Language.text("no occurrences after \(today)", ko: "\(today) 이후 발생 없음")
                     : Language.text("next occurrences:", ko: "다음 발생:") + "\n" + next.joined(separator: "\n"))
        if !past.isEmpty { lines.append(Language.text("past occurrences (latest \(past.count)):", ko: "지난 발생(최근 \(past.count)건):") + "\n" + past.joined(separator: "\n")) }
        return lines
    }

    private func priceLines(_ ledger: Ledger, _ word: (name: String, range: (Int, Int))) -> [String] {
        let c = ledger.journal.commodities
        guard let id = c.lookup(word.name) else { return [] }
        let latest = ledger.journal.prices.filter { $0.commodity == id }.max { $0.date < $1.date }
        guard let latest else { return ["**\(word.name.markdownEscaped)**: " + Language.text("no market price (`P`) in the journal", ko: "장부에 시세(`P`)가 없습니다")] }
        let splits = SplitRatios(ledger.journal.splits)
        // A price from before a split is an old share's: say what it is for a share today.
        if let r = try? splits.ratio(of: id, after: latest.date, through: nil, at: nil),
           let unit = try? splits.price(latest.price.quantity, of: id, pricedOn: latest.date, usedOn: nil, at: nil) {
            let now = Amount(unit, latest.price.commodity)
            let price = c.format(now).markdownEscaped, then = c.format(latest.price).markdownEscaped
            return ["**\(word.name.markdownEscaped)**: " + Language.text("latest price \(price) a share after the splits since \(latest.date) (\(r.numerator):\(r.denominator)); \(then) on \(latest.date)",
                                                                  ko: "최근 시세 주당 \(price)(\(latest.date) 이후 분할 \(r.numerator):\(r.denominator) 반영), \(latest.date)에 \(then)")]
        }
        let price = c.format(latest.price).markdownEscaped
        return ["**\(word.name.markdownEscaped)**: " + Language.text("latest price \(price) on \(latest.date)", ko: "최근 시세 \(price)(\(latest.date))")]
    }

    /// The commodity name under the cursor: letters (or a quoted name) next to it.
    func commodityWord(_ file: SourceFile, _ cursor: Int) -> (name: String, range: (Int, Int))? {
        let b = file.bytes
        func isNameByte(_ x: UInt8) -> Bool {
            x >= 0x80 || (x | 0x20 >= 0x61 && x | 0x20 <= 0x7A) || x == UInt8(ascii: "$") || x == UInt8(ascii: "_")
        }
        var s = cursor, e = cursor
        while s > 0, isNameByte(b[s - 1]) { s -= 1 }
        while e < b.count, isNameByte(b[e]) { e += 1 }
        if s > 0, e < b.count, b[s - 1] == 0x22 {
            // A quoted commodity ("005930"): from quote to quote.
            var q = e
            while q < b.count, b[q] != 0x22, b[q] != 0x0A { q += 1 }
            if q < b.count, b[q] == 0x22 { return (String(decoding: b[s..<q], as: UTF8.self), (s - 1, q + 1)) }
        }
        guard s < e else { return nil }
        return (String(decoding: b[s..<e], as: UTF8.self), (s, e))
    }
}

extension LanguageServer {
    /// An automated transaction: its query, what it adds, and how often.
    func automatedLines(_ ledger: Ledger, _ r: Int) -> [String] {
        let rule = ledger.journal.automatedRules[r]
        let places = Set(rule.postings.map(\.location))
        var added = 0, transactions = 0
        for t in ledger.transactions {
            let n = t.postings.count { places.contains($0.location) }
            added += n
            if n > 0 { transactions += 1 }
        }
        let matches = rule.postings.isEmpty ? 0 : added / rule.postings.count
        let adds = rule.postings.indices.map { k -> String in
            let p = rule.postings[k]
            let amount = rule.multipliers[k].map { Language.text("× \($0) of the matched amount", ko: "일치한 금액 × \($0)") } ?? p.amount.map { ledger.journal.commodities.format($0).markdownEscaped } ?? ""
            return "- \(ledger.journal.accounts[p.account].markdownEscaped) \(amount)"
        }
        // A code span shows its text as it is; one holding a backtick could end early, so that query is escaped instead.
        let query = rule.query.contains("`") || rule.query.holdsUnsafeScalars ? "= " + rule.query.markdownEscaped : "`= \(rule.query)`"
        return [Language.text("**automated transaction** ", ko: "**자동 거래** ") + query, Language.text("adds after each matching posting:", ko: "일치하는 포스팅마다 뒤에 더합니다:")] + adds
            + [Language.text("matched \(matches) posting\(matches == 1 ? "" : "s") in \(transactions) transaction\(transactions == 1 ? "" : "s")",
                             ko: "거래 \(transactions)건의 포스팅 \(matches)개와 일치")]
    }
}

extension String {
    /// Journal text inside the hover's markdown, shown as text: the
    /// characters that start a link, an image, HTML, an entity, code or
    /// emphasis are escaped with a backslash, so a name like
    /// `[click](command:x)` is never a live link, and the characters a
    /// terminal acts on are escaped as `terminalSafe` does.
    var markdownEscaped: String {
        let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "!"]
        var out = ""
        for ch in terminalSafe {
            if special.contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
