/// What a compiled journal means, as bytes that two compiles can be compared
/// by: every transaction (recorded and generated) in output order with its
/// amounts explicit, every market price, every declared account type and
/// commodity precision. Source places are left out, so a file that only
/// moved lines about, or changed white space, means the same.
///
/// `generatedAsRecorded` (what `materialize` must keep): generated
/// occurrences count as recorded transactions, comments are left out (the
/// written occurrence gains a `repeat:` line), and so is the order of the
/// transactions within a day.
///
/// `CheckedEdit` compares the meaning before and after an edit; `ledgerc
/// fmt` refuses to write a file whose meaning would change.
package func meaning(of compilation: Compilation, generatedAsRecorded: Bool = false) -> [UInt8] {
    let ledger = compilation.ledger
    let journal = ledger.journal
    let printer = LedgerPrinter(journal: journal, sources: compilation.sources)
    var buf = ByteBuffer(capacity: 1 << 16)
    if generatedAsRecorded {
        var days: [Int32: [String]] = [:]
        for var t in ledger.ordered {
            t.generated = nil
            t.comment = nil
            var one = ByteBuffer(capacity: 256)
            printer.write(t, into: &one)
            days[t.date.day, default: []].append(one.string)
        }
        for (_, texts) in days.sorted(by: { $0.key < $1.key }) {
            for text in texts.sorted() { buf.write(text) }
        }
    } else {
        for t in ledger.ordered {
            if let g = t.generated {
                buf.write("; rule \(journal.rules[Int(g.rule)].description) #\(g.occurrence)\n")
            }
            printer.write(t, into: &buf)
        }
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
