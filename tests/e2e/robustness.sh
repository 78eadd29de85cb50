#!/usr/bin/env bash
# flange-sim on the issue-12 reproducers of tests/data/robustness and on run settings that
# used to hang or leak raw solver text: each ends promptly with its exit code and message.
#   robustness.sh FLANGE_SIM DATA_DIR
set -u
sim=$1; data=$2
out=$(mktemp -d "${TMPDIR:-/tmp}/flange-robustness.XXXXXX")
trap 'rm -rf "$out"' EXIT
fail=0
# expect NAME CODE [NEEDLE...] -- ARGS...: flange-sim ARGS exits with CODE, its messages hold every NEEDLE.
expect() {
  local name=$1 want=$2; shift 2
  local needles=()
  while [ "$1" != -- ]; do needles+=("$1"); shift; done
  shift
  local msg code
  msg=$(timeout 60 "$sim" "$@" 2>&1); code=$?
  if [ $code -ne "$want" ]; then
    echo "FAIL $name: exit code $code, expected $want: $msg"; fail=1; return 1
  fi
  for n in "${needles[@]}"; do
    if ! grep -qF -- "$n" <<<"$msg"; then echo "FAIL $name: message lacks '$n': $msg"; fail=1; return 1; fi
  done
  echo "PASS $name${msg:+: $msg}"
}
rows() { # NAME FILE LINES: the CSV has LINES lines (header included)
  local n; n=$(wc -l <"$2")
  if [ "$n" -ne "$3" ]; then echo "FAIL $1: $n lines in the CSV, expected $3"; fail=1; fi
}

# Nothing to integrate: one row per output point (1 s at the default 0.002 s, plus t = 0).
expect "empty diagram" 0 -- simulate "$data/empty_diagram.json" -o "$out/empty.csv" && rows "empty diagram" "$out/empty.csv" 502
expect "lone Fixed" 0 -- simulate "$data/lone_fixed.json" -o "$out/fixed.csv" && rows "lone Fixed" "$out/fixed.csv" 502
# A Table default with rows of different lengths in a definition from a user's folder.
expect "ragged table in a definition" 2 "library/Ragged.json: parameter 'r.table': table rows differ in length" -- \
  simulate "$data/ragged_table_definition.json" --library "$data/library" -o /dev/null
# MSL First with c = 1e23: the stiff spring between damped inertias starts at rest and
# the implicit solver carries it (exit 0, every row written).
expect "First with c = 1e23" 0 -- simulate "$data/spring_c_1e23.json" -o "$out/first.csv" && rows "First with c = 1e23" "$out/first.csv" 2002
# c = 1e23 released from a stretch: an oscillation near 1e11 rad/s that the steps cannot
# follow (stiff from the start, so IDA integrates it). The run ends at once naming the
# time, the step and the spring with its c: the spring's torque is computed explicitly, so
# it is named through the inertia it acts on.
expect "released spring with c = 1e23" 3 "integration failed at t = 0 s" "(last step " \
  "The stiffest equations (check their parameters):" \
  "through spring1: tau = c*(phi_rel - phi_rel0) (coefficient 1e+23 on inertia1.phi;" "spring1.c = 1e+23" -- \
  simulate "$data/stiff_spring_released.json" -o /dev/null
# Run settings from the command line.
expect "--stop inf" 2 "--stop must be a finite number (it is inf)" -- simulate "$data/spring_c_1e23.json" --stop inf -o /dev/null
expect "--integrator rk4" 2 "--integrator: 'rk4' is neither auto nor bdf" -- \
  simulate "$data/spring_c_1e23.json" --integrator rk4 -o /dev/null
expect "--stop nan" 2 "--stop must be a finite number (it is nan)" -- simulate "$data/spring_c_1e23.json" --stop nan -o /dev/null
expect "--stop 1e-300" 2 "the simulated span from 0 to 1e-300 s is shorter than 1e-09 s" -- \
  simulate "$data/spring_c_1e23.json" --stop 1e-300 -o /dev/null
expect "10^12 rows" 2 "asks for 1e+12 rows, more than the limit of 10000000 (choose a longer interval; raise it with --max-rows)" -- \
  simulate "$data/spring_c_1e23.json" --interval 1e-12 -o /dev/null
expect "step budget" 3 "after 50 solver steps, the limit; raise it with --max-steps" -- \
  simulate "$data/spring_c_1e23.json" --max-steps 50 -o /dev/null
expect "--max-seconds 0" 2 "--max-seconds must be between 1 and 1e15 (it is 0)" -- \
  simulate "$data/spring_c_1e23.json" --max-seconds 0 -o /dev/null
exit $fail
