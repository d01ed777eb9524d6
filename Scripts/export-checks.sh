#!/usr/bin/env bash
# Checks `tablekit export` from the outside: the sample site (car catalogue and ledger
# drill-down), a nested JSON file whose keys and values are the hostile corpus, and a CSV
# grouped into a drill-down site (with levels long enough to be split into pages).
#
#   bash Scripts/export-checks.sh [path/to/tablekit]
#
# Each site must: export twice byte for byte the same; parse, link and validate
# (Scripts/export-checks.py: html5lib, every page reachable from index.html, the sitemap exact,
# linkchecker 0 broken links, the Nu HTML Checker 0 errors and 0 warnings); and bad arguments
# must fail with their exit codes and messages; an export SIGKILLed at 30 moments must leave the
# old site or the new, never a mix (Scripts/export-kill.py). Then Scripts/export-browser.py drives headless
# Chromium over the sites (axe-core, a click-through by links and breadcrumbs, a Pagefind
# search); chromium and chromium-driver are installed with apt-get when missing.
set -euo pipefail
cd "$(dirname "$0")/.."

tablekit="${1:-.build/release/tablekit}"
[ -x "$tablekit" ] || { echo "export-checks: no tablekit at $tablekit (build it first)" >&2; exit 1; }
python=$(bash Scripts/validation-venv.sh)
out="$PWD/.build/export-checks"
rm -rf "$out"
mkdir -p "$out"

# Inputs: the hostile corpus as nested JSON (every string a key, a title and a value), and a
# sales CSV with hostile customer names, deterministic.
"$python" - "$out" <<'PY'
import csv, json, sys
out = sys.argv[1]
corpus = json.load(open("Tests/Validation/corpus.json"))
strings = []
def collect(value):
    if isinstance(value, str): strings.append(value)
    elif isinstance(value, list): [collect(v) for v in value]
    elif isinstance(value, dict): [collect(value[k]) for k in sorted(value)]
