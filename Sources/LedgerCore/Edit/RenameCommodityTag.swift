/// `ledgerc rename commodity OLD NEW`: the symbol in every amount that
/// writes it (postings', costs', lots', balance assertions', rules'), in `P`,
/// `commodity` (and its `format` line), `D`, `N`, `C` and `split` lines, an
/// automated rule's `cur:OLD`, and a `dividend: OLD` tag. A symbol inside an
/// account name, a description or a comment is left alone. NEW is quoted
/// where it must be (`"S&P 500"`), and where OLD was.
public struct CommodityRename {
    public let old: String
    public let new: String
    /// The edits, in file order; their ranges are also the places the symbol is written (references).
    public private(set) var edits: [TextEdit] = []

    /// The edits of renaming `old` to `new`; nil when the journal has no commodity `old`.
    public init?(_ c: Compilation, old: String, new: String) {
        self.old = old
        self.new = new
        guard !old.isEmpty, c.ledger.journal.commodities.lookup(old) != nil else { return nil }
        let oldBytes = Array(old.utf8), quotedOld = Array("\"\(old)\"".utf8)
        let newBytes = Array(new.utf8), quotedNew = Array("\"\(new)\"".utf8)
        let newNeedsQuotes = new.utf8.contains { !CommodityTable.isSymbolByte($0) }
        // In a query, NEW is a pattern: its regex marks escaped, quoted when it has a space.
        var pattern = ""
        for ch in new { pattern += "\\^$.|?*+()[]{}".contains(ch) ? "\\\(ch)" : "\(ch)" }
        let newPattern = Array((pattern.contains(" ") || pattern.contains("\t") ? "'\(pattern)'" : pattern).utf8)
        var found: [TextEdit] = []
        for (k, file) in c.sources.files.enumerated() {
            file.withBytes { b in
                func symbols(in range: Range<Int>) {
                    forEachAmountPiece(in: b, range) { piece, r in
                        guard case .commodity = piece else { return }
                        if b[r].elementsEqual(oldBytes) {
                            found.append(TextEdit(file: k, range: r, text: newNeedsQuotes ? quotedNew : newBytes))
                        } else if b[r].elementsEqual(quotedOld) {
                            found.append(TextEdit(file: k, range: r, text: quotedNew))
                        }
                    }
                }
                /// `WORD:OLD` in a text (a query's `cur:`), or the value of a `dividend:` tag.
                func word(_ prefix: String, in range: Range<Int>, writing text: [UInt8]) {
                    let p = Array(prefix.utf8)
                    var from = range.lowerBound
                    while let at = b.firstOffset(of: p, from: from, to: range.upperBound) {
                        var s = at + p.count
                        while s < range.upperBound, b[s] == 0x20 { s += 1 }
                        let e = s + oldBytes.count
                        if e <= range.upperBound, b[s..<e].elementsEqual(oldBytes), e == range.upperBound || [0x20, 0x09, 0x2C, 0x29].contains(b[e]),
                           at == range.lowerBound || [0x20, 0x09, 0x3B, 0x2C, 0x28].contains(b[at - 1]) {
                            found.append(TextEdit(file: k, range: s..<e, text: text))
                        }
                        from = at + 1
                    }
                }
                JournalLineReader.forEachLine(in: b) { line in
                    switch line.kind {
                    case .posting:
                        symbols(in: line.rest)
                    case .directive:
                        let keyword = b[line.keyword]
                        if ["P", "commodity", "D", "N", "C", "split"].contains(where: { keyword.elementsEqual($0.utf8) }) {
                            symbols(in: line.rest)
                        } else if keyword.elementsEqual("=".utf8) {
                            word("cur:", in: line.rest, writing: newPattern)
                        }
                    case .indented:
                        // `format 1,000 KRW` under a `commodity` directive.
                        if b[line.head].elementsEqual("format".utf8) { symbols(in: line.rest) }
                    default: break
                    }
                    if line.comment < line.end { word("dividend:", in: line.comment..<line.end, writing: newBytes) }
                }
            }
        }
        edits = found
    }

    /// Why the rename may not be written, or nil: onto an existing commodity
    /// needs `merge`; the journal after it must hold every figure of before
    /// under the new name.
    public func check(_ c: Compilation, merge: Bool, options: CompileOptions) -> (outcome: CheckedEdit.Outcome?, problem: String?) {
        if c.ledger.journal.commodities.lookup(new) != nil, new != old, !merge {
            return (nil, "the journal already has the commodity '\(new)': renaming '\(old)' onto it merges the two; add --merge to do that")
        }
        return AccountRename.checked(c, edits: edits, renaming: .commodity(old: old, new: new), options: options,
                                     changed: "the figures would change under the new name (a symbol the rename cannot see reaches it); nothing was written")
    }
}

