import Foundation
import XCTest
@testable import LedgerCore

/// `check` reads plain transactions straight into its stream
/// (`Parser+PlainTransactions.swift`); everything else goes the general way.
/// Read either way, a journal must leave the same diagnostics, the same
/// tables (names in the same order, first uses, styles) and the same
/// movements and records.
final class PlainTransactionTests: XCTestCase {
    let until = CivilDate(year: 2025, month: 12, day: 31)!

    /// What a `check` compile leaves, as text: diagnostics, tables, what the stream let go, what it kept.
    func checked(_ bytes: [UInt8], directly: Bool, parallel: Bool = false, splitPermille: Int = 500) -> String {
        var options = CompileOptions(mode: .diagnosticsOnly)
        options.readsPlainTransactionsDirectly = directly
        options.parallelThreshold = parallel ? 0 : Int.max
        options.splitPermille = splitPermille
        let c = compile([InputFile(path: "plain.ledger", bytes: bytes)], until: until, options: options)
        var out = DiagnosticPrinter(sources: c.sources, useColor: false)
            .render(c.diagnostics.sorted(), format: .text, droppedErrors: max(0, c.diagnostics.errorCount - c.diagnostics.limit))
        out += "errors: \(c.diagnostics.errorCount)\n"
        let journal = c.ledger.journal
        for id in 0..<Int32(journal.accounts.count) {
            let use = journal.accounts.firstUse[Int(id)].map { "\($0.offset)" } ?? "-"
            out += "account \(id) \(journal.accounts[id]) first \(use) elided \(journal.accounts.usedWithoutAmount[Int(id)])\n"
        }
        for id in 0..<Int32(journal.commodities.count) {
            out += "commodity \(id) '\(journal.commodities[id])' \(journal.commodities.styles[Int(id)])\n"
        }
        if let letGo = journal.letGo {
            out += "seen \(letGo.seen) kept \(letGo.keptSeq)\n"
            for i in letGo.records.indices {
                let r = letGo.records[i]
                out += "record \(r.day) \(r.location.offset) '\(letGo.payees[r.payee])' scale \(r.scale):"
                for m in letGo.moves(of: i) { out += " \(m.account)/\(m.commodity)/\(m.mantissa)" }
                out += "\n"
            }
            letGo.touched.forEach { a, c in out += "touched \(a) \(c)\n" }
            out += "repeat tags \(letGo.repeatTags.map { "\($0.day) \($0.name)" })\n"
        }
        out += String(decoding: meaning(of: c), as: UTF8.self)
        return out
    }

    func assertSame(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        assertSame(Array(text.utf8), name: text, file: file, line: line)
    }

    func assertSame(_ bytes: [UInt8], name: String, splits: [Int] = [300, 700], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(checked(bytes, directly: true), checked(bytes, directly: false), name, file: file, line: line)
        for permille in splits {
            XCTAssertEqual(checked(bytes, directly: true, parallel: true, splitPermille: permille),
                           checked(bytes, directly: false, parallel: true, splitPermille: permille), "split at \(permille)‰: \(name)", file: file, line: line)
        }
    }

    func testOwnedCorpusReadsTheSame() throws {
        let journals = try TestCorpus.owned(withErrorSamples: true)
        for j in journals { assertSame(j.bytes, name: j.path, splits: []) }
        XCTAssertGreaterThan(journals.count, 80)
    }

    func testCompatibilityCorpusReadsTheSame() throws {
        let journals = try TestCorpus.compatibility()
        for j in journals { assertSame(j.bytes, name: j.path, splits: []) }
        XCTAssertGreaterThan(journals.count, 700)
    }

    /// The check is not vacuous: most transactions of a plain journal are read directly.
    func testAPlainJournalIsLetGoWholly() {
        let text = """
        2025-01-02 * Shop | groceries  ; id: 1
            Expenses:Food    $12.50
            Assets:Bank
        2025-01-02 이마트
            지출:식비    13,280 KRW
            자산:은행    -13,280 KRW

        """
        let c = compile([InputFile(path: "p.ledger", bytes: Array(text.utf8))], until: until, options: CompileOptions(mode: .diagnosticsOnly))
        XCTAssertEqual(c.ledger.journal.letGo?.records.count, 2)
        XCTAssertEqual(c.ledger.journal.transactions.count, 0)
        assertSame(text)
    }

