#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LedgerSystem

/// An array of plain values (no references, nothing to destroy) that, once
/// large, keeps them in pages of its own: it grows by moving its pages, not
/// by copying them, and another such array's pages can be moved onto its
/// end (`append(emptying:_:)`). A value, copied on write like `Array`.
///
/// This is for the check stream's movements and records, which a split
/// file's parsers fill at once (`Parser+Parallel.swift`). Copying the second
/// parser's part after the first's wrote it all again into pages the process
/// had never touched, and the system zeroes each such page first: on a
/// shared machine that zeroing cost up to twice the copy, all of it on one
/// core after both parsers were done. Moving the pages writes nothing new.
///
/// An array keeps its elements in `malloc`'s memory, as an `Array` would,
/// until asked for room in pages of its own (`reserveCapacity(_:inPages:)`,
/// for as much as `PagedStorage.mappedFrom` or more): only the check's read
/// of a file asks, for the arrays its parsers fill. A mapping costs the
/// system fresh pages, which `malloc` would have taken from memory freed
/// before: the editor's compiles, which make and drop such arrays at every
/// edit, keep to `malloc`. Where the system cannot move pages
/// (`LedgerSystem`: Linux only), every array is in `malloc`'s memory.
struct PagedArray<Element>: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    private var storage: PagedStorage<Element>

    init() {
        precondition(_isPOD(Element.self), "only plain values are kept in pages")
        storage = PagedStorage()
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    var count: Int { storage.count }
    var capacity: Int { storage.capacity }

    @inline(__always) subscript(position: Int) -> Element {
        get {
            precondition(UInt(bitPattern: position) < UInt(bitPattern: storage.count), "index out of range")
            return storage.base.unsafelyUnwrapped[position]
        }
        _modify {
            precondition(UInt(bitPattern: position) < UInt(bitPattern: storage.count), "index out of range")
            makeUnique()
            yield &storage.base.unsafelyUnwrapped[position]
        }
    }

    @inline(__always) mutating func append(_ element: Element) {
        if _slowPath(!isKnownUniquelyReferenced(&storage) || storage.count == storage.capacity) {
            reserve(storage.count + 1)
        }
        storage.base.unsafelyUnwrapped[storage.count] = element
        storage.count += 1
    }

    mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Element {
        let done: Void? = elements.withContiguousStorageIfAvailable { new in
            guard !new.isEmpty else { return }
            reserve(storage.count + new.count)
            if let from = new.baseAddress { (storage.base.unsafelyUnwrapped + storage.count).update(from: from, count: new.count) }
            storage.count += new.count
        }
        if done == nil { for e in elements { append(e) } }
    }

    mutating func reserveCapacity(_ n: Int) { reserve(n) }

    /// Room for at least `n` elements; in pages of its own when `inPages`
    /// and that is `PagedStorage.mappedFrom` bytes or more (once there, it
    /// grows there).
    mutating func reserveCapacity(_ n: Int, inPages: Bool) {
        if inPages, !storage.mapsFromNowOn {
            // (On storage of its own: a copy that shares it keeps to `malloc`.)
            makeUnique()
            storage.mapsFromNowOn = true
        }
        reserve(n)
    }

    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with new: C) where C.Element == Element {
        precondition(range.lowerBound >= 0 && range.upperBound <= storage.count, "range out of range")
        let added = new.count, newCount = storage.count - range.count + added
        reserve(newCount)
        guard let base = storage.base else { return }
        if added != range.count, range.upperBound < storage.count {
            (base + range.lowerBound + added).update(from: base + range.upperBound, count: storage.count - range.upperBound)
        }
        var i = range.lowerBound
        for e in new {
            base[i] = e
            i += 1
        }
        storage.count = newCount
    }

    mutating func removeAll(keepingCapacity keep: Bool = false) {
        if keep, isKnownUniquelyReferenced(&storage) { storage.count = 0 } else { self = PagedArray() }
    }

    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    mutating func withUnsafeMutableBufferPointer<R>(_ body: (inout UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        makeUnique()
        var buffer = UnsafeMutableBufferPointer(start: storage.base, count: storage.count)
        return try body(&buffer)
    }

    /// The elements as an `Array`, copied at once (not one at a time, as `Array(_:)` would).
    var array: [Element] { withUnsafeBufferPointer { Array($0) } }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }

    /// Appends `other`'s elements, each changed by `change`, and leaves
    /// `other` empty. Where both keep their elements in pages of their own,
    /// `other`'s pages are moved onto this array's end, and the elements
    /// moved down by less than a page (a few, for an element whose size
    /// does not divide a page's) as they are changed: no page is copied,
    /// and at most those few the process had not touched are written. Returns
    /// whether the pages were moved (else the elements were copied).
    @discardableResult
    mutating func append(emptying other: inout PagedArray, _ change: (inout Element) -> Void) -> Bool {
        let n = other.count
        guard n > 0 else { return false }
        reserveCapacity(storage.count + n, inPages: other.storage.isMapped)
        if isKnownUniquelyReferenced(&other.storage), storage.takePages(of: other.storage) {
            let base = storage.base.unsafelyUnwrapped, at = storage.count, gap = storage.movedGap
            for i in 0..<n {
                base[at + i] = base[at + gap + i]
                change(&base[at + i])
            }
            storage.count += n
            other = PagedArray()
            return true
        }
        let base = storage.base.unsafelyUnwrapped, at = storage.count
        other.withUnsafeBufferPointer { theirs in
            for i in 0..<n {
                base[at + i] = theirs[i]
                change(&base[at + i])
            }
        }
        storage.count += n
        other = PagedArray()
        return false
    }

    /// Room for at least `n` elements, in storage of this array's own.
    private mutating func reserve(_ n: Int) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(capacity: Swift.max(n, storage.count))
        }
        if n > storage.capacity { storage.grow(to: Swift.max(n, storage.capacity * 2)) }
    }

    @inline(__always) private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.count) }
    }
}

