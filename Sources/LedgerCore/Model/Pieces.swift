/// An array kept in pieces, so that a whole array can be taken in at its end
/// without copying it (`adopt`): the parts two parsers of one file read.
///
/// Indices run on across the pieces, as in one array. Nearly every element
/// lives in the first piece; an index past it finds its piece by a search of
/// the few pieces after it.
struct Pieces<Element>: RandomAccessCollection, MutableCollection {
    private var head: [Element] = []
    private var tail: [[Element]] = []
    /// Where each piece of `tail` starts.
    private var tailStarts: [Int] = []

    init() {}

    /// Stored, so that reading it through a class's property copies nothing.
    private(set) var count = 0

    @inline(__always) var startIndex: Int { 0 }
    @inline(__always) var endIndex: Int { count }

    subscript(position: Int) -> Element {
        @inline(__always) get {
            if position < head.count { return head[position] }
            let (piece, offset) = place(of: position)
            return tail[piece][offset]
        }
        set {
            if position < head.count {
                head[position] = newValue
            } else {
                let (piece, offset) = place(of: position)
                tail[piece][offset] = newValue
            }
        }
    }

    /// The piece of `tail` holding `position`, and where in it.
    private func place(of position: Int) -> (Int, Int) {
        precondition(position >= head.count && position < count, "index out of range")
        var piece = tailStarts.count - 1
        while tailStarts[piece] > position { piece -= 1 }
        return (piece, position - tailStarts[piece])
    }

    @inline(__always) mutating func append(_ element: Element) {
        if tail.isEmpty { head.append(element) } else { tail[tail.count - 1].append(element) }
        count += 1
    }

    /// Where the last piece starts: appends go there, and only from there on
    /// may elements be cut or read with `forEach(from:)`.
    var lastPieceStart: Int { tail.isEmpty ? 0 : tailStarts[tailStarts.count - 1] }

    /// Calls `body` with each element from `start` on, which must all lie in
    /// the last piece (mutating only so that it reads the pieces in place).
    @inline(__always) mutating func forEach(from start: Int, _ body: (Element) -> Void) {
        let base = lastPieceStart
        precondition(start >= base, "only the last piece is read so")
        (tail.isEmpty ? head : tail[tail.count - 1]).withUnsafeBufferPointer { last in
            for i in (start - base)..<last.count { body(last[i]) }
        }
    }

    /// Removes the elements from `range.lowerBound` on, which must all lie in the last piece.
    mutating func removeSubrange(_ range: PartialRangeFrom<Int>) {
        if tail.isEmpty {
            head.removeSubrange(range)
        } else {
            let start = lastPieceStart
            precondition(range.lowerBound >= start, "only the last piece is cut")
            tail[tail.count - 1].removeSubrange((range.lowerBound - start)...)
        }
        count = range.lowerBound
    }

    /// Makes room for this many more elements, in one step. Pieces taken in
    /// are gathered into one first: each piece's reservation ends in a partly
    /// filled huge page, and a journal of many included files would keep two
    /// such pieces per file (its peak rose by a tenth at 1M transactions in
    /// ten files). One large file, the case pieces are for, asks only once.
    mutating func makeRoom(for extra: Int) {
        if !tail.isEmpty {
            var all = head
            head = []
            growCapacity(&all, by: count - all.count + extra)
            for k in tail.indices {
                all.append(contentsOf: tail[k])
                tail[k] = []
            }
            head = all
            tail = []
            tailStarts = []
        } else {
            growCapacity(&head, by: extra)
        }
    }

    /// Takes the pieces of `other` in at the end, as they are.
    mutating func adopt(_ other: consuming Pieces) {
        for piece in [other.head] + other.tail where !piece.isEmpty {
            if count == 0 {
                head = piece
            } else {
                tailStarts.append(count)
                tail.append(piece)
            }
            count += piece.count
        }
    }

    /// Changes every element in place, piece by piece.
    mutating func updateEach(_ body: (inout Element) -> Void) {
        head.withUnsafeMutableBufferPointer { for i in $0.indices { body(&$0[i]) } }
        for k in tail.indices {
            tail[k].withUnsafeMutableBufferPointer { for i in $0.indices { body(&$0[i]) } }
        }
    }
}
