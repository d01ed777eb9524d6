#!/usr/bin/env bash
# Runs every tablekit command the README shows and checks its exit status and some of its output,
# so a change to the command line cannot silently break a documented one-liner.
#
#   Scripts/readme-commands.sh [path/to/tablekit]     (default: .build/release/tablekit)
#
# The commands are read from README.md itself: every line of a ```sh block that runs tablekit, and
# every inline `swift run tablekit …` / `tablekit …` span (spans with … or [optional] parts are
# listed as skipped, except the feed one, run without its optional parts). `swift run tablekit`
# and `tablekit` both run the binary given. Each command needs an entry in `expect` below: a
# README command without one fails the step, so the list cannot fall behind the README.
# The commands run in a scratch folder holding the files they name (data.csv, api.json,
# logs.jsonl, sales.csv, data.json, shop.db, Tests/Validation/corpus.json).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
binary="${1:-.build/release/tablekit}"
[[ $binary = /* ]] || binary="$root/$binary"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The files the README's commands read.
mkdir -p "$work/Tests/Validation"
cp Tests/Validation/corpus.json "$work/Tests/Validation/"
printf 'name,city,score\nAda,London,36\nGrace,New York,85\n' >"$work/data.csv"
printf '{"items": [{"sku": "A-1", "qty": 3}, {"sku": "B-2", "qty": 5}]}\n' >"$work/api.json"
printf '%s\n' '{"time": "09:00", "level": "info", "message": "started", "host": "h1"}' \
  '{"time": "09:01", "level": "warn", "message": "disk at 91%", "host": "h1"}' >"$work/logs.jsonl"
printf 'region,customer,amount,price\nNorth,Acme,120.50,2\nSouth,Birch,80,3\nNorth,Cobalt,990.25,3\nSouth,Acme,15,4\n' \
  >"$work/sales.csv"
printf '{"title": "Shelf", "books": ["Dune", {"title": "Emma", "tags": ["novel"]}]}\n' >"$work/data.json"
python3 -c 'import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript("CREATE TABLE orders (id INTEGER PRIMARY KEY, total REAL); INSERT INTO orders VALUES (1, 9.5), (2, 120.25);")
c.commit()' "$work/shop.db"

# expect[COMMAND]="PATTERN": the command must succeed and its standard output (or, for `-o FILE`
# and `export --out DIR`, that file or DIR/index.html) must hold PATTERN (grep -E).
declare -A expect=(
  ["swift run tablekit"]="INV-1042"
  ["swift run tablekit --style rounded"]="╭.*╮"
  ["swift run tablekit --format markdown"]="^\| .*INV-1042"
  ["swift run tablekit --format html -o ledger.html"]="<!DOCTYPE html>"
  # A workbook is a ZIP archive: its sheet's name is in a local header, uncompressed.
  ["swift run tablekit --format xlsx -o ledger.xlsx"]="xl/worksheets/sheet1.xml"
  ["swift run tablekit --input Tests/Validation/corpus.json --format csv"]=","
  ["swift run tablekit --help"]="^USAGE: tablekit"
  ["tablekit --help"]="--sample-rows <n>"
  ["tablekit data.csv"]="Grace +New York +85"
  ["jq '.items' api.json | tablekit -f markdown"]="^\| B-2 +\| +5 \|"
  ["tablekit --from jsonl logs.jsonl --columns time,level,message"]="^ *time +level +message *$"
  ["tablekit sales.csv --sort -amount --group-by region --count -f html -o report.html"]="<td colspan=\"3\">2 rows</td>"
  ["tablekit sales.csv --group-by region --sum amount --mean price --total --column amount=money:EUR --locale de_DE --title Sales --footnote 'amount=Excluding VAT' --source-note 'Source: the ledger' -f html -o sales.html"]="<td class=\"number\">1.110,75[^<]*€</td><td class=\"number\">2.5</td>"
  ["tablekit shop.db"]="^ *orders +table +2 *$"
  ["tablekit shop.db --table orders --sort -total -f csv"]="^2,120.25"
  ["tablekit export shop.db --out site"]="orders"
  ["tablekit open shop.db db://tables/orders/rows/1"]="orders: 1"
  ["swift run tablekit --composed"]="Invoices of 500.00 or more"
  ["swift run tablekit --sample feed --page-size 50"]="#50 Notes on release notes"
  ["swift run tablekit browse"]="BMW"
  ["printf '2\n1\nb\nq\n' | swift run tablekit browse"]="3 Series"
  ["swift run tablekit browse --nested"]="Nested list"
  ["swift run tablekit browse --input data.json"]="Shelf"
  ["swift run tablekit open cars://brands/bmw/models/i4"]="URL: cars://brands/bmw/models/i4"
  ["swift run tablekit export --out site"]="<!DOCTYPE html>"
  ["tablekit export sales.csv --group-by region,customer --out site"]="North"
)

# The README's commands: lines of ```sh blocks and inline spans that run tablekit.
commands=()
while IFS= read -r line; do commands+=("$line"); done < <(
  python3 - "$root/README.md" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
found = []
for block in re.findall(r"^\s*```sh\n(.*?)^\s*```", text, re.S | re.M):
    for line in block.splitlines():
        line = re.sub(r"\s+#\s.*$", "", line.strip())
        if re.search(r"(^|\| )(swift run )?tablekit\b", line):
            found.append(line)
for span in re.findall(r"`((?:swift run )?tablekit(?: [^`]*)?)`", text):
    span = " ".join(span.split())
    if span.startswith("swift run tablekit --sample feed"):
        span = re.sub(r"\s*\[[^\]]*\]", "", span)  # the optional parts, left out
    if "…" in span or "[" in span or span in ("tablekit",):
        print("SKIP " + span, file=sys.stderr)
        continue
    found.append(span)
seen = set()
for command in found:
    if command not in seen:
        seen.add(command)
        print(command)
PY
)

tablekit() { "$binary" "$@"; }
if ! command -v jq >/dev/null; then
  # The README pipes `jq '.items'`; without jq, Python does the same.
  jq() { python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[2]))["items"]))' "$@"; }
fi

checks=0
failures=0
cd "$work"
for command in "${commands[@]}"; do
  checks=$((checks + 1))
  pattern=${expect[$command]-}
  if [[ -z $pattern ]]; then
    echo "FAIL: the README runs '$command', which this script does not check: add it to expect" >&2
    failures=$((failures + 1))
    continue
  fi
  rm -rf site ledger.html report.html sales.html
  runnable=${command//swift run tablekit/tablekit}
  status=0
  # The browser reads commands from standard input: an empty one (not a terminal) quits it.
  eval "$runnable" </dev/null >out 2>err || status=$?
  checked=out
  [[ $command =~ -o\ ([^ ]+) ]] && checked=${BASH_REMATCH[1]}
  [[ $command =~ --out\ ([^ ]+) ]] && checked=${BASH_REMATCH[1]}/index.html
  if [[ $status -ne 0 ]]; then
    echo "FAIL: '$command' exited $status: $(head -c 400 err)" >&2
    failures=$((failures + 1))
  elif ! grep -qE -- "$pattern" "$checked"; then
    echo "FAIL: '$command': $checked does not match '$pattern': $(head -c 400 "$checked")" >&2
    failures=$((failures + 1))
  else
    echo "ok: $command  ($(wc -c <"$checked" | tr -d ' ') bytes, matched '$pattern')"
  fi
done
for command in "${!expect[@]}"; do
  printf '%s\n' "${commands[@]}" | grep -qxF -- "$command" \
    || echo "note: '$command' is checked here but no longer in the README" >&2
done
echo "readme commands: $checks run, $((checks - failures)) passed, $failures failed"
[[ $failures -eq 0 ]]
