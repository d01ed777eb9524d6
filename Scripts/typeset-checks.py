#!/usr/bin/env python3
"""Typesets tablekit's LaTeX and Typst output, plain tables and reports, with the programs that
read them, and checks that every text stays text and that the PDF holds every cell's text in
order.

    python3 Scripts/typeset-checks.py .build/release/tablekit

Needs pdflatex (Debian texlive-latex-recommended, lmodern), pdftotext and pdfinfo (poppler-utils)
and the `typst` module (PyPI). Documents:

- the hostile corpus (Tests/Validation/corpus.json) as a plain table;
- a ledger report drawn by the CLI from a generated ledger CSV (LEDGER_ROWS rows in LEDGER_GROUPS
  groups, money in EUR, hostile payees, group labels, title, subtitle, spanner, footnotes and
  source note): `--group-by group --column amount=money:EUR --sum amount,quantity --total`;
- a table whose cells try to read a file (`\\input{token}`, `#read("token")`, `#include`,
  `\\input{/etc/passwd}`);
- 400 seeded random strings of special characters (compiled only).

For each, in both formats, it checks:

- the document compiles with no error (pdflatex -halt-on-error -no-shell-escape, typst.compile);
- the secret token in the file the cells name, and /etc/passwd's first line, never reach the
  PDF (pdftotext), so nothing was read as a command;
- EVERY cell's text, in reading order, is in the PDF's text (the corpus and the report). The
  expected sequence is built here, not read from the renderer: for the corpus, the title, the
  column titles, then per section its title, every row's cells (their text as TableKit's own CSV
  writes it) and its footer; for the report, the title and its mark, the subtitle, the spanner,
  the column labels and marks, then per group its label, every row's payee, amount and quantity,
  the subtotal computed here with Python's decimal, then the grand total, the footnotes with
  their marks and the source note. Each text is made what the format shows: for pdfLaTeX, the
  characters it cannot typeset become their `[U+XXXX]` markers (the table in
  Sources/TableRender/Escaping/LaTeXEscaping+Charset.swift), for both, controls and
  bidirectional formatting become markers and line breaks spaces.

How the order check works: the PDF's text (`pdftotext -raw`, content-stream order, which for
both typesetters is row by row, left to right, a wrapped cell's lines together; `-layout` is not
used: it interleaves the lines of a wrapped cell with the cells beside it) and each expected text are normalised to NFKC
(ligatures and compatibility forms unfolded) with every whitespace removed; a hyphen at the end
of a line in the PDF may be a hyphenation (dropped) or the text's own hyphen (kept). Each
expected text is then searched for after the end of the previous one's match, so the texts must
appear in the same order; one found only earlier is reported as out of order, one found nowhere
as missing. Text the PDF holds between them (the header repeated on every page, "Table 1:",
page numbers) is skipped. What it cannot see: where one cell ends and the next begins (the texts
`1` and `2` match inside `12`), which column or row a text stands in beyond its order, how the
text looks (fonts, rules, alignment, a glyph a font lacks: Typst's PDF maps a missing glyph back
to its character, so the text check passes where the page shows a box), and right-to-left text
pdftotext reorders (counted and skipped).
"""
import csv, decimal, io, json, os, random, re, subprocess, sys, tempfile, time, unicodedata

import typst

tablekit = os.path.abspath(sys.argv[1])
root = os.path.join(os.path.dirname(__file__), "..")
failures = []


def fail(message):
    failures.append(message)
    print("FAIL", message)


def charset():
    path = os.path.join(root, "Sources", "TableRender", "Escaping", "LaTeXEscaping+Charset.swift")
    ranges = []
    with open(path, encoding="utf-8") as f:
        for low, high in re.findall(r"0x([0-9A-F]+)\.\.\.0x([0-9A-F]+)", f.read()):
            ranges.append((int(low, 16), int(high, 16)))
    return ranges


RANGES = charset()


def hidden(c):
    v = ord(c)
    return v <= 0x1F or 0x7F <= v <= 0x9F or 0x202A <= v <= 0x202E or 0x2066 <= v <= 0x2069


def marker(c):
    return "[U+%04X]" % ord(c)


