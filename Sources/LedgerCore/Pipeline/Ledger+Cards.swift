extension Ledger {
    /// What a card's cycles bill: the recorded transactions and the `repeat`
    /// occurrences, never the cards' own generated payments.
    package var billedToCards: [Transaction] {
        transactions.filter { t in t.generated.map { journal.rules[Int($0.rule)].card == nil } ?? true }
    }

    /// `billedToCards` by card: each card's cycles read its own transactions,
    /// not all of them (1,000 cards once read 220,000 transactions each).
    package var billedByCard: [Int32: [Transaction]] {
        CardTerms.byCard(billedToCards, cards: Set(journal.rules.compactMap { $0.card?.account }))
    }
}
