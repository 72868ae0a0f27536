/// Small SVG charts: figures in, markup out. Each chart is a `<figure>` with
/// a title, the drawing, and a `<details>` table of the same figures (for
/// screen readers, for printing, and for reading exact numbers). The values
/// here only place shapes; every number a person reads comes, exactly
/// formatted, in `Chart.Table`. Colours are the Okabe-Ito palette, told
/// apart by people with colour-blindness.
enum Chart {
    /// One series of values, one per label.
    struct Series {
        var name: String
        var values: [Double]
    }

    /// The figures a chart shows, already formatted: headers and rows.
    struct Table {
        var headers: [String]
        var rows: [[String]]
    }

    static let palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#999999"]
    static let width = 940.0, height = 260.0, left = 56.0, bottom = 28.0, top = 12.0

    static func color(_ i: Int) -> String { palette[i % palette.count] }

    /// Bars side by side per label (income against expenses), and an
    /// optional line of fractions on a 0–100% scale at the right (savings rate).
    static func bars(id: String, title: String, labels: [String], units: AxisUnits = .plain, series: [Series], line: Series? = nil, table: Table) -> String {
        let maxValue = max(1, series.flatMap(\.values).map(abs).max() ?? 1)
        let minValue = min(0, series.flatMap(\.values).min() ?? 0)
        let scale = Scale(min: minValue, max: maxValue)
        var svg = frame(id: id, title: title, scale: scale, units: units)
        let slot = (width - left - 8) / Double(max(1, labels.count))
        let barWidth = max(2, slot * 0.8 / Double(max(1, series.count)))
        for (k, label) in labels.enumerated() {
            let x0 = left + slot * Double(k) + slot * 0.1
            for (s, one) in series.enumerated() where k < one.values.count {
                let v = one.values[k]
                let y = scale.y(max(v, 0)), h = abs(scale.y(v) - scale.y(0))
                svg += "<rect x=\"\(n(x0 + barWidth * Double(s)))\" y=\"\(n(y))\" width=\"\(n(barWidth - 1))\" height=\"\(n(h))\" fill=\"\(color(s))\"><title>\(escape(label)) \(escape(one.name)): \(escape(table.cell(k, s + 1)))</title></rect>"
            }
            svg += axisLabel(label, x: x0 + slot * 0.4, count: labels.count, k: k)
        }
        if let line {
            // A value that is not a number (a month without income) breaks the line.
            var runs: [[String]] = [[]]
            for (k, v) in line.values.enumerated() {
                guard !v.isNaN else { runs.append([]); continue }
                runs[runs.count - 1].append("\(n(left + slot * (Double(k) + 0.5))),\(n(top + (height - top - bottom) * (1 - min(max(v, 0), 1))))")
            }
            for points in runs where !points.isEmpty {
                svg += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-dasharray=\"4 2\"/>"
            }
            svg += "<text x=\"\(n(width - 4))\" y=\"\(n(top + 10))\" text-anchor=\"end\" class=\"axis\">\(escape(line.name)) (0–100%)</text>"
        }
        return figure(id: id, title: title, svg: svg + "</svg>", legend: series.map(\.name) + (line.map { ["- - " + $0.name] } ?? []), table: table)
    }

    /// Stacked bars per label (spending by category per month).
    static func stacked(id: String, title: String, labels: [String], units: AxisUnits = .plain, series: [Series], table: Table) -> String {
        let totals = labels.indices.map { k in series.reduce(0.0) { $0 + max(0, k < $1.values.count ? $1.values[k] : 0) } }
        let scale = Scale(min: 0, max: max(1, totals.max() ?? 1))
        var svg = frame(id: id, title: title, scale: scale, units: units)
        let slot = (width - left - 8) / Double(max(1, labels.count))
        for (k, label) in labels.enumerated() {
            var base = 0.0
            let x = left + slot * Double(k) + slot * 0.15
            for (s, one) in series.enumerated() where k < one.values.count && one.values[k] > 0 {
                let v = one.values[k]
                svg += "<rect x=\"\(n(x))\" y=\"\(n(scale.y(base + v)))\" width=\"\(n(slot * 0.7))\" height=\"\(n(scale.y(base) - scale.y(base + v)))\" fill=\"\(color(s))\"><title>\(escape(label)) \(escape(one.name)): \(escape(table.cell(k, s + 1)))</title></rect>"
                base += v
            }
            svg += axisLabel(label, x: x + slot * 0.35, count: labels.count, k: k)
        }
        return figure(id: id, title: title, svg: svg + "</svg>", legend: series.map(\.name), table: table)
    }

