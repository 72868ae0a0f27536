/// The work a journal's own patterns may take matching its names, shared by
/// all of them: `alias /.../` over each account name, an automated
/// transaction's query over every account and the postings it looks at.
///
/// One pattern against one name is bounded (`LinearRegex.maxInstructions`
/// states a character), but N patterns against N names grow with the
/// square of the file: 200 automated transactions of 400-character
/// patterns against 200 names of 300 characters (150 KB) took 22 s, 200
/// such aliases 11 s. Past `most` units the matching stops, with an error.
package final class PatternWork {
    /// At most about a second of matching (a state of an automated
    /// transaction's pattern took 12 ns, of an alias's 6 ns). A journal of
    /// 20 automated transactions over 1,000 accounts of 40 characters uses
    /// about 2% of it.
    package static let most = 100_000_000
    /// One character of a substring search (lowercasing the text and
    /// `String.contains`) costs about what this many regex states do.
    static let substringCharacter = 8

    /// The work there was, and what is left (below zero: it ran out).
    package let most: Int
    package var remaining: Int
    /// Whether the running out was reported (by whoever found it).
    package var reported = false

    package init(most: Int = PatternWork.most) {
        self.most = most
        remaining = most
    }

    /// Whether the work ran out: from then on no pattern matches.
    package var ranOut: Bool { remaining < 0 }
}
