extension Ledger {
    /// What a card's cycles bill: the recorded transactions and the `repeat`
    /// occurrences, never the cards' own generated payments.
    package var billedToCards: [Transaction] {
        transactions.filter { t in t.generated.map { journal.rules[Int($0.rule)].card == nil } ?? true }
    }
}
