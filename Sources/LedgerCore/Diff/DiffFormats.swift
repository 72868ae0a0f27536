/// `ledgerc diff --format text|json|markdown`: the same difference, for a
/// terminal, for a program, and for a pull-request comment. Journal text is
/// untrusted: in markdown every character that could start markup (`<`,
/// `|`, `` ` ``, `[`, `*`, `_`, `@`, `:` …) is escaped, so a description
/// cannot add a link, an image, a mention or HTML to a comment.
public enum DiffFormat: String, CaseIterable, Sendable {
    case text, json, markdown

    /// The difference between the sides labelled `old` and `new`.
    public func render(_ d: JournalDiff, old: String, new: String) -> String {
        switch self {
        case .text: return DiffFormat.text(d, old, new)
        case .json: return DiffFormat.json(d, old, new)
        case .markdown: return DiffFormat.markdown(d, old, new)
        }
    }

    static func headline(_ d: JournalDiff) -> String {
        if d.isUnchanged { return "no change in meaning" }
        return "\(d.added.count) added, \(d.removed.count) removed, \(d.changed.count) changed; "
            + "occurrences: \(d.occurrencesAdded.count) added, \(d.occurrencesDropped.count) dropped; "
            + "diagnostics: \(d.newDiagnostics.count) new, \(d.fixedDiagnostics.count) fixed"
    }

    static func place(_ e: JournalDiff.Entry) -> String { "\(e.file):\(e.line)" }

    static func periodText(_ p: DateSpan?) -> String { p.map { "\($0.first)..\($0.last)" } ?? "" }

    // MARK: text

    static func text(_ d: JournalDiff, _ old: String, _ new: String) -> String {
        var out = "ledgerc diff \(old) → \(new): \(headline(d))\n"
        func entries(_ title: String, _ mark: String, _ list: [JournalDiff.Entry]) {
            guard !list.isEmpty else { return }
            out += "\n\(title):\n"
            for e in list {
                out += "  \(mark) \(e.date) \(e.description)  (\(place(e)))\n"
                for p in e.postings { out += "      \(p)\n" }
            }
        }
        entries("Added", "+", d.added)
        entries("Removed", "-", d.removed)
        if !d.changed.isEmpty {
            out += "\nChanged:\n"
            for c in d.changed {
                out += "  ~ \(c.new.date) \(c.new.description)  (\(place(c.new)); was \(place(c.old))): \(c.fields.joined(separator: ", "))\n"
                if c.old.date != c.new.date { out += "      date: \(c.old.date) → \(c.new.date)\n" }
                if c.old.description != c.new.description { out += "      description: \(c.old.description) → \(c.new.description)\n" }
                if c.old.tags != c.new.tags { out += "      tags: \(c.old.tags.joined(separator: ", ")) → \(c.new.tags.joined(separator: ", "))\n" }
                for p in c.old.postings where !c.new.postings.contains(p) { out += "      - \(p)\n" }
                for p in c.new.postings where !c.old.postings.contains(p) { out += "      + \(p)\n" }
            }
        }
        if !d.balances.isEmpty {
            out += "\nBalance changes:\n"
            let rows = d.balances.map { [$0.account, periodText($0.period), $0.old, $0.new, $0.change] }
            let widths = (0..<5).map { k in rows.map { displayWidth($0[k]) }.max() ?? 0 }
            for r in rows {
                var line = "  " + r[0] + String(repeating: " ", count: widths[0] - displayWidth(r[0]))
                if widths[1] > 0 { line += "  " + r[1] + String(repeating: " ", count: widths[1] - displayWidth(r[1])) }
                for k in 2..<5 { line += "  " + String(repeating: " ", count: widths[k] - displayWidth(r[k])) + r[k] }
                out += line + "\n"
            }
        }
        entries("Rule occurrences added (up to \(d.horizon))", "+", d.occurrencesAdded)
        entries("Rule occurrences dropped (up to \(d.horizon))", "-", d.occurrencesDropped)
        if !d.newDiagnostics.isEmpty { out += "\nNew diagnostics:\n" + d.newDiagnostics.map { "  \($0)\n" }.joined() }
        if !d.fixedDiagnostics.isEmpty { out += "\nFixed diagnostics:\n" + d.fixedDiagnostics.map { "  \($0)\n" }.joined() }
        return out
    }

    // MARK: JSON

    static func json(_ d: JournalDiff, _ old: String, _ new: String) -> String {
        var w = JSONWriter(pretty: true)
        func entry(_ e: JournalDiff.Entry) {
            w.beginObject()
            w.key("date"); w.string(e.date.description)
            w.key("description"); w.string(e.description)
            w.key("file"); w.string(e.file)
            w.key("line"); w.int(e.line)
            w.key("postings"); w.beginArray(); for p in e.postings { w.string(p) }; w.endArray()
            w.key("tags"); w.beginArray(); for t in e.tags { w.string(t) }; w.endArray()
            w.endObject()
        }
        func list(_ name: StaticString, _ entries: [JournalDiff.Entry]) {
            w.key(name); w.beginArray(); for e in entries { entry(e) }; w.endArray()
        }
        w.beginObject()
        w.key("ledgerc"); w.int(1)
        w.key("old"); w.string(old)
        w.key("new"); w.string(new)
        w.key("changed"); w.bool(!d.isUnchanged)
        w.key("horizon"); w.string(d.horizon.description)
        w.key("transactions"); w.beginObject()
        list("added", d.added)
        list("removed", d.removed)
        w.key("changed"); w.beginArray()
        for c in d.changed {
            w.beginObject()
            w.key("fields"); w.beginArray(); for f in c.fields { w.string(f) }; w.endArray()
            w.key("old"); entry(c.old)
            w.key("new"); entry(c.new)
            w.endObject()
        }
        w.endArray()
        w.endObject()
        w.key("balances"); w.beginArray()
        for b in d.balances {
            w.beginObject()
            w.key("account"); w.string(b.account)
            w.key("commodity"); w.string(b.commodity)
            if let p = b.period { w.key("start"); w.string(p.first.description); w.key("end"); w.string(p.last.description) }
            w.key("old"); w.string(b.figures.old.normalized.description)
            w.key("new"); w.string(b.figures.new.normalized.description)
            w.key("change"); w.string(b.figures.change.normalized.description)
            w.endObject()
        }
        w.endArray()
        w.key("occurrences"); w.beginObject()
        list("added", d.occurrencesAdded)
        list("dropped", d.occurrencesDropped)
        w.endObject()
        w.key("diagnostics"); w.beginObject()
        w.key("new"); w.beginArray(); for s in d.newDiagnostics { w.string(s) }; w.endArray()
        w.key("fixed"); w.beginArray(); for s in d.fixedDiagnostics { w.string(s) }; w.endArray()
        w.endObject()
        w.endObject()
        return w.finish() + "\n"
    }

