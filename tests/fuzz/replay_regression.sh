#!/usr/bin/env bash
# Replays one stored fuzz reproducer: REPLAY_BINARY FILE [FLANGE_SIM].
# Passes when the replay ends normally and, for whole diagrams, flange-sim answers with
# exit 0 (simulated), 2 (bad input) or 3 (simulation failed): never a signal, a sanitizer
# report or a hang; and when the output holds the answer expected_messages.txt gives for
# the file (the refusal's message, or "completes": no refusal and, for diagrams, exit 0).
# A crash becomes exit code 1 here, so ctest's WILL_FAIL can mark reproducers of crash
# classes still open (a signal would bypass WILL_FAIL).
set -u
replay=$1; input=$2; sim=${3:-}
key="$(basename "$(dirname "$input")")/$(basename "$input")"
expected=$(awk -v k="$key" '$1 == k { sub(/^[^ \t]+[ \t]+/, ""); print; exit }' \
  "$(dirname "$0")/expected_messages.txt")
if [ -z "$expected" ]; then
  echo "FAIL: no expected answer for $key in tests/fuzz/expected_messages.txt"
  exit 1
fi
out=$(timeout 60 "$replay" "$input" 2>&1)
code=$?
echo "$out"
if [ $code -ne 0 ]; then
  echo "FAIL: replay of $input ended with code $code (>128: signal $((code - 128)); 124: timeout)"
  exit 1
fi
if [ -n "$sim" ]; then
  simOut=$(timeout 60 "$sim" simulate "$input" --stop 1 -o /dev/null 2>&1)
  code=$?
  echo "flange-sim: exit $code: $simOut"
  case $code in
    0|2|3) ;;
    *) echo "FAIL: flange-sim on $input ended with code $code (>128: signal $((code - 128)); 124: timeout)"; exit 1 ;;
  esac
  if [ "$expected" = completes ] && [ $code -ne 0 ]; then
    echo "FAIL: flange-sim on $input should complete (exit 0)"; exit 1
  fi
  out+=$'\n'"$simOut"
fi
if [ "$expected" = completes ]; then
  if grep -q ': refused: ' <<<"$out"; then echo "FAIL: $input should be accepted"; exit 1; fi
elif ! grep -qF -- "$expected" <<<"$out"; then
  echo "FAIL: the output lacks the expected '$expected'"
  exit 1
fi
echo "PASS: $input"
