#!/usr/bin/env bash
# Checks `tablekit export data.db --out site` from the outside, on generated databases: the shop
# (customers → orders → order items → products, a self-referencing employees table, a compound
# foreign key, dangling references, a view, a WITHOUT ROWID table, BLOBs, NULLs, edge REALs and
# 64-bit integers, hostile names and values) and a second one keyed by text.
#
#   bash Scripts/database-site-checks.sh [path/to/tablekit]
#
# The shop and the library come from Scripts/shop-database.py when it is there (the Datasette
# oracle's generator), else from the small generator below. Each site must: export twice byte for byte the
# same; have the JSON twins the site contract names; reopen its routes with `tablekit open`; pass
# Scripts/export-checks.py (html5lib, every page reachable from index.html, the sitemap exact,
# linkchecker 0 broken links, the Nu HTML Checker 0 errors and 0 warnings) and
# Scripts/export-browser.py (axe-core in headless Chromium on every 15th page, a keyboard
# click-through index → table → row and back by the breadcrumbs, a Pagefind search).
set -euo pipefail
cd "$(dirname "$0")/.."

tablekit="${1:-.build/release/tablekit}"
[ -x "$tablekit" ] || { echo "database-site-checks: no tablekit at $tablekit (build it first)" >&2; exit 1; }
python=$(bash Scripts/validation-venv.sh)
out="$PWD/.build/database-site-checks"
rm -rf "$out"
mkdir -p "$out"

"$python" - "$out" <<'PY'
import sqlite3, sys
out = sys.argv[1]
shop = sqlite3.connect(f"{out}/shop.db")
shop.executescript('''
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE products (sku TEXT PRIMARY KEY, title TEXT, price REAL, photo BLOB) WITHOUT ROWID;
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
  status TEXT, total REAL, handled_by INTEGER REFERENCES employees(id));
CREATE TABLE order_items (order_id INTEGER REFERENCES orders(id), line INTEGER,
  sku TEXT REFERENCES products(sku), quantity INTEGER, PRIMARY KEY (order_id, line));
CREATE TABLE shipments (id INTEGER PRIMARY KEY, order_id INTEGER, line INTEGER, carrier TEXT,
  FOREIGN KEY (order_id, line) REFERENCES order_items(order_id, line));
CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, manager_id INTEGER REFERENCES employees(id));
CREATE TABLE "quote""d ../<b>table</b>" ("col ""1""" TEXT, "=cmd" TEXT);
CREATE TABLE edge_values (id INTEGER PRIMARY KEY, big INTEGER, tenth REAL, huge REAL, data BLOB, note TEXT);
CREATE VIEW order_totals AS SELECT customer_id, count(*) AS orders, sum(total) AS spent
  FROM orders GROUP BY customer_id;
''')
cities = ["Oslo", "Lima", "Kyiv", "Pune", None]
statuses = ["new", "paid", "shipped", "returned"]
hostile = ["", "=cmd|' /C calc'!A0", "../../etc/passwd", "<script>alert(1)</script>",
           "tab\there\nnewline", "\x1b[31mred\x1b[0m", "\u202eevil", "caf\u00e9 \U0001f600", "e\u0301"]
shop.executemany("INSERT INTO customers VALUES (?, ?, ?)",
                 [(i, f"Customer {i}", cities[i % 5]) for i in range(1, 61)])
shop.executemany("INSERT INTO products VALUES (?, ?, ?, ?)",
                 [(f"SKU-{i:03d}", hostile[i % len(hostile)], i * 0.1, bytes([i, 0, 255]) if i % 3 else None)
                  for i in range(1, 21)])
