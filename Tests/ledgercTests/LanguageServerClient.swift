import Foundation
import XCTest

/// A Language Server client for tests: runs `ledgerc lsp` over pipes and
/// speaks JSON-RPC with Content-Length framing, as an editor does.
final class LanguageServerClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var nextID = 1
    /// Notifications received while waiting for responses, oldest first.
    private(set) var notifications: [[String: Any]] = []
    private let watchdog: DispatchWorkItem

    init(env: [String: String] = [:]) throws {
        // A server that has ended makes a write fail, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = ledgercBinary
        process.arguments = ["lsp"]
        process.currentDirectoryURL = repositoryRoot
        var environment = ProcessInfo.processInfo.environment
        environment["LEDGERC_TODAY"] = "2025-12-31"
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] { environment.removeValue(forKey: name) }
        for (k, v) in env { environment[k] = v }
        process.environment = environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // A server that hangs fails the test instead of hanging it.
        let p = process
        watchdog = DispatchWorkItem { if p.isRunning { p.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
    }

    deinit {
        watchdog.cancel()
        if process.isRunning { process.terminate() }
    }

    /// Sends raw bytes, framing and all.
    func sendRaw(_ bytes: Data) throws {
        try input.fileHandleForWriting.write(contentsOf: bytes)
    }

    func send(_ message: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: message)
        try sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: Any) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its response (keeping notifications).
    @discardableResult
    func request(_ method: String, _ params: Any) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try response(id: id)
    }

    func response(id: Int) throws -> [String: Any] {
        while true {
            let message = try receive()
            if let got = message["id"] as? Int, got == id { return message }
            if message["id"] == nil { notifications.append(message) }
        }
    }

    /// Waits for the next `publishDiagnostics` for `uri`.
    func diagnostics(for uri: String) throws -> [[String: Any]] {
        if let i = notifications.firstIndex(where: { isDiagnostics($0, uri) }) {
            return ((notifications.remove(at: i)["params"] as! [String: Any])["diagnostics"] as! [[String: Any]])
        }
        while true {
            let message = try receive()
            if isDiagnostics(message, uri) { return (message["params"] as! [String: Any])["diagnostics"] as! [[String: Any]] }
            notifications.append(message)
        }
    }

    private func isDiagnostics(_ m: [String: Any], _ uri: String) -> Bool {
        m["method"] as? String == "textDocument/publishDiagnostics" && (m["params"] as? [String: Any])?["uri"] as? String == uri
    }

    /// The next message from the server.
    func receive() throws -> [String: Any] {
        let handle = output.fileHandleForReading
        var header = Data()
        while !header.hasSuffix(Data("\r\n\r\n".utf8)) {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty { throw ClientError.serverEnded }
            header += byte
        }
        let text = String(decoding: header, as: UTF8.self)
        guard let line = text.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
              let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { throw ClientError.badHeader(text) }
        var body = Data()
        while body.count < length {
            let chunk = handle.readData(ofLength: length - body.count)
            if chunk.isEmpty { throw ClientError.serverEnded }
            body += chunk
        }
        return try JSONSerialization.jsonObject(with: body) as! [String: Any]
    }

    /// `initialize` and `initialized`; returns the server's capabilities.
    @discardableResult
    func start(positionEncodings: [String]? = nil, locale: String? = nil) throws -> [String: Any] {
        var capabilities: [String: Any] = [:]
        if let positionEncodings { capabilities["general"] = ["positionEncodings": positionEncodings] }
        var params: [String: Any] = ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities]
        if let locale { params["locale"] = locale }
        let result = try request("initialize", params)
        try notify("initialized", [String: Any]())
        return (result["result"] as! [String: Any])["capabilities"] as! [String: Any]
    }

    func open(_ uri: String, _ text: String, version: Int = 1) throws {
        try notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "ledger", "version": version, "text": text]])
    }

    /// The labels of the completions at a position, in the server's order.
    func completionLabels(_ uri: String, _ line: Int, _ character: Int) throws -> [String] {
        let result = try request("textDocument/completion", ["textDocument": ["uri": uri], "position": position(line, character)])
        return ((result["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    /// `shutdown` then `exit`; returns the exit status.
    func stop() throws -> Int32 {
        try request("shutdown", NSNull())
        try notify("exit", NSNull())
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    enum ClientError: Error {
        case serverEnded
        case badHeader(String)
    }
}

extension Data {
    func hasSuffix(_ other: Data) -> Bool { count >= other.count && self.suffix(other.count) == other }
}

/// `{"line": L, "character": C}`.
func position(_ line: Int, _ character: Int) -> [String: Int] { ["line": line, "character": character] }

/// The `start` of a range as (line, character).
func start(of range: Any?) -> (Int, Int)? {
    guard let r = range as? [String: Any], let s = r["start"] as? [String: Any],
          let l = s["line"] as? Int, let c = s["character"] as? Int else { return nil }
    return (l, c)
}