    // MARK: markdown

    /// Text made inert in markdown: every markup character escaped, line
    /// breaks folded. GitHub links `www.example.com` and `a@b.example` with
    /// no markup at all, so the dot after `www` and every `@` get a zero-width
    /// space beside them: the text reads the same and links nowhere.
    static func escaped(_ s: String) -> String {
        var out = ""
        var last3: [Character] = []
        for ch in s {
            defer {
                last3.append(ch)
                if last3.count > 3 { last3.removeFirst() }
            }
            if ch == ".", last3.count == 3, last3.allSatisfy({ $0 == "w" || $0 == "W" }) {
                out += "\u{200B}\\."
                continue
            }
            switch ch {
            case "@": out += "\\@\u{200B}"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\n", "\r": out += " "
            // Links and images, emphasis, code, tables, strikes, mentions and autolinks (`:`).
            case "\\", "`", "*", "_", "{", "}", "[", "]", "(", ")", "#", "!", "|", "~", ":":
                out += "\\" + String(ch)
            default: out.append(ch)
            }
        }
        return out
    }

    static func markdown(_ d: JournalDiff, _ old: String, _ new: String) -> String {
        var out = "### ledgerc diff: \(escaped(old)) → \(escaped(new))\n\n"
        if d.isUnchanged {
            return out + "No change in meaning (formatting, order or files only).\n"
        }
        out += "| | count |\n|---|---:|\n"
        out += "| transactions added | \(d.added.count) |\n| transactions removed | \(d.removed.count) |\n| transactions changed | \(d.changed.count) |\n"
        out += "| rule occurrences added | \(d.occurrencesAdded.count) |\n| rule occurrences dropped | \(d.occurrencesDropped.count) |\n"
        out += "| new diagnostics | \(d.newDiagnostics.count) |\n| fixed diagnostics | \(d.fixedDiagnostics.count) |\n"
        func table(_ title: String, _ list: [JournalDiff.Entry]) {
            guard !list.isEmpty else { return }
            out += "\n#### \(title)\n\n| date | description | postings | where |\n|---|---|---|---|\n"
            for e in list {
                out += "| \(e.date) | \(escaped(e.description)) | \(e.postings.map(escaped).joined(separator: "<br>")) | \(escaped(place(e))) |\n"
            }
        }
        table("Added", d.added)
        table("Removed", d.removed)
        if !d.changed.isEmpty {
            out += "\n#### Changed\n\n| date | description | what changed | before | after |\n|---|---|---|---|---|\n"
            for c in d.changed {
                let before = c.old.postings.filter { !c.new.postings.contains($0) }.map(escaped)
                let after = c.new.postings.filter { !c.old.postings.contains($0) }.map(escaped)
                var was = before, now = after
                if c.old.tags != c.new.tags { was.insert(escaped(c.old.tags.joined(separator: ", ")), at: 0); now.insert(escaped(c.new.tags.joined(separator: ", ")), at: 0) }
                if c.old.date != c.new.date { was.insert(c.old.date.description, at: 0); now.insert(c.new.date.description, at: 0) }
                if c.old.description != c.new.description { was.insert(escaped(c.old.description), at: 0); now.insert(escaped(c.new.description), at: 0) }
                out += "| \(c.new.date) | \(escaped(c.new.description)) | \(c.fields.joined(separator: ", ")) | \(was.joined(separator: "<br>")) | \(now.joined(separator: "<br>")) |\n"
            }
        }
        if !d.balances.isEmpty {
            let periods = d.balances.contains { $0.period != nil }
            out += "\n#### Balance changes\n\n| account |\(periods ? " period |" : "") before | after | change |\n|---|\(periods ? "---|" : "")---:|---:|---:|\n"
            for b in d.balances {
                out += "| \(escaped(b.account)) |\(periods ? " \(periodText(b.period)) |" : "") \(escaped(b.old)) | \(escaped(b.new)) | \(escaped(b.change)) |\n"
            }
        }
        table("Rule occurrences added (up to \(d.horizon))", d.occurrencesAdded)
        table("Rule occurrences dropped (up to \(d.horizon))", d.occurrencesDropped)
        for (title, list) in [("New diagnostics", d.newDiagnostics), ("Fixed diagnostics", d.fixedDiagnostics)] where !list.isEmpty {
            out += "\n#### \(title)\n\n" + list.map { "- \(escaped($0))\n" }.joined()
        }
        return out
    }
}
