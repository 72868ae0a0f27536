@testable import LedgerCore
import XCTest

/// The editor's semantic tokens kept line by line (issue 49): after any run
/// of edits they are the tokens of the text read afresh, and the one delta
/// edit sent makes the old data into the new.
final class SemanticTokenTests: XCTestCase {
    let journal = """
    commodity 1,000 KRW
    account 지출:식비  ; type: X

    repeat monthly from 2025-01-25  월급
        자산:은행  3,000,000 KRW
        수입:급여

    comment
    2025-01-01 not a transaction
    end comment

    2025-01-03 * (12) 이마트 | 장보기  ; 여행: 부산, :가족:
        지출:식비  45,000 KRW @ 1 KRW
        ; 한 줄 설명
        자산:현금

    P 2025-02-01 "005930" 55,000 KRW

    """

    /// Tokens decoded to (line, start, length, type), absolute.
    func decode(_ data: [UInt32]) -> [[Int]] {
        var out: [[Int]] = [], line = 0, start = 0
        for k in stride(from: 0, to: data.count, by: 5) {
            line += Int(data[k])
            start = data[k] == 0 ? start + Int(data[k + 1]) : Int(data[k + 1])
            out.append([line, start, Int(data[k + 2]), Int(data[k + 3])])
        }
        return out
    }

    func testTokensOfEachKindOfLine() {
        let file = SourceFile(path: "t.ledger", bytes: Array(journal.utf8))
        let tokens = decode(SemanticTokenLines(file, .utf16).encoded().values)
        let keyword = 0, number = 1, op = 2, string = 3, namespace = 4, type = 5, comment = 6, property = 7
        // `repeat monthly from 2025-01-25  월급`: keywords, the date, the description.
        XCTAssertEqual(tokens.filter { $0[0] == 3 }, [[3, 0, 6, keyword], [3, 7, 7, keyword], [3, 15, 4, keyword], [3, 20, 10, number], [3, 32, 2, string]])
        // A posting: the account, the number, the commodity.
        XCTAssertEqual(tokens.filter { $0[0] == 4 }, [[4, 4, 5, namespace], [4, 11, 9, number], [4, 21, 3, type]])
        // The `comment` block is one comment a line; its date is no date.
        XCTAssertEqual(tokens.filter { $0[0] == 8 }, [[8, 0, 28, comment]])
        // The header: date, status, code, description, then the comment with its tags' names apart.
        XCTAssertEqual(tokens.filter { $0[0] == 11 }, [[11, 0, 10, number], [11, 11, 1, op], [11, 13, 4, string], [11, 18, 9, string],
                                                        [11, 29, 2, comment], [11, 31, 2, property], [11, 33, 7, comment], [11, 40, 2, property], [11, 42, 1, comment]])
        XCTAssertEqual(tokens.filter { $0[0] == 12 }, [[12, 4, 5, namespace], [12, 11, 6, number], [12, 18, 3, type], [12, 22, 1, op], [12, 24, 1, number], [12, 26, 3, type]])
        XCTAssertEqual(tokens.filter { $0[0] == 16 }, [[16, 0, 1, keyword], [16, 2, 10, number], [16, 13, 8, type], [16, 22, 6, number], [16, 29, 3, type]])
        // In UTF-8 units the Korean account is three times as long.
        let utf8 = decode(SemanticTokenLines(file, .utf8).encoded().values)
        XCTAssertEqual(utf8.filter { $0[0] == 4 }.first, [4, 4, 13, namespace])
    }

    func testEditsKeepTheTokensOfTheTextReadAfresh() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["\n", "    ", "2025-01-09 x\n", "comment\n", "end comment\n", "  ; a: b", "repeat ", "지출:식비  1 KRW\n", "", "\"", ";", "@ 2 KRW"]
        for round in 0..<40 {
            var doc = TextDocument(uri: "file:///t\(round).ledger", version: 1, text: Array(journal.utf8))
            doc.tokens = SemanticTokenLines(doc.file, .utf16)
            var sent = doc.tokens!.encoded().values
            doc.tokens!.markSent("0")
            for step in 1...12 {
                let bytes = doc.file.bytes
                // A range on character boundaries (an editor never splits one).
                func boundary(_ i: Int) -> Int { var j = i; while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }; return j }
                let a = boundary(Int.random(in: 0...bytes.count, using: &generator))
                let b = boundary(min(bytes.count, a + Int.random(in: 0...20, using: &generator)))
                func position(_ o: Int) -> JSONValue {
                    let p = doc.file.editorPosition(of: o, .utf16)
                    return p.json
                }
                let text = pieces.randomElement(using: &generator)!
                let change = JSONValue.object([("range", .object([("start", position(a)), ("end", position(b))])), ("text", .string(text))])
                XCTAssertTrue(doc.apply(change, .utf16))
                guard let kept = doc.tokens else { return XCTFail("the edit dropped the tokens") }
                let fresh = SemanticTokenLines(doc.file, .utf16).encoded().values
                let now = kept.encoded().values
                XCTAssertEqual(now, fresh, "after replacing \(a)..<\(b) with \(text.debugDescription) in\n\(String(decoding: doc.file.bytes, as: UTF8.self))")
                guard now == fresh else { return }
                // A delta every other edit: the edits between are summed up in one.
                guard step % 2 == 0 else { continue }
                guard let edit = kept.delta(since: "\(step - 2)") else { return XCTFail("no delta since \(step - 2)") }
                kept.markSent("\(step)")
                var patched = sent
                patched.replaceSubrange(edit.start..<(edit.start + edit.deleteCount), with: edit.data)
                XCTAssertEqual(patched, now)
                XCTAssertEqual(edit.start % 5, 0)
                sent = now
            }
        }
    }
}

