#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A quantity of one commodity.
public struct Amount: Hashable, Sendable {
    public var quantity: ExactDecimal
    public var commodity: Int32

    public init(_ quantity: ExactDecimal, _ commodity: Int32) {
        self.quantity = quantity
        self.commodity = commodity
    }
}

/// `*` cleared, `!` pending, or nothing.
public enum Status: UInt8, Sendable {
    case unmarked, pending, cleared

    /// The word used in CSV and JSON: `cleared`, `pending` or empty.
    public var word: String {
        switch self {
        case .unmarked: return ""
        case .pending: return "pending"
        case .cleared: return "cleared"
        }
    }
}

/// `(ACCOUNT)` need not balance; `[ACCOUNT]` balances with the other bracketed postings.
public enum VirtualKind: UInt8, Sendable {
    case real, unbalanced, balanced
}

/// The price paid for a posting's amount: `@ UNIT` or `@@ TOTAL`.
public struct Cost: Sendable, Hashable {
    public var amount: Amount
    /// True for `@@` (the amount is the total, not per unit).
    public var isTotal: Bool
}

/// A balance assertion `= AMOUNT` (or an assignment when the posting has no amount).
public struct BalanceAssertion: Sendable {
    public var amount: Amount
    /// `==`: the account must hold no other commodity.
    public var isTotal: Bool
    /// `=*`: sub-accounts are included.
    public var includesSubaccounts: Bool
    public var location: SourceLocation
    /// `= 4 ABC @@ 400 USD`: a cost after the amount, as hledger reads it. An
    /// assertion checks the amount alone; an assignment gives the amount it
    /// posts this cost.
    public var cost: Cost? = nil
}

/// Tags as written in comments, in order: `key: value` and `:tag:`.
public typealias Tags = [(key: String, value: String)]

/// The parts of a posting that few postings have, kept out of line so that
/// `Posting` stays small. Immutable: setters on `Posting` make a new one.
final class PostingDetails: Sendable {
    let cost: Cost?
    let lotCost: Cost?
    let assertion: BalanceAssertion?
    let comment: String?
    let lotDate: CivilDate?

    init(cost: Cost?, lotCost: Cost?, assertion: BalanceAssertion?, comment: String?, lotDate: CivilDate? = nil) {
        self.cost = cost
        self.lotCost = lotCost
        self.assertion = assertion
        self.comment = comment
        self.lotDate = lotDate
    }
}

/// One line of a transaction: an account and (after checking) its amount.
///
/// Stored in 48 bytes (a journal holds millions): the amount's parts inline,
/// the rarer cost, lot cost, assertion and comment in one shared box.
public struct Posting: Sendable {
    // Field order is the memory layout: the flags and the commodity fill the
    // tail of the 17-byte decimal.
    private var quantity: ExactDecimal = .zero
    public var virtual: VirtualKind = .real
    public var status: Status = .unmarked
    private var flags: UInt8 = 0
    private var commodity: Int32 = 0
    public var account: Int32
    /// Where the account name starts.
    public var location: SourceLocation
    private var amountOffset: Int32
    private var details: PostingDetails?

    private static let hasAmountFlag: UInt8 = 1, inferredFlag: UInt8 = 2

    public init(account: Int32, location: SourceLocation) {
        self.account = account
        self.location = location
        self.amountOffset = location.offset
    }

    /// Nil only until the checker infers it (or for a balance assignment).
    public var amount: Amount? {
        get { flags & Posting.hasAmountFlag != 0 ? Amount(quantity, commodity) : nil }
        set {
            if let a = newValue {
                quantity = a.quantity
                commodity = a.commodity
                flags |= Posting.hasAmountFlag
            } else {
                quantity = .zero
                commodity = 0
                flags &= ~Posting.hasAmountFlag
            }
        }
    }

    /// The amount was filled in by the compiler.
    public var isInferred: Bool {
        get { flags & Posting.inferredFlag != 0 }
        set { flags = newValue ? flags | Posting.inferredFlag : flags & ~Posting.inferredFlag }
    }

