# Helpers shared by the check scripts (cli-checks, cli-input-checks, models-checks,
# browse-checks): each sources this file after setting `tablekit` (the binary) and `work` (a
# scratch directory), counts its checks in `checks`, its failures in `failures`, and ends with
# `report_checks NAME`.
#
# Not a script of its own: `source "$(dirname "$0")/check-helpers.sh"`.

checks=0
failures=0

# fail MESSAGE...: counts a failure and says what it was on stderr.
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# expect_output PATTERN ARGS...: `tablekit ARGS` must succeed and print PATTERN on stdout.
expect_output() {
  local pattern=$1
  shift
  checks=$((checks + 1))
  if ! "$tablekit" "$@" >"$work/out" 2>"$work/err" || ! grep -qF -- "$pattern" "$work/out"; then
    fail "tablekit $* did not print '$pattern'; got: $(head -c 600 "$work/out") $(cat "$work/err")"
  fi
}

# expect_no_output PATTERN ARGS...: `tablekit ARGS` must succeed and not print PATTERN.
expect_no_output() {
  local pattern=$1
  shift
  checks=$((checks + 1))
  if ! "$tablekit" "$@" >"$work/out" 2>"$work/err" || grep -qF -- "$pattern" "$work/out"; then
    fail "tablekit $* printed '$pattern' (or failed: $(cat "$work/err"))"
  fi
}

# expect_failure CODE PATTERN ARGS...: `tablekit ARGS` must exit CODE and print PATTERN on
# stderr.
expect_failure() {
  local code=$1 pattern=$2
  shift 2
  checks=$((checks + 1))
  local status=0
  "$tablekit" "$@" >"$work/out" 2>"$work/err" || status=$?
  if [[ $status -ne $code ]] || ! grep -qF -- "$pattern" "$work/err"; then
    fail "tablekit $* exited $status (wanted $code); stderr: $(cat "$work/err")"
  fi
}

# report_checks NAME: prints how many checks passed and failed; fails when any did.
report_checks() {
  echo "$1: $((checks - failures)) passed, $failures failed"
  [[ $failures -eq 0 ]]
}
