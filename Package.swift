// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ledgerc",
    products: [
        .executable(name: "ledgerc", targets: ["ledgerc"]),
        .library(name: "LedgerCore", targets: ["LedgerCore"]),
    ],
    dependencies: [],
    targets: [
        // Everything but argument parsing: source, diagnostics, lexer, parser,
        // checker, expander, reports and writers.
        .target(
            name: "LedgerCore",
            // The parser is a class walking its own state: dynamic exclusivity
            // checks cost ~6% of a compile and guard nothing shared.
            swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]
        ),
        // The command-line tool: turns arguments into calls and exit codes.
        .executableTarget(name: "ledgerc", dependencies: ["LedgerCore"]),
        .testTarget(name: "LedgerCoreTests", dependencies: ["LedgerCore"]),
        // End-to-end tests run the built `ledgerc` binary.
        .testTarget(name: "ledgercTests", dependencies: ["ledgerc"], exclude: ["Golden"]),
    ]
)