    /// A real posting with no cost, lot cost, assertion or comment.
    var isPlain: Bool { details == nil && virtual == .real }

    /// Where the amount starts (the account's place when there is none).
    public var amountLocation: SourceLocation {
        get { SourceLocation(file: Int(location.file), offset: Int(amountOffset)) }
        set { amountOffset = newValue.offset }
    }

    public var cost: Cost? {
        get { details?.cost }
        set { setDetails(newValue, lot, assertion, comment, lotDate) }
    }
    /// The lot date as written (`[2025-01-10]` or `{2025-01-10}`): a purchase's
    /// lot is dated so; a sale takes from the lot of that date.
    public var lotDate: CivilDate? {
        get { details?.lotDate }
        set { setDetails(cost, lot, assertion, comment, newValue) }
    }
    /// The lot annotation as written: `{UNIT}`, or `{{TOTAL}}` (`isTotal`), kept for investments.
    public var lot: Cost? {
        get { details?.lotCost }
        set { setDetails(cost, newValue, assertion, comment, lotDate) }
    }
    /// The commodity of the lot cost, if any.
    public var lotCommodity: Int32? { details?.lotCost?.amount.commodity }
    public var assertion: BalanceAssertion? {
        get { details?.assertion }
        set { setDetails(cost, lot, newValue, comment, lotDate) }
    }
    public var comment: String? {
        get { details?.comment }
        set { setDetails(cost, lot, assertion, newValue, lotDate) }
    }

    /// Maps account and commodity ids into another journal's tables.
    mutating func remap(accounts: [Int32], commodities: [Int32]) {
        account = accounts[Int(account)]
        commodity = commodities[Int(commodity)]
        guard let d = details else { return }
        func mapped(_ a: Amount) -> Amount { Amount(a.quantity, commodities[Int(a.commodity)]) }
        details = PostingDetails(cost: d.cost.map { Cost(amount: mapped($0.amount), isTotal: $0.isTotal) },
                                 lotCost: d.lotCost.map { Cost(amount: mapped($0.amount), isTotal: $0.isTotal) },
                                 assertion: d.assertion.map { var a = $0; a.amount = mapped(a.amount); return a },
                                 comment: d.comment, lotDate: d.lotDate)
    }

    private mutating func setDetails(_ cost: Cost?, _ lotCost: Cost?, _ assertion: BalanceAssertion?, _ comment: String?, _ lotDate: CivilDate?) {
        if cost == nil, lotCost == nil, assertion == nil, comment == nil, lotDate == nil {
            details = nil
        } else {
            details = PostingDetails(cost: cost, lotCost: lotCost, assertion: assertion, comment: comment, lotDate: lotDate)
        }
    }
    /// Tags of the posting's comment (read from it on demand).
    public var tags: Tags { comment.map(parseTags) ?? [] }
}

/// Which rule and occurrence produced a generated transaction.
public struct GeneratedFrom: Sendable {
    public var rule: Int32
    public var occurrence: Int32
}

/// A dated entry with postings that balance.
public struct Transaction: Sendable {
    public var date: CivilDate
    public var date2: CivilDate?
    public var status: Status = .unmarked
    public var code: String?
    public var description: String
    public var comment: String?
    /// Tags of the transaction's comment (read from it on demand).
    public var tags: Tags { comment.map(parseTags) ?? [] }
    public var postings: [Posting] = []
    /// Where the transaction's first line starts.
    public var location: SourceLocation
    /// Set for transactions materialized from a `repeat` rule.
    public var generated: GeneratedFrom?
    /// Set for the new shares of a `split` directive (`Ledger.split(of:)`
    /// finds it). A flag, not an index: it fits in the padding after `generated`.
    public var isSplit = false
    /// Balanced already, exactly, where it was read: in a chunk of a large
    /// file, read once and kept between compiles (`Checker.balanceExactly`).
    /// The checker does not balance it again.
    var isBalanced = false

