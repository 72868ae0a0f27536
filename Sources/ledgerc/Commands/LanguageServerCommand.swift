import LedgerCore

/// `ledgerc lsp`: the language server over standard input and output.
enum LanguageServerCommand: Subcommand {
    static let help = """
    ledgerc lsp: a Language Server for editors (LSP 3.17 over stdin/stdout)

    USAGE: ledgerc lsp

    Speaks JSON-RPC with Content-Length framing on standard input and output:
    diagnostics as you type (open buffers take the place of the files on
    disk), completion of accounts, payees, commodities and directives,
    formatting (as 'ledgerc fmt'), hover (an account's balance, a rule's
    occurrences, an elided amount, a commodity's price), go to definition,
    document symbols and quick fixes. Positions count UTF-16 code units
    unless the client offers utf-8. See docs/EDITORS.md for editor setup.

    Repeat rules are expanded to today (LEDGERC_TODAY pins it). The server
    never exits on bad input; 'shutdown' then 'exit' end it with status 0.

    """

    static func run(_ args: [String]) throws -> Int {
        if let extra = args.first { throw UsageError(message: "unexpected argument '\(extra)'") }
        let server = LanguageServer(today: try currentDate())
        return Int(server.run(MessageChannel()))
    }
}
