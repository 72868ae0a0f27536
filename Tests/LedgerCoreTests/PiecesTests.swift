import XCTest
@testable import LedgerCore

/// `Pieces` reads, writes and cuts as one array would, however many pieces it was taken in as.
final class PiecesTests: XCTestCase {
    func testPiecesReadAsOneArray() {
        var r = SeededRandom(seed: 12)
        var adopted = 0
        for _ in 0..<300 {
            var pieces = Pieces<Int>(), array: [Int] = []
            for _ in 0..<r.below(6) {
                var other = Pieces<Int>()
                for _ in 0..<r.below(5) { other.append(r.below(1000)) }
                array += Array(other)
                if !other.isEmpty, !pieces.isEmpty { adopted += 1 }
                pieces.adopt(other)
                for _ in 0..<r.below(4) {
                    let x = r.below(1000)
                    pieces.append(x)
                    array.append(x)
                }
                if array.count > pieces.lastPieceStart, r.chance(40) {
                    let k = pieces.lastPieceStart + r.below(array.count - pieces.lastPieceStart)
                    pieces.removeSubrange(k...)
                    array.removeSubrange(k...)
                }
                if r.chance(20) {
                    pieces.makeRoom(for: r.below(10))
                    XCTAssertEqual(pieces.lastPieceStart, 0, "made room: one piece again")
                }
                if !array.isEmpty {
                    let i = r.below(array.count)
                    pieces[i] += 1
                    array[i] += 1
                }
                XCTAssertEqual(Array(pieces), array)
            }
            XCTAssertEqual(pieces.count, array.count)
            pieces.updateEach { $0 *= 2 }
            XCTAssertEqual(Array(pieces), array.map { $0 * 2 })
            var seen: [Int] = []
            pieces.forEach(from: pieces.lastPieceStart) { seen.append($0) }
            XCTAssertEqual(seen, array[pieces.lastPieceStart...].map { $0 * 2 })
        }
        XCTAssertGreaterThan(adopted, 100, "most runs have several pieces")
    }
}
