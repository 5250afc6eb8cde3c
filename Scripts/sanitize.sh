#!/usr/bin/env bash
# Runs the test suite (or part of it) under AddressSanitizer or ThreadSanitizer, in a build
# directory of its own so it never disturbs the normal .build:
#
#   Scripts/sanitize.sh address
#   Scripts/sanitize.sh thread
#   Scripts/sanitize.sh thread --filter "UnidirectionalFlow|FrontEndHostTests"
#
# Arguments after the sanitizer go to `swift test`. The build goes to $SANITIZE_SCRATCH
# (/tmp/build-asan or /tmp/build-tsan). The `tictactoe` processes and front-end libraries the
# tests start are built with the same sanitizer, so a report in them fails their test too.
# A report fails the run: ThreadSanitizer exits with status 66, AddressSanitizer with 1.
set -euo pipefail
cd "$(dirname "$0")/.."

case "${1:-}" in
  address) scratch=${SANITIZE_SCRATCH:-/tmp/build-asan} ;;
  thread) scratch=${SANITIZE_SCRATCH:-/tmp/build-tsan} ;;
  *)
    echo "usage: Scripts/sanitize.sh address|thread [swift test arguments...]" >&2
    exit 2
    ;;
esac
sanitizer=$1
shift

export SWIFT_BACKTRACE=enable=no
# LeakSanitizer stays on; Tests/lsan-suppressions.txt lists what it may not report and why.
export LSAN_OPTIONS="print_suppressions=0:suppressions=$PWD/Tests/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
# Some tests make a front end crash on purpose and expect the real signal (SIGSEGV, SIGABRT),
# not the sanitizer's report and exit status.
signals=handle_segv=0:handle_sigbus=0:handle_sigill=0:handle_sigfpe=0:handle_abort=0
export ASAN_OPTIONS="$signals${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export TSAN_OPTIONS="$signals:suppressions=$PWD/Tests/tsan-suppressions.txt${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
link=()
if [ "$sanitizer" = address ]; then
  # gold warns about every AddressSanitizer runtime symbol it cannot export; lld does not.
  link+=(-Xswiftc -use-ld=lld)
fi
if [ "$sanitizer" = thread ]; then
  # The runtime is linked statically into each executable, with only the parts it calls, and
  # exports what its symbol list names. The front-end libraries `tictactoe` opens also call
  # these three, which are in neither: pull them in and export them.
  for symbol in __tsan_external_write __tsan_ignore_thread_begin __tsan_ignore_thread_end; do
    link+=(-Xlinker --undefined="$symbol" -Xlinker --export-dynamic-symbol="$symbol")
  done
fi
exec swift test --sanitize="$sanitizer" --scratch-path "$scratch" "${link[@]}" "$@"
