#!/usr/bin/env python3
"""Runs `tablekit` on damaged and hostile SQLite files: a typed error or a correct output, never
a signal, a hang or a write.

    python3 Scripts/hostile-databases.py path/to/tablekit [WORKDIR]

Makes the files with Python's sqlite3 (then damages them byte by byte), and runs on each
`tablekit FILE` (the listing) and `tablekit FILE --table T -f csv`. Each run must either

- succeed (status 0) with the output stated for that file (checked against Python's sqlite3 where
  there is one), or
- fail with a typed error: status 65 (a damaged file or an unsafe schema) or the status stated
  for that file, and exactly one line on standard error that starts with `tablekit: `, names the
  file, holds no control character, and (for --table) names the table;

never end on a signal (a trap, a crash), never take longer than 60 s, never write to the file
(its SHA-256 and modification time are the same after both runs). Prints one line a file and
run, and exits 1 when any fails.
"""
import csv
import hashlib
import io
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile

# SQLite's own limit of one value in TableKitDatabase (Database.maximumValueBytes): 256 MiB.
VALUE_LIMIT = 256 << 20


def sha256(path):
    digest = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 20), b''):
            digest.update(block)
    return digest.hexdigest()


def base_database(path):
    """A 4 KiB-page database of 3,000 rows over several pages, with an index and a view."""
    c = sqlite3.connect(path)
    c.execute('PRAGMA page_size = 4096')
    c.executescript('''
CREATE TABLE big (id INTEGER PRIMARY KEY, body TEXT, amount REAL);
CREATE INDEX big_amount ON big(amount);
CREATE VIEW small AS SELECT id FROM big WHERE id < 10;
''')
    c.executemany('INSERT INTO big VALUES (?, ?, ?)',
                  ((i, 'x' * 60 + str(i), i / 7) for i in range(3000)))
    c.commit()
    c.close()


def damaged(source, target, edit):
    data = bytearray(open(source, 'rb').read())
    data = edit(data)
    with open(target, 'wb') as f:
        f.write(data)


def flip_bits(data, start, end, count, seed):
    chosen = random.Random(seed)
    for _ in range(count):
        offset = chosen.randrange(start, end)
        data[offset] ^= 1 << chosen.randrange(8)
    return data


