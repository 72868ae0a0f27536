/// `ledgerc lsp`: a Language Server (LSP 3.17) over JSON-RPC.
///
/// `handle` takes one message and returns what to send back: responses and
/// notifications. `run` drives it over a `MessageChannel`, taking in every
/// queued message before it re-checks, so that a burst of keystrokes costs
/// one check. The server never exits on bad input: a malformed message gets
/// an error response (or is dropped when it has no id).
public final class LanguageServer {
    let workspace: Workspace
    private var shutdownRequested = false
    /// Set by `exit`: the status the process ends with.
    public private(set) var exitStatus: Int32?
    /// Documents edited since the last check (nil: everything).
    private var dirty: Set<String>? = []
    /// Requests cancelled before they were handled, by `requestKey`.
    private var cancelled = Set<String>()
    private var initialized = false
    /// How many semantic token results were sent: the next result id.
    var tokenResults = 0
    /// The use counts of the compilation completion read last (`NameUses`).
    var nameUses: NameUses?

    /// `today` is the horizon of repeat rules and the year of dates written without one.
    public init(today: CivilDate) {
        workspace = Workspace(today: today)
    }

    /// Serves `channel` until `exit` (or the end of the input); returns the exit status.
    public func run(_ channel: MessageChannel) -> Int32 {
        while exitStatus == nil, let frame = channel.next() {
            switch frame {
            case .malformed(let why):
                channel.send(LanguageServer.errorResponse(id: .null, code: -32700, why))
            case .message(let body):
                for out in handle(body) { channel.send(out) }
            }
            // Diagnostics once the queue is empty: one check for a burst of edits.
            if !channel.hasMore { for out in checkEdited() { channel.send(out) } }
        }
        return exitStatus ?? (shutdownRequested ? 0 : 1)
    }

