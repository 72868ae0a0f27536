/// The reports `ledgerc report` knows. A new report is one case here and one
/// file in this folder; the help text and the did-you-mean come from this list.
public enum ReportKind: String, CaseIterable, Sendable {
    case summary, transactions, balance, register, holdings, trades, budget, returns, html
    case accounts, payees, commodities, tags, prices, stats, statements

    /// What the report shows, as `ledgerc report --help` lists it (lines after
    /// the first are indented to the description column).
    public var summaryLine: String {
        switch self {
        case .summary:
            return """
            per month and commodity: income, expenses, net, savings rate,
                            transaction counts, and expense categories (the default)
            """
        case .transactions: return "every transaction after materialization (CSV: one row per posting)"
        case .balance: return "each account's change in the period (--historical: balance), parents rolled up"
        case .register: return "postings matching the filters, with a running total"
        case .holdings:
            return """
            what asset accounts hold at the end of the period: quantity, average
                            cost, cost basis, price, market value, gains, weight
            """
        case .trades: return "every purchase and sale in the period (--side buy|sell)"
        case .budget: return "per period and budgeted account: actual against the goals of the ~ rules"
        case .returns: return "what --account's investments earned: values, cash flow, PnL, IRR and TWR per period"
        case .html: return "one self-contained HTML page with charts of all of the above (-o PATH)"
        case .accounts: return "every account declared or posted to (--types: with its type)"
        case .payees: return "every payee of the period"
        case .commodities: return "every commodity declared or written"
        case .tags: return "every tag name (--values: their values)"
        case .prices: return "the P prices by date (--infer: and those the costs imply)"
        case .stats: return "what the journal holds: dates, counts, accounts, commodities"
        case .statements: return "each card's billing cycles: closes, due, charges, refunds, 할부 portions, amount due, paid"
        }
    }

    /// The report over a compiled ledger; nil for `html`, a page drawn by
    /// `HTMLReport` (Pages, a later folder) from these reports. Reports of
    /// postings by date see each posting on its own date; `transactions`
    /// keeps each transaction whole, and positions move on the transaction's date.
    /// With a valuation, the register and transactions see each posting
    /// valued (`end`: at the report's end); balance, summary, budget,
    /// holdings and trades value their own figures.
    public func report(_ compilation: Compilation, options: ReportOptions) throws(AmountOverflow) -> (any Report)? {
        let ledger = compilation.ledger
        func valued(_ ledger: Ledger) throws(AmountOverflow) -> Ledger {
            guard let valuer = options.valuer else { return ledger }
            return try ledger.valued(by: valuer)
        }
        switch self {
        case .summary: return MonthSummaryReport(ledger: ledger.datedByPosting(), options: options)
        case .transactions: return TransactionsReport(ledger: try valued(ledger), sources: compilation.sources, options: options)
        case .balance: return BalanceReport(ledger: ledger.datedByPosting(), options: options)
        case .register: return RegisterReport(ledger: try valued(ledger.datedByPosting()), options: options)
        case .holdings: return HoldingsReport(ledger: ledger, options: options)
        case .trades: return TradesReport(ledger: ledger, sources: compilation.sources, options: options)
        case .budget: return BudgetReport(ledger: ledger.datedByPosting(), options: options)
        case .returns: return ReturnsReport(ledger: ledger.datedByPosting(), options: options)
        case .html: return nil
        case .accounts: return AccountsReport(ledger: ledger, options: options)
        case .payees: return NamesReport(.payees, ledger: ledger, options: options)
        case .commodities: return NamesReport(.commodities, ledger: ledger, options: options)
        case .tags: return NamesReport(.tags, ledger: ledger, options: options)
        case .prices: return PricesReport(ledger: ledger, sources: compilation.sources, options: options)
        case .stats: return StatsReport(compilation, options: options)
        case .statements: return CardStatementsReport(ledger: ledger, options: options)
        }
    }
}
