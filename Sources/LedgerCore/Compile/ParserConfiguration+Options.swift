extension ParserConfiguration {
    /// The parsers' part of a compile's options.
    init(_ options: CompileOptions) {
        parallelThreshold = options.parallelThreshold
        splitPermille = options.splitPermille
        pieceBytes = options.parallelPieceBytes
        overlay = options.overlay
        files = options.files
        readsInclude = options.readsInclude
        readsPlainDirectly = options.readsPlainTransactionsDirectly
        aliases = options.aliases
        mostPatternSteps = options.mostPatternSteps
    }
}
