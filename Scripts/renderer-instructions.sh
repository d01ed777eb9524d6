#!/usr/bin/env bash
# Instructions per row of every renderer, counted by callgrind (issue 26 §4).
#
# Usage:
#   Scripts/renderer-instructions.sh [BINARY] [ROWS]
#
# BINARY is a release tablekit-bench (default .build-perf/release/tablekit-bench, built with
# `swift build -c release --product tablekit-bench --scratch-path .build-perf`); ROWS defaults to
# 100000. Each case runs twice under `valgrind --tool=callgrind`, with ROWS rows and with one
# row, in the benchmark's child mode (`--case NAME --rows N --reps 1`); the difference divided
# by ROWS - 1 is the cost of a row, start-up and the untimed 1,000-row warm-up taken out.
# Callgrind counts instructions exactly, whatever else the machine runs, so the figures can be
# compared across runs and commits on a shared machine.
#
# The last column is the C ceiling (Scripts/renderer-ceiling.c, built with `cc -O2`): the same
# rows written as CSV, HTML, Markdown and a text grid by plain C with no escaping branch left
# out, counted the same way. Prints one Markdown table row per case.
#
# Environment: CASES (a space-separated list of bench cases, default every renderer's typed
# and generic case and the read floor).
set -euo pipefail
cd "$(dirname "$0")/.."

binary=${1:-.build-perf/release/tablekit-bench}
rows=${2:-100000}
cases=${CASES:-tablekit_read_only tablekit_read_only_any tablekit_csv tablekit_csv_any
  tablekit_html tablekit_html_any tablekit_markdown tablekit_markdown_any tablekit_text_grid
  tablekit_text_grid_any tablekit_text_plain}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Total instructions of one run: callgrind's "summary:" line.
count() { # output-file command...
  local file=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$file" "$@" >/dev/null 2>"$file.log"
  awk '/^summary:/ { print $2 }' "$file"
}

per_row() { # command-prefix... (ROWS and 1 appended)
  local many one
  many=$(count "$work/many" "$@" "$rows")
  one=$(count "$work/one" "$@" 1)
  echo $(((many - one) / (rows - 1)))
}

ceiling=""
if [ -f Scripts/renderer-ceiling.c ]; then
  cc -O2 -o "$work/ceiling" Scripts/renderer-ceiling.c
  ceiling=$work/ceiling
fi

ceiling_format() { # bench case -> ceiling format
  case $1 in
    tablekit_csv*) echo csv ;;
    tablekit_html*) echo html ;;
    tablekit_markdown*) echo markdown ;;
    tablekit_text_grid*) echo grid ;;
    *) echo "" ;;
  esac
}

echo "| case | instructions a row | C ceiling | × ceiling |"
echo "| --- | ---: | ---: | ---: |"
for name in $cases; do
  ours=$(per_row "$binary" --case "$name" --reps 1 --rows)
  format=$(ceiling_format "$name")
  if [ -n "$ceiling" ] && [ -n "$format" ]; then
    floor=$(per_row "$ceiling" "$format")
    ratio=$(awk -v a="$ours" -v b="$floor" 'BEGIN { printf "%.2f", a / b }')
    echo "| $name | $ours | $floor | $ratio |"
  else
    echo "| $name | $ours | – | – |"
  fi
done