def latex_visible(text):
    out = []
    for c in text.replace("\r\n", "\n"):
        if c in "\n\r\u2028\u2029\t":
            out.append(" ")
        elif hidden(c) or (ord(c) > 0x7E and not any(a <= ord(c) <= b for a, b in RANGES)):
            out.append(marker(c))
        elif c == "\u2026":
            out.append(". . .")
        else:
            out.append(c)
    return "".join(out)


# What Typst's bundled fonts (Libertinus Serif, New Computer Modern, DejaVu Sans Mono) draw:
# Latin, Greek, Cyrillic, Vietnamese, punctuation and currency signs. Another character is drawn
# as a box, and the PDF's text may hold it or not, so the check lets anything (or nothing) stand
# in its place.
TYPST_FONTS = ((0x20, 0x7E), (0xA0, 0x52F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x20A0, 0x20CF))
UNDRAWN = "\x01"


def typst_visible(text):
    out = []
    for c in text.replace("\r\n", "\n"):
        if c in "\n\r\u2028\u2029\t":
            out.append(" ")
        elif hidden(c):
            out.append(marker(c))
        elif unicodedata.category(c) == "Cf" or any(a <= ord(c) <= b for a, b in TYPST_FONTS):
            out.append(c)
        else:
            out.append(UNDRAWN)
    return "".join(out)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def render(arguments, fmt, out):
    result = run([tablekit, *arguments, "-f", fmt, "-o", out])
    if result.returncode != 0:
        fail(f"tablekit {' '.join(arguments)} -f {fmt}: exit {result.returncode}: "
             f"{result.stderr.strip()}")
        return False
    return True


def pdf_text(pdf):
    return run(["pdftotext", "-raw", pdf, "-"]).stdout


def pages(pdf):
    found = re.search(r"^Pages:\s+(\d+)", run(["pdfinfo", pdf]).stdout, re.M)
    return int(found.group(1)) if found else 0


def compile_latex(folder, tex):
    result = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                  os.path.basename(tex)], cwd=folder)
    if result.returncode != 0:
        tail = "\n".join(result.stdout.splitlines()[-15:])
        fail(f"pdflatex {tex}: exit {result.returncode}\n{tail}")
        return None
    return tex[:-4] + ".pdf"


def compile_typst(folder, source):
    pdf = source[:-4] + "-typst.pdf"
    try:
        typst.compile(source, output=pdf, root=folder)
    except Exception as error:  # the compiler's own error type differs between versions
        fail(f"typst {source}: {error}")
        return None
    return pdf


FORMATS = (
    ("latex", "tex", compile_latex, latex_visible),
    ("typst", "typ", compile_typst, typst_visible),
)


def flatten(text):
    """NFKC with every whitespace and format character (zero-width space and joiner) removed:
    how both sides are compared."""
    text = unicodedata.normalize("NFKC", text)
    return "".join(c for c in text if not c.isspace() and unicodedata.category(c) != "Cf")


def pdf_stream(text):
    """The PDF's text flattened, a hyphen that ends a line kept as \\0: a hyphenation or the
    text's own hyphen, the patterns accept both."""
    return flatten(re.sub(r"-[ \t]*\n", "\0", unicodedata.normalize("NFKC", text)))


def pattern(text):
    """A pattern for one expected text: its characters in order, a line-end hyphen (\\0) allowed
    between any two and standing for a hyphen of the text, and a few characters or none for a
    run of characters the fonts do not draw. `None` when nothing in it can be compared."""
    flat = flatten(text)
    if not flat.replace(UNDRAWN, ""):
        return None
    parts = []
    for run in re.findall(UNDRAWN + "+|[^" + UNDRAWN + "]", flat):
        if run.startswith(UNDRAWN):
            parts.append(".{0,%d}?" % (4 * len(run)))
        elif run == "-":
            parts.append("[-\0]")
        else:
            parts.append(re.escape(run) + "\0?")
    return re.compile("".join(parts), re.S)


def right_to_left(text):
    return any(unicodedata.bidirectional(c) in ("R", "AL") for c in text)


def check_in_order(fmt, name, text, expected, visible):
    """Every expected text, made what the format shows, found in the PDF's text in order."""
    stream = pdf_stream(text)
    position, checked, skipped, blank, missing, disordered = 0, 0, 0, 0, [], []
    for item in expected:
        shown = visible(item)
        if right_to_left(shown):
            skipped += 1  # pdftotext may write it in visual order
            continue
        compiled = pattern(shown)
        if compiled is None:
            blank += 1  # only spaces, zero-width characters or characters the fonts lack
            continue
        found = compiled.search(stream, position)
        if found:
            position = found.end()
            checked += 1
        elif compiled.search(stream):
            disordered.append(shown)
        else:
            missing.append(shown)
    if missing:
        fail(f"{fmt} {name}: {len(missing)} texts not in the PDF, first {missing[:5]!r}")
    if disordered:
        fail(f"{fmt} {name}: {len(disordered)} texts out of order, first {disordered[:5]!r}")
    return checked, skipped, blank


