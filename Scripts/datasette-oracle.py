#!/usr/bin/env python3
"""Compares a database site (`tablekit export DB --out SITE`) with Datasette serving the same
database: Datasette is the oracle.

Usage: datasette-oracle.py SITE_DIR DB [--show N]

Run it with a python that has `datasette` (Scripts/validation-venv.sh pins it); it installs
nothing. It starts `datasette serve -i DB` on a free port of 127.0.0.1, waits for it, and always
stops it (on success, failure, an exception, SIGINT, SIGTERM or SIGHUP; on Linux Datasette also
gets SIGTERM if this process dies). It reads the site only through its JSON twins, from
`index.json` on, never guessing a file name (their shape: the DocC article "Publishing a
database"), and compares, for every table and view:

- the index: names, types, order (by name) and row counts, against sqlite_master and Datasette;
- every row's values: the list twins concatenated (after removing the `row_key` link) against
  `/db/table.json?_shape=array&_size=max`, following its `Link: rel="next"`; rows matched by
  primary key (or rowid) for tables and by position for views, and in the same order; each
  cell's storage class from `typeof()` through Datasette's SQL API: INTEGERs exactly, REALs as
  the same 64 bits (so -0.0 is not 0.0 and one ulp counts), TEXT exactly, BLOBs as bytes (Datasette
  prints a BLOB that happens to be UTF-8 as a string; ours is always `{"$base64": true, ...}`),
  NULL as null;
- per row page: the key, the row, each foreign key (columns, table, to, in
  pragma_foreign_key_list id order) and its target: a referenced row exists (SQLite's own join,
  through Datasette) if and only if the target is not null, and the target's row equals the row
  Datasette has for that key;
- per row page, each incoming reference (every foreign key of every table that points at this
  table, by table and id): the count (a count query through Datasette), the list null exactly
  when the count is 0, and that filtered list's `where` and its rows (all pages) adding up to the
  count;
- facets: which columns have one (not in the primary key, no BLOB value, 2 to 30 distinct
  non-NULL values), and value -> count against Datasette's `?_facet=COL` (NULL counted through
  the SQL API, since Datasette's facets leave NULL out), in the order count descending, then
  value; each value's filtered list holds that many rows;
- every path in the JSON: relative, no `..`, inside SITE_DIR, the file present, with its `.html`
  beside it, and no two rows sharing a row page.

Datasette is asked for whole tables (`_size=max`, max_returned_rows 10000): its keyset `_next`
pages skip or repeat rows when a key column mixes storage classes, so a table larger than that
stops the comparison (exit 2) rather than compare against a wrong oracle.

Prints a summary and each difference (table, key, column, ours and theirs as Python repr), and
exits 1 when there is any difference, 2 when it cannot run (Datasette does not start, the site
has no index.json).
"""
import argparse
import base64
import json
import math
import os
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request

SETTINGS = [
    ("default_facet_size", "50"),
    ("facet_time_limit_ms", "10000"),
    ("max_returned_rows", "10000"),
    ("sql_time_limit_ms", "10000"),
    ("suggest_facets", "off"),
]


# Where list_rows keeps a row's link to its row page: a tuple, which no JSON key can be.
LINK = ("row page link",)


class CannotRun(Exception):
    """The oracle could not compare at all (exit 2)."""


def quote(name):
    """An SQLite identifier, quoted."""
    return '"' + name.replace('"', '""') + '"'


def tilde(name):
    """Datasette's tilde encoding of a database or table name in a URL path."""
    safe = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
    out = []
    for byte in name.encode("utf-8"):
        out.append(chr(byte) if byte in safe else "+" if byte == 32 else "~%02X" % byte)
    return "".join(out)


