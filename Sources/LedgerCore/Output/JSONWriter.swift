/// Writes JSON into a byte buffer, keeping track of commas.
///
/// Strings are escaped for every Unicode input: quotes, backslashes and all
/// control characters; other characters (Korean included) pass through as UTF-8.
public struct JSONWriter {
    public var buffer: ByteBuffer
    private var needsComma: [Bool] = [false]
    private var afterKey = false
    /// Pretty-print with two-space indentation.
    public var pretty: Bool

    public init(pretty: Bool = false, capacity: Int = 1 << 12) {
        self.pretty = pretty
        self.buffer = ByteBuffer(capacity: capacity)
    }

    private mutating func separate() {
        if afterKey { afterKey = false; return }
        if needsComma[needsComma.count - 1] { buffer.byte(0x2C) }
        needsComma[needsComma.count - 1] = true
        if pretty && needsComma.count > 1 { newline() }
    }

    private mutating func newline() {
        buffer.byte(0x0A)
        for _ in 1..<needsComma.count { buffer.byte(0x20); buffer.byte(0x20) }
    }

    public mutating func beginObject() { separate(); buffer.byte(0x7B); needsComma.append(false) }
    public mutating func endObject() { close(0x7D) }
    public mutating func beginArray() { separate(); buffer.byte(0x5B); needsComma.append(false) }
    public mutating func endArray() { close(0x5D) }

    private mutating func close(_ b: UInt8) {
        let hadItems = needsComma.removeLast()
        if pretty && hadItems { newline() }
        buffer.byte(b)
    }

    public mutating func key(_ k: String) {
        separate()
        quoted(k)
        buffer.byte(0x3A)
        if pretty { buffer.byte(0x20) }
        afterKey = true
    }

    public mutating func string(_ s: String) { separate(); quoted(s) }
    public mutating func string(_ s: String?) { if let s { string(s) } else { null() } }
    public mutating func int(_ i: Int) { separate(); buffer.int(i) }
    public mutating func bool(_ b: Bool) { separate(); buffer.write(b ? "true" : "false") }
    public mutating func null() { separate(); buffer.write("null") }

    private mutating func quoted(_ s: String) {
        buffer.byte(0x22)
        var s = s
        s.withUTF8 { utf8 in
            for b in utf8 {
                switch b {
                case 0x22: buffer.byte(0x5C); buffer.byte(0x22)
                case 0x5C: buffer.byte(0x5C); buffer.byte(0x5C)
                case 0x0A: buffer.byte(0x5C); buffer.byte(0x6E)
                case 0x0D: buffer.byte(0x5C); buffer.byte(0x72)
                case 0x09: buffer.byte(0x5C); buffer.byte(0x74)
                case 0x00..<0x20, 0x7F:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    buffer.write("\\u00")
                    buffer.byte(hex[Int(b >> 4)])
                    buffer.byte(hex[Int(b & 0xF)])
                default: buffer.byte(b)
                }
            }
        }
        buffer.byte(0x22)
    }

    /// The JSON text written so far.
    public func finish() -> String { buffer.string }
}
