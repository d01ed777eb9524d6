#!/usr/bin/env python3
"""Builds one report twice, with great_tables and with `tablekit … -f html`, from the same CSV, and
compares the cell texts (not the markup) of the two HTML pages.

    PYTHON="$(Scripts/validation-venv.sh)"
    "$PYTHON" Scripts/great-tables-compare.py .build/release/tablekit [WORK_FOLDER]

The report: rows grouped by region (first seen first), the city as the stub, a spanner over the
amount and quantity columns, money in euros formatted for de_DE, quantities grouped for de_DE,
a subtotal of the amounts per group, a grand total, a title, a footnote on the amount label and
a source note. The CSV is drawn from a fixed seed: amounts with cents up to a billion, negatives,
and hostile text (`&`, `<b>`, quotes, `=` first, accents) in the group labels and the stub.

Both pages are parsed with html5lib. From each the script reads the title, the spanner labels
with the columns they cover, the column labels (footnote marks apart), each group's label, every
body cell, every subtotal cell, the grand total's cells, the footnotes with their marks and the
source notes, and compares them one by one. Where the two libraries follow different conventions
the gt text is mapped to TableKit's in `to_tablekit` below, each mapping counted and explained.
Exits 1 when any text differs, after printing the differences; prints the counts either way.
"""

import csv
import io
import random
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

try:
    import html5lib
    import pandas as pd
    from great_tables import GT, loc, vals
except ImportError as missing:
    print(f"great-tables-compare.py: {missing}; run it with the validation venv's python: "
          '"$(Scripts/validation-venv.sh)" Scripts/great-tables-compare.py ...', file=sys.stderr)
    sys.exit(2)

XHTML = "{http://www.w3.org/1999/xhtml}"
TITLE = "Sales"
FOOTNOTE = "Excluding VAT"
SOURCE_NOTE = "Source: the ledger"
SPANNER = "Figures"
REGIONS = ["Nord & <Ost>", "Süd", '"Quoted" West', "=HYPERLINK(\"x\")", "Centre d'été"]
CITIES = ["Oslo", "Bergen & <Co>", "<b>Rome</b>", "Zürich", "O'Hare", "=SUM(A1)", "København",
          "Tab\tCity", "São Paulo", "a < b > c"]

# What the mappings in to_tablekit changed, by name, for the summary line.
mapped = {"minus signs": 0, "currency spaces": 0}


def ledger(seed=36, rows=400):
    """The CSV rows: region, city, amount (cents, up to a billion), qty (integers, some negative)."""
    generator = random.Random(seed)
    out = []
    for _ in range(rows):
        cents = generator.randint(-10**11, 10**11) // generator.choice([1, 100, 10**5, 10**8])
        sign = "-" if cents < 0 else ""
        amount = f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"
        out.append([generator.choice(REGIONS), generator.choice(CITIES), amount,
                    str(generator.randint(-2_000, 2_000_000))])
    return out


def tablekit_page(tablekit, csv_path):
    """The report drawn by tablekit as an HTML document."""
    command = [
        tablekit, str(csv_path), "--group-by", "region", "--stub", "city", "--sum", "amount",
        "--total", "--column", "amount=money:EUR", "--format-column", "qty=number,digits=0",
        "--locale", "de_DE", "--title", TITLE, "--spanner", f"{SPANNER}=amount,qty",
        "--footnote", f"amount={FOOTNOTE}", "--source-note", SOURCE_NOTE, "-f", "html",
    ]
    return subprocess.run(command, check=True, capture_output=True).stdout.decode("utf-8")


def great_tables_page(csv_path):
    """The same report drawn by great_tables, from the same file read with Python's csv."""
    with open(csv_path, newline="", encoding="utf-8") as file:
        records = list(csv.DictReader(file))
    frame = pd.DataFrame({
        "region": [r["region"] for r in records],
        "city": [r["city"] for r in records],
        # Decimal, so the sums are exact, as TableKit's are.
        "amount": [Decimal(r["amount"]) for r in records],
        "qty": [int(r["qty"]) for r in records],
    })

    def euros(values):
        # gt puts a currency symbol where `placement=` says, not where the locale's pattern
        # does: right with a space is de_DE's pattern (`#,##0.00 ¤`).
        return vals.fmt_currency(values, currency="EUR", locale="de", placement="right",
                                 incl_space=True)

    def amount_sum(group):
        return pd.Series({"amount": sum(group["amount"], Decimal(0))})

    table = (
        GT(frame, rowname_col="city", groupname_col="region")
        # gt leaves the stub's head empty unless given one; TableKit labels it with its column.
        .tab_stubhead(label="city")
        .tab_header(title=TITLE)
        .tab_spanner(label=SPANNER, columns=["amount", "qty"])
        .fmt_currency(columns="amount", currency="EUR", locale="de", placement="right",
                      incl_space=True)
        .fmt_integer(columns="qty", locale="de")
        # A column with no aggregate: gt's default missing text is "---"; TableKit leaves the
        # cell empty, so the same report asks gt for an empty one.
        .summary_rows(fns={"Subtotal": amount_sum}, fmt=euros, missing_text="")
        .grand_summary_rows(fns={"Total": amount_sum}, fmt=euros, missing_text="")
        .tab_footnote(footnote=FOOTNOTE, locations=loc.column_labels(columns="amount"))
        .tab_source_note(source_note=SOURCE_NOTE)
    )
    return table.as_raw_html()


