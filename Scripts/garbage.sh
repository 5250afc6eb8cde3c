#!/usr/bin/env bash
# Streams SIZE bytes (default 1 GiB) of generated hostile input through a release build of
# `tictactoe --frontend jsonl` and reports what the host did with it:
#
#   Scripts/garbage.sh              # 1 GiB
#   Scripts/garbage.sh 268435456    # 256 MiB
#
# The input (random bytes, lines over 1 MiB, 100 000 nested brackets, numbers of up to
# 900 000 digits, invalid UTF-8, near-miss requests) is generated while it is written, never
# stored. It runs the test BoundedInputTests (64 MiB in a plain `swift test`) with
# TICTACTOE_GARBAGE_BYTES and TICTACTOE_HOST, which checks one error event per bad line, a
# bounded peak RSS (VmHWM) and a valid action served afterwards, and prints:
#   garbage: BYTES bytes in LINES lines, ERRORS error events (EXPECTED expected), peak RSS ...
# Builds go to $GARBAGE_SCRATCH (/tmp/build-garbage).
set -euo pipefail
cd "$(dirname "$0")/.."

size=${1:-1073741824}
scratch=${GARBAGE_SCRATCH:-/tmp/build-garbage}
swift build -c release --scratch-path "$scratch" --product tictactoe
swift build -c release --scratch-path "$scratch" --product tictactoe-jsonl
export TICTACTOE_GARBAGE_BYTES=$size
export TICTACTOE_HOST=$scratch/release/tictactoe
swift test --scratch-path "$scratch" \
  --filter 'BoundedInputTests/aGarbageStreamIsAnsweredWithErrorsInBoundedMemory' 2>&1 \
  | tee "$scratch/garbage.log" | grep -E '^garbage:|✘|✔|error|passed|failed'
