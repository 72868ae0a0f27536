import LedgerCore

/// A list that is also a report: `ledgerc accounts` is `ledgerc report accounts`.
protocol ListName {
    static var report: ReportKind { get }
}

enum AccountsList: ListName { static let report = ReportKind.accounts }
enum PayeesList: ListName { static let report = ReportKind.payees }
enum CommoditiesList: ListName { static let report = ReportKind.commodities }
enum TagsList: ListName { static let report = ReportKind.tags }
enum PricesList: ListName { static let report = ReportKind.prices }
enum StatsList: ListName { static let report = ReportKind.stats }

/// `ledgerc accounts|payees|commodities|tags|prices|stats`: the report of that name.
enum ListCommand<List: ListName>: Subcommand {
    static var help: String {
        """
        ledgerc \(List.report.rawValue): \(List.report.summaryLine)

        USAGE: ledgerc \(List.report.rawValue) [FILE...] [--format text|csv|json] [--from DATE] [--to DATE] [FILTER...]
               (the same as 'ledgerc report \(List.report.rawValue)'; see 'ledgerc report --help')

        Text: one name (or row) per line, as hledger lists it. Columns and keys: docs/REPORTS.md.

        """
    }

    static func run(_ args: [String]) throws -> Int {
        try ReportCommand.run([List.report.rawValue] + args)
    }
}
