import XCTest
@testable import LedgerCore

/// Near misses ("did you mean"): the bounded edit distance and the prepared
/// candidates give what a plain edit distance over every candidate gives.
final class NearWordsTests: XCTestCase {
    /// The textbook edit distance, every cell computed.
    func plainDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return d[a.count][b.count]
    }

    func word(_ rng: inout SeededRandom) -> String {
        let letters = Array("abc식비:Ab")
        return String((0..<Int(rng.next() % 15)).map { _ in letters[Int(rng.next() % UInt64(letters.count))] })
    }

    func testTheBoundedDistanceIsExactWithinItsBound() {
        var rng = SeededRandom(seed: 12)
        for _ in 0..<3000 {
            let a = Array(word(&rng).unicodeScalars), b = Array(word(&rng).unicodeScalars)
            let bound = Int(rng.next() % 4), exact = plainDistance(a, b)
            let d = editDistance(a, b, atMost: bound)
            if exact <= bound {
                XCTAssertEqual(d, exact, "\(a) \(b) within \(bound)")
            } else {
                XCTAssertGreaterThan(d, bound, "\(a) \(b) within \(bound)")
            }
        }
    }

    func testTheClosestIsThePlainSearchsFirstClosest() {
        var rng = SeededRandom(seed: 13)
        for _ in 0..<300 {
            let candidates = (0..<Int(rng.next() % 12)).map { _ in word(&rng) }
            let w = word(&rng)
            // The plain search: within two edits (one for three letters or fewer), the first of the closest.
            let scalars = Array(w.lowercased().unicodeScalars), limit = min(2, max(1, scalars.count / 2))
            var expected: (String, Int)?
            for c in candidates {
                let d = plainDistance(scalars, Array(c.lowercased().unicodeScalars))
                if d <= limit, d < expected?.1 ?? Int.max { expected = (c, d) }
            }
            XCTAssertEqual(NearWords(candidates).closest(to: w), expected?.0, "\(w) among \(candidates)")
            XCTAssertEqual(closestWord(to: w, among: candidates), expected?.0)
        }
        XCTAssertEqual(closestWord(to: "Expenses:Fod", among: ["Assets:Cash", "Expenses:Food", "Expenses:Foo"]), "Expenses:Food")
    }
}

/// The ends of account names that read as amounts (one space where two
/// were meant), and the names passed over before they are read.
final class AmountAtEndTests: XCTestCase {
    func testAnAmountEndsOnlyTheLastPartOfAName() {
        let cases: [(name: String, any: String?, written: String?, unmistakable: String?)] = [
            ("지출:식비 -12,000원", nil, "-12,000원", "-12,000원"),
            ("Assets:Cash 4,500 KRW", "4,500 KRW", "4,500 KRW", "4,500 KRW"),
            ("Expenses:Food $5", "$5", "$5", "$5"),
            ("Liabilities:MasterCard P1", nil, "P1", nil),
            ("Assets:Savings 2024", "2024", "2024", nil),
            ("Assets:Cash 5:Box", nil, nil, nil),
            ("Assets:Cash 5::", "5", "5", nil),
            ("Assets:Cash", nil, nil, nil),
            ("a b", nil, nil, nil),
            ("", nil, nil, nil),
            (":::", nil, nil, nil),
            ("x 1.5 EUR:", "1.5 EUR", "1.5 EUR", nil),
        ]
        for c in cases {
            XCTAssertEqual(amountAtEnd(of: c.name), c.any, c.name)
            XCTAssertEqual(writtenAmountAtEnd(of: c.name), c.written, c.name)
            XCTAssertEqual(unmistakableAmountAtEnd(of: c.name), c.unmistakable, c.name)
        }
    }
}

/// Full-width forms in account names: found wherever they stand, and only them.
final class FullWidthTests: XCTestCase {
    func testEveryFullWidthFormIsFoundAndNothingElse() {
        for value in UInt32(0x2FFF)...UInt32(0x3001) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let found = FullWidth.first(in: Substring("지출:식비" + String(Character(scalar)) + "x"))
            XCTAssertEqual(found?.ascii, value == 0x3000 ? " " : nil, "U+\(String(value, radix: 16))")
        }
        for value in UInt32(0xFF00)...UInt32(0xFF5F) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let found = FullWidth.first(in: Substring("Expenses:" + String(Character(scalar))))
            let expected = (0xFF01...0xFF5E).contains(value) ? Unicode.Scalar(value - 0xFEE0).map { String(Character($0)) } : nil
            XCTAssertEqual(found?.ascii, expected, "U+\(String(value, radix: 16))")
            XCTAssertEqual(found?.code, expected == nil ? nil : "U+" + String(value, radix: 16, uppercase: true))
        }
        XCTAssertNil(FullWidth.first(in: "Assets:Cash 현금 ￠"))
    }
}