def make_files(work):
    """The hostile files: name -> (path, table for --table, what the listing must give, what
    --table must give): 'error' (a typed error, status 65), 'listing' (the tables and views
    with the counts Python's sqlite3 reads, a count Python cannot read left empty with its
    reason on standard error), 'csv' (the table as Python reads it) or 'missing' (status 64, no
    such table)."""
    base = os.path.join(work, 'base.db')
    base_database(base)
    size = os.path.getsize(base)
    files = {}

    def add(name, table, listing='error', rows='error'):
        files[name] = (os.path.join(work, name + '.db'), table, listing, rows)
        return files[name][0]

    damaged(base, add('truncated-half', 'big'), lambda d: d[: size // 2])
    damaged(base, add('truncated-in-header', 'big'), lambda d: d[:60])
    # The magic string "SQLite format 3\0" with one bit flipped in each of its bytes.
    damaged(base, add('header-magic-flipped', 'big'),
            lambda d: bytearray(b ^ 0x20 for b in d[:16]) + d[16:])
    # The header's fields past the page size: change counter, page count, freelist, schema
    # cookie, schema format (44), cache size, text encoding (56), version numbers.
    damaged(base, add('header-fields-flipped', 'big'), lambda d: flip_bits(d, 24, 100, 48, 1))
    # Bits flipped in the table's and the index's pages (not page 1, which holds the schema).
    damaged(base, add('pages-flipped', 'big'), lambda d: flip_bits(d, 4096, size, 400, 2))
    # The schema's page (page 1 past the header): the sqlite_schema records.
    damaged(base, add('schema-page-flipped', 'big'), lambda d: flip_bits(d, 100, 4096, 64, 3))

    # A page size that is not the file's: 4096 written as 1024, then as 1000 (not a power of 2).
    def page_size(value):
        def edit(d):
            d[16:18] = value.to_bytes(2, 'big')
            return d
        return edit
    damaged(base, add('page-size-1024', 'big'), page_size(1024))
    damaged(base, add('page-size-1000', 'big'), page_size(1000))

    # A schema whose trigger and views call functions an untrusted schema may not: an extension
    # loader, a function no connection has, and a blob past the value limit.
    path = add('functions-trigger-view', 'loads', listing='listing')
    c = sqlite3.connect(path)
    c.executescript(f'''
CREATE TABLE t (a); INSERT INTO t VALUES (1);
CREATE VIEW loads AS SELECT load_extension('/nonexistent/evil') FROM t;
CREATE VIEW unknown AS SELECT no_such_function(a) FROM t;
CREATE VIEW huge AS SELECT zeroblob({VALUE_LIMIT + 1}) FROM t;
CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT load_extension('/nonexistent/evil'); END;
''')
    c.commit()
    c.close()

    # One TEXT one byte past the value limit (written by SQLite itself, no 257 MB in Python).
    path = add('huge-text', 'huge', listing='listing')
    c = sqlite3.connect(path)
    c.execute('CREATE TABLE huge (id INTEGER PRIMARY KEY, body TEXT)')
    c.execute('INSERT INTO huge VALUES (1, CAST(zeroblob(?) AS TEXT))', (VALUE_LIMIT + 1,))
    c.execute("INSERT INTO huge VALUES (2, 'small')")
    c.commit()
    c.close()

    # 2,000 columns, SQLite's default maximum: a correct output, every cell checked.
    path = add('columns-2000', 'wide', listing='listing', rows='csv')
    c = sqlite3.connect(path)
    names = ['c%d' % i for i in range(2000)]
    c.execute('CREATE TABLE wide (%s)' % ', '.join(names))
    for row in range(3):
        c.execute('INSERT INTO wide VALUES (%s)' % ', '.join('?' * 2000),
                  [f'{row}:{i}' for i in range(2000)])
    c.commit()
    c.close()

    # A file of no bytes is an empty database to SQLite: an empty listing, no such table.
    path = add('empty-file', 'big', listing='listing', rows='missing')
    open(path, 'wb').close()
    return files


def expected_csv(path, table):
    c = sqlite3.connect(f'file:{path}?mode=ro', uri=True)
    cursor = c.execute('SELECT * FROM "%s"' % table.replace('"', '""'))
    header = [d[0] for d in cursor.description]
    return [header] + [[str(v) for v in row] for row in cursor]


def expected_listing(path):
    """(name, type, count) of each table and view, a count Python cannot read as ''."""
    c = sqlite3.connect(f'file:{path}?mode=ro', uri=True)
    found = []
    for name, kind in c.execute("SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')"):
        try:
            count = str(c.execute('SELECT count(*) FROM "%s"' % name.replace('"', '""')).fetchone()[0])
        except sqlite3.Error:
            count = ''
        found.append((name, kind, count))
    return sorted(found)


def check_run(tablekit, name, path, table, expect, listing):
    args = [tablekit, path] + ([] if listing else ['--table', table, '-f', 'csv'])
    what = 'listing' if listing else f'--table {table} -f csv'
    try:
        run = subprocess.run(args, capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return False, f'{name} ({what}): still running after 60 s'
    status = run.returncode
    if status < 0:
        return False, f'{name} ({what}): killed by signal {-status}'
    error = run.stderr.decode('utf-8', 'replace')
    lines = error.splitlines()
    problems = []
    if any(ord(ch) < 32 and ch != '\n' for ch in error):
        problems.append('a control character on standard error')
    if any(not line.startswith('tablekit: ') or path not in line for line in lines):
        problems.append('a line on standard error does not start with "tablekit: " and name the file')
    if expect in ('listing', 'csv'):
        if status != 0:
            problems.append(f'status {status}, not 0')
        elif expect == 'listing':
            want = expected_listing(path)
            rows = run.stdout.decode('utf-8').splitlines()[2:]
            got = sorted(tuple((row.split() + [''])[:3]) for row in rows)
            if got != want:
                problems.append(f'the listing {got} is not {want}')
            empty = [n for n, _, count in want if count == '']
            if len(lines) != len(empty) or any(f'table {n}:' not in e for n, e in zip(sorted(empty), sorted(lines))):
                problems.append('each count left empty needs one line naming its table')
            shown = f'{len(want)} table(s) and view(s), counts as Python reads them' + (
                f', {len(empty)} left empty with the reason ({"; ".join(lines)})' if empty else '')
        else:
            got = list(csv.reader(io.StringIO(run.stdout.decode('utf-8'), newline='')))
            if got != expected_csv(path, table):
                problems.append('the CSV differs from what Python reads')
            shown = f'{len(got) - 1} rows of {len(got[0])} columns, as Python reads them'
    else:
        wanted = 64 if expect == 'missing' else 65
        if status != wanted:
            problems.append(f'status {status}, not {wanted}')
        if len(lines) != 1 or not error.endswith('\n'):
            problems.append(f'{len(lines)} lines on standard error, not 1')
        # A --table run names the table, or sqlite_master when the schema itself is unreadable.
        if not listing and not any(f'table {t}:' in error or f'"{t}"' in error
                                   for t in (table, 'sqlite_master')):
            problems.append('the message names neither the table nor sqlite_master')
        shown = lines[0] if lines else ''
    if problems:
        return False, f'{name} ({what}): ' + '; '.join(problems) + f': {error[:300]!r} {run.stdout[:200]!r}'
    return True, f'{name} ({what}): status {status}, {shown}'


def main():
    tablekit = os.path.abspath(sys.argv[1])
    work = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp(prefix='hostile-databases-')
    keep = len(sys.argv) > 2
    os.makedirs(work, exist_ok=True)
    failures = 0
    try:
        files = make_files(work)
        for name, (path, table, listing_expect, table_expect) in files.items():
            before = (sha256(path), os.stat(path).st_mtime_ns, os.path.getsize(path))
            for listing, expect in ((True, listing_expect), (False, table_expect)):
                ok, line = check_run(tablekit, name, path, table, expect, listing)
                print(('ok   ' if ok else 'FAIL ') + line)
                failures += not ok
            after = (sha256(path), os.stat(path).st_mtime_ns, os.path.getsize(path))
            siblings = sorted(n for n in os.listdir(work) if n.startswith(name + '.db') and n != name + '.db')
            if after != before or siblings:
                print(f'FAIL {name}: the file changed or gained a journal: {before} {after} {siblings}')
                failures += 1
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f'hostile databases: {len(files)} files, {2 * len(files)} runs, {failures} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
