/// A regular expression matched in time linear in the text (a Pike VM over
/// a Thompson NFA), never by backtracking: `if .*AMAZON.*PRIME` on a long
/// field or `^(a+)+$` cannot hang the command line or the language server.
/// Every pattern a user or a file gives ledgerc (CSV rules' `if`, `--account
/// /.../`, automated transactions' `= /.../`, `alias /.../`) is one of these.
///
/// Which text matches is the same as a backtracking engine's; where a match
/// ends can differ in one corner, as in RE2: a repeated group whose body can
/// match nothing (`(a|b??)*`) stops where a backtracking engine would take an
/// empty pass as the loop's end.
///
/// The syntax is the common part of POSIX ERE and Perl's: literals and
/// escapes (`\.`, `\t`, `\d \w \s` and their negations, `\b \B`), `.`,
/// bracket classes (ranges, `^`, `[:alpha:]`...), groups `( )`, `(?: )`,
/// `(?<name> )`, alternation, `* + ? {n} {n,} {n,m}` (and their lazy forms),
/// and the anchors `^ $ \A \z`. Backreferences and lookaround cannot be
/// matched in linear time: they are a syntax error that says so. Matching
/// is case-insensitive unless asked otherwise, as hledger's is.
public struct LinearRegex: Sendable {
    /// The pattern as given.
    public let pattern: String
    let program: [Instruction]
    let classes: [CharacterClass]
    /// Capture groups, group 0 (the whole match) included.
    public let groupCount: Int
    let caseInsensitive: Bool

    /// Why a pattern is not one: the message names the part.
    public struct SyntaxError: Error, Sendable {
        public var message: String
    }

    /// The largest program a pattern may compile to (counted repetition
    /// copies its operand): bounds both memory and the time per character,
    /// which is at most one step per instruction. A rule's or an alias's
    /// pattern is a few dozen; `(((a{10}){10}){10}){10}` is 10,000, which
    /// over a megabyte of names took minutes (issue 56).
    static let maxInstructions = 1_000

    public init(_ pattern: String, caseInsensitive: Bool = true) throws(SyntaxError) {
        self.pattern = pattern
        self.caseInsensitive = caseInsensitive
        var parser = RegexParser(Array(pattern.unicodeScalars), caseInsensitive: caseInsensitive)
        let node = try parser.parseAll()
        var compiler = RegexCompiler(classes: parser.classes)
        compiler.emit(.save(0))
        try compiler.emitCode(for: node)
        if compiler.program.count > LinearRegex.maxInstructions {
            throw SyntaxError(message: "the pattern is too large: its repetitions expand past \(LinearRegex.maxInstructions) steps (a{1000} is 1,000 steps); ledgerc matches each character against every step, so it refuses more")
        }
        compiler.emit(.save(1))
        compiler.emit(.match)
        program = compiler.program
        classes = compiler.classes
        groupCount = parser.groups + 1
    }

    /// A match: the range of each group in the text's scalars (nil for a
    /// group that took no part), group 0 the whole match.
    public struct Match: Sendable {
        public var groups: [Range<Int>?]
    }

    /// Whether the pattern matches somewhere in `text`.
    public func matches(_ text: String) -> Bool {
        var unbounded = Int.max
        return matchesSomewhere(RegexInput(text, folding: caseInsensitive), work: &unbounded)
    }

    /// Whether the pattern matches somewhere in `text`, taking from `work`
    /// the states it stepped (one a character at least). Where `work` runs
    /// below zero the matching stops, and says no: the caller reports it.
    package func matches(_ text: String, work: inout Int) -> Bool {
        matchesSomewhere(RegexInput(text, folding: caseInsensitive), work: &work)
    }

    /// `matches(_:work:)` of a text made ready once, for a text many patterns ask (an account name).
    func matches(_ input: RegexInput, work: inout Int) -> Bool {
        guard input.isFolded == caseInsensitive else {
            return matchesSomewhere(RegexInput(String(String.UnicodeScalarView(input.original)), folding: caseInsensitive), work: &work)
        }
        return matchesSomewhere(input, work: &work)
    }

    /// The leftmost match in `text`, as a backtracking engine would choose
    /// it (greedy and lazy quantifiers keep their priorities), from scalar `start`.
    public func firstMatch(in text: String, from start: Int = 0) -> Match? {
        search(RegexInput(text, folding: caseInsensitive), from: start, captures: true)
    }

