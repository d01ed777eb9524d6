#!/usr/bin/env python3
"""Checks that Python's csv module reads a rendered CSV file back exactly as the corpus holds it.

Usage:
    python3 Scripts/validate-csv.py CORPUS.json RENDERED.csv [--guard on|off]
                                    [--section-column [TITLE]]

RENDERED.csv is what CSVTableRenderer wrote for the corpus (for example with
`swift run tablekit --input Tests/Validation/corpus.json --format csv`). The file is read with
`csv.reader` in its default (Excel, RFC 4180) dialect, opened with `newline=''` so line breaks
inside quoted fields are kept as they are. Checked:

- the header row: the column titles, after a leading section column when --section-column is
  given (its title defaults to `section`);
- exactly one record per corpus row, in order, across all sections (CSV flattens sections);
- exactly len(columns) fields per record (plus one with --section-column), the section column
  holding the section's header title (empty for a section without one);
- every text field equal to the corpus string, byte for byte (controls, CR, LF, tabs and every
  other character are data); with --guard on (the default) the expected text of a field that
  a spreadsheet could read as a formula gets a leading `'`, as the formula guard writes it: a
  field starting with `=`, `+`, `-`, `@`, tab, CR or NUL (OWASP CSV Injection, ASVS 5.0 1.2.10),
  or one whose first character after the leading characters a spreadsheet may skip (controls,
  Cc controls, White_Space, Default_Ignorable_Code_Point) is `=`, `+`, `-`, `@` or a character
  whose NFKC form starts with one (fullwidth, small, super- and subscript forms; the rule
  documented on CSVEscaping.startsFormula and in the Rendering article). The guard applies to text only: titles, section titles and text cells;
- numbers compared numerically (a negative number is never guarded), booleans as `true` and
  `false`, null as an empty field.

Prints a summary line such as `csv: 93 rows, 465 cells checked, 0 mismatches`; exits 1 on any
mismatch (printing the first ones) and also when no record was found. Needs only the standard
library.
"""

import argparse
import csv
import json
import math
import sys

MAX_REPORTED = 10
# Guarded whatever follows: OWASP's list, and NUL from ASVS 5.0 1.2.10.
ALWAYS_GUARDED_STARTS = ("=", "+", "-", "@", "\t", "\r", "\0")
# Guarded when they come first after the skipped characters: = + - @ and every character whose
# NFKC form starts with one of them (Unicode 14; CSVEscaping.isFormulaStart).
FORMULA_STARTS = set("=+-@") | {
    chr(code) for code in (0xFF1D, 0xFF0B, 0xFF0D, 0xFF20, 0xFE66, 0xFE62, 0xFE63, 0xFE6B,
                           0x207C, 0x207A, 0x208C, 0x208A, 0x2A75, 0x2A76, 0xFB29)}
# Skipped before a formula sign: Cc, White_Space and Default_Ignorable_Code_Point
# (CSVEscaping.isSkipped), as inclusive ranges.
SKIPPED_RANGES = (
    (0x00, 0x20), (0x7F, 0xA0), (0xAD, 0xAD), (0x034F, 0x034F), (0x061C, 0x061C),
    (0x115F, 0x1160), (0x1680, 0x1680), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x2000, 0x200F),
    (0x2028, 0x202F), (0x205F, 0x206F), (0x3000, 0x3000), (0x3164, 0x3164), (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))


def is_skipped(char):
    """Whether a spreadsheet may skip `char` at the start of a field (CSVEscaping.isSkipped)."""
    code = ord(char)
    return any(low <= code <= high for low, high in SKIPPED_RANGES)


def starts_formula(text):
    """Whether a spreadsheet could read `text` as a formula, by the renderer's documented rule."""
    if text.startswith(ALWAYS_GUARDED_STARTS):
        return True
    for char in text:
        if char in FORMULA_STARTS:
            return True
        if not is_skipped(char):
            return False
    return False


def guarded(text, guard):
    """The field the renderer writes for `text`: with the guard on, formula-like text gets `'`."""
    if guard and starts_formula(text):
        return "'" + text
    return text


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", help="the corpus JSON (Tests/Validation/corpus.json)")
    parser.add_argument("rendered", help="the CSV CSVTableRenderer wrote for it")
    parser.add_argument("--guard", choices=("on", "off"), default="on",
                        help="whether the file was written with the formula guard on")
    parser.add_argument("--section-column", nargs="?", const="section", default=None,
                        metavar="TITLE",
                        help="the file has a leading section column (title: section)")
    arguments = parser.parse_args()
    guard = arguments.guard == "on"
    section_column = arguments.section_column

    with open(arguments.corpus, encoding="utf-8") as file:
        corpus = json.load(file)
    with open(arguments.rendered, encoding="utf-8", newline="") as file:
        records = list(csv.reader(file))

    mismatches = []
    rows_checked = 0
    cells_checked = 0

    def fail(where, message):
        mismatches.append(f"{where}: {message}")

    columns = corpus["columns"]
    expected_header = [guarded(title, guard) for title in columns]
    if section_column is not None:
        expected_header.insert(0, guarded(section_column, guard))
    width = len(expected_header)

    if not records:
        fail("header", "the file holds no records")
    elif records[0] != expected_header:
        fail("header", f"expected {expected_header!r}, found {records[0]!r}")
    body = records[1:]

    expected_rows = [
        (section.get("header"), row) for section in corpus["sections"] for row in section["rows"]
    ]
    if len(body) != len(expected_rows):
        fail("document", f"expected {len(expected_rows)} records after the header, "
             f"found {len(body)}")

    for index, (record, (section_title, values)) in enumerate(zip(body, expected_rows)):
        rows_checked += 1
        where = f"record {index + 1} (corpus {values[:1]!r})"
        if len(record) != width:
            fail(where, f"expected {width} fields, found {len(record)}: {record!r}")
            continue
        fields = record
        if section_column is not None:
            cells_checked += 1
            wanted = guarded(section_title or "", guard)
            if fields[0] != wanted:
                fail(f"{where} section", f"expected {wanted!r}, found {fields[0]!r}")
            fields = fields[1:]
        for column, (field, value) in enumerate(zip(fields, values)):
            cells_checked += 1
            cell_where = f"{where} column {columns[column]!r}"
            if is_number(value):
                try:
                    number = float(field)
                except ValueError:
                    fail(cell_where, f"expected the number {value!r}, found {field!r}")
                    continue
                if not (number == float(value) or (math.isnan(number) and math.isnan(value))):
                    fail(cell_where, f"expected the number {value!r}, found {field!r}")
            else:
                if isinstance(value, bool):
                    wanted = "true" if value else "false"
                elif value is None:
                    wanted = ""
                else:
                    wanted = guarded(value, guard)
                if field != wanted:
                    fail(cell_where, f"expected {wanted!r}, found {field!r}")

    if rows_checked == 0:
        fail("document", "no records found after the header; nothing was checked")

    print(f"csv: {rows_checked} rows, {cells_checked} cells checked, {len(mismatches)} mismatches")
    for mismatch in mismatches[:MAX_REPORTED]:
        print(f"  {mismatch}")
    if len(mismatches) > MAX_REPORTED:
        print(f"  … and {len(mismatches) - MAX_REPORTED} more")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