shop.executemany("INSERT INTO employees VALUES (?, ?, ?)",
                 [(1, "Boss", 1)] + [(i, f"Employee {i}", (i // 2) or 1) for i in range(2, 12)] + [(12, "Lost", 99)])
orders = [(i, (i * 7) % 60 + 1 if i % 17 else (999 if i % 2 else None), statuses[i % 4], i * 10.25,
           (i % 12) + 1) for i in range(1, 151)]
shop.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?)", orders)
shop.executemany("INSERT INTO order_items VALUES (?, ?, ?, ?)",
                 [(o, l, f"SKU-{(o + l) % 20 + 1:03d}", l) for o in range(1, 151) for l in range(1, 1 + o % 3 + 1)])
shop.executemany("INSERT INTO shipments VALUES (?, ?, ?, ?)",
                 [(i, i, 1, ["DHL", "UPS"][i % 2]) for i in range(1, 80)] + [(80, 1, 9, "lost")])
shop.executemany('INSERT INTO "quote""d ../<b>table</b>" VALUES (?, ?)', [(t, t) for t in hostile])
shop.executemany("INSERT INTO edge_values VALUES (?, ?, ?, ?, ?, ?)", [
    (1, 2**63 - 1, 0.1, 1e300, b"", None), (2, -2**63, -0.0, 5e-324, b"\x00\xff", ""),
    (3, 2**53 + 1, 1.7976931348623157e308, -1e300, None, "x")])
shop.commit()
library = sqlite3.connect(f"{out}/library.db")
library.executescript("""
CREATE TABLE authors (handle TEXT PRIMARY KEY, name TEXT);
CREATE TABLE books (isbn TEXT PRIMARY KEY, title TEXT, author TEXT REFERENCES authors(handle), shelf TEXT);
CREATE TABLE loans (book TEXT REFERENCES books(isbn), reader TEXT, day TEXT) ;
""")
library.executemany("INSERT INTO authors VALUES (?, ?)",
                    [("", "Nobody"), ("a/b", "Slash"), ("..", "Dots"), ("Ann", "Ann"), ("ann", "ann")])
library.executemany("INSERT INTO books VALUES (?, ?, ?, ?)",
                    [(f"978-{i:04d}", f"Book {i}", ["", "a/b", "..", "Ann", "ann", "ghost"][i % 6], f"S{i % 4}")
                     for i in range(1, 90)])
library.executemany("INSERT INTO loans VALUES (?, ?, ?)",
                    [(f"978-{i % 89 + 1:04d}", f"reader {i % 9}", f"2024-01-{i % 28 + 1:02d}") for i in range(1, 200)])
library.commit()
PY
# The oracle's richer databases replace the small ones when they are there.
if [ -f Scripts/shop-database.py ]; then
  rm -f "$out/shop.db" "$out/library.db"
  "$python" Scripts/shop-database.py "$out/shop.db" --rows 20
  "$python" Scripts/shop-database.py "$out/library.db" --rows 20 --kind library
fi

for name in shop library; do
  "$tablekit" export "$out/$name.db" --out "$out/$name" --rows-per-page 25 --title "The $name"
  "$tablekit" export "$out/$name.db" --out "$out/$name-again" --rows-per-page 25 --title "The $name" >/dev/null
  diff -r "$out/$name" "$out/$name-again" >/dev/null \
    || { echo "database-site-checks: two exports of $name differ" >&2; diff -r "$out/$name" "$out/$name-again" | head >&2; exit 1; }
  rm -rf "$out/$name-again"
  echo "ok   $name: two exports byte-identical"
done

# The JSON twins: every path the index names exists, a row page's twin has the contract's keys,
# and every route a list prints reopens with `tablekit open` as the same level.
"$python" - "$out/shop" "$tablekit" "$out/shop.db" <<'PY'
import json, os, subprocess, sys
site, tablekit, database = sys.argv[1:]
index = json.load(open(f"{site}/index.json"))
lists = facets = rows = 0
for table in index["tables"]:
    page = json.load(open(os.path.join(site, table["list"])))
    keys = ["table", "page", "pages", "first_row", "last_row", "row_key", "rows"]
    assert list(page)[:7] == keys if table["type"] == "table" else list(page)[:6] == keys[:5] + keys[6:], list(page)
    assert page["table"] == table["name"] and (page["last_row"] >= page["first_row"])
    lists += 1
    for facet in table["facets"]:
        values = json.load(open(os.path.join(site, facet["json"])))["values"]
        assert sum(v["count"] for v in values) == table["rows"], facet
        facets += 1
    link = page.get("row_key")
    for row in page["rows"][:3]:
        if link in row:
            twin = json.load(open(os.path.join(site, row[link])))
            assert list(twin) == ["table", "key", "row", "foreign_keys", "incoming"], list(twin)
            assert twin["row"] == {k: v for k, v in row.items() if k != link}
            rows += 1
print(f"ok   shop: the twins of {lists} lists, {facets} facets and {rows} rows hold the contract's keys")
opened = subprocess.run([tablekit, "open", database, "db://tables/orders/rows/1", "-f", "markdown"],
                        capture_output=True, text=True)
assert opened.returncode == 0 and "orders: 1" in opened.stdout, opened.stderr
missing = subprocess.run([tablekit, "open", database, "db://tables/orders/rows/987654"],
                         capture_output=True, text=True)
assert missing.returncode == 69 and "has no db://tables/orders/rows/987654" in missing.stderr, missing
absent = subprocess.run([tablekit, "open", database, "db://tables/no_such_table/pages/1"],
                        capture_output=True, text=True)
assert absent.returncode == 69 and "has no db://tables/no_such_table/pages/1" in absent.stderr, absent
print("ok   shop: tablekit open reopens a row's route; a missing row or table is exit 69")
PY

"$python" Scripts/export-checks.py "$out/shop" "$out/library"

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  echo "database-site-checks: installing chromium and chromium-driver (the browser checks drive them)"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo=sudo; fi
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
fi
"$python" Scripts/export-browser.py .build/shots-database "$out/shop:15:2" "$out/library:15:2"
