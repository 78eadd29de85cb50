#!/bin/bash
# flange-sim check: translates without simulating and reports what translation chose;
# exit codes as for simulate (issue 34).
set -u
sim=$1 src=$2
dir=$(mktemp -d) && trap 'rm -rf "$dir"' EXIT
fail=0
pass() { echo "PASS $1"; }
no() { echo "FAIL $1"; fail=1; }
expect() { # name, text, needle
  if grep -qF -- "$3" <<<"$2"; then pass "$1"; else no "$1: no '$3' in: $2"; fi
}
cat >"$dir/free.json" <<'JSON'
{"format": "flange-diagram", "version": 1, "name": "free", "experiment": {"stopTime": 1},
 "components": [{"name": "inertia1", "type": "Rotational.Components.Inertia", "parameters": {"J": 2},
                 "variables": {"phi": {"start": 0.5}, "w": {"start": 3}}}],
 "connections": []}
JSON
out=$("$sim" check "$dir/free.json" 2>&1); code=$?
[ $code -eq 0 ] && pass "a model that translates: exit 0" || no "exit $code for free.json: $out"
expect "states listed" "$out" $'2 states:\n  inertia1.phi\n  inertia1.w'
expect "no loops" "$out" "no algebraic loops"
expect "assumed starts listed" "$out" $'2 start values assumed because nothing fixes them (fixed = true on a variable, or an initial equation, would):\n  inertia1.phi = 0.5\n  inertia1.w = 3'
expect "aliases listed" "$out" "inertia1.flange_a.phi = inertia1.phi"
[ -e "$dir/free.csv" ] && no "check wrote results" || pass "no results written"

out=$("$sim" check "$src/models/msl/Rotational/First.json" 2>&1); code=$?
[ $code -eq 0 ] && pass "First: exit 0" || no "First: exit $code: $out"
expect "First: fixed starts leave nothing assumed" "$out" "no start values assumed"
expect "First: dummy derivatives counted" "$out" "dummy derivative"

out=$("$sim" check "$src/tests/data/bad/unconnected_input.json" 2>&1); code=$?
[ $code -eq 2 ] && pass "bad input: exit 2" || no "unconnected input: exit $code, expected 2: $out"
expect "bad input named" "$out" "torque1.tau"

out=$("$sim" check 2>&1); code=$?
[ $code -eq 2 ] && pass "no model: exit 2" || no "no model: exit $code"
expect "usage" "$out" "usage: flange-sim check MODEL.json"
exit $fail
