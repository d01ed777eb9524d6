#!/usr/bin/env bash
# Compiles every ```swift block of the README and the DocC articles against the debug build's
# modules (run `swift build` first), so no example in the docs can rot. How a page marks a block
# that continues another, a fragment's hidden context, or a block that is not a program:
# Scripts/doc-examples.py. Exits non-zero when any program fails to compile or warns.
set -euo pipefail
cd "$(dirname "$0")/.."

out=.build/doc-examples
modules=$(swift build --show-bin-path)/Modules
[ -d "$modules" ] || { echo "doc-examples: build first ($modules is missing)" >&2; exit 1; }
python3 Scripts/doc-examples.py "$out" .

# -c compiles through SIL, so definite initialisation and exhaustiveness are checked too; the
# object file is thrown away (nothing is linked or run). Two at a time: CI has two cores.
compile() {
  local program=$1 log=${1%.swift}.log
  if ! swiftc -swift-version 6 -c -I "$2" -module-name DocExample "$program" -o "${program%.swift}.o" 2>"$log"; then
    echo "doc-examples: $program does not compile:" >&2
    cat "$log" >&2
    return 1
  fi
  # A line that only shows a value (`table.selectedPositions   // [(0, 0)]`) is how the docs
  # show results, so unused-value warnings are the one kind allowed.
  if grep "warning:" "$log" | grep -vq '\[#no-usage\]'; then
    echo "doc-examples: $program compiles with warnings:" >&2
    cat "$log" >&2
    return 1
  fi
}
export -f compile
if ! find "$out" -name '*.swift' -print0 | sort -z | xargs -0 -P 2 -I{} bash -c 'compile "$1" "$2"' _ {} "$modules"; then
  echo "doc-examples: some examples do not compile (above)" >&2
  exit 1
fi
echo "doc-examples: every program compiles"
