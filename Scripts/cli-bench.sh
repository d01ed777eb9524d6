#!/usr/bin/env bash
# Benchmarks the tablekit command line against Miller, csvkit's csvlook, tabulate's CLI and
# column -t on the shared benchmark table (Scripts/bench/gendata.py), written as CSV and JSON Lines.
# Not run in CI: it takes minutes and wants a quiet machine.
#
#   Scripts/cli-bench.sh [rows] [repetitions] [rows for csvlook and tabulate] [groups] [big rows]
#       (defaults: 1000000 3 100000 tablekit,miller,peers 15000000; add hyperfine for the CSV
#       conversions beside Miller's to the millisecond, with Debian's hyperfine; `versus` for
#       tablekit beside polars, DuckDB and Miller on nine conversions (the plain CSV, a messy
#       CSV and a CR LF one: Scripts/messy-csv.py), CSV → CSV of `big rows` rows (about 1 GB)
#       plain and messy, and the I/O floor, `cat` and a C read/write loop; issues 25 and 34)
#
# Each case runs `repetitions` times; the table gives the median wall time, the median user CPU
# time and the largest peak RSS (/usr/bin/time -v's "Maximum resident set size"), and the time
# until the first two lines come out of `| head -2`. The load average is printed before each
# group, as the machine may be shared. csvlook and tabulate run once, on the smaller table (they
# take minutes on a million rows); their rate is compared per row.
#
# Needs: mlr (Debian's miller), /usr/bin/time (Debian's time), python3 with venv, cc for the
# `versus` group's C loop; csvkit, tabulate, polars and duckdb are installed from PyPI into
# .build/cli-bench-venv.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-1000000}"
reps="${2:-3}"
small="${3:-100000}"
groups="${4:-tablekit,miller,peers}"
huge="${5:-15000000}"
bench=Scripts/bench
out=.build/cli-bench
mkdir -p "$out"
for tool in mlr /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "cli-bench: $tool is needed" >&2; exit 1; }
done
venv=.build/cli-bench-venv
if [[ ! -x "$venv/bin/csvlook" || ! -x "$venv/bin/tabulate" ]] \
  || ! "$venv/bin/python" -c 'import polars, duckdb' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q csvkit tabulate polars duckdb
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
if [[ $groups == *versus* ]]; then
  # Issue 25: tablekit beside polars and DuckDB (Python modules with Rust and C++ engines, two
  # threads), Miller, and the I/O floor. Every case runs `reps` times under /usr/bin/time; the
  # table gives the median wall time, the median CPU time (user + sys), the largest peak RSS,
  # and both times again less the tool's start-up: the median of the same command on a
  # one-row input of the same format (Python and the module's import for the peers).
  command -v cc >/dev/null || { echo "cli-bench: cc is needed for the C loop" >&2; exit 1; }
  one="$out/rows-1"
  [[ -f "$one.csv" && -f "$one.jsonl" && -f "$one.tsv" ]] || write_data 1 "$one"
  [[ -f "$big.tsv" ]] || write_data "$rows" "$big"
  # The same rows as gen_rows, written as they are made (15M rows do not fit in a list), as
  # plain CSV (Python's csv.writer, LF) and as messy CSV (Scripts/messy-csv.py: CR LF, a fifth
  # of the records with every field quoted, one in twenty with a line break inside quotes);
  # and the 1M rows as messy CSV and as csv.writer's default CR LF.
  hugecsv="$out/rows-$huge.csv"
  hugemessy="$out/rows-$huge-messy.csv"
  [[ -f "$hugecsv" ]] || python3 Scripts/messy-csv.py "$huge" "$hugecsv" plain
  [[ -f "$hugemessy" ]] || python3 Scripts/messy-csv.py "$huge" "$hugemessy" messy
  for shape in messy crlf; do
    [[ -f "$big-$shape.csv" ]] || python3 Scripts/messy-csv.py "$rows" "$big-$shape.csv" "$shape"
  done
  cat >"$out/copyloop.c" <<'C'
