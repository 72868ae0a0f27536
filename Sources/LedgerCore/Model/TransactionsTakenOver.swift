/// The last compile's transactions, taken over by the next compile of the
/// same chunks (`ChunkedJournal`), so that an edit does not copy every kept
/// transaction into a new array and free the old one (issue 61: at 100,000
/// transactions, 6,000 kept ones, an eighth of an edit).
///
/// The array is the last ledger's (its transactions): the head's
/// transactions, then each chunk part's (`Journal.chunkParts`), then the
/// generated ones. The new compile's head is written over the old head, and
/// each part it takes in is left where it lies when it is the same part (the
/// same memo: the same transactions with the same ids) and no stage after
/// the parse changed it; else it is written over the old part at that place
/// (the rest of the array moves, but no transaction is copied). A compile
/// that reads a chunk itself, or ends its parts, cuts the array there
/// (`cut`): from then on it appends as usual.
final class TransactionsTakenOver {
    private var old: [Transaction]
    /// The last compile's parts, in order.
    private let parts: [ChunkPart]
    /// The next of `parts`, once started.
    private var next = 0
    /// How far the transactions after the written ones moved from their places in the last compile.
    private var shift = 0
    /// How many of the array's transactions are this compile's, once started (the rest are the last compile's).
    private var written = 0
    private var started = false
    private var ended = false
    /// How many parts were left where they lay (a test sees it).
    private(set) var partsLeft = 0

    /// Takes over `transactions`, the last ledger's, read as `journal`'s
    /// parts and then the generated ones; nil when a stage after the parse
    /// may have changed any transaction of a part (automated postings).
    init?(_ transactions: consuming [Transaction], of journal: borrowing Journal) {
        guard journal.automatedRules.isEmpty, let first = journal.chunkParts.first,
              journal.chunkParts.allSatisfy({ $0.transactions.upperBound <= transactions.count }) else { return nil }
        parts = journal.chunkParts
        // Parts laid end to end after the head: a chunk read by the compile itself lies between two parts.
        guard zip(parts, parts.dropFirst()).allSatisfy({ $0.transactions.upperBound == $1.transactions.lowerBound }),
              first.transactions.lowerBound >= 0 else { return nil }
        old = transactions
    }

    /// Puts a part's transactions (`memo`'s, the chunk's as this compile
    /// numbers them) after everything in `transactions`, written so far;
    /// returns where they are, or nil when the caller appends them (the
    /// array was cut, or never taken over).
    func place(_ theirs: [Transaction], memo: ChunkMemo, in transactions: inout [Transaction]) -> Range<Int>? {
        guard !ended else { return nil }
        if !started {
            // Taken over only when the first part follows the head where it did.
            guard !parts.isEmpty else { return cut(&transactions) }
            let oldHead = parts[0].transactions.lowerBound
            old.replaceSubrange(0..<oldHead, with: transactions)
            shift = transactions.count - oldHead
            written = transactions.count
            transactions = old
            old = []
            started = true
        }
        guard next < parts.count, parts[next].transactions.lowerBound + shift == written else { return cut(&transactions) }
        let was = parts[next].transactions
        let at = written..<(written + theirs.count)
        if parts[next].memo === memo && memo.unchangedByTheCheck {
            partsLeft += 1
        } else if was.count == theirs.count {
            transactions.withUnsafeMutableBufferPointer { all in
                for (i, t) in zip(at, theirs) { all[i] = t }
            }
        } else {
            transactions.replaceSubrange((was.lowerBound + shift)..<(was.upperBound + shift), with: theirs)
            shift += theirs.count - was.count
        }
        next += 1
        written = at.upperBound
        return at
    }

    /// Cuts the array after what this compile wrote: the caller appends from
    /// here on. Returns nil (what `place` returns then).
    @discardableResult
    func cut(_ transactions: inout [Transaction]) -> Range<Int>? {
        if started && !ended { transactions.removeSubrange(written...) }
        ended = true
        old = []
        return nil
    }
}
