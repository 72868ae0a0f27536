/// Writes JSON into a byte buffer, keeping track of commas.
///
/// Strings are escaped for every Unicode input: quotes, backslashes and all
/// control characters; other characters (Korean included) pass through as UTF-8.
package struct JSONWriter {
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

    /// A line break and two spaces per level, written from one prepared run.
    private static let indentation: [UInt8] = [0x0A] + Array(repeating: 0x20, count: 128)

    private mutating func newline() {
        let width = min(1 + 2 * (needsComma.count - 1), JSONWriter.indentation.count)
        buffer.write(bytes: JSONWriter.indentation[0..<width])
    }

    public mutating func beginObject() { separate(); buffer.byte(0x7B); needsComma.append(false) }

    /// Starts an object on a line of its own (compact output, one record per line).
    public mutating func beginObjectOnNewLine() {
        separate()
        buffer.byte(0x0A)
        buffer.byte(0x7B)
        needsComma.append(false)
    }

    /// Ends an array whose items were put on lines of their own.
    public mutating func endArrayOnNewLine() {
        if needsComma.removeLast() { buffer.byte(0x0A) }
        buffer.byte(0x5D)
    }
    public mutating func endObject() { close(0x7D) }
    public mutating func beginArray() { separate(); buffer.byte(0x5B); needsComma.append(false) }
    public mutating func endArray() { close(0x5D) }

    private mutating func close(_ b: UInt8) {
        let hadItems = needsComma.removeLast()
        if pretty && hadItems { newline() }
        buffer.byte(b)
    }

    /// A constant key (plain ASCII, no escaping needed), written from its bytes.
    public mutating func key(_ k: StaticString) {
        separate()
        buffer.byte(0x22)
        buffer.write(bytes: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
        buffer.byte(0x22)
        buffer.byte(0x3A)
        if pretty { buffer.byte(0x20) }
        afterKey = true
    }

    /// A key already written as a JSON string, quotes included.
    public mutating func key(quoted bytes: UnsafeBufferPointer<UInt8>) {
        separate()
        buffer.write(bytes: bytes)
        buffer.byte(0x3A)
        if pretty { buffer.byte(0x20) }
        afterKey = true
    }

    /// A key from data (a tag name), escaped like any string.
    public mutating func key(string k: String) {
        separate()
        quoted(k)
        buffer.byte(0x3A)
        if pretty { buffer.byte(0x20) }
        afterKey = true
    }

    public mutating func string(_ s: String) { separate(); quoted(s) }
    public mutating func string(_ s: String?) { if let s { string(s) } else { null() } }
    public mutating func int(_ i: Int) { separate(); buffer.int(i) }
    /// An array of whole numbers, written in one pass.
    public mutating func array(of numbers: any JSONNumbers) {
        separate()
        buffer.byte(0x5B)
        buffer.append(reserving: CommaSeparatedWriter.room(for: numbers.count)) { numbers.writeCommaSeparated(at: $0) }
        buffer.byte(0x5D)
    }
    /// A number already written as JSON (the language server's values).
    public mutating func rawNumber(_ text: String) { separate(); buffer.write(text) }

    /// A string whose bytes need no escaping (a number, a date), written in place.
    public mutating func plainString(_ write: (inout ByteBuffer) -> Void) {
        separate()
        buffer.byte(0x22)
        write(&buffer)
        buffer.byte(0x22)
    }
    public mutating func bool(_ b: Bool) { separate(); buffer.write(b ? "true" : "false") }
    public mutating func null() { separate(); buffer.write("null") }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a JSON string: runs of plain bytes in one go, escapes between them.
    private mutating func quoted(_ s: String) {
        buffer.byte(0x22)
        var s = s
        s.withUTF8 { utf8 in
            var run = 0, i = 0
            while i < utf8.count {
                let b = utf8[i]
                if b >= 0x20, b != 0x22, b != 0x5C, b != 0x7F, b != 0xC2, b != 0xE2 { i += 1; continue }
                // C1 controls, line and paragraph separators and bidi overrides
                // are written as `\uXXXX` (valid JSON, never raw on a terminal).
                var scalar: UInt32?, width = 1
                if b == 0xC2 {
                    guard i + 1 < utf8.count, utf8[i + 1] >= 0x80, utf8[i + 1] <= 0x9F else { i += 1; continue }
                    scalar = UInt32(utf8[i + 1]); width = 2
                } else if b == 0xE2 {
                    guard i + 2 < utf8.count else { i += 1; continue }
                    let b1 = utf8[i + 1], b2 = utf8[i + 2]
                    guard b1 == 0x80 && b2 >= 0xA8 && b2 <= 0xAE || b1 == 0x81 && b2 >= 0xA6 && b2 <= 0xA9 else { i += 1; continue }
                    scalar = 0x2000 | UInt32(b1 & 0x3F) << 6 | UInt32(b2 & 0x3F); width = 3
                }
                if run < i { buffer.write(bytes: UnsafeBufferPointer(rebasing: utf8[run..<i])) }
                run = i + width
                i += width
                if let scalar {
                    buffer.write("\\u")
                    for shift in [12, 8, 4, 0] { buffer.byte(JSONWriter.hex[Int(scalar >> UInt32(shift) & 0xF)]) }
                    continue
                }
                switch b {
                case 0x22: buffer.byte(0x5C); buffer.byte(0x22)
                case 0x5C: buffer.byte(0x5C); buffer.byte(0x5C)
                case 0x0A: buffer.byte(0x5C); buffer.byte(0x6E)
                case 0x0D: buffer.byte(0x5C); buffer.byte(0x72)
                case 0x09: buffer.byte(0x5C); buffer.byte(0x74)
                default:
                    buffer.write("\\u00")
                    buffer.byte(JSONWriter.hex[Int(b >> 4)])
                    buffer.byte(JSONWriter.hex[Int(b & 0xF)])
                }
            }
            if run < utf8.count { buffer.write(bytes: UnsafeBufferPointer(rebasing: utf8[run..<utf8.count])) }
        }
        buffer.byte(0x22)
    }

    /// Hands a full buffer to the sink (call between values).
    public mutating func flush(to sink: ByteSink?, force: Bool = false) {
        if let sink, force || buffer.count >= 1 << 20 { sink.write(&buffer) }
    }

    /// The JSON text written so far.
    public func finish() -> String { buffer.string }
}
