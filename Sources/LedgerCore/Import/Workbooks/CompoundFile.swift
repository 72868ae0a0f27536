/// An OLE2 compound file (MS-CFB), the container of a BIFF8 `.xls` workbook
/// and of a password-protected XLSX: sectors, the allocation table, the
/// directory, and the mini stream. Every sector chain is followed at most
/// once per sector, so a cyclic chain is an error, never a loop.
struct CompoundFile {
    let bytes: [UInt8]
    let sectorSize: Int
    let miniSectorSize: Int
    let miniCutoff: Int
    var fat: [UInt32] = []
    /// The sectors the file holds: no chain is longer.
    var sectorCount = 0
    var miniFat: [UInt32] = []
    var entries: [(name: String, type: UInt8, start: UInt32, size: Int)] = []
    var miniStream: [UInt8] = []

    static let endOfChain: UInt32 = 0xFFFF_FFFE

    init(_ bytes: [UInt8]) throws(StatementFormatError) {
        self.bytes = bytes
        guard bytes.count >= 512, bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) else {
            throw StatementFormatError("not a compound file")
        }
        let shift = Int(bytes.le16(0x1E)), miniShift = Int(bytes.le16(0x20))
        guard shift == 9 || shift == 12, miniShift == 6 else { throw StatementFormatError("the compound file's header is damaged") }
        sectorSize = 1 << shift
        miniSectorSize = 1 << miniShift
        miniCutoff = Int(bytes.le32(0x38))
        // The allocation table's sectors: 109 in the header, the rest in DIFAT sectors.
        var fatSectors: [UInt32] = []
        for k in 0..<109 {
            let s = bytes.le32(0x4C + 4 * k)
            if s < 0xFFFF_FFFA { fatSectors.append(s) }
        }
        var difat = bytes.le32(0x44), seen = 0
        let sectorCount = max(0, (bytes.count - 512) / sectorSize)
        while difat < 0xFFFF_FFFA {
            seen += 1
            guard seen <= sectorCount else { throw StatementFormatError("the compound file's DIFAT chain loops") }
            let base = try offset(of: difat)
            let perSector = sectorSize / 4 - 1
            for k in 0..<perSector {
                let s = bytes.le32(base + 4 * k)
                if s < 0xFFFF_FFFA { fatSectors.append(s) }
            }
            difat = bytes.le32(base + 4 * perSector)
        }
        guard fatSectors.count <= sectorCount, Set(fatSectors).count == fatSectors.count else {
            throw StatementFormatError("the compound file's allocation table is damaged (more sectors than the file holds, or one listed twice)")
        }
        self.sectorCount = sectorCount
        for s in fatSectors {
            let base = try offset(of: s)
            for k in 0..<(sectorSize / 4) { fat.append(bytes.le32(base + 4 * k)) }
        }
        // The directory.
        let directory = try chain(from: bytes.le32(0x30), size: nil)
        var k = 0
        while k + 128 <= directory.count {
            let nameLength = min(64, Int(directory.le16(k + 0x40)))
            var units: [UInt16] = []
            var j = 0
            while j + 1 < nameLength - 1 { units.append(directory.le16(k + j)); j += 2 }
            let name = String(decoding: units, as: UTF16.self)
            let type = directory[k + 0x42]
            entries.append((name, type, directory.le32(k + 0x74), Int(directory.le32(k + 0x78))))
            k += 128
        }
        if let root = entries.first(where: { $0.type == 5 }) {
            miniStream = try chain(from: root.start, size: root.size)
            miniFat = try chain(from: bytes.le32(0x3C), size: nil).withUnsafeBufferPointer { b in
                (0..<(b.count / 4)).map { UInt32(b[4 * $0]) | UInt32(b[4 * $0 + 1]) << 8 | UInt32(b[4 * $0 + 2]) << 16 | UInt32(b[4 * $0 + 3]) << 24 }
            }
        }
    }

    func offset(of sector: UInt32) throws(StatementFormatError) -> Int {
        let o = (Int(sector) + 1) * sectorSize
        guard o < bytes.count else { throw StatementFormatError("the compound file is truncated (a sector past its end)") }
        return o
    }

    /// The bytes of the chain from `start` (its first `size` bytes, when given).
    func chain(from start: UInt32, size: Int?) throws(StatementFormatError) -> [UInt8] {
        var out: [UInt8] = []
        var s = start, steps = 0
        while s < 0xFFFF_FFFA {
            steps += 1
            // A chain visits each of the file's sectors at most once: longer, it loops.
            guard steps <= min(fat.count, sectorCount), Int(s) < fat.count else { throw StatementFormatError("the compound file's sector chain loops or runs off its table") }
            let o = try offset(of: s)
            out.append(contentsOf: bytes[o..<min(bytes.count, o + sectorSize)])
            if let size, out.count >= size { break }
            s = fat[Int(s)]
        }
        if let size {
            guard out.count >= size else { throw StatementFormatError("the compound file's stream is shorter than it says") }
            out.removeLast(out.count - size)
        }
        return out
    }

    /// The stream named `name` (any case), or nil.
    func stream(named name: String) -> [UInt8]? {
        guard let e = entries.first(where: { $0.type == 2 && $0.name.lowercased() == name.lowercased() }) else { return nil }
        guard e.size <= StatementLimits.inflated else { return nil }
        if e.size >= miniCutoff { return try? chain(from: e.start, size: e.size) }
        // A small stream lives in the mini stream.
        var out: [UInt8] = []
        var s = e.start, steps = 0
        while s < 0xFFFF_FFFA, out.count < e.size {
            steps += 1
            guard steps <= miniFat.count, Int(s) < miniFat.count else { return nil }
            let o = Int(s) * miniSectorSize
            guard o + miniSectorSize <= miniStream.count else { return nil }
            out.append(contentsOf: miniStream[o..<(o + miniSectorSize)])
            s = miniFat[Int(s)]
        }
        guard out.count >= e.size else { return nil }
        return Array(out[..<e.size])
    }
}
