import XCTest
@testable import LedgerCore

/// `PagedArray`: an array of plain values whose large storage grows, and
/// takes in another's, by moving pages.
final class PagedArrayTests: XCTestCase {
    struct Pair: Numbered {
        var a: Int32
        var b: Int32
        init(a: Int32, b: Int32) { (self.a, self.b) = (a, b) }
        init(_ i: Int, negated: Bool) { (a, b) = (Int32(i), Int32(negated ? -i : i)) }
        mutating func negate() { b = -b }
    }

    func pairs(_ range: Range<Int>, inPages: Bool = true) -> PagedArray<Pair> {
        var p = PagedArray<Pair>()
        p.reserveCapacity(1, inPages: inPages)
        for i in range { p.append(Pair(a: Int32(i), b: Int32(-i))) }
        return p
    }

    func assertHolds(_ p: PagedArray<Pair>, _ range: Range<Int>, changed: Bool = false, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.count, range.count, file: file, line: line)
        var wrong = 0
        for (k, i) in range.enumerated() where p[k] != Pair(a: Int32(i), b: Int32(changed ? i : -i)) { wrong += 1 }
        XCTAssertEqual(wrong, 0, "elements not as appended", file: file, line: line)
    }

    /// Grown from a few elements to a mapping of many pages and past it, the elements stay.
    func testGrowingKeepsTheElements() {
        let n = 3 * PagedStorage<Pair>.mappedFrom / 8 + 17
        assertHolds(pairs(0..<n), 0..<n)
        var p = pairs(0..<10)
        p.reserveCapacity(n)
        for i in 10..<n { p.append(Pair(a: Int32(i), b: Int32(-i))) }
        assertHolds(p, 0..<n)
    }

    /// An element with a number and its negation, of any size.
    protocol Numbered: Equatable {
        init(_ i: Int, negated: Bool)
        mutating func negate()
    }

    /// `mine` elements, then `theirs` taken in and negated as they come:
    /// every element in order, the pages moved when the other was large
    /// enough to be a mapping of its own (this one becomes one), and still an
    /// array after (it grows).
    func assertTakingIn<E: Numbered>(_: E.Type, _ cases: [(Int, Int)], large: Int, file: StaticString = #filePath, line: UInt = #line) {
        func numbered(_ range: Range<Int>) -> PagedArray<E> {
            var p = PagedArray<E>()
            p.reserveCapacity(1, inPages: true)
            for i in range { p.append(E(i, negated: true)) }
            return p
        }
        for (mine, theirs) in cases {
            var p = numbered(0..<mine)
            var q = numbered(mine..<(mine + theirs))
            let moved = p.append(emptying: &q) { $0.negate() }
            XCTAssertEqual(q.count, 0, file: file, line: line)
            XCTAssertEqual(p.count, mine + theirs, file: file, line: line)
            for k in 0..<(mine + theirs) where p[k] != E(k, negated: k < mine) {
                XCTFail("element \(k) of \(mine)+\(theirs)", file: file, line: line)
                break
            }
            #if os(Linux)
            XCTAssertEqual(moved, theirs >= large, "\(mine)+\(theirs)", file: file, line: line)
            #endif
            p.append(E(mine + theirs, negated: true))
            XCTAssertEqual(p.last, E(mine + theirs, negated: true), file: file, line: line)
        }
    }

    /// Another array's elements taken in, changed, after elements that end
    /// anywhere in a page (or at a page's end), whether large or small.
    func testTakingAnotherInKeepsEveryElementInOrder() {
        let large = PagedStorage<Pair>.mappedFrom / 8
        assertTakingIn(Pair.self, [(large, large), (large + 1, large * 2 + 3), (512 * 3, large), (large + 511, 5), (7, large), (0, large), (9, 9)],
                       large: large)
    }

    /// An element of 24 bytes (a let-go record's size), which does not
    /// divide a page: pages are still moved, landing at a whole number of
    /// elements, after elements that end anywhere in the pages before.
    struct Wide: Numbered {
        var a: Int32
        var b: Int32
        var rest: (Int64, Int64) = (7, 8)
        init(_ i: Int, negated: Bool) { (a, b) = (Int32(i), Int32(negated ? -i : i)) }
        mutating func negate() { b = -b }
        static func == (x: Wide, y: Wide) -> Bool { x.a == y.a && x.b == y.b && x.rest == y.rest }
    }

    func testTakingInElementsOfTwentyFourBytesMovesPages() {
        XCTAssertEqual(MemoryLayout<Wide>.stride, 24)
        XCTAssertEqual(PagedStorage<Wide>.pagesAlign % 24, 0)
        let large = PagedStorage<Wide>.mappedFrom / 24 + 1
        assertTakingIn(Wide.self, [(large, large), (large + 1, large * 2 + 3), (512 * 3, large), (large + 170, large + 171), (large + 511, 5)],
                       large: large)
    }

    /// As a journal of included files is read: pages taken in, then growth
    /// past the mapping (whose parts the system keeps apart, so that it
    /// cannot grow in one piece), then more taken in, from an array that
    /// had itself taken another's in.
    func testGrowingAfterTakingPagesInKeepsEveryElement() {
        let large = PagedStorage<Pair>.mappedFrom / 8
        var all = pairs(0..<(large + 7))
        var end = large + 7
        for round in 0..<4 {
            var theirs = pairs(end..<(end + large + 100 * round))
            var more = pairs((end + large + 100 * round)..<(end + 2 * large + 100 * round + 3))
            XCTAssertTrue(theirs.append(emptying: &more) { _ in } || !isLinux)
            let n = theirs.count
            XCTAssertTrue(all.append(emptying: &theirs) { _ in } || !isLinux)
            end += n
            // Growth by appending, past the capacity.
            let grown = all.capacity - all.count + 5
            for i in end..<(end + grown) { all.append(Pair(a: Int32(i), b: Int32(-i))) }
            end += grown
            assertHolds(all, 0..<end)
        }
    }

    var isLinux: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// A copy is a value: writing to one leaves the other as it was, also
    /// when one of them takes another's pages in.
    func testCopiesAreValues() {
        let n = PagedStorage<Pair>.mappedFrom / 8 + 100
        var p = pairs(0..<n)
        let kept = p
        p[5].a = 99
        p.append(Pair(a: 0, b: 0))
        assertHolds(kept, 0..<n)
        XCTAssertEqual(p[5].a, 99)
        var q = pairs(0..<n)
        let before = q
        var r = pairs(n..<(2 * n))
        let rCopy = r
        q.append(emptying: &r) { _ in }
        assertHolds(before, 0..<n)
        assertHolds(rCopy, n..<(2 * n))
        assertHolds(q, 0..<(2 * n))
    }

    /// Arrays not asked for pages stay in `malloc`'s memory, however large,
    /// and are copied, not moved.
    func testOnlyArraysAskedForPagesAreMoved() {
        let n = PagedStorage<Pair>.mappedFrom / 4
        var p = pairs(0..<n, inPages: false)
        var q = pairs(n..<(2 * n), inPages: false)
        XCTAssertFalse(p.append(emptying: &q) { _ in })
        assertHolds(p, 0..<(2 * n))
        var r = pairs(0..<n, inPages: false)
        var s = pairs(n..<(2 * n))
        let moved = r.append(emptying: &s) { _ in }
        #if os(Linux)
        XCTAssertTrue(moved)
        #endif
        assertHolds(r, 0..<(2 * n))
    }

    /// Removing and replacing, as an `Array` does.
    func testReplacingAsAnArrayDoes() {
        var p = pairs(0..<1_000), a = Array(pairs(0..<1_000))
        p.removeSubrange(600...)
        a.removeSubrange(600...)
        p.replaceSubrange(10..<20, with: [Pair(a: 1, b: 1)])
        a.replaceSubrange(10..<20, with: [Pair(a: 1, b: 1)])
        p.insert(Pair(a: 2, b: 2), at: 0)
        a.insert(Pair(a: 2, b: 2), at: 0)
        XCTAssertEqual(Array(p), a)
        p.removeAll()
        XCTAssertTrue(p.isEmpty)
        p.append(contentsOf: a)
        XCTAssertEqual(Array(p), a)
    }
}