    public init(date: CivilDate, description: String, location: SourceLocation) {
        self.date = date
        self.description = description
        self.location = location
    }

    /// The part of the description before `|`, untrimmed and without a
    /// copy: the one rule for the payee (`payee` trims it).
    var payeeSlice: Substring { Transaction.payeeSlice(of: description) }

    /// `payeeSlice` of a description (for a loop that reads only the description).
    static func payeeSlice(of description: String) -> Substring {
        guard let bar = barIndex(of: description) else { return description[...] }
        return description[..<bar]
    }

    /// The part of the description before `|`, trimmed.
    public var payee: String {
        guard let bar = barIndex else { return description }
        return String(description[..<bar]).trimmingSpaces
    }

    /// The part after `|`, if any.
    public var note: String? {
        guard let bar = barIndex else { return nil }
        return String(description[description.index(after: bar)...]).trimmingSpaces
    }

    /// Where the description's `|` is, found with `memchr` (most have none).
    private var barIndex: String.Index? { Transaction.barIndex(of: description) }

    private static func barIndex(of description: String) -> String.Index? {
        var d = description
        let offset: Int? = d.withUTF8 { b in
            guard b.count > 0, let p = memchr(b.baseAddress!, 0x7C, b.count) else { return nil }
            return b.baseAddress!.distance(to: p.assumingMemoryBound(to: UInt8.self))
        }
        return offset.map { description.utf8.index(description.startIndex, offsetBy: $0) }
    }

    /// The value of the first tag with this key (`key` in lower case; tags compare case-insensitively).
    public func tag(_ key: String) -> String? { Transaction.tag(key, in: comment) }

    /// `tag(_:)` of a comment (for a loop that reads only the comment).
    static func tag(_ key: String, in comment: String?) -> String? {
        guard let comment, containsIgnoringASCIICase(comment, key, followedBy: 0x3A) else { return nil }
        return parseTags(comment).first { $0.key.lowercased() == key }?.value
    }
}

/// How often a `repeat` rule recurs: a count of days or months per step.
public struct Schedule: Sendable, Equatable {
    public var unit: CalendarUnit
    public var every: Int

    public init(_ unit: CalendarUnit, every: Int = 1) {
        self.unit = unit
        self.every = every
    }

    /// Days per step for day/week schedules; nil for month-based ones.
    public var stepDays: Int? {
        switch unit {
        case .day: return every
        case .week: return 7 * every
        default: return nil
        }
    }

    /// Months per step for month-based schedules.
    public var stepMonths: Int {
        switch unit {
        case .month: return every
        case .quarter: return 3 * every
        case .year: return 12 * every
        default: return 0
        }
    }

    /// Step `k` from `anchor`, computed from the anchor (never from the step
    /// before): days and weeks by days; months, quarters and years on day
    /// `day` of the month they land in, or its last day when shorter (Jan 31
    /// → Feb 28 → Mar 31, never drifting). Nil past year 9999. The one
    /// stepping of `repeat` rules and `~` periods.
    public func step(_ k: Int, from anchor: CivilDate, day: Int) -> CivilDate? {
        if let days = stepDays {
            let d = Int(anchor.day) + k * days
            guard d < Int(CivilDate.lastDay.day) else { return nil }
            return CivilDate(day: Int32(d))
        }
        return anchor.adding(months: k * stepMonths, dayOfMonth: day)
    }
}

