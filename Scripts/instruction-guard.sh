#!/usr/bin/env bash
# The instruction-count guard (Documentation/Benchmarks.md, "The instruction-count guard"):
# counts the instructions the release host spends per JSON-lines action, and jq per line, with
# valgrind's callgrind; then per action of the same stream with the text and ansi front ends
# attached beside jsonl (each drawing into a file), and what those two add. It fails when a
# figure is more than 10% worse than its budget in Scripts/instruction-budget. Instructions,
# unlike seconds, do not depend on what else the machine is doing.
#
#   Scripts/instruction-guard.sh            build the release host and its front ends, check
#   Scripts/instruction-guard.sh --no-build check the release products already built
#   Scripts/instruction-guard.sh --print    measure and print the figures, check nothing
#
# Exit status: 0 within budget, 1 over budget, 2 could not measure.
set -euo pipefail
# A failure inside $(...) (a run under valgrind that fails) stops the guard too, rather than
# count as 0 instructions, which passed as "well under the budget".
shopt -s inherit_errexit
cd "$(dirname "$0")/.."

budget_file=Scripts/instruction-budget
lines=2000
tolerance_percent=10
build=1
check=1
for argument in "$@"; do
  case "$argument" in
    --no-build) build=0 ;;
    --print) check=0 ;;
    *) echo "usage: $0 [--no-build] [--print]" >&2; exit 2 ;;
  esac
done

for tool in valgrind objcopy jq; do
  command -v "$tool" >/dev/null || { echo "instruction guard: $tool is not installed" >&2; exit 2; }
done

if [ "$build" -eq 1 ]; then
  swift build -c release --product tictactoe
  for frontend in jsonl text ansi; do swift build -c release --product "tictactoe-$frontend"; done
fi
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the DWARF of Swift's debug info: run copies without it. The host finds
# the front ends next to its executable.
for product in tictactoe libtictactoe-jsonl.so libtictactoe-text.so libtictactoe-ansi.so; do
  [ -f "$bin/$product" ] || { echo "instruction guard: $bin/$product is missing" >&2; exit 2; }
  objcopy --strip-debug "$bin/$product" "$work/$product"
done

# The stream `benchmarks host` times, shortened: each action types another email.
: >"$work/empty.jsonl"
for ((index = 0; index < lines; index++)); do
  printf '{"action":"login.view.binding.email","value":"player%d@example.com"}\n' "$index"
done >"$work/stream.jsonl"

# The instructions callgrind counted in one run of the command, reading standard input from $1.
instructions() { # INPUT COMMAND...
  local input=$1 log="$work/callgrind.log"
  shift
  if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    --log-file="$log" "$@" <"$input" >/dev/null 2>"$work/stderr"; then
    echo "instruction guard: $* failed under valgrind:" >&2
    cat "$log" "$work/stderr" >&2 2>/dev/null || true
    exit 2
  fi
  local count
  count=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$log")
  [ -n "$count" ] || { echo "instruction guard: no count in callgrind's log for $*" >&2; exit 2; }
  echo "$count"
}

# Per action: a run over the stream less a run over no input (start-up and exit).
per_line() { # COMMAND...
  local full empty
  full=$(instructions "$work/stream.jsonl" "$@")
  empty=$(instructions "$work/empty.jsonl" "$@")
  echo $(((full - empty) / lines))
}

host=$(per_line "$work/tictactoe" --frontend jsonl --auth-delay 0)
jq=$(per_line jq -c .)
# The same stream with text and ansi attached too, each drawing every change into a file (the
# host's change fan-out, their screen reads, their rendering and writes).
attached=$(per_line "$work/tictactoe" --frontend jsonl --frontend "text:$work/text.out" \
  --frontend "ansi:$work/ansi.out" --auth-delay 0)
# A front end that does not load leaves the host running without it, with status 0: what text
# and ansi add would then pass as a gain.
for output in text ansi; do
  [ -s "$work/$output.out" ] \
    || { echo "instruction guard: the $output front end drew nothing; did it load?" >&2; exit 2; }
done
added=$((attached - host))
ratio=$(awk -v h="$host" -v j="$jq" 'BEGIN { printf "%.2f", h / j }')
echo "instruction guard: $lines JSON-lines actions, instructions per action (callgrind):"
echo "  host (tictactoe --frontend jsonl): $host"
echo "  jq -c .:                           $jq"
echo "  host / jq:                         ${ratio}x"
echo "  host with text and ansi attached:  $attached"
echo "  text and ansi add:                 $added"

[ "$check" -eq 1 ] || exit 0
budget() { sed -n "s/^$1=//p" "$budget_file"; }
budget_host=$(budget host_instructions_per_action)
budget_ratio=$(budget host_to_jq_ratio)
budget_added=$(budget frontends_added_per_action)
if [ -z "$budget_host" ] || [ -z "$budget_ratio" ] || [ -z "$budget_added" ]; then
  echo "instruction guard: $budget_file lacks a budget" >&2
  exit 2
fi
verdict=$(awk -v h="$host" -v r="$ratio" -v a="$added" -v bh="$budget_host" \
  -v br="$budget_ratio" -v ba="$budget_added" -v t="$tolerance_percent" 'BEGIN {
    up = 1 + t / 100; down = 1 - t / 100
    printf "  budget: %d per action (fails above %d), %.2fx jq (fails above %.2fx)\n", \
      bh, bh * up, br, br * up
    printf "  budget for text and ansi: %d added per action (fails above %d)\n", ba, ba * up
    if (h > bh * up || r > br * up || a > ba * up) { print "over"; exit }
    if (h < bh * down || a < ba * down) print "well under"; else print "within"
  }')
echo "$verdict" | sed '$d'
case "$(echo "$verdict" | tail -n 1)" in
  over)
    echo "instruction guard: FAILED, more than ${tolerance_percent}% over the budget. If the" \
      "cost is meant, move the budget (Documentation/Benchmarks.md)." >&2
    exit 1 ;;
  "well under")
    echo "instruction guard: passed, more than ${tolerance_percent}% under the budget: lower" \
      "it in $budget_file to keep the gain (Documentation/Benchmarks.md)." ;;
  *) echo "instruction guard: passed" ;;
esac
