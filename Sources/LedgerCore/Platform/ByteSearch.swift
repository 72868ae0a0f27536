#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer where Element == UInt8 {
    /// Where `needle` first occurs in `self[from..<to]` (to the end when `to`
    /// is nil): memchr finds each candidate first byte, memcmp the rest (a
    /// generic search over a 12 MB journal took seconds).
    package func firstOffset(of needle: [UInt8], from: Int = 0, to: Int? = nil) -> Int? {
        let end = Swift.min(to ?? count, count)
        guard let first = needle.first, from >= 0, end - from >= needle.count, let base = baseAddress else { return nil }
        var i = from
        while i + needle.count <= end {
            guard let p = memchr(base + i, Int32(first), end - needle.count - i + 1) else { return nil }
            let at = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(p))
            if needle.withUnsafeBytes({ memcmp(p, $0.baseAddress!, needle.count) }) == 0 { return at }
            i = at + 1
        }
        return nil
    }
}

extension Array where Element == UInt8 {
    /// Where `needle` first occurs at or after `from`.
    package func firstOffset(of needle: [UInt8], from: Int = 0) -> Int? {
        withUnsafeBufferPointer { $0.firstOffset(of: needle, from: from) }
    }
}