    /// Plain transactions in a row are read one after another without the
    /// line loop (`readPlainTransactions`); one that is not plain stops
    /// the run and is read once the general way; a run also stops at a
    /// directive, a line break of `\r\n`, and a header not read to its end.
    func testARunOfPlainTransactionsStopsWhereOneIsNot() {
        let plain = "2025-01-02 A\n    a    5 USD\n    b\n"
        let notPlain = "2025-01-03 B\n    a    5 AAPL @ $3\n    b\n"
        let texts = [
            plain + plain + notPlain + plain + plain,
            plain + notPlain + notPlain + plain,
            plain + "P 2025-01-01 AAPL $5\n" + plain + "\n" + plain,
            (plain + plain + notPlain + plain).replacingOccurrences(of: "\n", with: "\r\n"),
            plain + "2025-01-02 C  ; id: 1\n    a    $1\n    b\n" + "comment\n" + plain + "end comment\n" + plain,
        ]
        // (The one with a cost is kept for its trade; the block comment's is not read.)
        let expected = [4, 2, 3, 3, 3]
        for (text, records) in zip(texts, expected) {
            let c = compile([InputFile(path: "p.ledger", bytes: Array(text.utf8))], until: until, options: CompileOptions(mode: .diagnosticsOnly))
            XCTAssertEqual(c.ledger.journal.letGo?.records.count, records, text)
            assertSame(text)
        }
    }