#include <fcntl.h>
#include <unistd.h>
/* The I/O floor: the file read into one 1 MiB buffer and written out, nothing else. */
int main(int argc, char **argv) {
  static char buffer[1 << 20];
  int input = argc > 1 ? open(argv[1], O_RDONLY) : 0;
  if (input < 0) return 1;
  ssize_t count;
  while ((count = read(input, buffer, sizeof buffer)) > 0) {
    for (char *p = buffer; count > 0;) {
      ssize_t wrote = write(1, p, (size_t)count);
      if (wrote < 0) return 1;
      p += wrote;
      count -= wrote;
    }
  }
  return count < 0;
}
C
  cc -O2 -o "$out/copyloop" "$out/copyloop.c"
  versus="$out/versus-$(date +%H%M%S).md"
  peer="env POLARS_MAX_THREADS=2 $venv/bin/python Scripts/cli-bench-peers.py"
  # CLI_BENCH_BEFORE=path/to/an/older/tablekit adds it as "before", run beside the new one.
  before="${CLI_BENCH_BEFORE:-}"

  # measure COMMAND TIMES: sets wall, cpu (medians, seconds) and rss (largest, MB).
  measure() {
    local command=$1 times=$2 walls=() cpus=() peak=0 line
    for ((i = 0; i < times; i++)); do
      /usr/bin/time -f '%e %U %S %M' -o "$out/time.txt" bash -c "$command >/dev/null" \
        2>"$out/stderr.txt" || { echo "cli-bench: failed: $command" >&2; cat "$out/stderr.txt" >&2; }
      read -r -a line <"$out/time.txt"
      walls+=("${line[0]}")
      cpus+=("$(echo "${line[1]} + ${line[2]}" | bc -l)")
      ((line[3] > peak)) && peak=${line[3]}
    done
    wall=$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    cpu=$(printf '%s\n' "${cpus[@]}" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    rss=$(echo "$peak / 1024" | bc -l)
  }
  declare -A walls cpus netwalls netcpus
  # versus_case CONVERSION TOOL COMMAND INPUT ONE-ROW-INPUT: one row of the table.
  versus_case() {
    local conversion=$1 tool=$2 command=$3 input=$4 small=$5
    measure "$command $small" "$reps"
    local startwall=$wall startcpu=$cpu
    measure "$command $input" "$reps"
    local netwall netcpu
    netwall=$(echo "$wall - $startwall" | bc -l)
    netcpu=$(echo "$cpu - $startcpu" | bc -l)
    walls[$conversion,$tool]=$wall
    cpus[$conversion,$tool]=$cpu
    netwalls[$conversion,$tool]=$netwall
    netcpus[$conversion,$tool]=$netcpu
    printf '| %s | %s | %.2f | %.2f | %.2f / %.2f | %.2f | %.2f | %.1f | `%s` |\n' "$conversion" \
      "$tool" "$wall" "$cpu" "$startwall" "$startcpu" "$netwall" "$netcpu" "$rss" \
      "$command $input" | tee -a "$versus"
  }
  {
    echo "load before versus: $(cut -d' ' -f1-3 /proc/loadavg), commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources || echo ' + changes')"
    echo
    echo "| conversion | tool | wall s | CPU s | start-up wall / CPU s | wall − start-up | CPU − start-up | peak RSS MB | command |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|---|"
  } | tee -a "$versus"
  conversions="csv-csv messy-csv crlf-csv csv-markdown messy-markdown csv-html tsv-csv jsonl-csv jsonl-markdown"
  for conversion in $conversions; do
    source=${conversion%-*}
    target=${conversion#*-}
    case $source in
      # The messy and CR LF files are CSV: read as CSV by every tool.
      messy | crlf) input="$big-$source.csv" small="$one.csv" format=csv ;;
      *) input="$big.$source" small="$one.$source" format=$source ;;
    esac
    versus_case "$conversion" tablekit "$tablekit --format $target" "$input" "$small"
    if [[ -n $before ]]; then
      versus_case "$conversion" before "$before --format $target" "$input" "$small"
    fi
    versus_case "$conversion" polars "$peer polars $format-$target" "$input" "$small"
    versus_case "$conversion" duckdb "$peer duckdb $format-$target" "$input" "$small"
    case $target in
      csv) mlrout=--ocsv ;;
      markdown) mlrout=--omd ;;
      *) mlrout= ;;
    esac
    if [[ -n $mlrout ]]; then
      versus_case "$conversion" Miller "mlr --i$format $mlrout cat" "$input" "$small"
    fi
  done
  # The 1 GB files: CSV → CSV, plain and messy, and the floor (the floor's start-up is nothing,
  # but measured alike). CLI_BENCH_SKIP_HUGE_MESSY=1 leaves the messy one out.
  for tool in tablekit ${before:+before} polars duckdb cat C-loop; do
    case $tool in
      tablekit) command="$tablekit --format csv" ;;
      before) command="$before --format csv" ;;
      polars | duckdb) command="$peer $tool csv-csv" ;;
      cat) command="cat" ;;
      C-loop) command="$out/copyloop" ;;
    esac
    versus_case "1GB csv-csv" "$tool" "$command" "$hugecsv" "$one.csv"
    if [[ -z ${CLI_BENCH_SKIP_HUGE_MESSY:-} && $tool != cat && $tool != C-loop ]]; then
      versus_case "1GB messy-csv" "$tool" "$command" "$hugemessy" "$one.csv"
    fi
  done
  {
    echo
    echo "load after versus: $(cut -d' ' -f1-3 /proc/loadavg)"
    echo
    echo "Ratios, peer ÷ tablekit (above 1: tablekit is faster), with the start-up and without:"
    echo
    echo "| conversion | peer | CPU | wall | CPU − start-up | wall − start-up |"
    echo "|---|---|---:|---:|---:|---:|"
    for conversion in $conversions "1GB csv-csv" "1GB messy-csv"; do
      for tool in ${before:+before} polars duckdb Miller; do
        [[ -n ${cpus[$conversion,$tool]:-} ]] || continue
        printf '| %s | %s | %.2f× | %.2f× | %.2f× | %.2f× |\n' "$conversion" "$tool" \
          "$(echo "${cpus[$conversion,$tool]} / ${cpus[$conversion,tablekit]}" | bc -l)" \
          "$(echo "${walls[$conversion,$tool]} / ${walls[$conversion,tablekit]}" | bc -l)" \
          "$(echo "${netcpus[$conversion,$tool]} / ${netcpus[$conversion,tablekit]}" | bc -l)" \
          "$(echo "${netwalls[$conversion,$tool]} / ${netwalls[$conversion,tablekit]}" | bc -l)"
      done
    done
    printf '| 1GB csv-csv | tablekit ÷ C loop | %.1f× | %.1f× | | |\n' \
      "$(echo "${cpus[1GB csv-csv,tablekit]} / ${cpus[1GB csv-csv,C-loop]}" | bc -l)" \
      "$(echo "${walls[1GB csv-csv,tablekit]} / ${walls[1GB csv-csv,C-loop]}" | bc -l)"
  } | tee -a "$versus"
  echo "versus: $versus"
fi
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$results"
echo "results: $results"