/// A `repeat` rule: a transaction template that recurs from an anchor date.
public struct RepeatRule: Sendable {
    public var schedule: Schedule
    public var anchor: CivilDate
    public var until: CivilDate?
    public var count: Int?
    /// `on last day`, `on 2nd friday`: the day of each occurrence's month.
    public var day: DayOfMonth?
    /// `shift before weekend`: how occurrences move off non-business days.
    public var shift: BusinessDayShift?
    /// The template: date is the anchor, postings as written (checked once).
    public var template: Transaction
    public var description: String { template.description }
    public var location: SourceLocation
    /// Byte offset in the rule's file where its header's status, code,
    /// description and comment start: `materialize` writes that text after
    /// each occurrence's date, so that the transaction reads exactly as the rule.
    public var headerRestOffset: Int32 = 0
    /// False when the template had errors: the rule then generates nothing.
    public var isValid = true
    /// Set for a card's payments (FORMAT.md §10): the rule is the card's
    /// declaration, its occurrences are the billing cycles' payments.
    public var card: CardTerms?
}

/// A card's billing terms, from its `account` directive's tags
/// (`statement-day`, `payment-day`, `paid-from`; FORMAT.md §10).
public struct CardTerms: Sendable {
    public var account: Int32
    /// The day of the month each cycle closes on (a day past the month's end is its last day).
    public var statementDay: Int
    /// The day of the month a payment falls due, after the closing.
    public var paymentDay: Int
    /// The account the payment comes from.
    public var paidFrom: Int32
}

/// A `~ PERIOD` periodic transaction: parsed and checked, generates nothing;
/// its postings are the goals of `report budget`.
public struct PeriodicTransaction: Sendable {
    /// The period as written (what `print` writes back).
    public var period: String
    public var template: Transaction
    /// When its goals recur, read once when the rule is read; nil for a period
    /// ledgerc cannot schedule (warned at parse).
    public var schedule: PeriodicSchedule?

    /// `reference`: the day relative dates and dates without a year in the
    /// period count from (the `Y` year's first day).
    public init(period: String, template: Transaction, reference: CivilDate? = nil) {
        self.period = period
        self.template = template
        schedule = PeriodicSchedule.parse(period, reference: reference)
    }
}

/// A market price: `P DATE COMMODITY PRICE`.
public struct MarketPrice: Sendable {
    public var date: CivilDate
    public var commodity: Int32
    public var price: Amount
    public var location: SourceLocation
}

/// Everything read from the input files, in file order (includes in place).
public struct Journal: Sendable {
    public var accounts = AccountTable()
    public var commodities = CommodityTable()
    /// Recorded transactions in file order. After expansion they live in `Ledger.transactions`.
    public var transactions: [Transaction] = []
    public var rules: [RepeatRule] = []
    public var periodic: [PeriodicTransaction] = []
    /// Automated transactions (`= QUERY`), in file order.
    public var automatedRules: [AutomatedRule] = []
    public var prices: [MarketPrice] = []
    /// `split` directives, in file order.
    public var splits: [StockSplit] = []
    /// `booking METHOD`: how sales reduce lots where a commodity sets none.
    public var defaultBooking = BookingMethod.average
    /// Days declared with `holiday DATE`, as day numbers (`CivilDate.day`).
    public var holidays: Set<Int32> = []
    /// The tags of `account` and `commodity` declarations, by name, with their values (for `tags`).
    public var declarationTags: [String: Set<String>] = [:]
    /// The tag names of each account's declarations (its postings inherit them, as in hledger 1.25).
    public var accountTagNames: [Int32: Set<String>] = [:]
    /// The tags of each account's declarations, with their values (a `tag:` query term asks them of its postings, as hledger 1.25).
    public var accountTags: [Int32: Tags] = [:]
    /// A card's tags as declared (`statement-day` and the rest), by account, each with where it is.
    public var cardTags: [Int32: [String: (value: String, at: SourceLocation)]] = [:]
    /// Payees declared (`payee NAME`), by their folded name, each as first written.
    public var declaredPayees: [String: String] = [:]
    /// Tags declared for strict mode.
    public var declaredTags: Set<String> = []
    /// The (account, commodity) of every posting with a cost or lot cost: the
    /// positions the investment reports follow. Filled by the parser.
    public var tradedPairs: Set<AccountCommodity> = []
    /// Some posting has a balance assertion or assignment.
    public var hasAssertions = false
    /// Some posting has its own date (`; date:D`, `; [D]`).
    public var hasPostingDates = false
    /// A file said `decimal-mark ,`: `print` writes amounts with a decimal comma.
    public var declaresDecimalComma = false
    /// Indices of transactions that had syntax errors; the checker skips them.
    public var brokenTransactions: Set<Int> = []
    /// What is left of the transactions a streaming check let go of (not in
    /// `transactions`): the balance events assertions, positions and
    /// fulfilment read. Nil when every transaction is kept.
    package var letGo: LetGoTransactions?
    /// In a journal taken in from chunks kept between compiles, where each
    /// chunk's transactions are, with what the stages found in them (`ChunkMemo`).
    var chunkParts: [ChunkPart] = []
    /// In such a journal, what the last compile's stages found, for this one
    /// to use where it reads the same (`CompileMemo`).
    var compileMemo: CompileMemo?

