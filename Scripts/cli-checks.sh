#!/usr/bin/env bash
# Runs the tablekit command line as a user would and checks what it answers, good input and bad.
#
#   Scripts/cli-checks.sh [path/to/tablekit]     (default: .build/release/tablekit)
#
# Every format and style must render the sample; every kind of bad input must fail with its own
# exit code (64 usage, 65 bad data, 66 no input file, 74 output) and a message that says what and where.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Scripts/check-helpers.sh
# Without an input, tablekit reads standard input when it is a pipe or a file: give it none, so
# the sample checks below do not depend on what standard input the caller left open.
exec </dev/null

for format in text markdown csv html; do expect_output "INV-1042" --format "$format"; done
for style in plain compact grid light rounded heavy double; do
  expect_output "Blue Harbor Inc." --style "$style"
done
# A workbook goes to a file or a pipe (a ZIP archive: its members' names are in the clear);
# standard output on a terminal is refused before anything is read (run under script(1)).
expect_output "xl/worksheets/sheet1.xml" --format xlsx
if command -v script >/dev/null; then
  status=0
  terminal=$(script -qec "$tablekit --format xlsx" /dev/null) || status=$?
  if [ "$status" -ne 64 ] || ! grep -qF -- "-f xlsx writes a binary workbook, which a terminal cannot show: give -o FILE" <<<"$terminal"; then
    echo "FAIL: -f xlsx to a terminal: status $status, output: $terminal" >&2
    exit 1
  fi
  echo "ok: -f xlsx to a terminal is refused (64)"
fi
# The composed sample: a filtered child above a segmented ledger (CSV has rows only, no titles).
for format in text markdown html; do
  expect_output "Invoices of 500.00 or more" --composed --format "$format"
  expect_output "November 2026" --composed --format "$format"
  expect_output "October 2026" --composed --last-month --format "$format"
done
expect_output "RF-INV-1038" --composed --format csv
expect_output "<!DOCTYPE html>" --format html
expect_output "<table>" --format html --fragment
expect_output "USAGE: tablekit" --help
expect_output "USAGE: tablekit" help
expect_output "USAGE: tablekit open" help open
expect_output "USAGE: tablekit export" export --help
expect_output "tablekit " --version
expect_failure 64 "no command frobnicate" help frobnicate

expect_failure 64 "argument 2, \`pdf\`: --format needs one of text, markdown, csv, html, latex, typst, xlsx, not \`pdf\`" --format pdf
expect_failure 64 "argument 1, \`--format=pdf\`: --format needs one of text, markdown, csv, html, latex, typst, xlsx, not \`pdf\`" --format=pdf
expect_failure 64 "--style needs one of plain, compact" --style fancy
expect_failure 64 "argument 2, \`0\`: --max-width needs a positive whole number, not \`0\`" --max-width 0
expect_failure 64 "argument 1, \`--colour\`: unknown option --colour; see tablekit --help" --colour

printf '{"columns": ["a", "b", "c"], "rows": [[1, 2, 3], [4, 5]]}' >"$work/short.json"
expect_failure 65 "short.json:1:50: row 1 of section 0 has 2 values, but the table has 3 columns" --input "$work/short.json"
printf '{"columns": ["a"], "sections": [{"rows": [[{"nested": 1}]]}]}' >"$work/object.json"
expect_failure 65 "object.json:1:44: sections[0].rows[0][0] must be a string, number, true, false or null, found an object" --input "$work/object.json"
printf '{"rows": [[1]]}' >"$work/nocolumns.json"
expect_failure 65 "nocolumns.json:1:15: missing \"columns\" in the table" --input "$work/nocolumns.json"
printf '{"columns": ["a"], "rows": [[1]' >"$work/broken.json"
expect_failure 65 "$work/broken.json:1:32: expected \`,\` or \`]\` after a row, found the end of the file" --input "$work/broken.json"
# --column reads a declared type; a field that does not fit is an error at its character.
printf 'name,amount,day\nA,12.50,2024-02-29\n' >"$work/typed-good.csv"
expect_output "EUR 12.50" --input "$work/typed-good.csv" --column amount=money:EUR --column day=date
printf 'name,amount,day\nA,12.50,2024-02-29\n"B ""x""",1x,2024-02-28\n' >"$work/typed.csv"
expect_failure 65 "$work/typed.csv:3:12: \"1x\" in column \"amount\" is not of the column's declared type: expected an amount in EUR" --input "$work/typed.csv" --column amount=money:EUR
expect_failure 64 "--column needs an ISO 4217 code of three capital letters after money:" --column amount=money:eur
expect_failure 66 "cannot read $work/missing.json" --input "$work/missing.json"
expect_failure 74 "cannot open $work/no/such/dir/out.csv for writing" --format csv --output "$work/no/such/dir/out.csv"

