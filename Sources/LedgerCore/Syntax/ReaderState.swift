/// How the lines from here on read: everything a directive sets that changes
/// what a later line means. One value, so that saving and restoring it is an
/// assignment and "nothing carried over" is a comparison.
struct ReaderState: Equatable {
    /// What holds for the rest of one file only: restored when an included
    /// file ends.
    struct FileScoped: Equatable {
        /// `decimal-mark ,` is in effect.
        var decimalComma = false
        /// `Y`/`year`: the year of dates written without one.
        var defaultYear: Int?
    }

    /// An `alias OLD = NEW` rule.
    struct Alias: Equatable {
        var old: String
        var new: String
    }

    var file = FileScoped()
    /// `D AMOUNT`: the commodity of amounts written without one.
    var defaultCommodity: Int32?
    /// `alias OLD = NEW` rules in effect, in order of definition.
    private(set) var aliases: [Alias] = []
    /// The places in `aliases` of each plain alias, by its old name, and of
    /// the `/REGEX/` ones: a name finds the aliases that may rename it
    /// without asking every one (20,000 aliases over 20,000 names took 11 s).
    private(set) var plainAliasPlaces: [String: [Int]] = [:]
    private(set) var regexAliasPlaces: [Int] = []

    mutating func addAlias(_ alias: Alias, isRegex: Bool) {
        if isRegex {
            regexAliasPlaces.append(aliases.count)
        } else {
            plainAliasPlaces[alias.old, default: []].append(aliases.count)
        }
        aliases.append(alias)
    }

    mutating func removeAliases() {
        aliases.removeAll()
        plainAliasPlaces.removeAll()
        regexAliasPlaces.removeAll()
    }
    /// The `apply account PREFIX` prefixes applied, joined (`a:b`): what a name in their scope starts with.
    private(set) var joinedAccountPrefix = ""
    /// For each prefix in effect, innermost last, the joined prefix's length before it; nil for one not applied.
    private var joinedLengths: [Int?] = []
    /// Whether an `apply account` is in effect (applied or not: names then take the general path).
    var hasAccountPrefixes: Bool { !joinedLengths.isEmpty }
    /// The longest joined prefix, in bytes: each name in its scope is
    /// interned with it, so a longer one cost every posting (5,000 nested
    /// `apply account` over 5,000 postings, 400 KB: 18 s and 574 MB).
    static let longestAccountPrefix = 1_000

    /// Applies `prefix` inside the ones in effect; false (not applied, but
    /// kept for its `end apply account`) when the names would pass
    /// `longestAccountPrefix` bytes or `AccountTable.deepestLevel` levels.
    mutating func pushAccountPrefix(_ prefix: String) -> Bool {
        let joined = joinedAccountPrefix.isEmpty ? prefix : joinedAccountPrefix + ":" + prefix
        guard joined.utf8.count <= ReaderState.longestAccountPrefix,
              joined.utf8.count(where: { $0 == UInt8(ascii: ":") }) + 1 < AccountTable.deepestLevel else {
            joinedLengths.append(nil)
            return false
        }
        joinedLengths.append(joinedAccountPrefix.utf8.count)
        joinedAccountPrefix = joined
        return true
    }

    /// `end apply account`: the innermost prefix ends.
    mutating func popAccountPrefix() {
        guard let last = joinedLengths.popLast() else { return }
        if let length = last {
            joinedAccountPrefix = String(decoding: joinedAccountPrefix.utf8.prefix(length), as: UTF8.self)
        }
    }
    /// Commodities whose `commodity` directive writes a decimal comma (`1.000,00 EUR`).
    var commaCommodities: Set<Int32> = []

    /// True when nothing is in effect that changes how a line reads, apart
    /// from the year of year-less dates (a file split in two reads the same
    /// either way only then).
    var isFresh: Bool {
        var other = self
        other.file.defaultYear = nil
        return other == ReaderState()
    }
}
