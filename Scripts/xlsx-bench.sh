#!/usr/bin/env bash
# Benchmarks `tablekit -f xlsx` beside xlsxwriter (constant_memory) and openpyxl (write-only),
# in one run, on the same CSV (issue 37). Not run in CI: it takes minutes and wants a quiet
# machine.
#
#   Scripts/xlsx-bench.sh [sizes] [repetitions] [samples]
#       (defaults: "100000 1000000" 3 100)
#
# The table (Scripts/xlsx-bench-peers.py generate): 10 columns, money in EUR in two, two ISO
# dates, two integers, a decimal, names, cities and notes with quotes, commas, non-ASCII and
# line breaks inside quotes. It is generated once per size into .build/xlsx-bench/. Each tool
# reads it and writes a workbook with the same cells and number formats: tablekit with
# `--column amount=money:EUR --column fee=money:EUR --column booked=date --column due=date
# --column ratio=decimal`, the peers with Python's csv module and the same conversions.
#
# Each case runs `repetitions` times under /usr/bin/time -v; the table gives the medians of the
# CPU time (user + sys), the wall time and the peak RSS ("Maximum resident set size"), and the
# file size, with CPU and size as ratios to xlsxwriter's. The load average is printed before
# each case (the machine may be shared). Then `samples` random cells of each workbook are read
# back with openpyxl and compared with the CSV (values, types, money and date formats), and
# tablekit's sheet's compressed size is set beside zlib's at level 6 on the same bytes.
#
# Each tool's command first runs XLSX_BENCH_WARMUP times untimed (default 1).
#
# Environment: XLSX_BENCH_TOOLS (default "tablekit xlsxwriter openpyxl"), XLSX_BENCH_RESULTS (a
# results file to add to, so the tools can be measured in turns into one table; default a new
# .build/xlsx-bench/results-HHMMSS), XLSX_BENCH_PEER_REPS (repetitions of the peers, default the
# same as tablekit's: a peer takes minutes on a million rows), XLSX_BENCH_CHECK_ROWS (the
# largest size whose workbooks are read back, default 100000: openpyxl takes minutes to read a
# million rows).
#
# Needs: /usr/bin/time (Debian's time), python3 with venv; xlsxwriter and openpyxl are
# installed from PyPI into .build/xlsx-bench-venv. tablekit is built in release mode into
# .build-perf.
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${1:-100000 1000000}
reps=${2:-3}
samples=${3:-100}
out=.build/xlsx-bench
mkdir -p "$out"
for tool in /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "xlsx-bench: $tool is needed" >&2; exit 1; }
done
venv=.build/xlsx-bench-venv
if ! "$venv/bin/python" -c 'import xlsxwriter, openpyxl' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q xlsxwriter==3.3.1 openpyxl==3.1.5
fi
python=$venv/bin/python
peers=Scripts/xlsx-bench-peers.py

tools=${XLSX_BENCH_TOOLS:-tablekit xlsxwriter openpyxl}
peer_reps=${XLSX_BENCH_PEER_REPS:-$reps}
warmups=${XLSX_BENCH_WARMUP:-1}
if [[ " $tools " == *" tablekit "* ]]; then
  swift build -c release --product tablekit --scratch-path .build-perf 2>&1 | tail -1
fi
tablekit=.build-perf/release/tablekit
types=(--column amount=money:EUR --column fee=money:EUR --column booked=date --column due=date
  --column ratio=decimal)

