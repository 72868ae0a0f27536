// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ledgerc",
    // `Int128` and typed throws need macOS 15; Linux needs no entry.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ledgerc", targets: ["ledgerc"]),
        .library(name: "LedgerCore", targets: ["LedgerCore"]),
    ],
    dependencies: [],
    targets: [
        // Everything but argument parsing: source, diagnostics, lexer, parser,
        // checker, expander, reports and writers.
        // No unsafe flags, so that other packages can depend on LedgerCore: the
        // classes that walk their own state (the parser, the check stream, the
        // diagnostics engine) mark their stored properties
        // `@exclusivity(unchecked)` instead of turning the checks off everywhere.
        .target(name: "LedgerCore"),
        // The command-line tool: turns arguments into calls and exit codes.
        .executableTarget(name: "ledgerc", dependencies: ["LedgerCore"]),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore"]),
        // End-to-end tests run the built `ledgerc` binary.
        .testTarget(name: "ledgercTests", dependencies: ["ledgerc"], exclude: ["Golden"]),
    ]
)
