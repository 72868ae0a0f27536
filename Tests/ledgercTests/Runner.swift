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
    // A command that exits without reading its input makes the write fail
    // (EPIPE): that is the command's business, not the test process's end.
    signal(SIGPIPE, SIG_IGN)
    try process.run()
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
    try? input.fileHandleForWriting.close()
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

/// Compares `actual` with the golden file at `url`. With `LEDGERC_RECORD=1` it
/// writes `actual` there instead and fails, saying so, so that a recording run
/// can never pass as a test run (as swift-argument-parser's `assertSnapshot`).
/// A golden file that is missing fails too, naming the variable to set.
func assertGolden(_ actual: String, at url: URL, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    if ProcessInfo.processInfo.environment["LEDGERC_RECORD"] != nil {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        XCTFail("recorded a new golden file \(url.lastPathComponent); unset LEDGERC_RECORD and run the tests again", file: file, line: line)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("no golden file \(url.path); run once with LEDGERC_RECORD=1 to record it", file: file, line: line)
        return
    }
    XCTAssertEqual(actual, expected, name, file: file, line: line)
}
