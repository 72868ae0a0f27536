import LedgerCore

/// The questions `ledgerc add` asks on a terminal (with Tab completion and
/// ↑ for earlier answers, `LineEditor`; plain lines from a pipe):
/// the description first (empty or Ctrl-D ends without writing), then the
/// date, then the postings, or the postings of the most recent transaction
/// with a similar description. An account is completed from any part of its
/// name: one match is taken, several are listed to choose from by number.
struct AddDialog {
    let compilation: Compilation
    let date: CivilDate
    let description: String?
    /// Account names, most used first (counted once, for every question).
    private let accountNames: [String]
    /// On a terminal: Tab completion and earlier answers (↑).
    private let editor: LineEditor? = LineEditor.isTerminal ? LineEditor() : nil

    init(compilation: Compilation, date: CivilDate, description: String?) {
        self.compilation = compilation
        self.date = date
        self.description = description
        let accounts = compilation.ledger.journal.accounts
        var uses = [Int](repeating: 0, count: accounts.count)
        for t in compilation.ledger.transactions { for p in t.postings { uses[Int(p.account)] += 1 } }
        accountNames = (0..<Int32(accounts.count)).filter { uses[Int($0)] > 0 || accounts.declared[$0] != nil }
            .sorted { uses[Int($0)] != uses[Int($1)] ? uses[Int($0)] > uses[Int($1)] : accounts[$0] < accounts[$1] }
            .map { accounts[$0] }
    }

    /// The transaction asked for, or nil when the person ended the dialog.
    func run() -> NewTransaction? {
        writeStdout(Language.text("New transaction (an empty description or Ctrl-D quits).\n", ko: "새 거래(빈 적요나 Ctrl-D로 끝냅니다).\n"))
        guard let typed = description ?? ask(Language.text("Description", ko: "적요"), completing: .payees), !typed.trimmingSpaces.isEmpty else { return nil }
        let text = completedDescription(typed.trimmingSpaces)
        var when = date
        while true {
            guard let answer = ask(Language.text("Date", ko: "날짜"), default: when.description) else { return nil }
            if let d = try? AddCommand.dateWord(answer.trimmingSpaces, today: date) { when = d; break }
            writeStdout(Language.text("  not a date: write YYYY-MM-DD, today or yesterday\n", ko: "  날짜가 아닙니다: YYYY-MM-DD, today, yesterday 중 하나를 쓰세요\n"))
        }
        var postings: [(account: String, amount: String?)] = []
        if let template = template(for: text) {
            writeStdout(Language.text("  like \(template.date) \(template.description):\n", ko: "  \(template.date) \(template.description)처럼:\n"))
            let c = compilation.ledger.journal.commodities
            let shown = template.postings.map { p in (compilation.ledger.journal.accounts[p.account], p.amount.map { c.format($0) }) }
            for (a, m) in shown { writeStdout("    \(a)  \(m ?? "")\n") }
            guard let use = ask(Language.text("Use these postings", ko: "이 포스팅을 쓸까요"), default: "y") else { return nil }
            if AddDialog.isYes(use) { postings = shown.enumerated().map { $0.offset == shown.count - 1 ? ($0.element.0, nil) : ($0.element.0, $0.element.1) } }
        }
        if postings.isEmpty {
            while true {
                let n = postings.count + 1
                let question = Language.text("Account \(n)", ko: "계정 \(n)") + (n > 2 ? Language.text(" (empty to finish)", ko: "(비우면 끝)") : "")
                guard let typed = ask(question, completing: .accounts) else { return nil }
                let answer = typed.trimmingSpaces
                if answer.isEmpty {
                    if n > 2 { break }
                    continue
                }
                guard let account = completedAccount(answer) else { continue }
                let amountQuestion = Language.text("Amount for \(account)", ko: "\(account) 금액")
                    + (postings.contains { $0.amount == nil } ? "" : Language.text(" (empty: the balancing amount)", ko: "(비우면 합을 맞추는 금액)"))
                guard let amount = ask(amountQuestion, completing: .commodities) else { return nil }
                postings.append((account, amount.trimmingSpaces.isEmpty ? nil : amount.trimmingSpaces))
            }
        }
        let new = NewTransaction(date: when, description: text, postings: postings)
        writeStdout("\n" + String(decoding: new.text, as: UTF8.self) + "\n")
        guard let confirm = ask(Language.text("Add it", ko: "추가할까요"), default: "y"), AddDialog.isYes(confirm) else {
            writeStdout(Language.text("Nothing was written.\n", ko: "아무것도 쓰지 않았습니다.\n"))
            return nil
        }
        return new
    }

