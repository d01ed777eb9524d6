#!/usr/bin/env python3
"""Drives exported sites in headless Chromium: axe-core, a keyboard click-through, Pagefind.

    PYTHON="$(Scripts/validation-venv.sh)"
    "$PYTHON" Scripts/export-browser.py SHOTS SITE[:EVERY[:DEPTH]] [SITE[:EVERY[:DEPTH]]...] [--pages FOLDER...]
    "$PYTHON" Scripts/export-browser.py SHOTS --pages FOLDER [FOLDER...]

Each SITE is served over HTTP from a local server (Pagefind's search loads its index with
fetch, which a file:// page may not). For each site:
  - axe-core (axe-selenium-python's bundled axe.min.js, every rule axe runs by default: WCAG
    2 A/AA and best practices) runs on every EVERY-th page in name order (1 = every page) and
    must report 0 violations;
  - from index.html the first link in the table is followed, with the keyboard (the link is
    focused and Enter pressed), until a level has no link deeper (or DEPTH levels below the
    index, for a site whose links also lead sideways, such as a database's foreign keys); then
    the breadcrumbs are
    followed back the same way, level by level, to index.html; each page's <h1> must be the
    level's title as the breadcrumbs name it, and its last breadcrumb aria-current="page";
  - Pagefind (pagefind-bin) indexes the site, and a search run in the page with Pagefind's own
    JavaScript API for a word from the deepest page's table must find that page.
For the first site, screenshots of index.html and the deepest page go to SHOTS.

Each FOLDER after --pages holds standalone pages that are not a site (the HTML reports of
Scripts/report-html-checks.sh): they are served the same way and axe-core runs on every page
(0 violations), with no click-through and no search.

Prints one line per check; exits 1 on any failure.
"""
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL {message}")


def serve(folder):
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1100,900"):
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)


def pages_of(site):
    found = []
    for folder, _, files in os.walk(site):
        for name in files:
            if name.endswith(".html") and "/pagefind" not in folder:
                found.append(os.path.relpath(os.path.join(folder, name), site))
    return sorted(found)


def axe_check(driver, base, site, every, name):
    pages = pages_of(site)[::every]
    bad = 0
    for page in pages:
        driver.get(base + page)
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        for violation in results["violations"]:
            bad += 1
            nodes = [node["target"] for node in violation["nodes"]][:3]
            fail(f"{name}/{page}: axe {violation['id']} ({violation['impact']}): "
                 f"{violation['help']} at {nodes}")
    if not bad:
        print(f"ok   {name}: axe-core, {len(pages)} pages, 0 violations")


def press(driver, element):
    """Follows a link the way a keyboard user does: focus, then Enter."""
    driver.execute_script("arguments[0].focus()", element)
    assert driver.switch_to.active_element == element
    element.send_keys(Keys.ENTER)


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


def current_crumb(driver):
    crumbs = driver.find_elements(By.CSS_SELECTOR, "nav[aria-label=Breadcrumb] a")
    return crumbs[-1].get_attribute("aria-current"), [c.text for c in crumbs]


def click_through(driver, base, site, shots, depth=None):
    driver.get(base + "index.html")
    titles = [heading(driver)]
    while depth is None or len(titles) <= depth:
        links = driver.find_elements(By.CSS_SELECTOR, "main table a")
        if not links:
            break
        before = driver.current_url
        press(driver, links[0])
        if driver.current_url == before:
            fail(f"{site}: Enter on a row link did not open its page")
            return None
        titles.append(heading(driver))
        current, crumbs = current_crumb(driver)
        if current != "page" or crumbs != titles:
            fail(f"{site}: at {driver.current_url} breadcrumbs {crumbs} (current={current}), "
                 f"expected {titles}")
    deepest = driver.current_url
    word_page = driver.page_source
    if shots:
        driver.save_screenshot(os.path.join(shots, "deep.png"))
    for level in range(len(titles) - 2, -1, -1):
        crumbs = driver.find_elements(By.CSS_SELECTOR, "nav[aria-label=Breadcrumb] a")
        press(driver, crumbs[level])
        if heading(driver) != titles[level]:
            fail(f"{site}: breadcrumb {level} led to {heading(driver)!r}, not {titles[level]!r}")
    if not driver.current_url.endswith("/index.html"):
        fail(f"{site}: the breadcrumbs ended at {driver.current_url}, not index.html")
    if shots:
        driver.save_screenshot(os.path.join(shots, "index.png"))
    print(f"ok   {site}: keyboard click-through to depth {len(titles) - 1} "
          f"({' › '.join(titles)}) and back by the breadcrumbs")
    return deepest


def search(driver, base, site, deepest, name):
    subprocess.run([sys.executable, "-m", "pagefind_bin", "--site", site, "--silent"],
                   check=True)
    driver.get(deepest)
    cells = [c.text for c in driver.find_elements(By.CSS_SELECTOR, "main table td")]
    words = [w.strip(".,:;!?()[]\"'") for c in cells for w in c.split()]
    words = [w for w in words if w.isalnum() and w.isascii() and len(w) >= 3]
    if not words:
        fail(f"{name}: no word to search for on {deepest}")
        return
    # The rarest word of the table, so the search means something: fewest pages hold it.
    texts = [open(os.path.join(site, page), encoding="utf-8").read() for page in pages_of(site)]
    word = min(words, key=lambda w: (sum(w in text for text in texts), words.index(w)))
    driver.set_script_timeout(30)
    urls = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        import(arguments[0]).then(async (pagefind) => {
          const search = await pagefind.search(arguments[1]);
          const data = await Promise.all(search.results.map((r) => r.data()));
          done(data.map((d) => d.url));
        }).catch((error) => done(["error: " + error]));
        """, base + "pagefind/pagefind.js", word)
    path = "/" + deepest[len(base):]
    if path not in urls:
        fail(f"{name}: Pagefind search for {word!r} found {urls[:5]}, not {path}")
    else:
        print(f"ok   {name}: Pagefind indexed the site; searching {word!r} finds {path} "
              f"({len(urls)} results)")


def main():
    arguments = sys.argv[2:]
    sites = arguments[:arguments.index("--pages")] if "--pages" in arguments else arguments
    page_folders = arguments[len(sites) + 1:]
    if len(sys.argv) < 3 or not (sites or page_folders):
        print(__doc__, file=sys.stderr)
        return 2
    shots = sys.argv[1]
    os.makedirs(shots, exist_ok=True)
    driver = browser()
    try:
        for folder in page_folders:
            server, base = serve(folder)
            try:
                axe_check(driver, base, folder, 1, folder)
            finally:
                server.shutdown()
        for index, argument in enumerate(sites):
            original, _, rest = argument.partition(":")
            every, _, depth = rest.partition(":")
            # Pagefind writes into the site: index a copy, so the checked site stays as exported.
            site = tempfile.mkdtemp(prefix="tablekit-site-")
            shutil.rmtree(site)
            shutil.copytree(original, site)
            server, base = serve(site)
            try:
                axe_check(driver, base, site, int(every or 1), original)
                deepest = click_through(
                    driver, base, original, shots if index == 0 else None,
                    int(depth) if depth else None)
                if deepest:
                    search(driver, base, site, deepest, original)
            finally:
                server.shutdown()
                shutil.rmtree(site, ignore_errors=True)
    finally:
        driver.quit()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
