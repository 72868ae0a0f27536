/// A change in length carried by the lines after an edit: the lines from
/// `from` on start `by` bytes later than a table of line starts says.
struct LineShift: Equatable {
    /// The first line moved (0-based).
    var from: Int
    /// By how many bytes.
    var by: Int32

    /// No line moved.
    static let none = LineShift(from: Int.max, by: 0)

    /// `starts` with the lines moved.
    func apply(to starts: inout [Int32]) {
        guard by != 0, from < starts.count else { return }
        let by = self.by, from = self.from
        starts.withUnsafeMutableBufferPointer { s in
            for i in from..<s.count { s[i] &+= by }
        }
    }
}

/// Where each line of a file starts (0-based lines, byte offsets), as the
/// file holds them between an editor's edits: a table, and the change in
/// length still to apply to the lines after the last edits. Typing on one
/// line changes the shift, not the table.
struct ShiftedLineStarts {
    private(set) var stored: [Int32]
    private(set) var shift: LineShift

    init(stored: [Int32], shift: LineShift) {
        self.stored = stored
        self.shift = shift
    }

    var count: Int { stored.count }

    /// Where line `line` starts.
    @inline(__always) subscript(line: Int) -> Int {
        Int(stored[line]) + (line >= shift.from ? Int(shift.by) : 0)
    }

    /// The first line that starts after `offset`; `count` when none does.
    func firstLine(startingAfter offset: Int) -> Int {
        var lo = 0, hi = stored.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] > offset { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The line starts after `range` was replaced by `text`: the lines that
    /// start at or before the edit stay, those whose line break it replaced
    /// go, the edit's own are put in, and the lines after it move by the
    /// change in length. An edit with no line break in what it replaces or
    /// puts in, on the line the last edits were on, only adds to the shift;
    /// any other applies the shift to the table first.
    mutating func replace(_ range: Range<Int>, with text: [UInt8]) {
        let kept = firstLine(startingAfter: range.lowerBound)
        let moved = firstLine(startingAfter: range.upperBound)
        var added: [Int32] = []
        for (i, b) in text.enumerated() where b == 0x0A { added.append(Int32(range.lowerBound + i + 1)) }
        let delta = Int32(text.count - range.count)
        if kept == moved, added.isEmpty, shift.by == 0 || shift.from == kept {
            shift = LineShift(from: kept, by: shift.by + delta)
        } else {
            shift.apply(to: &stored)
            stored.replaceSubrange(kept..<moved, with: added)
            shift = LineShift(from: kept + added.count, by: delta)
        }
        if shift.by == 0 { shift = .none }
    }
}
