#!/usr/bin/env bash
# Benchmarks the tablekit command line against Miller, csvkit's csvlook, tabulate's CLI and
# column -t on the shared benchmark table (shared/bench/gendata.py), written as CSV and JSON Lines.
# Not run in CI: it takes minutes and wants a quiet machine.
#
#   Scripts/cli-bench.sh [rows] [repetitions] [rows for csvlook and tabulate] [groups]
#       (defaults: 1000000 3 100000 tablekit,miller,peers; add hyperfine for the CSV
#       conversions beside Miller's to the millisecond, with Debian's hyperfine)
#
# Each case runs `repetitions` times; the table gives the median wall time, the median user CPU
# time and the largest peak RSS (/usr/bin/time -v's "Maximum resident set size"), and the time
# until the first two lines come out of `| head -2`. The load average is printed before each
# group, as the machine may be shared. csvlook and tabulate run once, on the smaller table (they
# take minutes on a million rows); their rate is compared per row.
#
# Needs: mlr (Debian's miller), /usr/bin/time (Debian's time), python3 with venv; csvkit and
# tabulate are installed into .build/cli-bench-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
reps="${2:-3}"
small="${3:-100000}"
groups="${4:-tablekit,miller,peers}"
bench=../shared/bench
[[ -f "$bench/gendata.py" ]] || bench=/work/shared/bench
out=.build/cli-bench
mkdir -p "$out"
for tool in mlr /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "cli-bench: $tool is needed" >&2; exit 1; }
done
venv=.build/cli-bench-venv
if [[ ! -x "$venv/bin/csvlook" || ! -x "$venv/bin/tabulate" ]]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q csvkit tabulate
fi

swift build -c release --product tablekit 2>&1 | tail -1
tablekit=.build/release/tablekit

# The table as CSV (Python's csv), JSON Lines and TSV, amounts with their two decimals.
write_data() {
  python3 - "$bench" "$1" "$2" <<'PY'
import csv, json, sys
sys.path.insert(0, sys.argv[1])
from gendata import gen_rows, HEADERS
n, base = int(sys.argv[2]), sys.argv[3]
rows = gen_rows(n)
with open(base + ".csv", "w", newline="", encoding="utf-8") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(HEADERS)
    for r in rows:
        w.writerow([r[0], r[1], "%.2f" % r[2], "true" if r[3] else "false", r[4], r[5]])
with open(base + ".jsonl", "w", encoding="utf-8") as f:
    for r in rows:
        f.write('{"id":%d,"name":%s,"amount":%.2f,"flag":%s,"date":"%s","note":%s}\n' % (
            r[0], json.dumps(r[1], ensure_ascii=False), r[2], "true" if r[3] else "false",
            r[4], json.dumps(r[5], ensure_ascii=False)))
with open(base + ".tsv", "w", encoding="utf-8") as f:
    f.write("\t".join(HEADERS) + "\n")
    for r in rows:
        f.write("%d\t%s\t%.2f\t%s\t%s\t%s\n" % (
            r[0], r[1], r[2], "true" if r[3] else "false", r[4], r[5]))
PY
}
big="$out/rows-$rows"
little="$out/rows-$small"
[[ -f "$big.csv" && -f "$big.jsonl" ]] || write_data "$rows" "$big"
[[ -f "$little.csv" ]] || write_data "$small" "$little"

results="$out/results-$(date +%H%M%S).md"
printf '| case | rows | median s | user s | peak RSS MB | first 2 lines s | command |\n|---|---:|---:|---:|---:|---:|---|\n' >"$results"

# run NAME ROWS REPS COMMAND: times COMMAND (output to /dev/null) and its time to first rows.
run() {
  local name=$1 count=$2 times=$3 command=$4
  local walls=() users=() peak=0
  for ((i = 0; i < times; i++)); do
    /usr/bin/time -v bash -c "$command >/dev/null" 2>"$out/time.txt" || true
    walls+=("$(awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0; for (k = 1; k <= n; k++) s = s * 60 + p[k]; print s}' "$out/time.txt")")
    users+=("$(awk -F': ' '/User time/ {print $2}' "$out/time.txt")")
    local rss
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$out/time.txt")
    ((rss > peak)) && peak=$rss
  done
  local first
  first=$( { /usr/bin/time -f "%e" bash -c "set +o pipefail; $command | head -2 >/dev/null" ; } 2>&1 | tail -1)
  local median user
  median=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  user=$(printf '%s\n' "${users[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
  printf '| %s | %s | %s | %s | %.1f | %s | `%s` |\n' "$name" "$count" "$median" "$user" \
    "$(echo "$peak / 1024" | bc -l)" "$first" "$command" | tee -a "$results"
}

if [[ $groups == *tablekit* ]]; then
echo "load before tablekit: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$results"
for format in text markdown csv html; do
  run "tablekit CSV → $format" "$rows" "$reps" "$tablekit $big.csv --format $format"
done
for format in text markdown csv html; do
  run "tablekit JSON Lines → $format" "$rows" "$reps" "$tablekit $big.jsonl --format $format"
done
fi
if [[ $groups == *miller* ]]; then
echo "load before Miller: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$results"
run "Miller CSV → pretty text" "$rows" "$reps" "mlr --icsv --opprint cat $big.csv"
run "Miller CSV → Markdown" "$rows" "$reps" "mlr --icsv --omd cat $big.csv"
run "Miller CSV → CSV" "$rows" "$reps" "mlr --icsv --ocsv cat $big.csv"
run "Miller JSON Lines → pretty text" "$rows" "$reps" "mlr --ijsonl --opprint cat $big.jsonl"
run "Miller JSON Lines → Markdown" "$rows" "$reps" "mlr --ijsonl --omd cat $big.jsonl"
run "Miller JSON Lines → CSV" "$rows" "$reps" "mlr --ijsonl --ocsv cat $big.jsonl"
run "column -t" "$rows" "$reps" "column -t -s, $big.csv"
fi
if [[ $groups == *peers* ]]; then
echo "load before csvlook and tabulate: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$results"
run "tablekit CSV → text (small)" "$small" "$reps" "$tablekit $little.csv --format text"
run "csvlook (small)" "$small" 1 "$venv/bin/csvlook --snifflimit 0 $little.csv"
run "tabulate CLI → github (small, TSV)" "$small" 1 "$venv/bin/tabulate -1 -s '\t' -f github $little.tsv"
fi
if [[ $groups == *hyperfine* ]]; then
  # /usr/bin/time gives hundredths of a second, too coarse for the CSV conversions' 0.2 s:
  # hyperfine times them to the millisecond, each beside Miller's in one run.
  command -v hyperfine >/dev/null || { echo "cli-bench: hyperfine is needed" >&2; exit 1; }
  echo "load before hyperfine: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$results"
  for pair in "text opprint" "markdown omd" "csv ocsv"; do
    set -- $pair
    hyperfine -N -w 1 -r "$((reps > 10 ? reps : 10))" --export-markdown "$out/hyperfine.md" \
      "$tablekit $big.csv --format $1" "mlr --icsv --$2 cat $big.csv" >/dev/null
    tail -n 2 "$out/hyperfine.md" | tee -a "$results"
  done
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$results"
echo "results: $results"