# Messages name the path the user gave, never a file descriptor number or a Foundation error code.
# expect_clean_message: the last failure's message holds none of the words that leak internals.
expect_clean_message() {
  checks=$((checks + 1))
  if grep -qiE "file descriptor|NSCocoaErrorDomain|error [0-9]+\.\)|operation could not be completed" "$work/err"; then
    fail "the message leaks internals: $(cat "$work/err")"
  fi
}
mkdir -p "$work/a-directory"
expect_failure 65 "cannot read $work/a-directory: it is a directory, not a file" --input "$work/a-directory"
expect_clean_message
expect_failure 74 "cannot open $work/a-directory for writing: Is a directory" --output "$work/a-directory"
expect_clean_message
if [[ -w /dev/full ]]; then
  expect_failure 74 "cannot write to /dev/full: No space left on device" --format csv --output /dev/full
  expect_clean_message
  # The same failure on standard output names standard output.
  checks=$((checks + 1))
  status=0
  "$tablekit" --format csv >/dev/full 2>"$work/err" || status=$?
  if [[ $status -ne 74 ]] || ! grep -qF "cannot write to standard output: No space left on device" "$work/err"; then
    fail "tablekit >/dev/full exited $status; stderr: $(cat "$work/err")"
  fi
  expect_clean_message
fi

# Numbers are kept exactly: exponents written out, digits beyond 64 bits kept, never rounded.
printf '{"columns": ["tiny"], "rows": [[1e-20], [1.5e-16]]}' >"$work/tiny.json"
expect_output "0.00000000000000015" --input "$work/tiny.json" --format csv
expect_output "0.00000000000000000001" --input "$work/tiny.json" --format csv
printf '{"columns": ["n"], "rows": [[123456789012345678901234567890], [-9223372036854775809],
  [100.10], [1.5e3], [-0.0], [9223372036854775807]]}' >"$work/exact.json"
"$tablekit" --input "$work/exact.json" --format csv >"$work/exact.csv"
checks=$((checks + 1))
if [[ "$(cat "$work/exact.csv")" != $'n\r\n123456789012345678901234567890\r\n-9223372036854775809\r\n100.10\r\n1500\r\n0.0\r\n9223372036854775807\r' ]]; then
  fail "numbers were not kept exactly: $(cat -A "$work/exact.csv")"
fi
printf '{"columns": ["n"],\n "rows": [[1],\n  [1e-400]]}' >"$work/small.json"
expect_failure 65 "$work/small.json:3:4: the number 1e-400 has 400 digits after the point; tablekit keeps numbers exactly and holds at most 38" --input "$work/small.json"
printf '{"columns": ["n"],\n "rows": [[1],\n  [1e400]]}' >"$work/large.json"
expect_failure 65 "$work/large.json:3:4: the number 1e400 needs 401 digits; tablekit keeps numbers exactly and holds at most 38" --input "$work/large.json"
printf '{"columns": ["n"], "rows": [[+1]]}' >"$work/plus.json"
expect_failure 65 "plus.json:1:30: the number +1 is not valid JSON: a number has no plus sign" --input "$work/plus.json"

# Errors say what is wrong with a value, and where.
printf '{"columns": ["n"],\n "rows": [["ab\xffc"]]}' >"$work/utf8.json"
expect_failure 65 "$work/utf8.json:2:15: invalid UTF-8 at byte 33 (line 2, column 15): byte 0xFF never appears in UTF-8" --input "$work/utf8.json"
printf '{"columns": ["n"], "rows": [["\\ud800!"]]}' >"$work/surrogate.json"
expect_failure 65 "surrogate.json:1:31: the escape \\ud800 is a lone surrogate" --input "$work/surrogate.json"
printf '{"columns": ["n"], "rows": [["open]]}' >"$work/open.json"
expect_failure 65 "open.json:1:30: the string that starts here has no closing quote" --input "$work/open.json"
printf '{"columns": ["n"], "rows": [[1]]} []' >"$work/trailing.json"
expect_failure 65 "trailing.json:1:35: found an array after the end of the table" --input "$work/trailing.json"
printf '"just text"' >"$work/array.json"
expect_failure 65 "array.json:1:1: expected a JSON array of objects or of arrays, or an object holding the table" --input "$work/array.json"
for file in small large plus utf8 surrogate open trailing array; do
  expect_failure 65 "$file.json" --input "$work/$file.json"
  checks=$((checks + 1))
  if grep -qE "Dictionary|String\.Type|Swift\.|DecodingError|expected a string, number, boolean or null" "$work/err"; then
    fail "the message for $file.json reads like Swift: $(cat "$work/err")"
  fi
