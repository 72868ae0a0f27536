/// What a compiled journal means, as text that two compiles can be compared by:
/// every transaction (recorded and generated) in output order with its
/// amounts explicit, every market price, every declared account type and
/// commodity precision. Source places are left out, so a file that only moved
/// lines about, or changed white space, means the same.
///
/// `ledgerc fmt` compares the meaning before and after formatting and refuses
/// to write a file whose meaning would change.
package func meaning(of compilation: Compilation) -> [UInt8] {
    let ledger = compilation.ledger
    let journal = ledger.journal
    let printer = LedgerPrinter(journal: journal, sources: compilation.sources)
    var buf = ByteBuffer(capacity: 1 << 16)
    for t in ledger.ordered {
        if let g = t.generated {
            buf.write("; rule \(journal.rules[Int(g.rule)].description) #\(g.occurrence)\n")
        }
        printer.write(t, into: &buf)
    }
    for p in journal.prices {
        p.date.write(into: &buf)
        buf.write(" \(journal.commodities[p.commodity]) \(printer.amountText(p.price))\n")
    }
    for (id, type) in journal.accounts.declaredType.sorted(by: { $0.key < $1.key }) {
        buf.write("account \(journal.accounts[id]) \(type.rawValue)\n")
    }
    for id in 0..<Int32(journal.commodities.count) {
        buf.write("commodity \(journal.commodities[id]) \(journal.commodities.precision(id))\n")
    }
    return buf.bytes
}

/// What a journal means with generated occurrences taken as recorded: every
/// transaction without its comments, in date order (order within a day left
/// out), prices, declared account types and commodity precisions.
package func recordedMeaning(of compilation: Compilation) -> [String] {
    let ledger = compilation.ledger
    let journal = ledger.journal
    let printer = LedgerPrinter(journal: journal, sources: compilation.sources)
    var days: [Int32: [String]] = [:]
    for var t in ledger.ordered {
        t.generated = nil
        t.comment = nil
        var buf = ByteBuffer(capacity: 256)
        printer.write(t, into: &buf)
        days[t.date.day, default: []].append(buf.string)
    }
    var out = days.sorted { $0.key < $1.key }.flatMap { $0.value.sorted() }
    for p in journal.prices { out.append("P \(p.date) \(journal.commodities[p.commodity]) \(printer.amountText(p.price))") }
    for (id, type) in journal.accounts.declaredType.sorted(by: { $0.key < $1.key }) { out.append("account \(journal.accounts[id]) \(type.rawValue)") }
    for id in 0..<Int32(journal.commodities.count) { out.append("commodity \(journal.commodities[id]) \(journal.commodities.precision(id))") }
    return out
}
