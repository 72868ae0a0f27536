/// A bracket class or an escape such as `\d`: ranges of scalars, maybe negated.
struct CharacterClass: Sendable {
    var ranges: [ClosedRange<UInt32>]
    var negated: Bool

    static func isWord(_ v: UInt32) -> Bool {
        if v < 0x80 { return v >= 0x30 && v <= 0x39 || v >= 0x41 && v <= 0x5A || v >= 0x61 && v <= 0x7A || v == 0x5F }
        guard let s = Unicode.Scalar(v) else { return false }
        return s.properties.isAlphabetic || s.properties.numericType != nil
    }

    static func isSpace(_ v: UInt32) -> Bool {
        v == 0x20 || (0x09...0x0D).contains(v) || v == 0xA0 || v == 0x3000 || v == 0x2028 || v == 0x2029
    }

    /// Named sets that are not ranges: `\w`, `\s` and their kin.
    var word = false, space = false

    /// Whether `c` (folded when matching ignores case; `original` as written) is in the class.
    func contains(_ c: UInt32, original: UInt32, folding: Bool) -> Bool {
        var hit = (word && CharacterClass.isWord(original)) || (space && CharacterClass.isSpace(original))
        if !hit {
            for r in ranges where r.contains(c) || r.contains(original) || folding && r.contains(upper(original)) {
                hit = true
                break
            }
        }
        return hit != negated
    }

    private func upper(_ v: UInt32) -> UInt32 {
        if v < 0x80 { return v >= 0x61 && v <= 0x7A ? v - 0x20 : v }
        guard let s = Unicode.Scalar(v) else { return v }
        let up = s.properties.uppercaseMapping.unicodeScalars
        return up.count == 1 ? up.first!.value : v
    }
}

/// The parsed pattern.
indirect enum RegexNode {
    case empty
    case scalar(UInt32)
    case any
    case set(Int)
    case atStart, atEnd
    case wordBoundary(Bool)
    case group(RegexNode, Int?)
    case sequence([RegexNode])
    case alternation([RegexNode])
    case repeated(RegexNode, min: Int, max: Int?, greedy: Bool)

    /// Whether the node compiles to no instruction at all.
    var emitsNothing: Bool {
        switch self {
        case .empty: return true
        case .sequence(let items): return items.allSatisfy(\.emitsNothing)
        case .group(let inner, let capture): return capture == nil && inner.emitsNothing
        case .repeated(let inner, _, let max, _): return max == 0 || inner.emitsNothing
        default: return false
        }
    }
}

/// Reads a pattern's scalars into a `RegexNode` (recursive descent, with
/// a bounded nesting depth).
struct RegexParser {
    let s: [Unicode.Scalar]
    let caseInsensitive: Bool
    var i = 0
    var groups = 0
    var depth = 0
    var classes: [CharacterClass] = []

    init(_ s: [Unicode.Scalar], caseInsensitive: Bool) {
        self.s = s
        self.caseInsensitive = caseInsensitive
    }

    private func fail(_ message: String) -> LinearRegex.SyntaxError { LinearRegex.SyntaxError(message: message) }

    mutating func parseAll() throws(LinearRegex.SyntaxError) -> RegexNode {
        let node = try alternation()
        if i < s.count { throw fail("unbalanced ')' at position \(i + 1)") }
        return node
    }

