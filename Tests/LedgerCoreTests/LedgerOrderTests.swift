import XCTest
@testable import LedgerCore

/// The ledger's output order (`Ledger.order(sorting:firstRunInOrder:)`).
final class LedgerOrderTests: XCTestCase {
    /// The ledger's order: recorded transactions in date order merged with
    /// the generated ones sorted on their own gives what sorting every key
    /// gives; so does a journal out of date order, sorted whole.
    func testTheLedgersOrderMergesTheGeneratedIntoTheRecordedAsASortWould() {
        var rng = SeededRandom(seed: 7)
        for round in 0..<200 {
            let recordedCount = Int(rng.next() % 60), generatedCount = Int(rng.next() % 20)
            var days = (0..<recordedCount).map { _ in Int32(rng.next() % 40) - 20 }
            if round % 3 != 0 { days.sort() }
            var keys: [UInt64] = []
            var inOrder = true, last: UInt64 = 0
            for (i, d) in days.enumerated() {
                let k = UInt64(UInt32(bitPattern: d &+ Int32.min)) << 32 | UInt64(i)
                if k < last { inOrder = false }
                last = k
                keys.append(k)
            }
            for i in recordedCount..<(recordedCount + generatedCount) {
                let d = Int32(rng.next() % 40) - 20
                keys.append(UInt64(UInt32(bitPattern: d &+ Int32.min)) << 32 | 1 << 31 | UInt64(i))
            }
            let expected = keys.sorted().map { Int32($0 & 0x7FFF_FFFF) }
            var merged = keys
            XCTAssertEqual(Ledger.order(sorting: &merged, firstRunInOrder: inOrder ? recordedCount : 0), expected, "round \(round)")
        }
    }
}