    /// A line per series over the labels (net worth by month).
    static func lines(id: String, title: String, labels: [String], units: AxisUnits = .plain, series: [Series], table: Table) -> String {
        let all = series.flatMap(\.values)
        let scale = Scale(min: min(0, all.min() ?? 0), max: max(1, all.max() ?? 1))
        var svg = frame(id: id, title: title, scale: scale, units: units)
        let slot = (width - left - 8) / Double(max(1, labels.count))
        for (s, one) in series.enumerated() {
            let points = one.values.enumerated().map { "\(n(left + slot * (Double($0.offset) + 0.5))),\(n(scale.y($0.element)))" }
            svg += "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(color(s))\" stroke-width=\"2.5\"/>"
            for (k, v) in one.values.enumerated() {
                svg += "<circle cx=\"\(n(left + slot * (Double(k) + 0.5)))\" cy=\"\(n(scale.y(v)))\" r=\"3\" fill=\"\(color(s))\"><title>\(escape(labels[k])): \(escape(table.cell(k, s + 1)))</title></circle>"
            }
        }
        for (k, label) in labels.enumerated() { svg += axisLabel(label, x: left + slot * (Double(k) + 0.5), count: labels.count, k: k) }
        return figure(id: id, title: title, svg: svg + "</svg>", legend: series.map(\.name), table: table)
    }

    /// A pie of shares (market value by holding); slices of zero or less are left out.
    static func pie(id: String, title: String, slices: [(label: String, value: Double)], table: Table) -> String {
        let shown = slices.filter { $0.value > 0 }
        let total = shown.reduce(0) { $0 + $1.value }
        var svg = "<svg viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-labelledby=\"\(id)-title\"><title id=\"\(id)-title\">\(escape(title))</title>"
        let cx = 120.0, cy = height / 2, r = 100.0
        var angle = -Double.pi / 2
        for (i, slice) in shown.enumerated() {
            let sweep = total > 0 ? slice.value / total * 2 * Double.pi : 0
            if shown.count == 1 {
                svg += "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(r))\" fill=\"\(color(i))\"><title>\(escape(slice.label)): \(escape(table.cell(i, 1)))</title></circle>"
            } else {
                let x1 = cx + r * cosine(angle), y1 = cy + r * sine(angle)
                let x2 = cx + r * cosine(angle + sweep), y2 = cy + r * sine(angle + sweep)
                svg += "<path d=\"M\(n(cx)),\(n(cy)) L\(n(x1)),\(n(y1)) A\(n(r)),\(n(r)) 0 \(sweep > Double.pi ? 1 : 0) 1 \(n(x2)),\(n(y2)) Z\" fill=\"\(color(i))\" stroke=\"var(--bg)\"><title>\(escape(slice.label)): \(escape(table.cell(i, 1)))</title></path>"
            }
            svg += "<rect x=\"260\" y=\"\(n(20 + 22 * Double(i)))\" width=\"12\" height=\"12\" fill=\"\(color(i))\"/><text x=\"278\" y=\"\(n(30 + 22 * Double(i)))\">\(escape(slice.label)) \(escape(table.cell(i, 1)))</text>"
            angle += sweep
        }
        return figure(id: id, title: title, svg: svg + "</svg>", legend: [], table: table)
    }

    // MARK: Parts

    /// Maps values to the drawing's y coordinates.
    struct Scale {
        var min: Double, max: Double
        func y(_ v: Double) -> Double {
            let span = max - min
            return Chart.top + (Chart.height - Chart.top - Chart.bottom) * (1 - (span == 0 ? 0 : (v - min) / span))
        }
    }

    /// How the y axis writes its values: `3.2M`, or for won in Korean `4,000만`, `1.2억`.
    enum AxisUnits { case plain, won }

    static func frame(id: String, title: String, scale: Scale, units: AxisUnits = .plain) -> String {
        var svg = "<svg viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-labelledby=\"\(id)-title\"><title id=\"\(id)-title\">\(escape(title))</title>"
        for tick in ticks(scale) {
            let y = n(scale.y(tick))
            svg += "<line x1=\"\(n(left))\" y1=\"\(y)\" x2=\"\(n(width - 4))\" y2=\"\(y)\" class=\"\(tick == 0 ? "zero" : "grid")\"/>"
            svg += "<text x=\"\(n(left - 4))\" y=\"\(n(scale.y(tick) + 4))\" text-anchor=\"end\" class=\"axis\">\(units == .won ? won(tick) : short(tick))</text>"
        }
        return svg
    }

    /// A few round values on the y axis (steps of 1, 2 or 5 × 10^k), zero
    /// among them, within the scale.
    static func ticks(_ scale: Scale) -> [Double] {
        let span = scale.max - scale.min
        guard span > 0, span.isFinite else { return [0] }
        // A power of ten at most a quarter of the span, then 1, 2 or 5 times it.
        let raw = span / 4
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw, magnitude > 1e-300 { magnitude /= 10 }
        let step = [1.0, 2.0, 5.0, 10.0].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
        var out: [Double] = []
        var t = (scale.min / step).rounded(.down) * step
        while t <= scale.max + step * 1e-9, out.count < 12 {
            if t >= scale.min - step * 1e-9 { out.append(abs(t) < step * 1e-9 ? 0 : t) }
            t += step
        }
        return out
    }