def check_document(folder, name, arguments, secret=None, expected=None):
    """Renders, compiles, and checks one document in both formats."""
    passwd = ""
    if os.path.exists("/etc/passwd"):
        with open("/etc/passwd", encoding="utf-8", errors="replace") as f:
            passwd = f.readline().strip()
    for fmt, ext, compile_, visible in FORMATS:
        out = os.path.join(folder, f"{name}.{ext}")
        if not render(arguments, fmt, out):
            continue
        started = time.monotonic()
        pdf = compile_(folder, out)
        if pdf is None:
            continue
        seconds = time.monotonic() - started
        text = pdf_text(pdf)
        if secret and secret in text:
            fail(f"{fmt} {name}: the PDF holds the secret token: a cell was read as a command")
        if passwd and passwd in text:
            fail(f"{fmt} {name}: the PDF holds /etc/passwd's first line: a text was read as a command")
        counts = ""
        if expected is not None:
            checked, skipped, blank = check_in_order(fmt, name, text, expected, visible)
            counts = f", {checked} of {len(expected)} texts found in order"
            if skipped or blank:
                counts += (f" ({skipped} right-to-left skipped, {blank} with nothing the fonts "
                           "draw but spaces or zero-width characters)")
        print(f"ok   {fmt} {name}: compiled in {seconds:.1f} s, {pages(pdf)} pages{counts}")


def corpus_expected(document):
    """The corpus's texts in reading order: title, column titles, then per section its title,
    its rows' cells (strings as in the JSON, other values as TableKit's CSV writes them) and its
    footer."""
    with open(document, encoding="utf-8") as f:
        data = json.load(f)
    written = run([tablekit, "--input", document, "-f", "csv", "--no-formula-guard"]).stdout
    rows = list(csv.reader(io.StringIO(written, newline="")))[1:]
    items = [data.get("title") or ""] + list(data["columns"])
    index = 0
    for section in data["sections"]:
        items.append(section.get("header") or "")
        for row in section["rows"]:
            items += [value if isinstance(value, str) else rows[index][column]
                      for column, value in enumerate(row)]
            index += 1
        items.append(section.get("footer") or "")
    return [item for item in items if item]


LEDGER_ROWS = 300
LEDGER_GROUPS = 12


def money(total):
    """How the report shows a sum of EUR amounts with two decimals."""
    total = total.quantize(decimal.Decimal("0.01"))
    return "EUR " + format(abs(total) if total == 0 else total, "f")


