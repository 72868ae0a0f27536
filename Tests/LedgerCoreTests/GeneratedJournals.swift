import Foundation

/// A small deterministic random generator (SplitMix64), so that generated
/// tests give the same journals on every machine.
struct SeededRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<n`.
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}

/// Journals written by a program: every line shape the dialect allows, in
/// random mixes (costs, lots, virtual postings, assertions, rules, aliases,
/// comments and blocks, Korean names, CRLF, year-less dates).
enum GeneratedJournals {
    static func make(count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in journal(&random) }
    }

    static func journal(_ r: inout SeededRandom) -> String {
        let accounts = ["Assets:Bank", "Assets:Cash", "Expenses:Food", "Expenses:Rent", "Income:Salary",
                        "자산:은행", "지출:식비", "Liabilities:Card", "Assets:Broker"]
        let commodities = ["USD", "$", "KRW", "EUR", "AAPL"]
        var lines: [String] = []
        if r.chance(20) { lines.append("commodity 1,000.00 USD") }
        if r.chance(20) { lines.append("alias food = Expenses:Food") }
        if r.chance(15) { lines.append("Y 2025") }
        let n = 1 + r.below(12)
        for i in 0..<n {
            let month = 1 + r.below(12), day = 1 + r.below(28)
            let date = r.chance(10) ? "\(month)/\(day)" : "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            switch r.below(10) {
            case 0:
                lines.append("repeat monthly from \(date.contains("/") ? "2025-01-15" : date)\(r.chance(30) ? " count 3" : "")  Rule \(i)")
            case 1:
                lines.append("~ monthly  Goal \(i)")
            case 2:
                lines.append("; comment \(i)")
                continue
            case 3 where r.chance(30):
                lines.append("comment")
                lines.append("\(date) hidden")
                lines.append("end comment")
                continue
            case 4 where r.chance(30):
                lines.append("P 2025-0\(1 + r.below(9))-01 AAPL \(100 + r.below(100)).\(r.below(100)) USD")
                continue
            default:
                lines.append("\(date) \(r.pick(["*", "!", ""])) \(r.pick(["Shop", "마트", "Rent", "Pay | note", "Rule \(r.below(n))"]))\(r.chance(20) ? "  ; tag: v" : "")")
            }
            let commodity = r.pick(commodities)
            let postings = 1 + r.below(3)
            for _ in 0..<postings {
                let whole = r.below(100_000)
                let places = r.pick([0, 2, 2, 3])
                var number = "\(r.chance(20) ? "-" : "")\(whole)"
                if places > 0 { number += "." + String(r.below(1000)).padding(toLength: places, withPad: "0", startingAt: 0) }
                var amount = commodity == "$" ? "$\(number)" : "\(number) \(commodity)"
                if commodity == "AAPL" { amount += r.chance(50) ? " @ \(r.below(300)).\(r.below(10)) USD" : " @@ \(r.below(3000)) USD" }
                if r.chance(10) { amount += " = \(number) \(commodity == "$" ? "USD" : commodity)" }
                let account = r.chance(10) ? "(\(r.pick(accounts)))" : r.pick(accounts)
                lines.append("    \(account)\(r.chance(10) ? "\t" : "    ")\(amount)\(r.chance(10) ? "  ; posting comment" : "")")
            }
            lines.append("    \(r.pick(accounts))")
            if r.chance(40) { lines.append("") }
        }
        var text = lines.joined(separator: "\n") + "\n"
        if r.chance(15) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return text
    }
}
