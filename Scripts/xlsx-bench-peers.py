#!/usr/bin/env python3
"""The Python side of Scripts/xlsx-bench.sh: the input table, the two peers, and the check that
the three workbooks hold the same cells.

Usage:
  xlsx-bench-peers.py generate ROWS DATA.csv
      Writes the benchmark table: ROWS rows × 10 columns, deterministic (seed 37). Users' data:
      names and cities with accents, CJK, Cyrillic and Greek; a note column with double quotes,
      commas, and in one row of 50 a line break (all quoted as CSV quotes them); money in two
      columns (EUR, two decimals, negatives among them), two ISO dates, two integers, a decimal
      with three digits.
  xlsx-bench-peers.py xlsxwriter DATA.csv OUT.xlsx
      xlsxwriter with constant_memory: True (rows written as they come, flat memory).
  xlsx-bench-peers.py openpyxl DATA.csv OUT.xlsx
      openpyxl's write-only workbook (Workbook(write_only=True)).
  xlsx-bench-peers.py check DATA.csv SAMPLES OUT.xlsx...
      Reads SAMPLES random cells (seed 37) of every workbook back with openpyxl (read-only)
      and checks each against the CSV: numbers equal as decimals (Decimal(repr(float)) ==
      Decimal(field)), dates as dates, text byte for byte, and the number format of the money
      and date cells. Prints one line per workbook; exits 1 on the first difference.
  xlsx-bench-peers.py zlib OUT.xlsx
      Each member's compressed size beside zlib's at level 6 (raw DEFLATE of the same bytes).

Each peer reads the CSV with Python's csv module and converts the fields as TableKit's
`--column` options read them (money and the decimal as floats, dates as datetime.date), then
writes the cells with the number formats TableKit writes: the same work, from the same file.
"""
import csv
import datetime
import random
import sys
from decimal import Decimal

HEADERS = ["id", "customer", "city", "amount", "fee", "booked", "due", "quantity", "ratio", "note"]
MONEY = '"€"#,##0.00_);("€"#,##0.00)'
DATE = "yyyy-mm-dd"
RATIO = "0.000"
FORMATS = {3: MONEY, 4: MONEY, 5: DATE, 6: DATE, 8: RATIO}

FIRST = ["Alice", "José", "Zoë", "François", "Łukasz", "Søren", "山田", "김민준", "Ελένη", "Иван",
         "O'Brien", "Mary-Jane", "Chloé", "Nguyễn Văn", "Ana", "Dvořák"]
LAST = ["Smith", "Müller", "Ångström", "太郎", "García", "Brown", "Kovač", "Lee", "Novák",
        "佐藤", "Wilson", "Jones"]
CITIES = ["Zürich", "São Paulo", "Kraków", "東京", "Москва", "Αθήνα", "Reykjavík", "Montréal",
          "İstanbul", "Paris", "서울", "Łódź"]
NOTES = ['said "hello", then left', "paid in full", "refund < 100 & > 10", "café au lait ☕",
         'the "Big" order', "", "follow-up", "Grüße aus Köln", "x, y and z", "déjà vu"]
EPOCH = datetime.date(1998, 1, 1)


def generate(rows, path):
    rng = random.Random(37)
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(HEADERS)
        for i in range(rows):
            note = rng.choice(NOTES)
            if i % 50 == 7:
                note += "\nsecond line"
            booked = EPOCH + datetime.timedelta(days=rng.randrange(10_000))
            writer.writerow([
                i + 1,
                f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                rng.choice(CITIES),
                "%.2f" % (rng.randrange(-500_000, 10_000_000) / 100),
                "%.2f" % (rng.randrange(0, 50_000) / 100),
                booked.isoformat(),
                (booked + datetime.timedelta(days=rng.randrange(90))).isoformat(),
                rng.randrange(1, 1000),
                "%.3f" % (rng.randrange(0, 100_000) / 1000),
                note,
            ])


def typed(fields):
    """The row's values as the peers write them."""
    return [
        int(fields[0]), fields[1], fields[2], float(fields[3]), float(fields[4]),
        datetime.date.fromisoformat(fields[5]), datetime.date.fromisoformat(fields[6]),
        int(fields[7]), float(fields[8]), fields[9],
    ]


