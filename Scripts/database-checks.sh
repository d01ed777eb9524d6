#!/usr/bin/env bash
# Runs `tablekit` on SQLite databases as a user would: the listing, every table in every format,
# queries, and each kind of failure with its exit status (64 a missing table or a query that is
# wrong or writes, 65 a damaged file, 66 a missing file, 69 no SQLite library).
#
#   Scripts/database-checks.sh [path/to/tablekit] [python3]   (default: .build/release/tablekit)
#
# The databases are made here by Python's sqlite3 and by the sqlite3 command (Debian's sqlite3);
# Python's sqlite3 and csv are the oracle: every table's CSV read back by Python's csv module
# must hold, cell for cell, what Python reads from the database (REALs as repr, BLOBs as their
# hex preview and size, NULL as the --null text).
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
python="${2:-python3}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Scripts/check-helpers.sh
exec </dev/null

db="$work/shop.db"
"$python" - "$db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
hostile = ['a"b', '../../etc/passwd', 'tab\tnew\nline\x1b[31m', 'é' * 150, '"); DROP TABLE t; --']
c.executescript('''
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customers, total REAL,
  note TEXT, data BLOB);
CREATE TABLE items (order_id INTEGER, line INTEGER, sku TEXT, PRIMARY KEY (order_id, line))
  WITHOUT ROWID;
CREATE VIEW big_orders AS SELECT id, total FROM orders WHERE total > 1;
''')
c.executemany('INSERT INTO customers VALUES (?, ?, ?)',
              [(1, 'Ann', 'Oslo'), (2, 'Bo', None), (3, '=1+2', ''), (4, 'x' * 5000, 'Rome')])
c.executemany('INSERT INTO orders VALUES (?, ?, ?, ?, ?)', [
    (1, 1, 0.1, '', b'hello'), (2, 1, 1e300, None, None), (3, 2, -0.0, 'a\x00b', bytes(40)),
    (4, 9, 5e-324, 'caf\u00e9', b''), (5, 3, 1e16, '\u202eevil', None),
    (6, 4, 123456789012345680000.0, 'x', None), (7, 1, 9999999999999998.0, None, None),
    (8, 2, 2**63 - 1, None, None)])
c.execute("INSERT INTO orders VALUES (9, 1, NULL, CAST(x'ff61' AS TEXT), NULL)")
c.executemany('INSERT INTO items VALUES (?, ?, ?)', [(1, 1, 's1'), (1, 2, 's2'), (2, 1, 's3')])
for i, name in enumerate(hostile):
    q = '"' + name.replace('"', '""') + '"'
    c.execute(f'CREATE TABLE {q} ({q} INTEGER PRIMARY KEY, v TEXT)')
    c.execute(f'INSERT INTO {q} VALUES (?, ?)', (i, name))
c.execute('CREATE TABLE ints (n INTEGER)')
c.executemany('INSERT INTO ints VALUES (?)', [(2**63 - 1,), (-2**63,), (2**53 + 1,)])
c.commit()
PY

