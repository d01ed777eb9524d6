"""Draws the benchmark's report as HTML with great_tables or pandas Styler, for
Scripts/report-bench.sh (not run in CI).

usage: report-bench-peers.py TOOL INPUT.csv
  TOOL: great_tables | pandas_styler

The report is the one tablekit draws in report-bench.sh: the rows grouped by region (first seen
first), a subtotal per group and a grand total of the amounts (exact: Decimal) and the mean
price, amounts as euros in de_DE's pattern, prices with two digits, a title, a spanner, a
footnote on the amount and a source note. Each tool reads the CSV itself (pandas.read_csv; the
amounts as Decimal) and writes the page to /dev/null. Start-up (importing pandas and the tool)
is in every run, as tablekit's process start is in its.

- great_tables: GT(groupname_col=, rowname_col=), tab_spanner, fmt_currency(locale="de"),
  fmt_number, summary_rows and grand_summary_rows with Decimal sums, tab_footnote,
  tab_source_note, as_raw_html().
- pandas Styler has no row groups or summaries: the subtotal rows are computed with groupby and
  put after each group (concat, in the groups' order), the grand total is Styler.concat of a
  second Styler, as pandas' documentation shows for a total row; Styler.format with the de
  separators; to_html().
"""
import sys
from decimal import Decimal

import pandas as pd


def read(path):
    frame = pd.read_csv(path, dtype={"region": str, "city": str, "amount": str})
    frame["amount"] = frame["amount"].map(Decimal)
    return frame


def great_tables(frame):
    from great_tables import GT, loc, vals

    def euros(values):
        return vals.fmt_currency(values, currency="EUR", locale="de", placement="right",
                                 incl_space=True)

    def summary(group):
        return pd.Series({"amount": sum(group["amount"], Decimal(0)),
                          "price": group["price"].mean()})

    return (
        GT(frame, rowname_col="city", groupname_col="region")
        .tab_stubhead(label="city")
        .tab_header(title="Ledger")
        .tab_spanner(label="Figures", columns=["amount", "qty", "price"])
        .fmt_currency(columns="amount", currency="EUR", locale="de", placement="right",
                      incl_space=True)
        .fmt_number(columns="price", decimals=2, locale="de")
        .summary_rows(fns={"Subtotal": summary}, fmt=euros, missing_text="")
        .grand_summary_rows(fns={"Total": summary}, fmt=euros, missing_text="")
        .tab_footnote(footnote="Excluding VAT", locations=loc.column_labels(columns="amount"))
        .tab_source_note(source_note="Source: generated")
        .as_raw_html()
    )


def pandas_styler(frame):
    def euros(value):
        text = f"{value:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
        return f"{text}\u00a0€"

    parts = []
    for region, group in frame.groupby("region", sort=False):
        parts.append(group)
        parts.append(pd.DataFrame([{"region": region, "city": "Subtotal",
                                    "amount": sum(group["amount"], Decimal(0)),
                                    "qty": None, "price": group["price"].mean()}]))
    body = pd.concat(parts, ignore_index=True)
    total = pd.DataFrame([{"region": "", "city": "Total",
                           "amount": sum(frame["amount"], Decimal(0)), "qty": None,
                           "price": frame["price"].mean()}])
    formats = {"amount": euros, "price": "{:.2f}", "qty": "{:.0f}"}
    styler = body.style.format(formats, na_rep="", decimal=",", thousands=".")
    styler = styler.set_caption("Ledger").hide(axis="index")
    styler.concat(total.style.format(formats, na_rep="", decimal=",", thousands=".")
                  .hide(axis="index"))
    return styler.to_html() + "<p>Excluding VAT</p><p>Source: generated</p>"


def main():
    tool, path = sys.argv[1], sys.argv[2]
    page = {"great_tables": great_tables, "pandas_styler": pandas_styler}[tool](read(path))
    with open("/dev/null", "w", encoding="utf-8") as out:
        out.write(page)


if __name__ == "__main__":
    main()
