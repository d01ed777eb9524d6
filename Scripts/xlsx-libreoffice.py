#!/usr/bin/env python3
"""Converts a workbook TableKit wrote to CSV with LibreOffice (headless) and compares it with
TableKit's own CSV of the same table, cell by cell.

Usage: xlsx-libreoffice.py BOOK.xlsx TABLEKIT.csv
       xlsx-libreoffice.py --report BOOK.xlsx TABLEKIT-REPORT.csv

TABLEKIT.csv is `tablekit ... -f csv --no-formula-guard` (text exactly as it is). LibreOffice
writes cells as shown (`soffice --headless --convert-to csv`, the filter's "save cell contents
as shown" on). Two differences are LibreOffice's own and are allowed: booleans shown TRUE and
FALSE, and a CR LF inside a cell written LF (a LibreOffice cell holds LF line breaks only).

With --report, BOOK.xlsx is a report (`tablekit … --sum … -f xlsx`) and TABLEKIT-REPORT.csv the
same report as CSV (`-f csv --no-formula-guard`): every data, subtotal and total row of the CSV
must be the sheet's row in order (after its group's label row), the title, subtitle and notes
the sheet's. LibreOffice recalculates every formula on load (a profile of its own sets
OOXMLRecalcMode to always), so the subtotals compared are its SUBTOTAL results, not the cached
values. LibreOffice shows money in the workbook's accounting format (`€1,234.50 `,
`(€5.50)`); such a cell is read back to its amount and compared exactly with the CSV's `EUR …`.
Needs `soffice` (Debian: libreoffice-calc-nogui); not run in CI.
"""
import csv
import decimal
import os
import subprocess
import sys
import tempfile


SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY"}


# A LibreOffice profile that recalculates every formula of an OOXML file on load (its default
# is to show the cached values), so a report's SUBTOTAL formulas are checked, not only their <v>.
RECALCULATE = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry"
 xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode"
 oor:op="fuse"><value>0</value></prop></item>
