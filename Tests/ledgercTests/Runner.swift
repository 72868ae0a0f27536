import Foundation
import XCTest

/// The repository's root, found from this file's place.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The built `ledgerc` beside the test bundle.
let ledgercBinary: URL = {
    let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for candidate in [dir, dir.deletingLastPathComponent()] {
        let url = candidate.appendingPathComponent("ledgerc")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return repositoryRoot.appendingPathComponent(".build/debug/ledgerc")
}()

struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `ledgerc` from the repository root with a pinned today and no LEDGER_FILE.
func runLedgerc(_ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: URL = repositoryRoot) throws -> RunResult {
    let process = Process()
    process.executableURL = ledgercBinary
    process.arguments = args
    process.currentDirectoryURL = cwd
    var environment = ProcessInfo.processInfo.environment
    environment["LEDGERC_TODAY"] = "2025-12-31"
    environment.removeValue(forKey: "LEDGER_FILE")
    environment["NO_COLOR"] = "1"
    for (k, v) in env { environment[k] = v }
    process.environment = environment
    // Output goes to files, so a large output can never block the child.
    let dir = FileManager.default.temporaryDirectory
    let outURL = dir.appendingPathComponent("ledgerc-out-\(UUID().uuidString)")
    let errURL = dir.appendingPathComponent("ledgerc-err-\(UUID().uuidString)")
    FileManager.default.createFile(atPath: outURL.path, contents: nil)
    FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer {
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return RunResult(status: process.terminationStatus,
                     stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                     stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// A fresh temporary directory, removed at the end of the test.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}
