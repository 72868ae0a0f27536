import Foundation
import XCTest

/// Lots, booking methods, named lots and splits, through the binary, on
/// cases computed by hand: 10 AAPL at $150 (2025-01-10), 10 at $170
/// (2025-02-10), then 15 sold at $180.
final class LotsTests: XCTestCase {
    static func journal(booking: String?, sale: String = "-15 AAPL @ $180.00", more: String = "") -> String {
        """
        commodity $1,000.00
        commodity AAPL\(booking.map { "  ; booking: \($0)" } ?? "")

        2025-01-10 buy
            Assets:Broker   10 AAPL @ $150.00
            Assets:Cash

        2025-02-10 buy
            Assets:Broker   10 AAPL @ $170.00
            Assets:Cash

        2025-03-10 sell
            Assets:Broker   \(sale)
            Assets:Cash
        \(more)
        """
    }

    func csv(_ report: [String], _ text: String) throws -> [[String]] {
        let r = try runLedgerc(["report"] + report + ["-", "--format", "csv"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The sale's realized gain, and the open lots as (date, quantity, unit cost, basis).
    func outcome(_ text: String) throws -> (gain: String, lots: [[String]]) {
        let sales = try csv(["trades", "--side", "sell"], text)
        let lots = try csv(["holdings", "--lots"], text).map { [$0[2], $0[3], $0[4], $0[6]] }
        return (sales.first?[8] ?? "", lots)
    }

    func testFIFOTakesTheOldestLots() throws {
        let (gain, lots) = try outcome(Self.journal(booking: "fifo"))
        // 2,700 − (10 × 150 + 5 × 170) = 350; left: 5 at 170.
        XCTAssertEqual(gain, "350.00")
        XCTAssertEqual(lots, [["2025-02-10", "5", "170.00", "850.00"]])
    }

    func testLIFOTakesTheNewestLots() throws {
        let (gain, lots) = try outcome(Self.journal(booking: "lifo"))
        // 2,700 − (10 × 170 + 5 × 150) = 250; left: 5 at 150.
        XCTAssertEqual(gain, "250.00")
        XCTAssertEqual(lots, [["2025-01-10", "5", "150.00", "750.00"]])
    }

    func testAverageIsTheDefault() throws {
        for booking in [nil, "average"] {
            let (gain, lots) = try outcome(Self.journal(booking: booking))
            // Average 160: 2,700 − 15 × 160 = 300; one lot of 5 at 160, dated at the
            // oldest purchase still held (the oldest shares go first).
            XCTAssertEqual(gain, "300.00")
            XCTAssertEqual(lots, [["2025-02-10", "5", "160.00", "800.00"]])
        }
        // The journal's own default: `booking fifo` before the commodity.
        let (gain, _) = try outcome("booking fifo\n" + Self.journal(booking: nil))
        XCTAssertEqual(gain, "350.00")
    }

    func testASaleNamesItsLotByCostOrDate() throws {
        // By unit cost, under fifo: the $170 lot, not the oldest.
        var (gain, lots) = try outcome(Self.journal(booking: "fifo", sale: "-4 AAPL {$170.00} @ $180.00"))
        XCTAssertEqual(gain, "40.00")
        XCTAssertEqual(lots, [["2025-01-10", "10", "150.00", "1500.00"], ["2025-02-10", "6", "170.00", "1020.00"]])
        // By date, ledger's [DATE] and {DATE}.
        for written in ["-4 AAPL [2025-02-10] @ $180.00", "-4 AAPL {2025-02-10} @ $180.00"] {
            (gain, lots) = try outcome(Self.journal(booking: "fifo", sale: written))
            XCTAssertEqual(gain, "40.00", written)
            XCTAssertEqual(lots.last, ["2025-02-10", "6", "170.00", "1020.00"], written)
        }
    }

    /// New shares that do not fit are an error at the `split` directive,
    /// never a split that silently adds nothing.
    func testASplitWhoseSharesDoNotFitIsAnError() throws {
        let text = """
        2025-01-02 Buy
            Assets:Broker  9999999999999999999999999999999999 X @ 1 USD
            Assets:Cash

        split 2025-02-01 X 100000:1

        """
        let r = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("<stdin>:5:"), r.stderr)
        XCTAssertTrue(r.stderr.contains("error:"), r.stderr)
    }

    func testALotThatDoesNotExistIsAnErrorNamingTheLots() throws {
        let r = try runLedgerc(["check", "-"], stdin: Self.journal(booking: "fifo", sale: "-4 AAPL {$160.00} @ $180.00"))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("<stdin>:13:21: error: no lot at $160.00 in Assets:Broker; its lots: 2025-01-10 10 AAPL at $150.00; 2025-02-10 10 AAPL at $170.00"),
                      r.stderr)
        let byDate = try runLedgerc(["check", "-"], stdin: Self.journal(booking: nil, sale: "-4 AAPL [2025-01-11] @ $180.00"))
        XCTAssertTrue(byDate.stderr.contains("error: no lot of 2025-01-11 in Assets:Broker"), byDate.stderr)
    }

    func testSellingMoreThanTheLotsHoldIsTheOversellError() throws {
        let r = try runLedgerc(["check", "-"], stdin: Self.journal(booking: "fifo", sale: "-25 AAPL @ $180.00"))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("error: sells 25 AAPL but Assets:Broker holds 20 AAPL"), r.stderr)
    }

