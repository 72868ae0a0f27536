import Foundation
import XCTest

/// Wrong figures a hledger user met in hledger's form (issue 58), each
/// reproduced in hledger 1.25 and fixed at its root: the expected output
/// follows hledger's tests (hledger/test/pivot.test) or its documented
/// behaviour. CSV is compared where the text layout is not the point.
final class HledgerFiguresTests: XCTestCase {
    func journal(_ text: String, _ name: String = "j.journal") throws -> String {
        let url = try temporaryDirectory(self).appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func csv(_ args: [String]) throws -> String {
        let r = try runLedgerc(args + ["-O", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout
    }

    static let types = """
        account assets:bank
        account assets:house
        account income:salary

        2025-01-05 pay
            assets:bank  100 USD
            income:salary

        2025-01-06 buy
            assets:house  50 USD
            assets:bank

        """

    /// `type:a` matches asset accounts (cash ones too), `type:c` cash only; it matched nothing.
    func testTypeQueries() throws {
        let f = try journal(Self.types)
        XCTAssertEqual(try csv(["-f", f, "bal", "type:a"]), "\"account\",\"balance\"\n\"assets:bank\",\"50 USD\"\n\"assets:house\",\"50 USD\"\n\"total\",\"100 USD\"\n")
        XCTAssertEqual(try csv(["-f", f, "bal", "type:c"]), "\"account\",\"balance\"\n\"assets:bank\",\"50 USD\"\n\"total\",\"50 USD\"\n")
        XCTAssertEqual(try csv(["-f", f, "bal", "type:r"]), "\"account\",\"balance\"\n\"income:salary\",\"-100 USD\"\n\"total\",\"-100 USD\"\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "type:q"]).status, 2)
        // hledger's query-type.test 11 and 12: lists of accounts, and V for conversion accounts by their names.
        XCTAssertEqual(try runLedgerc(["-f", f, "accounts", "type:c"]).stdout, "assets:bank\n")
        let equity = try journal("account equity\naccount equity:conversion\naccount equity:trading\naccount equity:trade\n", "e.journal")
        XCTAssertEqual(try runLedgerc(["-f", equity, "accounts", "type:v"]).stdout, "equity:conversion\nequity:trading\nequity:trade\n")
        // print asks it of the whole transaction (query-type.test 6).
        let printed = try runLedgerc(["-f", f, "print", "type:a", "not:type:r"])
        XCTAssertTrue(printed.stdout.contains("2025-01-06 buy") && !printed.stdout.contains("2025-01-05 pay"), printed.stdout)
    }

    /// `close -e DATE assets` closes the assets only (income was closed too).
    func testCloseKeepsToItsQuery() throws {
        let f = try journal(Self.types)
        let r = try runLedgerc(["-f", f, "close", "-e", "2025-02-01", "assets"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("assets:bank") && r.stdout.contains("assets:house"), r.stdout)
        XCTAssertFalse(r.stdout.contains("income"), r.stdout)
    }

    /// hledger's pivot.test: a query's account terms see the name as it was
    /// and as pivoted; `print --pivot TAG` trapped.
    func testPivotWithAQuery() throws {
        let f = try journal("""
            2016/02/16 (1138) Auchan | buy a food for tomorrow morning
                assets:bank account
                expense:snacks                      2 EUR
                expense:grocery                    20 EUR

            2016/02/16 StarBars
                assets:bank account
                expense:coffee                     5 EUR

            """)
        XCTAssertEqual(try csv(["-f", f, "--pivot", "payee", "bal", "--flat", "-N", "^expense"]), "\"account\",\"balance\"\n\"Auchan\",\"22 EUR\"\n\"StarBars\",\"5 EUR\"\n")
        let tags = try journal("""
            2016/02/16 Test Transaction
                Account1                                   2 EUR
                ; TAG: fun
                Account2                                  -1 EUR
                ; TAG: value
                Account2                                  -1 EUR
                ; TAG: hidden

            """, "t.journal")
        let reg = try csv(["-f", tags, "--pivot", "TAG", "reg", "^Account2$", "^fun$", "not:hidden"])
        XCTAssertEqual(reg.split(separator: "\n").count, 3, reg)
        XCTAssertTrue(reg.contains("\"fun\",\"2 EUR\"") && reg.contains("\"value\",\"-1 EUR\""), reg)
        let print = try runLedgerc(["-f", tags, "--pivot", "TAG", "print"])
        XCTAssertEqual(print.status, 0, print.stderr)
        XCTAssertTrue(print.stdout.contains("    fun") && print.stdout.contains("    hidden"), print.stdout)
    }

    /// `print not:a` prints no transaction with a posting to `a`, as hledger.
    func testPrintAsksTermsOfTheWholeTransaction() throws {
        let f = try journal("2025-01-01 x\n    a  1 X\n    b\n\n2025-01-02 y\n    c  1 X\n    d\n")
        let r = try runLedgerc(["-f", f, "print", "not:a"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("2025-01-01"), r.stdout)
        XCTAssertTrue(r.stdout.contains("2025-01-02 y"), r.stdout)
    }

    /// `reg -H -b` starts the running total at the balance before the report.
    func testHistoricalRegisterStartsAtTheBalanceBefore() throws {
        let f = try journal("2025-01-05 a\n    assets:cash  100 USD\n    income\n\n2025-03-05 b\n    assets:cash  -10 USD\n    expenses\n")
        XCTAssertTrue(try csv(["-f", f, "reg", "-H", "assets:cash", "-b", "2025-03"]).contains("\"-10 USD\",\"90 USD\""))
        XCTAssertTrue(try csv(["-f", f, "reg", "-H", "assets:cash", "-b", "2025-03", "-M"]).contains("\"-10 USD\",\"90 USD\""))
    }

    /// `Income ==* 0` over EUR brings the income tree to zero (it was read
    /// as 0 and the rows vanished): examples/multicurrency.journal.
    func testATotalAssignmentOfZeroClosesEveryCommodity() throws {
        let f = try journal("""
            2015-01-01 * Opening state 1
                Equity:Opening Balances                     -100.00 HRK
                Assets:Cash                                  100.00 HRK

            2015-01-02 * Random gift
                Income:Random                                -20 EUR
                Assets:Cash                                   20 EUR

            2015-01-03 * Money exchange office
                Assets:Cash                                  -20 EUR @ 7.53 HRK
                Assets:Cash                                  150.60 HRK

            2015-12-31 retain earnings
                Income                                               ==* 0
                Equity:Retained Earnings

            """)
        let out = try csv(["-f", f, "bal"])
        XCTAssertTrue(out.contains("\"Equity:Retained Earnings\",\"-20 EUR\"") && out.contains("\"Income\",\"20 EUR\""), out)
    }

    /// Forecast transactions get the automated postings (a tithe of 10%: $-30 over three months, not $-10).
    func testForecastsGetAutomatedPostings() throws {
        let f = try journal("""
            = income:salary
                (liabilities:tithe)  *0.1

            ~ monthly from 2025-01-01
                assets:bank  100 USD
                income:salary  -100 USD

            2024-12-31 x
                assets:bank  1 USD
                equity

            """)
        XCTAssertTrue(try csv(["-f", f, "bal", "--forecast=2025-01..2025-04", "liabilities"]).contains("\"liabilities:tithe\",\"-30 USD\""))
    }

    /// Each `-f` file reads on its own: an alias of one never renames the next's accounts.
    func testAnAliasStaysInItsFile() throws {
        let a = try journal("2025-01-01 x\n    a  1 X\n    b\n", "a.journal")
        let alias = try journal("alias a = z\n", "alias.journal")
        let r = try runLedgerc(["-f", a, "-f", alias, "-f", a, "print"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertFalse(r.stdout.contains("z"), r.stdout)
    }

    /// `is -N -S`: no totals and no net row, each section largest first as
    /// it shows (revenues positive); `-S` with `-M` sorts by the row's total.
    func testNoTotalAndSortByAmountInStatements() throws {
        let f = try journal("""
            2025-01-05 a
                income:salary  -100 USD
                income:gifts  -300 USD
                expenses:food  50 USD
                expenses:rent  200 USD
                assets:bank

            2025-02-05 b
                expenses:food  300 USD
                assets:bank

            """)
        XCTAssertEqual(try csv(["-f", f, "is", "-N", "-S"]), """
            "Income Statement 2025-01-05..2025-02-05",""
            "Account","2025-01-05..2025-02-05"
            "Revenues",""
            "income:gifts","300 USD"
            "income:salary","100 USD"
            "Expenses",""
            "expenses:food","350 USD"
            "expenses:rent","200 USD"

            """)
        let monthly = try csv(["-f", f, "bal", "expenses", "-M", "-S", "-N"])
        XCTAssertTrue(monthly.contains("\"expenses:food\",\"50 USD\",\"300 USD\"\n\"expenses:rent\""), monthly)
    }

    /// `check accounts` reports an undeclared account whose amount is elided
    /// (`equity:opening balances` under a declared `equity`), and says
    /// nothing of commodities; `check commodities` nothing of accounts.
    func testCheckAccountsAndCommoditiesApart() throws {
        let f = try journal("account equity\naccount assets\n\n2025-01-01 open\n    assets  100 USD\n    equity:opening balances\n")
        let accounts = try runLedgerc(["-f", f, "check", "accounts"])
        XCTAssertEqual(accounts.status, 1)
        XCTAssertTrue(accounts.stderr.contains("account 'equity:opening balances' is not declared"), accounts.stderr)
        XCTAssertFalse(accounts.stderr.contains("commodity"), accounts.stderr)
        let commodities = try runLedgerc(["-f", f, "check", "commodities"])
        XCTAssertEqual(commodities.status, 1)
        XCTAssertTrue(commodities.stderr.contains("commodity 'USD' is not declared"), commodities.stderr)
        XCTAssertFalse(commodities.stderr.contains("account '"), commodities.stderr)
    }

    /// Command lines hledger's tests use that ledgerc refused: bundled short
    /// flags, the depth shorthand, `--color=yes`, command prefixes, `--drop`,
    /// `--no-elide`, `check -s`, `-x`, `--date2`, `--pretty` (Unicode tables);
    /// `-w` is read and warned about where ledgerc does not draw it yet.
    func testHledgersCommandLineForms() throws {
        let f = try journal(Self.types)
        XCTAssertEqual(try csv(["-f", f, "bal", "-NE", "-1", "--color=yes"]), "\"account\",\"balance\"\n\"assets\",\"100 USD\"\n\"income\",\"-100 USD\"\n")
        XCTAssertEqual(try csv(["-f", f, "bal", "-N", "--drop", "1"]), "\"account\",\"balance\"\n\"bank\",\"50 USD\"\n\"house\",\"50 USD\"\n\"salary\",\"-100 USD\"\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "acc"]).stdout, "assets:bank\nassets:house\nincome:salary\n")
        XCTAssertTrue(try runLedgerc(["-f", f, "inc"]).stdout.hasPrefix("Income Statement"))
        let ambiguous = try runLedgerc(["-f", f, "c"])
        XCTAssertEqual(ambiguous.status, 2)
        XCTAssertTrue(ambiguous.stderr.contains("it begins"), ambiguous.stderr)
        XCTAssertEqual(try runLedgerc(["-f", f, "check", "-s"]).status, 1)
        XCTAssertEqual(try runLedgerc(["-f", f, "print", "-x"]).status, 0)
        let elided = try csv(["-f", f, "bal", "--tree", "-N", "income"]), shown = try csv(["-f", f, "bal", "--tree", "-N", "--no-elide", "income"])
        XCTAssertFalse(elided.contains("\"income\","), elided)
        XCTAssertTrue(shown.contains("\"income\",\"-100 USD\""), shown)
        // --pretty draws a table with columns in Unicode, as hledger (a one-column balance is no table).
        let pretty = try runLedgerc(["-f", f, "bal", "--pretty", "-M", "-N"])
        XCTAssertEqual(pretty.status, 0)
        // (hledger 1.25's own output for this journal.)
        XCTAssertEqual(pretty.stdout, "Balance changes in 2025-01:\n\n               ║      Jan \n═══════════════╬══════════\n assets:bank   ║   50 USD \n assets:house  ║   50 USD \n income:salary ║ -100 USD \n")
        XCTAssertFalse(pretty.stderr.contains("warning"), pretty.stderr)
        let dated = try journal("2025-01-31=2025-02-02 x\n    a  1 X\n    b\n\n2025-02-01 y\n    a  1 X\n    b\n", "d2.journal")
        XCTAssertEqual(try csv(["-f", dated, "bal", "a", "--date2", "-M", "-N"]), "\"account\",\"2025-02\"\n\"a\",\"2 X\"\n")
    }

    /// hledger's `stats` counts distinct descriptions (36 where ledgerc said
    /// 18 payees); a sale from nothing (examples/investing/
    /// investment-gains-balancing.journal) says why and what to write.
    func testStatsCountsDescriptionsAndAnOversellSaysWhy() throws {
        let f = try journal("2020-02-01 AB Inc. | invoice\n    (a)  $1\n\n2020-02-15 AB Inc. | payment\n    (a)  $-1\n")
        XCTAssertTrue(try runLedgerc(["-f", f, "stats"]).stdout.contains("Payees/descriptions       : 2\n"))
        let sale = try journal("2019-03-01 Sell\n    Assets:Shares           -1 ETF {10 EUR} @ 15 EUR\n    Assets:Cash             15 EUR\n    Income:Capital Gains\n", "s.journal")
        let r = try runLedgerc(["-f", sale, "bal"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("note: ledgerc checks what is sold against what was bought (hledger and ledger do not)"), r.stderr)
        XCTAssertTrue(r.stderr.contains("declare 'account Assets:Shares' with the tag '; allow-negative:'"), r.stderr)
    }

    /// `bal --budget -M` shows no parent hledger elides (`assets` over its one
    /// child `assets:bank`); hledger 1.25's CSV, recorded on this machine.
    func testBudgetLeavesOutABoringParent() throws {
        let f = try journal("""
            ~ monthly from 2025-01
                expenses:food  400 USD
                expenses:rent  1000 USD
                assets:bank

            2025-01-05 a
                expenses:food:groceries  100 USD
                assets:bank
            2025-01-06 b
                expenses:rent  1000 USD
                assets:bank
            2025-02-05 c
                expenses:food:dining  50 USD
                assets:bank

            """)
        XCTAssertEqual(try csv(["-f", f, "bal", "--budget", "-M", "-b", "2025-01", "-e", "2025-03"]), """
            "Account","2025-01","budget","2025-02","budget"
            "assets:bank","-1100 USD","-1400 USD","-50 USD","-1400 USD"
            "expenses","1100 USD","1400 USD","50 USD","1400 USD"
            "expenses:food","100 USD","400 USD","50 USD","400 USD"
            "expenses:rent","1000 USD","1000 USD","0","1000 USD"
            "Total:","0","0","0","0"

            """)
    }

    /// A posting inherits its account's declared tags, and its parents'
    /// (hledger's query-tag.test 20): `tag:type=a` keeps `a:aa` under `account a ; type:A`.
    func testATagQueryAsksTheAccountsDeclaredTags() throws {
        let f = try journal("account a    ; type:A\naccount a:aa\n\n2022-01-01\n  (a:aa)   1\n\n2022-01-02\n  (b)   2\n")
        XCTAssertEqual(try csv(["-f", f, "bal", "-N", "tag:type=a"]), "\"account\",\"balance\"\n\"a:aa\",\"1\"\n")
    }

    /// A one-column `balance` in text is hledger's layout, to the character
    /// (recorded from hledger 1.25 on this machine): amounts right-aligned
    /// in 20 columns, a commodity a line, the tree indented under the
    /// nearest shown parent, a rule and the total.
    func testBalanceTextIsHledgers() throws {
        let f = try journal("2025-01-01 a\n    expenses:food:groceries  10 USD\n    expenses:rent  1000.50 EUR\n    assets:bank:checking  -10 USD\n    assets:cash  -1000.50 EUR\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal"]).stdout, """
                         -10 USD  assets:bank:checking
                    -1000.50 EUR  assets:cash
                          10 USD  expenses:food:groceries
                     1000.50 EUR  expenses:rent
            --------------------
                               0  \n
            """)
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "--tree", "-N"]).stdout, """
                    -1000.50 EUR
                         -10 USD  assets
                         -10 USD    bank:checking
                    -1000.50 EUR    cash
                     1000.50 EUR
                          10 USD  expenses
                          10 USD    food:groceries
                     1000.50 EUR    rent

            """)
    }

    /// A register of postings in text is hledger's layout (recorded from
    /// hledger 1.25 here): 80 columns or `-w`, descriptions and accounts cut
    /// as hledger cuts them, figures as wide as the widest, an elided amount
    /// in two commodities one posting on two lines (its CSV row too).
    func testRegisterTextIsHledgers() throws {
        let f = try journal("""
            2016-02-16 Test Transaction
                Account1    2 EUR
                Account2   -1 EUR
                Account2   -1 EUR

            2016-02-17 A very long description that goes on and on
                expenses:food:groceries:vegetables:organic  1000000.00 USD
                assets:bank:checking

            2016-02-18 multi
                a  1 EUR
                a  2 USD
                b

            """)
        XCTAssertEqual(try runLedgerc(["-f", f, "reg"]).stdout, """
            2016-02-16 Test Transaction   Account1                     2 EUR           2 EUR
                                          Account2                    -1 EUR           1 EUR
                                          Account2                    -1 EUR               0
            2016-02-17 A very long des..  ..o:gr:ve:organic   1000000.00 USD  1000000.00 USD
                                          as:bank:checking   -1000000.00 USD               0
            2016-02-18 multi              a                            1 EUR           1 EUR
                                          a                         2.00 USD           1 EUR
                                                                                    2.00 USD
                                          b                           -1 EUR                
                                                                   -2.00 USD               0

            """)
        XCTAssertTrue(try csv(["-f", f, "reg"]).hasSuffix("\"3\",\"2016-02-18\",\"\",\"multi\",\"b\",\"-1 EUR, -2.00 USD\",\"0\"\n"))
    }

    /// `print` in hledger's form is hledger's layout (recorded from hledger
    /// 1.25 here): no directives, an elided amount left out (`-x` writes it),
    /// the widest account plus two, amounts in at least 12 columns with their
    /// cost; and `==*` stays `==*` (ledgerc's own print wrote `==`).
    func testPrintIsHledgers() throws {
        let f = try journal("""
            account a

            2016/01/01=2016/01/05 * (C1) desc  ; tcomment
                ; second line
                (virt)  1 USD @ 2 EUR = 1 USD  ; pcomment
                [b:c]  -2 EUR
                ! d
                [e]  2 EUR

            2016/01/02 multi
                a  1 EUR
                a  2 USD
                b

            2016/01/03 assign
                a                     ==* 0
                c

            """)
        let printed = try runLedgerc(["-f", f, "print"])
        XCTAssertEqual(printed.stdout, """
            2016-01-01=2016-01-05 * (C1) desc  ; tcomment
                ; second line
                (virt)    1 USD @ 2 EUR = 1 USD  ; pcomment
                [b:c]            -2 EUR
                ! d
                [e]               2 EUR

            2016-01-02 multi
                a           1 EUR
                a           2 USD
                b

            2016-01-03 assign
                a                 ==* 0
                c


            """)
        XCTAssertTrue(try runLedgerc(["-f", f, "print", "-x"]).stdout.contains("    b          -1 EUR\n    b          -2 USD\n"))
        XCTAssertTrue(try runLedgerc(["print", f]).stdout.contains(" ==* 0"))
    }

    /// A secondary date without a year is in the primary date's year
    /// (hledger's register/date2.test): `2014/1/1=1/2` is 2014-01-02, not in this year.
    func testASecondaryDateTakesThePrimarysYear() throws {
        let f = try journal("2014/1/1=1/2\n  (a)  1\n\n2014/1/3\n  (b)  1\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "register", "-p", "2014/1/2", "--date2"]).stdout,
                       "2014-01-02                      (a)                              1             1\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "register", "date2:2014/1/2"]).stdout,
                       "2014-01-01                      (a)                              1             1\n")
    }

    /// Balances in columns, and `is`, in text are hledger's tables to the
    /// character (recorded from hledger 1.25 here): the title, `||`, the
    /// rules, each line ending in a space.
    func testTablesInTextAreHledgers() throws {
        let f = try journal("2024-01-05 a\n    expenses:food  10 USD\n    assets:cash\n2024-02-05 b\n    expenses:food  5 USD\n    expenses:rent  100.50 EUR\n    assets:cash\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-M", "-T"]).stdout, "Balance changes in 2024-01-01..2024-02-29:\n\n               ||     Jan                  Feb                 Total \n===============++====================================================\n assets:cash   || -10 USD  -100.50 EUR, -5 USD  -100.50 EUR, -15 USD \n expenses:food ||  10 USD                5 USD                15 USD \n expenses:rent ||       0           100.50 EUR            100.50 EUR \n---------------++----------------------------------------------------\n               ||       0                    0                     0 \n")
        XCTAssertEqual(try runLedgerc(["-f", f, "is"]).stdout, "Income Statement 2024-01-05..2024-02-05\n\n               || 2024-01-05..2024-02-05 \n===============++========================\n Revenues      ||                        \n---------------++------------------------\n---------------++------------------------\n               ||                        \n===============++========================\n Expenses      ||                        \n---------------++------------------------\n expenses:food ||                 15 USD \n expenses:rent ||             100.50 EUR \n---------------++------------------------\n               ||     100.50 EUR, 15 USD \n===============++========================\n Net:          ||   -100.50 EUR, -15 USD \n")
    }

    /// A posting's own date (`; date:03/01`) counts on that day in hledger's
    /// reports by date (pivot.test 6), and a register with an interval is
    /// hledger's text: each period by its label on its first row.
    func testPostingDatesAndTheIntervalRegister() throws {
        let f = try journal("2016/02/16 Freifunk\n    assets:bank account   2 EUR  ; date:03/01\n    income:donations  -2 EUR\n")
        XCTAssertEqual(try csv(["-f", f, "bal", "-M"]), "\"account\",\"2016-02\",\"2016-03\"\n\"assets:bank account\",\"0\",\"2 EUR\"\n\"income:donations\",\"-2 EUR\",\"0\"\n\"total\",\"-2 EUR\",\"2 EUR\"\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "reg", "-Q"]).stdout, "2016Q1   assets:bank account                                 2 EUR         2 EUR\n         income:donations                                   -2 EUR             0\n")
    }

    /// `--declared`: declared leaf accounts are rows with nothing posted, filtered by the query, left out past
    /// `--depth`, in a tree with their parents (hledger 1.25's balance.test 10-12, its text to the character).
    func testDeclaredAccountsAreRows() throws {
        let path = try journal("account a\naccount a:aa\naccount a:ab\naccount a:ac:aca\naccount b\n")
        func text(_ args: [String]) throws -> String {
            let r = try runLedgerc(["-f", path, "balance", "-NE", "--declared"] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        XCTAssertEqual(try text(["--flat"]), "                   0  a:aa\n                   0  a:ab\n                   0  a:ac:aca\n                   0  b\n")
        XCTAssertEqual(try text(["--tree", "--depth", "2", "a"]), "                   0  a\n                   0    aa\n                   0    ab\n")
        XCTAssertEqual(try text(["not:a"]), "                   0  b\n")
        XCTAssertEqual(try runLedgerc(["-f", path, "balance", "-NE"]).stdout, "", "without --declared, nothing")
    }

    /// A title names a whole year, quarter or month as hledger does (`2013`, `2013Q1`, `2013-01`).
    func testTitlesNameWholePeriodsShort() throws {
        let path = try journal("2012/12/31\n  (a)  10\n2013/1/1\n  (a)  1\n2013/3/1\n  (a)  1\n")
        let r = try runLedgerc(["-f", path, "balance", "-p", "quarterly in 2013", "--empty"])
        XCTAssertTrue(r.stdout.hasPrefix("Balance changes in 2013:\n"), r.stdout)
        let q = try runLedgerc(["-f", path, "balance", "-M", "-p", "2013q1"])
        XCTAssertTrue(q.stdout.hasPrefix("Balance changes in 2013Q1:\n"), q.stdout)
        let days = try runLedgerc(["-f", path, "balance", "-M", "-b", "2012-12", "-e", "2013-04"])
        XCTAssertTrue(days.stdout.hasPrefix("Balance changes in 2012-12-01..2013-03-31:\n"), days.stdout)
    }

    /// `--depth 0`: everything in one row, `...` (hledger 1.25's register/depth.test 5 and balance/depth.test 2).
    func testDepthZeroIsOneRow() throws {
        let path = try journal("2010/1/1 x\n  a:aa      1\n  b:bb      2\n  c:cc\n\n2010/1/1 y\n  a:aa      1\n  b:bb      2\n  c:cc\n\n2010/1/2 z\n  a:aa      1\n  b:bb      2\n  c:cc\n")
        let register = try runLedgerc(["-f", path, "register", "--depth", "0", "--daily", "a", "b"])
        XCTAssertEqual(register.stdout, "2010-01-01   ...                                                 6             6\n2010-01-02   ...                                                 3             9\n")
        let balance = try runLedgerc(["-f", path, "balance", "--no-total", "--depth", "0", "a"])
        XCTAssertEqual(balance.stdout, "                   3  ...\n")
        XCTAssertEqual(try csv(["-f", path, "balance", "--depth", "0"]), "\"account\",\"balance\"\n\"...\",\"0\"\n\"total\",\"0\"\n")
        XCTAssertEqual(try runLedgerc(["-f", path, "accounts", "--depth", "0"]).status, 2, "said, never a wrong list")
    }

    /// hledger's `roi`: its table to the character, the TWR by units at a moving unit price, its total
    /// rounded to hundredths, annualized (hledger 1.25's roi.test 6, four quarters).
    func testRoiAsHledgerPrintsIt() throws {
        let path = try journal("""
        2017-01-01 investment
           assets:cash  -$100
           investment

        2017-06-30 investment valuation
           investment  = $110
           pnl

        2017-07-01 investment
           assets:cash  -$100
           investment

        2017-10-01 withdrawal
           assets:cash  $50
           investment

        2017-12-31 investment valuation
           investment  = $155
           pnl

        """)
        let r = try runLedgerc(["-f", path, "roi", "--inv", "investment", "--pnl", "pnl", "-b", "2017", "-e", "2018", "-Q"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
        +---++------------+------------++---------------+----------+-------------+-----++---------+---------+
        |   ||      Begin |        End || Value (begin) | Cashflow | Value (end) | PnL ||     IRR |     TWR |
        +===++============+============++===============+==========+=============+=====++=========+=========+
        | 1 || 2017-01-01 | 2017-03-31 ||             0 |     $100 |        $100 |   0 ||   0.00% |   0.00% |
        | 2 || 2017-04-01 | 2017-06-30 ||          $100 |        0 |        $110 | $10 ||  46.56% |  46.56% |
        | 3 || 2017-07-01 | 2017-09-30 ||          $110 |     $100 |        $210 |   0 ||   0.00% |   0.00% |
        | 4 || 2017-10-01 | 2017-12-31 ||          $210 |     $-50 |        $155 | $-5 || -11.83% | -11.82% |
        +---++------------+------------++---------------+----------+-------------+-----++---------+---------+


        """)
        // A cost basis in two commodities is refused as hledger refuses it (exit 1), never summed.
        let mixed = try journal("2019/11/01 Example\n  Assets:Checking  -100 A\n  Investment       10 B\n\n2019/11/02 Example\n  Investment        -10 B @@ 100 A\n  Assets:Checking    101 A\n  Unrealized PnL\n", "mixed.journal")
        let refused = try runLedgerc(["-f", mixed, "roi", "-p", "2019-11", "--inv", "Investment", "--pnl", "PnL"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("single cost basis"), refused.stderr)
    }

    /// An automated posting left without an amount balances what the rule
    /// adds, and is written out; the transaction gets hledger's `modified:`
    /// tag (hledger/test/print/explicit.test #9). It was an error here.
    func testAnAutomatedPostingWithoutAnAmountBalancesTheRule() throws {
        let f = try journal("= a\n    c  *-0.453\n    d\n\n2021-09-01 x  ; hi\n    a    1000 EUR\n    b\n")
        let r = try runLedgerc(["-f", f, "print", "--auto"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, """
            2021-09-01 x  ; hi, modified:
                a        1000 EUR
                c        -453 EUR  ; generated-posting: = a
                d         453 EUR  ; generated-posting: = a
                b


            """)
        // Two postings without an amount in one rule are still an error, at the second.
        let two = try journal("= a\n    c\n    d\n\n2021-09-01\n    a    1 EUR\n    b\n", "two.journal")
        let bad = try runLedgerc(["check", two])
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("two.journal:3:5: error: a posting of an automated transaction needs an amount"), bad.stderr)
    }

    /// `print -x` writes the cost a conversion without one implies, as a
    /// total on the posting in the first commodity (hledger/test/print/explicit.test #4).
    func testExplicitPrintWritesTheImpliedCost() throws {
        let f = try journal("2017/1/1\n    expenses  4 EUR\n    assets  $-5\n")
        let r = try runLedgerc(["-f", f, "print", "-x"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "2017-01-01\n    expenses     4 EUR @@ $5\n    assets               $-5\n\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "print"]).stdout, "2017-01-01\n    expenses           4 EUR\n    assets               $-5\n\n")
    }

    /// `print --date2` orders and selects by the secondary date and writes
    /// both dates as written (hledger/test/print/date2.test #2); a posting
    /// with a comment and no amount has its comment after the amount column
    /// (hledger/test/i18n/wide-char-layout.test #1).
    func testPrintWithSecondaryDatesAndCommentedElidedPostings() throws {
        let f = try journal("2000/1/1=3/3\n  (a)  1\n\n2000/1/2=2/2\n  (b)  1\n\n2000/1/3\n  (c)  1\n")
        let r = try runLedgerc(["-f", f, "print", "--date2", "-b", "2000-02-01"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "2000-01-02=2000-02-02\n    (b)               1\n\n2000-01-01=2000-03-03\n    (a)               1\n\n")
        let g = try journal("2000-01-01 t\n  a   1\n  bb  ; hi\n", "comment.journal")
        XCTAssertEqual(try runLedgerc(["-f", g, "print"]).stdout, "2000-01-01 t\n    a                1\n    bb                  ; hi\n\n")
    }

    /// `D 1000,00€` makes a bare number the default commodity's, read with
    /// its decimal comma (hledger/test/amount-rendering.test #5: it was an
    /// ambiguous number here), and a declared style keeps its digit groups
    /// or their absence whatever the amounts were written with.
    func testADefaultCommodityWithADecimalCommaAndADeclaredStyle() throws {
        let f = try journal("D 1000,00€\n\n2024-01-01\n  a:1  4000,58\n  a:D  -1.000,58\n  e\n")
        let r = try runLedgerc(["-f", f, "bal", "--tree", "-N"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "            3000,00€  a\n            4000,58€    1\n           -1000,58€    D\n           -3000,00€  e\n")
        let g = try journal("commodity $1000.00\n\n2024-01-01\n  a  $1,000.5\n  b\n", "declared.journal")
        XCTAssertEqual(try csv(["-f", g, "bal"]), "\"account\",\"balance\"\n\"a\",\"$1000.50\"\n\"b\",\"$-1000.50\"\n\"total\",\"0\"\n")
    }

    /// `balance --format` as hledger 1.25 writes it (hledger/test/balance/format.test,
    /// and each of these checked against hledger itself): fields one after the
    /// other, a total of several commodities with its line breaks, `N more..`
    /// past MAX, `%,` on one line, negative amounts red with `--color=yes`.
    func testBalanceFormat() throws {
        let f = try journal("2020-01-01 x\n  a:b  1 AAA\n  a:b  2 BBB\n  a:c  -3 CCCCCC\n  d\n2020-01-02 y\n  e   -500 AAA\n  f\n")
        func bal(_ args: String...) throws -> String {
            let r = try runLedgerc(["-f", f, "bal"] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        XCTAssertEqual(try bal("-N", "--format=%7.7(total) %(account)"),
                       "  1 AAA\n  2 BBB a:b\n1 mor.. a:c\n -1 AAA\n -2 BBB\n1 mor.. d\n1 mor.. e\n500 AAA f\n")
        XCTAssertEqual(try bal("--tree", "--format=%-8(account)%12(total)"), """
            a              1 AAA
                   2 BBB
               -3 CCCCCC
            b              1 AAA
                   2 BBB
            c          -3 CCCCCC
            d             -1 AAA
                  -2 BBB
                3 CCCCCC
            e           -500 AAA
            f            500 AAA
            --------------------
                               0

            """)
        XCTAssertEqual(try bal("-N", "--format=%,%.12(total) | %(account)"), """
            1 AAA, 2 BBB | a:b
            -3 CCCCCC | a:c
            -1 AAA, 2 more.. | d
            -500 AAA | e
            500 AAA | f

            """)
        XCTAssertEqual(try bal("-N", "e", "--format=%(total) %(account)", "--color=yes"), "\u{1B}[31m-500 AAA\u{1B}[m e\n")
        let bad = try runLedgerc(["-f", f, "bal", "--format=%(acc"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("could not read --format '%(acc'"), bad.stderr)
        XCTAssertEqual(try runLedgerc(["-f", f, "reg", "--format=%(account)"]).status, 2)
    }

    /// `roi --value then,$` and `end,$`: each amount valued as hledger's roi
    /// values it, through the reverse of `P $ 76.20` (hledger/test/roi.test
    /// #11 and #12, whose tables these are); `$`, named only by the prices,
    /// is shown in hledger's default style. It was a usage error.
    func testRoiValued() throws {
        let f = try journal("P 2020-12-01 $ 76.20\nP 2021-01-01 $ 73.88\n\n2020-12-02 invest\n assets:investment  10000\n assets\n\n2021-01-02 get profit\n assets:investment  =11000\n income:investment\n")
        func roi(_ value: String) throws -> String {
            let r = try runLedgerc(["-f", f, "roi", "--inv", "assets:investment", "--pnl", "income:investment", "--value=" + value])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        let rule = "+---++------------+------------++---------------+----------+-------------+-----++---------+---------+\n"
        let head = rule + "|   ||      Begin |        End || Value (begin) | Cashflow | Value (end) | PnL ||     IRR |     TWR |\n"
            + "+===++============+============++===============+==========+=============+=====++=========+=========+\n"
        XCTAssertEqual(try roi("then,$"), head + "| 1 || 2020-12-02 | 2021-01-02 ||             0 |     $131 |        $149 | $18 || 321.99% | 321.81% |\n" + rule + "\n")
        XCTAssertEqual(try roi("end,$"), head + "| 1 || 2020-12-02 | 2021-01-02 ||             0 |     $135 |        $149 | $14 || 196.58% | 196.58% |\n" + rule + "\n")
    }

    /// `balance --budget` in hledger's text: `Budget performance in SPAN:`,
    /// each cell the actual and `[PCT% of GOAL]`, `-T` a `Total` pair, `--tree`
    /// indented (hledger/test/balance/budget.test's journal; the expected
    /// text is hledger 1.25's own output). It was a plain table.
    func testBudgetText() throws {
        let f = try journal("~ daily from 2016/1/1\n    expenses:food     $10\n    expenses:leisure  $15\n    assets:cash\n\n2016/12/01\n    expenses:food  $10\n    assets:cash\n\n2016/12/02\n    expenses:food  $9\n    assets:cash\n\n2016/12/02\n    expenses:leisure  $5\n    assets:cash\n\n2016/12/03\n    expenses:food  $11\n    assets:cash\n")
        let daily = try runLedgerc(["-f", f, "bal", "-D", "-b", "2016-12-01", "-e", "2016-12-04", "--budget", "-TN"])
        XCTAssertEqual(daily.status, 0, daily.stderr)
        XCTAssertEqual(daily.stdout, "Budget performance in 2016-12-01..2016-12-03:\n\n                  ||          2016-12-01          2016-12-02           2016-12-03                Total \n==================++===================================================================================\n assets:cash      || $-10 [ 40% of $-25]  $-14 [56% of $-25]  $-11 [ 44% of $-25]  $-35 [ 47% of $-75] \n expenses         ||  $10 [ 40% of  $25]   $14 [56% of  $25]   $11 [ 44% of  $25]   $35 [ 47% of  $75] \n expenses:food    ||  $10 [100% of  $10]    $9 [90% of  $10]   $11 [110% of  $10]   $30 [100% of  $30] \n expenses:leisure ||    0 [  0% of  $15]    $5 [33% of  $15]     0 [  0% of  $15]    $5 [ 11% of  $45] \n")
        let tree = try runLedgerc(["-f", f, "bal", "-b", "2016-12-01", "-e", "2016-12-04", "--budget", "--tree"])
        XCTAssertEqual(tree.stdout, "Budget performance in 2016-12-01..2016-12-03:\n\n             || 2016-12-01..2016-12-03 \n=============++========================\n assets:cash ||    $-35 [ 47% of $-75] \n expenses    ||     $35 [ 47% of  $75] \n   food      ||     $30 [100% of  $30] \n   leisure   ||      $5 [ 11% of  $45] \n-------------++------------------------\n             ||       0 [           0] \n")
    }

    /// A declared account's own tags (and its parents') answer `tag:` in
    /// `accounts --declared`, and a posting inherits them in `register` and
    /// `print` (hledger/test/query-tag.test #7-#15): they listed every
    /// declared account, and matched no posting.
    func testAccountTagsAnswerTagQueries() throws {
        let f = try journal("account a   ; type:A\naccount l   ; type:Liability\naccount r   ; type:R\naccount o   ; othertag:\naccount u\n\n2022-01-01\n  (r)        1\n\n2022-01-02\n  (a)        1\n  (l)        1\n")
        func out(_ args: String...) throws -> String {
            let r = try runLedgerc(["-f", f] + args)
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        XCTAssertEqual(try out("accounts", "--declared", "tag:."), "a\nl\nr\no\n")
        XCTAssertEqual(try out("accounts", "--declared", "not:tag:."), "u\n")
        XCTAssertEqual(try out("accounts", "--declared", "tag:type=a"), "a\nl\n")
        XCTAssertEqual(try out("accounts", "--declared", "tag:type=^l$"), "")
        XCTAssertEqual(try out("reg", "-w80", "tag:type=^a"), "2022-01-02                      (a)                              1             1\n")
        XCTAssertEqual(try out("print", "tag:type=^a"), "2022-01-02\n    (a)               1\n    (l)               1\n\n")
    }

    /// `--alias OLD=NEW` and `--alias /REGEX/=NEW` on hledger's command line:
    /// after the journal's own aliases, in the order given, until an `end
    /// aliases` (hledger/test/account-aliases.test). It was an unknown option.
    func testCommandLineAliases() throws {
        let f = try journal("alias one=two\n2021-01-01\n  one  1\n  b\nend aliases\n2021-01-02\n  one  2\n  b\n")
        let r = try runLedgerc(["-f", f, "--alias", "two=three", "--alias", "/^b$/=bank", "bal", "-N", "-O", "csv"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // The first transaction: one -> two (the journal's), two -> three (the command line's); after `end aliases`, none.
        XCTAssertEqual(r.stdout, "\"account\",\"balance\"\n\"b\",\"-2\"\n\"bank\",\"-1\"\n\"one\",\"2\"\n\"three\",\"1\"\n")
        let bad = try runLedgerc(["-f", f, "--alias", "/(/=x", "bal"])
        XCTAssertEqual(bad.status, 2)
    }

    /// `codes`: the codes in the order read, repeats kept; `-E` a blank line
    /// for each transaction without one (hledger/test/codes.test).
    func testCodes() throws {
        let f = try journal("1/1 (123)\n (a)  1\n\n1/1 ()\n (a)  1\n\n1/1\n (a)  1\n\n1/1 (124)\n (a)  1\n\n1/1 (123)\n (a)  1\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "codes"]).stdout, "123\n124\n123\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "codes", "-E"]).stdout, "123\n\n\n124\n123\n")
    }

    /// A forecast transaction carries hledger's `generated-transaction: ~ PERIOD`
    /// on a comment line of its own (hledger/test/forecast.test #2; the
    /// expected text is hledger 1.25's output for this journal).
    func testForecastTransactionsAreTagged() throws {
        let f = try journal("2016/12/31\n    expenses:housing  $600\n    assets:cash\n\n~ monthly from 2016/1  salary  ; pay\n    income  $-1000\n    assets:cash\n")
        let r = try runLedgerc(["print", "-b", "2016-11", "-e", "2017-03", "-f", f, "--forecast"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout, "2016-12-31\n    expenses:housing            $600\n    assets:cash\n\n2017-01-01 salary  ; pay\n    ; generated-transaction: ~ monthly from 2016/1\n    income               $-1000\n    assets:cash\n\n2017-02-01 salary  ; pay\n    ; generated-transaction: ~ monthly from 2016/1\n    income               $-1000\n    assets:cash\n\n")
    }

    /// hledger's compact dates in periods: `20160801-` and `date:202001`.
    func testCompactDatesInPeriods() throws {
        let f = try journal("2016-07-31 a\n  (x)  1\n2016-08-01 b\n  (x)  2\n2020-01-05 c\n  (x)  4\n2020-02-01 d\n  (x)  8\n")
        XCTAssertEqual(try csv(["-f", f, "bal", "-p", "20160801-20160802"]), "\"account\",\"balance\"\n\"x\",\"2\"\n\"total\",\"2\"\n")
        XCTAssertEqual(try csv(["-f", f, "bal", "date:202001"]), "\"account\",\"balance\"\n\"x\",\"4\"\n\"total\",\"4\"\n")
    }

    /// hledger's `prices` reads `--infer-market-prices` and the period (they
    /// were passed over: every declared price was listed).
    func testPricesReadInferenceAndPeriod() throws {
        let f = try journal("P 2016-01-01 EUR $1.06\nP 2016-03-01 EUR $1.10\nP 2016-04-01 EUR $1.20\n2016-01-02\n  a  1 EUR @ $1.07\n  b\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "prices", "--infer-market-prices", "-e", "2016-02"]).stdout, "P 2016-01-01 EUR $1.06\nP 2016-01-02 EUR $1.07\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "prices", "-b", "2016-02", "-e", "2016-04"]).stdout, "P 2016-03-01 EUR $1.10\n")
    }

    /// `--layout=tall` (a line per commodity, the name on each) and
    /// `--layout=wide,22` (`N more..` past the width) in a report with
    /// columns (hledger/test/balance/multicommodity.test; the expected text
    /// is hledger 1.25's); `tidy` is refused, not ignored.
    func testLayouts() throws {
        let f = try journal("2020-01-01\n  (a)  1.00A\n  (a)  1.00B\n  (a)  1.00C\n  (a)  1.00D\n\n2021-01-01\n  (a)  1.00D\n  (a)  1.00E\n  (a)  1.00F\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-Y", "--layout=tall"]).stdout, "Balance changes in 2020-01-01..2021-12-31:\n\n   ||  2020   2021 \n===++==============\n a || 1.00A  1.00D \n a || 1.00B  1.00E \n a || 1.00C  1.00F \n a || 1.00D        \n---++--------------\n   || 1.00A  1.00D \n   || 1.00B  1.00E \n   || 1.00C  1.00F \n   || 1.00D        \n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-Y", "--layout=wide,22"]).stdout, "Balance changes in 2020-01-01..2021-12-31:\n\n   ||                   2020                 2021 \n===++=============================================\n a || 1.00A, 1.00B, 2 more..  1.00D, 1.00E, 1.00F \n---++---------------------------------------------\n   || 1.00A, 1.00B, 2 more..  1.00D, 1.00E, 1.00F \n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-Y", "--layout=tidy"]).status, 2)
    }

    /// hledger's `close` writes as hledger's `print` (an assertion's zero
    /// keeps its commodity, `= $0`), and `--open` or `--close` alone writes
    /// only that transaction (hledger/test/close.test #3, #4; the expected
    /// text is hledger 1.25's).
    func testCloseInHledgersLayout() throws {
        let f = try journal("2016/01/01\n    assets:bank     $80\n    assets:cash     $10\n    liabilities    $-25\n    equity\n")
        XCTAssertEqual(try runLedgerc(["close", "-f", f, "-p", "2016", "assets", "liabilities", "--open"]).stdout, "2017-01-01 opening balances\n    assets:bank                                 $80 = $80\n    assets:cash                                 $10 = $10\n    liabilities                                $-25 = $-25\n    equity:opening/closing balances\n\n")
        XCTAssertEqual(try runLedgerc(["close", "-f", f, "-p", "2016", "assets", "liabilities", "--close"]).stdout, "2016-12-31 closing balances\n    assets:bank                                $-80 = $0\n    assets:cash                                $-10 = $0\n    liabilities                                 $25 = $0\n    equity:opening/closing balances\n\n")
    }

    /// `aregister` in hledger's text: its title, then the register's columns;
    /// a transaction with no other account shows the register's own
    /// (hledger/test/aregister.test; the expected text is hledger 1.25's).
    func testAccountRegisterText() throws {
        let f = try journal("2021-01-01\n  (a)  1\n\n2021-01-02\n  (a:aa)  10\n\n2021-01-03 food\n  a:aa:aaa  100\n  b\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "areg", "a"]).stdout, "Transactions in a and subaccounts:\n2021-01-01                      a                                1             1\n2021-01-02                      a:aa                            10            11\n2021-01-03 food                 b                              100           111\n")
    }

    /// A space between groups of thousands is read, as hledger reads it
    /// (`$10 000.00`, `1 000 000 EUR`; hledger/test/balance/balance.test #9):
    /// it was "unexpected text after the amount". A space before fewer or
    /// more than three digits is no group.
    func testSpaceDigitGroups() throws {
        let f = try journal("2021-01-01 Test\n    Assets:ABC    $10 000.00\n    Assets:Cash  -$10 000.00\n\n2021-01-02\n    a   1 000 000 EUR\n    b   -1 000 000 EUR\n")
        XCTAssertEqual(try csv(["-f", f, "balance", "-N"]), "\"account\",\"balance\"\n\"Assets:ABC\",\"$10000.00\"\n\"Assets:Cash\",\"$-10000.00\"\n\"a\",\"1000000 EUR\"\n\"b\",\"-1000000 EUR\"\n")
        let g = try journal("2021-01-01\n    a   5 10 EUR\n    b\n", "two.journal")
        XCTAssertEqual(try runLedgerc(["check", g]).status, 1)
    }

    /// `payees` lists the declared payees too, `--declared` only them;
    /// `accounts --drop 1` leaves out the first part (`...` for none left);
    /// `acc d b l --depth 1` leaves out a clipped name the query no longer
    /// matches (hledger/test/payees.test, accounts.test, accounts-sorting.test #5).
    func testListsDeclaredPayeesDropAndClippedNames() throws {
        let f = try journal("payee qux\n\n2018/1/1 foo\n  a\n\n2018/1/2 bar | baz\n  a\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "payees"]).stdout, "bar\nfoo\nqux\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "payees", "--declared"]).stdout, "qux\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "payees", "--used"]).stdout, "bar\nfoo\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "payees", "date:2018-01-02"]).stdout, "bar\n")
        let g = try journal("account a\n\n2018/1/1\n  (a:aa)  1\n", "drop.journal")
        XCTAssertEqual(try runLedgerc(["-f", g, "accounts", "--flat", "--drop", "1"]).stdout, "...\naa\n")
        XCTAssertEqual(try runLedgerc(["-f", g, "accounts", "--tree", "--drop", "1"]).stdout, "...\naa\n")
        let h = try journal("account d\n\n2018/1/1\n  (a:l)  1\n\n2018/1/1\n  (b:i)  1\n\n2018/1/1\n  (d)  1\n", "depth.journal")
        XCTAssertEqual(try runLedgerc(["-f", h, "acc", "d", "b", "l", "--depth", "1"]).stdout, "d\nb\n")
    }

    /// `-S` sorts a tree among siblings, each under its parent; with several
    /// commodities by their quantities in name order (a missing one as
    /// zero), equal rows by name; `--budget -S` by the actual amounts
    /// (hledger/test/balance/sorting.test #9, #15, budget-sorting.test; the
    /// expected text is hledger 1.25's).
    func testSortByAmountInTreesAndCommodities() throws {
        let f = try journal("2020-01-01\n    (a:aa)  1\n    (a:ab)  3\n    (b)  2\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-N", "-S", "--tree"]).stdout, "                   4  a\n                   3    ab\n                   1    aa\n                   2  b\n")
        let g = try journal("2021-01-01\n    (f)   1 X\n\n2021-01-01\n    (b)  -1 X\n\n2021-01-01\n    (e)   1 X\n    (e)  -1 Y\n\n2021-01-01\n    (d)  -1 Y\n\n2021-01-01\n    (c)  -1 X\n\n2021-01-01\n    (a)  -1 X\n", "mixed.journal")
        XCTAssertEqual(try runLedgerc(["-f", g, "bal", "-N", "-S"]).stdout, "                 1 X  f\n                 1 X\n                -1 Y  e\n                -1 Y  d\n                -1 X  a\n                -1 X  b\n                -1 X  c\n")
        let h = try journal("~ daily from 2016/1/1\n    expenses:food     $10\n    expenses:leisure  $15\n    assets:cash\n\n2016/12/01\n    expenses:food  $10\n    assets:cash\n\n2016/12/02\n    expenses:leisure  $5\n    assets:cash\n", "budget.journal")
        XCTAssertEqual(try csv(["-f", h, "bal", "--budget", "-S", "-N"]), "\"Account\",\"2016-12-01..2016-12-02\",\"budget\"\n\"expenses\",\"$15\",\"$50\"\n\"expenses:food\",\"$10\",\"$20\"\n\"expenses:leisure\",\"$5\",\"$30\"\n\"assets:cash\",\"$-15\",\"$-50\"\n")
    }

    /// hledger's `prices`: each price in its commodity's style with its own
    /// places (a total's as written plus the quantity's digits),
    /// `--infer-reverse-prices`, and a balance assignment's cost
    /// (`= 4 ABC @@ 400 USD`, read, posted with its cost and inferred as a
    /// price) (hledger/test/prices.test #3, #4, #6, #7; the expected text is hledger 1.25's).
    func testPricesInHledgersStyle() throws {
        let f = try journal("P 2016/1/1 EUR $1.06\n\n2016/1/3 spend\n    expenses             $21.45 @@ 20.00 EUR\n    assets:bank\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "prices", "--infer-reverse-prices"]).stdout, "P 2016-01-01 EUR $1.06\nP 2016-01-03 EUR $1.0725\n")
        let g = try journal("commodity 1.000,00 A\nP 2019-01-01 X A1000,123\nP 2019-01-02 X A1000,1\n\n2019-02-01\n  (a)   X1 @ A1000,2345\n", "style.journal")
        XCTAssertEqual(try runLedgerc(["-f", g, "prices", "--infer-market-prices"]).stdout, "P 2019-01-01 X 1.000,123 A\nP 2019-01-02 X 1.000,1 A\nP 2019-02-01 X 1.000,2345 A\n")
        let h = try journal("2021-10-15 Broker initial balance\n    Assets:Broker           = 4 ABC @@ 400 USD\n    Equity:Opening Balances\n", "assign.journal")
        XCTAssertEqual(try runLedgerc(["-f", h, "prices", "--infer-market-prices"]).stdout, "P 2021-10-15 ABC 100.0 USD\n")
        XCTAssertEqual(try runLedgerc(["-f", h, "print", "-x"]).stdout, "2021-10-15 Broker initial balance\n    Assets:Broker              4 ABC @@ 400 USD = 4 ABC @@ 400 USD\n    Equity:Opening Balances            -400 USD\n\n")
        let z = try journal("2021-10-15\n    (a)    1 A @@ 0 B\n\n2021-10-16\n    (b)    0 A @@ 1 B\n", "zero.journal")
        XCTAssertEqual(try runLedgerc(["-f", z, "prices", "--infer-market-prices"]).stdout, "P 2021-10-15 A 0.0 B\n")
        XCTAssertEqual(try runLedgerc(["-f", z, "prices", "--infer-reverse-prices"]).stdout, "P 2021-10-16 B 0.0 A\n")
    }

    /// hledger's `close -x` writes the equity amounts, `--interleaved` each
    /// one after its balance, `--show-costs` splits balances by cost (the
    /// last part of a commodity asserting), and amounts keep every decimal
    /// (`$-0.109999`, not `$-0.11`: the assertion must hold) (hledger/test/close.test
    /// #10, #13; the expected text is hledger 1.25's).
    func testCloseExplicitInterleavedAndCosts() throws {
        let f = try journal("2016/01/31\n    liabilities:employer  $5,000.00\n    income:salary\n\n2016/02/05\n    liabilities:employer  $-5,000.00 @ 0.95 EUR\n    expenses:tax  1,852.50 EUR\n    assets:bank  2,897.00 EUR\n    liabilities:employer\n\n2016/02/29\n    liabilities:employer  $5,000.00\n    income:salary\n\n2016/03/04\n    liabilities:employer  $-5,000.00 @ 0.93 EUR\n    expenses:tax  1,813.50 EUR\n    assets:bank  2,836.00 EUR\n    liabilities:employer\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "close", "-p", "2016", "assets", "liabilities", "--show-costs", "-x", "--close"]).stdout, """
            2016-12-31 closing balances
                assets:bank                                -5,733.00 EUR = 0.00 EUR
                liabilities:employer                         $-10,000.00
                liabilities:employer                $5,000.00 @ 0.93 EUR
                liabilities:employer                $5,000.00 @ 0.95 EUR = $0.00
                liabilities:employer                           -1.00 EUR = 0.00 EUR
                equity:opening/closing balances               $10,000.00
                equity:opening/closing balances    $-5,000.00 @ 0.93 EUR
                equity:opening/closing balances    $-5,000.00 @ 0.95 EUR
                equity:opening/closing balances             5,734.00 EUR


            """)
        let g = try journal("commodity $0.00\ncommodity AAA 0.00000000\n\n2019-01-01 opening balance\n    (assets:usd)  $49.50\n\n2019-01-02 buy some AAA\n    assets:usd  -$49.2619200\n    assets:aaa  AAA 510\n    assets:usd  -$0.1280810\n    expenses:banking  $0.1280810\n", "precise.journal")
        XCTAssertEqual(try runLedgerc(["-f", g, "close", "-p", "2019", "assets", "--interleaved", "-x", "--open"]).stdout, """
            2020-01-01 opening balances
                assets:aaa                          AAA 510.00000000 = AAA 510.00000000
                equity:opening/closing balances    AAA -510.00000000
                assets:usd                                 $0.109999 = $0.109999
                equity:opening/closing balances           $-0.109999


            """)
    }

    /// `--forecast` starts at the report's start when it is after the last
    /// recorded transaction, and a transaction with no postings is matched
    /// by its description (hledger/test/forecast.test #5, #12, #15; the
    /// expected text is hledger 1.25's).
    func testForecastStartsAndDayRules() throws {
        let f = try journal("2021-01-01\n  (a)      1000\n\n~ daily\n  (a)       1\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "reg", "--forecast", "-b", "2021-02-01", "-e", "2021-02-03", "-H"]).stdout,
                       "2021-02-01                      (a)                              1          1001\n2021-02-02                      (a)                              1          1002\n")
        let g = try journal("Y 2000\n\n~ 2/1  forecast\n\n2000/1/1 real\n", "year.journal")
        XCTAssertEqual(try runLedgerc(["-f", g, "print", "--forecast", "desc:forecast"]).stdout, "2000-02-01 forecast\n    ; generated-transaction: ~ 2/1\n\n")
        let h = try journal("2021-08-01\n  (a)      0\n\n~ every weekendday\n  income:client1  -10 USD\n  assets:receivables\n", "weekend.journal")
        XCTAssertEqual(try runLedgerc(["-f", h, "reg", "--forecast", "-b", "2021-09-01", "-e", "2021-09-06", "income"]).stdout,
                       "2021-09-04                      income:client1             -10 USD       -10 USD\n2021-09-05                      income:client1             -10 USD       -20 USD\n")
    }

    /// `--layout=bare`: a row per commodity, the symbol in a column of its
    /// own (none for a bare number), a zero total with none; one column and
    /// with periods, text and CSV (hledger/test/balance/layout.test #9, #15;
    /// the expected text is hledger 1.25's).
    func testBareLayout() throws {
        let f = try journal("2018/1/1\n  (a)          1\n  (a:b:c)      1\n\n2018/1/2\n  (a)          1 EUR\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-Y", "--layout=bare"]).stdout, """
            Balance changes in 2018:

                   || Commodity  2018 
            =======++=================
             a     ||               1 
             a     || EUR           1 
             a:b:c ||               1 
            -------++-----------------
                   ||               2 
                   || EUR           1 

            """)
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "--layout=bare", "-O", "csv"]).stdout,
                       "\"account\",\"commodity\",\"balance\"\n\"a\",\"\",\"1\"\n\"a\",\"EUR\",\"1\"\n\"a:b:c\",\"\",\"1\"\n\"total\",\"\",\"2\"\n\"total\",\"EUR\",\"1\"\n")
        let g = try journal("2021-01-01 Test\n    Assets:Bank           INR 1.00\n    Equity:Opening       INR -1.00\n", "zero.journal")
        XCTAssertEqual(try runLedgerc(["-f", g, "bal", "--layout=bare"]).stdout,
                       "  1.00  INR  Assets:Bank    \n -1.00  INR  Equity:Opening \n ----- \n     0                      \n")
        XCTAssertEqual(try runLedgerc(["-f", g, "bal", "--layout=bare", "--tree"]).status, 2, "not done for a tree: refused, not ignored")
    }

    /// `aregister` orders by the earliest own date of the postings to the
    /// account, and names the other accounts as hledger summarises them:
    /// the real ones, else the virtual ones (without brackets)
    /// (hledger/test/aregister.test #5; the expected CSV is hledger 1.25's).
    func testAccountRegisterDatesAndOtherAccounts() throws {
        let f = try journal("2021-01-01 x\n  a  1\n  (b)  1\n  c  -1\n\n2021-01-02 y\n  (a)  1\n  (b)  1\n\n2021-01-03 z\n  [a]  1\n  [c]  -1\n\n2021-01-04 w\n  a  1\n  [c]  -1\n  [d]  1\n  e  -1\n\n2021-01-05 v\n  (a)  2  ; date:2021-01-01\n")
        XCTAssertEqual(try csv(["-f", f, "areg", "a"]), """
            "txnidx","date","code","description","otheraccounts","change","balance"
            "1","2021-01-01","","x","c","1","1"
            "5","2021-01-01","","v","a","2","3"
            "2","2021-01-02","","y","b","1","4"
            "3","2021-01-03","","z","c","1","5"
            "4","2021-01-04","","w","e","1","6"

            """)
    }

    /// `check ordereddates --date2` reads the second dates (each
    /// transaction's own where it has none) (hledger/test/check-ordereddates.test #3, #4).
    func testOrderedSecondDates() throws {
        let ordered = try journal("2020-01-02\n2020-01-01=2020-01-03\n")
        XCTAssertEqual(try runLedgerc(["-f", ordered, "check", "ordereddates", "--date2"]).status, 0)
        XCTAssertEqual(try runLedgerc(["-f", ordered, "check", "ordereddates"]).status, 1)
        let unordered = try journal("2020-01-01=2020-01-03\n2020-01-02\n", "unordered.journal")
        let r = try runLedgerc(["-f", unordered, "check", "ordereddates", "--date2"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(":2:1: error: transaction date2 2020-01-02 is before the previous transaction's, 2020-01-03"), r.stderr)
    }

    /// `--color=yes` paints each negative amount red in balance's text, one
    /// column or with periods (hledger/test/balance/multicommodity.test #5;
    /// the expected text is hledger 1.25's).
    func testColoredNegativeAmounts() throws {
        let f = try journal("2020-01-01\n  a  $-5\n  a  -3 EUR\n  b  $5\n  b  3 EUR\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "--color=yes", "a"]).stdout,
                       "                 \u{1B}[31m$-5\u{1B}[m\n              \u{1B}[31m-3 EUR\u{1B}[m  a\n--------------------\n                 \u{1B}[31m$-5\u{1B}[m\n              \u{1B}[31m-3 EUR\u{1B}[m  \n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-Y", "--color=yes", "a"]).stdout,
                       "Balance changes in 2020:\n\n   ||        2020 \n===++=============\n a || \u{1B}[31m$-5\u{1B}[m, \u{1B}[31m-3 EUR\u{1B}[m \n---++-------------\n   || \u{1B}[31m$-5\u{1B}[m, \u{1B}[31m-3 EUR\u{1B}[m \n")
    }

    /// `--budget --cumulative -V`: each actual amount summed up to its
    /// column's end, valued on that day, the columns headed by it, and the
    /// title says so (hledger/test/balance/budget.test #15; the expected
    /// text is hledger 1.25's).
    func testBudgetCumulativeValued() throws {
        let f = try journal("P 2018/01/26 SHARE €10\n\n2018/05/17 Dividend\n    revenue:dividend       €-10\n    assets:pension          €10\n\n2018/05/17 Buy\n    assets:pension:shares   1 SHARE @ €10\n    assets:pension          €-10\n\n~ monthly from 2018/06 to 2018/07\n    assets:pension                    €1\n    assets:bank\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-M", "--budget", "--cumulative", "--forecast", "-V"]).stdout, """
            Budget performance in 2018-05-01..2018-06-30, valued at period ends:

                            || 2018-05-31           2018-06-30 
            ================++=================================
             <unbudgeted>   ||       €-10  €-10                
             assets         ||        €10   €10 [           0] 
             assets:bank    ||          0   €-1 [ 100% of €-1] 
             assets:pension ||        €10   €11 [1100% of  €1] 
            ----------------++---------------------------------
                            ||          0     0 [           0] 

            """)
    }

    /// `close --show-costs` splits a conversion written without a cost by
    /// the cost hledger infers for it (a unit cost on the postings of the
    /// first commodity, at both commodities' places) (hledger/test/close.test
    /// #12; the expected text is hledger 1.25's).
    func testCloseShowsInferredCosts() throws {
        let f = try journal("commodity $0.00\ncommodity AAA 0.00000000\n\n2019-01-01 opening balance\n    (assets:usd)  $49.50\n\n2019-01-02 buy some AAA\n    assets:usd  -$49.2619200\n    assets:aaa  AAA 510\n    assets:usd  -$0.1280810\n    expenses:banking  $0.1280810\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "close", "-p", "2019", "assets", "--show-costs", "-x", "--close"]).stdout, """
            2019-12-31 closing balances
                assets:aaa                                       AAA -510.00000000 = AAA 0.00000000
                assets:usd                                                 $-49.50
                assets:usd                          $49.390001 @ AAA 10.3528242505 = $0.00
                equity:opening/closing balances                             $49.50
                equity:opening/closing balances    $-49.390001 @ AAA 10.3528242505
                equity:opening/closing balances                   AAA 510.00000000


            """)
    }

    /// A `~` rule with a balance assignment is worked out in each forecast
    /// transaction, after the recorded ones (hledger/test/forecast.test #11;
    /// the expected text is hledger 1.25's). It was "more than one posting without an amount".
    func testForecastBalanceAssignments() throws {
        let f = try journal("2021-09-01  Normal Balance Assertion Works\n    Checking   = -60\n    Costs\n\n~ 2021-10-01  explicit forecasted assertion\n    Checking      = -100\n    Costs             40\n\n~ 2021-10-02  auto-deduced forecasted assertion\n    Checking      = -120\n    Costs\n")
        // A forecast's assertion that fails is said at its place, as a warning (the journal itself checks).
        let g = try journal("2021-09-01  x\n    Checking   = -60\n    Costs\n\n~ 2021-10-01  y\n    Checking      -40 = -90\n    Costs             40\n", "failing.journal")
        let failing = try runLedgerc(["-f", g, "print", "--forecast", "-e", "2021-11"])
        XCTAssertEqual(failing.status, 0)
        XCTAssertTrue(failing.stderr.contains("failing.journal:6:23: warning: balance assertion failed: Checking is -100, not -90"), failing.stderr)
        let r = try runLedgerc(["-f", f, "print", "-x", "--forecast", "-e", "2021-11"])
        XCTAssertEqual(r.stderr, "")
        XCTAssertEqual(r.stdout, """
            2021-09-01 Normal Balance Assertion Works
                Checking             -60 = -60
                Costs                 60

            2021-10-01 explicit forecasted assertion
                ; generated-transaction: ~ 2021-10-01
                Checking             -40 = -100
                Costs                 40

            2021-10-02 auto-deduced forecasted assertion
                ; generated-transaction: ~ 2021-10-02
                Checking             -20 = -120
                Costs                 20


            """)
    }

    /// A conversion written without a cost has the cost hledger infers, in
    /// `print -x` and `prices`: a unit cost on several postings of the first
    /// commodity (at both commodities' places, at least 2: `$1.10`), a total
    /// on one (the quantity's digits more: `$1.333`) (the expected text is hledger 1.25's).
    func testInferredConversionCosts() throws {
        let f = try journal("2025-01-01\n  a  10 EUR\n  b  5 EUR\n  c  $-16.50\n\n2025-01-02\n  a  3 GBP\n  c  $-4\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "print", "-x"]).stdout,
                       "2025-01-01\n    a    10 EUR @ $1.10\n    b     5 EUR @ $1.10\n    c           $-16.50\n\n2025-01-02\n    a    3 GBP @@ $4.00\n    c            $-4.00\n\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "prices", "--infer-market-prices"]).stdout, "P 2025-01-01 EUR $1.10\nP 2025-01-01 EUR $1.10\nP 2025-01-02 GBP $1.333\n")
    }

    /// An empty journal draws hledger's empty tables: `..` for no days, no
    /// heading for ending balances, no total row in the bare layout, and an
    /// empty list for a JSON total of nothing (the expected text is hledger 1.25's).
    func testEmptyJournalTables() throws {
        let f = try journal("")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-Y"]).stdout, "Balance changes in ..:\n\n  || .. \n==++====\n--++----\n  ||    \n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-Y", "--layout=bare"]).stdout, "Balance changes in ..:\n\n  || Commodity  .. \n==++===============\n--++---------------\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-M", "-H"]).stdout, "Ending balances (historical) in ..:\n\n  ||  \n==++==\n--++--\n  ||  \n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-O", "json"]).stdout, "[\n  [],\n  []\n]\n\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "print", "-O", "json"]).stdout, "[]\n")
    }

    /// A budget goal keeps the digit groups its rule wrote; a sum of goals
    /// those of the goal summed last (the account last by name); an inferred
    /// one those the transactions write (hledger/test/balance/budget.test
    /// #16, #22; the expected text is hledger 1.25's).
    func testBudgetGoalsKeepTheirDigitGroups() throws {
        let one = try journal("~ monthly from 2019/01\n    expenses:personal             $1,000.00\n    liabilities\n\n2019/01/01 x\n    expenses:personal  $50.00\n    liabilities  $-50.00\n")
        XCTAssertEqual(try runLedgerc(["-f", one, "bal", "--budget"]).stdout, """
            Budget performance in 2019-01-01:

                               ||                2019-01-01 
            ===================++===========================
             expenses:personal ||  $50.00 [5% of $1,000.00] 
             liabilities       || $-50.00 [5% of $-1000.00] 
            -------------------++---------------------------
                               ||       0 [              0] 

            """)
        let nested = try journal("~ monthly from 2019/01\n    expenses:personal             $1,000.00\n    expenses:personal:electronics  $100.00\n    liabilities\n\n2019/01/01 x\n    expenses:personal:electronics  $20.00\n    liabilities  $-20.00\n", "nested.journal")
        let text = try runLedgerc(["-f", nested, "bal", "--budget"]).stdout
        XCTAssertTrue(text.contains(" expenses:personal             ||  $20.00 [ 2% of  $1100.00] \n"), text)
        XCTAssertTrue(text.contains(" expenses:personal:electronics ||  $20.00 [20% of   $100.00] \n"), text)
    }

    /// `--drop 1` in a tree leaves out the top rows that have rows below
    /// them (a top leaf is `...`), text and CSV (hledger/test/balance/drop.test
    /// #2-#4; the expected text is hledger 1.25's).
    func testDropInATree() throws {
        let f = try journal("2018/1/1\n  (b:j)  1\n\n2018/1/1\n  (b:j:q)  1\n\n2018/1/1\n  (c)    1\n\n2018/1/1\n  (b:i:p)  1\n\n2018/1/1\n  (a:k)  1\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "balance", "--tree", "--no-total", "--drop", "1"]).stdout,
                       "                   1  k\n                   1  i:p\n                   2  j\n                   1    q\n                   1  ...\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "balance", "--tree", "--no-elide", "--no-total", "--drop", "1"]).stdout,
                       "                   1  k\n                   1  i\n                   1    p\n                   2  j\n                   1    q\n                   1  ...\n")
        XCTAssertEqual(try csv(["-f", f, "balance", "--tree", "--no-total", "--drop", "1"]), "\"account\",\"balance\"\n\"k\",\"1\"\n\"i:p\",\"1\"\n\"j\",\"2\"\n\"j:q\",\"1\"\n\"...\",\"1\"\n")
    }

    /// `bs --tree` indents each account under its nearest shown parent in
    /// its section (hledger/test/balancesheet.test #10; the expected text is hledger 1.25's).
    func testStatementTree() throws {
        let f = try journal("2020-01-01\n  assets:bank:checking  $10\n  assets:cash  $5\n  liabilities:card  $-3\n  equity\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bs", "--tree"]).stdout, "Balance Sheet 2020-01-01\n\n                  || 2020-01-01 \n==================++============\n Assets           ||            \n------------------++------------\n assets           ||        $15 \n   bank:checking  ||        $10 \n   cash           ||         $5 \n------------------++------------\n                  ||        $15 \n==================++============\n Liabilities      ||            \n------------------++------------\n liabilities:card ||         $3 \n------------------++------------\n                  ||         $3 \n==================++============\n Net:             ||        $12 \n")
    }

    /// `bal --declared -E` asks a declared account with no postings the
    /// query's tag terms by its declarations' tags (hledger/test/query-tag.test #18).
    func testDeclaredAccountsAskedTheirTags() throws {
        let f = try journal("account a   ; type:A\naccount o   ; othertag:\naccount u\n\n2022-01-02\n  (a)        1\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "bal", "-N", "--declared", "-E", "o", "u", "tag:othertag"]).stdout, "                   0  o\n")
    }

    /// hledger's `print` keeps a posting comment that began on the next line
    /// there, and one on the posting's line on it (hledger/test/query-tag.test #1;
    /// the expected text is hledger 1.25's).
    func testPrintKeepsWhereAPostingCommentBegan() throws {
        let f = try journal("2010/01/01\n  a             1\n  ; c1: x\n  b\n  ; c2: y\n\n2010/01/02\n  a   2  ; same\n  b\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "print"]).stdout, "2010-01-01\n    a               1\n    ; c1: x\n    b\n    ; c2: y\n\n2010-01-02\n    a               2  ; same\n    b\n\n")
    }

    /// `-p 'every tue'`: weekly periods that start on Tuesdays, each named by
    /// its days (hledger/test/register/intervals.test #7; the expected text is hledger 1.25's).
    func testWeeksStartingOnADay() throws {
        let f = try journal("2014/1/1\n (before)  1\n\n2014/2/1\n (within)  1\n\n2014/2/25\n (after)  1\n")
        XCTAssertEqual(try runLedgerc(["-f", f, "register", "-p", "every tue"]).stdout, """
            2013-12-31..2014-01-06   before                                  1             1
            2014-01-28..2014-02-03   within                                  1             2
            2014-02-25..2014-03-03   after                                   1             3

            """)
    }
}
