extension CommodityTable {
    /// An amount as a person reads it, in the commodity's style and display
    /// precision: `$3.00`, `-12,000 KRW`, `10 "005930"`.
    /// With `decimalComma`, the number is written `1.234,50` (for `decimal-mark ,`).
    public func format(_ amount: Amount, precision: Int? = nil, decimalComma: Bool = false) -> String {
        var buf = ByteBuffer(capacity: 32)
        write(amount, into: &buf, precision: precision)
        guard decimalComma else { return buf.string }
        // The marks swap in the number only, never in the symbol.
        let symbol = Array(self.symbol(amount.commodity).utf8)
        var bytes = buf.bytes
        let style = styles[Int(amount.commodity)]
        let number = symbol.isEmpty ? bytes.indices
            : style.symbolFirst ? (symbol.count + (bytes.first == 0x2D ? 1 : 0))..<bytes.count : 0..<(bytes.count - symbol.count)
        for i in number where bytes[i] == 0x2C || bytes[i] == 0x2E { bytes[i] = bytes[i] == 0x2C ? 0x2E : 0x2C }
        return String(decoding: bytes, as: UTF8.self)
    }

    package func write(_ amount: Amount, into buf: inout ByteBuffer, precision: Int? = nil) {
        let style = styles[Int(amount.commodity)]
        let places = max(precision ?? self.precision(amount.commodity), 0)
        let q = amount.quantity
        let grouping: UInt8? = style.grouped ? 0x2C : nil
        let name = table[amount.commodity]
        if name.isEmpty {
            q.write(into: &buf, grouping: grouping, places: places)
            return
        }
        let symbol = self.symbol(amount.commodity)
        if style.symbolFirst {
            if !q.rounded(to: places).isZero, q.isNegative { buf.byte(0x2D) }
            buf.write(symbol)
            if style.spaced { buf.byte(0x20) }
            // A value that rounds to zero shows no minus sign.
            q.magnitude.write(into: &buf, grouping: grouping, places: places)
        } else {
            q.write(into: &buf, grouping: grouping, places: places)
            if style.spaced { buf.byte(0x20) }
            buf.write(symbol)
        }
    }

    /// The quantity alone as an exact decimal string, no grouping (`-1234.50`):
    /// the form used in CSV and JSON. At the display precision, or at as many
    /// more places as the exact value needs: a machine never reads a rounded figure.
    public func plain(_ quantity: ExactDecimal, _ commodity: Int32) -> String {
        quantity.text(places: exactPlaces(quantity, commodity))
    }

    /// Writes `plain(quantity, commodity)` straight into a buffer.
    package func writePlain(_ quantity: ExactDecimal, _ commodity: Int32, into buf: inout ByteBuffer) {
        quantity.write(into: &buf, places: exactPlaces(quantity, commodity))
    }

    /// The places that show `quantity` exactly and at least at display
    /// precision. A fraction with all 30 places, or with all 38 digits, is a
    /// quotient that did not terminate (a valuation through a reversed
    /// price): it was rounded there already, and is shown at display precision.
    @inline(__always) package func exactPlaces(_ quantity: ExactDecimal, _ commodity: Int32) -> Int {
        let shown = precision(commodity)
        if quantity.scale <= shown { return shown }
        if quantity.scale >= ExactDecimal.maxScale || quantity.mantissa.magnitude >= CommodityTable.fullMantissa { return shown }
        return max(shown, quantity.normalized.scale)
    }

    /// 10^37: a mantissa this large has the 38 digits a quotient fills.
    static let fullMantissa: UInt128 = {
        var p: UInt128 = 1
        for _ in 0..<37 { p *= 10 }
        return p
    }()

    /// True when the display precision hides digits of `quantity` (text rounds it).
    package func roundsAtDisplay(_ quantity: ExactDecimal, _ commodity: Int32) -> Bool {
        exactPlaces(quantity, commodity) > precision(commodity)
    }

    /// An amount in the commodity's style, every digit it has shown: at display
    /// precision, or at as many more places as it needs (`1.5 X` where X shows none).
    public func formatExactly(_ amount: Amount) -> String {
        format(amount, precision: exactPlaces(amount.quantity, amount.commodity))
    }

    /// Several amounts joined with `, `, e.g. for a multi-commodity difference.
    public func format(_ amounts: [Amount]) -> String {
        amounts.map { format($0) }.joined(separator: ", ")
    }
}
