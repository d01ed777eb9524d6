#!/usr/bin/env python3
"""Writes a generated SQLite database for the database site and its oracle
(Scripts/datasette-oracle.py): the same bytes for the same arguments (seeded, no clock).

Usage: shop-database.py OUT.db [--rows N] [--kind shop|library]

--kind shop (the default) is a shop: customers -> orders -> order_items -> products, a
self-referencing employees table (manager_id, a self-managed row, a dangling manager), shipments
with a compound foreign key (order_id, line) -> order_items (a composite primary key), dangling
references (inserted with foreign-key enforcement off), NULLs in foreign-key columns, a view, a
WITHOUT ROWID table, BLOBs (empty and NULL too), NULL beside '', REALs (0.1, 1e300, -0.0, 5e-324,
the largest and smallest normal doubles), 64-bit integers (the +-2^63 edges, 2^53+1, also as
INTEGER PRIMARY KEY values), invalid UTF-8 stored as TEXT, hostile table and column names
(quotes, ../, <script>, controls, RTL marks, 300-byte names, names that differ only in / . _)
and values (=cmd|' /C calc'!A0 and the same), and columns with few distinct values for facets
(with the 1, 2, 30 and 31 distinct-value edges, and 1 beside '1').

--kind library stresses keys instead: text primary keys (with '', '/', '..', case twins, a
long key, and two keys that are not UTF-8 and read back as the same text), a table whose primary key is not its first column, an INT PRIMARY KEY that is not the
rowid, a table with no primary key (rowid keys), an untyped primary key holding an integer, the
same digits as text, a REAL and a BLOB, many-to-many join tables (WITHOUT ROWID, composite keys),
a foreign key to a UNIQUE column that is not the key, one naming no column (the parent's key),
NULLs in foreign-key columns, and a view with a UNION.

--rows N scales the row counts (default 300: about 4,000 rows in the shop, fewer in the library).
The file is replaced if it exists.
"""
import argparse
import os
import random
import sqlite3
import sys

I64_MAX = 2**63 - 1
I64_MIN = -(2**63)

HOSTILE_TEXTS = [
    "",
    "=cmd|' /C calc'!A0",
    '"); DROP TABLE customers; --',
    "it's \"quoted\"",
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "tab\there\nnewline\r\ncrlf",
    "\x1b[31mred\x1b[0m\x07bell",
    "nul\x00inside",
    "\u202eevil\u202c and \u200fRTL mark",
    "caf\u00e9 \u65e5\u672c \U0001f600 e\u0301",
    "\u00e9" * 150,
    "@SUM(A1)",
    "+1+1",
    "-2+3",
    "back\\slash",
    " leading and trailing ",
    "%2e%2e%2f",
    "a/b?c#d&e=f",
]

FIRST = ["Ann", "Bo", "Chen", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "Juno", "Kai", "Lea"]
LAST = ["Berg", "Okafor", "Sato", "Novak", "Silva", "Haddad", "Kim", "Moreau", "Rossi", "Dubois"]
CITIES = ["Oslo", "Lagos", "Lima", "Kyoto", "Porto", "Quito", "Riga", "Turku", "", None]
TIERS = ["bronze", "silver", "gold", "platinum", None]
STATUSES = ["new", "paid", "packed", "shipped", "returned"]
CATEGORIES = ["books", "garden", "kitchen", "toys", "tools", "music"]
TITLES = ["clerk", "lead", "manager", "director"]
CARRIERS = ["DHL", "UPS", "Posten", "", None]


