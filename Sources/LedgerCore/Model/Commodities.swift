/// How a commodity's amounts are written: symbol side, spacing, precision.
package struct CommodityStyle: Sendable, Equatable {
    /// The symbol comes before the number (`$5`, `₩12,000`).
    public var symbolFirst = false
    /// A space between symbol and number.
    public var spaced = true
    /// Digits are grouped by thousands when printed.
    public var grouped = false
    /// The largest number of decimal places seen, or the declared one.
    public var precision = 0
    /// Places seen in costs and prices only (a fallback when no amount shows one).
    public var costPrecision = 0
    /// Precision fixed by a `commodity` directive.
    public var fixed = false
    /// An amount of this commodity has been seen (so `precision` means something).
    public var seenInAmount = false
    /// A cost or price in this commodity has been seen.
    public var seenInCost = false
}

/// Every commodity of a journal, interned, with its display style.
public struct CommodityTable: Sendable {
    package private(set) var table = NameTable()
    package var styles: [CommodityStyle] = []
    /// Commodities declared with a `commodity` directive, and where.
    public var declared: [Int32: SourceLocation] = [:]
    /// Commodities declared with the tag `currency:`.
    public var declaredCurrencies: Set<Int32> = []
    /// Booking methods set on `commodity` declarations (`booking: fifo`).
    public var booking: [Int32: BookingMethod] = [:]
    /// Commodities whose `commodity` directive writes a decimal comma (`1.000,00 EUR`).
    public var decimalCommaStyled: Set<Int32> = []

    public init() {
        _ = intern("")
    }

    /// The id of the empty commodity (amounts written without one).
    public static let none: Int32 = 0

    public var count: Int { table.count }
    public subscript(id: Int32) -> String { table[id] }

    /// The commodity interned last: a journal writes one commodity many times
    /// in a row. With its length and its first and last eight bytes, which
    /// are all of a symbol of sixteen bytes or fewer (`NameTable.edges`).
    private var last: Int32 = -1
    private var lastLength = -1
    private var lastEdges: (first: UInt64, last: UInt64) = (0, 0)

    public mutating func intern(_ p: UnsafeBufferPointer<UInt8>) -> Int32 {
        let edges = NameTable.edges(p)
        if p.count == lastLength, edges == lastEdges, p.count <= 16 || table.spells(last, p) { return last }
        let id = table.intern(p)
        if Int(id) == styles.count { styles.append(CommodityStyle()) }
        (last, lastLength, lastEdges) = (id, p.count, edges)
        return id
    }

    public mutating func intern(_ name: String) -> Int32 {
        var s = name
        return s.withUTF8 { intern($0) }
    }

    public func lookup(_ name: String) -> Int32? { table.lookup(name) }

    /// Display precision: declared, else the most places seen in amounts, else in costs.
    public func precision(_ id: Int32) -> Int {
        let s = styles[Int(id)]
        if s.fixed || s.seenInAmount { return s.precision }
        return s.costPrecision
    }

    /// hledger 1.25's display precision: the places of the `P` directives'
    /// prices count too, unless a `commodity` directive fixes them.
    package mutating func widenToPrices(_ prices: [MarketPrice]) {
        for p in prices {
            let c = Int(p.price.commodity)
            guard c >= 0, c < styles.count, !styles[c].fixed else { continue }
            let places = p.price.quantity.scale
            styles[c].precision = max(styles[c].precision, places)
            styles[c].costPrecision = max(styles[c].costPrecision, places)
        }
    }

    /// Records an amount seen in the input, widening the display precision.
    @inline(__always)
    public mutating func observe(_ id: Int32, scale: Int, symbolFirst: Bool, spaced: Bool, grouped: Bool) {
        // The common case changes nothing: the four fields it reads, not a copy of the style.
        let i = Int(id)
        if styles[i].seenInAmount, scale <= styles[i].precision || styles[i].fixed, !grouped || styles[i].grouped { return }
        widen(id, scale: scale, symbolFirst: symbolFirst, spaced: spaced, grouped: grouped)
    }

