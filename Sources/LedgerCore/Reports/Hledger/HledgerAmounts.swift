extension CommodityTable {
    /// Sums as hledger 1.25 shows them in a CSV cell: each commodity not
    /// exactly zero, by symbol, joined with `, `; `0` when
    /// there is none. A symbol written first keeps the sign after it (`$-50.00`).
    package func hledgerText(_ sums: AmountSums, grouped: Bool = false) -> String {
        // Every commodity not exactly zero, even one that shows as 0 (hledger's `0, 0`).
        let shown = sums.amounts.filter { !$0.quantity.isZero }.sorted { self[$0.commodity] < self[$1.commodity] }
        if shown.isEmpty { return "0" }
        return shown.map { hledgerText($0, grouped: grouped) }.joined(separator: ", ")
    }

    /// One amount as hledger shows it in CSV: in the commodity's style (its
    /// side, its space, its decimal comma), without digit groups, the sign
    /// after a symbol written first (`$-50.00`), rounded half to even at the
    /// display precision (Data.Decimal's roundTo, as hledger shows amounts).
    /// `keepingZero`: a zero keeps its commodity (`$0`), as in an assertion;
    /// `places`: these decimal places, not the commodity's (hledger's prices keep their own);
    /// `symbol`: false for the number alone (`--layout=bare`).
    public func hledgerText(_ amount: Amount, grouped: Bool = false, keepingZero: Bool = false, places: Int? = nil, symbol: Bool = true) -> String {
        let places = places ?? precision(amount.commodity)
        let q = amount.quantity.roundedHalfEven(to: places)
        // An amount that shows as zero is a bare 0, as hledger shows it (but in an assertion).
        if q.isZero && !keepingZero { return "0" }
        let style = styles[Int(amount.commodity)]
        var number = ByteBuffer(capacity: 32)
        q.write(into: &number, grouping: grouped && style.grouped ? 0x2C : nil, places: places)
        var digits = number.string
        if decimalCommaStyled.contains(amount.commodity) {
            // The marks swap: `1.234,50`.
            digits = String(digits.map { $0 == "." ? "," : $0 == "," ? "." : $0 })
        }
        let symbol = table[amount.commodity].isEmpty || !symbol ? "" : self.symbol(amount.commodity)
        if symbol.isEmpty { return digits }
        // A commodity no amount, cost or directive gave a style (one only a
        // `P` directive names, shown after -X): hledger's default, the symbol first and no space.
        if !style.seenInAmount && !style.seenInCost && !style.fixed { return symbol + digits }
        let space = style.spaced ? " " : ""
        return style.symbolFirst ? symbol + space + digits : digits + space + symbol
    }
}
