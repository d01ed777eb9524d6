#!/usr/bin/env python3
"""Typesets tablekit's LaTeX and Typst output of hostile text with the programs that read them,
and checks that every text stays text.

    python3 Scripts/typeset-checks.py .build/release/tablekit

Needs pdflatex (Debian texlive-latex-recommended, lmodern), pdftotext (poppler-utils) and the
`typst` module (PyPI). For the hostile corpus (Tests/Validation/corpus.json), for a table whose
cells try to read a file (`\\input{token}`, `#read("token")`, `#include`) and for 400 seeded
random strings of special characters, it checks:

- both documents compile with no error (pdflatex -halt-on-error, typst.compile);
- the secret token in the file the cells name never reaches the PDF, and the cells' own text
  does (pdftotext), so nothing was read as a command;
- for LaTeX, every corpus cell's text, with the characters pdfLaTeX cannot typeset replaced by
  their `[U+XXXX]` markers (the table in Sources/TableRender/Escaping/LaTeXEscaping+Charset.swift),
  appears in the PDF's text; for Typst, every cell made of characters its bundled fonts have
  (Latin, Greek, Cyrillic) appears.
"""
import json, os, random, re, subprocess, sys, tempfile, unicodedata

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


def typst_visible(text):
    out = []
    for c in text.replace("\r\n", "\n"):
        if c in "\n\r\u2028\u2029\t":
            out.append(" ")
        elif hidden(c):
            out.append(marker(c))
        else:
            out.append(c)
    return "".join(out)


def normal(text):
    # pdftotext splits lines and pads with spaces where the page does: compare without spaces,
    # and with ligatures and compatibility forms unfolded.
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, **kwargs)


def render(document, fmt, out):
    result = run([tablekit, "--input", document, "-f", fmt, "-o", out])
    if result.returncode != 0:
        fail(f"tablekit -f {fmt} {document}: exit {result.returncode}: {result.stderr.strip()}")
        return False
    return True


def pdf_text(pdf):
    return run(["pdftotext", "-raw", pdf, "-"]).stdout


def compile_latex(folder, tex):
    result = run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape",
                  os.path.basename(tex)], cwd=folder)
    if result.returncode != 0:
        tail = "\n".join(result.stdout.splitlines()[-15:])
        fail(f"pdflatex {tex}: exit {result.returncode}\n{tail}")
        return None
    return pdf_text(tex[:-4] + ".pdf")


def compile_typst(folder, source):
    pdf = source[:-4] + ".pdf"
    try:
        typst.compile(source, output=pdf, root=folder)
    except Exception as error:  # the compiler's own error type differs between versions
        fail(f"typst {source}: {error}")
        return None
    return pdf_text(pdf)


def cells(document):
    with open(document, encoding="utf-8") as f:
        data = json.load(f)
    for section in data["sections"]:
        for row in section["rows"]:
            for value in row:
                if isinstance(value, str):
                    yield value


def check_document(folder, name, document, secret=None, check_cells=True):
    for fmt, ext, compile_, visible in (
        ("latex", "tex", compile_latex, latex_visible),
        ("typst", "typ", compile_typst, typst_visible),
    ):
        out = os.path.join(folder, f"{name}.{ext}")
        if not render(document, fmt, out):
            continue
        text = compile_(folder, out)
        if text is None:
            continue
        flat = normal(text)
        if secret and secret in text:
            fail(f"{fmt} {name}: the PDF holds the secret token: a cell was read as a command")
        checked = 0
        if check_cells:
            for cell in cells(document):
                if fmt == "typst" and any(ord(c) > 0x4FF and not hidden(c) for c in cell):
                    continue  # Typst's bundled fonts have no CJK, emoji or other scripts
                want = normal(visible(cell))
                if want and want not in flat:
                    fail(f"{fmt} {name}: cell {cell!r} is not in the PDF as {visible(cell)!r}")
                checked += 1
        print(f"ok   {fmt} {name}: compiled, {checked} cells found in the PDF's text")


def main():
    with tempfile.TemporaryDirectory() as folder:
        secret = "SECRET-%08x" % random.Random(7).getrandbits(32)
        with open(os.path.join(folder, "token.tex"), "w") as f:
            f.write(secret + "\n")
        with open(os.path.join(folder, "token.typ"), "w") as f:
            f.write(secret + "\n")
        attacks = [
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
        check_document(folder, "injected", injected, secret)
        if os.path.exists(os.path.join(folder, "pwned")):
            fail("a cell ran a shell command")

        check_document(folder, "corpus", os.path.join(root, "Tests", "Validation", "corpus.json"))

        rng = random.Random(2026)
        alphabet = list("\\{}[]$%#&_^~<>|\"'`*@=-+/,.!?:;() \t\n\r") + [
            "\u00e9", "\u0142", "\u4e2d", "\u03b1", "\u0436", "\U0001F44D", "\u202e", "\u0007",
            "\u2028", "\u00a0", "\u2026", "\u201c"]
        rows = [["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))] for _ in range(400)]
        random_document = os.path.join(folder, "random.json")
        with open(random_document, "w", encoding="utf-8") as f:
            json.dump({"columns": ["text"], "sections": [{"rows": rows}]}, f)
        check_document(folder, "random", random_document, check_cells=False)

    if failures:
        sys.exit(f"typeset-checks: {len(failures)} failed")
    print("typeset-checks: every document compiled and every text stayed text")


if __name__ == "__main__":
    main()
