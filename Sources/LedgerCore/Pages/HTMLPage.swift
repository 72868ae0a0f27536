/// The pieces of a self-contained HTML page: escaping, tables, the page
/// shell with its inline style (dark mode by `prefers-color-scheme`, print).
enum HTML {
    /// Text safe inside an element or a quoted attribute.
    static func escape(_ s: String) -> String { htmlEscaped(s) }

    /// A table; columns from `numericFrom` on are right-aligned numbers.
    static func table(_ headers: [String], _ rows: [[String]], numericFrom: Int = Int.max, classes: [Int: String] = [:]) -> String {
        var html = "<table><thead><tr>"
        for (i, h) in headers.enumerated() { html += i >= numericFrom ? "<th class=\"num\">\(escape(h))</th>" : "<th>\(escape(h))</th>" }
        html += "</tr></thead><tbody>"
        for (r, row) in rows.enumerated() {
            html += classes[r].map { "<tr class=\"\($0)\">" } ?? "<tr>"
            for (i, cell) in row.enumerated() { html += i >= numericFrom ? "<td class=\"num\">\(escape(cell))</td>" : "<td>\(escape(cell))</td>" }
            html += "</tr>"
        }
        return html + "</tbody></table>"
    }

    /// A section with a heading and an anchor for the table of contents.
    static func section(_ id: String, _ title: String, _ body: String) -> String {
        "<section id=\"\(id)\"><h2>\(escape(title))</h2>\(body)</section>\n"
    }

    /// The page needs no script and nothing from elsewhere: it forbids both,
    /// so that no text from a journal can run or fetch anything.
    static let contentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

    /// The whole page around `body`.
    static func page(title: String, subtitle: String, nav: [(id: String, title: String)], body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="ko">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="ledgerc">
        <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
        <title>\(escape(title))</title>
        <style>\(style)</style>
        </head>
        <body>
        <header><h1>\(escape(title))</h1><p>\(escape(subtitle))</p>
        <nav>\(nav.map { "<a href=\"#\($0.id)\">\(escape($0.title))</a>" }.joined(separator: " "))</nav></header>
        <main>
        \(body)</main>
        <footer>Written by ledgerc from the journal; every figure is exact. No script, no request to the network.</footer>
        </body>
        </html>

        """
    }

    static let style = """
    :root{--bg:#fff;--fg:#1b1b1b;--muted:#5f6368;--line:#d0d4d9;--over:#b00020;--card:#f6f7f9;color-scheme:light dark}
    @media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#e8eaed;--muted:#a0a6ad;--line:#3a3f45;--over:#ff7b8a;--card:#1f2329}}
    *{box-sizing:border-box}
    body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI","Noto Sans KR","Apple SD Gothic Neo","Malgun Gothic",sans-serif;word-break:keep-all}
    header,main,footer{max-width:980px;margin:0 auto;padding:0 16px}
    header h1{margin:24px 0 0}header p{color:var(--muted);margin:4px 0}
    nav a{margin-right:12px;color:inherit}
    section{margin:28px 0;padding-top:4px;border-top:1px solid var(--line)}
    h2{font-size:1.25rem}h3{font-size:1.05rem}
    .cards{display:flex;flex-wrap:wrap;gap:12px}
    .card{background:var(--card);border-radius:8px;padding:10px 14px;min-width:180px}
    .card b{display:block;font-size:1.2rem;font-variant-numeric:tabular-nums}
    .card span{color:var(--muted);font-size:.85rem}
    table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums;display:block;max-width:100%;overflow-x:auto}
    th,td{padding:3px 10px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
    .num{text-align:right}
    tr.over td{color:var(--over);font-weight:600}
    figure{margin:12px 0}figcaption{font-weight:600}
    svg{width:100%;height:auto;display:block}
    svg text{fill:var(--fg);font-size:11px}svg .axis{fill:var(--muted)}
    svg .zero{stroke:var(--line)}svg .grid{stroke:var(--line);stroke-opacity:.35}
    .legend{list-style:none;padding:0;margin:4px 0;display:flex;flex-wrap:wrap;gap:12px;font-size:.85rem}
    .legend span{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}
    .legend span.line{width:14px;height:0;border-top:2px dashed currentColor}
    .warn{color:var(--over)}
    footer{color:var(--muted);font-size:.8rem;margin:40px auto}
    @media print{nav{display:none}details{display:block}details>summary{display:none}section{break-inside:avoid}body{font-size:11pt}}
    """
}