    func testABookingMethodMustBeKnown() throws {
        let r = try runLedgerc(["check", "-"], stdin: "commodity AAPL  ; booking: hifo\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("<stdin>:1:19: error: unknown booking method 'hifo': average, fifo or lifo"), r.stderr)
        let sub = try runLedgerc(["report", "holdings", "--lots", "-", "--format", "csv"],
                                 stdin: Self.journal(booking: nil).replacingOccurrences(of: "commodity AAPL\n", with: "commodity AAPL\n    booking lifo\n"))
        XCTAssertTrue(sub.stdout.contains("2025-01-10,5,150.00,$,750.00,lifo"), sub.stdout + sub.stderr)
    }

    /// A 50:1 split: quantities × 50, unit costs ÷ 50, the basis unchanged;
    /// the balance counts the new shares; print keeps the directive.
    func testASplitScalesTheLotsExactly() throws {
        let text = Self.journal(booking: "fifo", more: "\nsplit 2025-06-10 AAPL 50:1\n\n2025-07-01 sell\n    Assets:Broker   -100 AAPL @ $4.00\n    Assets:Cash\n")
        let before = try csv(["holdings", "--lots", "--to", "2025-06-09"], text)
        let after = try csv(["holdings", "--lots", "--to", "2025-06-10"], text)
        XCTAssertEqual(before.map { [$0[2], $0[3], $0[4], $0[6]] }, [["2025-02-10", "5", "170.00", "850.00"]])
        XCTAssertEqual(after.map { [$0[2], $0[3], $0[4], $0[6]] }, [["2025-02-10", "250", "3.40", "850.00"]])
        // 100 sold at $4 against 100 × $3.40: $60.
        let sales = try csv(["trades", "--side", "sell"], text)
        XCTAssertEqual(sales.last?[8], "60.00")
        let balance = try csv(["balance", "--flat", "--account", "Assets:Broker"], text)
        XCTAssertEqual(balance.first { $0[1] == "AAPL" }?[2], "150")
        let printed = try runLedgerc(["print", "-"], stdin: text)
        XCTAssertTrue(printed.stdout.contains("split 2025-06-10 AAPL 50:1\n"), printed.stdout)
        XCTAssertFalse(printed.stdout.contains("2025-06-10 split"), "the split's shares are the directive's, not a transaction")
        let again = try runLedgerc(["print", "-"], stdin: printed.stdout)
        XCTAssertEqual(again.stdout, printed.stdout)
        XCTAssertEqual(try csv(["holdings", "--lots"], printed.stdout), try csv(["holdings", "--lots"], text))
    }

    /// A balance assertion after a split reads the new shares, as the reports do: in `check` (where a plain
    /// transaction is let go and replayed) and in a report; the old quantity fails and names the new one.
    func testAnAssertionAfterASplitSeesTheNewShares() throws {
        let journal = { (asserted: String) in
            "account Assets:Broker  ; type: Asset\n\n2025-01-02 transfer in\n    Assets:Broker  10 AAPL\n    Equity:Opening\n\n2025-02-01 buy\n    Assets:Broker  5 AAPL @ $150\n    Assets:Cash\n\nsplit 2025-03-01 AAPL 3:2\n\n2025-03-01 check\n    Assets:Broker  0 AAPL = \(asserted)\n    Assets:Cash  0 USD\n"
        }
        for command in [["check", "-"], ["report", "balance", "-"]] {
            let holds = try runLedgerc(command, stdin: journal("22.5 AAPL"))
            XCTAssertEqual(holds.status, 0, "\(command): \(holds.stderr)")
            let old = try runLedgerc(command, stdin: journal("15.0 AAPL"))
            XCTAssertEqual(old.status, 1, "\(command)")
            XCTAssertTrue(old.stderr.contains("balance assertion failed: Assets:Broker is 22.5 AAPL, not 15.0 AAPL"), "\(command): \(old.stderr)")
        }
    }

    /// An assertion compares exactly, as hledger does: 1.5 X is neither 1 X nor 2 X where X shows no
    /// decimals, and the message shows the figures as they are, not rounded.
    func testAnAssertionComparesExactlyAndShowsExactFigures() throws {
        for (asserted, difference) in [("1", "0.5"), ("2", "-0.5")] {
            let text = "commodity 1. X\n\n2025-01-01 a\n    Assets:A  1 X\n    Equity:E\n\n2025-01-02 b\n    Assets:A  0.5 X\n    Equity:E\n\n2025-01-03 c\n    Assets:A  0 X = \(asserted) X\n    Equity:E\n"
            let r = try runLedgerc(["check", "-"], stdin: text)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.contains("balance assertion failed: Assets:A is 1.5 X, not \(asserted) X"), r.stderr)
            XCTAssertTrue(r.stderr.contains("the difference is \(difference) X"), r.stderr)
        }
        let holds = try runLedgerc(["check", "-"], stdin: "commodity 1. X\n\n2025-01-01 a\n    Assets:A  1.5 X = 1.50 X\n    Equity:E\n")
        XCTAssertEqual(holds.status, 0, holds.stderr)
    }

