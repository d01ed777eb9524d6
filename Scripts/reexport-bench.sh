#!/usr/bin/env bash
# The re-export benchmark (not run in CI): a full site export beside a re-export after one
# change, with the files each wrote.
#
#   bash Scripts/reexport-bench.sh [FANOUT] [ROWS] [path/to/tablekit]   (defaults 100 100, release)
#
# The site is export-bench.sh's shape, through the command line: a nested JSON file of FANOUT
# groups of FANOUT items of ROWS rows (1 + FANOUT + FANOUT² pages: 10,101 for the defaults),
# exported with `tablekit export --input`. Into a folder on disk (.build/reexport-bench):
#
#   full       the export into an absent folder (every file written)
#   same       the same file exported again over it (every file linked, none written)
#   one-row    one row of one item changed, exported again (that item's page written)
#
# each under /usr/bin/time (wall and CPU seconds, peak RSS), with the summary line tablekit
# prints (files written, unchanged, removed) and the count of files (the marker aside) whose
# inode changed.
set -euo pipefail
cd "$(dirname "$0")/.."

fanout=${1:-100}
rows=${2:-100}
tablekit=${3:-}
if [ -z "$tablekit" ]; then
  swift build -c release --product tablekit 2>&1 | tail -1
  tablekit=.build/release/tablekit
fi
work=.build/reexport-bench
rm -rf "$work"
mkdir -p "$work"

make_json() { # path changed-row
  python3 - "$1" "$fanout" "$rows" "$2" <<'PY'
import json, sys
path, fanout, rows, changed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
def line(g, i, r):
    seed = ((7 * 31 + g) * 31 + i) * 131 + r & 0xFFFF
    text = f"Line {r}: {seed % 97} at {seed % 10000 / 100:.2f}, note {seed % 13}"
    return text + " (changed)" if changed and (g, i, r) == (0, 0, 0) else text
site = {f"Group {g}": {f"Item {g}-{i}": [line(g, i, r) for r in range(rows)]
                       for i in range(fanout)} for g in range(fanout)}
with open(path, "w") as f:
    json.dump(site, f)
PY
}

make_json "$work/site.json" 0
inodes() { find "$1" -type f ! -name .written-by-tablekit ! -name .tablekit-manifest -printf '%P %i\n' | sort; }
run() { # label
  local label=$1 before after
  before=$(inodes "$work/site" 2>/dev/null || true)
  local summary
  summary=$(/usr/bin/time -f "%e s wall, %U + %S s CPU, %M KB peak RSS" -o "$work/time" \
    "$tablekit" export --input "$work/site.json" --title Bench --out "$work/site")
  after=$(inodes "$work/site")
  local changed
  changed=$(comm -13 <(echo "$before") <(echo "$after") | wc -l)
  echo "$label: $(cat "$work/time"); $summary; $changed files with a new inode"
}
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
run full
run same
make_json "$work/site.json" 1
run one-row
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