</oor:items>
"""


def convert(book, recalculate=False):
    """The workbook as LibreOffice shows it, row by row (its formulas recalculated if asked)."""
    with tempfile.TemporaryDirectory() as folder:
        command = ["soffice", "--headless"]
        if recalculate:
            os.makedirs(os.path.join(folder, "profile", "user"))
            with open(os.path.join(folder, "profile", "user", "registrymodifications.xcu"), "w") as f:
                f.write(RECALCULATE)
            command.append("-env:UserInstallation=file://" + os.path.join(folder, "profile"))
        subprocess.run(
            command + ["--convert-to",
                       "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false",
                       "--outdir", folder, book], check=True, capture_output=True, timeout=300)
        name = os.path.splitext(os.path.basename(book))[0] + ".csv"
        return list(csv.reader(open(os.path.join(folder, name), encoding="utf-8", newline="")))


def shown_money(text):
    """`(€1,234.50)` as LibreOffice shows an accounting amount: ("EUR", Decimal("-1234.50"))."""
    text = text.strip()
    negative = text.startswith("(") and text.endswith(")")
    text = text.strip("()")
    code = next((c for s, c in SYMBOLS.items() if text.startswith(s)), None)
    if code is None:
        return None
    try:
        amount = decimal.Decimal(text[1:].replace(",", ""))
    except decimal.InvalidOperation:
        return None
    return code, -amount if negative else amount


def same_cell(ours, theirs):
    if ours == theirs:
        return True
    parts = ours.split(" ")
    if len(parts) == 2 and parts[0].isalpha() and parts[0].isupper():
        try:
            return shown_money(theirs) == (parts[0], decimal.Decimal(parts[1]))
        except decimal.InvalidOperation:
            return False
    return False


def tie(ours, theirs):
    """Whether `theirs` is `ours` rounded the other way at a tie: the report rounds a mean half
    to even (0.90445 -> 0.9044), LibreOffice's format half away from zero (0.9045). Allowed in
    summary rows only, when the two are one unit of the last digit apart, ours even."""
    try:
        a, b = decimal.Decimal(ours), decimal.Decimal(theirs)
    except decimal.InvalidOperation:
        return False
    unit = decimal.Decimal(1).scaleb(a.as_tuple().exponent)
    return a.as_tuple().exponent == b.as_tuple().exponent and abs(a - b) == unit and \
        a.as_tuple().digits[-1] % 2 == 0


def report(book, ours):
    theirs = convert(book, recalculate=True)
    mine = list(csv.reader(open(ours, encoding="utf-8", newline="")))
    header, records = mine[0], mine[1:]
    labels = [name.split(" / ")[-1] for name in header[2:]]
    notes = {kind: [r for r in records if r[0] == kind] for kind in
             ("title", "subtitle", "footnote", "source note", "remark")}
    at = 0
    for kind in ("title", "subtitle"):
        for record in notes[kind]:
            if theirs[at][0] != record[2]:
                sys.exit(f"xlsx-libreoffice: FAIL row {at + 1}: {theirs[at][0]!r}, not the {kind}")
            at += 1
    while [c.rstrip("0123456789,*†‡§¶‖") for c in theirs[at]] != labels:
        at += 1
        if at >= len(theirs):
            sys.exit("xlsx-libreoffice: FAIL the column labels are missing")
    at += 1
    cells, ties, group = 0, 0, None
    for record in records:
        kind = record[0]
        if kind not in ("data", "subtotal", "total"):
            continue
        if kind == "data" and record[1] != group:
            group = record[1]
            if theirs[at][0] != group or any(theirs[at][1:]):
                sys.exit(f"xlsx-libreoffice: FAIL row {at + 1}: {theirs[at]!r}, not group {group!r}")
            at += 1
        for column, (x, y) in enumerate(zip(record[2:], theirs[at])):
            cells += 1
            if kind != "data" and tie(x, y):
                ties += 1
                continue
            if not same_cell(x, y):
                sys.exit(f"xlsx-libreoffice: FAIL row {at + 1} column {column + 1}: {y!r}, not {x!r}")
        at += 1
    at += 1  # the blank row before the notes
    for record in notes["footnote"]:
        if theirs[at][0] != record[1] + " " + record[2]:
            sys.exit(f"xlsx-libreoffice: FAIL row {at + 1}: {theirs[at][0]!r}, not footnote {record[1]}")
        at += 1
    for record in notes["source note"] + notes["remark"]:
        if theirs[at][0] != record[2]:
            sys.exit(f"xlsx-libreoffice: FAIL row {at + 1}: {theirs[at][0]!r}, not {record[2]!r}")
        at += 1
    print(f"xlsx-libreoffice: report: {len(theirs)} sheet rows, {cells} body cells equal to "
          f"TableKit's CSV report (formulas recalculated by LibreOffice; {ties} mean(s) a tie "
          "rounded half to even by the report and away from zero by LibreOffice)")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--report":
        report(sys.argv[2], sys.argv[3])
        return
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    book, ours = sys.argv[1:]
    theirs = convert(book)
    mine = list(csv.reader(open(ours, encoding="utf-8", newline="")))
    if len(mine) != len(theirs):
        sys.exit(f"xlsx-libreoffice: FAIL {len(theirs)} rows, TableKit's CSV has {len(mine)}")
    cells = 0
    for row, (a, b) in enumerate(zip(mine, theirs)):
        if len(a) != len(b):
            sys.exit(f"xlsx-libreoffice: FAIL row {row + 1}: {b!r}, not {a!r}")
        for column, (x, y) in enumerate(zip(a, b)):
            cells += 1
            if x == y or (x in ("true", "false") and y == x.upper()) or x.replace("\r\n", "\n") == y:
                continue
            sys.exit(f"xlsx-libreoffice: FAIL row {row + 1} column {column + 1}: {y!r}, not {x!r}")
    print(f"xlsx-libreoffice: {len(mine)} rows, {cells} cells equal to TableKit's CSV")


if __name__ == "__main__":
    main()
