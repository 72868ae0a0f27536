/// A statement's bytes as UTF-8, the one way `import` and the editor read
/// them: in the rules' `encoding` when they name one, else as they are when
/// they are UTF-8, else as CP949 (what older Korean banks write; a superset
/// of EUC-KR). Nil when they do not convert.
public func statementUTF8(_ bytes: [UInt8], encoding: String?) -> [UInt8]? {
    // A UTF-8 byte-order mark wins over a stale declaration (`charset=euc-kr`
    // in a page re-saved as UTF-8, `encoding cp949` in old rules).
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]), isValidUTF8(bytes) { return bytes }
    if let encoding { return utf8Text(bytes, from: encoding) }
    if isValidUTF8(bytes) { return bytes }
    return utf8Text(bytes, from: "CP949")
}

/// Whether `bytes` are valid UTF-8.
public func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    var it = bytes.makeIterator()
    var decoder = UTF8()
    while true {
        switch decoder.decode(&it) {
        case .scalarValue: continue
        case .emptyInput: return true
        case .error: return false
        }
    }
}