done

# User text in a message (file names, option values, arguments, text from the input) is shown
# the way a table cell shows it: ESC as ^[, BEL as ^G, C1 and bidi controls as \u{…}. No control
# byte reaches the terminal (issue 21 §4).
# expect_inert_message: the last failure's message holds no control character but its final LF.
expect_inert_message() {
  checks=$((checks + 1))
  if head -c -1 "$work/err" | LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f]\|\xc2[\x80-\x9f]\|\xe2\x80[\xae\xab]'; then
    fail "a control character reached the message: $(cat -v "$work/err")"
  fi
}
esc=$'\e'
expect_failure 66 "cannot read $work/esc^[[31m.csv: No such file or directory" "$work/esc${esc}[31m.csv"
expect_inert_message
expect_failure 66 "cannot read $work/esc^[[31m.json" --input "$work/esc${esc}[31m.json"
expect_inert_message
expect_failure 66 "cannot read $work/bidi\u{202E}lmth.csv" "$work/bidi"$'\u202e'"lmth.csv"
expect_inert_message
expect_failure 66 "cannot read esc^[[31m.json" browse --input "esc${esc}[31m.json"
expect_inert_message
# The safe write's own message shows the path's controls as \u{…} (SafeWriteError, a library
# message that may reach any terminal); the CLI's caret notation then has nothing left to do.
expect_failure 74 "cannot open $work/no/\\u{1B}]0;x\\u{7}.csv for writing" --format csv --output "$work/no/${esc}]0;x"$'\a'".csv"
expect_inert_message
expect_failure 64 "not \`p^[[2J\`" --format "p${esc}[2J"
expect_inert_message
expect_failure 64 "--from needs one of csv" --from "js${esc}[2Jon"
expect_failure 64 "not \`js^[[2Jon\`" --from "js${esc}[2Jon"
expect_inert_message
expect_failure 64 "--max-width needs a positive whole number, not \`^[[5m\`" --max-width "${esc}[5m"
expect_inert_message
expect_failure 64 "argument 1, \`--^[[2J\`: unknown option --^[[2J" "--${esc}[2J"
expect_inert_message
expect_failure 64 "argument 2, \`\u{9B}31m\`: browse takes no file here" browse $'\u009b31m'
expect_inert_message
printf 'a,b\n"x"\033[31m,y\n' >"$work/quote.csv"
expect_failure 65 "quote.csv:2:4: expected a separator or the end of the line after the closing quote, found the character U+001B" --input "$work/quote.csv"
expect_inert_message

printf '{"title": "T", "columns": ["n", "x"], "rows": [[1, 2.5], [null, true]]}' >"$work/good.json"
expect_output "1,2.5" --input "$work/good.json" --format csv
"$tablekit" --input "$work/good.json" --format csv --output "$work/good.csv"
checks=$((checks + 1))
if [[ "$(cat "$work/good.csv")" != $'n,x\r\n1,2.5\r\n,true\r' ]]; then
  fail "--output wrote $(cat -A "$work/good.csv")"
fi

# Reports: subtotals per group, a grand total, a spanner, a footnote; unknown columns and a total
# at the top of a pipe are usage errors.
printf 'region,city,amount,price\nNorth,Oslo,10.00,2.5\nNorth,Bergen,-5.50,3\nSouth,Rome,1.25,4.125\n' >"$work/sales.csv"
report_args=(--input "$work/sales.csv" --group-by region --sum amount --mean price --total
  --spanner 'Money=amount,price' --footnote 'amount=Excluding VAT' --source-note 'Source: ledger')
