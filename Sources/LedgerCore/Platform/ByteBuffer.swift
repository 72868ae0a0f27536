#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer that writers append to; flushed in large chunks.
///
/// Backed by its own raw storage (capacity checks and `memcpy`, no
/// copy-on-write checks on every byte): a copy of a `ByteBuffer` shares the
/// storage, so each writer owns exactly one.
package struct ByteBuffer: @unchecked Sendable {
    final class Storage {
        var base: UnsafeMutablePointer<UInt8>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit { base.deallocate() }

        @inline(__always) func reserve(_ extra: Int) {
            if count + extra > capacity { grow(count + extra) }
        }

        func grow(_ needed: Int) {
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
            // (A large one, a semantic tokens' answer of 13 MB, is faulted in 2 MB at a time.)
            adviseHugePages(UnsafeMutableRawBufferPointer(start: newBase, count: newCapacity))
            newBase.update(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }

    private let storage: Storage

    public init(capacity: Int = 1 << 16) {
        storage = Storage(capacity: max(capacity, 16))
    }

    /// A copy of the bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage.base, count: storage.count)) }

    @inline(__always) public mutating func byte(_ b: UInt8) {
        storage.reserve(1)
        storage.base[storage.count] = b
        storage.count += 1
    }

    public mutating func write(bytes p: UnsafeBufferPointer<UInt8>) {
        guard let source = p.baseAddress, p.count > 0 else { return }
        storage.reserve(p.count)
        (storage.base + storage.count).update(from: source, count: p.count)
        storage.count += p.count
    }

    @inline(__always) public mutating func write(_ s: String) {
        var s = s
        s.withUTF8 { write(bytes: $0) }
    }

    public mutating func write(_ s: Substring) {
        var s = s
        s.withUTF8 { write(bytes: $0) }
    }

    public mutating func write<C: Collection>(bytes other: C) where C.Element == UInt8 {
        if other.withContiguousStorageIfAvailable({ write(bytes: $0) }) == nil {
            for b in other { byte(b) }
        }
    }

    /// Appends a decimal integer without going through String.
    public mutating func int(_ value: Int) {
        if value < 0 { byte(0x2D) }
        var v = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { p in
            repeat {
                p[n] = UInt8(48 + v % 10)
                v /= 10
                n += 1
            } while v > 0
            storage.reserve(n)
            for i in stride(from: n - 1, through: 0, by: -1) {
                storage.base[storage.count] = p[i]
                storage.count += 1
            }
        }
    }

    /// Appends what `body` writes at the end, in room for `count` bytes made
    /// first; `body` returns how many it wrote.
    @inline(__always)
    package mutating func append(reserving count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        storage.reserve(count)
        storage.count += body(storage.base + storage.count)
    }

    public var count: Int { storage.count }
    public mutating func removeAll() { storage.count = 0 }
    public var string: String { String(decoding: UnsafeBufferPointer(start: storage.base, count: storage.count), as: UTF8.self) }

    /// The bytes written so far, without copying (valid until the next write).
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }
}

/// Where a report's bytes go: a file descriptor, written in large chunks.
///
/// For `-o PATH` the descriptor is a temporary file beside PATH, renamed over
/// it only when the whole report is written (`SafeWriter`).
public final class ByteSink: @unchecked Sendable {
    let fd: Int32
    /// Why the first failed write failed (a full disk, a closed pipe); nil while none has.
    public private(set) var failure: String?

    public init(fd: Int32) { self.fd = fd }

    public var failed: Bool { failure != nil }

    package func write(_ buffer: inout ByteBuffer) {
        if buffer.count == 0 { return }
        if failure == nil, !buffer.withBytes({ systemWriteAll(fd, $0) }) { failure = systemErrorText() }
        buffer.removeAll()
    }

    public func write(_ bytes: [UInt8]) {
        if failure == nil, !bytes.withUnsafeBufferPointer({ systemWriteAll(fd, $0) }) { failure = systemErrorText() }
    }

    public func write(_ bytes: ArraySlice<UInt8>) {
        if failure == nil, !bytes.withUnsafeBufferPointer({ systemWriteAll(fd, $0) }) { failure = systemErrorText() }
    }

    /// Standard output.
    public static let standardOutput = ByteSink(fd: 1)
}

/// Writes numbers, each with a comma after it, where `room(for:)` made
/// room (`ByteBuffer.append(reserving:_:)`, `JSONNumbers`). A number under 1,000 (nearly all of a semantic token's) is one
/// store of its digits and comma from a table.
package struct CommaSeparatedWriter {
    private var out: UnsafeMutablePointer<UInt8>
    private let table: UnsafeBufferPointer<UInt64>

    /// The room `count` numbers need: eleven bytes each, and four to spare (a table's store writes four).
    package static func room(for count: Int) -> Int { count * 11 + 4 }

    /// Writes the numbers `body` puts at `out`, where `room` made room for
    /// them; returns how many bytes it wrote (the last comma left out).
    @inline(__always)
    package static func write(at out: UnsafeMutablePointer<UInt8>, _ body: (inout CommaSeparatedWriter) -> Void) -> Int {
        commaSeparatedDigits.withUnsafeBufferPointer { table in
            var w = CommaSeparatedWriter(out: out, table: table)
            body(&w)
            return max(0, out.distance(to: w.out) - 1)
        }
    }

    @inline(__always)
    package mutating func put(_ value: UInt32) {
        if value < 1000 {
            // (Four bytes stored, as many kept as the number has: those past them are written over next.)
            let entry = table[Int(value)]
            UnsafeMutableRawPointer(out).storeBytes(of: UInt32(truncatingIfNeeded: entry).littleEndian, as: UInt32.self)
            out += Int(entry >> 32)
            return
        }
        var v = value, n = 0
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { d in
            repeat { d[n] = UInt8(48 + v % 10); v /= 10; n += 1 } while v > 0
            for i in stride(from: n - 1, through: 0, by: -1) { out.pointee = d[i]; out += 1 }
        }
        out.pointee = 0x2C
        out += 1
    }
}

/// Each number under 1,000 as the bytes `CommaSeparatedWriter` writes: its
/// digits and a comma, little-endian in the low four bytes, and how many they are above.
private let commaSeparatedDigits: [UInt64] = (0..<1000).map { n -> UInt64 in
    let text = Array("\(n),".utf8)
    var word: UInt64 = 0
    for (i, b) in text.enumerated() { word |= UInt64(b) << UInt64(8 * i) }
    return word | UInt64(text.count) << 32
}