collect(corpus)
strings = list(dict.fromkeys(strings))
nested = {s: {"value": s, "list": [s, {"inner": s}]} for s in strings}
json.dump({"Hostile <corpus> & \"friends\"": nested}, open(f"{out}/hostile.json", "w"), ensure_ascii=False)
regions = ["North", "South", "East & West", "<Central>"]
with open(f"{out}/sales.csv", "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["region", "customer", "product", "amount"])
    for i in range(600):
        customer = strings[i % 7] if i % 5 == 0 else f"Customer {i % 13}"
        w.writerow([regions[i % 4], customer, f"Product {i % 17}", f"{(i * 37) % 1000}.{i % 100:02d}"])
PY

expect_status() {
  local want=$1 pattern=$2; shift 2
  set +e
  "$@" >"$out/stdout.txt" 2>"$out/stderr.txt"
  local got=$?
  set -e
  if [ "$got" -ne "$want" ] || ! grep -q -- "$pattern" "$out/stderr.txt" "$out/stdout.txt"; then
    echo "export-checks: '$*' exited $got (wanted $want) or did not say '$pattern':" >&2
    cat "$out/stdout.txt" "$out/stderr.txt" >&2
    exit 1
  fi
  echo "ok   exit $want: ${*:2}"
}

export_twice() {
  local name=$1; shift
  "$tablekit" export "$@" --out "$out/$name"
  "$tablekit" export "$@" --out "$out/$name-again" >/dev/null
  diff -r "$out/$name" "$out/$name-again" >/dev/null \
    || { echo "export-checks: two exports of $name differ" >&2; diff -r "$out/$name" "$out/$name-again" | head >&2; exit 1; }
  rm -rf "$out/$name-again"
  echo "ok   $name: two exports byte-identical"
}

export_twice samples --root https://example.com/samples/
# The car catalogue's pages are named by its router's URLs (cars://brands/bmw/models/x3).
[ -f "$out/samples/cars/brands/bmw/models/x3.html" ] && [ -f "$out/samples/ledger/invoices/inv-1042/lines.html" ] \
  || { echo "export-checks: the samples' pages are not named by their routes" >&2; find "$out/samples" | head >&2; exit 1; }
export_twice hostile --input "$out/hostile.json" --root https://example.com/hostile/
export_twice sales "$out/sales.csv" --group-by region,customer --rows-per-page 8 --title "Sales"
find "$out/sales" -name "*~page-2.html" | grep -q . || { echo "export-checks: no level of sales was paged" >&2; exit 1; }

# Exporting over an old site replaces it whole: no stale page survives.
"$tablekit" export --out "$out/replaced" >/dev/null
echo stale >"$out/replaced/stale.html"
"$tablekit" export --out "$out/replaced" >/dev/null
[ ! -e "$out/replaced/stale.html" ] && [ -f "$out/replaced/index.html" ] \
  && [ -f "$out/replaced/.written-by-tablekit" ] \
  || { echo "export-checks: a stale page survived the export" >&2; exit 1; }
echo "ok   a second export over the first replaces it whole"
# A third export of the same site writes nothing: every file is linked from the second, with its
# inode; the stale page counts as removed in the second.
inodes() { find "$1" -type f ! -name .written-by-tablekit ! -name .tablekit-manifest -printf '%P %i %T@\n' | sort; }
before=$(inodes "$out/replaced")
summary=$("$tablekit" export --out "$out/replaced")
files=$(echo "$before" | wc -l)
[ "$(inodes "$out/replaced")" = "$before" ] && [[ $summary == *": 0 files written, $files unchanged, 0 removed" ]] \
  || { echo "export-checks: the same site exported again: $summary" >&2; exit 1; }
echo "ok   the same site exported again: $summary; every inode and mtime kept"

expect_status 64 "export needs --out" "$tablekit" export
expect_status 64 "has no column 'nowhere'" "$tablekit" export "$out/sales.csv" --group-by nowhere --out "$out/x"
expect_status 64 "add --group-by" "$tablekit" export "$out/sales.csv" --out "$out/x"
expect_status 64 "--root needs the http or https URL" "$tablekit" export --out "$out/x" --root javascript:alert
expect_status 66 "missing.json" "$tablekit" export --input "$out/missing.json" --out "$out/x"
expect_status 1 "deeper than 1 levels" "$tablekit" export --max-depth 1 --out "$out/x"
expect_status 1 "more than 5 pages" "$tablekit" export --max-pages 5 --out "$out/x"
[ ! -e "$out/x" ] || { echo "export-checks: a failed export left $out/x" >&2; exit 1; }

# The export never deletes what it did not write: the issue's reproduction (and the input's
# folder, an ancestor, a foreign folder) is refused with 73 before the input is read, every file
# still there, --replace-foreign included; only a foreign folder that is none of those is
# replaced when asked.
tablekit_path=$(cd "$(dirname "$tablekit")" && pwd)/$(basename "$tablekit")
proj="$out/proj"
mkdir -p "$proj/in" "$proj/.git" "$proj/other"
echo '{"a":["1"]}' >"$proj/in/x.json"
cp "$out/sales.csv" "$proj/in/sales.csv"
echo keep >"$proj/notes.txt" && echo ref >"$proj/.git/HEAD" && echo mine >"$proj/other/mine.txt"
listing() { (cd "$proj" && find . -print | LC_ALL=C sort && find . -type f -exec sha256sum {} + | LC_ALL=C sort); }
before=$(listing)
in_proj() { (cd "$proj" && expect_status "$@"); }
in_proj 73 "it is the current directory" "$tablekit_path" export --input in/x.json --out .
in_proj 73 "it is the current directory" "$tablekit_path" export --input in/x.json --out . --replace-foreign
in_proj 73 "it is the current directory" "$tablekit_path" export --input in/missing.json --out .
in_proj 73 "it holds the current directory" "$tablekit_path" export --input in/x.json --out ..
in_proj 73 "it holds the current directory" "$tablekit_path" export --out / --replace-foreign
in_proj 73 "it holds the input in/x.json" "$tablekit_path" export --input in/x.json --out in
in_proj 73 "it holds the input in/x.json" "$tablekit_path" export --input in/x.json --out in --replace-foreign
in_proj 73 "it holds the input in/sales.csv" "$tablekit_path" export in/sales.csv --group-by region --out in
(cd "$out" && expect_status 73 "it holds the input proj/in/sales.csv" "$tablekit_path" export proj/in/sales.csv --group-by region --out proj --replace-foreign)
in_proj 73 "not empty and TableKit did not write it" "$tablekit_path" export --input in/x.json --out other
[ "$(listing)" = "$before" ] || { echo "export-checks: a refused export changed the folder" >&2; diff <(echo "$before") <(listing) >&2; exit 1; }
echo "ok   every refused export left every file in place ($(cd "$proj" && find . -type f | wc -l) files)"
(cd "$proj" && "$tablekit_path" export --input in/x.json --out other --replace-foreign >/dev/null)
[ -f "$proj/other/index.html" ] && [ ! -e "$proj/other/mine.txt" ] \
  || { echo "export-checks: --replace-foreign did not replace a foreign folder" >&2; exit 1; }
echo "ok   --replace-foreign replaces a foreign folder that is none of those"

# A SIGKILLed export leaves its hidden staged folder; the next export of the same target removes
# those of its own, never one a running export is using (two exports at once both succeed).
stale="$out/stale"
mkdir -p "$stale"
"$tablekit" export --input "$out/hostile.json" --out "$stale/site" >/dev/null
start=$(date +%s%N)
"$tablekit" export --input "$out/hostile.json" --out "$stale/site" >/dev/null
duration_ns=$(($(date +%s%N) - start))
for kill in $(seq 0 19); do
  "$tablekit" export --input "$out/hostile.json" --out "$stale/site" >/dev/null 2>&1 &
  pid=$!
  sleep "$(awk -v d="$duration_ns" -v k="$kill" 'BEGIN { printf "%.4f", d / 1e9 * (0.2 + 0.6 * k / 19) }')"
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
done
left=$(find "$stale" -maxdepth 1 -name '.site.tablekit-*' | wc -l)
"$tablekit" export --input "$out/hostile.json" --out "$stale/site" >/dev/null
after=$(find "$stale" -maxdepth 1 -name '.site.tablekit-*' | wc -l)
[ "$after" -eq 0 ] || { echo "export-checks: $after staged folders left after the next export" >&2; ls -a "$stale" >&2; exit 1; }
echo "ok   20 SIGKILLs left $left staged folder(s); the next export left none"
for round in 1 2 3 4 5; do
  "$tablekit" export --input "$out/hostile.json" --out "$stale/site" >/dev/null & first=$!
  "$tablekit" export --input "$out/hostile.json" --out "$stale/site" >/dev/null & second=$!
  wait "$first" && wait "$second" \
    || { echo "export-checks: two exports at once of one folder did not both succeed" >&2; exit 1; }
done
[ "$(find "$stale" -maxdepth 1 -name '.site.tablekit-*' | wc -l)" -eq 0 ] && [ -f "$stale/site/index.html" ] \
  || { echo "export-checks: two exports at once left a staged folder or no site" >&2; exit 1; }
echo "ok   5 rounds of two exports at once of one folder: both succeed, one whole site, nothing left"

"$python" Scripts/export-checks.py "$out/samples" "$out/hostile" "$out/sales"

# Killed at any moment, an export leaves the old site or the new one, never a mix.
"$python" Scripts/export-kill.py "$tablekit" "$out/kill" 30

# In headless Chromium: axe-core (0 violations), a keyboard click-through to the deepest level
# and back by the breadcrumbs, a Pagefind search; screenshots of the samples' index and deepest
# page go to .build/shots.
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
  echo "export-checks: installing chromium and chromium-driver (the browser checks drive them)"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo=sudo; fi
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium chromium-driver >/dev/null
fi
"$python" Scripts/export-browser.py .build/shots "$out/samples" "$out/hostile:10" "$out/sales:5"
