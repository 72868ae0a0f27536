/// One HTTP/1.1 request as `ledgerc serve` reads it, within bounds: a
/// request line and headers of at most 16 KB, a body of a known length
/// (`Content-Length`; no chunked bodies) of at most 1 MB of JSON or 20 MB
/// of upload. Anything else is an answer of its own (400, 411, 413, 431).
package struct HTTPRequest: Sendable {
    package var method: String
    /// The path, percent-decoded, without the query.
    package var path: String
    /// The query's parameters, percent-decoded (`+` is a space).
    package var query: [String: String]
    /// Header names lower-cased; a repeated header keeps its first value.
    package var headers: [String: String]
    package var body: [UInt8]

    package init(method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The limits a request is read within.
    package struct Limits: Sendable {
        package var head = 16 * 1024
        package var json = 1 << 20
        package var upload = 20 << 20
        package init() {}
    }

    /// What reading bytes from a connection gave.
    package enum Reading {
        /// More bytes are needed.
        case incomplete
        /// A whole request, and how many bytes it took.
        case request(HTTPRequest, Int)
        /// A request that will never be one: the answer to send, then close.
        case refused(HTTPResponse)
    }

    /// Reads a request from the start of `bytes`.
    package static func read(_ bytes: [UInt8], limits: Limits = Limits()) -> Reading {
        guard let headEnd = HTTPRequest.endOfHead(bytes) else {
            return bytes.count > limits.head ? .refused(.problem(431, "the request's head is larger than 16 KB")) : .incomplete
        }
        guard headEnd <= limits.head else { return .refused(.problem(431, "the request's head is larger than 16 KB")) }
        guard let head = String(validating: bytes[..<headEnd], as: UTF8.self) else { return .refused(.problem(400, "the request's head is not UTF-8")) }
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let requestLine = lines.first else { return .refused(.problem(400, "no request line")) }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0",
              parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }), !parts[0].isEmpty,
              parts[1].hasPrefix("/") else { return .refused(.problem(400, "not an HTTP/1.1 request line")) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon > line.startIndex,
                  line[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                return .refused(.problem(400, "a header line is malformed"))
            }
            let name = line[..<colon].lowercased()
            let value = String(line[line.index(after: colon)...]).trimmingSpaces
            guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) else {
                return .refused(.problem(400, "a header holds a control character"))
            }
            if headers[name] == nil { headers[name] = value }
        }
        if headers["transfer-encoding"] != nil { return .refused(.problem(411, "a body needs a Content-Length (no chunked bodies)")) }
        var length = 0
        if let text = headers["content-length"] {
            guard let n = Int(text), n >= 0, text.allSatisfy(\.isNumber) else { return .refused(.problem(400, "Content-Length is not a number")) }
            length = n
        }
        let isUpload = (headers["content-type"] ?? "").lowercased().hasPrefix("application/json") == false && length > 0
        guard length <= (isUpload ? limits.upload : limits.json) else {
            return .refused(.problem(413, isUpload ? "an upload is at most 20 MB" : "a JSON body is at most 1 MB"))
        }
        let bodyStart = headEnd + 4
        guard bytes.count >= bodyStart + length else { return .incomplete }
        let target = String(parts[1])
        let pathPart = target.prefix { $0 != "?" && $0 != "#" }
        guard let path = HTTPRequest.percentDecoded(String(pathPart), plusIsSpace: false) else { return .refused(.problem(400, "the path is not valid")) }
        var query: [String: String] = [:]
        if let q = target.firstIndex(of: "?") {
            for pair in target[target.index(after: q)...].prefix(while: { $0 != "#" }).split(separator: "&") {
                let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let key = HTTPRequest.percentDecoded(String(kv[0]), plusIsSpace: true),
                      let value = HTTPRequest.percentDecoded(kv.count > 1 ? String(kv[1]) : "", plusIsSpace: true) else {
                    return .refused(.problem(400, "the query is not valid"))
                }
                if query[key] == nil { query[key] = value }
            }
        }
        let request = HTTPRequest(method: String(parts[0]), path: path, query: query, headers: headers, body: Array(bytes[bodyStart..<(bodyStart + length)]))
        return .request(request, bodyStart + length)
    }

    /// Where the blank line after the headers starts.
    static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for i in 0...(bytes.count - 4) where bytes[i] == 0x0D && bytes[i + 1] == 0x0A && bytes[i + 2] == 0x0D && bytes[i + 3] == 0x0A {
            return i
        }
        return nil
    }

    /// `%XX` decoded (and `+` as a space in a query); nil when the result is not UTF-8 or an escape is broken.
    static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String? {
        var out: [UInt8] = []
        let b = Array(text.utf8)
        var i = 0
        func hex(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: return c - 0x30
            case 0x41...0x46: return c - 0x41 + 10
            case 0x61...0x66: return c - 0x61 + 10
            default: return nil
            }
        }
        while i < b.count {
            if b[i] == 0x25 {
                guard i + 2 < b.count, let h = hex(b[i + 1]), let l = hex(b[i + 2]) else { return nil }
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(plusIsSpace && b[i] == 0x2B ? 0x20 : b[i])
                i += 1
            }
        }
        return String(validating: out, as: UTF8.self)
    }
}

/// An answer. Every one says `nosniff` and `no-referrer`, and none says
/// anything of CORS; the connection closes after it (no keep-alive).
package struct HTTPResponse: Sendable {
    package var status: Int
    package var headers: [(String, String)] = []
    package var body: [UInt8] = []
    /// A stream of Server-Sent Events: the connection stays open.
    package var isEventStream = false

    package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer.
    package static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")], body: value.bytes)
    }

    /// An error answer with a message: `{"error": "..."}`.
    package static func problem(_ status: Int, _ message: String) -> HTTPResponse {
        json(status, .object([("error", .string(message))]))
    }

    static let reasons: [Int: String] = [
        200: "OK", 201: "Created", 204: "No Content", 304: "Not Modified", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 411: "Length Required", 413: "Content Too Large",
        415: "Unsupported Media Type", 421: "Misdirected Request", 422: "Unprocessable Content", 428: "Precondition Required",
        431: "Request Header Fields Too Large", 500: "Internal Server Error", 503: "Service Unavailable",
    ]

    /// The bytes on the wire.
    package var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(HTTPResponse.reasons[status] ?? "Status")\r\n"
        var all = headers + [("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer")]
        if isEventStream {
            all.append(("Connection", "keep-alive"))
        } else {
            all += [("Content-Length", String(body.count)), ("Connection", "close")]
        }
        for (name, value) in all { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }
}
