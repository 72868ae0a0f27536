/// Writes RFC 4180 CSV: fields holding `,` `"` or a line break are quoted,
/// quotes doubled; `\n` line ends; UTF-8 without a byte-order mark.
package struct CSVWriter {
    public var buffer = ByteBuffer(capacity: 1 << 16)
    private var atLineStart = true

    public init() {}

    public mutating func field(_ s: String) {
        if !atLineStart { buffer.byte(0x2C) }
        atLineStart = false
        // Scans the string's bytes in place; most fields are written as they are.
        var s = s
        let plain = s.withUTF8 { bytes in
            for b in bytes where b == 0x2C || b == 0x22 || b == 0x0A || b == 0x0D { return false }
            buffer.write(bytes: bytes)
            return true
        }
        if plain { return }
        buffer.byte(0x22)
        // Quotes are doubled: write up to and including each quote, then one more.
        var rest = Substring(s)
        while let q = rest.utf8.firstIndex(of: 0x22) {
            buffer.write(rest[...q])
            buffer.byte(0x22)
            rest = rest[rest.utf8.index(after: q)...]
        }
        buffer.write(rest)
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

    /// Hands a full buffer to the sink (call between rows).
    public mutating func flush(to sink: ByteSink?, force: Bool = false) {
        if let sink, force || buffer.count >= 1 << 20 { sink.write(&buffer) }
    }

    /// A field written from bytes that never need quoting (numbers, dates).
    public mutating func plainField(_ write: (inout ByteBuffer) -> Void) {
        if !atLineStart { buffer.byte(0x2C) }
        atLineStart = false
        write(&buffer)
    }
}
