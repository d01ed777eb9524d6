#!/usr/bin/env python3
"""Writes the benchmark rows (gendata.py) as CSV in one of three shapes.

    Scripts/messy-csv.py ROWS PATH [plain|crlf|messy]

plain  Python's csv.writer with LF line ends (what Scripts/cli-bench.sh's rows-N.csv holds):
       a note with a quote is quoted, its quotes doubled (about 8 % of the records).
crlf   The same with csv.writer's default CR LF line ends, as Excel and Python write.
messy  CR LF line ends, and each record drawn by its own deterministic LCG: 20 % of the records
       have every field quoted (numbers and dates too, as some exporters write them), and 5 %
       (a quarter of those) hold a line feed inside the quoted note, whose second line has a
       comma, a doubled quote and non-ASCII text; the names are the generator's (accents, CJK,
       Hangul, Greek, Cyrillic, a combining mark).

The rows are made as they are written (15M rows do not fit in a list), by Scripts/bench/
gendata.py's iter_rows, so a file of any size holds the same data in every shape.
"""
import csv
import os
import sys

# The generator the repository carries (Scripts/bench/gendata.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench"))
from gendata import A, C, HEADERS, MASK, iter_rows  # noqa: E402

SECOND_LINES = ["then, \"later\" — Zoë", "2nd line, ü 山田", "p.s. \"ok\", done"]


def rows(n):
    """gendata's rows as the CSV writers take them: text, the amount with two decimals."""
    for number, name, amount, flag, day, note in iter_rows(n):
        yield [str(number), name, "%.2f" % amount, "true" if flag else "false", day, note]


def main():
    n, path = int(sys.argv[1]), sys.argv[2]
    shape = sys.argv[3] if len(sys.argv) > 3 else "messy"
    with open(path, "w", newline="", encoding="utf-8") as f:
        if shape in ("plain", "crlf"):
            w = csv.writer(f, lineterminator="\n" if shape == "plain" else "\r\n")
            w.writerow(HEADERS)
            w.writerows(rows(n))
            return
        assert shape == "messy", shape
        minimal = csv.writer(f, lineterminator="\r\n")
        every = csv.writer(f, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
        minimal.writerow(HEADERS)
        # Its own LCG, so the choice of records does not disturb the rows' values.
        t = 0x2545F4914F6CDD1D
        for row in rows(n):
            t = (t * A + C) & MASK
            draw = (t >> 33) % 100
            if draw < 5:
                row[5] = row[5] + "\n" + SECOND_LINES[(t >> 40) % 3]
            (every if draw < 20 else minimal).writerow(row)


if __name__ == "__main__":
    main()
