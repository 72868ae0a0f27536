/// Where the parser hands each recorded transaction it reads, before the
/// journal keeps it. Without a sink the journal keeps every transaction
/// whole. The streaming check (`CheckStream`) is a sink that checks what it
/// can as it is read and keeps only its balance events, so that `check` of a
/// large journal holds little in memory. No stage after the parser names the
/// sink: they read `Journal.letGo`.
protocol EntrySink: AnyObject {
    /// Takes a transaction just read: true when the journal must keep it
    /// whole, false when the sink has checked it and kept what it needs.
    /// With `header`, the transaction's code, description and comment are
    /// still bytes of its file (and empty in `t`; the parser fills them in
    /// when the transaction is kept).
    func offer(_ t: inout Transaction, header: HeaderBytes?, broken: Bool, tradedPairs: Set<AccountCommodity>) -> Bool
    /// Whether `offer` reads a header from its bytes: then the parser makes
    /// strings of a header only for the transactions the sink keeps whole.
    var readsHeaderBytes: Bool { get }
    /// Makes room for what this many more bytes of input can hold.
    /// `inPages`: in pages of its own (a file's read for a check; `PagedArray`).
    func makeRoom(forBytes bytes: Int, inPages: Bool)
    /// A sink for a second parser reading the rest of the same file.
    func makeSecond() -> any EntrySink
    /// Takes in what a second parser's sink took, after everything this one took.
    /// `consuming`: the other sink is not read again (what it holds is moved here, not copied, where it can be).
    /// `remapped`: what the last compile made of a kept chunk's stream (`LetGoTransactions.absorb`).
    func absorb(_ other: any EntrySink, accounts: [Int32], commodities: [Int32], consuming: Bool, remapped: Guarded<RemappedLetGo?>?)
    /// What the sink let go of, for the stages after the parser.
    var letGo: LetGoTransactions { get }

    // Plain transactions are read straight into `letGo` (`Parser+PlainTransactions.swift`,
    // `LetGoTransactions.takePlain`), unless:

    /// Whether a movement of `commodity` in `account` moves a traded
    /// position (then the transaction is offered whole).
    func movesTradedPosition(_ account: Int32, _ commodity: Int32, _ tradedPairs: Set<AccountCommodity>) -> Bool
}

/// A transaction header's code, description and comment where they stand in
/// the file, before any of them is made a string.
struct HeaderBytes {
    let file: UnsafeBufferPointer<UInt8>
    let parts: Lexer.HeaderParts

    /// The payee as `Transaction.payee` reads it: the description before `|`, trimmed.
    var payee: UnsafeBufferPointer<UInt8> {
        let d = parts.description
        guard !d.isEmpty, let bar = Lexer.first(0x7C, in: file, from: d.lowerBound, to: d.upperBound) else {
            return UnsafeBufferPointer(rebasing: file[d])
        }
        var start = d.lowerBound, end = bar
        while start < end, file[start] == 0x20 || file[start] == 0x09 { start += 1 }
        while end > start, file[end - 1] == 0x20 || file[end - 1] == 0x09 { end -= 1 }
        return UnsafeBufferPointer(rebasing: file[start..<end])
    }

    /// The comment's bytes (empty when there is none).
    var comment: UnsafeBufferPointer<UInt8> {
        parts.comment.map { UnsafeBufferPointer(rebasing: file[$0]) } ?? UnsafeBufferPointer(start: nil, count: 0)
    }

    /// Makes strings of the header's parts in `t`, as the parser would have.
    func fill(_ t: inout Transaction) {
        if let code = parts.code { t.code = text(code) }
        t.description = text(parts.description)
        if let comment = parts.comment { t.comment = text(comment) }
    }

    private func text(_ r: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: file[r]), as: UTF8.self)
    }
}
