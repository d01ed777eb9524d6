#!/usr/bin/env bash
# Times `tablekit data.db --table t -f csv` beside the sqlite3 command (`sqlite3 -csv`, Debian's
# sqlite3) and Python's sqlite3 + csv on the same table: CPU seconds (user + system) and peak
# RSS, each the best of three runs, output to /dev/null.
#
#   Scripts/database-bench.sh [path/to/tablekit] [rows]   (default: .build/release/tablekit, 1000000)
#
# The table: an INTEGER PRIMARY KEY, a TEXT, a REAL and an INTEGER per row, made by Python.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
rows="${2:-1000000}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work/data.db" "$rows" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, amount REAL, n INTEGER)')
c.executemany('INSERT INTO t VALUES (?, ?, ?, ?)',
              ((i, 'name%d' % i, i * 0.37, i * 7) for i in range(int(sys.argv[2]))))
c.commit()
PY
cat >"$work/python-csv.py" <<'PY'
import csv, sqlite3, sys
c = sqlite3.connect(sys.argv[1])
cursor = c.execute('SELECT * FROM t')
writer = csv.writer(sys.stdout)
writer.writerow([d[0] for d in cursor.description])
writer.writerows(cursor)
PY

# best TOOL COMMAND...: the lowest CPU time of three runs and that run's peak RSS.
best() {
  local name=$1
  shift
  local line best_cpu="" best_rss=""
  for _ in 1 2 3; do
    line=$(/usr/bin/time -f "%U %S %M" "$@" 2>&1 >/dev/null | tail -n 1)
    read -r user system rss <<<"$line"
    cpu=$(python3 -c "print(f'{$user + $system:.2f}')")
    if [ -z "$best_cpu" ] || python3 -c "import sys; sys.exit(0 if $cpu < $best_cpu else 1)"; then
      best_cpu=$cpu
      best_rss=$rss
    fi
  done
  printf '%-28s %8s s CPU %8s MB peak RSS\n' "$name" "$best_cpu" "$((best_rss / 1024))"
}

echo "$rows rows, $(stat -c %s "$work/data.db") bytes; sqlite3 $(sqlite3 --version | cut -d' ' -f1), $(python3 --version)"
best "tablekit --table t -f csv" "$tablekit" "$work/data.db" --table t -f csv
best "sqlite3 -csv" sqlite3 -csv -header "$work/data.db" "SELECT * FROM t"
best "python3 sqlite3 + csv" python3 "$work/python-csv.py" "$work/data.db"