def shop(c, rng, n):
    c.executescript("""
    CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT NOT NULL, title TEXT,
      manager_id INTEGER REFERENCES employees(id));
    CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, city TEXT,
      tier TEXT, balance REAL, avatar BLOB);
    CREATE TABLE products (id INTEGER PRIMARY KEY, sku TEXT UNIQUE, name TEXT, category TEXT,
      price REAL, weight REAL, image BLOB);
    CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
      status TEXT, placed TEXT, total REAL, note TEXT, handled_by INTEGER REFERENCES employees(id));
    CREATE TABLE order_items (order_id INTEGER NOT NULL REFERENCES orders(id), line INTEGER NOT NULL,
      product_id INTEGER REFERENCES products(id), quantity INTEGER, unit_price REAL,
      PRIMARY KEY (order_id, line));
    CREATE TABLE shipments (id INTEGER PRIMARY KEY, order_id INTEGER, line INTEGER, carrier TEXT,
      shipped TEXT, FOREIGN KEY (order_id, line) REFERENCES order_items(order_id, line));
    CREATE TABLE ledger (account TEXT NOT NULL, period INTEGER NOT NULL, amount REAL, memo TEXT,
      PRIMARY KEY (account, period)) WITHOUT ROWID;
    CREATE TABLE edge_values (id INTEGER PRIMARY KEY, label TEXT, i INTEGER, r REAL, t TEXT, b BLOB,
      anything);
    CREATE TABLE facet_edges (id INTEGER PRIMARY KEY, one TEXT, two INTEGER, thirty INTEGER,
      thirty_one INTEGER, mixed, reals REAL, with_null TEXT);
    CREATE VIEW order_totals AS
      SELECT o.id AS order_id, c.name AS customer, o.status, count(i.line) AS items,
             sum(i.quantity * i.unit_price) AS amount
      FROM orders o LEFT JOIN customers c ON c.id = o.customer_id
      LEFT JOIN order_items i ON i.order_id = o.id GROUP BY o.id ORDER BY o.id;
    """)

    employees = max(12, n // 10)
    rows = []
    for e in range(1, employees + 1):
        if e == 1:
            manager = None
        elif e == 2:
            manager = 2  # manages themself
        elif e == 3:
            manager = 9999  # dangling
        else:
            manager = rng.randrange(1, e)
        rows.append((e, f"{rng.choice(FIRST)} {rng.choice(LAST)}", TITLES[min(3, (employees - e) * 4 // employees)], manager))
    c.executemany("INSERT INTO employees VALUES (?, ?, ?, ?)", rows)

    customers = n
    rows = []
    for k in range(1, customers + 1):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        if k <= len(HOSTILE_TEXTS):
            name = HOSTILE_TEXTS[k - 1]
        email = None if k % 11 == 0 else ("" if k % 13 == 0 else f"c{k}@example.org")
        avatar = None if k % 3 == 0 else (b"" if k % 7 == 0 else rng.randbytes(rng.randrange(1, 48)))
        balance = round(rng.uniform(-500, 5000), 2) if k % 17 else None
        rows.append((k, name, email, rng.choice(CITIES), rng.choice(TIERS), balance, avatar))
    c.executemany("INSERT INTO customers VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    products = max(20, n // 5)
    rows = []
    for p in range(1, products + 1):
        image = None if p % 4 == 0 else bytes([p % 256]) * (p % 9) + b"\x00\xff\x89PNG"
        rows.append((p, f"SKU-{p:05d}", f"Product {p}", rng.choice(CATEGORIES),
                     round(rng.uniform(0.5, 300), 2), rng.choice([0.1, 0.2, 0.30000000000000004, 1.5, 2.0, 1e-7]),
                     image))
    c.executemany("INSERT INTO products VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    orders = 2 * n
    order_rows, item_rows, ship_rows = [], [], []
    for o in range(1, orders + 1):
        customer = rng.randrange(1, customers + 1)
        if o == 5:
            customer = 424242  # dangling
        elif o % 29 == 0:
            customer = None
        day = 1 + (o * 7) % 28
        note = HOSTILE_TEXTS[o % len(HOSTILE_TEXTS)] if o % 5 == 0 else None
        handled = rng.randrange(1, employees + 1) if o % 6 else None
        items = rng.randrange(0 if o % 10 == 0 else 1, 6)
        total = 0.0
        for line in range(1, items + 1):
            product = rng.randrange(1, products + 1)
            if o == 7 and line == 1:
                product = 77777  # dangling
            quantity = rng.randrange(1, 5)
            price = round(rng.uniform(0.5, 300), 2)
            total += quantity * price
            item_rows.append((o, line, product, quantity, price))
            if rng.random() < 0.4:
                ship_rows.append((o, line, rng.choice(CARRIERS), f"2024-{1 + o % 12:02d}-{day:02d}"))
        order_rows.append((o, customer, rng.choice(STATUSES), f"2024-{1 + o % 12:02d}-{day:02d}",
                           total, note, handled))
    ship_rows.append((3, 99, "DHL", "2024-01-01"))  # dangling compound reference
    ship_rows.append((4, None, "UPS", "2024-01-02"))  # a NULL in the compound key: no reference
    ship_rows.append((None, None, None, None))
    c.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?, ?)", order_rows)
    c.executemany("INSERT INTO order_items VALUES (?, ?, ?, ?, ?)", item_rows)
    c.executemany("INSERT INTO shipments (order_id, line, carrier, shipped) VALUES (?, ?, ?, ?)", ship_rows)

    rows = []
    for a in ["cash", "bank", "Bank", "sales", "../vat", "\u00e9" * 150]:
        for period in range(1, 13):
            if rng.random() < 0.8:
                rows.append((a, 202400 + period, round(rng.uniform(-1e4, 1e4), 2), rng.choice(["", None, "closing", "accrual"])))
    rows.append(("cash", I64_MIN, 0.0, "edge"))
    rows.append(("cash", I64_MAX, -0.0, "edge"))
    c.executemany("INSERT INTO ledger VALUES (?, ?, ?, ?)", rows)

    reals = [0.1, 1e300, -0.0, 0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
             -1.7976931348623157e308, 1e16, 123456789012345680000.0, 0.30000000000000004,
             9007199254740993.0, -1.5, 1e-7, 3.0, 100.0, 1e22, 1e21, float("inf"), float("-inf")]
    ints = [0, 1, -1, I64_MAX, I64_MIN, I64_MAX - 1, I64_MIN + 1, 2**53 + 1, -(2**53 + 1), 2**53,
            2**31, -(2**31) - 1, 2**32 + 1]
    rows = []
    ids = iter([I64_MIN, -1, 0, 1, 2, 3] + list(range(10, 1000)) + [2**53 + 1, I64_MAX - 1, I64_MAX])
    count = max(len(reals), len(ints), len(HOSTILE_TEXTS))
    for k in range(count):
        r = reals[k % len(reals)]
        i = ints[k % len(ints)]
        t = HOSTILE_TEXTS[k % len(HOSTILE_TEXTS)] if k % 4 else None
        b = [None, b"", b"\x00", bytes(range(256)), b"\xff" * 3, "blob as text".encode()][k % 6]
        anything = [r, i, t, b, None, "1", 1, 1.0][k % 8]
        rows.append((next(ids), f"row {k}", i, r, t, b, anything))
    for extra in range(3):
        rows.append((next(ids), f"extra {extra}", None, None, None, None, None))
    rows.append((2**53 + 1, "2^53+1", 2**53 + 1, 9007199254740993.0, "", b"", ""))
    rows.append((5, "negative zero where no affinity changes it", None, -0.0, None, None, -0.0))
    rows.append((I64_MAX - 1, "max-1", I64_MAX - 1, 1e300, None, None, None))
    rows.append((I64_MAX, "max", I64_MAX, 5e-324, "last", b"\x01", I64_MAX))
    c.executemany("INSERT INTO edge_values VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
    # Invalid UTF-8 stored as TEXT (SQLite keeps the bytes; readers replace them).
    c.execute("INSERT INTO edge_values (id, label, t, anything) VALUES (4, 'invalid utf-8', "
              "CAST(X'66FF80C3E282' AS TEXT), CAST(X'C0AF2E2E' AS TEXT))")

    rows = []
    for k in range(1, max(62, n // 3) + 1):
        mixed = [1, "1", 1.5, "a", "A", "", None, 1.0][k % 8]
        rows.append((k, "only", k % 2, k % 30, k % 31, mixed,
                     [0.1, 1e300, -0.5, 2.0][k % 4], [None, "x", "y", ""][k % 4]))
    c.executemany("INSERT INTO facet_edges VALUES (?, ?, ?, ?, ?, ?, ?, ?)", rows)

    hostile_tables(c, rng, n)


def hostile_tables(c, rng, n):
    """Tables and columns whose names are hostile, with a foreign key each way."""
    q = lambda name: '"' + name.replace('"', '""') + '"'
    names = [
        'quote"d \'table\'',
        "../../etc/passwd",
        "<script>alert('t')</script>",
        "ctl\x1b[31m\ttab\x07",
        "rtl\u202eelbat\u200f",
        "\u00e9" * 150,
        "a/b",
        "a_b",
        "a.b",
        "A.B.json",
        "=cmd|' /C calc'!A0",
        "with space",
        "index",
        "%2F",
    ]
    columns = ['id"', "../col", "<b>bold</b>", "ctl\x1b\x01", "\u202ertl", "c" * 300, "order", "a.b",
               "$row", "1st"]
    for t, name in enumerate(names):
        cols = [f"{q(columns[0])} INTEGER PRIMARY KEY"]
        cols += [f"{q(col)} TEXT" for col in columns[1:-1]]
        cols.append(f"{q(columns[-1])} INTEGER REFERENCES customers(id)")
        c.execute(f"CREATE TABLE {q(name)} ({', '.join(cols)})")
        rows = []
        for k in range(1, 4 + t % 3):
            values = [HOSTILE_TEXTS[(k * 3 + t + j) % len(HOSTILE_TEXTS)] for j in range(len(columns) - 2)]
            rows.append([k] + values + [[1, 2, 424242, None][(k + t) % 4]])
        c.executemany(f"INSERT INTO {q(name)} VALUES ({', '.join('?' * len(columns))})", rows)
    # A table pointing at a hostile table, with a hostile name itself.
    c.execute(f"CREATE TABLE {q('refers to ' + names[0])} (id INTEGER PRIMARY KEY, "
              f"target INTEGER REFERENCES {q(names[0])}({q(columns[0])}), label TEXT)")
    c.executemany(f"INSERT INTO {q('refers to ' + names[0])} VALUES (?, ?, ?)",
                  [(k, [1, 1, 2, 3, 99, None][k % 6], HOSTILE_TEXTS[k % len(HOSTILE_TEXTS)]) for k in range(1, 13)])
    c.execute(f"CREATE VIEW {q('view of ' + names[2])} AS SELECT * FROM {q(names[2])}")


def library(c, rng, n):
    c.executescript("""
    CREATE TABLE authors (name TEXT NOT NULL, born INTEGER, country TEXT,
      author_id TEXT PRIMARY KEY);
    CREATE TABLE books (code TEXT NOT NULL UNIQUE, title TEXT, year INTEGER, genre TEXT,
      language TEXT, isbn TEXT PRIMARY KEY, cover BLOB);
    CREATE TABLE book_authors (isbn TEXT NOT NULL REFERENCES books(isbn),
      author_id TEXT NOT NULL REFERENCES authors, role TEXT,
      PRIMARY KEY (isbn, author_id)) WITHOUT ROWID;
    CREATE TABLE members (id INT PRIMARY KEY, name TEXT, joined TEXT, plan TEXT,
      referred_by INT REFERENCES members(id));
    CREATE TABLE loans (id INTEGER PRIMARY KEY, book_code TEXT REFERENCES books(code),
      member_id INT REFERENCES members, out TEXT, back TEXT, fine REAL);
    CREATE TABLE tags (tag PRIMARY KEY, note TEXT);
    CREATE TABLE book_tags (isbn TEXT REFERENCES books, tag REFERENCES tags(tag),
      PRIMARY KEY (tag, isbn)) WITHOUT ROWID;
    CREATE TABLE events (kind TEXT, at TEXT, detail);
    CREATE VIEW people AS
      SELECT 'author' AS kind, author_id AS id, name FROM authors
      UNION ALL SELECT 'member', id, name FROM members;
    """)
    author_ids = ["", "/", "..", "a/b", "abc", "ABC", "Abc", "x" * 400, "\u00e9", "e\u0301",
                  "<i>", "id with space", "007", "7", "%41"]
    author_ids += [f"A{k:04d}" for k in range(max(10, n // 3))]
    rows = [(f"{rng.choice(FIRST)} {rng.choice(LAST)}", rng.choice([None, 1920 + k % 90]),
             rng.choice(["NO", "NG", "PE", "JP", "", None]), a) for k, a in enumerate(author_ids)]
    c.executemany("INSERT INTO authors VALUES (?, ?, ?, ?)", rows)
    # Two TEXT keys that are not UTF-8 and that read back as the same text (A and U+FFFD).
    c.execute("INSERT INTO authors VALUES ('Not UTF-8', NULL, NULL, CAST(X'41FF' AS TEXT))")
    c.execute("INSERT INTO authors VALUES ('Not UTF-8 either', NULL, NULL, CAST(X'41FE' AS TEXT))")
    c.execute("INSERT INTO book_authors VALUES ('978-000000001', CAST(X'41FF' AS TEXT), 'author')")

    books = max(20, n // 2)
    isbns = [f"978-{k:09d}" for k in range(books)] + ["", "../isbn", "ISBN", "isbn"]
    rows = []
    for k, isbn in enumerate(isbns):
        cover = None if k % 5 == 0 else rng.randbytes(k % 17)
        rows.append((f"C{k:05d}" if k % 9 else f"c{k:05d}", f"Title {k}" if k % 7 else HOSTILE_TEXTS[k % len(HOSTILE_TEXTS)],
                     rng.choice([1999, 2004, 2011, 2020, None]), rng.choice(["fiction", "poetry", "science", "history"]),
                     rng.choice(["en", "no", "ja", None]), isbn, cover))
    c.executemany("INSERT INTO books VALUES (?, ?, ?, ?, ?, ?, ?)", rows)

    pairs = set()
    for isbn in isbns:
        for _ in range(rng.randrange(0, 4)):
            pairs.add((isbn, rng.choice(author_ids)))
    pairs.add(("978-000000000", "missing-author"))  # dangling
    c.executemany("INSERT INTO book_authors VALUES (?, ?, ?)",
                  [(b, a, rng.choice(["author", "editor", "translator", None])) for b, a in sorted(pairs)])

    members = max(15, n // 2)
    rows = []
    for m in range(members):
        key = [I64_MIN, -1, 0, 2**53 + 1, I64_MAX][m] if m < 5 else m * 3
        referred = None if m < 6 else rng.choice([0, -1, 3 * rng.randrange(2, m), 55555, None])
        rows.append((key, f"{rng.choice(FIRST)} {rng.choice(LAST)}", f"2023-{1 + m % 12:02d}-01",
                     rng.choice(["basic", "family", "student"]), referred))
    c.executemany("INSERT INTO members VALUES (?, ?, ?, ?, ?)", rows)
    member_keys = [r[0] for r in rows]

    rows = []
    codes = [f"C{k:05d}" if k % 9 else f"c{k:05d}" for k in range(len(isbns))]
    for k in range(1, 2 * n + 1):
        code = rng.choice(codes) if k % 23 else rng.choice([None, "NOPE"])
        member = rng.choice(member_keys) if k % 19 else None
        rows.append((k, code, member, f"2024-{1 + k % 12:02d}-10", rng.choice([None, "2024-12-24"]),
                     rng.choice([None, 0.0, 0.5, 1.25, 0.1])))
    c.executemany("INSERT INTO loans VALUES (?, ?, ?, ?, ?, ?)", rows)

    tags = [7, "7", 7.5, b"\x07", "seven", "Seven", "", "../tag", -0.5, I64_MAX]
    for k in range(max(4, n // 10)):  # enough keys of every storage class to cross list pages
        tags += [3 * k + 100, f"t{k:03d}", k + 0.25, bytes([k % 256, 0xFF, k // 256])]
    c.executemany("INSERT INTO tags VALUES (?, ?)", [(t, f"tag {k}") for k, t in enumerate(tags)])
    rows = set()
    for isbn in isbns:
        for t in rng.sample(range(len(tags)), 2):
            rows.add((isbn, t))
    c.executemany("INSERT INTO book_tags VALUES (?, ?)", [(i, tags[t]) for i, t in sorted(rows)])
    c.execute("INSERT INTO book_tags VALUES ('978-000000001', 'no such tag')")

    rows = [(rng.choice(["open", "close", "renew"]), f"2024-05-{1 + k % 28:02d}",
             [None, k, "t", 0.25, b"\x00"][k % 5]) for k in range(n // 2)]
    c.executemany("INSERT INTO events VALUES (?, ?, ?)", rows)
    c.execute("DELETE FROM events WHERE rowid % 10 = 3")  # gaps in the rowids


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--rows", type=int, default=300)
    parser.add_argument("--kind", choices=["shop", "library"], default="shop")
    args = parser.parse_args()
    if args.rows < 1:
        parser.error("--rows must be at least 1")
    if os.path.exists(args.out):
        os.remove(args.out)
    c = sqlite3.connect(args.out)
    c.execute("PRAGMA foreign_keys = OFF")  # dangling references are the point
    rng = random.Random(f"{args.kind}-{args.rows}")
    with c:
        (shop if args.kind == "shop" else library)(c, rng, args.rows)
    c.execute("VACUUM")
    c.close()
    check = sqlite3.connect(args.out)
    tables = check.execute("SELECT count(*) FROM sqlite_master WHERE type IN ('table', 'view')").fetchone()[0]
    print(f"shop-database: {args.out}: {args.kind}, {tables} tables and views", file=sys.stderr)


if __name__ == "__main__":
    main()
