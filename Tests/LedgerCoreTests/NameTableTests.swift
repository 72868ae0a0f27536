import XCTest
@testable import LedgerCore

/// Names are interned by their bytes (`NameTable`), compared eight bytes at
/// a time: two names that differ in any one byte, at any length, are two names.
final class NameTableTests: XCTestCase {
    func testNamesThatDifferInOneByteAreTwoNames() {
        var table = NameTable()
        var ids: [String: Int32] = [:]
        for length in 1...24 {
            let base = Array(repeating: UInt8(ascii: "a"), count: length)
            var names = [base]
            for at in 0..<length {
                var other = base
                other[at] = UInt8(ascii: "b")
                names.append(other)
            }
            for name in names {
                let id = name.withUnsafeBufferPointer { table.intern($0) }
                let text = String(decoding: name, as: UTF8.self)
                XCTAssertNil(ids[text], text)
                ids[text] = id
            }
        }
        XCTAssertEqual(Set(ids.values).count, ids.count, "one id a name")
        XCTAssertEqual(table.count, ids.count)
        // Looked up again, each name finds its own id, and its text.
        for (text, id) in ids {
            XCTAssertEqual(table.intern(text), id, text)
            XCTAssertEqual(table[id], text)
        }
        XCTAssertEqual(table.count, ids.count, "nothing added by the second round")
        XCTAssertNil(table.lookup("aaaaaaaaabb"), "a name never interned")
        // The comparison itself, which the hashes mostly spare: every pair of one length.
        for (text, id) in ids {
            for (other, _) in ids where other.utf8.count == text.utf8.count {
                let bytes = Array(other.utf8)
                XCTAssertEqual(bytes.withUnsafeBufferPointer { table.spells(id, $0) }, other == text, "\(text) \(other)")
            }
        }
    }

    /// The commodity table knows the symbol it interned last by its length
    /// and its first and last eight bytes: symbols that differ in one byte,
    /// interned one after another, are still two symbols.
    func testCommoditiesThatDifferInOneByteAreTwoCommodities() {
        var table = CommodityTable()
        var ids: [String: Int32] = [:]
        for round in 0..<2 {
            for length in 1...24 {
                for at in 0..<length {
                    let plain = Array(repeating: UInt8(ascii: "Q"), count: length)
                    var other = plain
                    other[at] = UInt8(ascii: "R")
                    // Each after the plain one of its length, then again: the second time it is the one interned last.
                    for (name, times) in [(plain, 1), (other, 2)] {
                        let text = String(decoding: name, as: UTF8.self)
                        for _ in 0..<times {
                            let id = name.withUnsafeBufferPointer { table.intern($0) }
                            if round == 0, ids[text] == nil { ids[text] = id }
                            XCTAssertEqual(id, ids[text], "\(text), round \(round)")
                            XCTAssertEqual(table[id], text)
                        }
                    }
                }
            }
        }
        XCTAssertEqual(Set(ids.values).count, ids.count, "one id a symbol")
    }

    /// A name's edges (what the recent names are known by) are its first and
    /// last eight bytes, little-endian, as a byte-by-byte reading gives them,
    /// for every length up to 20 (the overlapping loads of four and eight
    /// bytes included).
    func testEdgesAreTheFirstAndLastEightBytes() {
        var r = SeededRandom(seed: 0xED6E5)
        for n in 0...20 {
            for _ in 0..<50 {
                let bytes = (0..<n).map { _ in UInt8(r.below(256)) }
                func word(_ part: ArraySlice<UInt8>) -> UInt64 {
                    part.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
                }
                let expected = n >= 8 ? (word(bytes[..<8]), word(bytes[(n - 8)...])) : (word(bytes[...]), UInt64(0))
                let edges = bytes.withUnsafeBufferPointer { NameTable.edges($0) }
                XCTAssertEqual(edges.first, expected.0, "\(bytes)")
                XCTAssertEqual(edges.last, expected.1, "\(bytes)")
            }
        }
    }
}
