#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Interns names (accounts, commodities) into small integer ids.
///
/// Lookups hash the UTF-8 bytes straight from the source buffer, so the hot
/// path makes no `String` for a name it has seen before.
package struct NameTable: Sendable {
    public private(set) var names: [String] = []
    /// Every name's bytes, one after another; name i spans `starts[i]..<starts[i + 1]`.
    private var bytes: [UInt8] = []
    private var starts: [Int32] = [0]
    /// Open addressing: an id per slot (-1 for empty) and the upper bits of its hash.
    /// (A new table shares its empty arrays with every other until its first
    /// name is written: a compile makes several tables, and a small one pays
    /// for no filling of them.)
    private var slots: [Int32] = NameTable.emptySlots
    private var slotHashes: [UInt32] = NameTable.emptySlotHashes
    private static let emptySlots = [Int32](repeating: -1, count: 256)
    private static let emptySlotHashes = [UInt32](repeating: 0, count: 256)
    /// Names met lately, by a key of their length and first and last eight
    /// bytes: a journal names few accounts and payees many times, and a hit
    /// costs a comparison with what the slot keeps instead of a hash of
    /// every byte. A name whose key another shares only misses here.
    private var recent: [RecentName] = NameTable.emptyRecent
    private static let recentSlots = 512
    private static let emptyRecent = Array(repeating: RecentName(first: 0, last: 0, length: -1, id: -1), count: NameTable.recentSlots)

    /// What `recent` keeps of a name: its first and last eight bytes (of a
    /// name shorter than eight, its bytes, and zero), its length and its id.
    /// A name of sixteen bytes or fewer is known by them alone, with no read
    /// of the table's bytes.
    private struct RecentName {
        var first: UInt64
        var last: UInt64
        var length: Int32
        var id: Int32
    }

    public init() {}

    public var count: Int { names.count }

    /// Whether two tables hold the same names, byte for byte, with the same ids.
    func sameNames(as other: NameTable) -> Bool {
        starts == other.starts && bytes == other.bytes
    }

    public subscript(id: Int32) -> String { names[Int(id)] }

    /// The name's bytes exactly as read (a name with invalid UTF-8 differs
    /// from its `String`, which holds replacement characters).
    public func withBytes<R>(of id: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[Int(starts[Int(id)])..<Int(starts[Int(id) + 1])])) }
    }

    /// A fast hash of a short byte string, eight bytes at a time.
    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let n = p.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard let base = p.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= n {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        if i < n {
            // The last 1–7 bytes as one little-endian word, read in at most two loads
            // (overlapping bytes land on the same bits): the value a byte loop gives.
            let rest = n - i
            var tail: UInt64
            if n >= 8 {
                tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64(8 * (8 - rest))
            } else if rest >= 4 {
                tail = UInt64(raw.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) << UInt64(8 * (rest - 4))
            } else {
                tail = 0
                var shift: UInt64 = 0
                while i < n {
                    tail |= UInt64(base[i]) << shift
                    shift += 8
                    i += 1
                }
            }
            h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        h ^= h >> 29
        h = h &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 32)
    }

    /// Whether name `id` is spelled by these bytes.
    @inline(__always)
    package func spells(_ id: Int32, _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[Int(id)]), end = Int(starts[Int(id) + 1])
        let n = p.count
        guard end - start == n else { return false }
        if n == 0 { return true }
        // Compared here, eight bytes at a time (names are short: a call to
        // `memcmp` costs more than the comparison).
        return bytes.withUnsafeBufferPointer { all in
            let a = UnsafeRawPointer(all.baseAddress! + start), b = UnsafeRawPointer(p.baseAddress!)
            guard n >= 8 else {
                for i in 0..<n where a.load(fromByteOffset: i, as: UInt8.self) != b.load(fromByteOffset: i, as: UInt8.self) { return false }
                return true
            }
            var i = 0
            while i + 8 < n {
                if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
                i += 8
            }
            // The last eight bytes, overlapping the ones compared.
            return a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        }
    }

    /// The slot holding these bytes, or the empty slot where they would go.
    @inline(__always)
    private func find(_ p: UnsafeBufferPointer<UInt8>, _ h: UInt64) -> Int {
        let mask = slots.count - 1
        let tag = UInt32(truncatingIfNeeded: h >> 32)
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let id = slots[i]
            if id < 0 || slotHashes[i] == tag && spells(id, p) { return i }
            i = (i + 1) & mask
        }
    }

    /// A name's first and last eight bytes, little-endian (a name shorter
    /// than eight: its bytes as one word, and zero).
    @inline(__always)
    static func edges(_ p: UnsafeBufferPointer<UInt8>) -> (first: UInt64, last: UInt64) {
        let n = p.count
        guard let base = p.baseAddress else { return (0, 0) }
        let raw = UnsafeRawPointer(base)
        if n >= 8 {
            return (UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)),
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)))
        }
        var word: UInt64 = 0
        if n >= 4 {
            word = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
                | UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))) << UInt64(8 * (n - 4))
        } else {
            for i in 0..<n { word |= UInt64(base[i]) << UInt64(8 * i) }
        }
        return (word, 0)
    }

    /// Where a name may stand in `recent`: its length and its first and last
    /// eight bytes, mixed.
    @inline(__always)
    static func recentSlot(length n: Int, _ first: UInt64, _ last: UInt64) -> Int {
        var key = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        key ^= first &* 0xFF51_AFD7_ED55_8CCD
        key ^= last &* 0xC4CE_B9FE_1A85_EC53
        return Int(truncatingIfNeeded: key >> 55) & (recentSlots - 1)
    }

    /// The id of the name spelled by these bytes, adding it if new. (The
    /// recent names are looked at where it is called: a posting's account
    /// and amount are nearly always one of them.)
    @inline(__always)
    public mutating func intern(_ p: UnsafeBufferPointer<UInt8>) -> Int32 {
        let n = p.count
        let (first, last) = NameTable.edges(p)
        let r = NameTable.recentSlot(length: n, first, last)
        let seen = recent[r]
        // (Past sixteen bytes the middle is compared too.)
        if seen.length == Int32(truncatingIfNeeded: n), seen.first == first, seen.last == last, n <= 16 || spells(seen.id, p) {
            return seen.id
        }
        let id = internByHash(p)
        recent[r] = RecentName(first: first, last: last, length: Int32(truncatingIfNeeded: n), id: id)
        return id
    }

    @inline(never)
    private mutating func internByHash(_ p: UnsafeBufferPointer<UInt8>) -> Int32 {
        let h = NameTable.hash(p)
        let i = find(p, h)
        if slots[i] >= 0 { return slots[i] }
        let id = Int32(names.count)
        bytes.append(contentsOf: p)
        starts.append(Int32(bytes.count))
        names.append(String(decoding: p, as: UTF8.self))
        slots[i] = id
        slotHashes[i] = UInt32(truncatingIfNeeded: h >> 32)
        if names.count * 2 > slots.count { grow() }
        return id
    }

    public mutating func intern(_ name: String) -> Int32 {
        var s = name
        return s.withUTF8 { intern($0) }
    }

    /// The id of an existing name, or nil.
    public func lookup(_ name: String) -> Int32? {
        var s = name
        return s.withUTF8 { lookup(bytes: $0) }
    }

    /// The id of the name spelled by these bytes, or nil.
    public func lookup(bytes p: UnsafeBufferPointer<UInt8>) -> Int32? {
        let i = find(p, NameTable.hash(p))
        return slots[i] >= 0 ? slots[i] : nil
    }

    private mutating func grow() {
        let size = slots.count * 2
        var newSlots = [Int32](repeating: -1, count: size)
        var newHashes = [UInt32](repeating: 0, count: size)
        let mask = size - 1
        bytes.withUnsafeBufferPointer { all in
            for id in 0..<names.count {
                let p = UnsafeBufferPointer(rebasing: all[Int(starts[id])..<Int(starts[id + 1])])
                let h = NameTable.hash(p)
                var i = Int(truncatingIfNeeded: h) & mask
                while newSlots[i] >= 0 { i = (i + 1) & mask }
                newSlots[i] = Int32(id)
                newHashes[i] = UInt32(truncatingIfNeeded: h >> 32)
            }
        }
        slots = newSlots
        slotHashes = newHashes
    }
}