    /// A label under the axis; with many labels only some are written. In
    /// Korean a month (`2025-03`) is `3월`, with its year on the first label and on January.
    static func axisLabel(_ label: String, x: Double, count: Int, k: Int) -> String {
        let every = max(1, count / 12)
        guard k % every == 0 else { return "" }
        return "<text x=\"\(n(x))\" y=\"\(n(height - 8))\" text-anchor=\"middle\" class=\"axis\">\(escape(monthLabel(label, first: k == 0)))</text>"
    }

    /// `2025-03` as Korean says a month (`3월`, `2025년 1월`); anything else as it is.
    static func monthLabel(_ label: String, first: Bool) -> String {
        guard Language.current == .korean else { return label }
        let parts = label.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), (1...12).contains(month) else { return label }
        return first || month == 1 ? "\(year)년 \(month)월" : "\(month)월"
    }

    /// An axis value in won as Korean writes money: `0`, `5,000`, `4,000만`, `1.2억`, `3조`.
    static func won(_ v: Double) -> String {
        guard v.isFinite else { return "" }
        let sign = v < 0 ? "-" : "", a = abs(v)
        func grouped(_ x: Double) -> String {
            let whole = Int(x.rounded())
            var digits = String(whole), out = ""
            while digits.count > 3 { out = "," + digits.suffix(3) + out; digits = String(digits.dropLast(3)) }
            return digits + out
        }
        func oneDecimal(_ x: Double) -> String { n(x).replacingSuffix(".0", with: "") }
        if a >= 1e12 { return sign + oneDecimal(a / 1e12) + "조" }
        if a >= 1e8 { return sign + oneDecimal(a / 1e8) + "억" }
        if a >= 1e4 { return sign + (a >= 1e7 ? grouped(a / 1e4) : oneDecimal(a / 1e4)) + "만" }
        return sign + grouped(a)
    }

    static func figure(id: String, title: String, svg: String, legend: [String], table: Table) -> String {
        var html = "<figure id=\"\(id)\"><figcaption>\(escape(title))</figcaption>\(svg)"
        if !legend.isEmpty {
            html += "<ul class=\"legend\">" + legend.enumerated().map { i, name in
                name.hasPrefix("- - ") ? "<li><span class=\"line\"></span>\(escape(String(name.dropFirst(4))))</li>"
                    : "<li><span style=\"background:\(color(i))\"></span>\(escape(name))</li>"
            }.joined() + "</ul>"
        }
        html += "<details><summary>\(escape(HTML.word("Figures")))</summary>\(HTML.table(table.headers, table.rows, numericFrom: 1))</details></figure>"
        return html
    }

    /// A coordinate with one decimal, the same on every machine.
    /// (Drawing only: a figure beyond ±10^15 is drawn at the edge, never trapped on.)
    static func n(_ x: Double) -> String {
        let clamped = x.isFinite ? Swift.min(Swift.max(x, -1e15), 1e15) : 0
        let tenths = Int((clamped * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// An axis's largest value, short: 3.2M, 640k, 12.
    /// Past the suffixes, the power of ten: `2e36`.
    static func short(_ v: Double) -> String {
        guard v.isFinite else { return "" }
        let suffixes = ["", "k", "M", "G", "T", "P", "E"]
        var a = v, thousands = 0
        while abs(a) >= 1_000, thousands < 200 { a /= 1_000; thousands += 1 }
        let suffix = thousands < suffixes.count ? suffixes[thousands] : "e\(3 * thousands)"
        return n(a).replacingSuffix(".0", with: "") + suffix
    }

    static func escape(_ s: String) -> String { HTML.escape(s) }

    // Sine and cosine by Taylor series after range reduction (no Foundation).
    static func sine(_ x: Double) -> Double {
        var a = x.truncatingRemainder(dividingBy: 2 * Double.pi)
        if a > Double.pi { a -= 2 * Double.pi } else if a < -Double.pi { a += 2 * Double.pi }
        var term = a, sum = a
        for k in 1..<12 {
            term *= -a * a / Double((2 * k) * (2 * k + 1))
            sum += term
        }
        return sum
    }

    static func cosine(_ x: Double) -> Double { sine(x + Double.pi / 2) }
}

extension Chart.Table {
    /// The text of row `row`, column `column`, or empty.
    func cell(_ row: Int, _ column: Int) -> String {
        row < rows.count && column < rows[row].count ? rows[row][column] : ""
    }
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