/// Room for `extra` more elements, at least doubling (as `growCapacity` for
/// an `Array`); `inPages`: in pages of its own from now on.
func growCapacity<T>(_ array: inout PagedArray<T>, by extra: Int, inPages: Bool = false) {
    let needed = array.count + extra
    array.reserveCapacity(array.capacity < needed ? max(needed, array.capacity * 2) : needed, inPages: inPages)
}

extension PagedArray: Equatable where Element: Equatable {
    static func == (a: PagedArray, b: PagedArray) -> Bool { a.elementsEqual(b) }
}

/// A `PagedArray`'s elements: `malloc`'s memory while small, a mapping of
/// its own (`mmap`) once large.
final class PagedStorage<Element>: @unchecked Sendable {
    var base: UnsafeMutablePointer<Element>?
    var count = 0
    private(set) var capacity = 0
    /// The size of its mapping, or 0 while it is in `malloc`'s memory.
    private var mappedBytes = 0
    /// The parts of its mapping that the system keeps apart (each moved in
    /// by `takePages`, and what was around them), as byte ranges: pages are
    /// moved a part at a time, since one call moves only pages of one part.
    private var parts: [Range<Int>] = []
    /// Whether it is a mapping of its own.
    var isMapped: Bool { mappedBytes > 0 }
    /// After `takePages(of:)`: how many elements past `count` the moved ones start.
    private(set) var movedGap = 0

    /// A transparent huge page: mappings of half one or more are made of whole ones.
    static var hugePage: Int { 2 << 20 }
    /// Storage at least this large is a mapping of its own, when asked for.
    static var mappedFrom: Int { 1 << 18 }
    /// Whether it grows into a mapping of its own once large enough (`reserveCapacity(_:inPages:)`).
    var mapsFromNowOn = false

    init() {}

    deinit {
        guard let base else { return }
        // (One call unmaps every part.)
        if mappedBytes > 0 { munmap(base, mappedBytes) } else { free(base) }
    }

    /// A copy of the elements, with room for `capacity`.
    func copy(capacity: Int) -> PagedStorage {
        let c = PagedStorage()
        c.mapsFromNowOn = mapsFromNowOn
        c.grow(to: max(capacity, count))
        if let from = base, let to = c.base { to.update(from: from, count: count) }
        c.count = count
        return c
    }

