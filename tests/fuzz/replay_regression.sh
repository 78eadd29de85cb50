#!/usr/bin/env bash
# Replays one stored fuzz reproducer: REPLAY_BINARY FILE [FLANGE_SIM].
# Passes when the replay ends normally and, for whole diagrams, flange-sim answers with
# exit 0 (simulated), 2 (bad input) or 3 (simulation failed): never a signal, a sanitizer
# report or a hang. A crash becomes exit code 1 here, so ctest's WILL_FAIL can mark
# reproducers of crash classes still open (a signal would bypass WILL_FAIL).
set -u
replay=$1; input=$2; sim=${3:-}
timeout 60 "$replay" "$input"
code=$?
if [ $code -ne 0 ]; then
  echo "FAIL: replay of $input ended with code $code (>128: signal $((code - 128)); 124: timeout)"
  exit 1
fi
if [ -n "$sim" ]; then
  timeout 60 "$sim" simulate "$input" --stop 1 -o /dev/null
  code=$?
  case $code in
    0|2|3) ;;
    *) echo "FAIL: flange-sim on $input ended with code $code (>128: signal $((code - 128)); 124: timeout)"; exit 1 ;;
  esac
fi
echo "PASS: $input"
