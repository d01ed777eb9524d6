#!/usr/bin/env bash
# Times `tablekit export big.db --out site` on a generated database, then a re-export after one
# row changed: pages/s, user and system CPU, peak RSS (`/usr/bin/time -v`), and the files the
# re-export wrote, left unchanged and removed (what `tablekit export` prints); then, when
# tablekit-bench is built beside tablekit, the CPU of an in-memory export that makes every page
# against one that keeps the pages whose inputs' fingerprints did not change.
#
#   bash Scripts/database-site-bench.sh [path/to/tablekit] [rows] [folder]
#
# Defaults: .build-perf/release/tablekit (build it with `swift build -c release --product
# tablekit --scratch-path .build-perf`), 100000 rows, a new folder under .build-perf, removed at
# the end. Run it on an idle machine and not within minutes of deleting a large site on the
# same ext4 file system: for a while ext4 skips recently freed inodes when it makes new ones,
# which can multiply the system time of creating 336,000 files.
# The database (Python's sqlite3, random.seed(1)): `customers` (a tenth of the rows: id, name,
# city of 10 values) and `orders` (the rest: id, `customer_id REFERENCES customers` with no
# index, status of 5 values, total, note). The load average is printed before and after, since
# the machine may be shared.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build-perf/release/tablekit}"
rows="${2:-100000}"
[ -x "$tablekit" ] || { echo "database-site-bench: no tablekit at $tablekit (build it first)" >&2; exit 1; }
mkdir -p .build-perf
work="${3:-$(mktemp -d "$PWD/.build-perf/database-site-bench.XXXXXX")}"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

python3 - "$work/big.db" "$rows" <<'PY'
import random, sqlite3, sys
random.seed(1)
path, rows = sys.argv[1], int(sys.argv[2])
customers = max(1, rows // 10)
db = sqlite3.connect(path)
db.executescript('''
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customers(id),
  status TEXT, total REAL, note TEXT);
''')
cities = ["Oslo", "Lima", "Kyiv", "Pune", "Quito", "Hanoi", "Porto", "Accra", "Perth", "Turin"]
statuses = ["new", "paid", "shipped", "returned", "cancelled"]
words = ["gift", "fragile", "urgent", "call first", "leave at door", "Ünïcödé", "<b>bold</b>"]
db.executemany("INSERT INTO customers VALUES (?, ?, ?)",
               ((i, f"Customer {i}", random.choice(cities)) for i in range(1, customers + 1)))
db.executemany("INSERT INTO orders VALUES (?, ?, ?, ?, ?)",
               ((i, random.randint(1, customers), random.choice(statuses),
                 round(random.uniform(1, 1000), 2), " ".join(random.sample(words, 2)))
                for i in range(1, rows - customers + 1)))
db.commit()
PY

# run LABEL COMMAND...: one timed run; prints the report line and the time's figures.
run() {
  local label=$1
  shift
  echo "== $label (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  /usr/bin/time -v "$@" 2>"$work/time.txt" | tail -n 3
  grep -E 'Elapsed|User time|System time|Maximum resident' "$work/time.txt" | sed 's/^\s*/  /'
}

run "full export" "$tablekit" export "$work/big.db" --out "$work/site"
pages=$(find "$work/site" -name '*.html' | wc -l)
echo "  pages: $pages, files: $(find "$work/site" -type f | wc -l)"
cp "$work/big.db" "$work/before.db"
sqlite3 "$work/big.db" "UPDATE orders SET note = 'changed once' WHERE id = 4242 % (SELECT count(*) FROM orders) + 1"
run "re-export after one order's note changed" "$tablekit" export "$work/big.db" --out "$work/site"
# The CPU of making every page against keeping those whose fingerprints did not change, in
# memory (no disk), when tablekit-bench is built beside tablekit.
bench="$(dirname "$tablekit")/tablekit-bench"
if [ -x "$bench" ]; then
  echo "== in memory: every page made, and only the changed ones ($bench --database-site-kept)"
  "$bench" --database-site-kept "$work/before.db" "$work/big.db" | sed 's/^/  /'
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