# ---------------------------------------------------------------------------------------------
# Datasette: started, asked, stopped.


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def die_with_parent():
    """Runs in the child before exec: SIGTERM when the oracle dies (Linux), own session."""
    os.setsid()
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Datasette:
    def __init__(self, db):
        self.db = db
        self.port = free_port()
        self.log = tempfile.TemporaryFile()
        command = [sys.executable, "-m", "datasette", "serve", "-i", db, "-p", str(self.port),
                   "-h", "127.0.0.1"]
        for name, value in SETTINGS:
            command += ["--setting", name, value]
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self.log,
                                        stderr=subprocess.STDOUT, preexec_fn=die_with_parent)
        self.base = f"http://127.0.0.1:{self.port}"
        self.requests = 0

    def wait(self, seconds=60):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise CannotRun(f"datasette exited with status {self.process.returncode}:\n{self.tail()}")
            try:
                with urllib.request.urlopen(self.base + "/-/databases.json", timeout=2) as r:
                    databases = json.load(r)
                names = [d["name"] for d in databases]
                if len(names) != 1:
                    raise CannotRun(f"datasette serves {names!r}, expected one database")
                self.name = names[0]
                return
            except (urllib.error.URLError, ConnectionError, socket.timeout):
                time.sleep(0.2)
        raise CannotRun(f"datasette did not answer within {seconds} s:\n{self.tail()}")

    def tail(self):
        self.log.seek(0)
        return self.log.read().decode("utf-8", "replace")[-3000:]

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()

    def get(self, path, params):
        url = self.base + path + "?" + urllib.parse.urlencode(params)
        self.requests += 1
        try:
            with urllib.request.urlopen(url, timeout=60) as r:
                return json.load(r), r.headers.get("link")
        except urllib.error.HTTPError as e:
            body = e.read().decode("utf-8", "replace")[:500]
            raise CannotRun(f"datasette answered {e.code} for {url}: {body}") from None

    def sql(self, sql, **params):
        """Rows (lists) of a read-only query through Datasette's SQL API."""
        data, _ = self.get(f"/{tilde(self.name)}.json", {"sql": sql, "_shape": "arrays", **params})
        if data.get("truncated"):
            raise CannotRun(f"datasette truncated the result of {sql!r}: the database is too big for max_returned_rows")
        return data["rows"]

    def table_rows(self, table):
        """Every row of a table or view as Datasette's JSON objects, following rel=next."""
        rows = []
        path = f"/{tilde(self.name)}/{tilde(table)}.json"
        params = {"_shape": "array", "_size": "max"}
        while True:
            page, link = self.get(path, params)
            rows.extend(page)
            if not link or 'rel="next"' not in link:
                return rows
            url = urllib.parse.urlsplit(link.split(">")[0].lstrip("<"))
            path = url.path
            params = dict(urllib.parse.parse_qsl(url.query, keep_blank_values=True))

    def facet(self, table, column):
        data, _ = self.get(f"/{tilde(self.name)}/{tilde(table)}.json", {"_facet": column, "_size": "0"})
        results = data["facet_results"]
        if "results" in results and isinstance(results["results"], dict):  # Datasette 1.0's shape
            results = results["results"]
        facet = results[column]
        if facet.get("truncated"):
            raise CannotRun(f"datasette truncated the facet {table!r}.{column!r}")
        return [(v["value"], v["count"]) for v in facet["results"]]


# ---------------------------------------------------------------------------------------------
# Values.


def canon(value, storage=None):
    """A hashable, exact form of a value: Datasette's (with its typeof) or ours (contract)."""
    if isinstance(value, dict) and set(value) == {"$base64", "encoded"} and value["$base64"] is True:
        return ("blob", base64.b64decode(value["encoded"], validate=True))
    if storage == "blob" and isinstance(value, str):
        return ("blob", value.encode("utf-8"))
    if value is None:
        return ("null",)
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("integer", value)
    if isinstance(value, float):
        return ("real", struct.pack("<d", value))
    if isinstance(value, str):
        return ("text", value)
    return ("other", json.dumps(value, sort_keys=True))


def value_difference(ours, theirs, storage):
    """None when our value is the value Datasette read (storage: SQLite's typeof), else why not."""
    if storage == "blob":
        if not (isinstance(ours, dict) and list(ours) == ["$base64", "encoded"] and ours["$base64"] is True
                and isinstance(ours["encoded"], str)):
            return "a BLOB is {\"$base64\": true, \"encoded\": ...}"
        try:
            raw = base64.b64decode(ours["encoded"], validate=True)
        except ValueError:
            return "not Base64"
        if base64.b64encode(raw).decode("ascii") != ours["encoded"]:
            return "not standard Base64 with padding"
        return None if canon(theirs, "blob") == ("blob", raw) else "other bytes"
    if storage == "real":
        if not isinstance(ours, float):
            return "a REAL is a JSON number with a fraction or exponent"
        if theirs is None:  # Datasette prints infinities as null
            return None if math.isinf(ours) else "other double"
        return None if struct.pack("<d", ours) == struct.pack("<d", theirs) else "other double"
    if storage == "integer":
        if not isinstance(ours, int) or isinstance(ours, bool):
            return "an INTEGER is a JSON integer"
        return None if ours == theirs else "other integer"
    if storage == "text":
        return None if isinstance(ours, str) and ours == theirs else "other text"
    if storage == "null":
        return None if ours is None else "NULL is null"
    return None if canon(ours) == canon(theirs) else "other value"