    /// Every near miss: each is read by the general path (or read directly to the same effect).
    func testNearMissesReadAsTheGeneralPathReadsThem() {
        let cases = [
            "2025-01-02 A\n    a    5 USD\n    b\n    c\n",                  // two elided
            "2025-01-02 A\n    a    5 USD\n    b    -4 USD\n",              // does not balance
            "2025-01-02 A\n    a    5.0 USD\n    b    -5 USD\n",            // two scales
            "2025-01-02 A\n    a    5 USD\n    b    -5 EUR\n",              // two commodities
            "2025-01-02 A\n    a    9223372036854775807 USD\n    b\n",       // the inferred amount fits
            "2025-01-02 A\n    a    9223372036854775807 USD\n    b    1 USD\n    c\n", // the sum does not
            "2025-01-02 A\n    a    -9223372036854775808 USD\n    b\n",      // its negation does not
            "2025-01-02 A\n    a    99999999999999999999 USD\n    b\n",      // past 64 bits
            "2025-01-02 A\n    (a)    5 USD\n    b    -5 USD\n",            // virtual
            "2025-01-02 A\n    [a]    5 USD\n    b\n",
            "2025-01-02 A\n    a    5 USD  ; note\n    b\n",               // posting comment
            "2025-01-02 A\n    a    5 USD\n    ; note\n    b\n",            // comment line
            "2025-01-02 A  ; repeat: Rent\n    a    5 USD\n    b\n",        // a tag the stream reads
            "2025-01-02 A  ; Receipt: r.pdf\n    a    5 USD\n    b\n",
            "2025-01-02 A  ; generated: x\n    a    5 USD\n    b\n",
            "2025-01-02 A\n    a    5 USD = 5 USD\n    b\n",               // assertion
            "2025-01-02 A\n    a    = 5 USD\n    b\n",
            "2025-01-02 A\n    a    5 AAPL @ $3\n    b\n",                  // cost
            "2025-01-02 A\n    a    5 AAPL {$3}\n    b\n",
            "2025-01-02 A\n    a    5 USD  x\n    b\n",                     // text after the amount
            "2025-01-02 A\n    a    USD\n    b\n",                         // no number
            "2025-01-02 A\n    a    1,5 USD\n    b\n",                     // ambiguous
            "2025-01-02 A\n    a    \"5\n    b\n",
            "2025-01-02=2025-01-03 A\n    a    5 USD\n    b\n",            // a second date
            "2025-01-02A\n    a    5 USD\n    b\n",
            "2025-02-30 A\n    a    5 USD\n    b\n",                        // not in the calendar
            "1850-01-02 A\n    a    5 USD\n    b\n",                        // an unlikely year
            "2025-01-02 A\n",                                               // no postings
            "2025-01-02 A\n    b\n",                                        // nothing but an elided one
            "2025-01-02 A\n    a    0 USD\n",                               // a lone zero
            "2025-01-02 (123) * A | b\n    * a    $5\n    ! b  $-5\n",      // code, statuses
            "2025-01-02;c\n    a    5 USD\n    b\n",
            "2025-01-02\n    a    5 USD\n    b\n",
            "2025/1/2 A\n    a    5 USD\n    b\n",
            "2025-01-02 A\n    a  b    5 USD\n    c d\n",                   // names with a space
            "2025-01-02 A\n    a\t5 USD\n\tb\n",                            // tabs
            "2025-01-02 A\n    a    5 USD   \n    b   \n",                  // trailing spaces
            "2025-01-02 A\r\n    a    5 USD\r\n    b\r\n",                  // CRLF
            "2025-01-02 A\r\r\n    a    5 USD\r\n    b\r\r\n",
            "2025-01-02 A\n    a    5 USD\n\n    b\n",                      // a blank line inside
            "2025-01-02 A\n    a    5 USD\n   \n; top comment\n    b\n",   // a comment in column 1 inside
            "2025-01-02 A\n    a    5 USD\n    b\n; top\n    c    0 USD\n",        // a posting after a comment in column 1
            "2025-01-02 A\n    a    5 USD\n    b\n\n    c    0 USD\n",            // and after a blank line
            "2025-01-02 A\n    a    5 USD\n    b\nP 2025-01-02 USD 2 EUR\n",
            "2025-01-02 A\n    a    -$5\n    b    $ 5\n",
            "2025-01-02 A\n    a    5$\n    b    -5 $\n",
            "2025-01-02 A\n    a    \"S&P 500\" 5\n    b\n",
            "2025-01-02 A\n    a    +5 USD\n    b    -5 USD\n",
            "2025-01-02 A\n    a    1,000.5 USD\n    b    -1000.5 USD\n",
            "2025-01-02 A\n    a    5\n    b\n",                            // no commodity
            "2025-01-02 A\n    a:\(String(repeating: "x:", count: 120))y    5 USD\n    b\n", // too many levels
            "2025-01-02 A\n    \(String(repeating: "long", count: 30))    5 USD\n    b\n",
            "2025-01-02 A\n    a    5 USD\n  b\n  c  -5 USD\n    d\n",     // two elided again, later
            "D $1,000.00\n2025-01-02 A\n    a    5\n    b\n",               // a default commodity
            "alias a = Assets:A\n2025-01-02 A\n    a    5 USD\n    b\n",   // an alias
            "apply account Home\n2025-01-02 A\n    a    5 USD\n    b\nend apply account\n",
            "decimal-mark ,\n2025-01-02 A\n    a    5,50 USD\n    b\n",
            "commodity 1.000,00 EUR\n2025-01-02 A\n    a    5,50 EUR\n    b\n",
            "Y 2024\n2025-01-02 A\n    a    5 USD\n    b\n1/3 B\n    a    5 USD\n    b\n",
            "2025-01-02 A\n    a    5 AAPL @ $3\n    b\n2025-01-03 B\n    a    5 AAPL\n    c\n", // a traded pair, moved plainly
            "2025-01-02 A\n    a    5 AAPL @ $3\n    b\n2025-01-03 B\n    c    5 AAPL\n    a\n",
            "2025-01-02 A\n    a    5 USD\n    b\n2025-01-01 B\n    b    1 USD = 1 USD\n    a\n", // an assertion before, by date
            "2025-01-02 A\n    a    5 USD\n    b\ncomment\n    c    1 USD\nend comment\n",
            "2025-01-02 A\n    a    5 USD\n    b\n    c  \u{0}\n",
            // Line breaks where a posting is read before its line's end is known:
            "2025-01-02 A\n    a\rb    5 USD\n    c\n",                   // a CR inside a name
            "2025-01-02 A\n    a\r  5 USD\n    c\n",                     // a CR before the separator
            "2025-01-02 A\n    a    5 USD\n    b \r\n",                   // a space, then CRLF
            "2025-01-02 A\n    a    5 USD\r \n    b\n",                   // a CR, then a space
            "2025-01-02 A\n    a    5 USD \r\r\n    b\r\r\r\n",           // CRs after blanks
            "2025-01-02 A\n    a ;x    5 USD\n    b\n",                   // a name cut at ` ;`
            "2025-01-02 A\n    a \n    b    -5 USD",                      // no line break at the end
            "2025-01-02 A\n    a    5 USD\n    b",
            "2025-01-02 A\n    a    5 USD\n    b    -5 USD\r",
            "2025-01-02 A\n    a    5 USD\n \t \n    b\n",                // a line of blanks inside
            "2025-01-02 A\n    a    5 USD\n\r\n    b\n",                  // a line of a CR inside
            "2025-01-02 A\n    a    5 USD\u{1}\n    b\n",                // a control byte after the amount
            "2025-01-02 A\n    a\u{1}b    5 USD\n    c\n",               // and inside a name
            "2025-01-02 A\n    a    5 \"X\n    c    \"\n    b\n",        // a quote closed on the next line
        ]
        for text in cases { assertSame(text) }
    }

