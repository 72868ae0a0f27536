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
        writeStdout("New transaction (an empty description or Ctrl-D quits).\n")
        guard let typed = description ?? ask("Description"), !typed.trimmingSpaces.isEmpty else { return nil }
        let text = completedDescription(typed.trimmingSpaces)
        var when = date
        while true {
            guard let answer = ask("Date", default: when.description) else { return nil }
            if let d = try? AddCommand.dateWord(answer.trimmingSpaces, today: date) { when = d; break }
            writeStdout("  not a date: write YYYY-MM-DD, today or yesterday\n")
        }
        var postings: [(account: String, amount: String?)] = []
        if let template = template(for: text) {
            writeStdout("  like \(template.date) \(template.description):\n")
            let c = compilation.ledger.journal.commodities
            let shown = template.postings.map { p in (compilation.ledger.journal.accounts[p.account], p.amount.map { c.format($0) }) }
            for (a, m) in shown { writeStdout("    \(a)  \(m ?? "")\n") }
            guard let use = ask("Use these postings", default: "y") else { return nil }
            if use.lowercased().hasPrefix("y") { postings = shown.enumerated().map { $0.offset == shown.count - 1 ? ($0.element.0, nil) : ($0.element.0, $0.element.1) } }
        }
        if postings.isEmpty {
            while true {
                let n = postings.count + 1
                guard let typed = ask("Account \(n)" + (n > 2 ? " (empty to finish)" : "")) else { return nil }
                let answer = typed.trimmingSpaces
                if answer.isEmpty {
                    if n > 2 { break }
                    continue
                }
                guard let account = completedAccount(answer) else { continue }
                guard let amount = ask("Amount for \(account)" + (postings.contains { $0.amount == nil } ? "" : " (empty: the balancing amount)")) else { return nil }
                postings.append((account, amount.trimmingSpaces.isEmpty ? nil : amount.trimmingSpaces))
            }
        }
        let new = NewTransaction(date: when, description: text, postings: postings)
        writeStdout("\n" + String(decoding: new.text, as: UTF8.self) + "\n")
        guard let confirm = ask("Add it", default: "y"), confirm.lowercased().hasPrefix("y") else {
            writeStdout("Nothing was written.\n")
            return nil
        }
        return new
    }

    /// One line from the terminal; nil at the end of input.
    private func ask(_ question: String, default value: String? = nil) -> String? {
        let prompt = question + (value.map { " [\($0)]" } ?? "") + ": "
        let line: String?
        if let editor {
            line = editor.read(prompt, candidates: candidates(for: question))
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
    private func candidates(for question: String) -> [String] {
        let journal = compilation.ledger.journal
        if question.hasPrefix("Account") { return accountNames }
        if question.hasPrefix("Description") {
            var seen = Set<String>()
            return compilation.ledger.transactions.reversed().compactMap { t in t.generated == nil && seen.insert(compatibilitySpelled(t.payee)).inserted ? t.payee : nil }
        }
        if question.hasPrefix("Amount") { return (1..<Int32(max(1, journal.commodities.count))).map { journal.commodities[$0] } }
        return []
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
        guard let pick = ask("Which (1-\(min(9, matches.count)))"), let n = Int(pick.trimmingSpaces), n >= 1, n <= min(9, matches.count) else { return nil }
        return matches[n - 1]
    }
}