    /// Room for `n` elements: `realloc` while small; then a mapping, grown
    /// by moving its pages (`mremap`) where the system can.
    func grow(to n: Int) {
        let stride = MemoryLayout<Element>.stride
        let bytes = n * stride
        #if os(Linux)
        if bytes >= PagedStorage.mappedFrom, mapsFromNowOn || mappedBytes > 0 {
            var size = (bytes + pageSize - 1) & ~(pageSize - 1)
            // (From a megabyte, whole huge pages: a piece's arrays are faulted in 2 MB at a time, not 4 KB.)
            if size >= PagedStorage.hugePage / 2 { size = (size + PagedStorage.hugePage - 1) & ~(PagedStorage.hugePage - 1) }
            if mappedBytes > 0, parts.count == 1, let old = base, let grown = ledger_grow_mapping(old, mappedBytes, size) {
                base = grown.assumingMemoryBound(to: Element.self)
                parts = [0..<size]
            } else {
                let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                guard let mapped, mapped != MAP_FAILED else { fatalError("out of memory: \(size) bytes") }
                if let old = base {
                    if mappedBytes > 0 {
                        // Each part's pages to the same place in the new mapping (copied only where the system refuses).
                        for part in parts where !part.isEmpty {
                            let from = UnsafeMutableRawPointer(old) + part.lowerBound, to = mapped + part.lowerBound
                            if ledger_move_pages(from, part.count, to) != 0 {
                                to.copyMemory(from: from, byteCount: part.count)
                                munmap(from, part.count)
                            }
                        }
                        parts.append(mappedBytes..<size)
                    } else {
                        mapped.copyMemory(from: old, byteCount: count * stride)
                        free(old)
                        parts = [0..<size]
                    }
                } else {
                    parts = [0..<size]
                }
                base = mapped.assumingMemoryBound(to: Element.self)
            }
            mappedBytes = size
            capacity = size / stride
            adviseHugePages(UnsafeMutableRawBufferPointer(start: base, count: size), from: PagedStorage.hugePage)
            return
        }
        #endif
        guard let grown = realloc(base, max(bytes, 1)) else { fatalError("out of memory: \(bytes) bytes") }
        base = grown.assumingMemoryBound(to: Element.self)
        capacity = n
    }

    /// Moves `other`'s pages onto the end of this mapping, past the page
    /// its elements end in (past the few pages, for an element whose size
    /// does not divide a page's: at a whole number of elements and of
    /// pages); sets `movedGap` to where they land, in elements past
    /// `count`. False (nothing moved) unless both are mappings and the
    /// system moves pages.
    func takePages(of other: PagedStorage) -> Bool {
        #if os(Linux)
        let stride = MemoryLayout<Element>.stride
        let align = PagedStorage.pagesAlign
        guard mappedBytes > 0, other.mappedBytes > 0, align > 0, let theirs = other.base else { return false }
        let used = count * stride, at = (used + align - 1) / align * align
        let moved = (other.count * stride + pageSize - 1) & ~(pageSize - 1)
        if mappedBytes < at + moved { grow(to: (at + moved) / stride) }
        guard mappedBytes >= at + moved, let mine = base else { return false }
        // Its parts' pages that hold elements, one part at a time (a part the
        // system refuses to move is copied: the pages it would have replaced are still there).
        let theirParts = other.parts.compactMap { $0.clamped(to: 0..<moved).isEmpty ? nil : $0.clamped(to: 0..<moved) }
        guard theirParts.map(\.count).reduce(0, +) == moved else { return false }
        for part in theirParts {
            let from = UnsafeMutableRawPointer(theirs) + part.lowerBound, to = UnsafeMutableRawPointer(mine) + at + part.lowerBound
            if ledger_move_pages(from, part.count, to) != 0 { to.copyMemory(from: from, byteCount: part.count) }
        }
        // This mapping's parts, cut around the pages moved in, which are parts of their own.
        var cut: [Range<Int>] = []
        for part in parts {
            if part.lowerBound < at { cut.append(part.lowerBound..<min(part.upperBound, at)) }
            if part.upperBound > at + moved { cut.append(max(part.lowerBound, at + moved)..<part.upperBound) }
        }
        parts = (cut + theirParts.map { (at + $0.lowerBound)..<(at + $0.upperBound) }).sorted { $0.lowerBound < $1.lowerBound }
        // What is left of its mapping: past the pages moved, and any copied.
        munmap(theirs, other.mappedBytes)
        other.base = nil
        other.mappedBytes = 0
        other.capacity = 0
        other.count = 0
        other.parts = []
        movedGap = (at - used) / stride
        return true
        #else
        return false
        #endif
    }
}

/// The system's page size.
private let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

extension PagedStorage {
    /// Where pages moved in may land: the least multiple of both the page
    /// size and the element's size (a page for 8 bytes, three for 24), or 0
    /// when that is more than 16 pages (such an array's pages are copied).
    static var pagesAlign: Int {
        let stride = MemoryLayout<Element>.stride
        var (a, b) = (pageSize, stride)
        while b != 0 { (a, b) = (b, a % b) }
        let lcm = pageSize / a * stride
        return lcm <= 16 * pageSize ? lcm : 0
    }
}
