#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element == UInt8 {
    /// Where `needle` first occurs at or after `from`: memchr finds each
    /// candidate first byte, memcmp the rest (a generic search over a 12 MB
    /// journal took seconds).
    package func firstOffset(of needle: [UInt8], from: Int = 0) -> Int? {
        guard let first = needle.first, from >= 0, count - from >= needle.count else { return nil }
        return withUnsafeBytes { b -> Int? in
            let base = b.baseAddress!
            var i = from
            while i + needle.count <= b.count {
                guard let p = memchr(base + i, Int32(first), b.count - needle.count - i + 1) else { return nil }
                let at = base.distance(to: p)
                if needle.withUnsafeBytes({ memcmp(p, $0.baseAddress!, needle.count) }) == 0 { return at }
                i = at + 1
            }
            return nil
        }
    }
}
