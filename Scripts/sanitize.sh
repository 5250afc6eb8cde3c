#!/usr/bin/env bash
# Runs the test suite (or part of it) under AddressSanitizer or ThreadSanitizer, in a build
# directory of its own so it never disturbs the normal .build:
#
#   Scripts/sanitize.sh address
#   Scripts/sanitize.sh thread
#   Scripts/sanitize.sh thread --filter "UnidirectionalFlow|FrontendHostTests"
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
# Swift weak references keep their side table behind shifted pointer bits, which
# LeakSanitizer cannot follow (see Tests/Fuzz/lsan-suppressions.txt).
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=0}"
link=()
if [ "$sanitizer" = thread ]; then
  # The runtime is linked statically into each executable, with only the parts it calls; the
  # front-end libraries that `tictactoe` opens also call these, so pull them in (the runtime's
  # symbol list exports them).
  for symbol in __tsan_external_write __tsan_ignore_thread_begin __tsan_ignore_thread_end; do
    link+=(-Xlinker --undefined="$symbol")
  done
fi
exec swift test --sanitize="$sanitizer" --scratch-path "$scratch" "${link[@]}" "$@"
