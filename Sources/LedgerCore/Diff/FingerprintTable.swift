/// Transactions by meaning, for matching one side's against the other's: an
/// open-addressing table from a fingerprint to the first transaction with it,
/// the others with the same fingerprint chained after it. A fingerprint is
/// already a good hash, so its low bits pick the slot (no hashing per lookup,
/// no array per key), and a slot holds only the transaction's index.
struct FingerprintTable {
    private let meaning: [Fingerprint]
    private var heads: [Int32]
    private var next: [Int32]
    private let mask: Int

    /// The transactions `indices` by their `meaning` (indexed by transaction);
    /// a chain keeps the order of `indices`.
    init(_ indices: [Int], meaning: [Fingerprint]) {
        self.meaning = meaning
        var size = 16
        while size < indices.count * 2 { size <<= 1 }
        mask = size - 1
        heads = Array(repeating: -1, count: size)
        next = Array(repeating: -1, count: meaning.count)
        // Taken last to first, each put at its chain's head.
        for i in indices.reversed() {
            let key = meaning[i]
            var slot = Int(truncatingIfNeeded: key.a) & mask
            while heads[slot] >= 0, meaning[Int(heads[slot])] != key { slot = (slot + 1) & mask }
            next[i] = heads[slot]
            heads[slot] = Int32(i)
        }
    }

    /// The first transaction with this meaning, or -1.
    func first(_ key: Fingerprint) -> Int32 {
        var slot = Int(truncatingIfNeeded: key.a) & mask
        while heads[slot] >= 0 {
            if meaning[Int(heads[slot])] == key { return heads[slot] }
            slot = (slot + 1) & mask
        }
        return -1
    }

    /// The transaction after `i` with the same meaning, or -1.
    func after(_ i: Int32) -> Int32 { next[Int(i)] }
}
