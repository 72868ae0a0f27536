/// The zip container of an XLSX workbook: its central directory, and each
/// member stored or deflated, checked against its size and CRC-32.
/// Bounded: the members read together inflate to at most
/// `StatementLimits.inflated` bytes, and none past
/// `StatementLimits.inflateRatio` times its compressed size. A member that
/// declares more is refused before any inflating; one that declares less
/// than it holds stops at its declared size. So a zip bomb costs nothing.
struct ZipArchive {
    struct Member {
        var name: String
        var method: Int
        var crc: UInt32
        var compressedSize: Int
        var size: Int
        var localHeader: Int
    }

    let bytes: [UInt8]
    private(set) var members: [Member] = []
    /// Bytes inflated so far, against the whole workbook's limit.
    private var inflated = 0

    init(_ bytes: [UInt8]) throws(StatementFormatError) {
        self.bytes = bytes
        // The end of central directory record: within the last 64 KiB + 22 bytes.
        var end = -1
        var k = bytes.count - 22
        while k >= max(0, bytes.count - 22 - 65_535) {
            if bytes[k] == 0x50 && bytes[k + 1] == 0x4B && bytes[k + 2] == 0x05 && bytes[k + 3] == 0x06 { end = k; break }
            k -= 1
        }
        guard end >= 0 else { throw StatementFormatError("the zip container has no central directory (truncated?)") }
        let count = Int(bytes.le16(end + 10)), size = Int(bytes.le32(end + 12)), offset = Int(bytes.le32(end + 16))
        guard count <= 10_000, offset + size <= bytes.count else { throw StatementFormatError("the zip container's directory is damaged") }
        var p = offset
        for _ in 0..<count {
            guard p + 46 <= bytes.count, bytes.le32(p) == 0x0201_4B50 else { throw StatementFormatError("the zip container's directory is damaged") }
            let nameLength = Int(bytes.le16(p + 28)), extra = Int(bytes.le16(p + 30)), comment = Int(bytes.le16(p + 32))
            guard p + 46 + nameLength <= bytes.count else { throw StatementFormatError("the zip container's directory is damaged") }
            let name = String(decoding: bytes[(p + 46)..<(p + 46 + nameLength)], as: UTF8.self)
            members.append(Member(name: name, method: Int(bytes.le16(p + 10)), crc: bytes.le32(p + 16),
                                  compressedSize: Int(bytes.le32(p + 20)), size: Int(bytes.le32(p + 24)), localHeader: Int(bytes.le32(p + 42))))
            p += 46 + nameLength + extra + comment
        }
    }

    /// The bytes of the member named `name` (nil when there is none).
    mutating func read(_ name: String) throws(StatementFormatError) -> [UInt8]? {
        guard let m = members.first(where: { $0.name == name }) ?? members.first(where: { $0.name.lowercased() == name.lowercased() }) else { return nil }
        let h = m.localHeader
        guard h + 30 <= bytes.count, bytes.le32(h) == 0x0403_4B50 else { throw StatementFormatError("the zip member '\(m.name)' is damaged") }
        let start = h + 30 + Int(bytes.le16(h + 26)) + Int(bytes.le16(h + 28))
        guard start + m.compressedSize <= bytes.count else { throw StatementFormatError("the zip member '\(m.name)' is truncated") }
        let data = bytes[start..<(start + m.compressedSize)]
        // The declared size is refused before any work when it is past the
        // limits, and holds the inflating to itself when it lies.
        guard m.size <= StatementLimits.inflated - inflated else { throw StatementFormatError(StatementLimits.inflatedMessage, refusal: true) }
        guard m.size <= max(1 << 20, m.compressedSize.multipliedReportingOverflow(by: StatementLimits.inflateRatio).partialValue) else {
            throw StatementFormatError("the zip member '\(m.name)' would inflate more than \(StatementLimits.inflateRatio) times its size; ledgerc refuses it (a zip bomb?)", refusal: true)
        }
        let out: [UInt8]
        switch m.method {
        case 0:
            out = Array(data)
        case 8:
            do {
                out = try Inflate.inflate(data, limit: m.size)
            } catch {
                throw StatementFormatError("the zip member '\(m.name)' does not inflate to its declared size (\(error.message)): damaged, or a zip bomb")
            }
        default:
            throw StatementFormatError("the zip member '\(m.name)' uses compression method \(m.method), which ledgerc does not read")
        }
        inflated += out.count
        guard out.count == m.size else { throw StatementFormatError("the zip member '\(m.name)' is shorter than its declared size (damaged)") }
        guard CRC32.of(out) == m.crc else { throw StatementFormatError("the zip member '\(m.name)' fails its CRC check (damaged)") }
        return out
    }
}

/// CRC-32 (IEEE), as zip checks its members.
enum CRC32 {
    static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func of(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }
}

extension Array where Element == UInt8 {
    /// Little-endian integers at `i` (0 past the end: callers check bounds first).
    func le16(_ i: Int) -> UInt16 { i + 2 <= count ? UInt16(self[i]) | UInt16(self[i + 1]) << 8 : 0 }
    func le32(_ i: Int) -> UInt32 { i + 4 <= count ? UInt32(le16(i)) | UInt32(le16(i + 2)) << 16 : 0 }
}
