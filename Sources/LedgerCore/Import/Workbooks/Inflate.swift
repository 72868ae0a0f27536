/// DEFLATE (RFC 1951) decompression for the zip container of an XLSX
/// statement, written here (no package dependency). Bounded: it stops with
/// an error past `limit` output bytes, so a zip bomb costs at most that much
/// memory and the time to produce it.
enum Inflate {
    struct Failure: Error {
        var message: String
    }

    /// The inflated bytes of `input`, at most `limit` of them.
    static func inflate(_ input: ArraySlice<UInt8>, limit: Int) throws(Failure) -> [UInt8] {
        // The output is written by index into room for `limit` bytes (a zip
        // member's declared size), so a back-reference never copies the array.
        var out = Output(limit: limit)
        var bits = BitReader(input)
        var last = false
        while !last {
            last = try bits.read(1) == 1
            switch try bits.read(2) {
            case 0:
                bits.alignToByte()
                let len = try bits.read(16), nlen = try bits.read(16)
                guard len == ~nlen & 0xFFFF else { throw Failure(message: "a stored block's length is damaged") }
                guard out.count + len <= limit else { throw Failure(message: "it inflates past \(limit) bytes") }
                try bits.copyBytes(len, into: &out)
            case 1:
                try block(&bits, &out, Inflate.fixedLiterals, Inflate.fixedDistances, limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&bits)
                try block(&bits, &out, literals, distances, limit: limit)
            default:
                throw Failure(message: "a block of an unknown type")
            }
        }
        return out.finished()
    }

    /// Inflated bytes, in room made once.
    struct Output {
        var bytes: [UInt8]
        var count = 0
        let limit: Int

        init(limit: Int) {
            self.limit = limit
            bytes = [UInt8](repeating: 0, count: max(0, limit))
        }

        @inline(__always) mutating func append(_ b: UInt8) {
            bytes[count] = b
            count += 1
        }

        /// `length` bytes from `distance` back (overlapping copies repeat, as DEFLATE means them).
        @inline(__always) mutating func copy(distance: Int, length: Int) {
            bytes.withUnsafeMutableBufferPointer { p in
                var from = count - distance
                for _ in 0..<length {
                    p[count] = p[from]
                    count += 1
                    from += 1
                }
            }
        }

        mutating func finished() -> [UInt8] {
            bytes.removeLast(bytes.count - count)
            return bytes
        }
    }

    /// A canonical Huffman code: symbols by code length, and a count per length.
    struct Huffman {
        var counts = [UInt16](repeating: 0, count: 16)
        var symbols: [UInt16] = []
        /// Codes of at most `fastBits` bits by their next bits (least significant first):
        /// `symbol << 4 | length`, or 0.
        var fast = [UInt16](repeating: 0, count: 1 << Huffman.fastBits)
        static let fastBits = 9

        init(lengths: [UInt8]) throws(Failure) {
            for l in lengths { counts[Int(l)] += 1 }
            counts[0] = 0
            var left = 1
            for len in 1..<16 {
                left <<= 1
                left -= Int(counts[len])
                guard left >= 0 else { throw Failure(message: "a Huffman table is over-subscribed") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for len in 1..<15 { offsets[len + 1] = offsets[len] + Int(counts[len]) }
            symbols = [UInt16](repeating: 0, count: lengths.count)
            for (symbol, l) in lengths.enumerated() where l != 0 {
                symbols[offsets[Int(l)]] = UInt16(symbol)
                offsets[Int(l)] += 1
            }
            // The canonical codes, bit-reversed (the stream gives a code's first bit first).
            var code = 0, k = 0
            for len in 1..<16 {
                for _ in 0..<Int(counts[len]) {
                    if len <= Huffman.fastBits {
                        var reversed = 0
                        for b in 0..<len where code & (1 << (len - 1 - b)) != 0 { reversed |= 1 << b }
                        var index = reversed
                        while index < 1 << Huffman.fastBits {
                            fast[index] = symbols[k] << 4 | UInt16(len)
                            index += 1 << len
                        }
                    }
                    code += 1
                    k += 1
                }
                code <<= 1
            }
        }
    }

    static let fixedLiterals: Huffman = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for i in 144..<256 { lengths[i] = 9 }
        for i in 256..<280 { lengths[i] = 7 }
        return try! Huffman(lengths: lengths)
    }()
    static let fixedDistances = try! Huffman(lengths: [UInt8](repeating: 5, count: 30))