/// Completion's use counts, counted once per compilation: each equals a count over the
/// ledger that leaves out the line being typed, wherever that line is.
final class NameUsesTests: XCTestCase {
    func testUsesLessTheLineBeingTypedEqualACountOfTheRest() throws {
        let text = """
        account 자산:현금
        2025-01-02 이마트
            지출:식비  5,000 KRW
            자산:현금
        2025-01-03 ㈜컬리
            지출:식비  7,000 KRW
            자산:현금
        2025-01-04 (주)컬리
            지출:생활  3,000 KRW
            자산:카드
        repeat monthly from 2025-01-25  월세
            지출:주거  500,000 KRW
            자산:현금
        """
        let c = compileText(text)
        let uses = NameUses(c)
        XCTAssertTrue(uses.describes(c))
        let bytes = Array(text.utf8)
        // Every line as the line being typed, and nothing.
        var starts = [0]
        for (k, b) in bytes.enumerated() where b == 0x0A { starts.append(k + 1) }
        var ranges = zip(starts, starts.dropFirst().map { $0 } + [bytes.count]).map { $0.0..<$0.1 }
        ranges.append(0..<0)
        for range in ranges {
            var accounts = [Int](repeating: 0, count: c.ledger.journal.accounts.count)
            var payees: [String: Int] = [:]
            for t in c.ledger.transactions where t.generated == nil {
                for p in t.postings where !(p.location.file == 0 && range.contains(Int(p.location.offset))) { accounts[Int(p.account)] += 1 }
                if !t.payee.isEmpty, !(t.location.file == 0 && range.contains(Int(t.location.offset))) { payees[compatibilitySpelled(t.payee), default: 0] += 1 }
            }
            for r in c.ledger.journal.rules { for p in r.template.postings { accounts[Int(p.account)] += 1 } }
            XCTAssertEqual(uses.accountUses(notOn: (0, range)), accounts, "\(range)")
            XCTAssertEqual(uses.payeeUses(notOn: (0, range)).mapValues(\.uses), payees, "\(range)")
        }
        XCTAssertEqual(uses.payeeUses(notOn: (0, 0..<0))[compatibilitySpelled("㈜컬리")]?.name, "㈜컬리", "as first written")
        XCTAssertFalse(uses.describes(compileText(text)), "another compilation")
    }
}

/// How a document differs from the texts whole compiles read (`TextDocument.noteRead`): the
/// ends its edits leave alone are never more than the ends the texts really share, and the
/// line being typed is found in an older text by them, not by comparing the two whole.
final class TextReadTests: XCTestCase {
    func testTheEndsAnEditLeftAloneAreNoMoreThanTheTextsShare() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["\n", "x", "지출:식비  1 KRW\n", "", "    ", "2025-01-09 새가게\n"]
        for round in 0..<30 {
            var doc = TextDocument(uri: "file:///read\(round).ledger", version: 1, text: Array("2025-01-01 가게\n    지출:식비  1 KRW\n    자산:현금\n".utf8))
            var read: [(serial: Int, bytes: [UInt8])] = []
            for step in 0..<16 {
                if step % 4 == 0 {
                    read.append((doc.noteRead(), doc.file.bytes))
                    // The text as it is: the same whole.
                    XCTAssertEqual(doc.unchanged(since: doc.file.serial)?.prefix, Int.max)
                }
                let bytes = doc.file.bytes
                func boundary(_ i: Int) -> Int { var j = i; while j < bytes.count, bytes[j] & 0xC0 == 0x80 { j += 1 }; return j }
                let a = boundary(Int.random(in: 0...bytes.count, using: &generator))
                let b = boundary(min(bytes.count, a + Int.random(in: 0...6, using: &generator)))
                let change = JSONValue.object([("range", .object([("start", doc.file.editorPosition(of: a, .utf16).json),
                                                                  ("end", doc.file.editorPosition(of: b, .utf16).json)])),
                                               ("text", .string(pieces.randomElement(using: &generator) ?? ""))])
                XCTAssertTrue(doc.apply(change, .utf16))
                let now = doc.file.bytes
                for (k, older) in read.enumerated() {
                    // The last four texts read are remembered; older ones are not.
                    guard let bound = doc.unchanged(since: older.serial) else {
                        XCTAssertLessThan(k, read.count - 4, "round \(round), step \(step): text \(k) of \(read.count) forgotten")
                        continue
                    }
                    // As completion takes them: the first `prefix` bytes and the last `suffix` are the same in both.
                    let shortest = min(older.bytes.count, now.count)
                    let prefix = min(bound.prefix, shortest), suffix = min(bound.suffix, shortest - prefix)
                    XCTAssertEqual(older.bytes[..<prefix], now[..<prefix], "round \(round), step \(step)")
                    XCTAssertEqual(older.bytes.suffix(suffix), now.suffix(suffix), "round \(round), step \(step)")
                }
            }
        }
        // A text the document never had, and the whole text replaced: nothing known.
        var doc = TextDocument(uri: "file:///whole.ledger", version: 1, text: Array("a\n".utf8))
        let first = doc.noteRead()
        XCTAssertNil(doc.unchanged(since: first + 1_000_000))
        XCTAssertTrue(doc.apply(.object([("text", .string("b\n"))]), .utf16))
        XCTAssertNil(doc.unchanged(since: first))
    }
}