/// `ledgerc rename tag OLD NEW`: the tag's name in every comment that
/// writes it (`OLD: value` and `:OLD:`), in its `tag` directive, and in an
/// automated rule's `tag:OLD`. Values are left alone. A tag that ledgerc
/// gives a meaning to (`type`, `할부`, `statement-day`...) is neither
/// renamed nor made.
public struct TagRename {
    public let old: String
    public let new: String
    public private(set) var edits: [TextEdit] = []

    /// Tags with a meaning to ledgerc, or to hledger and ledger: renaming one changes the journal.
    public static let meaningful: Set<String> = [
        "type", "할부", "installments", "statement-day", "payment-day", "paid-from", "booking", "dividend", "generated",
        "repeat", "receipt", "date", "date2", "currency", "account",
    ]

    public init(_ c: Compilation, old: String, new: String) {
        self.old = old
        self.new = new
        let oldBytes = Array(old.utf8), newBytes = Array(new.utf8)
        var found: [TextEdit] = []
        for (k, file) in c.sources.files.enumerated() {
            file.withBytes { b in
                JournalLineReader.forEachLine(in: b) { line in
                    if line.kind == .directive {
                        let keyword = b[line.keyword]
                        if keyword.elementsEqual("tag".utf8), b[line.rest].elementsEqual(oldBytes) {
                            found.append(TextEdit(file: k, range: line.rest, text: newBytes))
                        } else if keyword.elementsEqual("=".utf8) {
                            var from = line.rest.lowerBound
                            let p = Array("tag:".utf8)
                            while let at = b.firstOffset(of: p, from: from, to: line.rest.upperBound) {
                                let s = at + 4, e = s + oldBytes.count
                                if e <= line.rest.upperBound, b[s..<e].elementsEqual(oldBytes),
                                   e == line.rest.upperBound || [0x20, 0x09, 0x3D, 0x29].contains(b[e]) {
                                    found.append(TextEdit(file: k, range: s..<e, text: newBytes))
                                }
                                from = at + 1
                            }
                        }
                    }
                    // Tags are read from `;` comments after a transaction, posting or
                    // directive (a comment line in column 1 holds none).
                    guard line.comment < line.end, b[line.comment] == 0x3B, line.kind != .comment || line.comment > line.start else { return }
                    let comment = UnsafeBufferPointer(rebasing: b[(line.comment + 1)..<line.end])
                    forEachTag(in: comment) { key, _ in
                        if comment[key].elementsEqual(oldBytes) {
                            let at = line.comment + 1 + key.lowerBound
                            found.append(TextEdit(file: k, range: at..<(at + oldBytes.count), text: newBytes))
                        }
                    }
                }
            }
        }
        edits = found
    }

    /// Why the rename may not be written, or nil.
    public func check(_ c: Compilation, options: CompileOptions) -> (outcome: CheckedEdit.Outcome?, problem: String?) {
        for name in [old, new] where TagRename.meaningful.contains(name.lowercased()) {
            return (nil, "the tag '\(name)' has a meaning to ledgerc (or to hledger and ledger): renaming \(name == old ? "it" : "onto it") would change the journal")
        }
        return AccountRename.checked(c, edits: edits, renaming: .none, options: options,
                                     changed: "the figures would change (a tag the journal gives a meaning to); nothing was written")
    }
}

/// What `ledgerc rename` (and the editor's rename) renames.
public enum RenamedKind: String {
    case account, payee, commodity, tag

    /// Why `name` cannot be the new name of a `kind`, or nil.
    public static func problem(withName name: String, _ kind: RenamedKind) -> String? {
        if name.isEmpty || name.unicodeScalars.contains(where: { $0.isUnsafeInTerminal || $0 == "\n" || $0 == "\r" }) {
            return "'\(name)' cannot be a name"
        }
        switch kind {
        case .account:
            if name.contains("  ") || name.contains("\t") || name.hasPrefix(":") || name.hasSuffix(":") || name.hasPrefix(" ") || name.hasSuffix(" ") {
                return "'\(name)' is not an account name"
            }
        case .payee:
            if name.contains("|") || name.contains(";") || name.hasPrefix("(") { return "'\(name)' is not a payee (no '|', ';', or '(' first)" }
        case .commodity:
            if name.contains("\"") || name.contains(";") { return "'\(name)' is not a commodity symbol (no '\"' or ';')" }
        case .tag:
            if name.contains(where: { $0 == " " || $0 == "\t" || $0 == ":" || $0 == "," || $0 == ";" }) {
                return "'\(name)' is not a tag name (no space, ':', ',' or ';')"
            }
        }
        return nil
    }
}
