#!/usr/bin/env bash
# Checks that input without end stops with the limit's error, quickly and in bounded memory:
# tablekit /dev/zero, a 1 GiB field from a pipe, a quote never closed, a JSON string and a JSON
# Lines record without end, each run under an address-space cap (prlimit --as, 512 MiB) and a
# time limit. Before the limits (issue 21 §2), /dev/zero grew until the cap killed the program.
#
#   Scripts/input-limits-checks.sh [binary]      (default: .build/release/tablekit)
#
# Needs: prlimit and timeout (util-linux, coreutils), head, tr, yes.
set -uo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/tablekit}"
[[ -x "$binary" ]] || { echo "input-limits-checks: no binary at $binary" >&2; exit 1; }
for tool in prlimit timeout; do
  command -v "$tool" >/dev/null || { echo "input-limits-checks: $tool is needed" >&2; exit 1; }
done
cap=$((512 << 20))
failures=0

# check NAME EXPECTED-STDERR-PREFIX COMMAND...: runs COMMAND (its input a pipe set up by the
# caller, or none) capped, and wants exit status 65 and the message.
check() {
  local name="$1" expected="$2"
  shift 2
  local started=$SECONDS
  local stderr
  stderr=$(prlimit --as=$cap timeout 60 "$@" 2>&1 >/dev/null)
  local status=$?
  local took=$((SECONDS - started))
  if [[ $status -eq 65 && "$stderr" == "$expected"* ]]; then
    echo "ok   $name (${took}s): ${stderr:0:110}…"
  else
    echo "FAIL $name: exit $status after ${took}s; wanted 65 and '$expected…'" >&2
    echo "     got: ${stderr:0:400}" >&2
    failures=$((failures + 1))
  fi
}

field="the field that starts here runs on past byte"

check "/dev/zero, default limits" \
  "tablekit: /dev/zero:1:1: $field 134217728: it is longer than 134217728 bytes (128 MiB)" \
  "$binary" /dev/zero

# A 1 GiB unquoted field on line 2, from a pipe: stops after 128 MiB of it.
check "1 GiB field from a pipe, default limits" \
  "tablekit: standard input:2:1: $field 134217730: it is longer than 134217728 bytes" \
  bash -c "{ printf 'a\n'; head -c 1G /dev/zero | tr '\\0' x; printf '\n'; } | \"$binary\" --from csv -f csv"

check "a quote never closed, --max-field-bytes 8M" \
  "tablekit: standard input:2:3: $field 8388614: it is longer than 8388608 bytes (8 MiB)" \
  bash -c "{ printf 'a,b\n1,\"'; yes 'a line inside quotes'; } | \"$binary\" --from csv --max-field-bytes 8M"

check "a JSON Lines string without end" \
  "tablekit: standard input:2:7: $field 134217743: it is longer than 134217728 bytes" \
  bash -c "{ printf '{\"a\": 1}\n{\"a\": \"'; tr '\\0' x </dev/zero; } | \"$binary\" --from jsonl"

check "a JSON array row without end, --max-record-bytes 4M" \
  "tablekit: standard input:1:8: the record that starts here runs on past byte 4194311" \
  bash -c "{ printf '[[\"a\"],['; yes '1,'; } | \"$binary\" --from json --max-record-bytes 4M"

if [[ $failures -gt 0 ]]; then
  echo "input-limits-checks: $failures failed" >&2
  exit 1
fi
echo "input-limits-checks: all passed"
