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

    /// The readings over slices of the name's last part give what the
    /// readings over each rest joined anew gave (the code before, kept here
    /// as the model), over random names of words, spaces, colons, digits,
    /// marks, symbols, CR LF, Korean and a combining mark after a space
    /// (names of ASCII alone are read by their bytes, the others by characters).
    func testReadingSlicesGivesWhatJoiningEachRestGave() {
        let pieces = ["a", "b", "P1", " ", " ", "  ", ":", "0", "1", "7", "12", ",", ".", "-", "+", "$", "€", "₩", "원", "KRW",
                      "\u{301}", "\"", "005930", "\t", "\r\n", "식비", "4,500", "1.5"]
        var rng = SystemRandomNumberGenerator()
        var found = (any: 0, written: 0)
        for _ in 0..<6_000 {
            let name = (0..<Int.random(in: 0...9, using: &rng)).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
            let any = amountAtEnd(of: name), written = writtenAmountAtEnd(of: name)
            XCTAssertEqual(any, ModelAmountAtEnd.any(name), name.debugDescription)
            XCTAssertEqual(written, ModelAmountAtEnd.written(name), name.debugDescription)
            found.any += any == nil ? 0 : 1
            found.written += written == nil ? 0 : 1
        }
        // The names reach every reading (the comparisons above are not all of nils).
        XCTAssertGreaterThan(found.any, 100)
        XCTAssertGreaterThan(found.written, 100)
        // A space that a combining mark follows is no separator, in both.
        XCTAssertNil(amountAtEnd(of: "a \u{301}5"))
        XCTAssertEqual(amountAtEnd(of: "a \u{301}x 5"), "5")
    }
}

/// The readings of an amount at a name's end as they were before they read
/// slices: each rest joined anew from the words of the last part. (The
/// unmistakable reading did not change but for the written one it asks;
/// which names are looked at, `spaceInLastPart`, did not change.)
private enum ModelAmountAtEnd {
    static func words(_ name: String) -> [Substring] {
        let leaf = name.split(separator: ":").last.map(String.init) ?? name
        return leaf.split(separator: " ", omittingEmptySubsequences: false)
    }

    static func any(_ name: String) -> String? {
        guard spaceInLastPart(of: name, thenDigit: true) else { return nil }
        let words = words(name)
        guard words.count >= 2 else { return nil }
        for i in 1..<words.count {
            let rest = words[i...].joined(separator: " ")
            guard let first = rest.unicodeScalars.first else { continue }
            let startsLikeAmount = ("0"..."9").contains(first)
                || ("-+$€£¥₩".unicodeScalars.contains(first) && rest.unicodeScalars.dropFirst().first.map { ("0"..."9").contains($0) || $0 == "$" } == true)
            if startsLikeAmount, let number = rest.split(separator: " ").first,
               number.unicodeScalars.filter({ ("0"..."9").contains($0) }).count > 0,
               number.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || ",.-+$€£¥₩".unicodeScalars.contains($0) }) {
                return rest
            }
        }
        return nil
    }

    static func written(_ name: String) -> String? {
        guard spaceInLastPart(of: name, thenDigit: false) else { return nil }
        let words = words(name)
        guard words.count >= 2 else { return nil }
        for i in 1..<words.count where !words[i].isEmpty {
            let rest = words[i...].joined(separator: " ")
            let reads = Array(rest.utf8).withUnsafeBufferPointer { buf -> Bool in
                for comma in [false, true] {
                    var lx = Lexer(buf, from: 0, to: buf.count)
                    if case .success = lx.amount(decimalComma: comma) {
                        lx.skipSpaces()
                        if lx.atEnd { return true }
                    }
                }
                return false
            }
            if reads { return rest }
        }
        return nil
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
