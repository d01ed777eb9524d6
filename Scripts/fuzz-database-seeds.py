#!/usr/bin/env python3
"""Makes the seed corpus of the database fuzz harness: small valid SQLite files.

    python3 Scripts/fuzz-database-seeds.py [FOLDER]   (default Fuzz/Corpus/database)

Pages of 512 bytes so each file stays under the harness's -max_len (8192): rowid and WITHOUT
ROWID tables, compound primary and foreign keys, a self reference, a dangling reference, an
index, a view, BLOBs, NULLs, REALs (0.1, 1e300, -0.0, 5e-324), 64-bit integers, a hostile table
name, text that is not UTF-8, and a table long enough to need several keyset pages.
"""
import os
import sqlite3
import sys


def make(out, name, script, rows=(), after=()):
    path = os.path.join(out, name)
    if os.path.exists(path):
        os.unlink(path)
    c = sqlite3.connect(path)
    c.execute('PRAGMA page_size = 512')
    c.executescript(script)
    for sql, values in rows:
        c.executemany(sql, values)
    for sql in after:
        c.execute(sql)
    c.commit()
    c.execute('VACUUM')
    c.close()
    size = os.path.getsize(path)
    assert size <= 8192, (name, size)
    print(f'{path}: {size} bytes')


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else 'Fuzz/Corpus/database'
    os.makedirs(out, exist_ok=True)
    make(out, 'shop.db', '''
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customers(id),
  total REAL, data BLOB);
CREATE INDEX orders_customer ON orders(customer);
CREATE VIEW big AS SELECT id, total FROM orders WHERE total > 1;
''', [('INSERT INTO customers VALUES (?,?,?)', [(1, 'Ann', 'Oslo'), (2, 'Bo', None), (3, '=1+2', '')]),
      ('INSERT INTO orders VALUES (?,?,?,?)', [(1, 1, 0.1, b'hi'), (2, 1, 1e300, None),
                                             (3, 2, -0.0, bytes(20)), (4, 9, 5e-324, b''),
                                             (5, 3, 2.5, None)])])
    make(out, 'keys.db', '''
CREATE TABLE items (order_id INTEGER, line INTEGER, sku TEXT, PRIMARY KEY (order_id, line))
  WITHOUT ROWID;
CREATE TABLE parts (sku TEXT PRIMARY KEY, name TEXT) WITHOUT ROWID;
CREATE TABLE links (a INTEGER, b INTEGER, sku TEXT REFERENCES parts(sku),
  FOREIGN KEY (a, b) REFERENCES items(order_id, line));
''', [('INSERT INTO items VALUES (?,?,?)', [(1, 1, 's1'), (1, 2, 's2'), (2, 1, 's3'), (3, 1, None)]),
      ('INSERT INTO parts VALUES (?,?)', [('s1', 'bolt'), ('s2', 'nut'), ('s9', None)]),
      ('INSERT INTO links VALUES (?,?,?)', [(1, 1, 's1'), (1, 2, 's2'), (9, 9, 'zz')])])
    make(out, 'employees.db', '''
CREATE TABLE employees (id INTEGER PRIMARY KEY, name TEXT, boss INTEGER REFERENCES employees(id));
CREATE TABLE ints (n INTEGER);
CREATE TABLE "a""b" ("../x" TEXT PRIMARY KEY, v);
''', [('INSERT INTO employees VALUES (?,?,?)', [(i, 'e%d' % i, (i // 2) or None) for i in range(1, 12)]),
      ('INSERT INTO ints VALUES (?)', [(2**63 - 1,), (-2**63,), (2**53 + 1,), (None,)]),
      ('INSERT INTO "a""b" VALUES (?,?)', [('k1', 1), ('k2', b'\xff'), ('\u202eevil', 'x')])])
    make(out, 'many.db', 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);',
         [('INSERT INTO t VALUES (?,?)', [(i, 'row %d' % i) for i in range(120)])],
         ["INSERT INTO t VALUES (500, CAST(x'ff61' AS TEXT))"])
    make(out, 'empty.db', 'CREATE TABLE e (a, b);')


if __name__ == '__main__':
    main()
