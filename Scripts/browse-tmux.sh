#!/usr/bin/env bash
# Drives the interactive `tablekit browse` under tmux as a person would (send-keys) and checks
# the screen after each key (capture-pane): the highlight, the breadcrumbs, the levels pushed and
# popped, a window too narrow and too short for the table, hostile text kept inert, and that the
# terminal is given back as it was found (alternate screen left, cursor shown, the same stty
# settings) after q and after Ctrl-C.
#
#   Scripts/browse-tmux.sh [path/to/tablekit]     (default: .build/release/tablekit)
#
# Needs tmux (CI installs it); it installs nothing itself. Every wait polls the screen until the
# expected text shows, up to $BROWSE_TMUX_TIMEOUT seconds (default 10), so a slow machine only
# makes it slower, never wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v tmux >/dev/null || {
  echo "browse-tmux: tmux is not installed; install it (apt-get install -y tmux) and run again" >&2
  exit 1
}
tablekit=$(cd "$(dirname "${1:-.build/release/tablekit}")" && pwd)/$(basename "${1:-.build/release/tablekit}")
[[ -x $tablekit ]] || { echo "browse-tmux: no executable at $tablekit; build it first" >&2; exit 1; }
timeout=${BROWSE_TMUX_TIMEOUT:-10}
work=$(mktemp -d)
socket="tablekit-browse-$$"
tm() { tmux -u -L "$socket" -f /dev/null "$@"; }
# Cleanup never decides the status: the tmux server shuts its panes down after kill-server
# returns, so a pane's shell may still write into $work while it is removed; try again once.
cleanup() {
  tm kill-server >/dev/null 2>&1 || true
  rm -rf "$work" 2>/dev/null || { sleep 0.5; rm -rf "$work" 2>/dev/null || true; }
}
trap cleanup EXIT
checks=0

fail() {
  echo "FAIL: $*" >&2
  echo "--- the screen:" >&2
  tm capture-pane -p -t browse >&2 || true
  exit 1
}

screen() { tm capture-pane -p -t browse; }
press() { tm send-keys -t browse "$@"; }
pane() { tm display-message -p -t browse "$1"; }

# wait_for TEXT: polls until a line of the screen holds TEXT.
wait_for() {
  checks=$((checks + 1))
  local deadline=$((SECONDS + timeout))
  until screen | grep -qF -- "$1"; do
    ((SECONDS < deadline)) || fail "waited ${timeout}s for '$1'"
    sleep 0.05
  done
}

# wait_line N TEXT: polls until line N of the screen is exactly TEXT.
wait_line() {
  checks=$((checks + 1))
  local deadline=$((SECONDS + timeout))
  until [[ "$(screen | sed -n "${1}p")" == "$2" ]]; do
    ((SECONDS < deadline)) || fail "waited ${timeout}s for line $1 to read '$2'"
    sleep 0.05
  done
}

# expect_absent TEXT: no line of the screen holds TEXT now.
expect_absent() {
  checks=$((checks + 1))
  if screen | grep -qF -- "$1"; then fail "the screen shows '$1'"; fi
}

# expect_reversed TEXT: the line holding TEXT is drawn in reverse video (the highlight).
expect_reversed() {
  checks=$((checks + 1))
  tm capture-pane -p -e -t browse | grep -F -- "$1" | grep -qF $'\e[7m' ||
    fail "the line with '$1' is not highlighted"
}

# expect_terminal_in_browser / expect_terminal_restored: the pane's modes.
expect_terminal_in_browser() {
  checks=$((checks + 1))
  [[ "$(pane '#{alternate_on}#{cursor_flag}')" == "10" ]] ||
    fail "in the browser, wanted the alternate screen on and the cursor hidden"
}
expect_terminal_restored() {
  checks=$((checks + 1))
  local deadline=$((SECONDS + timeout))
  until [[ "$(pane '#{alternate_on}#{cursor_flag}')" == "01" ]]; do
    ((SECONDS < deadline)) || fail "after the browser, the alternate screen is on or the cursor hidden"
    sleep 0.05
  done
  rm -f "$work/after"
  tm send-keys -t browse "stty -g > '$work/after'" Enter
  until [[ -s "$work/after" ]]; do
    ((SECONDS < deadline)) || fail "the shell did not answer after the browser"
    sleep 0.05
  done
  checks=$((checks + 1))
  cmp -s "$work/before" "$work/after" ||
    fail "stty settings differ after the browser: $(cat "$work/before") vs $(cat "$work/after")"
  tm send-keys -t browse "clear" Enter
}

