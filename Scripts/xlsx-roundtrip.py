#!/usr/bin/env python3
"""Reads workbooks TableKit wrote (XLSXTableRenderer) with openpyxl and python-calamine and
checks every cell against its source.

Usage:
  xlsx-roundtrip.py sample SAMPLE.xlsx SAMPLE.json
      The workbook `tablekit-bench --xlsx-sample` wrote and its expectations: each row's value
      (column B) must read back with the kind, value and number format the JSON names.
  xlsx-roundtrip.py corpus CORPUS.json CORPUS.xlsx
      A table document (`tablekit --input CORPUS.json -f xlsx`): the header, then every row of
      every section in order; numbers exactly (Decimal of the cell's shortest repr equals the
      source's), booleans as booleans, text byte for byte.
  xlsx-roundtrip.py csv DATA.csv DATA.xlsx
      A CSV file with a header (`tablekit DATA.csv -f xlsx`): every field's text equals the
      cell read back (numbers compared as decimals).
  xlsx-roundtrip.py report TABLEKIT FOLDER
      Writes FOLDER/ledger.csv, a random ledger (fixed seed: groups of rows with hostile labels
      and payees, euro amounts, quantities, rates, days from 1900-01-01, some fields empty),
      has TABLEKIT draw its report as FOLDER/ledger.xlsx (REPORT_ARGS below) and reads it
      back: title, subtitle,
      spanner and labels; every group's label, rows (outline level 1) and subtotal; the grand
      total; the notes. Every data cell as in the CSV (numbers exactly, dates as dates, text
      byte for byte), with its number format; each summary a SUBTOTAL formula over its rows
      (openpyxl) whose cached value (openpyxl data_only, calamine) is the exact sum in Python's
      decimal; the subtotals add up to the grand total; merged ranges, frozen pane, autofilter.

Both readers must agree with the source; the frozen pane (A2) and the autofilter are checked
in openpyxl. Prints one line per workbook and exits 1 on the first difference.

The environment: openpyxl==3.1.5 (et-xmlfile==2.0.0) and python-calamine==0.9.1 (.ci/run
installs them into .build/xlsx-venv).
"""
import csv
import datetime
import os
import random
import subprocess
import json
import re
import sys
from decimal import Decimal

import openpyxl
import python_calamine

checks = 0


def fail(message):
    print(f"xlsx-roundtrip: FAIL {message}", file=sys.stderr)
    sys.exit(1)


def same_number(value, expected):
    """A float read back equals the exact source when its shortest repr has the same value."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return Decimal(repr(value)) == Decimal(expected)


def read_both(path):
    """The sheet's rows as openpyxl cells and as calamine values."""
    workbook = openpyxl.load_workbook(path)
    sheet = workbook.worksheets[0]
    rows = list(sheet.iter_rows())
    calamine = python_calamine.CalamineWorkbook.from_path(path).get_sheet_by_index(0).to_python(
        skip_empty_area=False)
    return sheet, rows, calamine


def check_header(sheet, path):
    if sheet.freeze_panes != "A2":
        fail(f"{path}: frozen pane {sheet.freeze_panes}, not A2")
    if not sheet.auto_filter.ref or not sheet.auto_filter.ref.startswith("A1:"):
        fail(f"{path}: autofilter {sheet.auto_filter.ref}")


ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def unescape(text):
    """SpreadsheetML's ST_Xstring decoding, which Excel applies: `_xHHHH_` is the character
    U+HHHH (so `_x005F_x0041_` is the text `_x0041_`). openpyxl 3.1.5 hands cell text over as
    written (worksheet/_reader.py reads the <t> text and never decodes it), so the script
    decodes what openpyxl reads; calamine decodes on its own."""
    return ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)


# calamine 0.9.1 leaves the escapes of the two noncharacters U+FFFE and U+FFFF as written
# (it decodes every other _xHHHH_); openpyxl's text, decoded by the rule above, has them.
CALAMINE_KEEPS = {"_xFFFE_": "\ufffe", "_xFFFF_": "\uffff"}


