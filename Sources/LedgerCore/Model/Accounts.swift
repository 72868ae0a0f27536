/// What kind of account a name is, which reports use to tell income from expenses.
public enum AccountType: String, Sendable, CaseIterable {
    case asset, liability, equity, income, expense

    /// Parses a `type:` tag value: a full name or its letter (A L E R X).
    public init?(tag: String) {
        switch tag.lowercased() {
        case "asset", "assets", "a": self = .asset
        case "liability", "liabilities", "l": self = .liability
        case "equity", "e": self = .equity
        case "income", "revenue", "revenues", "r": self = .income
        case "expense", "expenses", "x": self = .expense
        case "cash", "c": self = .asset
        case "conversion", "v": self = .equity
        default: return nil
        }
    }

    /// The name hledger 1.25 reads in a `type:` tag (it has no `income`).
    public var hledgerName: String {
        switch self {
        case .asset: return "Asset"
        case .liability: return "Liability"
        case .equity: return "Equity"
        case .income: return "Revenue"
        case .expense: return "Expense"
        }
    }

    /// The type implied by the first name of an account path, if any.
    public init?(rootName: String) {
        switch rootName.lowercased() {
        case "assets", "asset", "자산": self = .asset
        case "liabilities", "liability", "부채": self = .liability
        case "equity", "자본": self = .equity
        case "income", "revenue", "revenues", "수입", "수익": self = .income
        case "expenses", "expense", "지출", "비용": self = .expense
        default: return nil
        }
    }
}

/// Every account of a journal, interned; parents are interned too so that
/// reports can roll balances up the tree.
public struct AccountTable: Sendable {
    /// The most levels an account name may have (`a:b:c` has 3). Every level
    /// is interned with its full name, so this bounds memory per name.
    public static let deepestLevel = 100

    package private(set) var table = NameTable()
    /// Parent id of each account, -1 for a top-level account.
    public private(set) var parent: [Int32] = []
    /// Depth of each account: 1 for a top-level account.
    public private(set) var depth: [Int32] = []
    /// Type declared with `account NAME ; type: T`.
    public var declaredType: [Int32: AccountType] = [:]
    /// Accounts declared with an `account` directive, and where.
    public var declared: [Int32: SourceLocation] = [:]
    /// Accounts declared `type: C` (cash: hledger's `cashflow` shows them).
    public var declaredCash: Set<Int32> = []
    /// Accounts whose declaration carries the tag `allow-negative:`.
    public var allowsNegative: Set<Int32> = []
    /// Where each account is first used by a posting (nil for parents only
    /// implied by a deeper name, and accounts only declared).
    public private(set) var firstUse: [SourceLocation?] = []
    /// Accounts that some posting names without an amount (the amount is
    /// inferred): where a name that ends in an amount is a typo, not a name.
    public private(set) var usedWithoutAmount: [Bool] = []

    public init() {}

    public var count: Int { table.count }
    public subscript(id: Int32) -> String { table[id] }

    /// Interns an account name (and its parents) from source bytes.
    public mutating func intern(_ p: UnsafeBufferPointer<UInt8>) -> Int32 {
        let before = table.count
        let id = table.intern(p)
        if table.count > before { registerNew(id, bytes: p) }
        return id
    }

    public mutating func intern(_ name: String) -> Int32 {
        var s = name
        return s.withUTF8 { intern($0) }
    }

    public func lookup(_ name: String) -> Int32? { table.lookup(name) }

    /// Records a posting's use of the account, if it is the first.
    @inline(__always) public mutating func noteUse(_ id: Int32, at location: @autoclosure () -> SourceLocation) {
        if firstUse[Int(id)] == nil { firstUse[Int(id)] = location() }
    }

    /// Records a posting to the account that has no amount of its own.
    @inline(__always) public mutating func noteUseWithoutAmount(_ id: Int32) {
        usedWithoutAmount[Int(id)] = true
    }

    private mutating func registerNew(_ id: Int32, bytes p: UnsafeBufferPointer<UInt8>) {
        // Parents first, so that a parent's id is known; ids stay dense.
        parent.append(-1)
        depth.append(1)
        firstUse.append(nil)
        usedWithoutAmount.append(false)
        var lastColon = -1
        for i in stride(from: p.count - 1, through: 0, by: -1) where p[i] == 0x3A {
            lastColon = i
            break
        }
        if lastColon > 0 {
            let parentId = intern(UnsafeBufferPointer(rebasing: p[0..<lastColon]))
            parent[Int(id)] = parentId
            depth[Int(id)] = depth[Int(parentId)] + 1
        }
    }