    /// `text` with every non-overlapping match replaced by what `replacement`
    /// makes of it (given the text of each group).
    public func replacingMatches(in text: String, with replacement: ([Substring?]) -> String) -> String {
        var unbounded = Int.max
        return replacingMatches(in: text, work: &unbounded, with: replacement)
    }

    /// `replacingMatches(in:with:)`, taking its work from `work` as
    /// `matches(_:work:)` does (a text that matches is charged the whole
    /// program for each of its characters besides); the text is left as it
    /// is where `work` runs out.
    package func replacingMatches(in text: String, work: inout Int, with replacement: ([Substring?]) -> String) -> String {
        let input = RegexInput(text, folding: caseInsensitive)
        // Most texts hold no match: told without keeping any group's place.
        guard matchesSomewhere(input, work: &work) else { return text }
        work -= program.count * (input.folded.count + 1)
        guard work >= 0 else { return text }
        let scalars = input.original
        var out = String.UnicodeScalarView(), at = 0, copied = 0
        while at <= scalars.count, let m = search(input, from: at, captures: true), let whole = m.groups[0] {
            out.append(contentsOf: scalars[copied..<whole.lowerBound])
            let parts: [Substring?] = m.groups.map { r in r.map { Substring(String(String.UnicodeScalarView(scalars[$0]))) } }
            out.append(contentsOf: replacement(parts).unicodeScalars)
            copied = whole.upperBound
            at = whole.isEmpty ? whole.upperBound + 1 : whole.upperBound
            if whole.isEmpty && whole.upperBound < scalars.count { out.append(scalars[whole.upperBound]); copied += 1 }
        }
        if copied < scalars.count { out.append(contentsOf: scalars[copied...]) }
        return String(out)
    }

    /// Whether the pattern matches somewhere in `input`: the NFA's states as
    /// a set of program counters stepped one character at a time, with no
    /// group places to copy (what `matches` and the first test of a
    /// replacement need). The work per character is bounded by the program's size.
    private func matchesSomewhere(_ input: RegexInput, work: inout Int) -> Bool {
        let n = input.folded.count
        var current = PCSet(size: program.count), next = PCSet(size: program.count)
        var stack: [Int] = []
        /// Adds `pc0` and what it reaches without a character; true when that reaches `.match`.
        func add(_ set: inout PCSet, _ pc0: Int, at pos: Int) -> Bool {
            stack.append(pc0)
            while let pc = stack.popLast() {
                guard set.insert(pc) else { continue }
                switch program[pc] {
                case .jump(let to): stack.append(to)
                case .split(let first, let second): stack.append(second); stack.append(first)
                case .save: stack.append(pc + 1)
                case .atStart: if pos == 0 { stack.append(pc + 1) }
                case .atEnd: if pos == n { stack.append(pc + 1) }
                case .wordBoundary(let wanted):
                    let before = pos > 0 && input.isWord(pos - 1), after = pos < n && input.isWord(pos)
                    if (before != after) == wanted { stack.append(pc + 1) }
                case .match:
                    stack.removeAll(keepingCapacity: true)
                    return true
                default: set.members.append(pc)
                }
            }
            return false
        }
        var pos = 0
        while true {
            if add(&current, 0, at: pos) { return true }
            if pos >= n { return false }
            work -= current.members.count + 1
            if work < 0 { return false }
            next.clear()
            let c = input.folded[pos]
            for pc in current.members {
                let takes: Bool
                switch program[pc] {
                case .scalar(let s): takes = c == s
                case .any: takes = c != 0x0A
                case .set(let k): takes = classes[k].contains(c, original: input.original[pos].value, folding: caseInsensitive)
                default: takes = false
                }
                if takes, add(&next, pc + 1, at: pos + 1) { return true }
            }
            swap(&current, &next)
            pos += 1
        }
    }