def ledger_report(folder):
    """Writes a grouped ledger CSV and returns the CLI's report arguments and the report's texts
    in reading order, the summaries computed here with Python's decimal."""
    rng = random.Random(37)
    labels = [f"Region {index:02d}" for index in range(LEDGER_GROUPS)]
    labels[3] = "#read(\"token.typ\") \\input{token}"
    labels[7] = "R&D_50% {costs} ~ $x^2$ *bold* <i>"
    payees = ["Acme & Sons", "50% off_", "\\input{token}", "#read(\"token.typ\")", "naïve café",
              "Søren Nguyễn", "}\\input{token}{", "line one\nline two", "-- --- ,, `` ''",
              "@cite <label> = heading", "O'Brien \"Ltd\"", "tab\tseparated"]
    groups, lines = [], [["group", "payee", "amount", "quantity"]]
    for group in range(LEDGER_GROUPS):
        rows = []
        for _ in range(LEDGER_ROWS // LEDGER_GROUPS):
            payee = rng.choice(payees) + f" {rng.randint(1, 999)}"
            amount = decimal.Decimal(rng.randint(-99999, 99999)).scaleb(-2)
            quantity = "" if rng.random() < 0.1 else str(rng.randint(0, 50))
            rows.append((payee, amount, quantity))
            lines.append([labels[group], payee, format(amount, "f"), quantity])
        groups.append((labels[group], rows))
    path = os.path.join(folder, "ledger.csv")
    with open(path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(lines)
    title = "Ledger \\input{/etc/passwd} #read(\"/etc/passwd\")"
    subtitle = f"{LEDGER_ROWS} rows in {LEDGER_GROUPS} groups <b>&</b> 100%"
    spanner = "\\input{/etc/passwd}"
    title_note, amount_note = "Seeded #37 \\relax", "Excluding VAT & fees_"
    source = "Source: Scripts/typeset-checks.py $HOME"
    arguments = [path, "--group-by", "group", "--column", "amount=money:EUR",
                 "--sum", "amount,quantity", "--total", "--title", title, "--subtitle", subtitle,
                 "--spanner", f"{spanner}=amount,quantity", "--footnote", f"={title_note}",
                 "--footnote", f"amount={amount_note}", "--source-note", source]
    expected = [title, "1", subtitle, spanner, "payee", "amount", "2", "quantity"]
    every = []

    def summary(label, rows):
        quantities = [int(q) for _, _, q in rows if q]
        return [label, money(sum((a for _, a, _ in rows), decimal.Decimal(0))),
                str(sum(quantities)) if quantities else "—"]

    for label, rows in groups:
        expected.append(label)
        for payee, amount, quantity in rows:
            expected += [payee, money(amount), quantity]
        expected += summary("Subtotal", rows)
        every += rows
    expected += summary("Total", every)
    expected += ["1", title_note, "2", amount_note, source]
    return arguments, [item for item in expected if item]


def main():
    with tempfile.TemporaryDirectory() as folder:
        secret = "SECRET-%08x" % random.Random(7).getrandbits(32)
        with open(os.path.join(folder, "token.tex"), "w") as f:
            f.write(secret + "\n")
        with open(os.path.join(folder, "token.typ"), "w") as f:
            f.write(secret + "\n")
        attacks = [
            "\\input{/etc/passwd}", "#read(\"/etc/passwd\")",
            "\\input{token}", "\\include{token}", "\\immediate\\write18{touch pwned}",
            "#read(\"token.typ\")", "#include \"token.typ\"", "#eval(\"1+1\")",
            "$\\input{token}$", "}\\input{token}{", "]\\input{token}[", "\\\\[1cm]x",
            "%\\input{token}", "#{read(\"token.typ\")}", "\"#read(\\\"token.typ\\\")\"",
            "*bold* _it_ `raw` <label> @cite = heading", "-- --- ,, `` '' << >> !` ?`",
        ]
        injected = os.path.join(folder, "injected.json")
        with open(injected, "w", encoding="utf-8") as f:
            json.dump({"title": "\\input{token} #read(\"token.typ\")", "columns": ["a", "b"],
                       "sections": [{"header": "#read(\"token.typ\") \\input{token}",
                                     "rows": [[a, a[::-1]] for a in attacks]}]}, f)
        check_document(folder, "injected", ["--input", injected], secret,
                       corpus_expected(injected))
        if os.path.exists(os.path.join(folder, "pwned")):
            fail("a cell ran a shell command")

        corpus = os.path.join(root, "Tests", "Validation", "corpus.json")
        check_document(folder, "corpus", ["--input", corpus], expected=corpus_expected(corpus))

        arguments, expected = ledger_report(folder)
        check_document(folder, "report", arguments, secret, expected)
        if os.path.exists(os.path.join(folder, "pwned")):
            fail("a report text ran a shell command")

        rng = random.Random(2026)
        alphabet = list("\\{}[]$%#&_^~<>|\"'`*@=-+/,.!?:;() \t\n\r") + [
            "\u00e9", "\u0142", "\u4e2d", "\u03b1", "\u0436", "\U0001F44D", "\u202e", "\u0007",
            "\u2028", "\u00a0", "\u2026", "\u201c"]
        rows = [["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))] for _ in range(400)]
        random_document = os.path.join(folder, "random.json")
        with open(random_document, "w", encoding="utf-8") as f:
            json.dump({"columns": ["text"], "sections": [{"rows": rows}]}, f)
        check_document(folder, "random", ["--input", random_document])

    if failures:
        sys.exit(f"typeset-checks: {len(failures)} failed")
    print("typeset-checks: every document compiled, every text stayed text, and the corpus's "
          "and the report's texts are all in their PDFs in order")


if __name__ == "__main__":
    main()
