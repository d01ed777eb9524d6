#!/usr/bin/env bash
# TableKitTesting as a user meets it: Examples/TableKitTestingExample is a package of its own that
# depends on this repository by path and on the TableKitTesting product by name.
#
#   1. its tests (Swift Testing and XCTest) pass;
#   2. they pass again under another locale and time zone (the rendering is the same everywhere);
#   3. record mode end to end: a test with a stale inline literal fails; with TABLEKIT_RECORD=1 it
#      fails again and the literal in the source now holds what the table shows; without it,
#      the rewritten test passes;
#   3b. eight tests in one file, each with an empty literal, recorded in one parallel run: every
#      literal is written (none overwrites another) and every failure says it wrote its literal
#      at the line where it is;
#   4. the tests in the DocC article "Testing table logic" run (not only compile) and pass.
#
#   Scripts/testing-kit-checks.sh
set -euo pipefail
cd "$(dirname "$0")/.."

example=Examples/TableKitTestingExample
scratch="$PWD/.build/testing-kit-example"
run() { swift test --package-path "$example" --scratch-path "$scratch" "$@"; }

mkdir -p "$scratch"
log="$scratch/checks.log"
# Both frameworks ran and passed: XCTest's summary and Swift Testing's.
passed() {
  grep -q "Executed 1 test, with 0 failures" "$log" \
    && grep -q "Test run with 5 tests in 2 suites passed" "$log" \
    || { cat "$log" >&2; echo "testing-kit: the example's tests failed" >&2; exit 1; }
  grep -E "Executed 1 test|Test run with" "$log" | tail -n 2
}

echo "testing-kit: the example package's tests"
run >"$log" 2>&1 || true
passed

# Foundation takes the locale from LANG (no glibc locale needs to be installed for that).
echo "testing-kit: again with LANG=de_DE.UTF-8 and TZ=Pacific/Chatham"
LANG=de_DE.UTF-8 TZ=Pacific/Chatham run --skip-build >"$log" 2>&1 || true
passed

echo "testing-kit: record mode writes the literal and fails"
check="$example/Tests/ShowroomTests/RecordModeCheck.swift"
trap 'rm -f "$check"' EXIT
cat >"$check" <<'SWIFT'
import Showroom
import TableKit
import TableKitTesting
import Testing

@Test func recordModeCheck() throws {
  let ledger = try Ledger()
  assertRendering(
    of: TableView(dataSource: ledger.dataSource),
    """
      a stale row
    """)
}
SWIFT
expected_literal='    """
    columns: Entry | Amount
    § November 2026
      INV-1042 — Acme Ltd | 1250.00 > {invoice}
      Quarterly billing from 2027 {note} (not selectable)
    § October 2026
      INV-1038 — Blue Harbor Inc. | 999.99 > {invoice}
    """)'
if run --filter recordModeCheck >"$log" 2>&1; then
  echo "testing-kit: a stale literal passed" >&2; exit 1
fi
grep -q "line 1, column 1, the column headers, differs" "$log" \
  || { cat "$log" >&2; echo "testing-kit: the mismatch did not name its line" >&2; exit 1; }
if TABLEKIT_RECORD=1 run --skip-build --filter recordModeCheck >"$log" 2>&1; then
  echo "testing-kit: a recording passed" >&2; exit 1
fi
grep -q "Record mode is on, so this assertion fails" "$log" \
  || { cat "$log" >&2; echo "testing-kit: record mode did not say why it failed" >&2; exit 1; }
grep -qF "$expected_literal" "$check" \
  || { cat "$check" >&2; echo "testing-kit: record mode did not write the literal" >&2; exit 1; }
run --filter recordModeCheck >"$log" 2>&1 \
  || { cat "$log" >&2; echo "testing-kit: the recorded test does not pass" >&2; exit 1; }
echo "testing-kit: stale literal failed, recording failed and wrote it, the recorded test passes"

echo "testing-kit: eight recordings into one file in one parallel run are all written"
many="$example/Tests/ShowroomTests/RecordManyCheck.swift"
trap 'rm -f "$check" "$many"' EXIT
{
  printf 'import Showroom\nimport TableKit\nimport TableKitTesting\nimport Testing\n'
  for index in 1 2 3 4 5 6 7 8; do
    printf '\n@Test func recordManyCheck%s() throws {\n' "$index"
    printf '  let ledger = try Ledger()\n  assertRendering(\n    of: TableView(dataSource: ledger.dataSource),\n'
    printf '    """\n    """)\n}\n'
  done
} >"$many"
if TABLEKIT_RECORD=1 run --filter recordManyCheck >"$log" 2>&1; then
  echo "testing-kit: a recording passed" >&2; exit 1
fi
written=$(grep -cF "    INV-1038 — Blue Harbor Inc. | 999.99 > {invoice}" "$many" || true)
# One failure a test, each saying (on the line after the issue's) that it wrote the literal.
claims=$(awk '/Test recordManyCheck[0-9]\(\) recorded an issue/ { test = $3; next }
  test != "" && /wrote the rendering .* into the literal that opens at line [0-9]+ of [^ ]*RecordManyCheck.swift/ { print test }
  { test = "" }' "$log" | sort -u | wc -l)
[ "$written" -eq 8 ] && [ "$claims" -eq 8 ] \
  || { cat "$log" "$many" >&2
       echo "testing-kit: $written of 8 literals written, $claims failures say they wrote one" >&2
       exit 1; }
run --filter recordManyCheck >"$log" 2>&1 \
  || { cat "$log" >&2; echo "testing-kit: the recorded tests do not pass" >&2; exit 1; }
echo "testing-kit: 8 of 8 literals written, 8 failures saying so, the recorded tests pass"

echo "testing-kit: the article's tests run and pass"
article="$PWD/.build/testing-kit-article"
rm -rf "$article" && mkdir -p "$article/programs" "$article/Tests/ArticleTests"
python3 Scripts/doc-examples.py "$article/programs" . >/dev/null
repository=$(basename "$PWD")
# Each program has exactly the imports its blocks show, as a reader copies them.
cp "$article"/programs/*TestingTableLogic*.swift "$article/Tests/ArticleTests/"
cat >"$article/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "ArticleTests",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$PWD")],
  targets: [
    .testTarget(
      name: "ArticleTests",
      dependencies: [
        .product(name: "TableKit", package: "$repository"),
        .product(name: "TableKitTesting", package: "$repository"),
      ]
    )
  ]
)
SWIFT
swift test --package-path "$article" --scratch-path "$article/.build" >"$log" 2>&1 \
  || { cat "$log" >&2; echo "testing-kit: the article's tests fail" >&2; exit 1; }
grep -E "Test run with" "$log"