def check_text(where, cell, calamine_value, expected):
    global checks
    if cell is None or cell.data_type != "s" or unescape(cell.value) != expected:
        value = None if cell is None else cell.value
        fail(f"{where}: openpyxl reads {value!r}, not {expected!r}")
    if isinstance(calamine_value, str):
        for written, character in CALAMINE_KEEPS.items():
            calamine_value = calamine_value.replace(written, character)
    if calamine_value != expected:
        fail(f"{where}: calamine reads {calamine_value!r}, not {expected!r}")
    checks += 1


def sample(workbook_path, json_path):
    global checks
    expectations = json.load(open(json_path, encoding="utf-8"))
    sheet, rows, calamine = read_both(workbook_path)
    check_header(sheet, workbook_path)
    if len(rows) != len(expectations) + 1:
        fail(f"{len(rows)} rows, not {len(expectations) + 1}")
    for index, (label, kind, expected, number_format) in enumerate(expectations):
        row = rows[index + 1]
        cell = row[1] if len(row) > 1 else None
        theirs = calamine[index + 1][1] if len(calamine[index + 1]) > 1 else ""
        where = f"row {index + 2} ({label})"
        if row[0].value != label:
            fail(f"{where}: label {row[0].value!r}")
        value = cell.value if cell is not None else None
        if kind == "number":
            if not same_number(value, expected) or not same_number(theirs, expected):
                fail(f"{where}: reads {value!r} / {theirs!r}, not {expected}")
        elif kind == "text":
            check_text(where, cell, theirs, expected)
        elif kind == "inexact":
            check_text(where, cell, theirs, expected)
            if cell.fill.fgColor.rgb != "FFFFE0B2" or not cell.font.i:
                fail(f"{where}: not in the marker style")
        elif kind == "bool":
            if value is not (expected == "true") or theirs is not (expected == "true"):
                fail(f"{where}: reads {value!r} / {theirs!r}")
        elif kind == "empty":
            if value is not None or theirs not in ("", None):
                fail(f"{where}: reads {value!r} / {theirs!r}, not empty")
        elif kind == "date":
            day = datetime.date.fromisoformat(expected)
            if not cell.is_date or value != datetime.datetime.combine(day, datetime.time()):
                fail(f"{where}: openpyxl reads {value!r}, not {day}")
            if theirs != day:
                fail(f"{where}: calamine reads {theirs!r}, not {day}")
        elif kind == "datetime":
            moment = datetime.datetime.fromisoformat(expected)
            if not cell.is_date or value != moment:
                fail(f"{where}: openpyxl reads {value!r}, not {moment}")
            if theirs != moment:
                fail(f"{where}: calamine reads {theirs!r}, not {moment}")
        elif kind == "time":
            moment = datetime.time.fromisoformat(expected)
            if value != moment or theirs != moment:
                fail(f"{where}: reads {value!r} / {theirs!r}, not {moment}")
        else:
            fail(f"{where}: unknown kind {kind}")
        if number_format and cell.number_format != number_format:
            fail(f"{where}: number format {cell.number_format!r}, not {number_format!r}")
        checks += 1
    print(f"xlsx-roundtrip: {workbook_path}: {len(expectations)} typed cells read back equal "
          "by openpyxl and calamine")