    /// `observe` where the amount changes the style.
    private mutating func widen(_ id: Int32, scale: Int, symbolFirst: Bool, spaced: Bool, grouped: Bool) {
        var s = styles[Int(id)]
        if !s.fixed {
            if !s.seenInAmount {
                s.symbolFirst = symbolFirst
                s.spaced = spaced
            }
            if scale > s.precision { s.precision = scale }
        }
        // A declared style (`commodity 1000,00€`, `D`) keeps its digit groups, or
        // their absence, as hledger shows it; else an amount written with them asks for them.
        if !s.fixed { s.grouped = s.grouped || grouped }
        s.seenInAmount = true
        styles[Int(id)] = s
    }

    /// Records a cost or price amount: only a fallback for the precision.
    public mutating func observeCost(_ id: Int32, scale: Int, symbolFirst: Bool, spaced: Bool) {
        var s = styles[Int(id)]
        s.seenInCost = true
        if scale > s.costPrecision { s.costPrecision = scale }
        if !s.seenInAmount && !s.fixed && s.costPrecision == scale {
            s.symbolFirst = symbolFirst
            s.spaced = spaced
        }
        styles[Int(id)] = s
    }

    /// Folds in the style a second parser saw for this commodity in a later
    /// part of the input (which declared no commodity), as if one parser had
    /// seen both parts in order.
    mutating func absorb(_ later: CommodityStyle, into id: Int32) {
        var s = styles[Int(id)]
        if later.seenInAmount {
            if !s.fixed {
                if !s.seenInAmount {
                    s.symbolFirst = later.symbolFirst
                    s.spaced = later.spaced
                }
                s.precision = max(s.precision, later.precision)
                // (A declared style keeps its digit groups, or their absence, as `observe` keeps them.)
                s.grouped = s.grouped || later.grouped
            }
        } else if later.seenInCost, !s.seenInAmount, !s.fixed, later.costPrecision >= s.costPrecision {
            // The last cost at the highest precision sets the style.
            s.symbolFirst = later.symbolFirst
            s.spaced = later.spaced
        }
        s.seenInAmount = s.seenInAmount || later.seenInAmount
        s.seenInCost = s.seenInCost || later.seenInCost
        s.costPrecision = max(s.costPrecision, later.costPrecision)
        styles[Int(id)] = s
    }

    /// The name as written in a journal: quoted when it must be to be read
    /// back (`"005930"`, `"S&P 500"`), else as it is (`USD`, `₩`).
    public func symbol(_ id: Int32) -> String {
        needsQuotes(id) ? "\"\(table[id])\"" : table[id]
    }

    /// True when the symbol must be quoted to be read back (`"005930"`, `"S&P 500"`).
    public func needsQuotes(_ id: Int32) -> Bool {
        let name = table[id]
        if name.isEmpty { return false }
        for b in name.utf8 where !CommodityTable.isSymbolByte(b) { return true }
        return false
    }
}

extension CommodityTable {
    /// A byte that may appear in an unquoted commodity symbol: not a digit,
    /// white space (space, tab, `\r`, `\n`), NUL, or any of
    /// `-+.,;:@=*!(){}[]"/` (`nonSymbolBytes`). Every byte of 0x80 or more
    /// is one (`₩`, `€`, Hangul).
    ///
    /// A bit per ASCII byte, looked up without a branch: a `switch` over
    /// these compiled to a jump through a table, once per byte of every
    /// amount (`AmountTests.testSymbolBytesAreAllButTheListedOnes`
    /// holds the bits to the list).
    @inline(__always) package static func isSymbolByte(_ b: UInt8) -> Bool {
        let word = b < 64 ? symbolBytesBelow64 : symbolBytesFrom64
        return b >= 0x80 || (word >> UInt64(b & 63)) & 1 != 0
    }

    /// The bytes below 0x80 that end a symbol (see `isSymbolByte`).
    package static let nonSymbolBytes: [UInt8] = Array("0123456789 \t\r\n\0-+.,;:@=*!(){}[]\"/".utf8)
    /// `isSymbolByte` of the bytes 0–63 and 64–127, bit `b & 63` each.
    private static var symbolBytesBelow64: UInt64 { 0xD000_00F8_FFFF_D9FE }
    private static var symbolBytesFrom64: UInt64 { 0xD7FF_FFFF_D7FF_FFFE }
}
