/// The parts of a `repeat` header before its postings.
struct RuleHeader {
    var schedule: Schedule
    var anchor: CivilDate
    var until: CivilDate?
    var count: Int?
    var day: DayOfMonth?
    var shift: BusinessDayShift?
    var location: SourceLocation
    /// Where the part a transaction header shares (status, code, description, comment) starts.
    var restOffset: Int
}

extension JournalParser {
    /// The words a schedule starts with, for "did you mean".
    static let scheduleWords = Schedule.named.keys.sorted() + ["every"]

    /// Reads the next single-space-separated word of a header; nil at the wide separator.
    private func headerWord(_ lx: inout Lexer) -> Range<Int>? {
        if lx.atWideSeparator() { return nil }
        let start = lx.pos
        while lx.pos < lx.end, !Lexer.isSpace(lx.peek()) { lx.pos += 1 }
        let r = start..<lx.pos
        if lx.peek() == UInt8(ascii: " "), !lx.atWideSeparator() { lx.pos += 1 }
        return r
    }

    /// The clauses after a schedule, in any order.
    static let clauseWords = ["from", "until", "count", "on", "shift"]
    static let ordinals = ["1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5]

    /// After `on`: `last day`, `Nth WEEKDAY` or `last WEEKDAY`; nil (with an error) otherwise.
    private func dayClause(_ lx: inout Lexer) -> DayOfMonth? {
        guard let r = headerWord(&lx) else {
            error(Messages.expectedAfterKeyword("on", "'last day', 'Nth WEEKDAY' or 'last WEEKDAY'"), at: lx.pos)
            return nil
        }
        let word = sourceText(r).lowercased()
        let n: Int?
        if word == "last" {
            n = nil
        } else if let ordinal = JournalParser.ordinals[word] {
            n = ordinal
        } else {
            error(Messages.badOrdinal(sourceText(r)), at: r.lowerBound)
            return nil
        }
        guard let w = headerWord(&lx) else {
            error(Messages.expectedAfterKeyword("on \(word)", n == nil ? "'day' or a weekday" : "a weekday"), at: lx.pos)
            return nil
        }
        let name = sourceText(w)
        if n == nil, name.lowercased() == "day" { return .lastDay }
        guard let weekday = Weekday(name: name) else {
            var notes: [DiagnosticNote] = []
            if let s = closestWord(to: name, among: Weekday.allCases.map(\.name)) { notes.append(DiagnosticNote(Messages.didYouMean(s))) }
            error(Messages.unknownWeekday(name), at: w.lowerBound, notes: notes)
            return nil
        }
        return n.map { .nth($0, weekday) } ?? .last(weekday)
    }

    /// After `shift`: `before|after weekend|holiday`; nil (with an error) otherwise.
    private func shiftClause(_ lx: inout Lexer) -> BusinessDayShift? {
        let r = headerWord(&lx)
        guard let r, ["before", "after"].contains(sourceText(r).lowercased()) else {
            error(Messages.expectedAfterKeyword("shift", "'before' or 'after'"), at: r?.lowerBound ?? lx.pos)
            return nil
        }
        let direction = sourceText(r).lowercased()
        let w = headerWord(&lx)
        guard let w, ["weekend", "holiday"].contains(sourceText(w).lowercased()) else {
            error(Messages.expectedAfterKeyword("shift \(direction)", "'weekend' or 'holiday'"), at: w?.lowerBound ?? lx.pos)
            return nil
        }
        return BusinessDayShift(later: direction == "after", holidays: sourceText(w).lowercased() == "holiday")
    }

    /// `repeat SCHEDULE from DATE [until DATE] [count N]  DESCRIPTION [; COMMENT]`
    func repeatHeader(_ lx: inout Lexer, lineStart: Int) {
        owner = .skip
        var schedule: Schedule?
        var anchor: CivilDate?
        var until: (date: CivilDate, at: Int)?
        var count: Int?
        var day: DayOfMonth?
        var shift: BusinessDayShift?
        guard let first = headerWord(&lx) else {
            return error(Messages.unknownSchedule(""), at: lx.pos, notes: [DiagnosticNote(Messages.unknownScheduleHint)])
        }
        let word = sourceText(first).lowercased()
        // The interval, read by the one reader `~` periods use (`Schedule.read`); what it
        // refuses is told below, at the word that is wrong.
        var probe = lx, words = [word]
        while words.count < 3, let w = headerWord(&probe), !w.isEmpty { words.append(sourceText(w).lowercased()) }
        if let (read, used) = Schedule.read(words) {
            schedule = read
            for _ in 1..<used { _ = headerWord(&lx) }
        }
        switch word {
        case _ where schedule != nil: break
        case "every":
            // `every N UNIT` the reader refused: a count out of range, or no unit it knows.
            var unitRange = headerWord(&lx)
            if let r = unitRange, let value = Int(sourceText(r)) {
                guard value >= 1 else { return error(Messages.countZero, at: r.lowerBound) }
                guard value <= Schedule.mostEvery else { return error(Messages.stepTooLarge(Schedule.mostEvery), at: r.lowerBound) }
                unitRange = headerWord(&lx)
            }
            return error(Messages.unknownSchedule(unitRange.map(sourceText) ?? "every"), at: unitRange?.lowerBound ?? lx.pos,
                         notes: [DiagnosticNote(Messages.unknownScheduleHint)])
        default:
            var notes: [DiagnosticNote] = []
            if let s = closestWord(to: word, among: JournalParser.scheduleWords) { notes.append(DiagnosticNote(Messages.didYouMean(s))) }
            notes.append(DiagnosticNote(Messages.unknownScheduleHint))
            return error(Messages.unknownSchedule(sourceText(first)), at: first.lowerBound, notes: notes)
        }
        while let kw = headerWord(&lx) {
            let keyword = sourceText(kw).lowercased()
            switch keyword {
            case "from", "until":
                guard !lx.atWideSeparator() else { return error(Messages.expectedAfterKeyword(keyword, "a date"), at: lx.pos) }
                let at = lx.pos
                guard let d = dateToken(&lx) else { return }
                if lx.peek() == UInt8(ascii: " "), !lx.atWideSeparator() { lx.pos += 1 }
                if keyword == "from" { anchor = d } else { until = (d, at) }
            case "count":
                guard let r = headerWord(&lx), let n = Int(sourceText(r)) else {
                    return error(Messages.expectedAfterKeyword("count", "a number"), at: lx.pos)
                }
                guard n >= 1 else { return error(Messages.countZero, at: r.lowerBound) }
                count = n
            case "on":
                guard schedule!.stepDays == nil else { return error(Messages.onNeedsMonths(sourceText(first).lowercased()), at: kw.lowerBound) }
                guard let picked = dayClause(&lx) else { return }
                day = picked
            case "shift":
                guard let moved = shiftClause(&lx) else { return }
                shift = moved
            default:
                var notes: [DiagnosticNote] = []
                if let s = closestWord(to: keyword, among: JournalParser.clauseWords) {
                    notes.append(DiagnosticNote(Messages.didYouMean(s)))
                } else if lx.bytes[kw.lowerBound - 1] == UInt8(ascii: " "), lx.bytes[kw.lowerBound - 2] != UInt8(ascii: " ") {
                    // `repeat monthly from 2025-01-25 Rent`: the description after one space.
                    notes.append(DiagnosticNote(Messages.scheduleDescriptionSpacing))
                }
                return error(Messages.unexpectedText("the schedule: '\(sourceText(kw))'"), at: kw.lowerBound, notes: notes)
            }
        }
        guard let anchor, let schedule else { return error(Messages.missingFrom, at: lineStart) }
        if let u = until, u.date < anchor { return error(Messages.untilBeforeFrom, at: u.at) }
        var t = Transaction(date: anchor, description: "", location: location(lineStart))
        let restOffset = lx.pos
        headerRest(&lx, into: &t)
        if t.description.isEmpty { return error(Messages.blankDescriptionRule, at: lx.pos) }
        let header = RuleHeader(schedule: schedule, anchor: anchor, until: until?.date, count: count, day: day, shift: shift,
                                location: location(lineStart), restOffset: restOffset)
        owner = .none
        entry = t
        entryKind = .rule(header)
    }

    /// Stores a parsed rule, rejecting a second rule with the same name.
    func storeRule(_ h: RuleHeader, template: Transaction, broken: Bool) {
        let key = foldedName(template.description)
        if let first = ruleNames[key] {
            diagnostics.error(Messages.duplicateRule(template.description), at: h.location,
                              notes: [DiagnosticNote(Messages.duplicateRuleNote, at: first)])
            return
        }
        ruleNames[key] = h.location
        var rule = RepeatRule(schedule: h.schedule, anchor: h.anchor, until: h.until, count: h.count, day: h.day, shift: h.shift,
                              template: template, location: h.location)
        rule.headerRestOffset = Int32(h.restOffset)
        rule.isValid = !broken
        journal.rules.append(rule)
    }

    static let periodWords: Set<String> = [
        "daily", "weekly", "biweekly", "fortnightly", "monthly", "bimonthly", "quarterly", "yearly", "annually",
        "every", "from", "to", "in", "since", "until", "of", "on", "the", "this", "last", "next",
        "today", "yesterday", "tomorrow", "day", "days", "week", "weeks", "month", "months",
        "quarter", "quarters", "year", "years", "and",
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday", "thursday",
        "friday", "saturday", "sunday", "weekday", "weekdays", "weekendday", "weekenddays",
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
        "january", "february", "march", "april", "june", "july", "august", "september",
        "october", "november", "december", "-", "..",
    ]

    /// `~ PERIOD  DESCRIPTION`: parsed and checked, generates nothing.
    func periodicHeader(_ lx: inout Lexer) {
        let start = lx.pos
        lx.pos += 1
        lx.skipSpaces()
        let periodStart = lx.pos
        while let w = headerWord(&lx) {
            let word = sourceText(w).lowercased()
            if JournalParser.periodWords.contains(word) { continue }
            // A list of weekdays (`tue,thu`).
            if word.contains(","), word.split(separator: ",").allSatisfy({ JournalParser.periodWords.contains(String($0)) }) { continue }
            // Numbers, dates and ordinals (2, 2025-01, 2025/1/15, 15th, 2nd, q1).
            let isDateLike = word.unicodeScalars.allSatisfy { ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "/" || $0 == "." }
            let isOrdinal = word.hasSuffix("st") || word.hasSuffix("nd") || word.hasSuffix("rd") || word.hasSuffix("th")
            let isQuarter = word.count == 2 && word.hasPrefix("q")
            if isDateLike || (isOrdinal && word.first!.isNumber) || isQuarter { continue }
            owner = .skip
            return error(Messages.invalidPeriod(sourceText(w)), at: w.lowerBound)
        }
        let period = sourceText(periodStart..<lx.pos).trimmingSpaces
        if period.isEmpty {
            owner = .skip
            return error(Messages.invalidPeriod("~"), at: start)
        }
        if PeriodicSchedule.parse(period, reference: periodReference) == nil {
            diagnostics.warning(Messages.periodNotScheduled(period), at: location(periodStart))
        }
        var t = Transaction(date: CivilDate(day: 0), description: "", location: location(start))
        headerRest(&lx, into: &t)
        entry = t
        entryKind = .periodic(period)
    }
}

extension JournalParser {
    /// The day a `~` period's relative dates and dates without a year count
    /// from: the first day of the `Y` year (the current year without one).
    var periodReference: CivilDate? { reader.file.defaultYear.flatMap { CivilDate(year: $0, month: 1, day: 1) } }
}
