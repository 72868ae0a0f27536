// One fuzz input is one journal. Each run checks that:
// - one parser and two parsers (split at several points), keeping
//   everything and streaming, give the same diagnostics;
// - every report in every format, `fmt` and the expander finish without a trap;
// - formatting is idempotent and keeps the meaning of a journal that compiles.
#if canImport(Glibc)
import Glibc
#endif
@testable import LedgerCore

let until = CivilDate(year: 2025, month: 12, day: 31)!
let devNull = ByteSink(fd: open("/dev/null", O_WRONLY))

func compiled(_ bytes: [UInt8], split: Int?, streaming: Bool) -> (Compilation, String) {
    var options = CompileOptions(mode: streaming ? .diagnosticsOnly : .everything)
    options.parallelThreshold = split == nil ? Int.max : 0
    options.splitPermille = split ?? 450
    let c = compile([InputFile(path: "fuzz.ledger", bytes: bytes)], until: until, options: options)
    let printed = DiagnosticPrinter(sources: c.sources, useColor: false)
        .render(c.diagnostics.sorted(), format: .json, droppedErrors: max(0, c.diagnostics.errorCount - c.diagnostics.limit))
    return (c, printed + "errors: \(c.diagnostics.errorCount)")
}

func fail(_ what: String, _ a: String, _ b: String) -> Never {
    fputs("MISMATCH: \(what)\n--- one parser, keeping everything:\n\(a)\n--- other:\n\(b)\n", stderr)
    abort()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let (full, reference) = compiled(bytes, split: nil, streaming: false)
    for split in [0, 200, 450, 700, 1000] {
        for streaming in [false, true] {
            let (_, other) = compiled(bytes, split: split, streaming: streaming)
            if other != reference { fail("split at \(split)‰, streaming \(streaming)", reference, other) }
        }
    }
    let (_, streamed) = compiled(bytes, split: nil, streaming: true)
    if streamed != reference { fail("streaming", reference, streamed) }

    let ledger = full.ledger
    if !full.hasErrors {
        // A report either gives its figures or an `AmountOverflow`; it never traps.
        for options in [ReportOptions(), ReportOptions(period: Period(from: CivilDate(year: 2025, month: 3, day: 1), to: nil), account: "a", depth: 1)] {
            for kind in ReportKind.allCases {
                guard let document = try? kind.report(full, options: options).document() else { continue }
                for format in OutputFormat.allCases {
                    _ = format.render(document, accounts: ledger.journal.accounts, commodities: ledger.journal.commodities, to: devNull)
                }
            }
        }
        _ = MaterializePlan(full, today: until)
    }
    _ = Expander(until: CivilDate(year: 2026, month: 6, day: 30)!).unfulfilled(ledger.journal)

    let formatted = LedgerFormatter().format(bytes)
    if !full.hasErrors {
        let again = LedgerFormatter().format(formatted)
        if again != formatted { fail("fmt is not idempotent", String(decoding: formatted, as: UTF8.self), String(decoding: again, as: UTF8.self)) }
        let after = compile([InputFile(path: "fuzz.ledger", bytes: formatted)], until: until)
        if meaning(of: after) != meaning(of: full) {
            fail("fmt changed the meaning", String(decoding: bytes, as: UTF8.self), String(decoding: formatted, as: UTF8.self))
        }
    }
    return 0
}
