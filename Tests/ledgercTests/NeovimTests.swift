import Foundation
import XCTest

/// Neovim, a client no one here wrote, shows the server's diagnostics at the
/// right place and its completions (Tests/Editors/neovim-lsp.lua).
final class NeovimTests: XCTestCase {
    /// Neovim (else a skip), and a folder removed after the test.
    func neovimAndFolder() throws -> (String, URL) {
        let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let nvim else { throw XCTSkip("nvim is not installed (apt-get install neovim); .ci/run installs it") }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ledgerc-nvim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return (nvim, dir)
    }

    /// Runs Tests/Editors/neovim-lsp.lua headless on `file` with `settings`; its output lines.
    func drive(_ nvim: String, _ dir: URL, file: String, _ settings: [String: String]) throws -> [String] {
        var env = ProcessInfo.processInfo.environment
        env["LEDGERC_BIN"] = ledgercBinary.path
        env["LEDGER_FILE_TO_OPEN"] = file
        env["LEDGERC_TODAY"] = "2025-12-31"
        env["HOME"] = dir.path
        env.merge(settings) { _, new in new }
        let out = try OutputFile()
        let script = repositoryRoot.appendingPathComponent("Tests/Editors/neovim-lsp.lua").path
        try ChildProcess.start(nvim, ["--headless", "-u", "NONE", "-c", "luafile " + script],
                               environment: env, directory: dir.path, stdout: out.descriptor).wait(seconds: 90)
        return out.text.split(separator: "\n").map(String.init)
    }

    func testNeovimShowsDiagnosticsAndCompletions() throws {
        let (nvim, dir) = try neovimAndFolder()
        let file = dir.appendingPathComponent("household.ledger")
        try """
        account 자산:은행
        account 지출:식비

        2025-01-05 마트
            지출:식비  4,50 KRW
            자산:은행

        2025-01-06 마트
            식비

        """.write(to: file, atomically: true, encoding: .utf8)
        let lines = try drive(nvim, dir, file: file.path, ["COMPLETE_AT": "8:6"])
        // Byte column 20: four spaces, 13 bytes of `지출:식비`, two spaces. The
        // server counted UTF-16 units (12) and Neovim converted them.
        XCTAssertEqual(lines, [
            "diagnostic 5:20 ambiguousNumber ambiguous number '4,50': a grouping comma must be followed by exactly three digits",
            "completion 지출:식비",
        ])
    }

    /// Issue 49: rename in Neovim edits the journal and its included file, and the journal still compiles.
    func testNeovimRenamesAcrossIncludedFiles() throws {
        let (nvim, dir) = try neovimAndFolder()
        for name in ["main.ledger", "more.ledger"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/ledgercTests/Rename/\(name)"), to: dir.appendingPathComponent(name))
        }
        let lines = try drive(nvim, dir, file: dir.appendingPathComponent("main.ledger").path, ["RENAME_AT": "1:12", "RENAME_TO": "지출:음식"])
        XCTAssertEqual(lines, ["renamed 2"])
        let main = try String(contentsOf: dir.appendingPathComponent("main.ledger"), encoding: .utf8)
        XCTAssertTrue(main.contains("account 지출:음식\naccount 지출:음식:장보기\n"), main)
        XCTAssertTrue(try String(contentsOf: dir.appendingPathComponent("more.ledger"), encoding: .utf8).contains("    지출:음식  12,000 KRW"))
        XCTAssertEqual(try runLedgerc(["check", dir.appendingPathComponent("main.ledger").path]).status, 0)
    }
}
