#!/usr/bin/env bash
# `tablekit -o FILE` never destroys the old FILE (issue 21 §1), driven against a built binary:
#
#   bash Scripts/output-safety-checks.sh .build/release/tablekit
#
# Each case starts from an old FILE, runs tablekit so that the write must fail or be refused,
# and then checks FILE byte for byte against a copy (cmp) and that its folder holds nothing
# else (ls -A: no .FILE.tablekit-XXXXXX temporary left):
#   - a full disk: a 1 MiB tmpfs (mounting needs root; without it the case is skipped, said so);
#   - a file-size limit (prlimit --fsize, so writes fail with EFBIG): runs everywhere;
#   - SIGINT, SIGTERM and SIGHUP sent while a large HTML output is being written;
#   - a bad row after 200,000 good ones (exit 65);
#   - an output that is the input: directly, through a symlink, a hard link, and as standard
#     input (exit 64, before anything is read);
#   - two writers of the same FILE at once: both succeed and FILE is one of the two outputs.
set -euo pipefail
cd "$(dirname "$0")/.."

tablekit=$(realpath "${1:?usage: output-safety-checks.sh TABLEKIT_BINARY}")
work=$(mktemp -d "${TMPDIR:-/tmp}/tablekit-output-safety.XXXXXX")
mounted=""
cleanup() {
  if [ -n "$mounted" ]; then umount "$mounted" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
source Scripts/check-helpers.sh

# expect_kept DIR NAME COPY WHAT: DIR/NAME is byte for byte COPY and DIR holds only NAME.
expect_kept() {
  local dir=$1 name=$2 copy=$3 what=$4 listing before=$failures
  checks=$((checks + 1))
  if ! cmp -s "$dir/$name" "$copy"; then
    fail "$what: $name changed ($(wc -c <"$dir/$name" 2>/dev/null || echo no) bytes, was $(wc -c <"$copy"))"
  fi
  listing=$(ls -A "$dir" | tr '\n' ' ')
  if [ "$listing" != "$name " ]; then
    fail "$what: the folder holds [$listing], not just $name"
  fi
  if [ "$failures" -eq "$before" ]; then
    echo "ok: $what: $name kept byte for byte ($(wc -c <"$copy") bytes), folder: $listing"
  fi
}

# expect_status WANT GOT WHAT [STDERR_FILE PATTERN]
expect_status() {
  local want=$1 got=$2 what=$3
  checks=$((checks + 1))
  if [ "$got" -ne "$want" ]; then
    fail "$what: exit status $got, expected $want; stderr: $(cat "${4:-/dev/null}" 2>/dev/null)"
  elif [ -n "${5:-}" ] && ! grep -qF -- "$5" "$4"; then
    fail "$what: stderr lacks '$5': $(cat "$4")"
  else
    echo "ok: $what: exit $got${4:+, $(head -c 300 "$4")}"
  fi
}

# Inputs: a CSV of N rows with a given letter in its text column.
rows() { awk -v n="$1" -v letter="$2" 'BEGIN {
  print "id,name,amount,note"
  for (i = 1; i <= n; i++) printf "%d,%s%d,%d.%02d,row %d of the %s input\n", i, letter, i, i % 9973, i % 100, i, letter
}'; }
rows 200000 a >"$work/a.csv"
rows 200000 b >"$work/b.csv"
{ cat "$work/a.csv"; echo "200001,bad row,1"; } >"$work/late-bad.csv"
rows 1500000 s >"$work/signal.csv"
old_report() { rows 2000 old | "$tablekit" --format html >"$1"; }

# --- a full disk: a 1 MiB tmpfs --------------------------------------------------------------
mkdir -p "$work/full"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=1m tablekit-full "$work/full" 2>/dev/null; then
  mounted="$work/full"
  old_report "$work/full/report.html"
  cp "$work/full/report.html" "$work/full.copy"
  status=0
  "$tablekit" "$work/a.csv" --format html -o "$work/full/report.html" 2>"$work/err" || status=$?
  expect_status 74 "$status" "full 1 MiB tmpfs" "$work/err" "No space left on device"
  expect_kept "$work/full" report.html "$work/full.copy" "full 1 MiB tmpfs"
  umount "$work/full"
  mounted=""
else
  echo "SKIP: full tmpfs: cannot mount a tmpfs here (needs root); the file-size limit below"
  echo "      still drives a write that fails midway (EFBIG instead of ENOSPC)"
fi

# --- a file-size limit: writes past 1 MiB fail with EFBIG ------------------------------------
mkdir -p "$work/limit"
old_report "$work/limit/report.html"
cp "$work/limit/report.html" "$work/limit.copy"
status=0
prlimit --fsize=1048576 "$tablekit" "$work/a.csv" --format html -o "$work/limit/report.html" \
  2>"$work/err" || status=$?
expect_status 74 "$status" "file-size limit 1 MiB (prlimit --fsize)" "$work/err" "File too large"
expect_kept "$work/limit" report.html "$work/limit.copy" "file-size limit 1 MiB"

# --- a signal while a large HTML report is written -------------------------------------------
# A background job of a script starts with SIGINT ignored; `env --default-signal` (coreutils
# 8.31 and later, else Python) gives it back its default, as a terminal's Ctrl-C would find it.
if env --default-signal=INT,TERM,HUP true 2>/dev/null; then
  with_default_signals=(env --default-signal=INT,TERM,HUP)
else
  with_default_signals=(python3 -c 'import os, signal, sys
for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])')
fi
for signal in INT TERM HUP; do
  mkdir -p "$work/sig-$signal"
  old_report "$work/sig-$signal/report.html"
  cp "$work/sig-$signal/report.html" "$work/sig-$signal.copy"
  "${with_default_signals[@]}" "$tablekit" "$work/signal.csv" --format html \
    -o "$work/sig-$signal/report.html" 2>"$work/err" &
  pid=$!
  # Wait until at least 1 MB of the new report is written: into the temporary, or (a binary
  # that writes in place) into report.html itself, which the old report never reaches.
  written=0
  for _ in $(seq 1 1000); do
    temporary=$(ls -A "$work/sig-$signal" | grep -F '.report.html.tablekit-' || true)
    if [ -n "$temporary" ]; then
      written=$(stat -c %s "$work/sig-$signal/$temporary" 2>/dev/null || echo 0)
    else
      written=$(stat -c %s "$work/sig-$signal/report.html" 2>/dev/null || echo 0)
    fi
    [ "$written" -ge 1000000 ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.01
  done
  kill -s "$signal" "$pid" 2>/dev/null || true
  status=0
  # (Braces and 2>/dev/null: bash's own "Hangup" job notice is not a failure.)
  { wait "$pid" || status=$?; } 2>/dev/null
  checks=$((checks + 1))
  if [ "$written" -lt 1000000 ]; then
    fail "SIG$signal: the temporary never reached 1 MB before the signal ($written bytes)"
  fi
  expect_status $((128 + $(kill -l "$signal"))) "$status" \
    "SIG$signal after $written bytes of the new report were written"
  expect_kept "$work/sig-$signal" report.html "$work/sig-$signal.copy" "SIG$signal mid-write"
done

# --- a bad row after 200,000 good ones -------------------------------------------------------
mkdir -p "$work/late"
rows 10 old >"$work/late/out.csv"
cp "$work/late/out.csv" "$work/late.copy"
status=0
"$tablekit" "$work/late-bad.csv" --format csv -o "$work/late/out.csv" 2>"$work/err" || status=$?
expect_status 65 "$status" "bad row 200,001" "$work/err" "late-bad.csv:200002:1:"
expect_kept "$work/late" out.csv "$work/late.copy" "bad row 200,001"

# --- an output that is the input -------------------------------------------------------------
mkdir -p "$work/same"
cp "$work/a.csv" "$work/same/data.csv"
ln -s data.csv "$work/same/link.csv"
ln "$work/same/data.csv" "$work/same/hard.csv"
same_case() {
  local what=$1
  shift
  cp "$work/a.csv" "$work/same/data.csv"  # in place: the links stay links to it
  status=0
  (cd "$work/same" && "$tablekit" "$@") 2>"$work/err" || status=$?
  expect_status 64 "$status" "$what" "$work/err" "is the same file as"
  checks=$((checks + 1))
  local listing before=$failures
  cmp -s "$work/same/data.csv" "$work/a.csv" || fail "$what: data.csv changed"
  listing=$(ls -A "$work/same" | tr '\n' ' ')
  [ "$listing" = "data.csv hard.csv link.csv " ] || fail "$what: the folder holds [$listing]"
  [ "$failures" -ne "$before" ] || echo "ok: $what: data.csv kept byte for byte, folder: $listing"
}
same_case "output = input (data.csv -o data.csv)" data.csv -f csv -o data.csv
same_case "output = input through a symlink (-o link.csv)" data.csv -f csv -o link.csv
same_case "input through a symlink (link.csv -o data.csv)" link.csv -f csv -o data.csv
same_case "output = input through a hard link (-o hard.csv)" data.csv -f csv -o hard.csv
same_case "output = standard input (- <data.csv -o data.csv)" - -f csv -o data.csv <"$work/same/data.csv"
same_case "output = standard input, no - (<data.csv -o hard.csv)" -f csv -o hard.csv <"$work/same/data.csv"
status=0
(cd "$work/same" && "$tablekit" - -f csv -o link.csv <data.csv) 2>"$work/err" || status=$?
expect_status 64 "$status" "standard input redirected from the output's link target" \
  "$work/err" "is the same file as standard input"

# --- a hostile output name reaches the terminal as data -------------------------------------
status=0
"$tablekit" "$work/a.csv" -o "$work/missing/esc"$'\e'"[31m.csv" 2>"$work/err" || status=$?
expect_status 74 "$status" "an output name holding ESC, in a missing folder" "$work/err" "esc"
checks=$((checks + 1))
if LC_ALL=C grep -q $'\e' "$work/err"; then fail "the message holds a raw ESC: $(cat -v "$work/err")"; fi

# --- two writers at once ---------------------------------------------------------------------
mkdir -p "$work/race" "$work/alone"
"$tablekit" "$work/a.csv" --format html -o "$work/alone/a.html"
"$tablekit" "$work/b.csv" --format html -o "$work/alone/b.html"
for round in 1 2 3; do
  before=$failures
  old_report "$work/race/report.html"
  "$tablekit" "$work/a.csv" --format html -o "$work/race/report.html" 2>"$work/err-a" &
  first=$!
  "$tablekit" "$work/b.csv" --format html -o "$work/race/report.html" 2>"$work/err-b" &
  second=$!
  # Both temporaries exist at once: the writers really overlap.
  most=0
  while kill -0 "$first" 2>/dev/null || kill -0 "$second" 2>/dev/null; do
    now=$(ls -A "$work/race" | grep -cF '.report.html.tablekit-' || true)
    [ "$now" -gt "$most" ] && most=$now
    sleep 0.005
  done
  status_a=0
  status_b=0
  wait "$first" || status_a=$?
  wait "$second" || status_b=$?
  checks=$((checks + 1))
  [ "$status_a" -eq 0 ] && [ "$status_b" -eq 0 ] ||
    fail "two writers: exit $status_a and $status_b: $(cat "$work/err-a" "$work/err-b")"
  if cmp -s "$work/race/report.html" "$work/alone/a.html"; then
    winner=a
  elif cmp -s "$work/race/report.html" "$work/alone/b.html"; then
    winner=b
  else
    winner=neither
    fail "two writers (round $round): the file is neither output whole ($(wc -c <"$work/race/report.html") bytes)"
  fi
  listing=$(ls -A "$work/race" | tr '\n' ' ')
  [ "$listing" = "report.html " ] || fail "two writers: the folder holds [$listing]"
  checks=$((checks + 1))
  [ "$most" -eq 2 ] || fail "two writers (round $round): never saw both temporaries at once (at most $most)"
  [ "$failures" -ne "$before" ] || echo "ok: two writers (round $round): $most temporaries at once; both exit 0, the file is writer $winner's output whole ($(wc -c <"$work/race/report.html") bytes), folder: $listing"
done

# Paths are bytes (issue 34 §1): a name that is not UTF-8 (Latin-1 é, \xE9) is opened and
# written exactly, never changed to U+FFFD, and shown escaped in messages.
mkdir -p "$work/bytes"
latin=$(printf 'lat\xe9.csv')
printf 'name,n\nAda,1\n' >"$work/bytes/$latin"
previous=$PWD
cd "$work/bytes"
checks=$((checks + 1))
if "$tablekit" "$latin" >"$work/out" 2>"$work/err" && grep -q Ada "$work/out"; then
  echo "ok: an input named lat\\xE9.csv is read"
else
  fail "an input named lat\\xE9.csv was not read: $(cat "$work/err")"
fi
checks=$((checks + 1))
if "$tablekit" "$latin" -f csv -o "$(printf 'out\xe9.csv')" 2>"$work/err" \
  && [ -f "$(printf 'out\xe9.csv')" ] && [ "$(ls | LC_ALL=C sort | od -An -c | tr -s ' ')" = "$(printf 'lat\xe9.csv\nout\xe9.csv\n' | od -An -c | tr -s ' ')" ]; then
  echo "ok: -o out\\xE9.csv writes exactly that name"
else
  fail "-o out\\xE9.csv did not write exactly that name: $(ls | od -c | head -3) $(cat "$work/err")"
fi
checks=$((checks + 1))
if "$tablekit" export --input "$(printf 'x\xe9.json')" --out site >/dev/null 2>"$work/err"; then
  fail "export of a missing x\\xE9.json succeeded"
elif grep -qF 'x\x{E9}.json' "$work/err"; then
  echo "ok: a missing x\\xE9.json is named escaped: $(cat "$work/err")"
else
  fail "a missing x\\xE9.json is not named escaped: $(cat "$work/err")"
fi
checks=$((checks + 1))
echo '{"a":["1"]}' >"$(printf 'x\xe9.json')"
if "$tablekit" export --input "$(printf 'x\xe9.json')" --out="$(printf 'site\xe9')" >"$work/out" 2>"$work/err" \
  && [ -f "$(printf 'site\xe9')/index.html" ] && grep -qF 'site\x{E9}' "$work/out"; then
  echo "ok: export --out=site\\xE9 writes exactly that folder: $(cat "$work/out")"
else
  fail "export --out=site\\xE9 did not write that folder: $(ls | od -c | head -3) $(cat "$work/err")"
fi
cd "$previous"

report_checks output-safety
