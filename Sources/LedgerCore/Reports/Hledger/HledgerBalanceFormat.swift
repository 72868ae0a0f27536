/// hledger 1.25's `--format` for a one-column `balance` (read here, in the
/// request; drawn by `render`, Output/Renderers/HledgerBalanceFormatText.swift): each row drawn
/// from a format string of literal text and fields,
/// `%[-][MIN][.MAX](account|total|depth_spacer)`, as hledger's
/// `StringFormat` reads it and its balance command renders it.
///
/// - A field is right-justified, or left with `-`, padded to MIN and clipped
///   to MAX. `total` is one line per commodity (or one line, commas between,
///   after a leading `%,`); amounts wider than MAX are left out and counted
///   as `N more..`. `depth_spacer` is the row's depth times MIN spaces.
/// - The fields are written one after the other, a multi-line `total`
///   with its line breaks, so that what follows it goes after its last
///   line (as hledger 1.25 writes them; `%^` and `%_` change nothing there).
/// - The total row is the same format with no account; the rule above it is
///   as wide as the columns, or 20 when the format starts with `total`.
package struct HledgerBalanceFormat {
    enum Lines { case bottom, top, one }
    enum Field { case account, total, depthSpacer, other }
    enum Component {
        case literal(String)
        case field(leftJustified: Bool, min: Int, max: Int?, Field)
    }

    let lines: Lines
    let components: [Component]

    /// The format read as hledger reads it; a usage error when it does not read.
    package init(parsing text: String) throws(CommandLineError) {
        var s = Substring(text)
        switch s.prefix(2) {
        case "%^": lines = .top; s = s.dropFirst(2)
        case "%_": lines = .bottom; s = s.dropFirst(2)
        case "%,": lines = .one; s = s.dropFirst(2)
        default: lines = .bottom
        }
        var parts: [Component] = []
        var literal = ""
        func fail() -> CommandLineError { CommandLineError("could not read --format '\(text)': fields are %[-][MIN][.MAX](account|total|depth_spacer), and %% is a percent sign") }
        while let c = s.first {
            guard c == "%" else {
                literal.append(c)
                s = s.dropFirst()
                continue
            }
            if s.hasPrefix("%%") {
                literal.append("%")
                s = s.dropFirst(2)
                continue
            }
            if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
            s = s.dropFirst()
            let left = s.first == "-"
            if left { s = s.dropFirst() }
            let minDigits = s.prefix { $0.isASCII && $0.isNumber }
            s = s.dropFirst(minDigits.count)
            var max: Int?
            if s.first == "." {
                s = s.dropFirst()
                let digits = s.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, let n = Int(digits) else { throw fail() }
                max = n
                s = s.dropFirst(digits.count)
            }
            guard s.first == "(", let close = s.firstIndex(of: ")") else { throw fail() }
            let name = s[s.index(after: s.startIndex)..<close]
            s = s[s.index(after: close)...]
            let field: Field
            switch name {
            case "account": field = .account
            case "total": field = .total
            case "depth_spacer": field = .depthSpacer
            case "date", "description": field = .other
            default:
                guard !name.isEmpty, name.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw fail() }
                field = .other
            }
            guard minDigits.isEmpty || Int(minDigits) != nil else { throw fail() }
            parts.append(.field(leftJustified: left, min: Int(minDigits) ?? 0, max: max, field))
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        components = parts
    }
}