    func testGeneratedJournalsReadTheSame() {
        var r = SeededRandom(seed: 0x9_1A1)
        for _ in 0..<300 { assertSame(PlainTransactionTests.nearlyPlainJournal(&r)) }
        for text in GeneratedJournals.make(count: 100, seed: 34) { assertSame(text) }
    }

    /// `Lexer.plainAmount` reads what `amount(decimalComma: false)` reads, to the same place, or declines.
    /// The digits a word starts with, counted and read at once, for every
    /// byte that may end them at every place.
    func testLeadingDigitsOfAWord() {
        var r = SeededRandom(seed: 0xD1_6175)
        for count in 0...8 {
            for stop in 0...255 where !(0x30...0x39).contains(stop) {
                var bytes = (0..<count).map { _ in UInt8(0x30 + r.below(10)) }
                if count < 8 { bytes.append(UInt8(stop)) }
                while bytes.count < 8 { bytes.append(UInt8(r.below(256))) }
                let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                let read = Lexer.leadingDigits(word)
                XCTAssertEqual(read.count, count, "\(bytes)")
                if count > 0, count < 8 {
                    XCTAssertEqual(read.value, UInt64(String(decoding: bytes[..<count], as: UTF8.self)), "\(bytes)")
                }
            }
        }
    }

