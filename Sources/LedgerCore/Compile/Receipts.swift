// Receipts: a `receipt:` tag names a file (a photo of the receipt) relative
// to the journal that holds the transaction. The tag is text someone wrote,
// or an import copied from a statement: untrusted. Only a relative file path
// is ever a link.

/// Where a receipt named in `file` is on disk: relative to the file's folder.
public func receiptPath(_ receipt: String, in file: String) -> String {
    if receipt.hasPrefix("/") { return receipt }
    guard let slash = file.lastIndex(of: "/") else { return receipt }
    return String(file[...slash]) + receipt
}

/// True when a receipt names a file relative to its journal: no scheme
/// (`javascript:`, `data:`, `http:`, `C:`), not absolute (`/`, `\`, `~`),
/// no control character, not empty.
public func isRelativeFilePath(_ receipt: String) -> Bool {
    let bytes = Array(receipt.utf8)
    guard let first = bytes.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "\\"), first != UInt8(ascii: "~") else { return false }
    if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return false }
    // A scheme: letters, digits, `+`, `-`, `.` up to the first `:`, before any `/`.
    for b in bytes {
        if b == UInt8(ascii: ":") { return false }
        if b == UInt8(ascii: "/") { break }
    }
    return true
}

/// The link to a receipt for a page written beside where ledgerc ran: the
/// path percent-encoded (every byte but letters, digits, `-._~` and `/`, so
/// no `:` can make a scheme), or nil for a receipt that is no relative file path.
public func receiptLink(_ receipt: String, in file: String) -> String? {
    guard isRelativeFilePath(receipt) else { return nil }
    var link = ""
    var lastWasSlash = false
    for b in receiptPath(receipt, in: file).utf8 {
        // `//host` would be a link to another machine: slashes are collapsed.
        if b == UInt8(ascii: "/") {
            if lastWasSlash { continue }
            lastWasSlash = true
        } else {
            lastWasSlash = false
        }
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            link.unicodeScalars.append(Unicode.Scalar(b))
        default:
            link += "%" + String(b >> 4, radix: 16, uppercase: true) + String(b & 0xF, radix: 16, uppercase: true)
        }
    }
    return link
}

/// Stage 2b: a receipt that names no file, or is no relative file path, is a
/// warning at its transaction.
func checkReceipts(_ journal: Journal, sources: SourceManager, diagnostics: DiagnosticEngine) {
    // Read in place: few transactions have a receipt, and a copy of each would cost more.
    journal.transactions.withUnsafeBufferPointer { all in
        let named = chunkedIndices(count: all.count, parts: journal.chunkParts, key: "receipt") {
            Transaction.receipt(comment: all[$0].comment, postings: all[$0].postings) != nil
        }
        for i in named {
            guard let r = Transaction.receipt(comment: all[i].comment, postings: all[i].postings) else { continue }
            let location = all[i].location
            guard isRelativeFilePath(r) else {
                diagnostics.warning(Messages.receiptNotAFile(r), at: location)
                continue
            }
            let path = receiptPath(r, in: sources[location.file].path)
            if FileIO.identity(of: path) == nil { diagnostics.warning(Messages.receiptMissing(r, path), at: location) }
        }
    }
}
