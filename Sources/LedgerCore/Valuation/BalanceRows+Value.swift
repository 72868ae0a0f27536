extension BalanceRows {
    /// Each column's sums valued on `days[k]` (nil: left as they are); the opening stays.
    package mutating func value(by valuer: Valuer, on days: [CivilDate?]) throws(AmountOverflow) {
        func valued(_ row: inout [AmountSums]) throws(AmountOverflow) {
            for k in days.indices { if let day = days[k] { row[k + 1] = try valuer.value(row[k + 1], on: day) } }
        }
        for row in sums.indices where !sums[row].isEmpty { try valued(&sums[row]) }
        try valued(&total)
    }
}