# run ARGS...: starts browse in the pane and waits for its first screen.
run() {
  tm send-keys -t browse "clear; '$tablekit' browse $*; echo EXIT=\$?" Enter
}

tm new-session -d -s browse -x 80 -y 24 \
  "env -i PATH='$PATH' HOME='$work' TERM=xterm-256color LANG=C.UTF-8 bash --norc --noprofile"
tm send-keys -t browse "PS1='$ '; stty -g > '$work/before'" Enter
deadline=$((SECONDS + timeout))
until [[ -s "$work/before" ]]; do
  ((SECONDS < deadline)) || fail "the shell in tmux did not start"
  sleep 0.05
done
original_title=$(pane '#{pane_title}')

# 1. The car catalogue, walked with the keys, then q.
run
wait_for "│ > 1 │ Alfa Romeo │ Italy   │ › │"
wait_line 1 "Brands"
expect_terminal_in_browser
expect_reversed "> 1 │ Alfa Romeo"
wait_for "↑↓ move  Enter open  q quit"
press Down
wait_for "│ > 2 │ BMW        │ Germany │ › │"
wait_for "│   1 │ Alfa Romeo │ Italy   │ › │"
expect_reversed "> 2 │ BMW"
press Enter
wait_line 1 "Brands › BMW"
wait_for "│ > 1 │ 3 Series │ Saloon     │ › │"
wait_for "← back to Brands"
press Down
wait_for "│ > 2 │ X3       │ SUV        │ › │"
press Enter
wait_line 1 "Brands › BMW › BMW X3"
wait_for "│ Brand      │ BMW     │"
wait_for "│ Model      │ X3      │"
wait_for "← back to BMW"
press BSpace
wait_line 1 "Brands › BMW"
wait_for "│ > 2 │ X3       │ SUV        │ › │"
press Left
wait_line 1 "Brands"
wait_for "│ > 2 │ BMW        │ Germany │ › │"
press Left
wait_for 'This is the first level, "Brands"; q quits.'
press Up Up Up
wait_for "│ > 1 │ Alfa Romeo │ Italy   │ › │"
press q
wait_for "EXIT=0"
expect_terminal_restored

# 2. Ctrl-C in the middle of a walk.
run
wait_for "│ > 1 │ Alfa Romeo"
press Down Enter
wait_line 1 "Brands › BMW"
expect_terminal_in_browser
press C-c
wait_for "EXIT=130"
expect_terminal_restored

# 3. Hostile text and a table taller and wider than a small window.
printf '{"Evil \\u001b]0;pwned\\u0007 \\u001b[2J": ["\\u001b[31mred", "\\u202egnp.exe", "L%0150dng"],' 0 \
  >"$work/long.json"
printf ' "Numbers": [%s"item 60"]}' "$(for i in $(seq 1 59); do printf '"item %d", ' "$i"; done)" \
  >>"$work/long.json"
run --input "'$work/long.json'"
wait_for "│ > 1 │ Evil ^[]0;pwned^G ^[[2J │ 3 items  │ › │"
press Enter
wait_for "│ > 1 │ ^[[31mred "
wait_for "│   2 │ \\u{202E}gnp.exe"
checks=$((checks + 1))
[[ "$(pane '#{pane_title}')" == "$original_title" ]] || fail "the hostile title reached the pane title"
tm resize-window -t browse -x 40 -y 12
wait_for "│   3 │ L00000000000000000000"
wait_for "000… │"
checks=$((checks + 1))
widest=$(screen | LC_ALL=C.UTF-8 wc -L)
((widest <= 40)) || fail "a line is $widest columns wide in a 40-column window"
press Left Down Enter
wait_line 1 "2 items › Numbers"
wait_for "[1-7/60]"
press End
wait_for "│ > 60 │ item 60 │"
expect_absent "│ item 1  │"
expect_reversed "> 60 │ item 60"
press PPage
wait_for "│ > 52 │ item 52 │"
press Home
wait_for "│ >  1 │ item 1  │"
press q
wait_for "EXIT=0"
expect_terminal_restored

echo "browse-tmux: $checks checks passed"
