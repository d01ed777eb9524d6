#!/usr/bin/env python3
"""Extracts every ```swift block of the README and the DocC catalogs into programs to compile.

Usage: doc-examples.py OUTDIR [ROOT]

Each block is a program of its own (OUTDIR/<Page>_<line>.swift) unless the comment before its
fence says otherwise. The comments are HTML comments, which DocC does not render; each sits on
the lines right before the fence:

    <!-- doc-example: skip, a package manifest -->
        The block is deliberately not a program; the reason after the comma is required.

    <!-- doc-example: continues -->
        The block continues the program of the block before it on the page (it uses what that
        block declared, as a reader reading on would).

    <!-- doc-example: program catalogue -->
        The blocks of a page that name the same program are compiled as one, in page order
        (a later section's block that uses what an earlier one built, with other blocks between).

    <!-- doc-example: given
    let table = TableView(dataSource: SectionedDataSource<Any>(sections: []))
    -->
        The block is a fragment: it uses a `table` the prose made earlier. The lines of the
        comment are compiled before it and shown to no reader. Settings combine with commas:
        `continues, given`.

    <!-- doc-example: page given
    import TableKit
    -->
        Anywhere on a page (not right before a block): the context of every program of the page
        whose blocks show no `import` — fragments, which a reader places in a file that imports
        what the page is about. It is compiled before the program's first block.

A program is compiled with exactly the imports its blocks show (and their `given` lines) and,
when they have none, the page's context; nothing else is added (not even Foundation). So a block that shows its imports
is checked as a reader would copy it: with only those.

The driver (Scripts/doc-examples.sh) compiles each program against the built modules. Prints a
line a page and a total; exits 1 on a malformed comment.
"""

import pathlib
import re
import sys

COMMENT = re.compile(r"^<!--\s*doc-example:\s*(.*?)\s*(-->)?\s*$")
IMPORT = re.compile(r"^\s*(@\w+(\([^)]*\))?\s+)*import\s", re.MULTILINE)


def pages(root):
    yield root / "README.md"
    for catalog in sorted((root / "Sources").glob("*/*.docc")):
        yield from sorted(catalog.rglob("*.md"))


class Block:
    def __init__(self, line, code):
        self.line = line
        self.code = code
        self.skip = None
        self.continues = False
        self.given = None
        self.program = None


def parse_comment(path, lines, index):
    """Reads a doc-example comment at `index`; returns (settings, index after it)."""
    match = COMMENT.match(lines[index].strip())
    words = match.group(1)
    settings = {"skip": None, "continues": False, "given": None, "program": None, "page": False}
    closed = match.group(2) is not None
    end = index + 1
    if not closed:
        while end < len(lines) and lines[end].strip() != "-->":
            end += 1
        if end == len(lines):
            raise SystemExit(f"{path}:{index + 1}: a doc-example comment needs a closing -->")
        settings["given"] = "\n".join(lines[index + 1 : end])
        end += 1
    if words == "page given":
        if closed or settings["given"] is None or not settings["given"].strip():
            raise SystemExit(f"{path}:{index + 1}: 'page given' takes the lines up to -->")
        settings["page"] = True
    elif words.startswith("skip"):
        reason = words.removeprefix("skip").lstrip(", ").strip()
        if not words.startswith("skip,") or not reason:
            raise SystemExit(f"{path}:{index + 1}: write 'doc-example: skip, <reason>'")
        settings["skip"] = reason
    else:
        parts = [part.strip() for part in words.split(",") if part.strip()]
        for part in parts:
            if part == "continues":
                settings["continues"] = True
            elif part.startswith("program ") and part.removeprefix("program ").strip().isidentifier():
                settings["program"] = part.removeprefix("program ").strip()
            elif part == "given":
                if closed:
                    raise SystemExit(f"{path}:{index + 1}: 'given' takes the lines up to -->")
            else:
                raise SystemExit(f"{path}:{index + 1}: unknown doc-example setting {part!r}")
        if "given" in parts and settings["given"] is None:
            raise SystemExit(f"{path}:{index + 1}: 'given' needs code lines")
        if settings["given"] is not None and "given" not in parts:
            raise SystemExit(f"{path}:{index + 1}: code lines need the word 'given'")
    return settings, end


def blocks(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    index = 0
    pending = None
    while index < len(lines):
        stripped = lines[index].strip()
        if "doc-example" in stripped and stripped.startswith("<!--"):
            if pending is not None:
                raise SystemExit(f"{path}:{index + 1}: a doc-example comment must come right before a block")
            settings, index = parse_comment(path, lines, index)
            if settings["page"]:
                yield settings
            else:
                pending = settings
            continue
        if stripped == "```swift":
            end = index + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            block = Block(index + 2, "\n".join(lines[index + 1 : end]))
            if pending:
                block.skip = pending["skip"]
                block.continues = pending["continues"]
                block.given = pending["given"]
                block.program = pending["program"]
            pending = None
            yield block
            index = end + 1
            continue
        if stripped and pending is not None:
            raise SystemExit(f"{path}:{index + 1}: a doc-example comment must come right before a block")
        index += 1


def main():
    out = pathlib.Path(sys.argv[1])
    root = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else ".")
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*.swift"):
        stale.unlink()
    total = skipped = programs = 0
    missing = []
    for page in pages(root):
        relative = page.relative_to(root)
        stem = re.sub(r"[^A-Za-z0-9]", "_", str(relative).removesuffix(".md"))
        chains = []  # each: [first line, [parts], whether a block shows an import]
        named = {}  # program name -> its chain
        compiled = skips = 0
        context = None
        for block in blocks(page):
            if isinstance(block, dict):
                if context is not None:
                    raise SystemExit(f"{relative}: a page takes one 'page given'")
                context = block["given"]
                continue
            if block.skip is not None:
                skips += 1
                continue
            compiled += 1
            part = ""
            if block.given is not None:
                part += f"// given for {relative}:{block.line}\n{block.given}\n"
            part += f"// {relative}:{block.line}\n{block.code}\n"
            shows_import = IMPORT.search(block.code + "\n" + (block.given or "")) is not None
            if block.program is not None and block.program in named:
                chain = named[block.program]
            elif block.continues:
                if not chains:
                    raise SystemExit(f"{relative}:{block.line}: the first block cannot continue")
                chain = chains[-1]
            else:
                chain = [block.line, [], False]
                chains.append(chain)
                if block.program is not None:
                    named[block.program] = chain
            chain[1].append(part)
            chain[2] = chain[2] or shows_import
        for line, parts, shows_import in chains:
            header = ""
            if not shows_import:
                if context is None:
                    missing.append(
                        f"{relative}:{line}: the program shows no import and the page states no "
                        "context; show the imports or add a 'page given' comment"
                    )
                    continue
                header = f"// the page's context ({relative})\n{context}\n"
            (out / f"{stem}_{line}.swift").write_text(header + "\n".join(parts), encoding="utf-8")
        total += compiled
        skipped += skips
        programs += len(chains)
        if compiled or skips:
            print(f"{relative}: {compiled} blocks in {len(chains)} programs, {skips} skipped")
    print(f"doc examples: {total} blocks in {programs} programs to compile, {skipped} skipped")
    if missing:
        raise SystemExit("\n".join(missing))


if __name__ == "__main__":
    main()
