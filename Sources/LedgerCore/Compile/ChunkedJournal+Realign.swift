#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Another version of a chunked file, edited in any number of places (the
/// new side of `ledgerc diff`): the chunks whose text is found again are
/// kept, and only the text between them is read again.
extension ChunkedJournal {
    /// Moves the chunks to `bytes`. Each chunk's text is looked for in
    /// order: where the text before it would put it, else by its first line,
    /// at each line's start from the last chunk found on (at most `window`
    /// bytes further than expected), and
    /// compared whole. A chunk found is kept, and its slot moves there; the
    /// text between two chunks found is read again as a chunk of one of the
    /// slots between them, or with the chunk before it when no slot is free;
    /// the text before the first chunk found joins the head. False when the
    /// chunks must be planned again (a head or a chunk grown large, or half
    /// the slots emptied).
    func realign(to bytes: [UInt8], window: Int = 2 << 20) -> Bool {
        guard !slots.isEmpty else { return false }
        let (found, work) = self.found(in: bytes, window: window)
        searchWork = work
        var layout = slots
        var reads: [(slot: Int, range: Range<Int>)] = []
        // The slot of the last chunk kept (nil: the head), and where its text ends in `bytes`.
        var last: Int?
        var gapStart = 0
        /// The text from `gapStart` to `end`: in the first free slot after
        /// `last` (before `next`), else with the chunk before it, or the head.
        func place(upTo end: Int, before next: Int) {
            let free = (last.map { $0 + 1 } ?? 0)..<next
            for i in free { layout[i] = Slot(start: end, end: end, chunk: nil) }
            guard gapStart < end else { return }
            if let last {
                if let slot = free.first {
                    reads.append((slot, gapStart..<end))
                } else {
                    reads.append((last, layout[last].start..<end))
                }
            } else {
                headEnd = end
            }
        }
        for i in slots.indices {
            guard let at = found[i] else { continue }
            place(upTo: at, before: i)
            let length = slots[i].end - slots[i].start
            layout[i] = Slot(start: at, end: at + length, chunk: slots[i].chunk)
            last = i
            gapStart = at + length
        }
        place(upTo: bytes.count, before: slots.count)
        let filled = Set(reads.map(\.slot))
        guard last != nil, headEnd <= 8 * chunkSize, reads.allSatisfy({ $0.range.count <= 8 * chunkSize }),
              layout.indices.filter({ layout[$0].chunk == nil && !filled.contains($0) }).count <= slots.count / 2
        else { return false }
        let (year, path, sink) = (self.year, path, self.sink)
        for (slot, range) in reads {
            layout[slot] = Slot(start: range.lowerBound, end: range.upperBound,
                                chunk: ChunkedJournal.read(bytes[range], path: path, fileIndex: slot + 1, year: year, sink: sink()))
        }
        chunksRead += reads.count
        slots = layout
        return true
    }

    /// Where each slot's chunk is in `bytes`, in order (nil: not found, or an
    /// empty slot), and how many bytes were read and compared to find them.
    /// A chunk's text is its own file's (the last text is not kept whole).
    /// A chunk is found at a line's start, and ends at the text's end or
    /// before a transaction header (else its last transaction reads on).
    private func found(in bytes: [UInt8], window: Int) -> ([Int?], work: Int) {
        var found = [Int?](repeating: nil, count: slots.count)
        var work = 0
        bytes.withUnsafeBufferPointer { n in
            guard let nb = n.baseAddress else { return }
            // The ends of the last chunk found, in the new text and in the old.
            var cursor = 0, oldCursor = 0
            // Looking for chunks moved reads and compares four times the new text at most
            // (then a chunk is looked for only where expected): a text of many lines
            // alike cannot make it slow.
            var budget = 4 * n.count
            for i in slots.indices {
                guard let chunk = slots[i].chunk, chunk.file.byteCount > 0 else { continue }
                let s = slots[i].start, length = chunk.file.byteCount
                chunk.file.withBytes { c in
                    guard let cb = c.baseAddress else { return }
                    func holds(_ at: Int) -> Bool {
                        guard at >= cursor, at > 0, at + length <= n.count, n[at - 1] == 0x0A,
                              memcmp(cb, nb + at, length) == 0 else { return false }
                        let end = at + length
                        return end == n.count || n[end - 1] == 0x0A && Lexer.isDigit(n[end])
                    }
                    let expected = cursor + (s - oldCursor)
                    work += length
                    var at: Int? = holds(expected) ? expected : nil
                    if at == nil, budget > 0 {
                        let lineEnd = memchr(cb, 0x0A, length).map { cb.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? length
                        let anchor = max(1, min(lineEnd, 128))
                        let limit = min(n.count, expected + length + window)
                        // Line by line (a chunk starts at a line's start).
                        var q = cursor
                        while q < limit, budget > 0 {
                            if q + anchor <= n.count, n[q] == c[0], memcmp(nb + q, cb, anchor) == 0 {
                                budget -= length
                                if holds(q) { at = q; break }
                            }
                            guard let nl = memchr(nb + q, 0x0A, limit - q) else { break }
                            let next = nb.distance(to: nl.assumingMemoryBound(to: UInt8.self)) + 1
                            budget -= next - q
                            q = next
                        }
                    }
                    if let at {
                        found[i] = at
                        cursor = at + length
                        oldCursor = s + length
                    }
                }
            }
            work += 4 * n.count - budget
        }
        return (found, work)
    }
}
