#!/usr/bin/env bash
# Plays a whole game with the `ansi` front end in an 80x24 tmux pane and keeps, after each step,
# `tmux capture-pane -p -e` (text and colours) and the bytes the pane had received, so that two
# builds can be compared screen by screen (Documentation/Benchmarks.md, "`ansi` at 40 bytes a
# move"):
#
#   Scripts/ansi-screens.sh BINDIR OUTDIR [nocolor]
#   Scripts/ansi-screens.sh /tmp/before before && Scripts/ansi-screens.sh .build/debug after
#   for f in before/screen-*; do cmp -s "$f" "after/${f#before/}" || echo "differs: $f"; done
#
# BINDIR holds `tictactoe` and its front ends; OUTDIR gets screen-NN-STEP files and `sizes`
# (the pane's byte count after each step). With `nocolor`, NO_COLOR=1 is set.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BINDIR OUTDIR [nocolor]" >&2; exit 2; }
bin=$(cd "$1" && pwd)
out=$2
colour=""
[ "${3:-}" = nocolor ] && colour="NO_COLOR=1"
rm -rf "$out"
mkdir -p "$out"
out=$(cd "$out" && pwd)
socket="ansi-screens-$$"
session=game
tmux -L "$socket" new-session -d -s "$session" -x 80 -y 24 \
  "env -u NO_COLOR $colour TERM=xterm-256color '$bin/tictactoe' --frontend ansi --auth-delay 0; sleep 5"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT

keys() { tmux -L "$socket" send-keys -t "$session" "$@"; }
wait_for() { # TEXT: until the pane shows TEXT (10 s at most)
  for _ in $(seq 1 200); do
    tmux -L "$socket" capture-pane -p -t "$session" | grep -q -- "$1" && return 0
    sleep 0.05
  done
  echo "timed out waiting for: $1" >&2
  exit 1
}
settle() { # until the recording stops growing
  local before after
  before=$(stat -c %s "$out/bytes")
  for _ in $(seq 1 40); do
    sleep 0.1
    after=$(stat -c %s "$out/bytes")
    [ "$before" = "$after" ] && return 0
    before=$after
  done
}
step=0
snapshot() { # NAME
  settle
  step=$((step + 1))
  tmux -L "$socket" capture-pane -p -e -t "$session" >"$out/screen-$(printf %02d $step)-$1"
  echo "$1 $(stat -c %s "$out/bytes")" >>"$out/sizes"
}

wait_for "TicTacToe · Login"
: >"$out/bytes"
tmux -L "$socket" pipe-pane -t "$session" -o "cat >> '$out/bytes'"
keys -l "blob@pointfree.co"; keys Tab; keys -l password; keys Enter
wait_for "New game"
keys -l Blob; keys Tab; keys -l Blub; keys Tab; keys Enter
wait_for "place your X"
snapshot start
# Arrows, the nine moves of a tied game (with arrows between), arrows after its end.
for key in Up Left 1 2 3 Down 5 4 6 8 7 Right 9 Up Left; do
  if [[ $key =~ ^[0-9]$ ]]; then keys -l "$key"; else keys "$key"; fi
  snapshot "$key"
done
keys Enter
wait_for "place your X"
snapshot again
keys -l 5
snapshot 5
keys -l 5
snapshot refused
keys -l q
snapshot q
