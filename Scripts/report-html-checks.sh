#!/usr/bin/env bash
# HTML reports checked as pages: the Nu HTML Checker (Scripts/validate-html.py --report, which also
# reads the hostile texts back with html5lib) and axe-core in headless Chromium
# (Scripts/export-browser.py --pages), each with 0 errors and 0 violations.
#
#   Scripts/report-html-checks.sh [path/to/tablekit] [python]
#
# The pages, written to .build/report-html: the ledger report (400 rows in 5 groups with a
# spanner, subtotals, a grand total, euros in de_DE, a footnote and a source note: the ledger of
# Scripts/great-tables-compare.py), the same with the total at the top, symbols for marks and a
# stub, and a report whose title, subtitle, spanner, group labels, stub cells, footnotes and source
# note are hostile text (markup, quotes, a control character, a right-to-left override).
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
python="${2:-$(bash Scripts/validation-venv.sh)}"
out=.build/report-html
rm -rf "$out"
mkdir -p "$out/pages"

# The ledger, as great-tables-compare.py draws it (its CSV, made from a fixed seed).
"$python" - "$out/ledger.csv" <<'PY'
import csv, importlib.util, sys
spec = importlib.util.spec_from_file_location("compare", "Scripts/great-tables-compare.py")
compare = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare)
with open(sys.argv[1], "w", newline="", encoding="utf-8") as file:
    writer = csv.writer(file, lineterminator="\n")
    writer.writerow(["region", "city", "amount", "qty"])
    writer.writerows(compare.ledger())
PY
ledger=(--group-by region --sum amount --mean qty --column amount=money:EUR
  --format-column qty=number,digits=0 --locale de_DE --spanner 'Figures=amount,qty'
  --footnote 'amount=Excluding VAT' --source-note 'Source: the ledger' -f html)
"$tablekit" "$out/ledger.csv" "${ledger[@]}" --title Ledger --total --stub city >"$out/pages/ledger.html"
"$tablekit" "$out/ledger.csv" "${ledger[@]}" --total-at-top --footnote-symbols \
  --subtitle 'Total first' >"$out/pages/ledger-top.html"

# Hostile text in every place a report shows text.
title='<title>T&amp;</title> "x" '\''y'\'' '$'\u202e''rtl'
subtitle='</table><img src=x onerror=alert(1)>'
spanner='<th>Figures</th> & co'
note='<a href="javascript:alert(1)">note</a> & more'
source='<!-- comment --> source ]]>'
printf 'region,city,amount,qty\n"<script>alert(1)</script>","Bergen & <Co>",10.00,1\n"=HYPERLINK(""x"")","\033[31mred\u202e",-5.50,2\n"Süd ""quoted""","<b>Rome</b>",1.25,3\n' \
  >"$out/hostile.csv"
"$tablekit" "$out/hostile.csv" --group-by region --stub city --sum amount,qty --total \
  --column amount=money:EUR --locale de_DE --title "$title" --subtitle "$subtitle" \
  --spanner "$spanner=amount,qty" --footnote "amount=$note" --footnote "=$note 2" \
  --source-note "$source" -f html >"$out/pages/hostile.html"

"$python" Scripts/validate-html.py --report "$out/pages/ledger.html" Ledger Figures 'Excluding VAT' \
  'Source: the ledger' 'Subtotal' 'Total'
"$python" Scripts/validate-html.py --report "$out/pages/ledger-top.html" 'Total first' Figures
"$python" Scripts/validate-html.py --report "$out/pages/hostile.html" "$title" "$subtitle" \
  "$spanner" "$note" "$note 2" "$source" '<script>alert(1)</script>' '=HYPERLINK("x")' \
  'Süd "quoted"' 'Bergen & <Co>' $'\033[31mred\u202e' '<b>Rome</b>'
"$python" Scripts/export-browser.py .build/shots --pages "$out/pages"