    /// A dividend tagged with its commodity, or posted to an income account
    /// named after it, counts to the holding: a column in text and JSON, and
    /// the total return against the principal.
    func testDividendsCountToTheirHolding() throws {
        let text = Self.journal(booking: "fifo", more: """

        2025-04-01 * Apple  ; dividend: AAPL
            Assets:Cash   $2.50
            Income:Dividends

        2025-05-01 * Apple again
            Assets:Cash   $1.25
            Income:Dividends:AAPL
        """)
        let r = try runLedgerc(["report", "holdings", "-", "--format", "json"], stdin: text)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let row = (json["holdings"] as! [[String: Any]])[0]
        XCTAssertEqual(row["dividends"] as? String, "3.75")
        // Unrealized 5 × (180 − 170) = 50, realized 350, dividends 3.75, against 3,200 paid.
        XCTAssertEqual(row["totalReturn"] as? String, "403.75")
        XCTAssertEqual(row["totalReturnPct"] as? String, "0.1262")
        XCTAssertEqual(row["principal"] as? String, "3200.00")
        let csvHeader = try runLedgerc(["report", "holdings", "-", "--format", "csv"], stdin: text).stdout.split(separator: "\n").first
        XCTAssertEqual(csvHeader, "account,commodity,quantity,cost_commodity,average_cost,cost_basis,price,market_value,unrealized_gain,unrealized_pct,weight,realized_gain,dividends,total_return,total_return_pct,principal",
                       "the CSV header CLI.md fixes")
        let csvRow = try runLedgerc(["report", "holdings", "-", "--format", "csv"], stdin: text).stdout.split(separator: "\n").dropFirst().first
        XCTAssertEqual(csvRow?.split(separator: ",").suffix(4).joined(separator: ","), "3.75,403.75,0.1262,3200.00")
    }

