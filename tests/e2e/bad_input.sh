#!/usr/bin/env bash
# Every file in the bad-input corpus must make flange-sim exit with code 2 and print a
# message containing each line of its .expect file (the culprit's name, the reason).
set -u
dir=$1
fail=0; n=0
for model in "$dir"/*.json; do
  n=$((n+1))
  expect="${model%.json}.expect"
  msg=$("$FLANGE_SIM" simulate "$model" -o /dev/null 2>&1)
  code=$?
  if [ $code -ne 2 ]; then
    echo "FAIL $(basename "$model"): exit code $code, expected 2: $msg"; fail=$((fail+1)); continue
  fi
  while IFS= read -r needle; do
    [ -z "$needle" ] && continue
    if ! grep -qF -- "$needle" <<<"$msg"; then
      echo "FAIL $(basename "$model"): message lacks '$needle': $msg"; fail=$((fail+1)); continue 2
    fi
  done < "$expect"
  echo "PASS $(basename "$model"): $msg"
done
# A missing file is bad input too.
msg=$("$FLANGE_SIM" simulate "$dir/does-not-exist.json" -o /dev/null 2>&1); code=$?
n=$((n+1))
if [ $code -eq 2 ] && grep -qF "does-not-exist.json" <<<"$msg"; then echo "PASS missing file"; else echo "FAIL missing file: $code $msg"; fail=$((fail+1)); fi
echo "$((n-fail)) passed, $fail failed"
[ $fail -eq 0 ]
