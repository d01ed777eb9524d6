#!/usr/bin/env python3
"""Checks that GitHub's Markdown parser reads a rendered table back exactly as the corpus holds it.

Usage:
    PYTHON="$(Scripts/validation-venv.sh)"
    "$PYTHON" Scripts/validate-markdown.py Tests/Validation/corpus.json RENDERED.md

RENDERED.md is what MarkdownTableRenderer wrote for the corpus (for example with
`swift run tablekit --input Tests/Validation/corpus.json --format markdown`). The file is parsed
with cmark-gfm (the `cmarkgfm` package, GitHub's own parser, with the table, strikethrough,
autolink and tagfilter extensions; raw HTML is let through so that `<br>` survives and any tag
that leaked out of the text would show up). The resulting HTML is parsed with `html.parser`.

The renderer's documented layout is checked block by block:

- the corpus title as an `<h1>`;
- for each section, in order: its header title as `<p><strong>…</strong></p>` (when it has one),
  then one `<table>`, then its footer as `<p><em>…</em></p>` (when it has one); nothing else;
- each table: one header row with exactly len(columns) `<th>` cells holding the column titles,
  exactly one body row per corpus row, and exactly len(columns) `<td>` cells per row;
- each text cell holds only text and `<br>` (no link, emphasis, code, image or any other
  element), and its text equals the corpus string after the renderer's documented mapping:
  `<br>` reads back as LF, so CRLF and CR are expected as LF; NUL is expected as U+FFFD
  (CommonMark replaces it); every other character, controls included, is expected unchanged
  (the renderer writes controls as numeric character references, which decode to themselves);
- numbers compare numerically; booleans read `true`/`false`; null reads as an empty cell;
- alignment is decided once per table: a column is right-aligned in every section's table
  (header and body cells) exactly when the first value in it that is not null, reading the
  corpus in order across sections, is a number (the corpus declares no alignments);
- the Markdown source itself holds no raw control character other than LF: no tab, CR, NUL,
  ESC, DEL, C1 control or bidirectional override/isolate.

Prints a summary line such as `markdown: 93 rows, 465 cells checked, 0 mismatches`; exits 1 on any
mismatch (printing the first ones) and also when no row was found at all.
"""

import argparse
import json
import math
import sys
from html.parser import HTMLParser

import cmarkgfm
from cmarkgfm.cmark import Options

MAX_REPORTED = 10
VOID_ELEMENTS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}


class Node:
    """An element, a text or a comment of the parsed HTML."""

    def __init__(self, kind, tag=None, attrs=None, text=""):
        self.kind = kind  # "element", "text" or "comment"
        self.tag = tag
        self.attrs = dict(attrs or [])
        self.text = text
        self.children = []

    def elements(self):
        return [child for child in self.children if child.kind == "element"]

    def describe(self):
        if self.kind == "element":
            return f"<{self.tag}>"
        return f"{self.kind} {self.text!r}"


class TreeBuilder(HTMLParser):
    """Builds a small tree of Nodes from HTML; character references are decoded."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("element", "#root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        node = Node("element", tag, attrs)
        self.stack[-1].children.append(node)
        if tag not in VOID_ELEMENTS:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(Node("element", tag, attrs))

    def handle_endtag(self, tag):
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data):
        if not data:
            return
        parent = self.stack[-1]
        if parent.children and parent.children[-1].kind == "text":
            parent.children[-1].text += data
        else:
            parent.children.append(Node("text", text=data))

    def handle_comment(self, data):
        self.stack[-1].children.append(Node("comment", text=data))


class Checker:
    def __init__(self):
        self.mismatches = []
        self.rows = 0
        self.cells = 0

    def fail(self, where, message):
        self.mismatches.append(f"{where}: {message}")


def inline_text(node, checker, where):
    """The text of `node`'s content: text, `<br>` as LF, comments ignored, nothing else allowed."""
    parts = []
    for child in node.children:
        if child.kind == "text":
            parts.append(child.text)
        elif child.kind == "comment":
            continue
        elif child.tag == "br":
            parts.append("\n")
        else:
            checker.fail(where, f"unexpected element {child.describe()} (text became markup)")
            parts.append(inline_text(child, checker, where))
    return "".join(parts)


def expected_text(text):
    """The text a GFM reader sees for `text`, after the renderer's documented mapping."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "\ufffd")


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_value(checker, where, expected, cell, right_aligned):
    checker.cells += 1
    actual = inline_text(cell, checker, where)
    if is_number(expected):
        try:
            number = float(actual)
        except ValueError:
            checker.fail(where, f"expected the number {expected!r}, found {actual!r}")
            return
        if not (number == float(expected) or (math.isnan(number) and math.isnan(expected))):
            checker.fail(where, f"expected the number {expected!r}, found {actual!r}")
        if right_aligned and cell.attrs.get("align") != "right":
            checker.fail(where, f"number {actual!r} is not right-aligned: {cell.attrs}")
        return
    if isinstance(expected, bool):
        wanted = "true" if expected else "false"
    elif expected is None:
        wanted = ""
    else:
        wanted = expected_text(expected)
    if actual != wanted:
        checker.fail(where, f"expected {wanted!r}, found {actual!r}")


def only_child(node, tag):
    """The single `tag` element that is `node`'s whole content, or None."""
    meaningful = [
        child for child in node.children
        if child.kind == "element" or (child.kind == "text" and child.text.strip())
    ]
    if len(meaningful) == 1 and meaningful[0].kind == "element" and meaningful[0].tag == tag:
        return meaningful[0]
    return None


