#!/usr/bin/env bash
# The progress line (issue 35 §2), driven against a built binary:
#
#   bash Scripts/progress-checks.sh .build/release/tablekit
#
#   - on a file or a pipe, standard error gets not one byte of progress (CI unset, so only the
#     terminal test keeps it off), for a conversion with -o and a browse load;
#   - on a real terminal (a pseudo-terminal from script(1)), a conversion with -o draws
#     `tablekit: <bytes> of <size> (<n>%) · <rows> rows` redrawn with \r and cleared at the end,
#     standard input from a pipe draws it without the size (from a file, with it), and a browse
#     load draws it too; CI=1 and
#     --no-progress draw nothing there; --progress draws it on a file;
#   - a file named with an escape sequence never puts an ESC byte on the terminal.
# The pseudo-terminal cases need script(1) (util-linux); without it they are skipped, said so.
set -euo pipefail
cd "$(dirname "$0")/.."

tablekit=$(realpath "${1:?usage: progress-checks.sh TABLEKIT_BINARY}")
work=$(mktemp -d "${TMPDIR:-/tmp}/tablekit-progress.XXXXXX")
trap 'rm -rf "$work"' EXIT
source Scripts/check-helpers.sh
unset CI

# A CSV of 200,000 rows whose quoted notes hold line breaks and text that is not ASCII, and a
# nested JSON file of 100,000 objects.
awk 'BEGIN {
  print "id,name,note"
  for (i = 1; i <= 200000; i++) printf "%d,\"Zoë %d\",\"first line\nsecond — ü %d\"\n", i, i, i
}' >"$work/notes.csv"
awk 'BEGIN {
  printf "["
  for (i = 1; i <= 100000; i++) printf "%s{\"name\": \"Zoë %d\", \"items\": [%d, \"ü\"]}", (i > 1 ? "," : ""), i, i
  printf "]\n"
}' >"$work/nested.json"
# The file's size as the line shows it (MB of 1,048,576 bytes, one decimal).
megabytes=$(awk -v size="$(wc -c <"$work/notes.csv")" 'BEGIN { printf "%.1f", size / 1048576 }')

# expect_quiet WHAT FILE: FILE (what standard error got) is empty.
expect_quiet() {
  checks=$((checks + 1))
  if [ -s "$2" ]; then
    fail "$1: standard error got $(wc -c <"$2") bytes: $(head -c 200 "$2" | cat -v)"
  else
    echo "ok: $1: nothing on standard error"
  fi
}

# expect_line WHAT FILE PATTERN: FILE holds a progress line matching the extended regular
# expression PATTERN, and ends with the line cleared (\r, spaces, \r).
expect_line() {
  checks=$((checks + 1))
  local lines
  lines=$(tr '\r' '\n' <"$2")
  if ! grep -qE -- "$3" <<<"$lines"; then
    fail "$1: no line matching '$3' in: $(head -c 300 "$2" | cat -v)"
  elif ! grep -qE $'\r +\r' "$2"; then
    fail "$1: the line was not cleared at the end: $(tail -c 200 "$2" | cat -v)"
  else
    echo "ok: $1: $(grep -E -- "$3" <<<"$lines" | tail -n 1)"
  fi
}

rows_line="^tablekit: [0-9.]+ (B|KB|MB) of $megabytes MB \([0-9]+%\) · [0-9,]+ rows? *$"

# --- not a terminal: a file and a pipe ----------------------------------------------------
"$tablekit" "$work/notes.csv" --format html -o "$work/out.html" 2>"$work/err"
expect_quiet "-o, standard error a file" "$work/err"
"$tablekit" "$work/notes.csv" --format csv -o "$work/out.csv" 2>&1 >/dev/null | cat >"$work/err"
expect_quiet "-o, standard error a pipe" "$work/err"
echo q | "$tablekit" browse --input "$work/nested.json" --script >/dev/null 2>"$work/err"
expect_quiet "browse load, standard error a file" "$work/err"
"$tablekit" "$work/notes.csv" --format csv -o "$work/out.csv" --progress 2>"$work/err"
expect_line "--progress, standard error a file" "$work/err" "$rows_line"

# --- a real terminal ----------------------------------------------------------------------
# on_terminal LOG COMMAND: runs COMMAND (a shell line) with standard error on a pseudo-terminal,
# standard output in $work/stdout; what the terminal got goes to LOG.
on_terminal() {
  script -qefc "$2 2>/dev/tty >$work/stdout" /dev/null >"$1" </dev/null
}
if ! command -v script >/dev/null; then
  echo "skipped: the terminal cases (script(1) is not installed)"
else
  on_terminal "$work/tty" "'$tablekit' '$work/notes.csv' --format html -o '$work/out.html'"
  expect_line "-o on a terminal" "$work/tty" "$rows_line"
  checks=$((checks + 1))
  most=$(tr '\r' '\n' <"$work/tty" | grep -oE '· [0-9,]+ rows' | tr -dc '0-9\n' | sort -n | tail -n 1 || true)
  if [ "${most:-0}" -gt 200000 ] || tr '\r' '\n' <"$work/tty" | grep -qE '\((10[1-9]|1[1-9][0-9]|[2-9][0-9]{2})%\)'; then
    fail "-o on a terminal: a count past the file's 200,000 rows or 100%: $(tr '\r' '\n' <"$work/tty" | tail -n 3)"
  else
    echo "ok: -o on a terminal: at most 100% and the file's 200,000 rows (most drawn: ${most:-0})"
  fi
  on_terminal "$work/tty" "cat '$work/notes.csv' | '$tablekit' --format csv -o '$work/out.csv'"
  expect_line "standard input from a pipe (no size) on a terminal" "$work/tty" \
    "^tablekit: [0-9.]+ (B|KB|MB) · [0-9,]+ rows? *$"
  on_terminal "$work/tty" "'$tablekit' --format csv -o '$work/out.csv' <'$work/notes.csv'"
  expect_line "standard input from a file (its size) on a terminal" "$work/tty" "$rows_line"
  on_terminal "$work/tty" "echo q | '$tablekit' browse --input '$work/nested.json' --script"
  expect_line "browse load on a terminal" "$work/tty" \
    "^tablekit: [0-9.]+ (B|KB|MB) of [0-9.]+ MB \([0-9]+%\) · [0-9,]+ rows? *$"
  on_terminal "$work/tty" "CI=1 '$tablekit' '$work/notes.csv' --format csv -o '$work/out.csv'"
  expect_quiet "CI=1 on a terminal" "$work/tty"
  on_terminal "$work/tty" "'$tablekit' '$work/notes.csv' --format csv -o '$work/out.csv' --no-progress"
  expect_quiet "--no-progress on a terminal" "$work/tty"
  # An escape sequence in the file's name: the line shows numbers only.
  hostile="$work/"$'\e]0;owned\a\e[31m'".csv"
  cp "$work/notes.csv" "$hostile"
  export HOSTILE=$hostile
  on_terminal "$work/tty" "'$tablekit' \"\$HOSTILE\" --format csv -o '$work/out.csv'"
  checks=$((checks + 1))
  if grep -q $'\e' "$work/tty"; then
    fail "a hostile file name put an ESC byte on the terminal: $(cat -v "$work/tty" | head -c 300)"
  else
    echo "ok: a file named with escape sequences: no ESC byte on the terminal"
  fi
fi

report_checks progress
