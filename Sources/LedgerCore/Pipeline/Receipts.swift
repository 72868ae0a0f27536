// Receipts: a `receipt:` tag names a file (a photo of the receipt) relative
// to the journal that holds the transaction.

/// Where a receipt named in `file` is on disk: relative to the file's folder.
public func receiptPath(_ receipt: String, in file: String) -> String {
    if receipt.hasPrefix("/") { return receipt }
    guard let slash = file.lastIndex(of: "/") else { return receipt }
    return String(file[...slash]) + receipt
}

/// Stage 2b: a receipt that names no file is a warning at its transaction.
func checkReceipts(_ journal: Journal, sources: SourceManager, diagnostics: DiagnosticEngine) {
    for t in journal.transactions {
        guard let r = t.receipt else { continue }
        let path = receiptPath(r, in: sources[t.location.file].path)
        if FileIO.identity(of: path) == nil { diagnostics.warning(Messages.receiptMissing(r, path), at: t.location) }
    }
}
