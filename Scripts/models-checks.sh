#!/usr/bin/env bash
# Checks the models capability as a user meets it: the paged sample feed on the command line, with
# its status rows in text and HTML (and left out of CSV), and the model and HTTP loader tests,
# which start and stop their own server on loopback.
#
#   Scripts/models-checks.sh [path/to/tablekit]     (default: .build/release/tablekit)
#
# The tests run with --skip-build: run it after `swift build --build-tests` (or `swift test`).
# Set MODELS_CHECKS_SKIP_TESTS=1 to check the command line only.
set -euo pipefail
cd "$(dirname "$0")/.."
tablekit="${1:-.build/release/tablekit}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source Scripts/check-helpers.sh

# Page 0 of 50 posts with a load-more row, in text and HTML.
expect_output "  #50 Notes on release notes" --sample feed --page-size 50
expect_output "  Load more" --sample feed --page-size 50
expect_no_output "#51 " --sample feed --page-size 50
expect_output '<tr class="status-load-more"><td colspan="2">Load more</td></tr>' \
  --sample feed --page-size 50 --format html
# Three pages of a feed of 500: 150 posts, still more to load.
expect_output "  #150 Notes on a design review" --sample feed --page-size 50 --pages 3 --feed-size 500
expect_output "  Load more" --sample feed --page-size 50 --pages 3 --feed-size 500
# A short page ends paging: 120 posts in pages of 50, the third has 20 and no load-more row.
expect_output "  #120 Notes on a design review" --sample feed --page-size 50 --pages 3 --feed-size 120
expect_no_output "Load more" --sample feed --page-size 50 --pages 3 --feed-size 120
# A failed page keeps the pages before it and shows the error with retry.
expect_output "  Page 1 of the sample feed could not be loaded (--fail-page).  Select to retry" \
  --sample feed --page-size 50 --pages 2 --fail-page 1
expect_output '<tr class="status-failure"><td colspan="2">Page 1 of the sample feed could not be loaded (--fail-page). <span class="status-detail">Select to retry</span></td></tr>' \
  --sample feed --page-size 50 --pages 2 --fail-page 1 --format html
# An empty feed says so; a model never loaded shows nothing but its title.
expect_output "  No posts yet" --sample feed --feed-size 0
expect_output '<tr class="status-empty"><td colspan="2">No posts yet</td></tr>' \
  --sample feed --feed-size 0 --format html
expect_no_output "#1 " --sample feed --pages 0
# Markdown shows status rows as rows; CSV leaves them out (they are not records).
expect_output "| Load more |  |" --sample feed --page-size 5 --format markdown
expect_no_output "Load more" --sample feed --page-size 5 --format csv
expect_output "#5 Notes on a design review,Ada Lovelace · 48 likes" --sample feed --page-size 5 --format csv

expect_failure 64 "--page-size needs a whole number from 1 to 1000000, not \`0\`" \
  --sample feed --page-size 0
expect_failure 64 "argument 2, \`two\`: --pages needs a whole number from 0 to 1000000, not \`two\`" --pages two
expect_failure 64 "argument 2, \`news\`: --sample needs ledger or feed (a built-in sample), or a positive whole number of rows (the old spelling of --sample-rows), not \`news\`" --sample news

if [[ ${MODELS_CHECKS_SKIP_TESTS:-0} != 1 ]]; then
  # The paged model, its data source and the HTTP loader against the loopback server
  # (pages, HTTP 500, a timeout, a malformed page, a refused connection).
  checks=$((checks + 1))
  suites="PagingStateTests|PagedModelTests|ModelDataSourceTests|RemotePageLoaderTests|StatusRowRenderingTests"
  if swift test --skip-build --filter "$suites" >"$work/tests" 2>&1; then
    grep -E "Test run with" "$work/tests" | sed 's/.*\(Test run with\)/\1/' || tail -1 "$work/tests"
  else
    grep -E "✘|error" "$work/tests" >&2 || tail -20 "$work/tests" >&2
    fail "the model and loader tests"
  fi
fi

report_checks models-checks
