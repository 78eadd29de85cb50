#!/bin/bash
# flange-sim --units writes "name [unit]" headers; without it, names only (issue 34, defect 8).
set -u
sim=$1 src=$2
dir=$(mktemp -d) && trap 'rm -rf "$dir"' EXIT
fail=0
check() { if [ "$2" = "$3" ]; then echo "PASS $1"; else echo "FAIL $1: got '$2', expected '$3'"; fail=1; fi; }
"$sim" simulate "$src/models/msl/Rotational/First.json" --signals inertia1.w,sine.y --stop 0.01 --units -o "$dir/u.csv" || fail=1
check "--units header" "$(head -1 "$dir/u.csv")" '"time [s]","inertia1.w [rad/s]","sine.y"'
"$sim" simulate "$src/models/msl/Rotational/First.json" --signals inertia1.w --stop 0.01 -o "$dir/n.csv" || fail=1
check "plain header" "$(head -1 "$dir/n.csv")" '"time","inertia1.w"'
# row 11 is t = 9 * 0.0005, which is 0.0045000000000000005 in binary
check "grid times are the decimal times" "$(sed -n 11p "$dir/n.csv" | cut -d, -f1)" "0.0045"
exit $fail