    /// A purchase whose lot is dated before the lots held joins them in date
    /// order: FIFO takes the oldest lot by its date, not by when it was written.
    func testAPurchaseDatedEarlierJoinsTheLotsInDateOrder() throws {
        let text = Self.journal(booking: "fifo").replacingOccurrences(of: "10 AAPL @ $170.00", with: "10 AAPL [2025-01-05] @ $170.00")
        let (gain, lots) = try outcome(text)
        // The 170 lot is dated 2025-01-05: 2,700 − (10 × 170 + 5 × 150) = 250; left: 5 at 150.
        XCTAssertEqual(gain, "250.00")
        XCTAssertEqual(lots, [["2025-01-10", "5", "150.00", "750.00"]])
    }

    /// Fuzz finding: shares moved every day sorted the receiver's lots again
    /// after each move, and every sale rebuilt the whole list: a daily rule
    /// over centuries took minutes. Lots now go in their place as they come,
    /// and a sale from the oldest moves no other lot. 400 days of purchases,
    /// moves to a second account and sales, FIFO and LIFO, against a model
    /// that keeps each account's lots as a queue (Scripts/limits times
    /// 100,000 days).
    func testManyLotsBuyMoveAndSellAsAQueue() throws {
        struct Lot: Equatable { var date: String; var quantity: Int; var unit: Int }
        for method in ["fifo", "lifo"] {
            var text = "commodity $1,000.00\ncommodity XYZ  ; booking: \(method)\naccount Assets:Broker  ; type: Asset\naccount Assets:Other  ; type: Asset\n\n"
            var broker: [Lot] = [], other: [Lot] = []
            // Takes `n` shares from the oldest (FIFO) or newest (LIFO) lots: the lots taken, split where one is taken in part.
            func take(_ n: Int, from lots: inout [Lot]) -> [Lot] {
                var left = n, taken: [Lot] = []
                while left > 0 {
                    let k = method == "fifo" ? 0 : lots.count - 1
                    let q = min(left, lots[k].quantity)
                    taken.append(Lot(date: lots[k].date, quantity: q, unit: lots[k].unit))
                    lots[k].quantity -= q
                    if lots[k].quantity == 0 { lots.remove(at: k) }
                    left -= q
                }
                return taken
            }
            let start = Calendar(identifier: .gregorian).date(from: DateComponents(year: 2024, month: 1, day: 1))!
            for day in 0..<400 {
                let date = ISO8601DateFormatter.string(from: start.addingTimeInterval(Double(day) * 86_400), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
                let unit = 100 + day % 37
                text += "\(date) buy\n    Assets:Broker  3 XYZ @ $\(unit)\n    Assets:Cash\n\n"
                broker.append(Lot(date: date, quantity: 3, unit: unit))
                text += "\(date) move\n    Assets:Broker  -1 XYZ\n    Assets:Other  1 XYZ\n\n"
                // Moved lots keep their dates; the receiver keeps them in date order.
                for lot in take(1, from: &broker) {
                    let at = other.lastIndex { $0.date <= lot.date }.map { $0 + 1 } ?? 0
                    other.insert(lot, at: at)
                }
                if day % 3 == 2 {
                    text += "\(date) sell\n    Assets:Broker  -2 XYZ @ $150\n    Assets:Cash\n\n"
                    _ = take(2, from: &broker)
                }
                if day % 5 == 4 {
                    text += "\(date) sell other\n    Assets:Other  -1 XYZ @ $150\n    Assets:Cash\n\n"
                    _ = take(1, from: &other)
                }
            }
            let rows = try csv(["holdings", "--lots"], text)
            func shown(_ account: String) -> [Lot] {
                rows.filter { $0[0] == account }.map { Lot(date: $0[2], quantity: Int($0[3])!, unit: Int(Double($0[4])!)) }
            }
            XCTAssertEqual(shown("Assets:Broker"), broker, method)
            XCTAssertEqual(shown("Assets:Other"), other, method)
            XCTAssertGreaterThan(broker.count + other.count, 100, method)
        }
    }

    /// Sales that name their lot by cost, over many lots: a cost no lot has is
    /// an error that lists five lots and how many more; a lot bought at that
    /// cost later is found; after a split the lots have their new costs.
    /// Each sale's gain against a model of the lots.
    func testNamedSalesFindTheirLotsAmongMany() throws {
        var text = "commodity $1,000.00\ncommodity XYZ  ; booking: fifo\naccount Assets:Broker  ; type: Asset\n\n"
        for day in 1...28 {
            text += "2025-01-\(String(format: "%02d", day)) buy\n    Assets:Broker  2 XYZ @ $\(100 + day)\n    Assets:Cash\n\n"
        }
        // A cost no lot has: an error, and the sale books by the method (the oldest, $101).
        text += "2025-02-01 sell\n    Assets:Broker  -1 XYZ {$99} @ $120\n    Assets:Cash\n\n"
        let missing = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("no lot at $99.00 in Assets:Broker; its lots: 2025-01-01 2 XYZ at $101.00; 2025-01-02 2 XYZ at $102.00; "
                                              + "2025-01-03 2 XYZ at $103.00; 2025-01-04 2 XYZ at $104.00; 2025-01-05 2 XYZ at $105.00; and 23 more"), missing.stderr)
        // Named sales that exist: the $110 lot, then $99 once bought, then the $120 lot after a 2:1 split is at $60.
        text = text.replacingOccurrences(of: "{$99} @ $120", with: "{$110} @ $120")
        text += "2025-02-02 buy\n    Assets:Broker  2 XYZ @ $99\n    Assets:Cash\n\n"
        text += "2025-02-03 sell\n    Assets:Broker  -2 XYZ {$99} @ $120\n    Assets:Cash\n\n"
        text += "split 2025-02-04 XYZ 2:1\n\n"
        text += "2025-02-05 sell\n    Assets:Broker  -3 XYZ {$60} @ $70\n    Assets:Cash\n\n"
        let gains = try csv(["trades", "--side", "sell"], text).map { $0[8] }
        // 120 − 110; 2 × (120 − 99); 3 × (70 − 60) from the $120 lot, split to 4 at $60.
        XCTAssertEqual(gains, ["10.00", "42.00", "30.00"])
        text += "2025-02-06 sell\n    Assets:Broker  -1 XYZ {$120} @ $70\n    Assets:Cash\n\n"
        let r = try runLedgerc(["check", "-"], stdin: text)
        XCTAssertEqual(r.status, 1, "the last sale names a cost the split changed")
        XCTAssertTrue(r.stderr.contains("<stdin>:\(text.split(separator: "\n", omittingEmptySubsequences: false).count - 3):20: error: no lot at $120.00"), r.stderr)
    }

