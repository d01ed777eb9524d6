#!/usr/bin/env bash
# Runs the tablekit command line as a user would and checks what it answers, good input and bad.
#
#   Scripts/cli-checks.sh [path/to/tablekit]     (default: .build/release/tablekit)
#
# Every format and style must render the sample; every kind of bad input must fail with its own
# exit code (64 usage, 65 bad data, 74 output) and a message that says what and where.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
checks=0

# expect_failure CODE PATTERN ARGS...: the command must exit CODE and print PATTERN on stderr.
expect_failure() {
  local code=$1 pattern=$2
  shift 2
  checks=$((checks + 1))
  local status=0
  "$tablekit" "$@" >"$work/out" 2>"$work/err" || status=$?
  if [[ $status -ne $code ]] || ! grep -qF -- "$pattern" "$work/err"; then
    echo "FAIL: tablekit $* exited $status (wanted $code); stderr: $(cat "$work/err")" >&2
    failures=$((failures + 1))
  fi
}

# expect_output PATTERN ARGS...: the command must succeed and print PATTERN on stdout.
expect_output() {
  local pattern=$1
  shift
  checks=$((checks + 1))
  if ! "$tablekit" "$@" >"$work/out" 2>"$work/err" || ! grep -qF -- "$pattern" "$work/out"; then
    echo "FAIL: tablekit $* did not print '$pattern'; stderr: $(cat "$work/err")" >&2
    failures=$((failures + 1))
  fi
}

for format in text markdown csv html; do expect_output "INV-1042" --format "$format"; done
for style in plain compact grid light rounded heavy double; do
  expect_output "Blue Harbor Inc." --style "$style"
done
expect_output "<!DOCTYPE html>" --format html
expect_output "<table>" --format html --fragment
expect_output "USAGE: tablekit" --help

expect_failure 64 "unknown format 'pdf'; use one of text, markdown, csv, html" --format pdf
expect_failure 64 "unknown style 'fancy'" --style fancy
expect_failure 64 "--max-width needs a positive whole number, not '0'" --max-width 0
expect_failure 64 "unknown argument '--colour'" --colour

printf '{"columns": ["a", "b", "c"], "rows": [[1, 2, 3], [4, 5]]}' >"$work/short.json"
expect_failure 65 "row 1 of section 0 has 2 values, but the table has 3 columns" --input "$work/short.json"
printf '{"columns": ["a"], "sections": [{"rows": [[{"nested": 1}]]}]}' >"$work/object.json"
expect_failure 65 "sections[0].rows[0][0]" --input "$work/object.json"
printf '{"rows": [[1]]}' >"$work/nocolumns.json"
expect_failure 65 "missing \"columns\"" --input "$work/nocolumns.json"
printf '{"columns": ["a"], "rows": [[1]' >"$work/broken.json"
expect_failure 65 "$work/broken.json: invalid JSON" --input "$work/broken.json"
expect_failure 65 "cannot read $work/missing.json" --input "$work/missing.json"
expect_failure 74 "cannot open $work/no/such/dir/out.csv for writing" --format csv --output "$work/no/such/dir/out.csv"

# Messages name the path the user gave, never a file descriptor number or a Foundation error code.
# expect_clean_message: the last failure's message holds none of the words that leak internals.
expect_clean_message() {
  checks=$((checks + 1))
  if grep -qiE "file descriptor|NSCocoaErrorDomain|error [0-9]+\.\)|operation could not be completed" "$work/err"; then
    echo "FAIL: the message leaks internals: $(cat "$work/err")" >&2
    failures=$((failures + 1))
  fi
}
mkdir -p "$work/a-directory"
expect_failure 65 "cannot read $work/a-directory: it is a directory, not a file" --input "$work/a-directory"
expect_clean_message
expect_failure 74 "cannot open $work/a-directory for writing: Is a directory" --output "$work/a-directory"
expect_clean_message
if [[ -w /dev/full ]]; then
  expect_failure 74 "cannot write to /dev/full: No space left on device" --format csv --output /dev/full
  expect_clean_message
  # The same failure on standard output names standard output.
  checks=$((checks + 1))
  status=0
  "$tablekit" --format csv >/dev/full 2>"$work/err" || status=$?
  if [[ $status -ne 74 ]] || ! grep -qF "cannot write to standard output: No space left on device" "$work/err"; then
    echo "FAIL: tablekit >/dev/full exited $status; stderr: $(cat "$work/err")" >&2
    failures=$((failures + 1))
  fi
  expect_clean_message
fi

printf '{"columns": ["tiny"], "rows": [[1e-20], [1.5e-16]]}' >"$work/tiny.json"
expect_output "1.5e-16" --input "$work/tiny.json" --format csv
expect_output "1e-20" --input "$work/tiny.json" --format csv

printf '{"title": "T", "columns": ["n", "x"], "rows": [[1, 2.5], [null, true]]}' >"$work/good.json"
expect_output "1,2.5" --input "$work/good.json" --format csv
"$tablekit" --input "$work/good.json" --format csv --output "$work/good.csv"
checks=$((checks + 1))
if [[ "$(cat "$work/good.csv")" != $'n,x\r\n1,2.5\r\n,true\r' ]]; then
  echo "FAIL: --output wrote $(cat -A "$work/good.csv")" >&2
  failures=$((failures + 1))
fi

echo "cli: $((checks - failures)) passed, $failures failed"
[[ $failures -eq 0 ]]
