/// JSON-RPC messages over a pair of file descriptors, framed as LSP frames
/// them: `Content-Length: N\r\n`, other headers, `\r\n`, then N bytes of JSON.
public final class MessageChannel {
    /// The largest message read (an editor sends whole buffers: 512 MiB is
    /// far beyond any journal ledgerc reads in an editor).
    public static let largestMessage = 512 << 20

    private let input: Int32
    private let output: Int32
    private var pending: [UInt8] = []
    private var start = 0
    private var atEnd = false

    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
        // A pipe to the editor holds 64 KB: a 100k file's semantic tokens
        // (19 MB) crossed it in 300 writes, each waking the editor.
        growPipeBuffer(output)
    }

    /// What one read of a frame gives.
    public enum Frame {
        /// A message body.
        case message([UInt8])
        /// A frame whose header could not be read, or whose body is too large
        /// (skipped); the server answers it with an error.
        case malformed(String)
    }

    /// The next frame; nil at the end of the input.
    public func next() -> Frame? {
        while true {
            if let frame = frameInPending() { return frame }
            if atEnd { return nil }
            fill()
        }
    }

    /// True when a whole frame is waiting, or more input can be read without
    /// waiting: the server uses it to take in every queued edit before it
    /// checks the journal again.
    public var hasMore: Bool {
        headerEnd() != nil || (!atEnd && systemHasInput(input))
    }

    private func fill() {
        if start > 0 && start >= pending.count / 2 {
            pending.removeFirst(start)
            scanned = max(0, scanned - start)
            start = 0
        }
        let chunk = 1 << 16
        let old = pending.count
        pending.append(contentsOf: repeatElement(0, count: chunk))
        let n = pending.withUnsafeMutableBytes { systemReadRetrying(input, UnsafeMutableRawBufferPointer(rebasing: $0[old...])) }
        if n <= 0 {
            pending.removeLast(chunk)
            atEnd = true
            return
        }
        pending.removeLast(chunk - n)
    }

    /// Where the search for the end of the header goes on from: each byte is
    /// looked at once, however many reads a header takes.
    private var scanned = 0
    /// After a header without a valid Content-Length: looking for the next
    /// `Content-Length:`, so that the message after a bad one is not lost.
    private var resynchronizing = false

    /// Where the header ends (after the first empty line: `\r\n\r\n`, or
    /// `\n\n` from clients that end lines with `\n` alone), if it is all here.
    private func headerEnd() -> Int? {
        var i = max(start, scanned)
        while i < pending.count {
            if pending[i] == 0x0A {
                if i + 1 < pending.count, pending[i + 1] == 0x0A { return i + 2 }
                if i + 2 < pending.count, pending[i + 1] == 0x0D, pending[i + 2] == 0x0A { return i + 3 }
                // The line after may not be here yet: look at this line break again.
                if i + 2 >= pending.count { break }
            }
            i += 1
        }
        scanned = i
        return nil
    }

    /// Moves `start` to the next `Content-Length:` (any case); true when found.
    /// Without one, keeps only a tail that may be the start of one.
    private func findNextHeader() -> Bool {
        let key = Array("content-length:".utf8)
        var i = start
        while i + key.count <= pending.count {
            var k = 0
            while k < key.count, pending[i + k] | (pending[i + k] >= 0x41 && pending[i + k] <= 0x5A ? 0x20 : 0) == key[k] { k += 1 }
            if k == key.count {
                start = i
                scanned = i
                return true
            }
            i += 1
        }
        start = max(start, pending.count - key.count + 1)
        scanned = start
        return false
    }

    private var skipping = 0

    private func frameInPending() -> Frame? {
        if skipping > 0 {
            let n = min(skipping, pending.count - start)
            start += n
            skipping -= n
            if skipping > 0 { return nil }
        }
        if resynchronizing {
            guard findNextHeader() else {
                if atEnd { start = pending.count }
                return nil
            }
            resynchronizing = false
        }
        guard let end = headerEnd() else {
            if atEnd, start < pending.count {
                start = pending.count
                return .malformed("the input ended inside a message header")
            }
            if pending.count - start > 1 << 16 {
                // A header cannot be this long: drop what is here.
                start = pending.count
                return .malformed("a message header longer than 64 KiB")
            }
            return nil
        }
        let header = String(decoding: pending[start..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" || $0 == "\r" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                length = Int(String(parts[1]).trimmingSpaces)
            }
        }
        guard let length, length >= 0 else {
            // What follows is a body of unknown length: on to the next header.
            start = end
            resynchronizing = true
            return .malformed("a message header without a valid Content-Length")
        }
        if length > MessageChannel.largestMessage {
            start = end
            skipping = length
            return .malformed("a message of \(length) bytes, more than the \(MessageChannel.largestMessage) read")
        }
        guard pending.count - end >= length else {
            if atEnd {
                start = pending.count
                return .malformed("the input ended inside a message")
            }
            return nil
        }
        let body = Array(pending[end..<end + length])
        start = end + length
        return .message(body)
    }

    /// Writes one message with its header.
    public func send(_ message: JSONValue) {
        var w = JSONWriter(pretty: false, capacity: 256)
        message.write(into: &w)
        var header = Array("Content-Length: \(w.buffer.count)\r\n\r\n".utf8)
        guard w.buffer.count > 1 << 16 else {
            w.buffer.withBytes { header.append(contentsOf: $0) }
            header.withUnsafeBufferPointer { _ = systemWriteAll(output, $0) }
            return
        }
        // A large response (semantic tokens) is written from the writer's own buffer, not copied.
        header.withUnsafeBufferPointer { _ = systemWriteAll(output, $0) }
        w.buffer.withBytes { _ = systemWriteAll(output, $0) }
    }
}
