#!/usr/bin/env bash
# Times one very large field through the tablekit command line: an unquoted CSV field, a quoted
# CSV field (with commas, quotes and line breaks inside), a JSON string, and an unquoted field
# between 5,000 short rows before and after it (the case "between": a file read in chunks cut
# its line once per chunk), each of several sizes, copied to CSV. Before the reader kept its place in a long record, every chunk read
# scanned the record again from its start: time grew with the square of the field (issue 21).
# Not run in CI: the largest files take a minute and hundreds of megabytes.
#
#   Scripts/large-field-bench.sh [binary] [sizes in MB] [cases]
#       (defaults: .build/release/tablekit "25 50 100 200" unquoted,quoted,json,between)
#
# For each case and size it prints the wall time, the user and system CPU time and the peak
# RSS (/usr/bin/time -v's "Maximum resident set size"), and the exit status; the load average
# is printed before each case, as the machine may be shared. A binary that knows
# --max-field-bytes is given limits above the largest size, so the fields are read rather than
# refused; an older binary has no limits to raise.
#
# Needs: /usr/bin/time (Debian's time), python3.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-.build/release/tablekit}"
sizes="${2:-25 50 100 200}"
cases="${3:-unquoted,quoted,json,between}"
for tool in /usr/bin/time python3; do
  command -v "$tool" >/dev/null || { echo "large-field-bench: $tool is needed" >&2; exit 1; }
done
[[ -x "$binary" ]] || { echo "large-field-bench: no binary at $binary" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/large-field-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

limits=()
if "$binary" --help | grep -q -- --max-field-bytes; then
  limits=(--max-field-bytes 4G --max-record-bytes 4G)
fi

# One file of `kind` whose single field holds `megabytes` MB (10^6 bytes).
write_file() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
kind, size, path = sys.argv[1], int(sys.argv[2]) * 1_000_000, sys.argv[3]
block = 1 << 20
with open(path, "wb") as f:
    if kind in ("unquoted", "between"):
        f.write(b"a\n")
        if kind == "between":
            f.write(b"".join(b"row %d\n" % i for i in range(5000)))
        unit = b"abcdefghijklmnopqrstuvwxyz012345"
    elif kind == "quoted":
        f.write(b'a\n"')
        # Commas, a doubled quote and a line break in every 32 bytes.
        unit = b'abc,def""ghi\njklmnopqrstuvwxyz,'
    else:
        f.write(b'[{"a":"')
        unit = b"abcdefghijklmnopqrstuvwxyz012345"
    chunk = unit * (block // len(unit))
    left = size
    while left > 0:
        f.write(chunk[:left])
        left -= min(left, len(chunk))
    f.write(b'"\n' if kind == "quoted" else b'"}]\n' if kind == "json" else b"\n")
    if kind == "between":
        f.write(b"".join(b"row %d\n" % i for i in range(5000)))
PY
}

printf '%-9s %6s %9s %9s %9s %10s %5s\n' case MB wall_s user_s sys_s peak_MiB exit
IFS=, read -r -a kinds <<<"$cases"
for kind in "${kinds[@]}"; do
  echo "# loadavg before $kind: $(cat /proc/loadavg)"
  for size in $sizes; do
    extension=csv
    [[ "$kind" == json ]] && extension=json
    file="$work/field.$extension"
    write_file "$kind" "$size" "$file"
    status=0
    /usr/bin/time -v -o "$work/time" "$binary" "$file" -f csv "${limits[@]}" >/dev/null \
      2>"$work/stderr" || status=$?
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
      n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' \
      "$work/time")
    user=$(awk -F': ' '/User time/ {print $2}' "$work/time")
    sys=$(awk -F': ' '/System time/ {print $2}' "$work/time")
    rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2 / 1024}' "$work/time")
    printf '%-9s %6s %9s %9s %9s %10s %5s\n' "$kind" "$size" "$wall" "$user" "$sys" "$rss" \
      "$status"
    if [[ $status -ne 0 ]]; then sed 's/^/    /' "$work/stderr" | head -c 300; echo; fi
    rm -f "$file"
  done
done
echo "# loadavg after: $(cat /proc/loadavg)"
