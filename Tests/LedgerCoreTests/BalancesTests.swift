import XCTest
@testable import LedgerCore

/// The movements and balances layer (issue 45): one date-ordered stream of
/// postings, whether a transaction was kept whole or let go by a streaming
/// check, and one accumulator that every balance-shaped report projects.
final class BalancesTests: XCTestCase {
    /// A compile as `ledgerc check` makes it: transactions that balance are let go.
    func streamed(_ text: String, path: String) -> Compilation {
        let day = CivilDate.parse("2025-12-31")
        return compile([InputFile(path: path, bytes: Array(text.utf8))], options: CompileOptions(horizon: day, today: day, mode: .diagnosticsOnly))
    }

    func movements(_ ledger: Ledger) -> [String] {
        var out: [String] = []
        Movements(ledger).forEach { m in
            out.append("\(m.date) \(ledger.journal.accounts[m.account]) \(ledger.journal.commodities.format(m.amount))")
        }
        return out
    }

    /// Every owned journal streams the same movements, in the same order,
    /// whether its transactions were kept whole or let go.
    func testTheStreamIsTheSameKeptOrLetGo() throws {
        var compared = 0, letGo = 0
        for journal in try TestCorpus.owned(withErrorSamples: false) {
            let text = String(decoding: journal.bytes, as: UTF8.self)
            let whole = compileText(text, path: journal.path).ledger, stream = streamed(text, path: journal.path).ledger
            if let records = stream.journal.letGo?.records.count, records > 0 { letGo += 1 }
            XCTAssertEqual(movements(whole), movements(stream), journal.path)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 5)
        XCTAssertGreaterThan(letGo, 3, "the streaming compiles let transactions go")
    }

    /// The stream's bounds and filters: days, recorded only, real only, and a stop.
    func testTheStreamsBoundsAndFilters() {
        let text = """
        ~ monthly from 2025-01-01  rent
            expenses:rent  10 USD
            assets:bank
        repeat monthly from 2025-01-15  salary
            assets:bank  100 USD
            income:salary
        2025-01-01 a
            expenses:food  1 USD
            (budget:food)  -1 USD
            assets:bank
        2025-02-01 b
            expenses:food  2 USD
            assets:bank
        """
        let ledger = compileText(text, until: "2025-02-28").ledger
        var m = Movements(ledger)
        XCTAssertEqual(count(m), 3 + 2 + 2 * 2)
        m.recordedOnly = true
        XCTAssertEqual(count(m), 5)
        m.realOnly = true
        XCTAssertEqual(count(m), 4)
        m.from = CivilDate.parse("2025-01-02")
        XCTAssertEqual(count(m), 2)
        m = Movements(ledger)
        m.through = CivilDate.parse("2025-01-31")
        XCTAssertEqual(count(m), 5)
        m = Movements(ledger)
        m.stopsAfter = 0
        XCTAssertEqual(count(m), 3)
        m = Movements(ledger, matching: try! { var q = Query(); try q.add(option: "--account", value: "food"); return q }())
        XCTAssertEqual(count(m), 3)
    }

    func count(_ m: Movements) -> Int {
        var n = 0
        m.forEach { _ in n += 1 }
        return n
    }

    /// Columns, the opening, a tree roll-up and running sums, against sums worked out by hand.
    func testColumnsOpeningTreeAndRunningSums() throws {
        let text = """
        2024-12-31 before
            assets:bank:a  5 USD
            equity
        2025-01-10 one
            assets:bank:a  1 USD
            assets:bank:b  2 USD
            income
        2025-02-10 two
            assets:bank:b  4 USD
            income
        2025-03-01 after
            assets:bank:a  100 USD
            income
        """
        let ledger = compileText(text).ledger
        let accounts = ledger.journal.accounts
        let columns = [DateSpan(first: CivilDate.parse("2025-01-01")!, last: CivilDate.parse("2025-01-31")!),
                       DateSpan(first: CivilDate.parse("2025-02-01")!, last: CivilDate.parse("2025-02-28")!)]
        let usd = ledger.journal.commodities.lookup("USD")!
        func figures(_ rows: BalanceRows, _ name: String) -> [String] {
            let id = (0..<Int32(accounts.count)).first { accounts[$0] == name }!
            return rows.sums[Int(id)].map { $0.quantity(usd).description }
        }
        var opened = try Balances.summing(Movements(ledger), in: columns, opening: true).tree(accounts, depth: nil, flat: false)
        XCTAssertEqual(figures(opened, "assets:bank"), ["5", "3", "4"])
        XCTAssertEqual(figures(opened, "assets"), ["5", "3", "4"])
        XCTAssertEqual(figures(opened, "assets:bank:a"), ["5", "1", "0"])
        try opened.accumulate()
        XCTAssertEqual(figures(opened, "assets:bank"), ["5", "8", "12"])
        let closed = try Balances.summing(Movements(ledger), in: columns).tree(accounts, depth: 1, flat: true)
        XCTAssertEqual(figures(closed, "assets"), ["0", "3", "4"])
        XCTAssertFalse(closed.reached(Int((0..<Int32(accounts.count)).first { accounts[$0] == "assets:bank" }!)), "depth 1, flat: only the top")
        XCTAssertEqual(closed.total.map { $0.quantity(usd).description }, ["0", "0", "0"])
    }
}