def check_paragraph(checker, where, block, wrapper, text):
    if block is None or block.tag != "p":
        found = "nothing" if block is None else block.describe()
        checker.fail(where, f"expected <p><{wrapper}> with {text!r}, found {found}")
        return
    inner = only_child(block, wrapper)
    if inner is None:
        checker.fail(where, f"expected <p><{wrapper}> with {text!r}, found other content")
        return
    actual = inline_text(inner, checker, where)
    if actual != expected_text(text):
        checker.fail(where, f"expected {expected_text(text)!r}, found {actual!r}")


def table_rows(table, part):
    sections = [child for child in table.elements() if child.tag == part]
    return [row for section in sections for row in section.elements() if row.tag == "tr"]


def table_alignment(corpus):
    """Per column, whether it is right-aligned: its first value that is not null is a number."""
    columns = len(corpus["columns"])
    right = [None] * columns
    for section in corpus["sections"]:
        for row in section["rows"]:
            for column, value in enumerate(row[:columns]):
                if right[column] is None and value is not None:
                    right[column] = is_number(value)
    return [bool(flag) for flag in right]


def check_table(checker, where, table, columns, rows, right_aligned):
    header_rows = table_rows(table, "thead")
    if len(header_rows) != 1:
        checker.fail(where, f"expected 1 header row, found {len(header_rows)}")
    else:
        cells = [cell for cell in header_rows[0].elements() if cell.tag == "th"]
        if len(cells) != len(header_rows[0].elements()):
            checker.fail(where, "header row holds cells other than <th>")
        if len(cells) != len(columns):
            checker.fail(where, f"expected {len(columns)} header cells, found {len(cells)}")
        for index, (cell, title) in enumerate(zip(cells, columns)):
            wanted = "right" if right_aligned[index] else None
            if cell.attrs.get("align") != wanted:
                checker.fail(f"{where} header {index}",
                             f"align {cell.attrs.get('align')!r}, expected {wanted!r} for the table")
            actual = inline_text(cell, checker, f"{where} header {index}")
            if actual != expected_text(title):
                checker.fail(f"{where} header {index}", f"expected {title!r}, found {actual!r}")

    body_rows = table_rows(table, "tbody")
    if len(body_rows) != len(rows):
        checker.fail(where, f"expected {len(rows)} body rows, found {len(body_rows)}")
    for row_index, (row, values) in enumerate(zip(body_rows, rows)):
        checker.rows += 1
        row_where = f"{where} row {row_index} (corpus {values[:1]!r})"
        cells = row.elements()
        if any(cell.tag != "td" for cell in cells) or len(cells) != len(columns):
            checker.fail(row_where, f"expected {len(columns)} <td> cells, found "
                         f"{[cell.describe() for cell in cells]}")
        for column, (cell, value) in enumerate(zip(cells, values)):
            check_value(checker, f"{row_where} column {columns[column]!r}", value, cell,
                        column < len(right_aligned) and right_aligned[column])


def check_source(checker, markdown):
    """The Markdown file must not hold raw control characters (LF excepted)."""
    for line_number, line in enumerate(markdown.split("\n"), start=1):
        for column, char in enumerate(line, start=1):
            code = ord(char)
            if (code < 0x20 or 0x7F <= code <= 0x9F or 0x202A <= code <= 0x202E
                    or 0x2066 <= code <= 0x2069):
                checker.fail(f"source line {line_number} column {column}",
                             f"raw control character U+{code:04X}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("corpus", help="the corpus JSON (Tests/Validation/corpus.json)")
    parser.add_argument("rendered", help="the Markdown MarkdownTableRenderer wrote for it")
    arguments = parser.parse_args()

    with open(arguments.corpus, encoding="utf-8") as file:
        corpus = json.load(file)
    with open(arguments.rendered, encoding="utf-8", newline="") as file:
        markdown = file.read()

    checker = Checker()
    check_source(checker, markdown)
    html = cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)
    builder = TreeBuilder()
    builder.feed(html)
    builder.close()
    blocks = builder.root.elements()
    position = 0

    def next_block():
        nonlocal position
        block = blocks[position] if position < len(blocks) else None
        position += 1
        return block

    columns = corpus["columns"]
    right_aligned = table_alignment(corpus)
    title = corpus.get("title")
    if title:
        heading = next_block()
        if heading is None or heading.tag != "h1":
            checker.fail("title", f"expected <h1>, found {heading and heading.describe()}")
        else:
            actual = inline_text(heading, checker, "title")
            if actual != expected_text(title):
                checker.fail("title", f"expected {expected_text(title)!r}, found {actual!r}")

    for index, section in enumerate(corpus["sections"]):
        where = f"section {index}"
        if section.get("header"):
            check_paragraph(checker, f"{where} header", next_block(), "strong", section["header"])
        table = next_block()
        if table is None or table.tag != "table":
            checker.fail(where, f"expected <table>, found {table and table.describe()}")
        else:
            check_table(checker, where, table, columns, section["rows"], right_aligned)
        if section.get("footer"):
            check_paragraph(checker, f"{where} footer", next_block(), "em", section["footer"])
    for extra in blocks[position:]:
        checker.fail("document", f"unexpected block {extra.describe()} after the last section")

    tables = sum(1 for block in blocks if block.tag == "table")
    if tables != len(corpus["sections"]):
        checker.fail("document", f"expected {len(corpus['sections'])} tables, found {tables}")
    if checker.rows == 0:
        checker.fail("document", "no table rows found; nothing was checked")

    print(f"markdown: {checker.rows} rows, {checker.cells} cells checked, "
          f"{len(checker.mismatches)} mismatches")
    for mismatch in checker.mismatches[:MAX_REPORTED]:
        print(f"  {mismatch}")
    if len(checker.mismatches) > MAX_REPORTED:
        print(f"  … and {len(checker.mismatches) - MAX_REPORTED} more")
    return 1 if checker.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
