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
/// Output goes to files, so a large output can never block the child; a run
/// that takes over five minutes is killed and fails the test.
func runLedgerc(_ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: URL = repositoryRoot,
                file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
    var environment = ProcessInfo.processInfo.environment
    environment["LEDGERC_TODAY"] = "2025-12-31"
    environment.removeValue(forKey: "LEDGER_FILE")
    environment["NO_COLOR"] = "1"
    // English unless a test asks for a language: the golden files are English.
    for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment.removeValue(forKey: name) }
    for (k, v) in env { environment[k] = v }
    let out = try OutputFile(), err = try OutputFile(), input = try OutputFile()
    if let stdin { try input.write(stdin) }
    let child = try ChildProcess.start(ledgercBinary.path, args, environment: environment, directory: cwd.path,
                                       stdin: input.descriptor, stdout: out.descriptor, stderr: err.descriptor)
    let status = child.wait(seconds: 300, file: file, line: line)
    return RunResult(status: status, stdout: out.text, stderr: err.text)
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