def text_of(element, skip):
    """The text of `element` without the elements `skip(e)` is true for (footnote marks)."""
    parts = []

    def walk(node):
        if skip(node):
            return
        parts.append(node.text or "")
        for child in node:
            walk(child)
            parts.append(child.tail or "")

    walk(element)
    return "".join(parts)


def classes(element):
    return set((element.get("class") or "").split())


def tag(element):
    return element.tag.replace(XHTML, "")


def header(thead, is_mark):
    """Spanners as (label, first column, width) and column labels as (label, marks), read from the
    header rows with their rowspans and colspans laid out on a grid."""
    grid = {}
    spanners = []
    rows = [row for row in thead.iter(f"{XHTML}tr")]
    for row_index, row in enumerate(rows):
        column = 0
        for cell in row:
            if tag(cell) not in ("th", "td"):
                continue
            while (row_index, column) in grid:
                column += 1
            width = int(cell.get("colspan") or 1)
            height = int(cell.get("rowspan") or 1)
            for r in range(row_index, row_index + height):
                for c in range(column, column + width):
                    grid[(r, c)] = cell
            if cell.get("scope") == "colgroup":
                spanners.append((text_of(cell, is_mark).strip(), column, width))
            column += width
    last = len(rows) - 1
    columns = sorted(c for (r, c) in grid if r == last)
    labels = []
    for c in columns:
        cell = grid[(last, c)]
        marks = [text_of(m, lambda _: False).strip() for m in cell.iter() if is_mark(m)]
        labels.append((text_of(cell, is_mark).strip(), marks))
    return spanners, labels


def read_gt(page):
    document = html5lib.parse(page)
    table = next(e for e in document.iter(f"{XHTML}table") if "gt_table" in classes(e))
    is_mark = lambda e: "gt_footnote_marks" in classes(e)
    thead = table.find(f"{XHTML}thead")
    heading_rows = [r for r in thead.iter(f"{XHTML}tr") if "gt_heading" in classes(r)]
    title = " ".join(text_of(r, is_mark).strip() for r in heading_rows)
    for r in heading_rows:
        thead.remove(r)
    spanners, labels = header(thead, is_mark)
    groups, grand = [], []
    for row in table.find(f"{XHTML}tbody").iter(f"{XHTML}tr"):
        cells = [c for c in row if tag(c) in ("th", "td")]
        texts = [text_of(c, is_mark) for c in cells]
        if "gt_group_heading_row" in classes(row):
            groups.append({"label": texts[0], "rows": [], "subtotals": []})
        elif any("gt_grand_summary_row" in classes(c) for c in cells):
            grand.append(texts)
        elif any("gt_summary_row" in classes(c) for c in cells):
            groups[-1]["subtotals"].append(texts)
        else:
            groups[-1]["rows"].append(texts)
    footnotes, source_notes = [], []
    for cell in table.find(f"{XHTML}tfoot").iter(f"{XHTML}td"):
        if "gt_footnote" in classes(cell):
            marks = [text_of(m, lambda _: False).strip() for m in cell.iter() if is_mark(m)]
            footnotes.append((marks, text_of(cell, is_mark).strip()))
        elif "gt_sourcenote" in classes(cell):
            source_notes.append(text_of(cell, is_mark).strip())
    return {"title": title, "spanners": spanners, "labels": labels, "groups": groups,
            "grand": grand, "footnotes": footnotes, "source_notes": source_notes}


def read_tablekit(page):
    document = html5lib.parse(page)
    table = next(document.iter(f"{XHTML}table"))
    is_mark = lambda e: tag(e) == "sup"
    caption = table.find(f"{XHTML}caption")
    title = text_of(caption, is_mark).strip() if caption is not None else ""
    spanners, labels = header(table.find(f"{XHTML}thead"), is_mark)
    groups, grand = [], []
    for section in table:
        if tag(section) not in ("tbody", "tfoot"):
            continue
        for row in section.iter(f"{XHTML}tr"):
            cells = [c for c in row if tag(c) in ("th", "td")]
            texts = [text_of(c, is_mark) for c in cells]
            if cells and cells[0].get("scope") == "rowgroup":
                groups.append({"label": texts[0], "rows": [], "subtotals": []})
            elif "grand-summary" in classes(row):
                grand.append(texts)
            elif "summary" in classes(row):
                groups[-1]["subtotals"].append(texts)
            else:
                groups[-1]["rows"].append(texts)
    footnotes, source_notes = [], []
    notes = next((e for e in document.iter(f"{XHTML}div") if "report-notes" in classes(e)), None)
    for paragraph in (notes if notes is not None else []):
        if "footnote" in classes(paragraph):
            marks = [text_of(m, lambda _: False).strip() for m in paragraph.iter() if is_mark(m)]
            # The ↩ link back to the mark is navigation, not the note's text.
            text = text_of(paragraph, lambda e: is_mark(e) or tag(e) == "a").strip()
            footnotes.append((marks, text))
        elif "source-note" in classes(paragraph):
            source_notes.append(text_of(paragraph, is_mark).strip())
    return {"title": title, "spanners": spanners, "labels": labels, "groups": groups,
            "grand": grand, "footnotes": footnotes, "source_notes": source_notes}


