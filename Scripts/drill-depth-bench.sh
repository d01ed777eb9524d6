#!/usr/bin/env bash
# Deep hierarchies: a drill-down into a chain of nested lists DEPTH levels deep (each level a
# branch row and a leaf row), three ways, each in a process of its own under /usr/bin/time:
#   walker   a bare NavigationWalker walk of every level
#   appwalk  AppWalk().run, what assertEveryLevel does (each level rendered and checked)
#   push     selecting the branch row of each level in turn, DEPTH pushes from the root
# Prints the process's CPU time and peak RSS for each case and depth (startup included).
#
#   Scripts/drill-depth-bench.sh [DEPTH ...]     # default: 1000 2000 4000 16000
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
bench="$PWD/.build/drill-depth-bench"
mkdir -p "$bench/Sources/drillbench"
# Drill-down, the walker and the stack live in TableKitNavigation where that module exists.
navigation_product="" navigation_import=""
if [ -d Sources/TableKitNavigation ]; then
  navigation_product=".product(name: \"TableKitNavigation\", package: \"$(basename "$repository")\"),"
  navigation_import="import TableKitNavigation"
fi
cat >"$bench/Package.swift" <<SWIFT
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "drillbench",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$repository")],
  targets: [
    .executableTarget(
      name: "drillbench",
      dependencies: [
        .product(name: "TableKit", package: "$(basename "$repository")"),
        .product(name: "TableKitTesting", package: "$(basename "$repository")"),
        $navigation_product
      ])
  ]
)
SWIFT
{
  echo "import TableKit"
  [ -z "$navigation_import" ] || echo "$navigation_import"
  echo "import TableKitTesting"
} >"$bench/Sources/drillbench/main.swift"
cat >>"$bench/Sources/drillbench/main.swift" <<'SWIFT'

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments
guard arguments.count == 3, let depth = Int(arguments[2]) else {
  print("usage: drillbench walker|appwalk|push DEPTH")
  exit(64)
}
var node = NestedValue.list(["leaf"], title: "Level \(depth)")
for level in stride(from: depth - 1, through: 0, by: -1) {
  node = .list([node, "leaf"], title: "Level \(level)")
}
let stack = NavigationController(drillingInto: node, title: "Root")
let walker = NavigationWalker(maximumDepth: depth + 1, maximumLevels: depth + 2)
var count = 0
switch arguments[1] {
case "walker": count = try walker.walk(stack) { _ in }.levelsVisited
case "appwalk":
  let report = try AppWalk(walker: walker).run(stack)
  guard report.failures.isEmpty else { print(report.failureMessage ?? ""); exit(1) }
  count = report.levelsVisited
case "push":
  for _ in 0..<depth {
    _ = try stack.selectRow(at: TablePosition(section: 0, row: 0), in: stack.top)
    count += 1
  }
default:
  print("unknown case \(arguments[1])")
  exit(64)
}
var clock = timespec()
clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &clock)
let cpu = Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9
print("\(arguments[1]) \(depth) levels=\(count) cpu_s=\(cpu)")
SWIFT
swift build -c release --package-path "$bench" --scratch-path "$bench/.build" >/dev/null
binary="$bench/.build/release/drillbench"
uptime
depths=("$@")
[ ${#depths[@]} -gt 0 ] || depths=(1000 2000 4000 16000)
for case in walker appwalk push; do
  for depth in "${depths[@]}"; do
    /usr/bin/time -f "  peak_rss_kb=%M" "$binary" "$case" "$depth" 2>&1 | tr '\n' ' '
    echo
  done
done
uptime