def sqlite_equal(a, b):
    """SQLite's equality of two facet values (GROUP BY puts 1 and 1.0 together)."""
    if isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool) and not isinstance(b, bool):
        return a == b
    return canon(a) == canon(b)


# ---------------------------------------------------------------------------------------------
# The site.


class Site:
    def __init__(self, root, report):
        self.root = os.path.realpath(root)
        self.report = report
        self.cache = {}

    def load(self, path, where):
        """The JSON object at a site path, or None (the problem reported)."""
        if path in self.cache:
            return self.cache[path]
        problem = None
        if not isinstance(path, str) or not path.endswith(".json"):
            problem = "not a .json path"
        elif path.startswith("/") or "\\" in path or any(p in ("..", ".", "") for p in path.split("/")):
            problem = "not a plain relative path"
        else:
            full = os.path.realpath(os.path.join(self.root, path))
            if not full.startswith(self.root + os.sep):
                problem = "outside the site"
            elif not os.path.isfile(full):
                problem = "no such file"
            elif not os.path.isfile(full[: -len(".json")] + ".html"):
                self.report.add("paths", where, None, None, path, None, "no .html beside the .json")
        if problem:
            self.report.add("paths", where, None, None, path, None, problem)
            self.cache[path] = None
            return None
        with open(full, "rb") as f:
            try:
                data = json.loads(f.read().decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as e:
                self.report.add("paths", where, None, None, path, None, f"not UTF-8 JSON: {e}")
                data = None
        self.cache[path] = data
        return data

    def list_rows(self, first, where, expect_table):
        """The rows of a (filtered) list: every page from `first`, its structure checked."""
        rows, path, previous, number, total_pages, last_row = [], first, None, 1, None, 0
        seen, broken = set(), False
        while path is not None:
            if path in seen:
                self.report.add("list", where, None, "next", path, None, "the pages loop")
                break
            seen.add(path)
            page = self.load(path, where)
            if page is None:
                break
            if number == 1:
                head = page
            checks = [("table", page.get("table"), expect_table), ("page", page.get("page"), number),
                      ("previous", page.get("previous"), previous)]
            if total_pages is not None:
                checks.append(("pages", page.get("pages"), total_pages))
            total_pages = page.get("pages")
            page_rows = page.get("rows") or []
            if page_rows:
                checks += [("first_row", page.get("first_row"), last_row + 1),
                           ("last_row", page.get("last_row"), last_row + len(page_rows))]
            for name, got, want in checks:
                if got != want and not broken:  # the first inconsistency of a list; the rest follow from it
                    self.report.add("list", where, f"page {number}", name, got, want, path)
                    broken = True
            last_row += len(page_rows)
            # A row's link to its row page is under the page's `row_key` (`$row`, or more `$`
            # while a column has that name); kept under LINK, a key no JSON column can have.
            key = page.get("row_key")
            for row in page_rows:
                if key is not None and isinstance(row, dict) and key in row:
                    row[LINK] = row.pop(key)
            rows.extend(page_rows)
            previous, path, number = path, page.get("next"), number + 1
        if total_pages is not None and number - 1 != total_pages:
            self.report.add("list", where, None, "pages", total_pages, number - 1, "pages followed")
        return rows, (head if rows or number > 1 else None)


# ---------------------------------------------------------------------------------------------
# The comparison.


class Report:
    def __init__(self, show):
        self.differences = []
        self.show = show
        self.counts = dict(tables=0, rows=0, row_pages=0, fk_targets=0, incoming=0, incoming_lists=0,
                           facets=0, facet_values=0)

    def add(self, kind, table, key, column, ours, theirs, what):
        self.differences.append((kind, table, key, column, ours, theirs, what))
        if len(self.differences) <= self.show:
            print(f"difference [{kind}] table={table!r} key={key!r} column={column!r}: "
                  f"ours={ours!r} theirs={theirs!r} ({what})")


class Table:
    """What Datasette and SQLite say about one table or view."""

    def __init__(self, ds, name, kind):
        self.name, self.kind = name, kind
        info = ds.sql("select name, type, pk from pragma_table_info(:t) order by cid", t=name)
        self.columns = [r[0] for r in info]
        pks = sorted((r[2], r[0]) for r in info if r[2])
        self.pk = [c for _, c in pks]
        self.key = self.pk if self.pk else (["rowid"] if kind == "table" else [])
        lower = {c.lower() for c in self.columns}  # a row page names the rowid by a free alias
        self.rowid_name = next((n for n in ("rowid", "_rowid_", "oid") if n not in lower), "rowid")
        self.rows = ds.table_rows(name)
        types = ", ".join(f"typeof({quote(c)})" for c in self.columns)
        key_sql = [quote(c) for c in self.pk] if self.pk else (["rowid"] if self.key else [])
        order = f" order by {', '.join(key_sql)}" if key_sql else ""
        typed = ds.sql(f"select {''.join(k + ', ' for k in key_sql)}{types} from {quote(name)}{order}")
        self.types = [r[len(self.key):] for r in typed]
        if len(typed) != len(self.rows):  # Datasette's keyset pages skip or repeat rows of mixed-type keys
            raise CannotRun(f"{name!r}: {len(self.rows)} rows in Datasette's table JSON, {len(typed)} in the table")
        self.keys = []  # canonical keys, in Datasette's order
        # Key -> the rows with that key in JSON, in key order: TEXT keys whose bytes are not
        # UTF-8 and differ only there read as one text in JSON (U+FFFD), so a key may name
        # several rows; they are matched in order.
        self.by_key = {}
        for i, row in enumerate(self.rows):
            if self.kind == "table" and not self.pk:
                row["$rowid"] = row.pop("rowid")
            key = self.key_of(row, i) if self.key else i
            self.keys.append(key)
            self.by_key.setdefault(key, []).append(i)

    def matching(self, key, row):
        """The row with `key` whose values are `row`'s, else the first with `key`, else None.

        Where rows read alike in JSON (keys of invalid UTF-8 told apart only by their bytes),
        a target is accepted as any one of them: JSON cannot say which is meant.
        """
        candidates = self.by_key.get(key, [])
        for i in candidates:
            if isinstance(row, dict) and all(
                    c in row and value_difference(row[c], self.rows[i][c], self.storage(i, c)) is None
                    for c in self.columns):
                return i
        return candidates[0] if candidates else None

    def storage(self, i, column):
        return self.types[i][self.columns.index(column)]

    def key_of(self, row, i):
        if not self.pk:
            return (("integer", row["$rowid"]),)
        return tuple(canon(row[c], self.storage(i, c)) for c in self.pk)

    def key_dict(self, i):
        row = self.rows[i]
        return {self.rowid_name: row["$rowid"]} if not self.pk else {c: row[c] for c in self.pk}

    def values(self, i):
        return [(c, self.rows[i][c]) for c in self.columns]


def compare_row(report, table, i, ours, where, key_repr):
    """Our row object against Datasette's row i of table."""
    if not isinstance(ours, dict):
        report.add("row", where, key_repr, None, ours, None, "a row is a JSON object")
        return
    names = [n for n in ours if n is not LINK]
    if names != table.columns:
        report.add("row", where, key_repr, None, names, table.columns, "columns (names and order)")
    for column, theirs in table.values(i):
        if column in ours:
            why = value_difference(ours[column], theirs, table.storage(i, column))
            if why:
                report.add("value", where, key_repr, column, ours[column], theirs, why)


def compare_table(ds, site, report, tables, table, entry):
    report.counts["tables"] += 1
    name = table.name
    if entry.get("type") != table.kind:
        report.add("index", name, None, "type", entry.get("type"), table.kind, "table or view")
    if entry.get("rows") != len(table.rows):
        report.add("index", name, None, "rows", entry.get("rows"), len(table.rows), "row count")
    ours, _ = site.list_rows(entry.get("list"), name, name)
    if len(ours) != len(table.rows):
        report.add("rows", name, None, None, len(ours), len(table.rows), "rows in the list twins")
    if table.kind == "view":
        for i, row in enumerate(ours[: len(table.rows)]):
            if isinstance(row, dict) and LINK in row:
                report.add("row", name, f"row {i + 1}", "$row", row[LINK], None, "a view has no row pages")
            compare_row(report, table, i, row, name, f"row {i + 1}")
            report.counts["rows"] += 1
        return
    seen_keys = []
    for n, row in enumerate(ours):
        path = row.get(LINK) if isinstance(row, dict) else None
        if path is None:
            report.add("row", name, f"list row {n + 1}", "$row", None, "a path", "a table row links its row page")
            continue
        if path in site.row_pages:
            report.add("paths", name, f"list row {n + 1}", "$row", path, None, f"also the row page of {site.row_pages[path]!r}")
        site.row_pages[path] = (name, n + 1)
        page = site.load(path, name)
        if page is None:
            continue
        report.counts["row_pages"] += 1
        key_values = page.get("key")
        if not isinstance(key_values, dict) or list(key_values) != (table.pk or [table.rowid_name]):
            report.add("row page", name, key_values, "key", key_values, table.pk or [table.rowid_name], "key columns")
            continue
        key = tuple(canon(v) for v in key_values.values())
        if key not in table.by_key:
            # A text-looking BLOB key in Datasette's JSON is canonical as a blob already; try text.
            report.add("rows", name, key_values, None, "present", "absent", "a row Datasette does not have")
            continue
        candidates = table.by_key[key]
        i = next((c for c in candidates if c not in seen_keys), candidates[0])
        seen_keys.append(i)
        site.row_index[path] = (name, i)
        if page.get("table") != name:
            report.add("row page", name, key_values, "table", page.get("table"), name, path)
        for column, theirs in table.key_dict(i).items():
            storage = "integer" if not table.pk else table.storage(i, column)
            why = value_difference(key_values[column], theirs, storage)
            if why:
                report.add("row page", name, key_values, f"key {column}", key_values[column], theirs, why)
        compare_row(report, table, i, row, name, key_values)
        compare_row(report, table, i, page.get("row"), f"{name} (row page)", key_values)
        report.counts["rows"] += 1
        table.pages[i] = page
    if seen_keys != sorted(seen_keys) or len(set(seen_keys)) != len(seen_keys):
        report.add("rows", name, None, None, "another order or a repeated row", "primary key order", "row order")
    for i in sorted(set(range(len(table.rows))) - set(seen_keys)):
        report.add("rows", name, table.key_dict(i), None, "absent", "present", "a row missing from the list twins")


def foreign_keys(ds, tables):
    """Every foreign key: {table: [(id, from columns, parent, to columns)]} by id."""
    out = {}
    for table in tables.values():
        if table.kind != "table":
            continue
        groups = {}
        for fk_id, _seq, parent, frm, to in ds.sql(
                "select id, seq, \"table\", \"from\", \"to\" from pragma_foreign_key_list(:t) order by id, seq",
                t=table.name):
            groups.setdefault(fk_id, []).append((parent, frm, to))
        fks = []
        for fk_id, parts in sorted(groups.items()):
            parent = parts[0][0]
            resolved = next((t for t in tables.values() if t.name.lower() == parent.lower() and t.kind == "table"), None)
            to = [p[2] for p in parts]
            if any(t is None for t in to) and resolved is not None:
                to = resolved.pk
            fks.append((fk_id, [p[1] for p in parts], resolved.name if resolved else parent, to, resolved))
        out[table.name] = fks
    return out


def key_select(table, alias):
    """SQL selecting a table's key (value and typeof each) from alias."""
    if table.pk:
        return [f"{alias}.{quote(c)}" for c in table.pk]
    return [f"{alias}.rowid"]


def decode_key(values):
    """Canonical key from alternating value, typeof columns."""
    return tuple(canon(values[j], values[j + 1]) for j in range(0, len(values), 2))


def compare_foreign_keys(ds, site, report, tables, fks):
    for name, table_fks in fks.items():
        child = tables[name]
        expected = [{"columns": frm, "table": parent, "to": to} for _, frm, parent, to, _ in table_fks]
        for i, page in child.pages.items():
            got = page.get("foreign_keys")
            shape = [{k: fk.get(k) for k in ("columns", "table", "to")} if isinstance(fk, dict) else fk for fk in got] if isinstance(got, list) else got
            if shape != expected:
                report.add("foreign keys", name, child.key_dict(i), None, shape, expected, "the foreign keys of the row page")
        for n, (_, frm, parent_name, to, parent) in enumerate(table_fks):
            if parent is None or len(to) != len(frm):
                for i, page in child.pages.items():  # no such table or key: nothing is referenced
                    got = page.get("foreign_keys")
                    if isinstance(got, list) and n < len(got) and isinstance(got[n], dict) and got[n].get("target") is not None:
                        report.add("fk target", name, child.key_dict(i), frm, got[n].get("target"), None, "no referenced table or key")
                continue
            child_key = [f"{e}, typeof({e})" for e in key_select(child, "c")]
            parent_key = [f"{e}, typeof({e})" for e in key_select(parent, "p")]
            on = " and ".join(f"p.{quote(t)} = c.{quote(f)}" for f, t in zip(frm, to))
            matched = f"p.{quote(to[0])} is not null"
            rows = ds.sql(f"select {', '.join(child_key)}, {matched}, {', '.join(parent_key)} "
                          f"from {quote(name)} c left join {quote(parent_name)} p on {on}")
            width = 2 * len(child.key)
            targets = {}
            for r in rows:
                key = decode_key(r[:width])
                if key in targets:
                    report.add("foreign keys", name, key, frm, None, None, "more than one referenced row (not unique)")
                targets[key] = decode_key(r[width + 1:]) if r[width] else None
            for i, page in child.pages.items():
                got = page.get("foreign_keys")
                if not isinstance(got, list) or n >= len(got) or not isinstance(got[n], dict):
                    continue
                report.counts["fk_targets"] += 1
                where = child.key_dict(i)
                theirs = targets.get(child.keys[i])
                ours = got[n].get("target")
                if theirs is None:
                    if ours is not None:
                        report.add("fk target", name, where, frm, ours, None, "no referenced row: the target is null")
                    continue
                if ours is None:
                    report.add("fk target", name, where, frm, None, parent.key_dict(parent.by_key[theirs][0]),
                               "the referenced row exists")
                    continue
                target = site.load(ours, name)
                if target is None:
                    continue
                j = parent.matching(theirs, target.get("row"))
                if target.get("table") != parent.name:
                    report.add("fk target", name, where, frm, target.get("table"), parent.name, "target table")
                if j is None:
                    continue
                target_key = target.get("key")
                if not isinstance(target_key, dict) or tuple(canon(v) for v in target_key.values()) != theirs:
                    report.add("fk target", name, where, frm, target_key, parent.key_dict(j), "target key")
                compare_row(report, parent, j, target.get("row"), f"{name} -> {parent.name}", where)


def compare_incoming(ds, site, report, tables, fks):
    incoming = {}
    for child_name in sorted(fks):
        for fk_id, frm, parent_name, to, parent in fks[child_name]:
            if parent is not None and len(to) == len(frm):
                incoming.setdefault(parent.name, []).append((child_name, fk_id, frm, to))
    for table in tables.values():
        if table.kind != "table":
            continue
        refs = incoming.get(table.name, [])
        expected = [{"table": c, "columns": frm} for c, _, frm, _ in refs]
        counts = []
        for child_name, _, frm, to in refs:
            cond = " and ".join(f"c.{quote(f)} = p.{quote(t)}" for f, t in zip(frm, to))
            keys = [f"{e}, typeof({e})" for e in key_select(table, "p")]
            rows = ds.sql(f"select {', '.join(keys)}, (select count(*) from {quote(child_name)} c where {cond}) "
                          f"from {quote(table.name)} p order by {', '.join(key_select(table, 'p'))}")
            # Key -> counts in key order: keys that read alike in JSON are told apart by order.
            per_key = {}
            for r in rows:
                per_key.setdefault(decode_key(r[:-1]), []).append(r[-1])
            counts.append(per_key)
        for i, page in table.pages.items():
            where = table.key_dict(i)
            got = page.get("incoming")
            shape = [{k: e.get(k) for k in ("table", "columns")} if isinstance(e, dict) else e for e in got] if isinstance(got, list) else got
            if shape != expected:
                report.add("incoming", table.name, where, None, shape, expected, "the incoming references (tables, columns, order)")
                continue
            for (child_name, _, frm, to), count, entry in zip(refs, counts, got):
                report.counts["incoming"] += 1
                same_key = table.by_key[table.keys[i]]
                listed_counts = count.get(table.keys[i], [])
                occurrence = same_key.index(i)
                theirs = listed_counts[occurrence] if occurrence < len(listed_counts) else 0
                if entry.get("count") != theirs:
                    report.add("incoming", table.name, where, f"{child_name}({', '.join(frm)})", entry.get("count"), theirs, "count")
                listed = entry.get("list")
                if (listed is None) != (theirs == 0):
                    report.add("incoming", table.name, where, f"{child_name}({', '.join(frm)})", listed, theirs, "a list exactly when the count is not 0")
                if listed is None:
                    continue
                report.counts["incoming_lists"] += 1
                values = {f: table.rows[i][t] for f, t in zip(frm, to)}
                storages = {f: table.storage(i, t) for f, t in zip(frm, to)}
                check_filtered(site, report, tables[child_name], listed, values, storages, theirs,
                               f"{table.name} <- {child_name}", where)


def check_filtered(site, report, table, path, values, storages, count, where, key):
    """A filtered list: its table, its `where`, every row matching it, and `count` rows."""
    rows, head = site.list_rows(path, where, table.name)
    if head is None:
        return
    got = head.get("where")
    if not isinstance(got, dict) or list(got) != list(values):
        report.add("filtered list", where, key, "where", got, values, path)
    else:
        for column, value in values.items():
            why = value_difference(got[column], value, storages[column])
            if why:
                report.add("filtered list", where, key, f"where {column}", got[column], value, why)
    if len(rows) != count:
        report.add("filtered list", where, key, None, len(rows), count, f"rows in {path}")
    positions = []
    for row in rows:
        if table.kind == "table" and isinstance(row, dict):
            found = site.row_index.get(row.get(LINK))
            if found is None or found[0] != table.name:
                report.add("filtered list", where, key, "$row", row.get(LINK), None, f"a row of {path} that is no row page of {table.name!r}")
            else:
                positions.append(found[1])
                compare_row(report, table, found[1], row, f"{where} (filtered list)", table.key_dict(found[1]))
        for column, value in values.items():
            if not isinstance(row, dict) or column not in row or not sqlite_equal(row[column], canon_value(value, storages[column])):
                report.add("filtered list", where, key, column, row.get(column) if isinstance(row, dict) else row,
                           value, f"a row of {path} that does not match")
                break
    if positions != sorted(positions):
        report.add("filtered list", where, key, None, "another order", "primary key order", f"rows of {path}")


def canon_value(value, storage):
    """A Datasette value as it is in our JSON (a BLOB that is UTF-8 back to $base64)."""
    if storage == "blob" and isinstance(value, str):
        return {"$base64": True, "encoded": base64.b64encode(value.encode("utf-8")).decode("ascii")}
    return value


def compare_facets(ds, site, report, tables, index_entries):
    for table in tables.values():
        entry = index_entries[table.name]
        facets = entry.get("facets")
        if not isinstance(facets, list):
            report.add("facets", table.name, None, None, facets, "a list", "index facets")
            continue
        ours = {f.get("column"): f.get("json") for f in facets if isinstance(f, dict)}
        candidates = [c for c in table.columns if c not in table.pk]
        expected = []
        if candidates:
            parts = ", ".join(f"count(distinct {quote(c)}), sum(typeof({quote(c)}) = 'blob'), sum({quote(c)} is null)" for c in candidates)
            stats = ds.sql(f"select {parts} from {quote(table.name)}")[0]
            nulls = {}
            for k, c in enumerate(candidates):
                distinct, blobs, null = stats[3 * k: 3 * k + 3]
                nulls[c] = null or 0
                if 2 <= distinct <= 30 and not blobs:
                    expected.append(c)
        if sorted(ours) != sorted(expected):
            report.add("facets", table.name, None, None, sorted(ours, key=repr), sorted(expected, key=repr),
                       "columns with a facet (not a key, no BLOB, 2 to 30 distinct values)")
        for column in expected:
            if column not in ours:
                continue
            report.counts["facets"] += 1
            facet = site.load(ours[column], table.name)
            if facet is None:
                continue
            if facet.get("table") != table.name or facet.get("column") != column:
                report.add("facets", table.name, None, column, (facet.get("table"), facet.get("column")),
                           (table.name, column), "facet table and column")
            theirs = ds.facet(table.name, column)
            if nulls[column]:
                theirs = [(None, nulls[column])] + theirs
            theirs.sort(key=lambda vc: -vc[1])  # stable: NULL first among equal counts, then Datasette's value order
            values = facet.get("values") if isinstance(facet.get("values"), list) else []
            values = [v for v in values if isinstance(v, dict)]
            pairs = [(v.get("value"), v.get("count")) for v in values]
            same = len(pairs) == len(theirs) and all(sqlite_equal(a[0], b[0]) and a[1] == b[1] for a, b in zip(pairs, theirs))
            if not same:
                report.add("facet", table.name, None, column, pairs, theirs, "value -> count, by count then value")
            report.counts["facet_values"] += len(values)
            for v in values:
                if v.get("list") is None:
                    report.add("facet", table.name, None, column, v, None, "a facet value links its filtered list")
                    continue
                storage = "null" if v.get("value") is None else None
                check_filtered(site, report, table, v["list"], {column: v.get("value")}, {column: storage},
                               v.get("count"), f"{table.name} facet", column)


def compare(ds, site_dir, report):
    site = Site(site_dir, report)
    site.row_pages = {}
    site.row_index = {}  # row page path -> (table, Datasette's row index)
    index = site.load("index.json", "index.json")
    if not isinstance(index, dict) or not isinstance(index.get("tables"), list):
        raise CannotRun(f"{site_dir!r} has no index.json with a tables list")
    theirs = ds.sql("select name, type from sqlite_master where type in ('table', 'view') "
                    "and name not like 'sqlite\\_%' escape '\\' order by name")
    entries = [e for e in index["tables"] if isinstance(e, dict)]
    ours_names = [(e.get("name"), e.get("type")) for e in entries]
    if ours_names != [tuple(t) for t in theirs]:
        report.add("index", None, None, "tables", ours_names, [tuple(t) for t in theirs], "tables and views, by name")
    tables = {}
    for name, kind in theirs:
        tables[name] = Table(ds, name, kind)
        tables[name].pages = {}
    index_entries = {e.get("name"): e for e in entries}
    for name, table in tables.items():
        if name in index_entries:
            compare_table(ds, site, report, tables, table, index_entries[name])
        else:
            report.add("index", name, None, None, "absent", "present", "a table missing from the index")
    fks = foreign_keys(ds, tables)
    compare_foreign_keys(ds, site, report, tables, fks)
    compare_incoming(ds, site, report, tables, fks)
    compare_facets(ds, site, report, {n: t for n, t in tables.items() if n in index_entries}, index_entries)
    folded = {}
    for path in site.row_pages:
        folded.setdefault(path.casefold(), []).append(path)
    for paths in folded.values():
        if len(paths) > 1:
            report.add("paths", None, None, None, paths, None, "row pages whose paths differ only in case")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site")
    parser.add_argument("db")
    parser.add_argument("--show", type=int, default=100, help="differences printed (all are counted)")
    args = parser.parse_args()

    def stop_on_signal(number, _frame):
        raise SystemExit(128 + number)

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, stop_on_signal)
    report = Report(args.show)
    started = time.monotonic()
    ds = Datasette(args.db)
    try:
        ds.wait()
        compare(ds, args.site, report)
    except CannotRun as e:
        print(f"datasette-oracle: cannot compare: {e}", file=sys.stderr)
        return 2
    except Exception:  # a site shaped so far from the contract that the oracle itself broke
        traceback.print_exc()
        print(f"datasette-oracle: the oracle failed after {len(report.differences)} differences", file=sys.stderr)
        return 2
    finally:
        ds.stop()
    c = report.counts
    n = len(report.differences)
    if n > args.show:
        print(f"... and {n - args.show} more differences")
    print(f"datasette-oracle: {os.path.basename(args.db)}: {c['tables']} tables and views, {c['rows']} rows compared "
          f"({c['row_pages']} row pages), {c['fk_targets']} foreign-key targets, {c['incoming']} incoming counts "
          f"({c['incoming_lists']} filtered lists), {c['facets']} facets ({c['facet_values']} values), "
          f"{ds.requests} Datasette requests, {time.monotonic() - started:.1f} s: {n} differences")
    return 1 if n else 0


if __name__ == "__main__":
    sys.exit(main())
