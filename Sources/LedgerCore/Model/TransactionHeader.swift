/// How every writer (add, import, materialize, print, fmt) puts a
/// transaction's code and description on its header line (FORMAT.md §5).
public enum TransactionHeader {
    /// ` (CODE) DESCRIPTION`, or ` DESCRIPTION` without a code. A
    /// description that starts with `(` (`(주)한빛소프트`, as nearly every
    /// Korean company is named), `*` or `!` would read back as a code or a
    /// status, in ledgerc, hledger and ledger alike: it is written after an
    /// empty code, `() (주)한빛소프트`, which all three read as no code and
    /// that description. Empty when both are empty.
    public static func codeAndDescription(code: String?, description: String) -> String {
        var out = ""
        if let code, !code.isEmpty {
            out += " (" + code + ")"
        } else if let first = description.utf8.first, first == UInt8(ascii: "(") || first == UInt8(ascii: "*") || first == UInt8(ascii: "!") {
            out += " ()"
        }
        if !description.isEmpty { out += " " + description }
        return out
    }
}