def rows_of(path):
    with open(path, newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        next(reader)
        yield from reader


def write_xlsxwriter(source, target):
    import xlsxwriter

    workbook = xlsxwriter.Workbook(target, {"constant_memory": True})
    sheet = workbook.add_worksheet("Sheet1")
    bold = workbook.add_format({"bold": True})
    formats = {column: workbook.add_format({"num_format": code}) for column, code in FORMATS.items()}
    sheet.write_row(0, 0, HEADERS, bold)
    for number, fields in enumerate(rows_of(source), start=1):
        values = typed(fields)
        for column, value in enumerate(values):
            style = formats.get(column)
            if column in (5, 6):
                sheet.write_datetime(number, column, value, style)
            elif isinstance(value, str):
                if value:
                    sheet.write_string(number, column, value)
            elif style is None:
                sheet.write_number(number, column, value)
            else:
                sheet.write_number(number, column, value, style)
    workbook.close()


def write_openpyxl(source, target):
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Sheet1")
    header = []
    for title in HEADERS:
        cell = WriteOnlyCell(sheet, value=title)
        cell.font = Font(bold=True)
        header.append(cell)
    sheet.append(header)
    for fields in rows_of(source):
        values = typed(fields)
        row = []
        for column, value in enumerate(values):
            code = FORMATS.get(column)
            if code is None:
                row.append(value if value != "" else None)
            else:
                cell = WriteOnlyCell(sheet, value=value)
                cell.number_format = code
                row.append(cell)
        sheet.append(row)
    workbook.save(target)


def fail(message):
    print(f"xlsx-bench-peers: FAIL {message}", file=sys.stderr)
    sys.exit(1)


def check(source, samples, workbooks):
    import openpyxl

    source_rows = list(rows_of(source))
    rng = random.Random(37)
    picks = set()
    while len(picks) < min(samples, len(source_rows) * 10):
        picks.add((rng.randrange(len(source_rows)), rng.randrange(10)))
    samples = len(picks)
    wanted = {}
    for row, column in picks:
        wanted.setdefault(row + 2, set()).add(column)
    last = max(wanted)
    for path in workbooks:
        sheet = openpyxl.load_workbook(path, read_only=True).worksheets[0]
        seen = 0
        for number, cells in enumerate(sheet.iter_rows(min_row=1, max_row=last), start=1):
            if number == 1:
                titles = [cell.value for cell in cells]
                if titles != HEADERS:
                    fail(f"{path}: header {titles}")
                continue
            for column in wanted.get(number, ()):
                fields = source_rows[number - 2]
                cell = cells[column] if column < len(cells) else None
                value = None if cell is None else cell.value
                where = f"{path}: row {number} column {HEADERS[column]}"
                text = fields[column]
                if column in (1, 2, 9):
                    if (value or "") != text:
                        fail(f"{where}: {value!r}, not {text!r}")
                elif column in (5, 6):
                    if not isinstance(value, datetime.datetime) or value.date().isoformat() != text:
                        fail(f"{where}: {value!r}, not the date {text}")
                elif isinstance(value, bool) or not isinstance(value, (int, float)) \
                        or Decimal(repr(value)) != Decimal(text):
                    fail(f"{where}: {value!r}, not the number {text}")
                if column in FORMATS and cell.number_format != FORMATS[column]:
                    fail(f"{where}: format {cell.number_format!r}, not {FORMATS[column]!r}")
                seen += 1
        if seen != samples:
            fail(f"{path}: {seen} of {samples} cells found")
        print(f"xlsx-bench-peers: {path}: {samples} random cells equal the CSV "
              f"(values, types, money and date formats)")


def zlib_sizes(path):
    import zipfile
    import zlib

    with zipfile.ZipFile(path) as archive:
        for info in archive.infolist():
            data = archive.read(info)
            packer = zlib.compressobj(6, zlib.DEFLATED, -15)
            level6 = len(packer.compress(data) + packer.flush())
            print(f"xlsx-bench-peers: {path} {info.filename}: {info.file_size} bytes, "
                  f"deflated {info.compress_size}, zlib level 6 {level6} "
                  f"({info.compress_size / max(level6, 1):.3f}×)")


def main(argv):
    if len(argv) >= 3 and argv[0] == "generate":
        generate(int(argv[1]), argv[2])
    elif len(argv) == 3 and argv[0] == "xlsxwriter":
        write_xlsxwriter(argv[1], argv[2])
    elif len(argv) == 3 and argv[0] == "openpyxl":
        write_openpyxl(argv[1], argv[2])
    elif len(argv) == 2 and argv[0] == "zlib":
        zlib_sizes(argv[1])
    elif len(argv) >= 4 and argv[0] == "check":
        check(argv[1], int(argv[2]), argv[3:])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(64)


if __name__ == "__main__":
    main(sys.argv[1:])
