/// Writes RFC 4180 CSV: fields holding `,` `"` or a line break are quoted,
/// quotes doubled; `\n` line ends; UTF-8 without a byte-order mark.
public struct CSVWriter {
    public var buffer = ByteBuffer(capacity: 1 << 16)
    private var atLineStart = true

    public init() {}

    public mutating func field(_ s: String) {
        if !atLineStart { buffer.byte(0x2C) }
        atLineStart = false
        var needsQuotes = false
        for b in s.utf8 where b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D {
            needsQuotes = true
            break
        }
        if !needsQuotes {
            buffer.write(s)
            return
        }
        buffer.byte(0x22)
        for b in s.utf8 {
            if b == 0x22 { buffer.byte(0x22) }
            buffer.byte(b)
        }
        buffer.byte(0x22)
    }

    public mutating func row(_ fields: [String]) {
        for f in fields { field(f) }
        endRow()
    }

    public mutating func endRow() {
        buffer.byte(0x0A)
        atLineStart = true
    }
}