    func testPlainAmountsReadAsTheFullReadingReadsThem() {
        var r = SeededRandom(seed: 0xA_3047)
        let signs = ["", "-", "+"], symbols = ["$", "USD", "₩", "KRW", "€", "\"S&P 500\"", "AAPL"]
        let tails = ["", "", " ", "  ; c", " @ $2", " = 5 USD", "x", ",", ".", ".5", ",5", "E3", "e-2", " {$3}", "\t", "0",
                     ":", ";", "/", "\u{7F}", "é", "          "]
        var accepted = 0
        for _ in 0..<20_000 {
            var number = r.chance(10) ? "0" : String(1 + r.below(9))
            for _ in 0..<r.below(r.chance(10) ? 22 : 6) { number += String(r.below(10)) }
            if r.chance(30) {
                // Groups: mostly right, sometimes of two or four digits.
                for _ in 0..<(1 + r.below(3)) { number += "," + String(r.below(10_000)).padding(toLength: r.pick([3, 3, 3, 2, 4]), withPad: "0", startingAt: 0) }
            }
            if r.chance(50) { number += "." + String(r.below(1000)) }
            if r.chance(5) { number += "." }
            let symbol = r.pick(symbols), space = r.pick(["", " ", "  ", "\t"])
            var text = r.pick(signs)
            switch r.below(3) {
            case 0: text += symbol + space + r.pick(signs) + number
            case 1: text += number + space + symbol
            default: text += number
            }
            text += r.pick(tails)
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buf in
                var plain = Lexer(buf, from: 0, to: buf.count), full = plain
                guard let a = plain.plainAmount() else {
                    XCTAssertEqual(plain.pos, 0, "declined, yet moved: \(text)")
                    return
                }
                accepted += 1
                guard case .success(let s) = full.amount(decimalComma: false) else { return XCTFail("read plainly, not in full: \(text)") }
                XCTAssertEqual(a, PlainAmount(mantissa: s.quantity.mantissa64 ?? .max, scale: s.quantity.scale, commodity: s.commodity,
                                              symbolFirst: s.symbolFirst, spaced: s.spaced, grouped: s.grouped), text)
                XCTAssertEqual(plain.pos, full.pos, text)
            }
        }
        XCTAssertGreaterThan(accepted, 5_000, "most plain amounts are read plainly")
    }

    /// Mostly plain transactions, with a few of every near miss mixed in.
    static func nearlyPlainJournal(_ r: inout SeededRandom) -> String {
        let accounts = ["Assets:Bank", "Expenses:Food", "지출:식비", "Liabilities:Visa", "Assets:Broker", "Expenses:Gifts and cards"]
        var lines: [String] = []
        if r.chance(10) { lines.append("commodity $1,000.00") }
        for _ in 0..<(1 + r.below(15)) {
            let month = 1 + r.below(12), day = 1 + r.below(31)
            var header = "2025-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
            if r.chance(5) { header = r.pick(["1850-01-01", "2025-02-29", "2025-1-5", "2025-01-05=2025-01-06"]) }
            header += r.pick([" * ", " ! ", " ", "  ", " (7) "]) + r.pick(["Shop", "이마트", "Pay | note", " Spaced ", ""])
            if r.chance(15) { header += r.pick(["  ; id: 3", "  ; repeat: Rent", "  ; receipt: a.pdf", ";x", "  ; generated: r"]) }
            lines.append(header)
            let commodity = r.pick(["$", " USD", " KRW", " AAPL"])
            let scale = r.pick([0, 2, 2])
            var sum = 0
            for _ in 0..<(1 + r.below(4)) {
                let m = r.below(200_000) - 100_000
                sum += m
                lines.append(posting(r.pick(accounts), m, scale: scale, commodity: commodity, &r))
            }
            if r.chance(70) {
                lines.append("    \(r.pick(accounts))\(r.chance(10) ? "   " : "")")
            } else {
                lines.append(posting(r.pick(accounts), r.chance(85) ? -sum : -sum + 1, scale: r.chance(90) ? scale : scale + 1, commodity: commodity, &r))
            }
            if r.chance(5) { lines.append(r.pick(["    ; a comment", "", "; top", "   ", "    \(r.pick(accounts))"])) }
            if r.chance(3) { lines.append(r.pick(["P 2025-01-01 AAPL $5", "D $1.00", "alias x = y", "decimal-mark ,", "Y 2024"])) }
            if r.chance(30) { lines.append("") }
        }
        var text = lines.joined(separator: "\n") + "\n"
        if r.chance(10) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return text
    }

    static func posting(_ account: String, _ mantissa: Int, scale: Int, commodity: String, _ r: inout SeededRandom) -> String {
        var digits = String(abs(mantissa))
        if scale > 0 {
            while digits.count <= scale { digits = "0" + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
        }
        let number = (mantissa < 0 ? "-" : "") + digits
        var amount = commodity == "$" ? "$" + number : number + commodity
        if r.chance(4) { amount += r.pick([" @ $2", " {$3}", " = 0 USD", "  ; c", " x"]) }
        let status = r.chance(5) ? r.pick(["* ", "! "]) : ""
        let name = r.chance(3) ? "(\(account))" : account
        return "    \(status)\(name)\(r.pick(["    ", "\t", "  "]))\(amount)"
    }
}