    public init() {}
}

/// True if `needle` (lower-case ASCII) occurs in `text`, ignoring ASCII case,
/// and with `followedBy` right after it when given (`tag` asks for `key` and
/// `:` without making the string `key:`); a cheap test before parsing a comment's tags.
func containsIgnoringASCIICase(_ text: String, _ needle: String, followedBy next: UInt8? = nil) -> Bool {
    var text = text, needle = needle
    return needle.withUTF8 { pattern in text.withUTF8 { containsIgnoringASCIICase($0, pattern, followedBy: next) } }
}

/// `containsIgnoringASCIICase` of text still in its file's bytes (a header
/// the streaming check reads without making it a string).
func containsIgnoringASCIICase(_ text: UnsafeBufferPointer<UInt8>, _ needle: StaticString, followedBy next: UInt8? = nil) -> Bool {
    containsIgnoringASCIICase(text, UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount), followedBy: next)
}

private func containsIgnoringASCIICase(_ t: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, followedBy next: UInt8?) -> Bool {
    let n = pattern.count
    guard n > 0 else { return true }
    let first = pattern[0]
    let length = n + (next == nil ? 0 : 1)
    guard t.count >= length else { return false }
    var i = 0
    let last = t.count - length
    while i <= last {
        if t[i] | 0x20 == first {
            var k = 1
            while k < n, t[i + k] | 0x20 == pattern[k] || t[i + k] == pattern[k] { k += 1 }
            if k == n, next == nil || t[i + n] == next { return true }
        }
        i += 1
    }
    return false
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes before `end` are `word` (lowercase ASCII letters),
    /// in either case, as `containsIgnoringASCIICase` compares them.
    @inline(__always)
    func ends(at end: Int, with word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard end >= n else { return false }
        let w = word.utf8Start
        for k in 0..<n where self[end - n + k] | 0x20 != w[k] { return false }
        return true
    }
}

/// Makes room for `extra` more elements: at least doubling, so that repeated
/// calls cost amortized constant time per element.
func growCapacity<T>(_ array: inout [T], by extra: Int) {
    let needed = array.count + extra
    guard array.capacity < needed else { return }
    array.reserveCapacity(max(needed, array.capacity * 2))
    // A large reservation is filled in order: asked to come in huge pages,
    // it takes one page fault (and one zeroing) per 2 MB instead of per 4 KB.
    let bytes = array.capacity * MemoryLayout<T>.stride
    if bytes >= 4 << 20 {
        array.withUnsafeMutableBufferPointer { adviseHugePages(UnsafeMutableRawBufferPointer(start: $0.baseAddress, count: bytes)) }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    public var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }

    /// The text without leading and trailing occurrences of `c` (`"AAPL"` → `AAPL`).
    func trimmingCharacters(in c: Character) -> String {
        var s = Substring(self)
        while s.first == c { s.removeFirst() }
        while s.last == c { s.removeLast() }
        return String(s)
    }
}
