#!/usr/bin/env python3
"""Reads every format of TableKit's random ledger reports back with a real parser and checks the
summaries with Python's decimal: every subtotal equals the exact sum of its group's rows, the
grand total the exact sum of every row, and the subtotals add up to the grand total.

    TABLEKIT_REPORT_READBACK=ledgers.jsonl swift test --filter ReportReadbackExportTests
    python Scripts/report-readback.py ledgers.jsonl

Each line of the input holds one ledger (its groups and rows) and its report drawn as text,
HTML, CSV and Markdown (see Tests/TableRenderTests/Reports/ReportReadbackExportTests.swift).
Parsers: csv for CSV, html5lib for HTML, cmarkgfm (GitHub's Markdown) then html5lib for Markdown,
and for text the column rule under the labels gives each column's span. Rules the check knows:
money in more than one currency, or a column with no value, shows the missing text "—"; sums keep
the largest scale of their values. Needs cmarkgfm and html5lib (Scripts/validation-venv.sh).
"""
import csv
import decimal
import io
import json
import sys

import cmarkgfm
import html5lib

decimal.getcontext().prec = 100
MISSING = "—"
COLUMNS = 3  # amount, quantity, rate after the payee


def expected(values):
    """The text a sum of these ledger values shows: "EUR 1.50", "12", or the missing text."""
    codes, numbers = [], []
    for value in values:
        if value is None:
            continue
        if isinstance(value, list):
            amount, code = value
            if code not in codes:
                codes.append(code)
            numbers.append(decimal.Decimal(amount))
        else:
            numbers.append(decimal.Decimal(value))
    if not numbers or len(codes) > 1:
        return MISSING
    total = sum(numbers, decimal.Decimal(0))
    scale = max(-n.as_tuple().exponent for n in numbers)
    total = total.quantize(decimal.Decimal(1).scaleb(-scale))
    if total == 0:
        total = abs(total)
    text = format(total, "f")
    return f"{codes[0]} {text}" if codes else text


def number(text):
    """The (currency, Decimal) a summary cell shows."""
    parts = text.split(" ")
    try:
        return (parts[0] if len(parts) == 2 else None), decimal.Decimal(parts[-1])
    except decimal.InvalidOperation:
        sys.exit(f"report-readback: {text!r} is not a number")


def check(name, index, record, subtotals, total):
    """Compares one format's summaries with the oracle and checks they add up."""
    groups = record["groups"]
    problems = []
    if len(subtotals) != len(groups):
        problems.append(f"{len(subtotals)} subtotals for {len(groups)} groups")
    for group, subtotal in zip(groups, subtotals):
        for column in range(COLUMNS):
            want = expected(row[column + 1] for row in group["rows"])
            if subtotal[column] != want:
                problems.append(f"group {group['label']!r} column {column + 1}: "
                                f"{subtotal[column]!r} != {want!r}")
    every_row = [row for group in groups for row in group["rows"]]
    for column in range(COLUMNS):
        want = expected(row[column + 1] for row in every_row)
        if total[column] != want:
            problems.append(f"total column {column + 1}: {total[column]!r} != {want!r}")
        elif want != MISSING:
            shown = [number(s[column]) for s in subtotals if s[column] != MISSING]
            if sum((n for _, n in shown), decimal.Decimal(0)) != number(want)[1]:
                problems.append(f"subtotals of column {column + 1} do not add up to {want}")
    if problems:
        sys.exit(f"report-readback: {name} of ledger {index}: " + "; ".join(problems))


def from_csv(text):
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == ["row", "group", "payee", "Figures / amount", "Figures / quantity",
                       "Figures / rate"], rows[0]
    subtotals = [r[3:6] for r in rows if r[0] == "subtotal"]
    totals = [r[3:6] for r in rows if r[0] == "total"]
    return subtotals, totals[0]


def cell_texts(row):
    texts = []
    for cell in row:
        if cell.tag in ("td", "th"):
            # Footnote marks are <sup> elements; a summary cell has none.
            texts.append("".join(cell.itertext()).strip())
    return texts


def from_html_tree(tree, summary_of):
    subtotals, totals = [], []
    for row in tree.iter("tr"):
        cells = cell_texts(row)
        kind = summary_of(row, cells)
        if kind == "subtotal":
            subtotals.append(cells[1:4])
        elif kind == "total":
            totals.append(cells[1:4])
    return subtotals, totals[0]


def from_html(text):
    tree = html5lib.parse(text, namespaceHTMLElements=False)
    labels = {"summary": "subtotal", "grand-summary": "total"}
    return from_html_tree(tree, lambda row, _: labels.get(row.get("class")))


def from_markdown(text):
    html = cmarkgfm.github_flavored_markdown_to_html(text)
    tree = html5lib.parse(html, namespaceHTMLElements=False)
    labels = {"Subtotal": "subtotal", "Total": "total"}

    def kind(row, cells):
        first = next(iter(row.iter("td")), None)
        bold = first is not None and first.find("strong") is not None
        return labels.get(cells[0]) if cells and bold else None

    return from_html_tree(tree, kind)


def from_text(text):
    lines = text.split("\n")
    spans = None
    for at, line in enumerate(lines):
        if line and set(line) <= {"─", " "}:
            runs, start = [], None
            for i, ch in enumerate(line + " "):
                if ch == "─" and start is None:
                    start = i
                elif ch != "─" and start is not None:
                    runs.append((start, i))
                    start = None
            if len(runs) == COLUMNS + 1:
                spans = runs
                break
    assert spans, "no column rule"
    # A subtotal follows a ─ rule, the grand total a ═ rule; the notes come after the total
    # (a row of empty values is a blank line, so a blank line does not end the table).
    subtotals, totals = [], []
    previous = ""
    for line in lines[at + 1:]:
        cells = [line[a:b].strip() for a, b in spans]
        if set(previous) <= {"─", " "} and previous and cells[0] == "Subtotal":
            subtotals.append(cells[1:])
        elif set(previous) <= {"═", " "} and previous and cells[0] == "Total":
            totals.append(cells[1:])
            break
        previous = line
    return subtotals, totals[0]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: report-readback.py LEDGERS.jsonl")
    count = 0
    with open(sys.argv[1], encoding="utf-8") as lines:
        for index, line in enumerate(lines):
            record = json.loads(line)
            for name, reader in (("csv", from_csv), ("html", from_html),
                                 ("markdown", from_markdown), ("text", from_text)):
                subtotals, total = reader(record[name])
                check(name, index, record, subtotals, total)
            count += 1
    print(f"report-readback: {count} ledgers × 4 formats: every subtotal and grand total equals "
          f"Python's decimal sum, and the subtotals add up")


if __name__ == "__main__":
    main()