# The listing: every table and view with its row count, in every format.
for format in text markdown csv html; do expect_output "customers" "$db" -f "$format"; done
"$tablekit" "$db" -f csv >"$work/list.csv"
"$python" - "$db" "$work/list.csv" <<'PY' || fail "the listing's names, kinds or counts differ from sqlite_master"
import csv, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
want = sorted((n, t, str(c.execute('SELECT count(*) FROM "%s"' % n.replace('"', '""')).fetchone()[0]))
              for n, t in c.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table','view')"))
with open(sys.argv[2], newline='', encoding='utf-8') as f:
    got = sorted(tuple(r) for r in list(csv.reader(f))[1:])
sys.exit(0 if got == want else print(got, want) or 1)
PY
checks=$((checks + 1))

# Every table, view and query as CSV, read back by Python's csv, against Python's sqlite3.
"$python" - "$db" "$tablekit" "$work" <<'PY' || fail "a table's CSV differs from what Python's sqlite3 reads"
import csv, sqlite3, subprocess, sys
db, tablekit, work = sys.argv[1:4]
c = sqlite3.connect(db)
c.text_factory = lambda b: b.decode('utf-8', 'replace')
def shown(v):
    if v is None: return 'NULL'
    if isinstance(v, float): return repr(v)
    if isinstance(v, bytes):
        s = "x'" + v[:16].hex() + ('…' if len(v) > 16 else '') + "'"
        return s + ' (%d %s)' % (len(v), 'byte' if len(v) == 1 else 'bytes')
    return str(v)
names = [n for (n,) in c.execute("SELECT name FROM sqlite_master WHERE type IN ('table','view')")]
bad = 0
for name in names:
    q = '"' + name.replace('"', '""') + '"'
    want = [[shown(v) for v in row] for row in c.execute(f'SELECT * FROM {q}')]
    out = subprocess.run([tablekit, db, '--table', name, '-f', 'csv', '--no-formula-guard',
                          '--null', 'NULL'], capture_output=True, check=True).stdout
    got = list(csv.reader(out.decode('utf-8').splitlines(keepends=True)))[1:]
    if got != want:
        bad += 1
        print('differs:', repr(name), got[:3], want[:3], file=sys.stderr)
print('tables compared with Python:', len(names), 'differences:', bad)
sys.exit(1 if bad else 0)
PY
checks=$((checks + 1))

# Shaping applies; a view and a WITHOUT ROWID table render; names stay data.
expect_output "Oslo" "$db" --table customers --columns name,city --sort name -f csv
expect_output "**Oslo**" "$db" --table customers --group-by city -f markdown
expect_output "s3" "$db" --table items -f html
expect_output "1e+300" "$db" --table big_orders
expect_output "9223372036854775807" "$db" --table ints -f csv
expect_output "x'68656c6c6f' (5 bytes)" "$db" --query "SELECT data FROM orders WHERE id = 1" -f csv
expect_output "../../etc/passwd" "$db" --table "../../etc/passwd" -f csv
[ ! -e "$work/../../etc/passwd.csv" ] || fail "a table name reached the file system"
# NULL (customer 2's city) and the empty text (customer 3's) apart in every format: in CSV an
# empty field against "", in the formats a person reads the word NULL against nothing, and
# --null's text when given.
"$tablekit" "$db" --query "SELECT id, city FROM customers WHERE id IN (2, 3)" -f csv --null NULL \
  | tr -d '\r' >"$work/null.csv"
checks=$((checks + 1))
[ "$(cat "$work/null.csv")" = $'id,city\n2,NULL\n3,""' ] || fail "NULL and '' are not told apart: $(cat "$work/null.csv")"
"$tablekit" "$db" --query "SELECT id, city FROM customers WHERE id IN (2, 3)" -f csv \
  | tr -d '\r' >"$work/null.csv"
checks=$((checks + 1))
[ "$(cat "$work/null.csv")" = $'id,city\n2,\n3,""' ] || fail "CSV does not keep NULL and '' apart: $(cat "$work/null.csv")"
"$tablekit" "$db" --query "SELECT id, city FROM customers WHERE id IN (2, 3)" -f markdown \
  >"$work/null.md"
checks=$((checks + 1))
[ "$(cat "$work/null.md")" = $'| id | city |\n| ---: | --- |\n| 2 | NULL |\n| 3 |  |' ] \
  || fail "Markdown does not keep NULL and '' apart: $(cat "$work/null.md")"
for format in text html latex typst; do
  checks=$((checks + 1))
  "$tablekit" "$db" --query "SELECT city FROM customers WHERE id = 2" -f "$format" | grep -q NULL \
    || fail "$format does not show NULL"
done
# The same with a report (a total row): the report's CSV keeps them apart too.
"$tablekit" "$db" --query "SELECT id, city FROM customers WHERE id IN (2, 3)" -f csv --total \
  | tr -d '\r' >"$work/null.csv"
checks=$((checks + 1))
[ "$(cat "$work/null.csv")" = $'row,group,id,city\ndata,,2,\ndata,,3,""\ntotal,,Total,' ] \
  || fail "the report's CSV does not keep NULL and '' apart: $(cat "$work/null.csv")"
for format in text markdown html latex typst; do
  checks=$((checks + 1))
  "$tablekit" "$db" --query "SELECT city FROM customers WHERE id = 2" -f "$format" --total \
    | grep -q NULL || fail "$format with a report does not show NULL"
done

# Statements that would write are refused before they run; the file is unchanged.
before=$(sha256sum "$db")
for sql in "DELETE FROM orders" "INSERT INTO items VALUES (9, 9, 'x')" "DROP TABLE items" \
  "CREATE TABLE z (a)" "UPDATE customers SET name = 'x'" "PRAGMA user_version = 7"; do
  expect_failure 64 "the statement would write to the database" "$db" --query "$sql"
done
expect_failure 64 "give one statement" "$db" --query "SELECT 1; DELETE FROM orders"
expect_failure 64 'syntax error' "$db" --query "SELEC 1"
[ "$(sha256sum "$db")" = "$before" ] || fail "the database changed"
checks=$((checks + 1))

# A missing table, a missing file, options that need a database, no library.
expect_failure 64 'no table or view "order"; the tables and views are' "$db" --table order
expect_failure 66 "cannot open the database" "$work/none.db"
printf 'a,b\n1,2\n' >"$work/plain.csv"
expect_failure 64 "reads a SQLite database file, and the input is not one" "$work/plain.csv" --table t
checks=$((checks + 1))
status=0
TABLEKIT_SQLITE_LIBRARY=libsqlite3-missing.so.0 "$tablekit" "$db" >"$work/out" 2>"$work/err" || status=$?
if [ "$status" -ne 69 ] || ! grep -q "libsqlite3-0" "$work/err"; then
  fail "without the library: status $status, $(cat "$work/err")"
fi

# Damaged files: a typed error with status 65, never a crash.
"$python" - "$work/big.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute('PRAGMA page_size = 4096')
c.execute('CREATE TABLE big (id INTEGER PRIMARY KEY, body TEXT)')
c.executemany('INSERT INTO big VALUES (?, ?)', ((i, 'x' * 60 + str(i)) for i in range(3000)))
c.commit()
PY
size=$(stat -c %s "$work/big.db")
head -c $((size / 2)) "$work/big.db" >"$work/truncated.db"
expect_failure 65 "the file is damaged or not a database" "$work/truncated.db"
cp "$work/big.db" "$work/flipped.db"
printf '\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff' |
  dd of="$work/flipped.db" bs=1 seek=$((2 * 4096 + 8)) conv=notrunc status=none
expect_failure 65 "table big: the file is damaged or not a database" "$work/flipped.db" --table big -f csv
printf 'not a database at all, but named like one' >"$work/text.db"
expect_failure 65 "the file is damaged or not a database" "$work/text.db"

# A schema that calls functions an untrusted schema may not: refused, naming the view; the
# listing shows the rest, with the view's count empty and the reason on standard error.
"$python" - "$work/hostile.db" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript("""
CREATE TABLE t (a); INSERT INTO t VALUES (1);
CREATE VIEW loads AS SELECT load_extension('/nonexistent/evil') FROM t;
CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT load_extension('/nonexistent/evil'); END;
""")
c.commit()
PY
expect_failure 65 "table loads: unsafe use of load_extension()" "$work/hostile.db" --table loads
expect_output "loads" "$work/hostile.db" -f csv
checks=$((checks + 1))
"$tablekit" "$work/hostile.db" -f csv 2>"$work/err" | tr -d '\r' >"$work/out"
[ "$(cat "$work/out")" = $'name,type,rows\nloads,view,\nt,table,1' ] && grep -q "row count is left empty" "$work/err" ||
  fail "the hostile listing: $(cat "$work/out") $(cat "$work/err")"

# Twelve damaged and hostile files (truncated, bit-flipped header and pages, wrong page sizes, a
# schema whose trigger and views call functions, a TEXT past the value limit, 2,000 columns, an
# empty file): a typed error or a correct output, never a signal, a hang or a write.
"$python" Scripts/hostile-databases.py "$tablekit" || fail "a hostile database was not refused cleanly"
checks=$((checks + 1))

# The sqlite3 command's own database reads the same.
if command -v sqlite3 >/dev/null; then
  sqlite3 "$work/cli.db" "CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 'one'), (2.5, NULL);"
  checks=$((checks + 1))
  got=$("$tablekit" "$work/cli.db" --table t -f csv | tr -d '\r')
  [ "$got" = $'a,b\n1,one\n2.5,' ] || fail "the sqlite3 command's database reads as: $got"
else
  fail "the sqlite3 command is not installed (Debian: apt-get install sqlite3)"
fi

report_checks "database checks"
