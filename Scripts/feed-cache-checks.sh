#!/usr/bin/env bash
# The sample feed's --cache folder shared by two tablekit processes at once (issue 27).
#
#   bash Scripts/feed-cache-checks.sh [path/to/tablekit]
#
# Two processes each run the feed 20 times against one cache folder, now and then emptying it so
# that both keep writing entries while the other reads them. Every output must be byte for byte
# the uncached one (CSV leaves the status rows out), no hidden temporary may be left, and a run
# after a cached one must say "Showing saved rows from <ISO 8601 UTC>".
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${1:-}"
if [ -z "$bin" ]; then
  swift build --product tablekit >/dev/null
  bin=.build/debug/tablekit
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

args=(--sample feed --page-size 7 --pages 6 --feed-size 40)
"$bin" "${args[@]}" --format csv >"$work/expected.csv"

pids=()
for worker in 1 2; do
  (
    for run in $(seq 1 20); do
      if [ $((run % 5)) = 0 ]; then rm -f "$work/cache/"*.page; fi
      "$bin" "${args[@]}" --format csv --cache "$work/cache" >"$work/out-$worker-$run.csv"
      if ! cmp -s "$work/expected.csv" "$work/out-$worker-$run.csv"; then
        echo "feed-cache: run $run of process $worker showed other rows" >&2
        diff "$work/expected.csv" "$work/out-$worker-$run.csv" >&2 || true
        exit 1
      fi
    done
  ) &
  pids+=("$!")
done
for pid in "${pids[@]}"; do wait "$pid"; done

leftovers=$(find "$work/cache" -name '.*' -type f | wc -l)
if [ "$leftovers" != 0 ]; then
  echo "feed-cache: $leftovers temporaries left in the cache folder" >&2
  exit 1
fi

"$bin" "${args[@]}" --cache "$work/cache" >"$work/saved.txt"
if ! grep -Eq 'Showing saved rows from [0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z' \
  "$work/saved.txt"; then
  echo "feed-cache: a run after a cached one does not say it shows saved rows" >&2
  cat "$work/saved.txt" >&2
  exit 1
fi
entries=$(find "$work/cache" -name '*.page' -type f | wc -l)
echo "feed-cache: 40 runs in 2 processes sharing one folder, every output the uncached one;" \
  "$entries entries, no temporaries left; a cached run says it shows saved rows"

# The cache stays in its folder (issue 34 §3): an entry replaced by a FIFO, and another by a
# link to a file outside the folder, neither blocks the feed nor is read or written through; both
# are replaced by regular entries and the outside file is untouched.
mapfile -t names < <(find "$work/cache" -name '*.page' -type f -printf '%f\n' | sort | head -2)
echo "outside the cache" >"$work/outside.txt"
rm "$work/cache/${names[0]}" "$work/cache/${names[1]}"
mkfifo "$work/cache/${names[0]}"
ln -s "$work/outside.txt" "$work/cache/${names[1]}"
set +e
timeout 10 "$bin" "${args[@]}" --format csv --cache "$work/cache" >"$work/hostile.csv"
status=$?
set -e
if [ "$status" != 0 ] || ! cmp -s "$work/expected.csv" "$work/hostile.csv"; then
  echo "feed-cache: with a FIFO and a link as entries the feed exited $status (124: it blocked)" >&2
  exit 1
fi
for name in "${names[@]}"; do
  if [ ! -f "$work/cache/$name" ] || [ -L "$work/cache/$name" ]; then
    echo "feed-cache: the entry $name is not a regular file again" >&2
    exit 1
  fi
done
if [ "$(cat "$work/outside.txt")" != "outside the cache" ]; then
  echo "feed-cache: the file outside the cache was written through the link" >&2
  exit 1
fi
echo "feed-cache: a FIFO and a link to a file outside in place of entries: the feed did not" \
  "block (exit 0, the uncached output), both are regular entries again, the outside file untouched"
