import XCTest
@testable import LedgerCore

/// The UTF-8 check of a file takes ASCII eight bytes at a time: it must
/// find what a byte-by-byte decoder finds.
final class UTF8ValidationTests: XCTestCase {
    /// A plain decoder: each bad byte starts an error, and its continuation bytes are skipped.
    func reference(_ bytes: [UInt8]) -> [(Int, Bool)] {
        var bad: [(Int, Bool)] = [], i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0 { bad.append((i, true)) }
                i += 1
                continue
            }
            let need = b >= 0xC2 && b <= 0xDF ? 1 : b >= 0xE0 && b <= 0xEF ? 2 : b >= 0xF0 && b <= 0xF4 ? 3 : 0
            var scalar = UInt32(b) & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07), ok = need > 0
            for k in 0..<need where ok {
                if i + 1 + k >= bytes.count || bytes[i + 1 + k] & 0xC0 != 0x80 { ok = false } else { scalar = scalar << 6 | UInt32(bytes[i + 1 + k] & 0x3F) }
            }
            let least: UInt32 = need == 1 ? 0x80 : need == 2 ? 0x800 : 0x10000
            if ok, scalar >= least, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) {
                i += need + 1
            } else {
                bad.append((i, false))
                i += 1
                while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            }
        }
        return bad
    }

    func testFindsWhatAByteByByteDecoderFinds() {
        let pieces: [[UInt8]] = [Array("Assets:Checking  ".utf8), Array("월급".utf8), Array("é".utf8), Array("😀".utf8), [0],
                                 [0xED, 0xA0, 0x80], [0xE0, 0x80, 0x80], [0xEA, 0xB0], [0xC3], [0x80], [0xF5, 0x80], [0xFF],
                                 Array("0123456789abcdef".utf8), [0xEF, 0xBF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
                                 [0xE0, 0x9F, 0xBF], [0xC2, 0x80], [0xC1, 0xBF], [0xDF, 0xBF], [0xEF, 0xBF], [0x01],
                                 Array("지출:교통    72,482 KRW\n".utf8), Array("0123456\u{0}89abcdefghijk".utf8)]
        var r = SeededRandom(seed: 8)
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            for _ in 0..<r.below(13) { bytes += r.pick(pieces) }
            // Now and then a byte changed or cut: anything may follow anything.
            if !bytes.isEmpty, r.chance(20) { bytes[r.below(bytes.count)] = UInt8(truncatingIfNeeded: r.next()) }
            if !bytes.isEmpty, r.chance(10) { bytes.removeLast(r.below(bytes.count)) }
            let found = bytes.withUnsafeBufferPointer { invalidUTF8Offsets($0, from: 0, limit: 1000) }
            let expected = reference(bytes)
            XCTAssertEqual(found.map(\.offset), expected.map(\.0), "\(bytes)")
            XCTAssertEqual(found.map(\.isNul), expected.map(\.1), "\(bytes)")
        }
    }
}
