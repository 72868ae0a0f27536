/// An (account, commodity) pair: what a running balance, a position or a
/// traded holding is kept by. Packed into one word, so that a set or a
/// dictionary of pairs hashes one integer.
public struct AccountCommodity: Hashable, Sendable {
    private let packed: Int64

    public init(_ account: Int32, _ commodity: Int32) {
        packed = Int64(account) << 32 | Int64(UInt32(bitPattern: commodity))
    }

    public var account: Int32 { Int32(truncatingIfNeeded: packed >> 32) }
    public var commodity: Int32 { Int32(truncatingIfNeeded: packed) }
}

/// A set of (account, commodity) pairs looked up once a posting, so it must
/// not hash: per account a bit for each commodity id below 64 (nearly all),
/// a hash set for the rest.
struct AccountCommoditySet {
    private var bits: [UInt64] = []
    private var wide: Set<AccountCommodity> = []

    init() {}

    init(_ pairs: Set<AccountCommodity>) {
        for pair in pairs { insert(pair.account, pair.commodity) }
    }

    /// (A pair already in the set is found by a read, with no write: a
    /// journal moves the same pairs over and over.)
    @inline(__always)
    mutating func insert(_ account: Int32, _ commodity: Int32) {
        let a = Int(account)
        if commodity < 64, a < bits.count, bits[a] & (1 << UInt64(commodity)) != 0 { return }
        add(account, commodity)
    }

    private mutating func add(_ account: Int32, _ commodity: Int32) {
        guard commodity < 64 else {
            wide.insert(AccountCommodity(account, commodity))
            return
        }
        let a = Int(account)
        if a >= bits.count { bits.append(contentsOf: repeatElement(0, count: a - bits.count + 1)) }
        bits[a] |= 1 << UInt64(commodity)
    }

    @inline(__always)
    func contains(_ account: Int32, _ commodity: Int32) -> Bool {
        guard commodity < 64 else { return wide.contains(AccountCommodity(account, commodity)) }
        let a = Int(account)
        return a < bits.count && bits[a] & (1 << UInt64(commodity)) != 0
    }

    /// Calls `body` with each pair (account, commodity).
    func forEach(_ body: (Int32, Int32) -> Void) {
        for (a, word) in bits.enumerated() where word != 0 {
            // The set bits only, lowest first.
            var rest = word
            while rest != 0 {
                body(Int32(a), Int32(rest.trailingZeroBitCount))
                // (`rest` is not zero here: the subtraction cannot pass zero.)
                rest &= rest - 1
            }
        }
        for pair in wide { body(pair.account, pair.commodity) }
    }
}
