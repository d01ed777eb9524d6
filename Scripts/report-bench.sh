#!/usr/bin/env bash
# The report benchmark (issue 36, not run in CI): HTML reports of 10,000 and 100,000 rows in 100
# groups with subtotals and a grand total, drawn by tablekit, great_tables and pandas Styler in
# the same run from the same CSV (CPU time, wall time, peak RSS, and the CPU ratio to tablekit);
# and, first (the peers take minutes), tablekit alone at 1,000,000 rows in 1,000 groups in every
# report format, end to end from the CSV, whose regions stand together: streamed with
# --group-by region --grouped, and for text, Markdown, CSV and HTML also held (--group-by alone
# gathers every row first) and through the library's streaming walk (tablekit-bench
# --report-stream: rows computed one at a time, nothing read).
#
#   Scripts/report-bench.sh [TABLEKIT] [TABLEKIT_BENCH]
#   REPORT_BENCH_PARTS=peers Scripts/report-bench.sh   # only the run beside the peers
#   REPORT_BENCH_PARTS=alone Scripts/report-bench.sh   # only tablekit at 1,000,000 rows
#
# Defaults: .build-perf/release/tablekit and .build-perf/release/tablekit-bench, built with
#   swift build -c release --product tablekit --scratch-path .build-perf
#   swift build -c release --product tablekit-bench --scratch-path .build-perf
# Needs /usr/bin/time (Debian's time) and python3 with venv; the peers go into
# .build/report-bench-venv (great-tables 1.1.0, pandas 3.1.1 with jinja2 for Styler). Each
# measurement is one run (great_tables needs minutes at 100,000 rows); the machine may be
# shared, so the load average is printed before and after, and CPU time is the figure to compare.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit=${1:-.build-perf/release/tablekit}
bench=${2:-.build-perf/release/tablekit-bench}
venv=.build/report-bench-venv
work=.build/report-bench
mkdir -p "$work"
if ! "$venv/bin/python" -c 'import great_tables, pandas, jinja2' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check great-tables==1.1.0 pandas==3.1.1 \
    numpy==2.4.6 jinja2==3.1.6
fi

# The ledger: region (groups, consecutive), city, amount (cents), qty, price; a fixed seed.
generate() { # rows groups file
  python3 - "$@" <<'PY'
import random, sys
rows, groups, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
r = random.Random(36)
with open(path, "w") as f:
    f.write("region,city,amount,qty,price\n")
    for g in range(groups):
        for _ in range(rows // groups + (1 if g < rows % groups else 0)):
            cents = r.randint(-500000, 5000000)
            sign = "-" if cents < 0 else ""
            f.write(f"R{g:04d},City {r.randint(0, 999)},{sign}{abs(cents) // 100}."
                    f"{abs(cents) % 100:02d},{r.randint(1, 500)},{r.randint(100, 9999999) / 100}\n")
PY
}

report=(--group-by region --stub city --sum amount --mean price --total --column amount=money:EUR
  --format-column price=number,digits=2 --locale de_DE --title Ledger
  --spanner 'Figures=amount,qty,price' --footnote 'amount=Excluding VAT'
  --source-note 'Source: generated')

# measure LABEL COMMAND...: one run; prints user+sys CPU, wall and peak RSS; sets $cpu.
measure() {
  local label=$1
  shift
  /usr/bin/time -f "%U %S %e %M" -o "$work/time" "$@" >/dev/null
  read -r user system wall rss <"$work/time"
  cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
  printf '| %s | %s | %s | %d |\n' "$label" "$cpu" "$wall" "$((rss / 1024))"
}

parts=${REPORT_BENCH_PARTS:-alone peers}
echo "load average before: $(cat /proc/loadavg)"
if [[ " $parts " == *" alone "* ]]; then
generate 1000000 1000 "$work/ledger-1000000.csv"
echo
echo "tablekit alone, 1,000,000 rows in 1,000 groups (the CSV: $(du -m "$work/ledger-1000000.csv" | cut -f1) MB)"
echo "| format | path | CPU s | wall s | peak RSS MB |"
echo "| --- | --- | ---: | ---: | ---: |"
for format in text markdown csv html latex typst xlsx; do
  measure "$format | CSV file, --group-by --grouped (streams)" \
    "$tablekit" "$work/ledger-1000000.csv" "${report[@]}" --grouped -f "$format"
  case $format in latex | typst | xlsx) continue ;; esac
  measure "$format | CSV file, --group-by (holds every row)" \
    "$tablekit" "$work/ledger-1000000.csv" "${report[@]}" -f "$format"
  if [ -x "$bench" ]; then
    measure "$format | streaming walk" "$bench" --report-stream "$format" 1000000 1000
  else
    echo "| $format | streaming walk | ($bench not built) | | |"
  fi
done
fi
peer_sizes="10000 100000"
[[ " $parts " == *" peers "* ]] || peer_sizes=""
for rows in $peer_sizes; do
  generate "$rows" 100 "$work/ledger-$rows.csv"
  echo
  echo "HTML report, $rows rows in 100 groups"
  echo "| tool | CPU s | wall s | peak RSS MB |"
  echo "| --- | ---: | ---: | ---: |"
  measure tablekit "$tablekit" "$work/ledger-$rows.csv" "${report[@]}" -f html
  ours=$cpu
  for peer in great_tables pandas_styler; do
    measure "$peer" "$venv/bin/python" Scripts/report-bench-peers.py "$peer" "$work/ledger-$rows.csv"
    echo "  $peer / tablekit CPU: $(awk -v p="$cpu" -v o="$ours" 'BEGIN { printf "%.0f×", p / o }')"
  done
done

echo "load average after: $(cat /proc/loadavg)"
