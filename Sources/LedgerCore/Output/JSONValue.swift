/// A JSON value as the language server, `serve` and hledger's `-O json` read and write it. Objects keep
/// their keys in order, so that what the server writes reads the same every time.
/// Whole numbers a JSON array holds, written straight into the output as
/// decimals (`JSONValue.numbers`): an array of them, or semantic tokens
/// encoded as they are written.
public protocol JSONNumbers: Sendable {
    /// At most how many numbers there are.
    var count: Int { get }
    /// The numbers, in order.
    var values: [UInt32] { get }
    /// Writes the numbers at `out` with commas between them, in room for
    /// `count` of them (`CommaSeparatedWriter.room(for:)`); returns how many bytes it wrote.
    func writeCommaSeparated(at out: UnsafeMutablePointer<UInt8>) -> Int
}

extension Array: JSONNumbers where Element == UInt32 {
    public var values: [UInt32] { self }

    public func writeCommaSeparated(at out: UnsafeMutablePointer<UInt8>) -> Int {
        withUnsafeBufferPointer { values in
            CommaSeparatedWriter.write(at: out) { w in
                for value in values { w.put(value) }
            }
        }
    }
}

public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number as written (`42`, `-1.5e3`): read exactly, never through `Double`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// An array of whole numbers, kept as numbers (semantic tokens send millions).
    case numbers(any JSONNumbers)

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.numbers(let x), .numbers(let y)): return x.values == y.values
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// A whole number.
    public static func int(_ n: Int) -> JSONValue { .number(String(n)) }

    /// The value under `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// A whole number that fits in `Int`; nil for anything else.
    public var int: Int? {
        if case .number(let s) = self { return Int(s) }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var array: [JSONValue]? {
        if case .array(let a) = self { return a }
        if case .numbers(let n) = self { return n.values.map { JSONValue.int(Int($0)) } }
        return nil
    }

    /// The value as compact JSON text.
    public var bytes: [UInt8] {
        var w = JSONWriter(pretty: false, capacity: 256)
        write(into: &w)
        return w.buffer.bytes
    }

    func write(into w: inout JSONWriter) {
        switch self {
        case .null: w.null()
        case .bool(let b): w.bool(b)
        case .number(let n): w.rawNumber(n)
        case .string(let s): w.string(s)
        case .array(let items):
            w.beginArray()
            for item in items { item.write(into: &w) }
            w.endArray()
        case .numbers(let numbers):
            w.array(of: numbers)
        case .object(let fields):
            w.beginObject()
            for (key, value) in fields {
                w.key(string: key)
                value.write(into: &w)
            }
            w.endObject()
        }
    }

    /// Reads one JSON text; nil when it is not valid JSON (or nests deeper than 512).
    public init?(parsing bytes: [UInt8]) {
        var reader = JSONReader(bytes)
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        guard reader.at == bytes.count else { return nil }
        self = value
    }
}

/// Reads JSON text from bytes: strings with their escapes (surrogate pairs
/// joined), numbers kept as written.
private struct JSONReader {
    let b: [UInt8]
    var at = 0
    static let deepest = 512

    init(_ bytes: [UInt8]) { b = bytes }

    mutating func skipSpace() {
        while at < b.count, b[at] == 0x20 || b[at] == 0x0A || b[at] == 0x0D || b[at] == 0x09 { at += 1 }
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard at + n <= b.count else { return false }
        for i in 0..<n where b[at + i] != word.utf8Start[i] { return false }
        at += n
        return true
    }

    mutating func value(depth: Int) -> JSONValue? {
        guard depth < JSONReader.deepest else { return nil }
        skipSpace()
        guard at < b.count else { return nil }
        switch b[at] {
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "["):
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if at < b.count, b[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard at < b.count else { return nil }
                if b[at] == UInt8(ascii: ",") { at += 1; continue }
                if b[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                return nil
            }
        case UInt8(ascii: "{"):
            at += 1
            var fields: [(String, JSONValue)] = []
            skipSpace()
            if at < b.count, b[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
            while true {
                skipSpace()
                guard at < b.count, b[at] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard at < b.count, b[at] == UInt8(ascii: ":") else { return nil }
                at += 1
                guard let item = value(depth: depth + 1) else { return nil }
                fields.append((key, item))
                skipSpace()
                guard at < b.count else { return nil }
                if b[at] == UInt8(ascii: ",") { at += 1; continue }
                if b[at] == UInt8(ascii: "}") { at += 1; return .object(fields) }
                return nil
            }
        default: return number()
        }
    }

    mutating func number() -> JSONValue? {
        let start = at
        if at < b.count, b[at] == UInt8(ascii: "-") { at += 1 }
        let digitsStart = at
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        while at < b.count, isDigit(b[at]) { at += 1 }
        guard at > digitsStart else { return nil }
        if at < b.count, b[at] == UInt8(ascii: ".") {
            at += 1
            let f = at
            while at < b.count, isDigit(b[at]) { at += 1 }
            guard at > f else { return nil }
        }
        if at < b.count, b[at] | 0x20 == UInt8(ascii: "e") {
            at += 1
            if at < b.count, b[at] == UInt8(ascii: "+") || b[at] == UInt8(ascii: "-") { at += 1 }
            let e = at
            while at < b.count, isDigit(b[at]) { at += 1 }
            guard at > e else { return nil }
        }
        return .number(String(decoding: b[start..<at], as: UTF8.self))
    }

    mutating func hex4() -> UInt32? {
        guard at + 4 <= b.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[at]
            let d: UInt8
            switch c {
            case 0x30...0x39: d = c - 0x30
            case 0x41...0x46: d = c - 0x41 + 10
            case 0x61...0x66: d = c - 0x61 + 10
            default: return nil
            }
            v = v << 4 | UInt32(d)
            at += 1
        }
        return v
    }

    /// A string at `"`; invalid UTF-8 and lone surrogates become U+FFFD.
    mutating func string() -> String? {
        at += 1
        var out: [UInt8] = []
        var run = at
        while at < b.count {
            let c = b[at]
            if c == UInt8(ascii: "\"") {
                out.append(contentsOf: b[run..<at])
                at += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c < 0x20 { return nil }
            if c != UInt8(ascii: "\\") { at += 1; continue }
            out.append(contentsOf: b[run..<at])
            at += 1
            guard at < b.count else { return nil }
            let e = b[at]
            at += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4() else { return nil }
                if scalar >= 0xD800 && scalar < 0xDC00, at + 6 <= b.count, b[at] == 0x5C, b[at + 1] == UInt8(ascii: "u") {
                    let save = at
                    at += 2
                    if let low = hex4(), low >= 0xDC00 && low < 0xE000 {
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    } else {
                        at = save
                    }
                }
                out.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            default: return nil
            }
            run = at
        }
        return nil
    }
}
