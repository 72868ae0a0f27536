#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Interns names (accounts, commodities) into small integer ids.
///
/// Lookups hash the UTF-8 bytes straight from the source buffer, so the hot
/// path makes no `String` for a name it has seen before.
public struct NameTable: Sendable {
    public private(set) var names: [String] = []
    private var nameBytes: [[UInt8]] = []
    private var slots: [Int32] = Array(repeating: -1, count: 256)

    public init() {}

    public var count: Int { names.count }
    public subscript(id: Int32) -> String { names[Int(id)] }

    @inline(__always)
    static func hash(_ p: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf29ce484222325
        for b in p { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return h
    }

    @inline(__always)
    static func same(_ stored: [UInt8], _ p: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.count == p.count && (p.count == 0 || stored.withUnsafeBufferPointer { memcmp($0.baseAddress!, p.baseAddress!, p.count) == 0 })
    }

    /// The id of the name spelled by these bytes, adding it if new.
    public mutating func intern(_ p: UnsafeBufferPointer<UInt8>) -> Int32 {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: NameTable.hash(p)) & mask
        while true {
            let id = slots[i]
            if id < 0 { break }
            if NameTable.same(nameBytes[Int(id)], p) { return id }
            i = (i + 1) & mask
        }
        let id = Int32(names.count)
        nameBytes.append(Array(p))
        names.append(String(decoding: p, as: UTF8.self))
        slots[i] = id
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
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: NameTable.hash(p)) & mask
        while slots[i] >= 0 {
            if NameTable.same(nameBytes[Int(slots[i])], p) { return slots[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    private mutating func grow() {
        var newSlots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = newSlots.count - 1
        for (id, bytes) in nameBytes.enumerated() {
            var i = bytes.withUnsafeBufferPointer { Int(truncatingIfNeeded: NameTable.hash($0)) } & mask
            while newSlots[i] >= 0 { i = (i + 1) & mask }
            newSlots[i] = Int32(id)
        }
        slots = newSlots
    }
}