def compare_source(where, cell, theirs, source):
    """One source value (from JSON or CSV text) against both readers."""
    global checks
    if source is None:
        if cell is not None and cell.value is not None:
            fail(f"{where}: reads {cell.value!r}, not empty")
        checks += 1
        return
    if source == "":
        # The empty text is a text cell with nothing in it, apart from no value (no cell).
        if cell is None or cell.value != "" or theirs != "":
            fail(f"{where}: reads {None if cell is None else cell.value!r} / {theirs!r}, "
                 "not the empty text")
        checks += 1
        return
    if isinstance(source, bool):
        if cell.value is not source or theirs is not source:
            fail(f"{where}: reads {cell.value!r} / {theirs!r}, not {source}")
    elif isinstance(source, (int, float)):
        if not same_number(cell.value, repr(source)) or not same_number(theirs, repr(source)):
            fail(f"{where}: reads {cell.value!r} / {theirs!r}, not {source!r}")
    elif isinstance(source, str):
        check_text(where, cell, theirs, source)
        return
    else:
        fail(f"{where}: source value {source!r} of an unknown type")
    checks += 1


def compare_rows(path, header, records):
    sheet, rows, calamine = read_both(path)
    check_header(sheet, path)
    if len(rows) != len(records) + 1:
        fail(f"{path}: {len(rows)} rows, not {len(records) + 1}")
    for column, title in enumerate(header):
        check_text(f"header column {column + 1}", rows[0][column], calamine[0][column], title)
    for index, record in enumerate(records):
        row = rows[index + 1]
        for column, source in enumerate(record):
            cell = row[column] if column < len(row) else None
            line = calamine[index + 1]
            theirs = line[column] if column < len(line) else ""
            compare_source(f"{path}: row {index + 2} column {column + 1}", cell, theirs, source)
    print(f"xlsx-roundtrip: {path}: {len(records)} rows x {len(header)} columns equal to the "
          "source in openpyxl and calamine")


def corpus(corpus_path, workbook_path):
    document = json.load(open(corpus_path, encoding="utf-8"))
    records = [row for section in document["sections"] for row in section["rows"]]
    compare_rows(workbook_path, document["columns"], records)


def numeric_or_text(field):
    """A CSV field as tablekit reads it: a number when it is one, else its text."""
    try:
        if field.strip() == field and field not in ("", "-", "+"):
            if field.lower() in ("true", "false"):
                return field.lower() == "true"
            Decimal(field)
            return float(field) if ("." in field or "e" in field.lower()) else int(field)
    except ArithmeticError:
        pass
    except ValueError:
        pass
    return field


def from_csv(csv_path, workbook_path):
    with open(csv_path, encoding="utf-8", newline="") as f:
        lines = list(csv.reader(f))
    # An empty CSV field is no value (an absent cell), not the empty text.
    records = [[None if v == "" else numeric_or_text(v) for v in r] for r in lines[1:]]
    compare_rows(workbook_path, lines[0], records)


TITLE = "Ledger <Q3> & =1+1 _x0041_"
SUBTITLE = "By region, \x01 and all"
FOOTNOTE = "Excluding VAT & <fees>"
SOURCE = "Source: =generated ledger"
# The tablekit options of the report `report` checks (after the ledger's path).
REPORT_ARGS = [
    "--group-by", "region", "--column", "amount=money:EUR", "--column", "day=date:yyyy-MM-dd",
    "--sum", "amount,quantity", "--mean", "rate", "--total", "--title", TITLE,
    "--subtitle", SUBTITLE, "--spanner", "Figures=amount,quantity,rate",
    "--footnote", "amount=" + FOOTNOTE, "--source-note", SOURCE]
LEDGER_HEADER = ["region", "payee", "amount", "quantity", "rate", "day"]
# White space at the ends (xml:space="preserve" is written only then) and inside (a tab, a
# line break, two spaces), which must come back either way.
PAYEES = ["Acme & Sons", "=1+1", "@SUM(A1)", "-2+3", "_x0041_", "<b>bold</b>", "ünï 😀",
          "tab\there", "ctrl \x01 \x1f", "plain", "  spaces at both ends  ", "ends in a tab\t",
          "\nstarts with a line break", "inner  two spaces and a\nline break"]