# measure NAME ROWS TARGET COMMAND...: runs COMMAND (which writes TARGET) `reps` times, or
# `peer_reps` for a peer; adds a line of medians to the results.
measure() {
  local name=$1 rows=$2 target=$3
  shift 3
  [[ " $tools " == *" $name "* ]] || return 0
  local cpu=() wall=() rss=() run log times=$reps
  [ "$name" = tablekit ] || times=$peer_reps
  # Untimed first runs: the file in the page cache and the cores awake for every tool alike
  # (a 0.3 s run is slower at a cold start; a peer's run of seconds hardly notices).
  for run in $(seq 1 "$warmups"); do
    rm -f "$target"
    "$@" >/dev/null 2>&1
  done
  for run in $(seq 1 "$times"); do
    log=$out/time-$name-$rows-$run.txt
    rm -f "$target"
    /usr/bin/time -v "$@" 2>"$log" >/dev/null
    cpu+=("$(awk -F': ' '/User time|System time/ { sum += $2 } END { printf "%.2f", sum }' "$log")")
    wall+=("$(awk -F': ' '/Elapsed \(wall clock\)/ {
      n = split($2, part, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + part[i]
      printf "%.2f", s }' "$log")")
    rss+=("$(awk -F': ' '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }' "$log")")
  done
  median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
  local size
  size=$(stat -c %s "$target")
  printf '%s %s %s %s %s %s\n' "$name" "$rows" "$(median "${cpu[@]}")" "$(median "${wall[@]}")" \
    "$(median "${rss[@]}")" "$size" >>"$results.raw"
  echo "xlsx-bench: $name, $rows rows, $(date -u +%H:%M:%S) UTC, load $(cat /proc/loadavg):"
  echo "  CPU ${cpu[*]} s, wall ${wall[*]} s, RSS ${rss[*]} MB, $size bytes"
}

results=${XLSX_BENCH_RESULTS:-$out/results-$(date +%H%M%S)}
touch "$results.raw"
for rows in $sizes; do
  data=$out/data-$rows.csv
  [ -f "$data" ] || "$python" "$peers" generate "$rows" "$data"
  echo "xlsx-bench: $rows rows, $(stat -c %s "$data") bytes of CSV; load average $(cat /proc/loadavg)"
  measure tablekit "$rows" "$out/tablekit-$rows.xlsx" \
    "$tablekit" "$data" "${types[@]}" -f xlsx -o "$out/tablekit-$rows.xlsx"
  measure xlsxwriter "$rows" "$out/xlsxwriter-$rows.xlsx" \
    "$python" "$peers" xlsxwriter "$data" "$out/xlsxwriter-$rows.xlsx"
  measure openpyxl "$rows" "$out/openpyxl-$rows.xlsx" \
    "$python" "$peers" openpyxl "$data" "$out/openpyxl-$rows.xlsx"
  echo "xlsx-bench: load average after $rows rows: $(cat /proc/loadavg)"
  [ "$rows" -le "${XLSX_BENCH_CHECK_ROWS:-100000}" ] || continue
  workbooks=()
  for tool in tablekit xlsxwriter openpyxl; do
    [ -f "$out/$tool-$rows.xlsx" ] && workbooks+=("$out/$tool-$rows.xlsx")
  done
  "$python" "$peers" check "$data" "$samples" "${workbooks[@]}"
  [ -f "$out/tablekit-$rows.xlsx" ] && "$python" "$peers" zlib "$out/tablekit-$rows.xlsx" |
    grep sheet1.xml
done

# The table: medians, and CPU and size as ratios to xlsxwriter's at the same size.
{
  echo "| tool | rows | CPU s (user+sys) | wall s | peak RSS MB | file bytes | xlsxwriter CPU ÷ this | size ÷ xlsxwriter's |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
  awk '{ cpu[$1 " " $2] = $3; size[$1 " " $2] = $6; line[NR] = $0 }
    END {
      for (i = 1; i <= NR; i++) {
        split(line[i], f, " ")
        base = "xlsxwriter " f[2]
        printf "| %s | %d | %.2f | %.2f | %.1f | %d | %.1f× | %.2f |\n", f[1], f[2], f[3], f[4],
          f[5], f[6], cpu[base] / (f[3] > 0 ? f[3] : 0.01), f[6] / size[base]
      }
    }' "$results.raw"
} | tee "$results.md"
echo "xlsx-bench: results in $results.md"