expect_output "subtotal,North,Subtotal,4.50,2.75" "${report_args[@]}" --format csv
expect_output "total,,Total,5.75,3.208" "${report_args[@]}" --format csv
expect_output '<th colspan="2" scope="colgroup">Money</th>' "${report_args[@]}" --format html
expect_output '<tr><th scope="rowgroup" colspan="3">South</th></tr>' "${report_args[@]}" --format html
expect_output "| **Subtotal** | **4.50** | **2.75** |" "${report_args[@]}" --format markdown
expect_output "¹ Excluding VAT" "${report_args[@]}"
expect_output '\cmidrule(lr){2-3}' "${report_args[@]}" --format latex
expect_output '\textit{Subtotal} & 4.50 & 2.75 \\' "${report_args[@]}" --format latex
expect_output 'table.cell(colspan: 2, align: center, "Money"),' "${report_args[@]}" --format typst
expect_output 'strong("Subtotal"), "4.50", "2.75",' "${report_args[@]}" --format typst
# The report as a workbook: the subtotal is a SUBTOTAL formula with its exact value cached.
checks=$((checks + 1))
if ! "$tablekit" "${report_args[@]}" --format xlsx --output "$work/report.xlsx" 2>"$work/err"; then
  fail "--format xlsx report refused: $(cat "$work/err")"
elif ! python3 -c 'import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read("xl/worksheets/sheet1.xml").decode())' "$work/report.xlsx" \
  | grep -qF '<f>SUBTOTAL(9,B4:B5)</f><v>4.50</v>'; then
  fail "--format xlsx report: no subtotal formula with the cached 4.50 for North"
fi
# The issue's report: money in a locale, a title, a footnote and a source note, as HTML; the
# mean is rounded by the column's format (two digits), the amounts in de_DE's currency pattern.
locale_args=(--input "$work/sales.csv" --group-by region --sum amount --mean price --total
  --column amount=money:EUR --format-column price=number,digits=2 --locale de_DE --title Sales
  --footnote 'amount=Excluding VAT' --source-note 'Source: ledger' -f html)
expect_output $'<td class="number">4,50\xc2\xa0€</td><td class="number">2,75</td>' "${locale_args[@]}"
expect_output $'<td class="number">5,75\xc2\xa0€</td><td class="number">3,21</td>' "${locale_args[@]}"
expect_output '<caption><h1>Sales</h1>' "${locale_args[@]}"
expect_failure 64 "--locale needs a CLDR locale such as de_DE or en_US (nearest: de_DE" --input "$work/sales.csv" --locale de_de
expect_failure 64 "--format-column needs an ISO 4217 code" --input "$work/sales.csv" --format-column amount=currency:eur
expect_failure 64 '--sum: no column "nope"' --input "$work/sales.csv" --sum nope
expect_failure 64 "cross; spanners must nest" --input "$work/sales.csv" --spanner 'A=city,amount' --spanner 'B=amount,price'
checks=$((checks + 1))
status=0
seq 1 3000 | sed '1i n' | "$tablekit" --sum n --total-at-top >"$work/out" 2>"$work/err" || status=$?
if [[ $status -ne 64 ]] || ! grep -qF -- "--total-at-top needs every row before the first" "$work/err"; then
  fail "--total-at-top over a pipe exited $status: $(cat "$work/err")"
fi
# --grouped: input grouped already streams its groups, and draws byte for byte what the held
# rows draw, in every format, from a file and from a pipe; a group that comes back after another
# is a data error at its line and column.
for format in text markdown csv html latex typst xlsx; do
  checks=$((checks + 1))
  "$tablekit" "${report_args[@]}" --format "$format" --output "$work/held.$format"
  "$tablekit" "${report_args[@]}" --grouped --format "$format" --output "$work/streamed.$format"
  cmp -s "$work/held.$format" "$work/streamed.$format" || fail "--grouped -f $format differs from the held report"
done
checks=$((checks + 1))
"$tablekit" --group-by region --grouped --sum amount --total --format csv <"$work/sales.csv" >"$work/piped.csv"
"$tablekit" --group-by region --sum amount --total --format csv <"$work/sales.csv" >"$work/held-piped.csv"
cmp -s "$work/piped.csv" "$work/held-piped.csv" || fail "--grouped from a pipe differs from the held report"
printf 'region,city,amount\nNorth,Oslo,1\nSouth,Rome,2\nNorth,Bergen,3\n' >"$work/regrouped.csv"
expect_failure 65 'regrouped.csv:4:1: the group "North" of column "region" comes back in row 3' \
  --input "$work/regrouped.csv" --group-by region --grouped --sum amount
expect_failure 64 "--grouped says the input is grouped by the --group-by column" \
  --input "$work/sales.csv" --grouped

report_checks cli