def ledger(path):
    """A ledger grouped by region (each region's rows together), from a fixed seed."""
    rng = random.Random(37)
    regions = [f"R{n:02d}" for n in range(56)] + ["=SUM(A1:A9)", "<i>West</i>", "_x0041_ east",
                                                 "\x02 control"]
    with open(path, "w", encoding="utf-8", newline="") as f:
        out = csv.writer(f)
        out.writerow(LEDGER_HEADER)
        for region in regions:
            for _ in range(rng.randint(1, 25)):
                amount = "" if rng.random() < 0.08 else f"{rng.randint(-10**8, 10**8) / 100:.2f}"
                quantity = "" if rng.random() < 0.05 else str(rng.randint(0, 1000))
                rate = f"{rng.randint(0, 9999) / 10000:.4f}"
                day = datetime.date(1900, 1, 1) + datetime.timedelta(days=rng.randint(0, 47000))
                out.writerow([region, rng.choice(PAYEES), amount, quantity, rate, day.isoformat()])


def report(tablekit, folder):
    global checks
    ledger_path = os.path.join(folder, "ledger.csv")
    workbook_path = os.path.join(folder, "ledger.xlsx")
    ledger(ledger_path)
    subprocess.run([tablekit, ledger_path, *REPORT_ARGS, "-f", "xlsx", "-o", workbook_path],
                   check=True)
    with open(ledger_path, encoding="utf-8", newline="") as f:
        lines = list(csv.reader(f))[1:]
    groups = []
    for line in lines:
        if not groups or groups[-1][0] != line[0]:
            groups.append((line[0], []))
        groups[-1][1].append(line[1:])
    formulas = openpyxl.load_workbook(workbook_path).worksheets[0]
    cached = openpyxl.load_workbook(workbook_path, data_only=True).worksheets[0]
    calamine = python_calamine.CalamineWorkbook.from_path(workbook_path).get_sheet_by_index(
        0).to_python(skip_empty_area=False)

    def cell(row, column):
        return formulas.cell(row=row, column=column)

    def text_at(row, column, expected):
        theirs = calamine[row - 1][column - 1] if column - 1 < len(calamine[row - 1]) else ""
        check_text(f"row {row} column {column}", cell(row, column), theirs, expected)

    money_format = '"€"#,##0.00_);("€"#,##0.00)'
    if formulas.freeze_panes != "A5":
        fail(f"frozen pane {formulas.freeze_panes}, not A5")
    merged = sorted(str(r) for r in formulas.merged_cells.ranges)
    if merged != ["A1:E1", "A2:E2", "B3:D3"]:
        fail(f"merged ranges {merged}")
    if formulas.sheet_properties.outlinePr.summaryBelow is not True:
        fail("outline summaries not below")
    text_at(1, 1, TITLE)
    text_at(2, 1, SUBTITLE)
    text_at(3, 2, "Figures")
    for column, label in enumerate(["payee", "amount1", "quantity", "rate", "day"]):
        text_at(4, column + 1, label)
    checks += 3

    def number_at(row, column, expected, number_format, formula=None):
        """A number cell: exactly `expected` cached (openpyxl data_only and calamine), its
        format, its formula (or none)."""
        global checks
        where = f"row {row} column {column}"
        mine, theirs = cached.cell(row=row, column=column).value, calamine[row - 1][column - 1]
        if not same_number(mine, expected) or not same_number(theirs, expected):
            fail(f"{where}: reads {mine!r} / {theirs!r}, not {expected}")
        if cell(row, column).number_format != number_format:
            fail(f"{where}: format {cell(row, column).number_format!r}, not {number_format!r}")
        value = cell(row, column).value
        if formula is not None and value != formula:
            fail(f"{where}: formula {value!r}, not {formula!r}")
        if formula is None and isinstance(value, str):
            fail(f"{where}: a formula {value!r} where a value was written")
        checks += 1

    def empty_at(row, column):
        global checks
        theirs = calamine[row - 1][column - 1]
        if cached.cell(row=row, column=column).value is not None or theirs not in ("", None):
            fail(f"row {row} column {column}: not empty")
        checks += 1

    row = 5
    first_data = None
    subtotals = {"amount": [], "quantity": []}
    every = []
    for label, rows in groups:
        text_at(row, 1, label)
        if formulas.row_dimensions[row].outline_level != 0:
            fail(f"row {row}: the group label is outlined")
        row += 1
        first = row
        first_data = first_data or first
        for payee, amount, quantity, rate, day in rows:
            if formulas.row_dimensions[row].outline_level != 1:
                fail(f"row {row}: outline level {formulas.row_dimensions[row].outline_level}")
            text_at(row, 1, payee)
            number_at(row, 2, amount, money_format) if amount else empty_at(row, 2)
            number_at(row, 3, quantity, "General") if quantity else empty_at(row, 3)
            number_at(row, 4, rate, "0.0000")
            value = cached.cell(row=row, column=5).value
            theirs = calamine[row - 1][4]
            expected = datetime.date.fromisoformat(day)
            if value != datetime.datetime.combine(expected, datetime.time()) or theirs != expected:
                fail(f"row {row} column 5: reads {value!r} / {theirs!r}, not {expected}")
            checks += 1
            row += 1
        last = row - 1
        every += rows
        text_at(row, 1, "Subtotal")
        amounts = [Decimal(r[1]) for r in rows if r[1]]
        if amounts:
            total = sum(amounts, Decimal(0))
            number_at(row, 2, total, money_format, f"=SUBTOTAL(9,B{first}:B{last})")
            subtotals["amount"].append(total)
        else:
            text_at(row, 2, "—")
        quantities = [int(r[2]) for r in rows if r[2]]
        if quantities:
            number_at(row, 3, sum(quantities), "General", f"=SUBTOTAL(9,C{first}:C{last})")
            subtotals["quantity"].append(sum(quantities))
        else:
            text_at(row, 3, "—")
        rates = [Decimal(r[3]) for r in rows]
        mean = sum(rates, Decimal(0)) / len(rates)
        written = Decimal(repr(cached.cell(row=row, column=4).value))
        # The mean is the report's, rounded at the rates' scale (4 digits): within half a unit.
        if abs(written - mean) > Decimal("0.00005") or cell(row, 4).value != \
                f"=SUBTOTAL(1,D{first}:D{last})":
            fail(f"row {row}: mean {written} / {cell(row, 4).value!r} for {mean}")
        checks += 1
        row += 1
    last_body = row - 1
    text_at(row, 1, "Total")
    total = sum((Decimal(r[1]) for r in every if r[1]), Decimal(0))
    number_at(row, 2, total, money_format, f"=SUBTOTAL(9,B{first_data}:B{last_body})")
    quantity = sum(int(r[2]) for r in every if r[2])
    number_at(row, 3, quantity, "General", f"=SUBTOTAL(9,C{first_data}:C{last_body})")
    if sum(subtotals["amount"], Decimal(0)) != total or sum(subtotals["quantity"]) != quantity:
        fail("the subtotals do not add up to the grand total")
    if formulas.auto_filter.ref != f"A4:E{last_body}":
        fail(f"autofilter {formulas.auto_filter.ref}, not A4:E{last_body}")
    text_at(row + 2, 1, "1 " + FOOTNOTE)
    text_at(row + 3, 1, SOURCE)
    print(f"xlsx-roundtrip: {workbook_path}: {len(every)} rows in {len(groups)} groups, "
          f"{len(groups)} subtotals and the grand total equal to Python's decimal sums, in "
          "openpyxl (formulas and cached values) and calamine")


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("sample", "corpus", "csv", "report"):
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    modes = {"sample": sample, "corpus": corpus, "csv": from_csv, "report": report}
    modes[sys.argv[1]](sys.argv[2], sys.argv[3])
    print(f"xlsx-roundtrip: {checks} checks passed")


if __name__ == "__main__":
    main()
