import Foundation
import XCTest
@testable import LedgerCore

/// LSP framing (issue 44): a bad header costs only its own message, and
/// headers ended by `\n` alone are read as such.
final class MessageChannelTests: XCTestCase {
    /// The frames a channel reads from `bytes` (written by another thread, so a pipe never fills).
    func frames(_ bytes: [UInt8]) -> [String] {
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let thread = Thread {
            writer.write(Data(bytes))
            try? writer.close()
        }
        thread.start()
        let channel = MessageChannel(input: pipe.fileHandleForReading.fileDescriptor, output: -1)
        var out: [String] = []
        while let frame = channel.next() {
            switch frame {
            case .message(let body): out.append(String(decoding: body, as: UTF8.self))
            case .malformed: out.append("<malformed>")
            }
        }
        return out
    }

    func frame(_ body: String, _ eol: String = "\r\n") -> String { "Content-Length: \(body.utf8.count)\(eol)\(eol)\(body)" }

    func testABadContentLengthCostsOnlyItsOwnMessage() {
        let bad = "Content-Length: ten\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1}"
        XCTAssertEqual(frames(Array((bad + frame("{\"id\":2}") + frame("{\"id\":3}")).utf8)), ["<malformed>", "{\"id\":2}", "{\"id\":3}"])
        let negative = "content-length: -5\r\n\r\nxyz"
        XCTAssertEqual(frames(Array((negative + frame("{\"id\":4}")).utf8)), ["<malformed>", "{\"id\":4}"])
    }

    func testHeadersEndedByLineFeedsAlone() {
        // A body holding CR LF CR LF must not be taken for the end of a bare-LF header.
        let body = "{\r\n\r\n\"id\":5}"
        XCTAssertEqual(frames(Array((frame(body, "\n") + frame("{\"id\":6}", "\n") + frame("{\"id\":7}")).utf8)), [body, "{\"id\":6}", "{\"id\":7}"])
    }

    func testALargeMessageInManyReads() {
        let big = "{\"text\":\"" + String(repeating: "가", count: 300_000) + "\"}"
        XCTAssertEqual(frames(Array((frame(big, "\n") + frame("{}")).utf8)), [big, "{}"])
    }
}