def to_tablekit(text):
    """A gt cell text in TableKit's conventions; each mapping counted in `mapped`."""
    # gt writes a negative number's sign as U+2212 MINUS SIGN in HTML whatever the locale; CLDR's
    # de locale (and babel, and TableKit) use U+002D HYPHEN-MINUS.
    if "\u2212" in text:
        mapped["minus signs"] += text.count("\u2212")
        text = text.replace("\u2212", "-")
    # gt's incl_space= puts an ordinary space between the amount and the symbol; CLDR's de pattern
    # `#,##0.00\u00a0¤` has a no-break space there, which TableKit writes.
    if text.endswith(" €"):
        mapped["currency spaces"] += 1
        text = text[:-2] + "\u00a0€"
    return text


def compare(ours, theirs):
    """Every difference as a line, and how many texts were compared, by part."""
    differences = []
    counts = {}

    def check(part, where, mine, gt):
        counts[part] = counts.get(part, 0) + 1
        if mine != gt:
            differences.append(f"{part} {where}: tablekit {mine!r}, great_tables {gt!r}")

    check("title", "", ours["title"], to_tablekit(theirs["title"]))
    check("spanner count", "", len(ours["spanners"]), len(theirs["spanners"]))
    for i, (mine, gt) in enumerate(zip(ours["spanners"], theirs["spanners"])):
        check("spanners", i, mine, (to_tablekit(gt[0]), gt[1], gt[2]))
    check("label count", "", len(ours["labels"]), len(theirs["labels"]))
    for i, (mine, gt) in enumerate(zip(ours["labels"], theirs["labels"])):
        check("column labels", i, mine[0], to_tablekit(gt[0]))
        check("label marks", i, mine[1], gt[1])
    check("group count", "", len(ours["groups"]), len(theirs["groups"]))
    for g, (mine, gt) in enumerate(zip(ours["groups"], theirs["groups"])):
        check("group labels", g, mine["label"], to_tablekit(gt["label"]))
        for part in ("rows", "subtotals"):
            check(f"{part} count", g, len(mine[part]), len(gt[part]))
            for r, (row, gt_row) in enumerate(zip(mine[part], gt[part])):
                check(f"{part} width", (g, r), len(row), len(gt_row))
                for c, (cell, gt_cell) in enumerate(zip(row, gt_row)):
                    name = "body cells" if part == "rows" else "subtotal cells"
                    check(name, (g, r, c), cell, to_tablekit(gt_cell))
    check("grand total count", "", len(ours["grand"]), len(theirs["grand"]))
    for r, (row, gt_row) in enumerate(zip(ours["grand"], theirs["grand"])):
        for c, (cell, gt_cell) in enumerate(zip(row, gt_row)):
            check("grand total cells", (r, c), cell, to_tablekit(gt_cell))
    check("footnotes", "", ours["footnotes"], [(m, to_tablekit(t)) for m, t in theirs["footnotes"]])
    check("source notes", "", ours["source_notes"], [to_tablekit(t) for t in theirs["source_notes"]])
    return differences, counts


def main():
    if len(sys.argv) not in (2, 3):
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    tablekit = sys.argv[1]
    work = Path(sys.argv[2] if len(sys.argv) == 3 else ".build/great-tables-compare")
    work.mkdir(parents=True, exist_ok=True)
    csv_path = work / "ledger.csv"
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["region", "city", "amount", "qty"])
    writer.writerows(ledger())
    csv_path.write_text(buffer.getvalue(), encoding="utf-8")
    ours_page = tablekit_page(tablekit, csv_path)
    gt_page = great_tables_page(csv_path)
    (work / "tablekit.html").write_text(ours_page, encoding="utf-8")
    (work / "great_tables.html").write_text(gt_page, encoding="utf-8")
    ours, theirs = read_tablekit(ours_page), read_gt(gt_page)
    differences, counts = compare(ours, theirs)
    for line in differences[:40]:
        print("  differs:", line)
    compared = sum(counts.values())
    by_part = ", ".join(f"{counts[k]} {k}" for k in (
        "title", "spanners", "column labels", "group labels", "body cells", "subtotal cells",
        "grand total cells", "footnotes", "source notes") if k in counts)
    print(f"great-tables-compare: {compared} texts compared ({by_part}); "
          f"mapped gt conventions: {mapped['minus signs']} minus signs, "
          f"{mapped['currency spaces']} currency spaces")
    print(f"great-tables-compare: {len(differences)} differ")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