    /// Handles one message's bytes.
    public func handle(_ body: [UInt8]) -> [JSONValue] {
        guard let message = JSONValue(parsing: body) else {
            return [LanguageServer.errorResponse(id: .null, code: -32700, "the message is not valid JSON")]
        }
        if case .array = message {
            return [LanguageServer.errorResponse(id: .null, code: -32600, "batches are not part of LSP")]
        }
        guard case .object = message, let method = message["method"]?.string else {
            // A response to a request of ours (we send none), or garbage.
            if let id = message["id"], message["result"] == nil, message["error"] == nil {
                return [LanguageServer.errorResponse(id: id, code: -32600, "a request needs a method")]
            }
            return []
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            notification(method, params)
            return []
        }
        if let key = LanguageServer.requestKey(id), cancelled.remove(key) != nil {
            return [LanguageServer.errorResponse(id: id, code: -32800, "cancelled")]
        }
        if !initialized && method != "initialize" {
            return [LanguageServer.errorResponse(id: id, code: -32002, "the server is not initialized")]
        }
        if shutdownRequested && method != "exit" {
            return [LanguageServer.errorResponse(id: id, code: -32600, "the server is shutting down")]
        }
        switch request(method, params) {
        case .success(let result):
            return [.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])]
        case .failure(let error):
            return [LanguageServer.errorResponse(id: id, code: error.code, error.message)]
        }
    }

    /// The diagnostics of every document edited since the last call.
    public func checkEdited() -> [JSONValue] {
        guard dirty == nil || !dirty!.isEmpty else { return [] }
        defer { dirty = [] }
        return workspace.check(touching: dirty)
    }

    struct RequestError: Error {
        var code: Int
        var message: String
        static func invalidParams(_ what: String) -> RequestError { RequestError(code: -32602, message: what) }
    }

    private func request(_ method: String, _ params: JSONValue) -> Result<JSONValue, RequestError> {
        switch method {
        case "initialize": return .success(initialize(params))
        case "shutdown":
            shutdownRequested = true
            return .success(.null)
        case "textDocument/completion": return withDocument(params) { completion($0, $1) }
        case "textDocument/hover": return withDocument(params) { hover($0, $1) }
        case "textDocument/definition": return withDocument(params) { definition($0, $1) }
        case "textDocument/documentSymbol": return withDocument(params) { doc, _ in documentSymbols(doc) }
        case "textDocument/formatting": return withDocument(params) { doc, _ in formatting(doc, range: nil) }
        case "textDocument/rangeFormatting": return withDocument(params) { doc, p in formatting(doc, range: p["range"]) }
        case "textDocument/codeAction": return withDocument(params) { codeActions($0, $1) }
        case "textDocument/prepareRename": return withDocument(params) { prepareRename($0, $1) }
        case "textDocument/rename":
            guard let uri = params["textDocument"]?["uri"]?.string else { return .failure(.invalidParams("textDocument.uri is missing")) }
            guard let doc = workspace.documents[uri] else { return .success(.null) }
            return rename(doc, params)
        case "textDocument/references": return withDocument(params) { references($0, $1) }
        case "textDocument/semanticTokens/full":
            return withDocument(params) { doc, _ in semanticTokens(doc, since: nil) }
        case "textDocument/semanticTokens/range":
            return withDocument(params) { doc, params in semanticTokens(doc, in: params["range"]) }
        case "textDocument/semanticTokens/full/delta":
            return withDocument(params) { doc, params in semanticTokens(doc, since: params["previousResultId"]?.string) }
        case "workspace/symbol": return .success(workspaceSymbols(params))
        case "textDocument/codeLens": return withDocument(params) { doc, _ in codeLenses(doc) }
        case "textDocument/inlayHint": return withDocument(params) { inlayHints($0, $1) }
        default: return .failure(RequestError(code: -32601, message: "unknown method '\(method)'"))
        }
    }

    private func withDocument(_ params: JSONValue, _ body: (TextDocument, JSONValue) -> JSONValue) -> Result<JSONValue, RequestError> {
        guard let uri = params["textDocument"]?["uri"]?.string else { return .failure(.invalidParams("textDocument.uri is missing")) }
        guard let doc = workspace.documents[uri] else { return .success(.null) }
        return .success(body(doc, params))
    }

    /// A request's id as a key: `"7"` and `7` are different ids.
    private static func requestKey(_ id: JSONValue?) -> String? {
        switch id {
        case .string(let s)?: return "s" + s
        case .number(let n)?: return "n" + n
        default: return nil
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        // Before `initialize`, notifications are dropped (except `exit`).
        guard initialized || method == "exit" else { return }
        switch method {
        case "exit": exitStatus = shutdownRequested ? 0 : 1
        case "$/cancelRequest":
            if let key = LanguageServer.requestKey(params["id"]) { cancelled.insert(key) }
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            workspace.documents[uri] = TextDocument(uri: uri, version: item["version"]?.int ?? 0, text: Array(text.utf8))
            edited(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, workspace.documents[uri] != nil,
                  let changes = params["contentChanges"]?.array else { return }
            // A change with no text: none of them is applied.
            guard changes.allSatisfy({ $0["text"]?.string != nil }) else {
                workspace.documents[uri]?.tokens = nil
                return
            }
            // Taken out while it is edited, so that its text, held by nothing else, changes where it lies.
            guard var doc = workspace.documents.removeValue(forKey: uri) else { return }
            for change in changes { _ = doc.apply(change, workspace.encoding) }
            doc.version = params["textDocument"]?["version"]?.int ?? doc.version + 1
            workspace.documents[uri] = doc
            edited(uri)
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            if let text = params["text"]?.string, var doc = workspace.documents[uri] {
                _ = doc.apply(.object([("text", .string(text))]), workspace.encoding)
                workspace.documents[uri] = doc
            }
            // Other journals may read the saved file from disk.
            workspace.changed()
            dirty = nil
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string, workspace.documents.removeValue(forKey: uri) != nil else { return }
            workspace.changed()
            dirty = nil
        default: break
        }
    }

    private func edited(_ uri: String) {
        workspace.changed()
        guard let path = workspace.documents[uri]?.path else { return }
        dirty?.insert(path)
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        // The client's locale (`ko`, `ko-KR`) chooses the language of messages, hovers and titles; else the environment's.
        if let locale = params["locale"]?.string, !locale.isEmpty { Language.current = Language(locale: locale) }
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        workspace.encoding = offered.contains("utf-8") ? .utf8 : .utf16
        let capabilities: [(String, JSONValue)] = [
            ("positionEncoding", .string(workspace.encoding.rawValue)),
            ("textDocumentSync", .object([
                ("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))])),
            ])),
            ("completionProvider", .object([("triggerCharacters", .array([":", " "].map(JSONValue.string)))])),
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("renameProvider", .object([("prepareProvider", .bool(true))])),
            ("referencesProvider", .bool(true)),
            ("semanticTokensProvider", .object([("legend", .object([("tokenTypes", .array(LanguageServer.tokenTypes.map(JSONValue.string))),
                                                                    ("tokenModifiers", .array([]))])),
                                              ("full", .object([("delta", .bool(true))])), ("range", .bool(true))])),
            ("workspaceSymbolProvider", .bool(true)),
            ("codeLensProvider", .object([("resolveProvider", .bool(false))])),
            ("inlayHintProvider", .bool(true)),
            ("documentSymbolProvider", .bool(true)),
            ("documentFormattingProvider", .bool(true)),
            ("documentRangeFormattingProvider", .bool(true)),
            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
        ]
        return .object([
            ("capabilities", .object(capabilities)),
            ("serverInfo", .object([("name", .string("ledgerc")), ("version", .string(LedgerCoreVersion.string))])),
        ])
    }

    static func errorResponse(id: JSONValue, code: Int, _ message: String) -> JSONValue {
        .object([("jsonrpc", .string("2.0")), ("id", id), ("error", .object([("code", .int(code)), ("message", .string(message))]))])
    }
}

/// The version of ledgerc: what `--version` prints and the server reports.
public enum LedgerCoreVersion {
    public static let string = "0.1.0"
}
