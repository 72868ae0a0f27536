/// Where the parser hands each recorded transaction it reads, before the
/// journal keeps it. Without a sink the journal keeps every transaction
/// whole. The streaming check (`CheckStream`) is a sink that checks what it
/// can as it is read and keeps only its balance events, so that `check` of a
/// large journal holds little in memory. No stage after the parser names the
/// sink: they read `Journal.letGo`.
protocol EntrySink: AnyObject {
    /// Takes a transaction just read: true when the journal must keep it
    /// whole, false when the sink has checked it and kept what it needs.
    func offer(_ t: inout Transaction, broken: Bool, tradedPairs: Set<AccountCommodity>) -> Bool
    /// Makes room for what this many more bytes of input can hold.
    func makeRoom(forBytes bytes: Int)
    /// A sink for a second parser reading the rest of the same file.
    func makeSecond() -> any EntrySink
    /// Takes in what a second parser's sink took, after everything this one took.
    /// `consuming`: the other sink is not read again (its memory is given back as it is copied).
    func absorb(_ other: any EntrySink, accounts: [Int32], commodities: [Int32], consuming: Bool)
    /// What the sink let go of, for the stages after the parser.
    var letGo: LetGoTransactions { get }
}