    /// The account's type: declared on it or an ancestor, else from its root name.
    public func type(of id: Int32) -> AccountType? {
        var a = id
        while a >= 0 {
            if let t = declaredType[a] { return t }
            if parent[Int(a)] < 0 { break }
            a = parent[Int(a)]
        }
        let root = table[a]
        return AccountType(rootName: root)
    }

    /// Every account's type (`type(of:)`), by id, each root's name read once
    /// (`type(of:)` reads it again for every account under it).
    public func types() -> [AccountType?] {
        // nil: not known yet; .some(nil): known to have no type.
        var known = [AccountType??](repeating: nil, count: count)
        var path: [Int32] = []
        for id in 0..<Int32(count) where known[Int(id)] == nil {
            var a = id
            var type: AccountType?
            while true {
                if let k = known[Int(a)] { type = k; break }
                path.append(a)
                if let t = declaredType[a] { type = t; break }
                if parent[Int(a)] < 0 { type = AccountType(rootName: table[a]); break }
                a = parent[Int(a)]
            }
            for p in path { known[Int(p)] = .some(type) }
            path.removeAll(keepingCapacity: true)
        }
        return known.map { $0 ?? nil }
    }

    /// The ancestor of `id` at `depth` levels (or `id` itself if shallower).
    public func ancestor(of id: Int32, atDepth limit: Int) -> Int32 {
        var a = id
        while depth[Int(a)] > limit { a = parent[Int(a)] }
        return a
    }

    /// True if `id` is `ancestor` or below it.
    public func isSelfOrDescendant(_ id: Int32, of ancestor: Int32) -> Bool {
        var a = id
        while a >= 0 {
            if a == ancestor { return true }
            a = parent[Int(a)]
        }
        return false
    }
}

/// The last segment of an account name, as a tree shows it: the text after
/// its last `:` (empty for a name that ends in one, as `a::` can).
func leafName(of name: String) -> Substring {
    guard let colon = name.lastIndex(of: ":") else { return name[...] }
    return name[name.index(after: colon)...]
}

extension AccountTable {
    /// An account as a tree shows it: its leaf indented two spaces per level
    /// below the top, or its full name when `flat` (or at the top).
    package func treeLabel(_ id: Int32, flat: Bool) -> String {
        let name = self[id], depth = Int(self.depth[Int(id)])
        if flat || depth <= 1 { return name }
        return String(repeating: "  ", count: depth - 1) + leafName(of: name)
    }
}

extension AccountTable {
    /// hledger's cash accounts: those declared `type: C`; without any, the
    /// asset accounts whose names say so (`assets:bank`, `assets:cash`,
    /// `assets:checking`, `assets:savings`, `assets:current`...).
    package func hledgerCash() -> (Int32) -> Bool {
        if !declaredCash.isEmpty {
            return { id in
                var a = id
                while a >= 0 {
                    if self.declaredCash.contains(a) { return true }
                    if self.declaredType[a] != nil { return false }
                    a = self.parent[Int(a)]
                }
                return false
            }
        }
        // hledger 1.25's inference of the Cash type from a name.
        let cash = try? LinearRegex("^assets?(:.+)?:(cash|bank|che(ck|que?)(ing)?|savings?|current)(:|$)")
        return { id in cash?.matches(self[id]) ?? false }
    }

    /// The letters hledger 1.25's `accounts --types` shows: A L E R X, C for
    /// cash (and what a `type:` query term reads).
    package func hledgerTypeLetters() -> (Int32) -> String {
        let cash = hledgerCash()
        // hledger 1.25's inference of the Conversion type from a name.
        let conversion = try? LinearRegex("^equity:(trad(e|es|ing)|conversion)s?(:|$)")
        return { id in
            guard let type = self.type(of: id) else { return "" }
            if type == .asset && cash(id) { return "C" }
            if type == .equity && conversion?.matches(self[id]) == true { return "V" }
            switch type {
            case .asset: return "A"
            case .liability: return "L"
            case .equity: return "E"
            case .income: return "R"
            case .expense: return "X"
            }
        }
    }
}
