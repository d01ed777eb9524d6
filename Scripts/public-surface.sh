#!/usr/bin/env bash
# Counts the public surface of each library module as the compiler sees it: the symbols with
# public or open access in the symbol graph a build emits (the graphs Scripts/docs.sh builds the
# DocC archives from), against the module's lines of code.
#
#   Scripts/public-surface.sh          per module: public declarations, code lines, per 100 lines
#   Scripts/public-surface.sh --list   also every public symbol, one a line (to diff two commits)
#
# A declaration is one symbol of the graph: a type, a member, an enum case, a protocol
# requirement, a default implementation in a protocol extension. Members the compiler only
# inherits into a type (a protocol extension's method seen on each conformer, `!=` from
# Equatable) are marked synthesized in the graph and not counted: nobody wrote them. `package`
# and internal symbols are not in a graph emitted at the default (public) access level.
# Code lines are the lines of Sources/<Module>/**/*.swift that are neither blank nor only a
# comment, so documentation does not dilute the ratio.
set -euo pipefail
cd "$(dirname "$0")/.."

list=0
[ "${1:-}" = "--list" ] && list=1

scratch=.build-docs
graphs="$scratch/symbol-graphs"
mkdir -p "$graphs"
# The same scratch folder and graphs folder as Scripts/docs.sh: an up-to-date build emits no
# graph, so the graphs must sit where the build that last compiled the module wrote them.
for target in TableRender TableKitReports TableKitModels TableKitNetworking TableKitTesting TableKitDatabase TableKitDatabaseSite; do
  swift build --scratch-path "$scratch" --target "$target" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >&2
done

python3 - "$graphs" "$list" <<'EOF'
import glob, json, os, re, sys

graphs, show_list = sys.argv[1], sys.argv[2] == "1"
modules = [
    "TableKit", "TableKitNavigation", "TableKitModels", "TableKitFiles", "TableKitReports", "TableRender",
    "TableKitNetworking", "TableKitTesting", "TableKitDatabase", "TableKitDatabaseSite",
]

def code_lines(module):
    count = 0
    for root, _, files in os.walk(os.path.join("Sources", module)):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    count += sum(1 for line in f if line.strip() and not line.strip().startswith("//"))
    return count

def public_symbols(module):
    files = [os.path.join(graphs, f"{module}.symbols.json")]
    # Extensions of other modules' types, when there are public ones: Module@Other.symbols.json.
    files += sorted(glob.glob(os.path.join(graphs, f"{module}@*.symbols.json")))
    if not os.path.isfile(files[0]):
        sys.exit(f"public-surface: no symbol graph for {module}; remove .build-docs and run again")
    names = []
    for path in files:
        with open(path, encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph["symbols"]:
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            kind = symbol["kind"]["identifier"].removeprefix("swift.")
            title = ".".join(symbol["pathComponents"])
            # Overloads share a path; the declaration fragments tell them apart.
            decl = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
            decl = re.sub(r"\s+", " ", decl)
            names.append(f"{module}  {kind:<14} {title}  [{decl}]")
    return sorted(names)

rows = []
for module in modules:
    names = public_symbols(module)
    if show_list:
        print("\n".join(names))
    rows.append((module, len(names), code_lines(module)))

print(f"{'module':<20} {'public decls':>12} {'code lines':>10} {'per 100 lines':>13}")
for module, count, lines in rows:
    print(f"{module:<20} {count:>12} {lines:>10} {100 * count / lines:>13.1f}")
total, lines = sum(r[1] for r in rows), sum(r[2] for r in rows)
print(f"{'all modules':<20} {total:>12} {lines:>10} {100 * total / lines:>13.1f}")
EOF