    /// Issue 44: two shares bought at 2,500,000 KRW, then a 50:1 split. No
    /// report may value the 100 new shares at the old share's price: each is
    /// worth 50,000 KRW until a newer price says otherwise, in holdings, in
    /// `-X`, in the page and in returns.
    func testASplitValuesNewSharesAtTheOldPriceDividedByTheRatio() throws {
        let text = """
        commodity 1,000 KRW

        2025-01-10 삼성전자 매수
            자산:증권:삼성전자    2 "005930" @ 2,500,000 KRW
            자산:증권:예수금

        split 2025-06-10 "005930" 50:1

        """
        let holdings = try csv(["holdings"], text)
        XCTAssertEqual(holdings.first.map { [$0[2], $0[6], $0[7], $0[8]] }, ["100", "50000", "5000000", "0"])
        // Before the split the old shares and their price stand.
        let before = try csv(["holdings", "--to", "2025-05-31"], text)
        XCTAssertEqual(before.first.map { [$0[2], $0[6], $0[7]] }, ["2", "2500000", "5000000"])
        let valued = try csv(["balance", "-X", "KRW", "--to", "2025-12-31"], text)
        XCTAssertTrue(valued.contains { $0.first == "자산:증권:삼성전자" && $0.contains("5000000") }, "\(valued)")
        let page = try runLedgerc(["report", "html", "-", "--until", "2025-12-31"], stdin: text)
        XCTAssertEqual(page.status, 0, page.stderr)
        XCTAssertFalse(page.stdout.contains("250,000,000"), "the page values new shares at the old price")
        // A newer price after the split is a new share's, used as it is.
        let later = try csv(["holdings"], text + "P 2025-07-01 \"005930\" 60,000 KRW\n")
        XCTAssertEqual(later.first.map { [$0[6], $0[7], $0[8]] }, ["60000", "6000000", "1000000"])
    }
}