    static let lengthBase: [Int] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    static let lengthExtra: [Int] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [Int] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [Int] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    static func dynamicTables(_ bits: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let nlen = try bits.read(5) + 257, ndist = try bits.read(5) + 1, ncode = try bits.read(4) + 4
        guard nlen <= 286, ndist <= 30 else { throw Failure(message: "a block names too many codes") }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<ncode { codeLengths[order[i]] = UInt8(try bits.read(3)) }
        let codes = try Huffman(lengths: codeLengths)
        var lengths: [UInt8] = []
        lengths.reserveCapacity(nlen + ndist)
        while lengths.count < nlen + ndist {
            let symbol = try bits.decode(codes)
            switch symbol {
            case 0..<16: lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else { throw Failure(message: "a repeat with nothing before it") }
                for _ in 0..<(3 + (try bits.read(2))) { lengths.append(previous) }
            case 17: for _ in 0..<(3 + (try bits.read(3))) { lengths.append(0) }
            default: for _ in 0..<(11 + (try bits.read(7))) { lengths.append(0) }
            }
        }
        guard lengths.count == nlen + ndist else { throw Failure(message: "code lengths run past their count") }
        return (try Huffman(lengths: Array(lengths[..<nlen])), try Huffman(lengths: Array(lengths[nlen...])))
    }

    static func block(_ bits: inout BitReader, _ out: inout Output, _ literals: Huffman, _ distances: Huffman, limit: Int) throws(Failure) {
        while true {
            let symbol = try bits.decode(literals)
            if symbol < 256 {
                guard out.count < limit else { throw Failure(message: "it inflates past \(limit) bytes") }
                out.append(UInt8(truncatingIfNeeded: symbol))
            } else if symbol == 256 {
                return
            } else {
                let l = symbol - 257
                guard l < 29 else { throw Failure(message: "a length code out of range") }
                let length = lengthBase[l] + (try bits.read(lengthExtra[l]))
                let d = try bits.decode(distances)
                guard d < 30 else { throw Failure(message: "a distance code out of range") }
                let distance = distanceBase[d] + (try bits.read(distanceExtra[d]))
                guard distance <= out.count else { throw Failure(message: "a distance reaches before the start") }
                guard out.count + length <= limit else { throw Failure(message: "it inflates past \(limit) bytes") }
                out.copy(distance: distance, length: length)
            }
        }
    }

    /// Bits from the least significant end of each byte, as DEFLATE packs them.
    struct BitReader {
        let bytes: ArraySlice<UInt8>
        var position: Int
        var buffer: UInt64 = 0
        var count = 0

        init(_ bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            position = bytes.startIndex
        }

        @inline(__always) mutating func need(_ n: Int) throws(Failure) {
            while count < n {
                guard position < bytes.endIndex else { throw Failure(message: "the data ends early") }
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
                count += 8
            }
        }

        @inline(__always) mutating func read(_ n: Int) throws(Failure) -> Int {
            if n == 0 { return 0 }
            try need(n)
            let v = Int(buffer & ((1 << UInt64(n)) - 1))
            buffer >>= UInt64(n)
            count -= n
            return v
        }

        mutating func alignToByte() {
            let drop = count % 8
            buffer >>= UInt64(drop)
            count -= drop
        }

        mutating func copyBytes(_ n: Int, into out: inout Output) throws(Failure) {
            var n = n
            // Whole bytes still in the buffer first.
            while n > 0 && count >= 8 {
                out.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
                n -= 1
            }
            guard position + n <= bytes.endIndex else { throw Failure(message: "the data ends early") }
            for b in bytes[position..<position + n] { out.append(b) }
            position += n
        }

        /// One symbol of a canonical Huffman code: by table for a short
        /// code, else a bit at a time.
        @inline(__always) mutating func decode(_ h: Huffman) throws(Failure) -> Int {
            // Fill what bits there are (near the end, fewer than the table's).
            while count < Huffman.fastBits && position < bytes.endIndex {
                buffer |= UInt64(bytes[position]) << UInt64(count)
                position += 1
                count += 8
            }
            let entry = h.fast[Int(buffer & UInt64((1 << Huffman.fastBits) - 1))]
            let length = Int(entry & 15)
            if entry != 0 && length <= count {
                buffer >>= UInt64(length)
                count -= length
                return Int(entry >> 4)
            }
            var code = 0, first = 0, index = 0
            for len in 1..<16 {
                code |= try read(1)
                let count = Int(h.counts[len])
                if code - count < first { return Int(h.symbols[index + (code - first)]) }
                index += count
                first += count
                first <<= 1
                code <<= 1
            }
            throw Failure(message: "a code that no table holds")
        }
    }
}
