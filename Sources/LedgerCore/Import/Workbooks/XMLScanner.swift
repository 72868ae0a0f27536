/// A small pull reader for the XML of a workbook's parts: start and end
/// tags, text, CDATA. No DTD is read (a `<!DOCTYPE` is an error), and no
/// entity beyond the five predefined ones and character references, so no
/// expansion bomb; nesting deeper than `StatementLimits.xmlDepth` is an error.
struct XMLScanner {
    enum Event: Equatable {
        /// A start tag; `empty` for `<a/>`, which has no end tag event.
        case start(name: String, empty: Bool)
        case end(name: String)
        case text(String)
    }

    let bytes: [UInt8]
    private var i = 0
    private var depth = 0
    /// The current start tag's attribute bytes (after its name).
    private var attributeRange = 0..<0
    /// The part being read, for messages.
    let part: String

    init(_ bytes: [UInt8], part: String) {
        self.bytes = bytes
        self.part = part
        i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    func failure(_ what: String) -> StatementFormatError { StatementFormatError("\(part): \(what)") }

    /// The next event, or nil at the end.
    mutating func next() throws(StatementFormatError) -> Event? {
        while i < bytes.count {
            if bytes[i] != 0x3C {
                let start = i
                while i < bytes.count && bytes[i] != 0x3C { i += 1 }
                return .text(try decode(start..<i))
            }
            // `<`
            guard i + 1 < bytes.count else { throw failure("ends inside a tag") }
            switch bytes[i + 1] {
            case 0x3F:  // <? ... ?>
                i = try skip(past: [0x3F, 0x3E], from: i + 2)
            case 0x21:  // <!-- -->, <![CDATA[ ]]>, <!DOCTYPE
                if bytes[i...].starts(with: Array("<!--".utf8)) {
                    i = try skip(past: Array("-->".utf8), from: i + 4)
                } else if bytes[i...].starts(with: Array("<![CDATA[".utf8)) {
                    let start = i + 9
                    i = try skip(past: Array("]]>".utf8), from: start)
                    return .text(String(decoding: bytes[start..<(i - 3)], as: UTF8.self))
                } else {
                    throw failure("has a document type declaration, which ledgerc does not read")
                }
            case 0x2F:  // </name>
                let start = i + 2
                var j = start
                while j < bytes.count && bytes[j] != 0x3E { j += 1 }
                guard j < bytes.count else { throw failure("ends inside a tag") }
                i = j + 1
                depth -= 1
                return .end(name: localName(start..<j))
            default:
                let start = i + 1
                var j = start
                while j < bytes.count, !isSpace(bytes[j]), bytes[j] != 0x3E, bytes[j] != 0x2F { j += 1 }
                let name = localName(start..<j)
                // The attributes: up to the `>` not inside quotes.
                let attrStart = j
                var quote: UInt8 = 0
                while j < bytes.count {
                    let b = bytes[j]
                    if quote != 0 { if b == quote { quote = 0 } } else if b == 0x22 || b == 0x27 { quote = b } else if b == 0x3E { break }
                    j += 1
                }
                guard j < bytes.count else { throw failure("ends inside a tag") }
                let empty = j > attrStart && bytes[j - 1] == 0x2F
                attributeRange = attrStart..<(empty ? j - 1 : j)
                i = j + 1
                if !empty {
                    depth += 1
                    guard depth <= StatementLimits.xmlDepth else { throw failure("nests deeper than \(StatementLimits.xmlDepth) elements") }
                }
                return .start(name: name, empty: empty)
            }
        }
        return nil
    }

    /// The value of attribute `name` of the last start tag (prefixes ignored).
    func attribute(_ name: String) throws(StatementFormatError) -> String? {
        var j = attributeRange.lowerBound
        let end = attributeRange.upperBound
        let wanted = Array(name.utf8)
        do {
            while j < end {
                while j < end && isSpace(bytes[j]) { j += 1 }
                var nameStart = j
                while j < end && bytes[j] != 0x3D && !isSpace(bytes[j]) {
                    if bytes[j] == 0x3A { nameStart = j + 1 }  // a prefix (`r:id`) is not part of the name
                    j += 1
                }
                let found = j - nameStart == wanted.count && bytes[nameStart..<j].elementsEqual(wanted)
                while j < end && (isSpace(bytes[j]) || bytes[j] == 0x3D) { j += 1 }
                guard j < end, bytes[j] == 0x22 || bytes[j] == 0x27 else { return nil }
                let quote = bytes[j]
                let valueStart = j + 1
                j = valueStart
                while j < end && bytes[j] != quote { j += 1 }
                if found { return try decode(valueStart..<j) }
                j += 1
            }
            return nil
        }
    }

    /// Reads to the end of the element just started, returning its text (all of it, nested too).
    mutating func text(untilEndOf name: String) throws(StatementFormatError) -> String {
        var out = "", level = 1
        while let e = try next() {
            switch e {
            case .text(let t):
                out += t
                guard out.utf8.count <= StatementLimits.cellText * 4 else { throw failure("holds a text longer than a cell can") }
            case .start(_, let empty): if !empty { level += 1 }
            case .end:
                level -= 1
                if level == 0 { return out }
            }
        }
        throw failure("ends inside <\(name)>")
    }

    private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    private func localName(_ r: Range<Int>) -> String {
        var s = r.lowerBound
        for k in r where bytes[k] == 0x3A { s = k + 1 }
        return String(decoding: bytes[s..<r.upperBound], as: UTF8.self)
    }

    private func skip(past marker: [UInt8], from: Int) throws(StatementFormatError) -> Int {
        var j = from
        while j + marker.count <= bytes.count {
            if bytes[j] == marker[0] && bytes[j..<(j + marker.count)].elementsEqual(marker) { return j + marker.count }
            j += 1
        }
        throw failure("ends inside a comment or declaration")
    }

    /// Text with its references replaced: the five entities and `&#N;`, `&#xH;`.
    private func decode(_ r: Range<Int>) throws(StatementFormatError) -> String {
        guard bytes[r].contains(0x26) else { return String(decoding: bytes[r], as: UTF8.self) }
        var out: [UInt8] = []
        var j = r.lowerBound
        while j < r.upperBound {
            guard bytes[j] == 0x26 else { out.append(bytes[j]); j += 1; continue }
            var k = j + 1
            while k < r.upperBound && bytes[k] != 0x3B && k - j < 12 { k += 1 }
            guard k < r.upperBound, bytes[k] == 0x3B else { throw failure("has an '&' that starts no reference") }
            let name = String(decoding: bytes[(j + 1)..<k], as: UTF8.self)
            var scalar: Unicode.Scalar?
            switch name {
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "amp": scalar = "&"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X") {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#") {
                    scalar = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
                }
            }
            guard let scalar else { throw failure("uses the entity '&\(name);', which is not one of XML's own") }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            j = k + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
