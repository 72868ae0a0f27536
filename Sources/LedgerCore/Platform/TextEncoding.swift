#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text in another encoding made UTF-8 by the C library's `iconv` (on Linux,
/// glibc's converters; `CP949` is what older Korean banks write, a superset of
/// `EUC-KR`). Nil when the encoding is unknown or a byte does not convert.
package func utf8Text(_ bytes: [UInt8], from encoding: String) -> [UInt8]? {
    let cd = iconv_open("UTF-8", encoding)
    if cd == iconv_t(bitPattern: -1) { return nil }
    defer { iconv_close(cd) }
    var input = bytes.map { CChar(bitPattern: $0) }
    // UTF-8 of CJK text takes at most 3 bytes for each 2 of CP949, and 1 for 1 of ASCII.
    var output = [CChar](repeating: 0, count: bytes.count * 2 + 16)
    var inLeft = input.count, outLeft = output.count
    let result = input.withUnsafeMutableBufferPointer { ib in
        output.withUnsafeMutableBufferPointer { ob in
            var ip: UnsafeMutablePointer<CChar>? = ib.baseAddress
            var op: UnsafeMutablePointer<CChar>? = ob.baseAddress
            return iconv(cd, &ip, &inLeft, &op, &outLeft)
        }
    }
    guard result != -1, inLeft == 0 else { return nil }
    return output.prefix(output.count - outLeft).map { UInt8(bitPattern: $0) }
}
