#!/usr/bin/env bash
# The database site against Datasette: makes the shop and the library databases
# (Scripts/shop-database.py), exports each with `tablekit export DB --out SITE`, and runs
# Scripts/datasette-oracle.py on each site: row counts, every row's values, foreign-key targets,
# incoming-reference counts and facet counts must all be Datasette's. Builds nothing.
#
#   Scripts/database-site-oracle.sh [path/to/tablekit] [python] [rows]
#
# tablekit defaults to .build/debug/tablekit; python to the validation venv's
# (Scripts/validation-venv.sh, which pins datasette); rows (default 300) scales the databases
# (about 4,000 rows in the shop). Both databases are compared; the exit status is 1 if either
# site differs from Datasette.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/debug/tablekit}"
python="${2:-$(bash Scripts/validation-venv.sh)}"
rows="${3:-300}"
[ -x "$tablekit" ] || { echo "database-site-oracle: no tablekit at $tablekit (build it first)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exec </dev/null
status=0

for kind in shop library; do
  db="$work/$kind.db"
  "$python" Scripts/shop-database.py "$db" --kind "$kind" --rows "$rows"
  start=$EPOCHREALTIME
  "$tablekit" export "$db" --out "$work/$kind-site"
  awk -v kind="$kind" -v s="$start" -v e="$EPOCHREALTIME" -v n="$(find "$work/$kind-site" -type f | wc -l)" \
    'BEGIN { printf "database-site-oracle: %s exported in %.1f s, %d files\n", kind, e - s, n }'
  "$python" Scripts/datasette-oracle.py "$work/$kind-site" "$db" || status=1
done
exit "$status"
