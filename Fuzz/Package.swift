// swift-tools-version:5.3
// The fuzzer of ledgerc: a separate package so that the main one keeps no
// sanitizer settings. Build and run it with Scripts/fuzz.
import PackageDescription

let package = Package(
    name: "LedgerFuzz",
    dependencies: [.package(name: "ledgerc", path: "..")],
    targets: [
        .target(name: "LedgerFuzz", dependencies: [.product(name: "LedgerCore", package: "ledgerc")]),
    ]
)
