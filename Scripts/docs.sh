#!/usr/bin/env bash
# Builds the DocC archives of the ten library modules (TableKit, TableKitNavigation, TableKitModels,
# TableKitFiles, TableKitReports, TableRender, TableKitNetworking, TableKitTesting,
# TableKitDatabase, TableKitDatabaseSite) with
# the toolchain alone (no plugin).
#
#   Scripts/docs.sh            archives in .build-docs/archives/, warnings as errors
#   OUTPUT=dir Scripts/docs.sh archives in dir
#
# `swift package dump-symbol-graph` also wants the test modules and fails on a clean tree, so the
# symbol graphs come from a normal build with -emit-symbol-graph, in a scratch folder of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-docs
graphs="$scratch/symbol-graphs"
output="${OUTPUT:-$scratch/archives}"
# The graphs folder is kept between runs: an up-to-date build compiles nothing and so emits
# nothing, and the graphs it wrote last time are then still the current ones.
mkdir -p "$graphs" "$output"

for target in TableRender TableKitReports TableKitModels TableKitNetworking TableKitTesting TableKitDatabase TableKitDatabaseSite; do
  swift build --scratch-path "$scratch" --target "$target" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs"
done

for module in TableKit TableKitNavigation TableKitModels TableKitFiles TableKitReports TableRender TableKitNetworking TableKitTesting TableKitDatabase TableKitDatabaseSite; do
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    echo "docs: no symbol graph for $module; remove $scratch and run again" >&2
    exit 1
  fi
  rm -rf "${graphs:?}/$module"
  mkdir -p "$graphs/$module"
  cp "$graphs/$module.symbols.json" "$graphs/$module/"
  docc convert "Sources/$module/$module.docc" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.tablekit.$module" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --output-path "$output/$module.doccarchive" \
    --warnings-as-errors
  echo "docs: $output/$module.doccarchive"
done
