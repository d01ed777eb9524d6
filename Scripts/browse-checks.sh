#!/usr/bin/env bash
# Drives `tablekit browse` in its scripted mode (commands on standard input) as a user would and
# checks the transcript: breadcrumbs, titles, back titles, the rows of each level, the detail
# reached, messages for bad commands, inert hostile text, and the exit status.
#
#   Scripts/browse-checks.sh [path/to/tablekit]     (default: .build/release/tablekit)
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Scripts/check-helpers.sh

# browse INPUT ARGS...: runs browse with INPUT on standard input; output in $work/out, stderr in
# $work/err, exit status in $status.
browse() {
  local input=$1
  shift
  status=0
  printf '%b' "$input" | "$tablekit" browse "$@" >"$work/out" 2>"$work/err" || status=$?
}

# expect_status CODE: the last run exited CODE.
expect_status() {
  checks=$((checks + 1))
  [[ $status -eq $1 ]] || fail "browse exited $status, wanted $1; stderr: $(cat "$work/err")"
}

# expect_lines LINE...: each LINE is a whole line of the last output, in this order. (Matched in
# bash, with no process per line: CI machines can be slow to start processes.)
expect_lines() {
  checks=$((checks + 1))
  local -a lines
  mapfile -t lines <"$work/out"
  local at=0 expected
  for expected in "$@"; do
    while ((at < ${#lines[@]})) && [[ ${lines[at]} != "$expected" ]]; do at=$((at + 1)); done
    if ((at == ${#lines[@]})); then
      fail "no line '$expected' in this order in:"
      cat "$work/out" >&2
      return
    fi
    at=$((at + 1))
  done
}

# The session of the README: BMW, its 3 Series, back, quit.
browse '2\n1\nb\nq\n'
expect_status 0
expect_lines \
  "Brands" \
  "│ 1 │ Alfa Romeo │ Italy   │ › │" \
  "│ 2 │ BMW        │ Germany │ › │" \
  "Type 1-4 to select a row, q to quit." \
  "> 2" \
  "Brands › BMW" \
  "│ 1 │ 3 Series │ Saloon     │ › │" \
  'Type 1-3 to select a row, b to go back to "Brands", q to quit.' \
  "> 1" \
  "Brands › BMW › BMW 3 Series" \
  "│ Brand      │ BMW      │" \
  "│ Model      │ 3 Series │" \
  'Type b to go back to "BMW", q to quit.' \
  "> b" \
  "Brands › BMW" \
  'Type 1-3 to select a row, b to go back to "Brands", q to quit.' \
  "> q"
checks=$((checks + 1))
[[ "$(tail -1 "$work/out")" == "> q" ]] || fail "output went on after q: $(tail -1 "$work/out")"
checks=$((checks + 1))
[[ ! -s "$work/err" ]] || fail "the session wrote to standard error: $(cat "$work/err")"

# The end of the input quits like q, with status 0.
browse '4\n2\n'
expect_status 0
expect_lines "Brands › Škoda" "> 2" "Brands › Škoda › Škoda Enyaq" "│ Body       │ SUV     │"

# Bad commands are answered with what is accepted, and the session goes on.
browse 'x\n9\n0\nb\n  3  \nq\n'
expect_status 0
expect_lines \
  "> x" '"x" is not a command. Type 1-4 to select a row, q to quit.' \
  "> 9" "There is no row 9 here. Type 1-4 to select a row, q to quit." \
  "> 0" "There is no row 0 here. Type 1-4 to select a row, q to quit." \
  "> b" 'This is the first level, "Brands"; q quits.' \
  "> 3" "Brands › Citroën"

# The nested list: a row with children shows a summary and leads deeper; a leaf reports its
# path from the root; an empty list shows an empty-state row.
browse '3\n2\nb\n5\nq\n' --nested
expect_status 0
expect_lines \
  "│ 3 │ 2 items │          │ › │" \
  "│ 5 │ Empty   │ No items │ › │" \
  "Nested list › 2 items" 'Type 1-2 to select a row, b to go back to "Nested list", q to quit.' \
  "> 2" 'Selected "2" (path [2, 1]).' \
  "> b" "Nested list" \
  "> 5" "Nested list › Empty" "│ No items │" \
  'Type b to go back to "Nested list", q to quit.'

# A nested JSON file with hostile text: nothing reaches the terminal as a control character.
printf '{"Evil \\u001b]0;pwned\\u0007 \\u001b[2J": ["\\u001b[31mred", "\\u202egnp.exe", "\\u009b6n"]}' \
  >"$work/hostile.json"
browse '1\n\033[A\nq\n' --input "$work/hostile.json"
expect_status 0
expect_lines "1 item › Evil ^[]0;pwned^G ^[[2J" "│ 1 │ ^[[31mred       │" \
  "│ 2 │ \\u{202E}gnp.exe │" "│ 3 │ \\u{9B}6n        │" "> ^[[A" '"^[[A" is not a command. Type 1-3 to select a row, b to go back to "1 item", q to quit.'
checks=$((checks + 1))
if LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]\|\xe2\x80\xae' "$work/out"; then
  fail "a control character reached the output: $(cat -v "$work/out")"
fi

# Bad arguments and bad files are errors with their exit codes.
browse 'q\n' --frobnicate
expect_status 64
browse 'q\n' --input "$work/missing.json"
expect_status 66
printf '["a", ["b"' >"$work/open.json"
browse 'q\n' --input "$work/open.json"
expect_status 65
checks=$((checks + 1))
grep -qF "open.json:1:" "$work/err" || fail "the JSON error does not name the place: $(cat "$work/err")"
head -c 300 /dev/zero | tr '\0' '[' >"$work/deep.json"
browse 'q\n' --input "$work/deep.json"
expect_status 65
checks=$((checks + 1))
grep -qF "nesting deeper than 256 levels" "$work/err" || fail "deep nesting: $(cat "$work/err")"

# --help names the nesting limit the JSON reader enforces (issue 21 §5).
browse '' --help
expect_status 0
expect_lines "Arrays and objects may nest at most 256 levels deep in a file; deeper is an"

report_checks browse