    private mutating func alternation() throws(LinearRegex.SyntaxError) -> RegexNode {
        depth += 1
        defer { depth -= 1 }
        if depth > 100 { throw fail("groups nested more than 100 deep") }
        var branches = [try sequence()]
        while i < s.count, s[i] == "|" {
            i += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(LinearRegex.SyntaxError) -> RegexNode {
        var items: [RegexNode] = []
        while i < s.count, s[i] != "|", s[i] != ")" {
            var atom = try self.atom()
            atom = try quantified(atom)
            items.append(atom)
        }
        return items.isEmpty ? .empty : items.count == 1 ? items[0] : .sequence(items)
    }

    private mutating func quantified(_ atom: RegexNode) throws(LinearRegex.SyntaxError) -> RegexNode {
        var node = atom
        while i < s.count {
            var lo = 0, hi: Int? = nil
            switch s[i] {
            case "*": (lo, hi) = (0, nil); i += 1
            case "+": (lo, hi) = (1, nil); i += 1
            case "?": (lo, hi) = (0, 1); i += 1
            case "{":
                guard let (a, b, end) = counted(from: i) else { return node }
                (lo, hi) = (a, b)
                i = end
            default: return node
            }
            if case .atStart = node { throw fail("nothing to repeat before a quantifier") }
            var greedy = true
            if i < s.count, s[i] == "?" { greedy = false; i += 1 } else if i < s.count, s[i] == "+" {
                throw fail("possessive quantifiers ('*+', '++') are not supported")
            }
            node = .repeated(node, min: lo, max: hi, greedy: greedy)
        }
        return node
    }

    /// `{n}`, `{n,}`, `{n,m}` at `start`: the bounds and the index after it;
    /// nil when the brace is a literal (as in most engines).
    private func counted(from start: Int) -> (Int, Int?, Int)? {
        var j = start + 1
        func number() -> Int? {
            var n = 0, k = 0
            while j < s.count, let d = Int(String(s[j])), s[j].isASCII { n = min(n * 10 + d, 100_000); j += 1; k += 1 }
            return k > 0 ? n : nil
        }
        guard let a = number() else { return nil }
        var b: Int? = a
        if j < s.count, s[j] == "," {
            j += 1
            b = number()
        }
        guard j < s.count, s[j] == "}" else { return nil }
        if let b, b < a { return nil }
        return (a, b, j + 1)
    }

    private mutating func atom() throws(LinearRegex.SyntaxError) -> RegexNode {
        let c = s[i]
        i += 1
        switch c {
        case ".": return .any
        case "^": return .atStart
        case "$": return .atEnd
        case "[": return .set(try bracket())
        case "(": return try group()
        case "*", "+", "?": throw fail("nothing to repeat before '\(c)' at position \(i)")
        case "\\": return try escape(inClass: false).node
        default: return literal(c.value)
        }
    }

    private mutating func literal(_ v: UInt32) -> RegexNode { .scalar(caseInsensitive ? caseFolded(v) : v) }

    private mutating func group() throws(LinearRegex.SyntaxError) -> RegexNode {
        var capture: Int? = nil
        if i < s.count, s[i] == "?" {
            i += 1
            guard i < s.count else { throw fail("unfinished group") }
            switch s[i] {
            case ":": i += 1
            case "<" where i + 1 < s.count && s[i + 1] != "=" && s[i + 1] != "!", "P", "'":
                // A named group is a numbered one here.
                while i < s.count, s[i] != ">", s[i] != "'" { i += 1 }
                i += 1
                groups += 1
                capture = groups
            case "=", "!", "<":
                throw fail("lookaround ('(?=', '(?!', '(?<=') cannot be matched in linear time and is not supported")
            case "i", "s", "m", "-", "x":
                // Inline flags: matching already ignores case; others change nothing ledgerc relies on.
                while i < s.count, s[i] != ")", s[i] != ":" { i += 1 }
                guard i < s.count else { throw fail("unfinished group") }
                if s[i] == ")" { i += 1; return .empty }
                i += 1
            default:
                throw fail("'(?\(s[i])' is not a group ledgerc reads")
            }
        } else {
            groups += 1
            capture = groups
        }
        let inner = try alternation()
        guard i < s.count, s[i] == ")" else { throw fail("missing ')'") }
        i += 1
        return .group(inner, capture)
    }

    /// An escape after `\`: a node, or (inside a class) the scalar or class it stands for.
    private mutating func escape(inClass: Bool) throws(LinearRegex.SyntaxError) -> (node: RegexNode, scalar: UInt32?, set: CharacterClass?) {
        guard i < s.count else { throw fail("a pattern may not end in '\\'") }
        let c = s[i]
        i += 1
        func set(_ cls: CharacterClass) -> (RegexNode, UInt32?, CharacterClass?) {
            classes.append(cls)
            return (.set(classes.count - 1), nil, cls)
        }
        switch c {
        case "d": return set(CharacterClass(ranges: [0x30...0x39], negated: false))
        case "D": return set(CharacterClass(ranges: [0x30...0x39], negated: true))
        case "w": var k = CharacterClass(ranges: [], negated: false); k.word = true; return set(k)
        case "W": var k = CharacterClass(ranges: [], negated: true); k.word = true; return set(k)
        case "s": var k = CharacterClass(ranges: [], negated: false); k.space = true; return set(k)
        case "S": var k = CharacterClass(ranges: [], negated: true); k.space = true; return set(k)
        case "b" where !inClass: return (.wordBoundary(true), nil, nil)
        case "B" where !inClass: return (.wordBoundary(false), nil, nil)
        case "A" where !inClass: return (.atStart, nil, nil)
        case "z" where !inClass, "Z" where !inClass: return (.atEnd, nil, nil)
        case "t": return (literal(0x09), 0x09, nil)
        case "n": return (literal(0x0A), 0x0A, nil)
        case "r": return (literal(0x0D), 0x0D, nil)
        case "f": return (literal(0x0C), 0x0C, nil)
        case "v": return (literal(0x0B), 0x0B, nil)
        case "1"..."9" where !inClass:
            throw fail("backreferences ('\\\(c)') cannot be matched in linear time and are not supported")
        case "x":
            var v: UInt32 = 0, k = 0
            let braced = i < s.count && s[i] == "{"
            if braced { i += 1 }
            while i < s.count, k < (braced ? 6 : 2), let h = s[i].hexValue { v = v * 16 + h; i += 1; k += 1 }
            if braced { guard i < s.count, s[i] == "}" else { throw fail("unfinished '\\x{'") }; i += 1 }
            guard k > 0, Unicode.Scalar(v) != nil else { throw fail("'\\x' needs hexadecimal digits") }
            return (literal(v), v, nil)
        default:
            if c.properties.isAlphabetic && c.isASCII { throw fail("'\\\(c)' is not an escape ledgerc reads") }
            return (literal(c.value), c.value, nil)
        }
    }

    private static let posixClasses: [String: [ClosedRange<UInt32>]] = [
        "alpha": [0x41...0x5A, 0x61...0x7A], "digit": [0x30...0x39], "alnum": [0x30...0x39, 0x41...0x5A, 0x61...0x7A],
        "upper": [0x41...0x5A], "lower": [0x61...0x7A], "space": [0x09...0x0D, 0x20...0x20], "blank": [0x09...0x09, 0x20...0x20],
        "punct": [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E], "xdigit": [0x30...0x39, 0x41...0x46, 0x61...0x66],
        "cntrl": [0x00...0x1F, 0x7F...0x7F], "print": [0x20...0x7E], "graph": [0x21...0x7E], "word": [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A],
    ]

    /// A bracket class, after its `[`; its index among `classes`.
    private mutating func bracket() throws(LinearRegex.SyntaxError) -> Int {
        var cls = CharacterClass(ranges: [], negated: false)
        if i < s.count, s[i] == "^" { cls.negated = true; i += 1 }
        var first = true
        while true {
            guard i < s.count else { throw fail("missing ']'") }
            let c = s[i]
            if c == "]" && !first { i += 1; break }
            first = false
            var low: UInt32
            if c == "[", i + 1 < s.count, s[i + 1] == ":" {
                let nameStart = i + 2
                var j = nameStart
                while j + 1 < s.count, !(s[j] == ":" && s[j + 1] == "]") { j += 1 }
                let name = String(String.UnicodeScalarView(s[nameStart..<min(j, s.count)]))
                guard j + 1 < s.count, let ranges = RegexParser.posixClasses[name] else { throw fail("'[:\(name):]' is not a character class") }
                cls.ranges += ranges
                i = j + 2
                continue
            }
            i += 1
            if c == "\\" {
                let e = try escape(inClass: true)
                if let inner = e.set {
                    _ = classes.popLast()
                    if inner.negated { throw fail("a negated class ('\\D', '\\W', '\\S') inside brackets is not supported") }
                    cls.ranges += inner.ranges
                    cls.word = cls.word || inner.word
                    cls.space = cls.space || inner.space
                    continue
                }
                low = e.scalar!
            } else {
                low = c.value
            }
            if i + 1 < s.count, s[i] == "-", s[i + 1] != "]" {
                i += 1
                var high = s[i].value
                i += 1
                if s[i - 1] == "\\" {
                    guard let v = try escape(inClass: true).scalar else { throw fail("a class cannot end a range") }
                    high = v
                }
                guard low <= high else { throw fail("the range '\(Unicode.Scalar(low)!)-\(Unicode.Scalar(high)!)' is backwards") }
                cls.ranges.append(low...high)
            } else {
                cls.ranges.append(low...low)
            }
        }
        classes.append(cls)
        return classes.count - 1
    }
}

/// Turns a `RegexNode` into instructions.
struct RegexCompiler {
    var program: [Instruction] = []
    var classes: [CharacterClass]

    init(classes: [CharacterClass]) { self.classes = classes }

    mutating func emit(_ i: Instruction) { program.append(i) }

    mutating func emitCode(for node: RegexNode) throws(LinearRegex.SyntaxError) {
        if program.count > LinearRegex.maxInstructions {
            throw LinearRegex.SyntaxError(message: "the pattern is too large: its repetitions expand past \(LinearRegex.maxInstructions) steps (a{1000} is 1,000 steps); ledgerc matches each character against every step, so it refuses more")
        }
        switch node {
        case .empty: break
        case .scalar(let v): emit(.scalar(v))
        case .any: emit(.any)
        case .set(let k): emit(.set(k))
        case .atStart: emit(.atStart)
        case .atEnd: emit(.atEnd)
        case .wordBoundary(let b): emit(.wordBoundary(b))
        case .group(let inner, let capture):
            if let capture { emit(.save(2 * capture)) }
            try emitCode(for: inner)
            if let capture { emit(.save(2 * capture + 1)) }
        case .sequence(let items):
            for item in items { try emitCode(for: item) }
        case .alternation(let branches):
            var jumps: [Int] = []
            for (k, branch) in branches.enumerated() {
                if k < branches.count - 1 {
                    let split = program.count
                    emit(.split(split + 1, -1))
                    try emitCode(for: branch)
                    jumps.append(program.count)
                    emit(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emitCode(for: branch)
                }
            }
            for j in jumps { program[j] = .jump(program.count) }
        case .repeated(let inner, let lo, let hi, let greedy):
            // A part that emits nothing (`x{0}`) repeated is nothing, however
            // often (nested counts multiply: a fuzz finding); each repetition
            // of anything else adds instructions, so the bound below ends it.
            if inner.emitsNothing || hi == 0 { return }
            for _ in 0..<lo {
                try emitCode(for: inner)
                if program.count > LinearRegex.maxInstructions { return }
            }
            if let hi {
                // Up to hi − lo more, each optional.
                var splits: [Int] = []
                for _ in lo..<max(lo, hi) {
                    splits.append(program.count)
                    emit(.split(-1, -1))
                    try emitCode(for: inner)
                    if program.count > LinearRegex.maxInstructions { break }
                }
                for k in splits { program[k] = greedy ? .split(k + 1, program.count) : .split(program.count, k + 1) }
            } else {
                // A star: split → inner → jump back.
                let split = program.count
                emit(.split(-1, -1))
                try emitCode(for: inner)
                emit(.jump(split))
                program[split] = greedy ? .split(split + 1, program.count) : .split(program.count, split + 1)
            }
        }
    }
}

extension Unicode.Scalar {
    /// The value of a hexadecimal digit.
    var hexValue: UInt32? {
        switch value {
        case 0x30...0x39: return value - 0x30
        case 0x41...0x46: return value - 0x37
        case 0x61...0x66: return value - 0x57
        default: return nil
        }
    }
}
