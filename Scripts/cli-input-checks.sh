#!/usr/bin/env bash
# Reads real CSV, TSV, JSON and JSON Lines files and pipes with the tablekit command line and
# checks what it writes with Python's csv and json modules: every input shape, each kind of bad
# input (exit status and message with file, line and column), pipes in and out, and the round
# trip: `tablekit --format csv` of a CSV file read back with Python's csv equals the file's cells.
#
#   Scripts/cli-input-checks.sh [path/to/tablekit] [python]
#       (defaults: .build/release/tablekit, python3)
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
python="${2:-python3}"
case "$tablekit" in /*) ;; *) tablekit="$PWD/$tablekit" ;; esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Scripts/check-helpers.sh
cd "$work"
exec </dev/null

# same_cells A B: Python's csv reads the same cells from both files (a BOM in A is not a cell).
same_cells() {
  checks=$((checks + 1))
  if ! "$python" - "$1" "$2" <<'PY'; then fail "$1 and $2 differ as CSV"; fi
import csv, sys
def cells(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return [row for row in csv.reader(f) if row]
a, b = cells(sys.argv[1]), cells(sys.argv[2])
if a != b:
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            print(f"row {i}: {x!r} != {y!r}", file=sys.stderr)
            break
    print(f"{len(a)} rows against {len(b)}", file=sys.stderr)
    sys.exit(1)
PY
}

# The hostile CSV: quotes, commas, line breaks (LF and CRLF) inside quotes, a BOM, CRLF records,
# formula-like text, numbers that must keep their digits, text that must not become a number,
# Unicode, markup and pipes.
"$python" - <<'PY'
import csv
rows = [
    ["name", "amount", "note", "flag", "code"],
    ["Acme, Inc.", "100.10", 'say "hi"', "true", "007"],
    ["Zoë", "-4.99", "two\nlines", "false", "+1"],
    ["山田 太郎", "123456789012345678901234567890", "crlf\r\ninside", "", "1e5"],
    ["=HYPERLINK(\"x\")", "0.50", "<b>bold</b> | pipe # hash", "TRUE", "-0"],
    ["@SUM(A1)", "9223372036854775808", " padded ", "True", "1,000"],
    ["", "", "", "", ""],
    ["-minus", "0", "tab\there", "x", ".5"],
]
with open("hostile.csv", "w", newline="", encoding="utf-8-sig") as f:
    csv.writer(f, lineterminator="\r\n").writerows(rows)
with open("hostile-lf.csv", "w", newline="", encoding="utf-8") as f:
    csv.writer(f, lineterminator="\n", quoting=csv.QUOTE_ALL).writerows(rows)
PY

# Round trip: every cell comes back as it was, from a file and through pipes both ways.
for file in hostile.csv hostile-lf.csv; do
  "$tablekit" "$file" --format csv --no-formula-guard >"rt-$file"
  same_cells "$file" "rt-$file"
  "$tablekit" --format csv --no-formula-guard <"$file" >"pipe-$file"
  same_cells "$file" "pipe-$file"
  cat "$file" | "$tablekit" - --format csv --no-formula-guard | cat >"pipe2-$file"
  same_cells "$file" "pipe2-$file"
done
# With the formula guard (the default), only formula-like text changes: a ' in front.
"$tablekit" hostile.csv --format csv >guarded.csv
checks=$((checks + 1))
"$python" - <<'PY' || fail "the guarded CSV changed more than formula-like text"
import csv
read = lambda p, e: [r for r in csv.reader(open(p, newline="", encoding=e)) if r]
source, guarded = read("hostile.csv", "utf-8-sig"), read("guarded.csv", "utf-8")
for row_a, row_b in zip(source, guarded):
    for a, b in zip(row_a, row_b):
        formula = a[:1] in ("=", "+", "-", "@") and a not in ("-4.99",)
        assert b == ("'" + a if formula else a), (a, b)
assert len(source) == len(guarded)
PY

# Numbers keep their digits in every format; text that looks almost numeric stays as written.
"$tablekit" hostile.csv --format markdown >hostile.md
for value in "100.10" "123456789012345678901234567890" "9223372036854775808" "0.50" "007" "1e5" "TRUE" "1,000"; do
  checks=$((checks + 1))
  grep -qF -- "$value" hostile.md || fail "Markdown lost the value $value"
done
checks=$((checks + 1))
grep -qF '\<b\>bold\</b\> \| pipe \# hash' hostile.md || grep -qF '&lt;b&gt;' hostile.md || fail "Markdown left markup or a pipe unescaped: $(grep bold hostile.md)"

# TSV: tabs separate, quotes are data.
printf 'name\tqty\n"quoted"\t12.50\na,b\t-3\n' >data.tsv
"$tablekit" data.tsv --format csv --no-formula-guard >tsv.csv
checks=$((checks + 1))
[[ "$(cat tsv.csv)" == $'name,qty\r\n"""quoted""",12.50\r\n"a,b",-3\r' ]] || fail "TSV read as $(cat -A tsv.csv)"

# JSON shapes, each checked against Python's reading of the same JSON.
cat >objects.json <<'JSON'
[{"time": "09:00", "level": "info", "message": "start, \"quoted\""},
 {"level": "warn", "message": "line\nbreak", "extra": 100.10},
 {"time": "09:02", "nested": {"k": [1, 2]}, "n": 123456789012345678901234567890}]
JSON
"$tablekit" objects.json --format csv --no-formula-guard >objects.csv
checks=$((checks + 1))
"$python" - <<'PY' || fail "the array of objects did not read as Python reads it"
import csv, json
from decimal import Decimal
records = json.load(open("objects.json"), parse_float=Decimal)
keys = []
for r in records:
    for k in r:
        if k not in keys: keys.append(k)
def text(v):
    if v is None: return ""
    if isinstance(v, bool): return "true" if v else "false"
    if isinstance(v, (dict, list)): return json.dumps(v, separators=(",", ":"))
    return str(v)
want = [keys] + [[text(r.get(k)) for k in keys] for r in records]
got = list(csv.reader(open("objects.csv", newline="", encoding="utf-8")))
assert got == want, (got, want)
PY
printf '[["name", "n"], ["a", 1.50], ["b", null]]' >arrays.json
"$tablekit" arrays.json --format csv >arrays.csv
checks=$((checks + 1))
[[ "$(cat arrays.csv)" == $'name,n\r\na,1.50\r\nb,\r' ]] || fail "the array of arrays read as $(cat -A arrays.csv)"
printf '{"time": "t1", "level": "info", "message": "hi", "host": "a"}\n{"time": "t2", "level": "warn", "message": "careful"}\n' >logs.jsonl
"$tablekit" --from jsonl logs.jsonl --columns time,level,message --format csv >logs.csv
checks=$((checks + 1))
[[ "$(cat logs.csv)" == $'time,level,message\r\nt1,info,hi\r\nt2,warn,careful\r' ]] || fail "JSON Lines read as $(cat -A logs.csv)"
# Guessed from the content on standard input: jq-style output of objects, and JSON Lines.
"$tablekit" --format csv <objects.json | head -1 >guess1.csv
"$tablekit" --format csv <logs.jsonl | head -1 >guess2.csv
checks=$((checks + 1))
[[ "$(cat guess1.csv guess2.csv)" == $'time,level,message,extra,nested,n\r\ntime,level,message,host\r' ]] || fail "standard input was guessed wrong: $(cat -A guess1.csv guess2.csv)"

# Shaping: sort numerically (descending), group with counts.
printf 'region,item,amount\nNorth,pens,10.50\nSouth,ink,2\nNorth,desk,120.00\nSouth,clips,-3\n' >sales.csv
"$tablekit" sales.csv --sort -amount --columns item,amount --format csv >sorted.csv
checks=$((checks + 1))
[[ "$(cat sorted.csv)" == $'item,amount\r\ndesk,120.00\r\npens,10.50\r\nink,2\r\nclips,-3\r' ]] || fail "--sort -amount gave $(cat -A sorted.csv)"
"$tablekit" sales.csv --group-by region --count --title "Sales" --format markdown >grouped.md
checks=$((checks + 1))
[[ "$(cat grouped.md)" == "$(printf '# Sales\n\n**North**\n\n| item | amount |\n| --- | ---: |\n| pens | 10.50 |\n| desk | 120.00 |\n\n*2 rows*\n\n**South**\n\n| item | amount |\n| --- | ---: |\n| ink | 2 |\n| clips | -3 |\n\n*2 rows*')" ]] || fail "--group-by gave $(cat grouped.md)"

# Errors: file, line and column, plain words, the documented status.
printf 'a,b,c\n1,2,3\n4,5\n' >ragged.csv
expect_failure 65 "ragged.csv:3:1: row 2 has 2 fields, but the header has 3" ragged.csv
printf 'a,b\n1,"open\n2,3\n' >open.csv
expect_failure 65 "open.csv:2:3: the quoted field that starts here has no closing quote" open.csv
printf 'a,b\n"ab"c,1\n' >after.csv
expect_failure 65 "after.csv:2:5: expected a separator or the end of the line after the closing quote, found \`c\`" after.csv
printf 'a,b\n1,\xc3\xa9\xff\n' >utf8.csv
expect_failure 65 "utf8.csv:2:4: invalid UTF-8 at byte 8 (line 2, column 4): byte 0xFF never appears in UTF-8" utf8.csv
checks=$((checks + 1))
[[ "$("$tablekit" utf8.csv --lossy --format csv)" == $'a,b\r\n1,é\xef\xbf\xbd\r' ]] || fail "--lossy did not replace the bad byte"
: >empty.csv
expect_failure 65 "empty.csv: the input holds no table; it must start with a header row of column names" empty.csv
expect_failure 65 "standard input: the input holds no table" -
printf '{"a": 1}\n{"a": 2, "late": 3}\n' >late.jsonl
expect_failure 65 'late.jsonl:2:10: the key "late" first appears in record 2, after the columns were taken from the first record;' late.jsonl --sample 1
printf '{"a": 1}\n[2]\n' >line.jsonl
expect_failure 65 "line.jsonl:2:1: expected an object (one record per line), found an array" line.jsonl
printf '[{"a": 1},\n {"a": tru}]' >broken.json
expect_failure 65 "broken.json:2:8: expected a JSON value, found \`tru\`" broken.json
expect_failure 64 'sales.csv: there is no column "price"; the columns are "region", "item", "amount"' sales.csv --columns price
expect_failure 64 "argument 2, \`xml\`: --from needs one of" --from xml sales.csv
expect_failure 66 "cannot read missing.csv: No such file or directory" missing.csv
for file in err; do
  checks=$((checks + 1))
  if grep -qE "Swift\.|Dictionary|DecodingError|NSCocoaErrorDomain" "$file"; then fail "a message reads like Swift: $(cat "$file")"; fi
done

# Pipes out: a closed pipe ends tablekit quietly (SIGPIPE, 141 in the shell), with no message,
# well before the input is read to the end.
"$python" - <<'PY'
with open("big.csv", "w") as f:
    f.write("id,name,amount\n")
    for i in range(300_000):
        f.write(f"{i},name {i},{i}.50\n")
PY
for format in csv markdown html text; do
  checks=$((checks + 1))
  set +o pipefail
  "$tablekit" big.csv --format "$format" 2>head-err | head -1 >/dev/null
  status=${PIPESTATUS[0]}
  set -o pipefail
  if [[ $status -ne 141 && $status -ne 0 ]] || [[ -s head-err ]]; then
    fail "tablekit big.csv --format $format | head -1 exited $status; stderr: $(cat head-err)"
  fi
done
# Pipes in: the first rows come out while the writer is still writing (it waits 3 s midway).
checks=$((checks + 1))
start=$(date +%s.%N)
{ head -150000 big.csv; sleep 3; tail -n +150001 big.csv; } 2>/dev/null | "$tablekit" --format csv | { head -2 >first.csv; date +%s.%N >first-at; cat >/dev/null; }
elapsed=$("$python" -c "print(float(open('first-at').read()) - $start)")
if ! "$python" -c "import sys; sys.exit(0 if $elapsed < 2.5 else 1)" || [[ "$(head -1 first.csv)" != $'id,name,amount\r' ]]; then
  fail "the first rows took ${elapsed}s to come out of a pipe"
fi

# A file is read in 1 MiB chunks on two threads; a pipe one record at a time. Both must write
# the same bytes in every format (text reads the pipe whole, --sample, so its widths are the
# file's), the CSV must read back as the input's cells, and an error late in the file must be
# reported the same way, on its true line. The file (CRLF, commas, quotes, non-ASCII, Markdown
# and HTML specials) has one quoted field with line breaks, placed across the cut 2 MiB past the
# kept rows (cuts follow TableInput: from the rows after the 1,000 kept, every 1 MiB, at the
# next line start), so the first two chunks are trusted and the one ending inside that field must hand the rest back to
# the record-by-record reader. If those settings change, the check still compares the outputs,
# only less pointedly.
"$python" - <<'PY'
import csv, io
def line(cells, ending):
    out = io.StringIO()
    csv.writer(out, lineterminator=ending).writerow(cells)
    return out.getvalue().encode("utf-8")
names = ["Zoë", "東京", "a|b", "<b>x</b>", "plain, with comma", 'say "hi"']
header = line(["id", "name", "note", "amount"], "\r\n")
body, offset, kept_end, straddled = [], len(header), None, False
for i in range(160_000):
    row = [str(i), names[i % len(names)], f"note {i}", f"{i % 997}.{i % 100:02d}"]
    if i == 1000:
        kept_end = offset
    data = line(row, "\r\n")
    # The row the cut's nominal offset falls in gets the long note, so the line start after
    # that offset lies inside it.
    if kept_end is not None and not straddled and offset + len(data) > kept_end + 2 * (1 << 20):
        row[2] = "\n".join(f"line {k}" for k in range(40))
        data = line(row, "\r\n")
        straddled = True
    body.append(data)
    offset += len(data)
with open("chunked.csv", "wb") as f:
    f.write(header + b"".join(body))
with open("chunked-bad.csv", "wb") as f:
    f.write(header + b"".join(body) + line(["160000", "late", "ragged", "1.00", "extra"], "\r\n"))
PY
for format in csv markdown html text; do
  checks=$((checks + 1))
  "$tablekit" chunked.csv --format "$format" >chunked-file.out
  "$tablekit" --from csv --format "$format" --sample 200000 <chunked.csv >chunked-pipe.out
  if ! cmp -s chunked-file.out chunked-pipe.out; then
    fail "chunked.csv --format $format: the file's output differs from the pipe's ($(cmp chunked-file.out chunked-pipe.out 2>&1))"
  fi
done
checks=$((checks + 1))
"$tablekit" chunked.csv --format csv --no-formula-guard >chunked-round.csv
if ! "$python" -c '
import csv, sys
def cells(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return list(csv.reader(f))
sys.exit(0 if cells("chunked.csv") == cells("chunked-round.csv") else 1)'; then
  fail "chunked.csv: the CSV written from chunks does not read back as the input's cells"
fi
checks=$((checks + 1))
set +e
"$tablekit" chunked-bad.csv --format csv >/dev/null 2>chunked-file.err
file_status=$?
"$tablekit" --from csv --format csv <chunked-bad.csv >/dev/null 2>chunked-pipe.err
pipe_status=$?
set -e
bad_line=$(($(wc -l <chunked-bad.csv)))  # the last line, counting the field's line breaks
if [[ $file_status -ne 65 || $pipe_status -ne 65 ]] \
  || ! grep -q "^tablekit: chunked-bad.csv:$bad_line:" chunked-file.err \
  || [[ "$(sed 's/^tablekit: chunked-bad.csv:/tablekit: -:/' chunked-file.err)" != "$(sed 's/^tablekit: standard input:/tablekit: -:/' chunked-pipe.err)" ]]; then
  fail "a ragged row at line $bad_line of chunked-bad.csv: file $file_status '$(cat chunked-file.err)', pipe $pipe_status '$(cat chunked-pipe.err)'"
fi

report_checks "cli input"
