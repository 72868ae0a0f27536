import XCTest
@testable import LedgerCore

/// The scan that keeps control characters off the terminal (issue 44) reads
/// eight bytes at a time; it must find what a scalar-by-scalar scan finds.
final class TerminalSafeTests: XCTestCase {
    func testTheWordScanFindsWhatAScalarScanFinds() {
        var r = SeededRandom(seed: 4402)
        let pieces: [String] = ["a", " ", "\n", "\t", "가", "₩", "…", "—", "\u{1B}", "\u{07}", "\u{7F}", "\u{85}", "\u{9F}", "\u{A0}", "é",
                                "\u{2028}", "\u{2029}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "😀"]
        var found = 0
        for _ in 0..<20_000 {
            let text = (0..<r.below(40)).map { _ in pieces[r.below(r.chance(70) ? 5 : pieces.count)] }.joined()
            for keep in [true, false] {
                var expected: Int?
                var offset = 0
                for s in text.unicodeScalars {
                    if s.isUnsafeInTerminal && !(keep && s == "\n") { expected = offset; break }
                    offset += String(s).utf8.count
                }
                let got = Array(text.utf8).withUnsafeBufferPointer { unsafeScalarOffset($0, keepingLineFeeds: keep) }
                XCTAssertEqual(got, expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                if expected != nil { found += 1 }
            }
            XCTAssertEqual(text.holdsUnsafeScalars, text.unicodeScalars.contains(where: \.isUnsafeInTerminal))
        }
        XCTAssertGreaterThan(found, 5_000)
    }
}
