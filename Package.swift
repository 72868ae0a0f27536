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
        .target(name: "LedgerCore", dependencies: ["LedgerSystem"]),
        // The system calls Swift cannot make itself (`mremap`, which takes
        // a variable number of arguments): a few lines of C.
        .target(name: "LedgerSystem"),
        // The command-line tool: turns arguments into calls and exit codes.
        // Released, the tool carries the Swift runtime in itself: it starts
        // in a third of the time (no libraries to load and relocate), which
        // is a tenth of a `check` of 100,000 transactions. The flag is the
        // one `swift build --static-swift-stdlib` passes; on this target
        // only, so that the LedgerCore library stays usable by other packages.
        .executableTarget(name: "ledgerc", dependencies: ["LedgerCore"],
                          linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(platforms: [.linux], configuration: .release))]),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore"]),
        // End-to-end tests run the built `ledgerc` binary; their fixtures are
        // read from the repository by path, never bundled.
        .testTarget(name: "ledgercTests", dependencies: ["ledgerc"],
                    exclude: ["Golden", "Budget", "Cards", "Diff", "Import", "Lists", "Rename", "Returns", "Valuation"]),
    ]
)