    /// What Tab completes for a question.
    enum Completion { case none, accounts, payees, commodities }

    /// `y`, `yes`, or in Korean `예`, `네`, `응`, `ㅇ`.
    static func isYes(_ answer: String) -> Bool {
        let a = answer.trimmingSpaces.lowercased()
        return a.hasPrefix("y") || ["예", "네", "응", "ㅇ"].contains { a.hasPrefix($0) }
    }

    /// One line from the terminal; nil at the end of input.
    private func ask(_ question: String, completing: Completion = .none, default value: String? = nil) -> String? {
        let prompt = question + (value.map { " [\($0)]" } ?? "") + ": "
        let line: String?
        if let editor {
            line = editor.read(prompt, candidates: candidates(for: completing))
        } else {
            writeStdout(prompt)
            line = readLine()
            if line == nil { writeStdout("\n") }
        }
        guard let line else { return nil }
        if line.trimmingSpaces.isEmpty, let value { return value }
        return line
    }

    /// What Tab completes for a question: accounts, payees, or commodities after an amount.
    private func candidates(for completing: Completion) -> [String] {
        let journal = compilation.ledger.journal
        switch completing {
        case .accounts: return accountNames
        case .payees:
            var seen = Set<String>()
            return compilation.ledger.transactions.reversed().compactMap { t in t.generated == nil && seen.insert(compatibilitySpelled(t.payee)).inserted ? t.payee : nil }
        case .commodities: return (1..<Int32(max(1, journal.commodities.count))).map { journal.commodities[$0] }
        case .none: return []
        }
    }

    /// A past payee the typed text starts (most recent first), else the text.
    private func completedDescription(_ typed: String) -> String {
        let lower = typed.lowercased()
        for t in compilation.ledger.transactions.reversed() where t.generated == nil && t.description.lowercased().hasPrefix(lower) {
            if t.description != typed { writeStdout("  → \(t.description)\n") }
            return t.description
        }
        return typed
    }

    /// The most recent recorded transaction with this description (or payee).
    private func template(for description: String) -> Transaction? {
        let folded = foldedName(description)
        return compilation.ledger.transactions.last { $0.generated == nil && (foldedName($0.description) == folded || foldedName($0.payee) == folded) }
    }

    /// The account meant by `typed`: itself when known, the one account whose
    /// name holds it, or one chosen from a numbered list. A name no account
    /// holds is taken as written (the check then says whether it may be new).
    private func completedAccount(_ typed: String) -> String? {
        let names = accountNames
        if names.contains(typed) { return typed }
        let lower = typed.lowercased()
        let matches = names.filter { name in
            name.lowercased().split(separator: ":").contains { $0.hasPrefix(lower) } || name.lowercased().hasPrefix(lower)
        }
        if matches.count == 1 {
            writeStdout("  → \(matches[0])\n")
            return matches[0]
        }
        guard !matches.isEmpty else { return typed }
        for (i, m) in matches.prefix(9).enumerated() { writeStdout("  \(i + 1). \(m)\n") }
        guard let pick = ask(Language.text("Which (1-\(min(9, matches.count)))", ko: "몇 번(1-\(min(9, matches.count)))")), let n = Int(pick.trimmingSpaces), n >= 1, n <= min(9, matches.count) else { return nil }
        return matches[n - 1]
    }
}