    /// The Pike VM: every thread advances one character at a time, in
    /// priority order; a position's threads are a set, so the work per
    /// character is bounded by the program's size.
    private func search(_ input: RegexInput, from start: Int, captures: Bool) -> Match? {
        let n = input.folded.count
        guard start <= n else { return nil }
        let slots = captures ? groupCount * 2 : 2
        var current = ThreadList(size: program.count), next = ThreadList(size: program.count)
        var matched: [Int]?
        var pos = start
        // The threads of one step, with the stack of the closure walk kept between steps.
        var stack: [(pc: Int, caps: [Int])] = []
        func add(_ list: inout ThreadList, _ pc0: Int, _ caps0: [Int], at pos: Int) {
            stack.append((pc0, caps0))
            while let (pc, caps) = stack.popLast() {
                guard list.insert(pc) else { continue }
                switch program[pc] {
                case .jump(let to): stack.append((to, caps))
                case .split(let first, let second):
                    // The first is tried first: pushed last.
                    stack.append((second, caps))
                    stack.append((first, caps))
                case .save(let slot):
                    var c = caps
                    if slot < c.count { c[slot] = pos }
                    stack.append((pc + 1, c))
                case .atStart:
                    if pos == 0 { stack.append((pc + 1, caps)) }
                case .atEnd:
                    if pos == n { stack.append((pc + 1, caps)) }
                case .wordBoundary(let wanted):
                    let before = pos > 0 && input.isWord(pos - 1), after = pos < n && input.isWord(pos)
                    if (before != after) == wanted { stack.append((pc + 1, caps)) }
                default:
                    list.members.append((pc, caps))
                }
            }
        }
        let empty = [Int](repeating: -1, count: slots)
        while true {
            // A new thread at each position until a match is found (lowest priority).
            if matched == nil { add(&current, 0, empty, at: pos) }
            // No thread left: done once a match is found (or the text ends); else on to the next position.
            if current.members.isEmpty && (matched != nil || pos >= n) { break }
            next.clear()
            let c: UInt32? = pos < n ? input.folded[pos] : nil
            threads: for (pc, caps) in current.members {
                switch program[pc] {
                case .match:
                    matched = caps
                    // The threads of lower priority in this step are cut off.
                    break threads
                case .scalar(let s):
                    if c == s { add(&next, pc + 1, caps, at: pos + 1) }
                case .any:
                    if let c, c != 0x0A { add(&next, pc + 1, caps, at: pos + 1) }
                case .set(let k):
                    if let c, classes[k].contains(c, original: input.original[pos].value, folding: caseInsensitive) { add(&next, pc + 1, caps, at: pos + 1) }
                default:
                    break
                }
            }
            if !captures, matched != nil { break }
            if pos >= n { break }
            swap(&current, &next)
            pos += 1
        }
        guard let caps = matched else { return nil }
        var groups: [Range<Int>?] = []
        for g in 0..<(slots / 2) {
            let a = caps[2 * g], b = caps[2 * g + 1]
            groups.append(a >= 0 && b >= a ? a..<b : nil)
        }
        return Match(groups: groups)
    }
}

/// One instruction of the program.
enum Instruction: Sendable {
    case scalar(UInt32)
    case any
    case set(Int)
    case split(Int, Int)
    case jump(Int)
    case save(Int)
    case atStart
    case atEnd
    case wordBoundary(Bool)
    case match
}

/// The states of one step: a sparse set of program counters, each member
/// (a thread with its group places, or the counter alone) in the order added.
private struct StepSet<Member> {
    var seen: [Int]
    var generation = 1
    var members: [Member] = []

    init(size: Int) { seen = [Int](repeating: 0, count: size) }

    mutating func insert(_ pc: Int) -> Bool {
        if seen[pc] == generation { return false }
        seen[pc] = generation
        return true
    }

    mutating func clear() {
        generation += 1
        members.removeAll(keepingCapacity: true)
    }
}

/// A thread of the Pike VM: where it is and its group places.
private typealias ThreadList = StepSet<(pc: Int, caps: [Int])>
/// The states of the search without group places.
private typealias PCSet = StepSet<Int>

/// The text as scalars, and as folded scalars when matching ignores case.
struct RegexInput {
    let original: [Unicode.Scalar]
    let folded: [UInt32]
    let isFolded: Bool

    init(_ text: String, folding: Bool) {
        original = Array(text.unicodeScalars)
        folded = original.map { folding ? caseFolded($0.value) : $0.value }
        isFolded = folding
    }

    func isWord(_ i: Int) -> Bool { CharacterClass.isWord(original[i].value) }
}

/// The simple lower-case form of a scalar (ASCII at once; Hangul has no case).
func caseFolded(_ v: UInt32) -> UInt32 {
    if v < 0x80 { return v >= 0x41 && v <= 0x5A ? v + 0x20 : v }
    if v >= 0xAC00 && v <= 0xD7A3 { return v }
    guard let s = Unicode.Scalar(v) else { return v }
    let lower = s.properties.lowercaseMapping.unicodeScalars
    return lower.count == 1 ? lower.first!.value : v
}
