#!/usr/bin/env bash
# Checks routing as a user meets it: `tablekit open` on a three-level deep link (text, Markdown,
# CSV, HTML), on IDs that travel as Base64, and on hostile URLs (each a message naming the part and
# a named exit status); then the Base64URL encoder and decoder against Python's base64 on random
# bytes (python3, standard library only).
#
#   Scripts/routing-checks.sh [path/to/tablekit] [python3]   (default: .build/release/tablekit)
#
# The Base64 comparison runs a test with --skip-build: run this after `swift build --build-tests`
# (or `swift test`). Set ROUTING_CHECKS_SKIP_TESTS=1 to check the command line only.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
python="${2:-python3}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Scripts/check-helpers.sh

# The deep link: three levels, each with its breadcrumbs, table and URL.
deep=cars://brands/bmw/models/i4
expect_output "Brands › BMW › BMW i4" open "$deep"
expect_output "URL: cars://brands/bmw/models/i4" open "$deep"
checks=$((checks + 1))
"$tablekit" open "$deep" >"$work/deep.txt"
for line in "Brands" "│ BMW        │ Germany │ › │" "URL: cars://brands" "Brands › BMW" \
  "│ i4       │ Gran Coupé │ › │" "URL: cars://brands/bmw/models" "Brands › BMW › BMW i4" \
  "│ Made since │ 2021       │"; do
  grep -qF -- "$line" "$work/deep.txt" || fail "open $deep: no line '$line'"
done
[[ $(grep -c '^  URL: ' "$work/deep.txt") -eq 3 ]] || fail "open $deep: not three levels"
expect_output "# Brands › BMW › BMW i4" open "$deep" --format markdown
expect_output "Brands › BMW › BMW i4,cars://brands/bmw/models/i4" open "$deep" --format csv
expect_output "<caption>Brands › BMW › BMW i4</caption>" open "$deep" --format html
# Scheme case and one trailing slash are normalised; the printed URLs are canonical.
expect_output "URL: cars://brands/bmw/models/i4" open "CARS://brands/bmw/models/i4/"
# An ID that is not URL-safe travels as ~ and its Base64 (citroën).
expect_output "Brands › Citroën › Citroën C3" open "cars://brands/~Y2l0cm_Dq24/models/c3"
expect_output "URL: cars://brands/~Y2l0cm_Dq24/models" open "cars://brands/~Y2l0cm_Dq24/models"

# Hostile URLs: a message naming the URL and the part, and a named exit status.
expect_failure 65 'segment 1 ("%2E%2E"): "." and ".." segments are refused' \
  open "cars://brands/%2E%2E/models"
expect_failure 65 'segment 3 (".."): "." and ".." segments are refused' open "cars://brands/bmw/models/../x"
expect_failure 65 'segment 1 (""): empty segments ("//") are refused' open "cars://brands//models"
expect_failure 65 'the query "?x=1": routes take no query' open "cars://brands?x=1"
expect_failure 65 'the fragment "#top": routes take no fragment' open "cars://brands#top"
expect_failure 65 'user information ("@") is not part of a route' open "cars://me@brands"
expect_failure 65 'a port (":") is not part of a route' open "cars://brands:80/bmw/models"
expect_failure 65 '"%" at offset 16 is not followed by two hexadecimal digits' open "cars://brands/bm%w/models"
expect_failure 65 'its percent-escapes do not decode to UTF-8' open "cars://brands/%C3%28/models"
expect_failure 65 'it decodes to the control character U+0' open "cars://brands/b%00mw/models"
expect_failure 65 'it decodes to the control character U+1B' open "cars://brands/%1B%5D0;pwned%07/models"
expect_failure 65 'the byte 0x1B at offset 14 must be percent-encoded' open $'cars://brands/\e[2J/models'
expect_failure 65 'segment 1 is not a valid "brand"' open "cars://brands/~QR/models"
expect_failure 65 'Base64 text is not canonical' open "cars://brands/~QR/models"
expect_failure 65 'has "=" at offset 11; URL-safe IDs are unpadded' open "cars://brands/~Y2l0cm_Dq24=/models"
expect_failure 65 'which is written plainly' open "cars://brands/~Ym13/models"
expect_failure 65 'the scheme must be followed by "//"' open "cars:brands"
expect_failure 65 "more than the limit of 32768" open "cars://brands/$(head -c 102400 /dev/zero | tr '\0' a)/models"
expect_failure 66 'no route matches "dogs://brands"' open "dogs://brands"
expect_failure 66 'no route matches "cars://brands/bmw"' open "cars://brands/bmw"
# %2F is data inside a segment, never a separator: "a/b" is one (invalid) plain ID here.
expect_failure 65 'segment 1 is not a valid "brand"' open "cars://brands/a%2Fb/models"
expect_failure 69 'no object exists for "cars://brands/bmw/models/m9"; opened up to Brands › BMW' \
  open "cars://brands/bmw/models/m9"
expect_failure 64 'open needs a URL' open
# No message lets a control character through to the terminal.
checks=$((checks + 1))
"$tablekit" open $'cars://brands/x\e]0;pwned\a' 2>"$work/err" >/dev/null || true
if LC_ALL=C grep -qP '[\x00-\x08\x0B-\x1F\x7F]' "$work/err"; then
  fail "open: a raw control character in the message: $(od -c "$work/err" | head -3)"
fi

# Base64URL against Python's base64.urlsafe_b64encode on random bytes (lengths 0-64 and a few
# long ones), through the test that reads TABLEKIT_BASE64_FIXTURE.
if [[ ${ROUTING_CHECKS_SKIP_TESTS:-0} != 1 ]]; then
  checks=$((checks + 1))
  "$python" - "$work/base64.tsv" <<'PY'
import base64, os, random, sys
rng = random.Random(int.from_bytes(os.urandom(8), "big"))
with open(sys.argv[1], "w") as out:
    lengths = [n for n in range(65) for _ in range(300)] + [rng.randrange(65, 6000) for _ in range(200)]
    for n in lengths:
        data = bytes(rng.getrandbits(8) for _ in range(n))
        out.write(data.hex() + "\t" + base64.urlsafe_b64encode(data).decode().rstrip("=") + "\n")
print(f"base64: {len(lengths)} random payloads from Python", file=sys.stderr)
PY
  if ! TABLEKIT_BASE64_FIXTURE="$work/base64.tsv" swift test --skip-build \
    --filter "Base64URLTests/agreesWithPythonOnRandomBytes" >"$work/test.log" 2>&1 ||
    ! grep -q "random payloads agree" "$work/test.log"; then
    fail "Base64URL disagrees with Python's base64: $(tail -20 "$work/test.log")"
  else
    grep -o "base64: [0-9]* random payloads agree.*" "$work/test.log" | head -1
  fi
fi

report_checks routing
