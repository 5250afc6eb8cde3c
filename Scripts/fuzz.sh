#!/usr/bin/env bash
# Builds one libFuzzer target with AddressSanitizer and fuzzes it for a bounded time, starting
# from its checked-in seed corpus:
#
#   Scripts/fuzz.sh jsonl 60      # JSON-lines: framing, parser, writer round trip, requests
#   Scripts/fuzz.sh actions 600   # the ABI: ttt_action, send_path and edit_text validation
#   Scripts/fuzz.sh actions 0 /tmp/fuzz-artifacts/actions/crash-...   # replay one input
#
# Arguments after SECONDS go to libFuzzer (-jobs=2, -detect_leaks=0, files to replay, ...).
# The targets live in Tests/Fuzz and exist only when TICTACTOE_FUZZ=1 (see Package.swift); the
# build goes to $FUZZ_SCRATCH (/tmp/build-fuzz), new corpus entries to $FUZZ_WORK/TARGET
# (/tmp/fuzz-work), and a crashing input to $FUZZ_ARTIFACTS/TARGET (/tmp/fuzz-artifacts).
# Exits non-zero on a crash, a leak, a timeout or a broken invariant; prints the executions.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { echo "usage: Scripts/fuzz.sh jsonl|actions SECONDS [libFuzzer arguments...]" >&2; }
[ $# -ge 2 ] || { usage; exit 2; }
target=$1
seconds=$2
shift 2
case "$target" in
  jsonl) product=FuzzJSONLines ;;
  actions) product=FuzzActions ;;
  *) usage; exit 2 ;;
esac

scratch=${FUZZ_SCRATCH:-/tmp/build-fuzz}
work=${FUZZ_WORK:-/tmp/fuzz-work}/$target
artifacts=${FUZZ_ARTIFACTS:-/tmp/fuzz-artifacts}/$target
mkdir -p "$work" "$artifacts"

# -use-ld=lld: gold fails on libFuzzer's main next to the `main` SwiftPM defines.
TICTACTOE_FUZZ=1 swift build -c release --scratch-path "$scratch" --product "$product" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing -Xswiftc -use-ld=lld

export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="print_suppressions=0:suppressions=$PWD/Tests/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
if [ "$seconds" = 0 ]; then
  exec "$scratch/release/$product" "$@"
fi
log=$artifacts/last-run.log
set +e
"$scratch/release/$product" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$artifacts/" "$@" "$work" "Tests/Fuzz/$target/corpus" \
  2>&1 | tee "$log" | grep -E '^(#[0-9]+.*(INITED|DONE)|Done|stat::|==|SUMMARY|Fatal|.*fuzz invariant)'
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "fuzz.sh: $target failed (status $status); input and log in $artifacts" >&2
  tail -n 60 "$log" >&2
fi
exit "$status"
