import Foundation
import XCTest
@testable import LedgerCore

/// Compiles every journal of ../shared/compat/INDEX.txt and compares each
/// account's balance, per commodity, with hledger's (`X.bal.csv`).
///
/// Fails when the share that agrees falls below `CompatibilityTests.required`.
/// Raise that level as the dialect grows; never lower it.
final class CompatibilityTests: XCTestCase {
    /// The agreeing count the project has reached (out of 718). Lowered once,
    /// from 709, on purpose: selling a commodity the account never held is an
    /// error since issue 28 (the trading journal's rule), and four ledger-cli
    /// regression journals sell short (docs/COMPATIBILITY.md lists them);
    /// automated transactions brought three others in.
    static let required = 708

    enum Outcome { case agrees, differs(String), rejected(String) }

    static let corpus = TestCorpus.compatibilityRoot

    func testCorpusBalancesAgreeWithHledger() throws {
        let index = CompatibilityTests.corpus.appendingPathComponent("INDEX.txt")
        guard let list = try? String(contentsOf: index, encoding: .utf8) else {
            throw XCTSkip("\(TestCorpus.skipMessage): no \(index.path)")
        }
        let journals = list.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        var agree = 0
        var differs: [String: [String]] = [:], rejected: [String: [String]] = [:]
        for name in journals {
            switch outcome(of: name) {
            case .agrees: agree += 1
            case .differs(let why): differs[why, default: []].append(name)
            case .rejected(let why): rejected[why, default: []].append(name)
            }
        }
        let differCount = differs.values.map(\.count).reduce(0, +)
        let rejectCount = rejected.values.map(\.count).reduce(0, +)
        print("compatibility: \(agree) agree, \(differCount) differ, \(rejectCount) rejected, of \(journals.count)")
        if ProcessInfo.processInfo.environment["LEDGERC_COMPAT_DETAILS"] != nil {
            for (why, names) in rejected.sorted(by: { $0.value.count > $1.value.count }) {
                print("  rejected \(names.count): \(why)  e.g. \(names.prefix(3).joined(separator: " "))")
            }
            for (why, names) in differs.sorted(by: { $0.value.count > $1.value.count }) {
                print("  differs \(names.count): \(why)  e.g. \(names.prefix(3).joined(separator: " "))")
            }
        }
        XCTAssertGreaterThanOrEqual(agree, CompatibilityTests.required, "the agreeing share fell below the level reached")
    }

    func outcome(of name: String) -> Outcome {
        let url = CompatibilityTests.corpus.appendingPathComponent(name)
        guard let bytes = try? Data(contentsOf: url), let expected = try? String(contentsOf: url.appendingPathExtension("bal.csv"), encoding: .utf8) else {
            return .rejected("unreadable")
        }
        let result = compile([InputFile(path: url.path, bytes: Array(bytes))], until: CivilDate.parse("2100-01-01")!, options: CompileOptions(today: CivilDate.parse("2100-01-01")!))
        if let first = result.diagnostics.sorted().first(where: { $0.severity == .error }) {
            return .rejected(Self.shape(first.message))
        }
        let ours = exclusiveBalances(result.ledger)
        let theirs = parseBalances(expected)
        if ours == theirs { return .agrees }
        let accounts = Set(ours.keys).union(theirs.keys).sorted()
        for a in accounts where ours[a] != theirs[a] {
            return .differs("\(a): ours \(ours[a] ?? [:]) theirs \(theirs[a] ?? [:])".prefix(100).description)
        }
        return .differs("?")
    }

    /// A message with its quoted parts and numbers blanked, to group causes.
    static func shape(_ message: String) -> String {
        var out = "", quoted = false
        for ch in message {
            if ch == "'" { quoted.toggle(); out.append("'"); if !quoted { continue } else { out.append("…") } }
            if quoted { continue }
            out.append(ch.isNumber ? "#" : ch)
        }
        return out
    }

    /// Each account's own balance (sub-accounts excluded), non-zero ones, normalized.
    func exclusiveBalances(_ ledger: Ledger) -> [String: [String: String]] {
        var sums: [Int32: AmountSums] = [:]
        for t in ledger.ordered {
            for p in t.postings {
                guard let a = p.amount else { continue }
                sums[p.account, default: AmountSums()].add(a)
            }
        }
        var out: [String: [String: String]] = [:]
        let c = ledger.journal.commodities
        for (account, s) in sums {
            var m: [String: String] = [:]
            for a in s.amounts where !a.quantity.rounded(to: c.precision(a.commodity)).isZero {
                m[c[a.commodity]] = a.quantity.rounded(to: c.precision(a.commodity)).normalized.description
            }
            if !m.isEmpty { out[ledger.journal.accounts[account]] = m }
        }
        return out
    }

    /// Reads `"account","1 A, -3 C"` rows.
    func parseBalances(_ csv: String) -> [String: [String: String]] {
        var out: [String: [String: String]] = [:]
        for line in csv.split(separator: "\n").dropFirst() {
            let fields = splitCSVLine(String(line))
            guard fields.count == 2 else { continue }
            var m: [String: String] = [:]
            for part in fields[1].components(separatedBy: ", ") {
                if let (q, c) = parseAmount(part), !q.isZero { m[c] = q.normalized.description }
            }
            if !m.isEmpty { out[fields[0]] = m }
        }
        return out
    }

    func splitCSVLine(_ line: String) -> [String] {
        var fields: [String] = [], field = "", quoted = false
        var chars = Array(line)[...]
        while let ch = chars.popFirst() {
            if quoted {
                if ch == "\"" { if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false } } else { field.append(ch) }
            } else if ch == "\"" { quoted = true } else if ch == "," { fields.append(field); field = "" } else { field.append(ch) }
        }
        fields.append(field)
        return fields
    }

    func parseAmount(_ text: String) -> (ExactDecimal, String)? {
        let bytes = Array(text.utf8)
        for comma in [false, true] {
            let r: (ExactDecimal, String)? = bytes.withUnsafeBufferPointer { buf in
                var lx = Lexer(buf, from: 0, to: buf.count)
                guard case .success(let s) = lx.amount(decimalComma: comma), lx.atEnd else { return nil }
                return (s.quantity, String(decoding: buf[s.commodity], as: UTF8.self))
            }
            if let r { return r }
        }
        return nil
    }
}
