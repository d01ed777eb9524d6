#!/usr/bin/env python3
"""Converts a workbook TableKit wrote to CSV with LibreOffice (headless) and compares it with
TableKit's own CSV of the same table, cell by cell.

Usage: xlsx-libreoffice.py BOOK.xlsx TABLEKIT.csv

TABLEKIT.csv is `tablekit ... -f csv --no-formula-guard` (text exactly as it is). LibreOffice
writes cells as shown (`soffice --headless --convert-to csv`, the filter's "save cell contents
as shown" on). Two differences are LibreOffice's own and are allowed: booleans shown TRUE and
FALSE, and a CR LF inside a cell written LF (a LibreOffice cell holds LF line breaks only).
Needs `soffice` (Debian: libreoffice-calc-nogui); not run in CI.
"""
import csv
import os
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    book, ours = sys.argv[1:]
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(
            ["soffice", "--headless", "--convert-to",
             "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false",
             "--outdir", folder, book], check=True, capture_output=True, timeout=300)
        name = os.path.splitext(os.path.basename(book))[0] + ".csv"
        theirs = list(csv.reader(open(os.path.join(folder, name), encoding="utf-8", newline="")))
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
