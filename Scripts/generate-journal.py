#!/usr/bin/env python3
"""Writes a deterministic synthetic journal for benchmarks.

usage: generate-journal.py N OUT.ledger [--includes K] [--plain]

N transactions over many years with 2-5 postings, some elided amounts,
several accounts and commodities (USD, EUR, KRW, AAPL with @ costs), a few
`repeat` rules, and optionally the transactions split across K included files.
--plain leaves out the `repeat` rules (which ledger-cli and hledger do not read)
and the priced share purchases (each `@` purchase is a distinct lot in ledger-cli,
whose `csv` running totals then grow quadratically), so that the yardstick
comparisons measure the same work in every tool.
The same N always gives the same bytes.
"""
import os
import random
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    n = int(sys.argv[1])
    out = sys.argv[2]
    includes = int(sys.argv[sys.argv.index("--includes") + 1]) if "--includes" in sys.argv else 0
    plain = "--plain" in sys.argv
    rng = random.Random(42)
    expenses = ["Expenses:Food:Groceries", "Expenses:Food:Dining", "Expenses:Housing:Utilities",
                "Expenses:Transport", "Expenses:Health", "Expenses:Gifts", "Expenses:Travel:Hotels",
                "Expenses:Subscriptions", "지출:식비", "지출:교통"]
    payees = ["Trader Joe's", "Whole Foods", "Shell", "Chipotle", "CVS", "Amazon", "이마트", "스타벅스",
              "Con Edison", "Uber"]
    header = [
        "; synthetic benchmark journal: %d transactions\n" % n,
        "commodity $1,000.00\ncommodity 1,000. KRW\ncommodity 1,000.00 EUR\n\n",
        "account Assets:Checking  ; type: Asset\naccount Liabilities:Visa  ; type: Liability\n\n",
        "2000-01-01 * Opening balances\n    Assets:Checking    $1,000,000.00\n"
        "    Assets:KRW    1,000,000,000 KRW\n    Assets:EUR    500,000.00 EUR\n    Equity:Opening\n\n",
    ]
    for i, (name, acct, amt) in enumerate([("Payroll", "Income:Salary", "$-4,100.00"),
                                           ("Rent", "Expenses:Housing:Rent", "$1,900.00"),
                                           ("월급", "수입:급여", "-3,200,000 KRW")]):
        if plain:
            break
        header.append("repeat monthly from 2000-01-%02d  %s\n    %s    %s\n    Assets:Checking\n\n"
                      % (25 + i, name, acct, amt))
    bodies = [[] for _ in range(max(1, includes))]
    day = 0
    per_day = max(1, n // 9000 + 1)
    for i in range(n):
        if i % per_day == 0:
            day += 1
        y, rem = 2000 + day // 365, day % 365
        m, d = rem // 28 % 12 + 1, rem % 28 + 1
        date = "%04d-%02d-%02d" % (y, m, d)
        kind = rng.random()
        lines = []
        if kind < 0.05 and not plain:
            q = rng.randint(1, 20)
            p = rng.randint(10000, 30000) / 100
            lines.append("%s * Buy AAPL\n    Assets:Broker    %d AAPL @ $%.2f\n    Assets:Checking\n" % (date, q, p))
        elif kind < 0.15:
            amt = rng.randint(1000, 90000)
            lines.append("%s %s\n    %s    %s KRW\n    Assets:KRW\n" % (date, rng.choice(payees), rng.choice(expenses[8:]), format(amt, ",")))
        else:
            k = rng.randint(1, 3)
            status = rng.choice(["* ", "", "! "])
            lines.append("%s %s%s  ; id: %d\n" % (date, status, rng.choice(payees), i))
            total = 0
            for _ in range(k):
                cents = rng.randint(100, 50000)
                total += cents
                lines.append("    %s    $%d.%02d\n" % (rng.choice(expenses[:8]), cents // 100, cents % 100))
            if rng.random() < 0.5:
                lines.append("    Liabilities:Visa\n")
            else:
                lines.append("    Assets:Checking    $-%d.%02d\n" % (total // 100, total % 100))
        bodies[i * len(bodies) // n].append("".join(lines) + "\n")
    with open(out, "w") as f:
        f.writelines(header)
        if includes:
            base = os.path.splitext(out)[0]
            for k, body in enumerate(bodies):
                part = "%s-part%02d.ledger" % (base, k)
                with open(part, "w") as p:
                    p.writelines(body)
                f.write("include %s\n" % os.path.basename(part))
        else:
            f.writelines(bodies[0])


if __name__ == "__main__":
    main()
