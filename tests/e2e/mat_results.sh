#!/usr/bin/env bash
# flange-sim's .mat results (issue 38): read by SciPy (mat_results.py) with the CSV's
# values for a model with events and negated aliases (CoupledClutches) and one with aliases
# at an offset (Oscillator: a mass's flange positions are s -+ L/2); --format and the
# suffix choose the format; the file is replaced only by a complete result, exit 5 when
# it cannot be written, and standard output is refused.
# With FLANGE, the window's export (flange --simulate --export-mat) is the same file.
#   mat_results.sh FLANGE_SIM SOURCE_DIR [FLANGE]
set -u
sim=$1; src=$2; app=${3:-}
python=/usr/bin/python3 # Debian's, which has SciPy (the first python3 on PATH may not)
dir=$(mktemp -d "${TMPDIR:-/tmp}/flange-mat.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail=0
step() { # NAME COMMAND...: the command succeeds
  local name=$1; shift
  local out
  if out=$("$@" 2>&1); then echo "PASS $name${out:+: $out}"; else echo "FAIL $name: $out"; fail=1; fi
}
expect() { # NAME CODE NEEDLE -- ARGS...: flange-sim exits with CODE and says NEEDLE
  local name=$1 want=$2 needle=$3; shift 4
  local msg code
  msg=$(timeout 60 "$sim" "$@" 2>&1 >/dev/null); code=$?
  if [ $code -ne "$want" ] || ! grep -qF -- "$needle" <<<"$msg"; then
    echo "FAIL $name: exit $code (expected $want): $msg"; fail=1
  else
    echo "PASS $name: $msg"
  fi
}
if ! $python -c 'import scipy.io' 2>/dev/null; then
  echo "FAIL SciPy is missing: apt-get install python3-scipy (packaging/dev/install-deps.sh)"; exit 1
fi

clutches=$src/models/msl/Rotational/CoupledClutches.json
step "CoupledClutches simulates to CSV" "$sim" simulate "$clutches" -o "$dir/cc.csv"
step "CoupledClutches simulates to .mat (by the suffix)" "$sim" simulate "$clutches" -o "$dir/cc.mat"
step "SciPy reads CoupledClutches with the CSV's values, negated aliases, parameters in data_1" \
  $python "$src/tests/e2e/mat_results.py" "$dir/cc.mat" "$dir/cc.csv" --negated 4 \
  --parameter J1.J=1 --parameter clutch1.fn_max=20 --description "J1.w=Absolute angular velocity (der(phi)) [rad/s]"

oscillator=$src/models/msl/Translational/Oscillator.json
step "Oscillator simulates to CSV" "$sim" simulate "$oscillator" -o "$dir/osc.csv"
step "Oscillator simulates to .mat (--format mat)" "$sim" simulate "$oscillator" --format mat -o "$dir/osc.result"
step "SciPy reads Oscillator with the CSV's values, an alias at an offset in a column of its own" \
  $python "$src/tests/e2e/mat_results.py" "$dir/osc.result" "$dir/osc.csv" \
  --negated 2 --own-column mass1.s mass1.flange_b.s --parameter mass1.L=1

step "chosen signals only" "$sim" simulate "$clutches" --signals J1.w,J2.w,clutch1.tau -o "$dir/some.csv"
step "chosen signals only, .mat" "$sim" simulate "$clutches" --signals J1.w,J2.w,clutch1.tau -o "$dir/some.mat"
step "SciPy reads the chosen signals" $python "$src/tests/e2e/mat_results.py" "$dir/some.mat" "$dir/some.csv"

expect "standard output is refused for .mat" 2 "-o OUT.mat" -- simulate "$clutches" --format mat
expect "an unknown format is refused" 2 "'xls' is neither csv nor mat" -- simulate "$clutches" --format xls -o "$dir/x"
expect "a folder that does not exist: exit 5" 5 "$dir/none/out.mat" -- simulate "$clutches" -o "$dir/none/out.mat"
printf 'previous\n' >"$dir/keep.mat"
expect "a failed run keeps the previous .mat" 3 "$dir/keep.mat is left as it was" -- \
  simulate "$src/tests/data/robustness/spring_c_1e23.json" --max-steps 50 -o "$dir/keep.mat"
step "the previous .mat is unchanged" [ "$(cat "$dir/keep.mat")" = previous ]
if [ -n "$app" ]; then
  step "the window exports CoupledClutches as .mat" env QT_QPA_PLATFORM=offscreen timeout 120 "$app" --simulate \
    --export-mat "$dir/window.mat" "$clutches"
  step "the window's .mat is flange-sim's, byte for byte" cmp "$dir/window.mat" "$dir/cc.mat"
fi
exit $fail
