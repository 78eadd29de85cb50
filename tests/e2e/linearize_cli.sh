#!/usr/bin/env bash
# flange-sim linearize: the JSON's keys and shapes, an input at a flange, the modes of MSL's First (its gear
# makes inertia2 and inertia3 turn a tenth of inertia1 in the rigid mode), the MATLAB
# script for -o *.m, and an unknown output refused with exit 2.
#   linearize_cli.sh FLANGE_SIM SOURCE_DIR
set -u
sim=$1
model=$2/models/msl/Rotational/First.json
work=$(mktemp -d "${TMPDIR:-/tmp}/flange-linearize-cli-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$sim" linearize "$model" --modes --input inertia3.flange_b --measure inertia3.w --measure spring.tau -o "$work/first.json" ||
  fail "linearize exited $?"
python3 - "$work/first.json" <<'PY' || fail "first.json"
import json, sys
d = json.load(open(sys.argv[1]))
for key in ("states", "inputs", "outputs", "A", "B", "C", "D", "modes"):
    assert key in d, "no key " + key
n = len(d["states"])
assert n == 4, d["states"]
assert len(d["A"]) == n and all(len(r) == n for r in d["A"]), "A is not %d x %d" % (n, n)
assert d["outputs"] == ["inertia3.w", "spring.tau"], d["outputs"]
assert len(d["C"]) == 2 and all(len(r) == n for r in d["C"])
assert d["inputs"] == ["inertia3.flange_b"], d["inputs"]
assert len(d["B"]) == n and all(len(r) == 1 for r in d["B"]) and len(d["D"]) == 2 and all(len(r) == 1 for r in d["D"])
# A torque at inertia3 (J = 2 kg.m2) accelerates its speed by 1/J; the speed does not feel it at once.
assert abs(d["B"][d["states"].index("inertia3.w")][0] - 0.5) < 1e-12, d["B"]
assert d["D"][0][0] == 0, d["D"]
for m in d["modes"]:
    for key in ("frequency_hz", "damped_frequency_hz", "damping_ratio", "rigid", "constraint", "shape", "energy", "label"):
        assert key in m, "mode without " + key
    assert abs(sum(m["energy"].values()) - 1) < 1e-12, m["energy"]
rigid = [m for m in d["modes"] if m["rigid"]]
assert len(rigid) == 1, "one rigid mode expected"
assert abs(rigid[0]["shape"]["inertia1"] - 1) < 1e-12 and abs(rigid[0]["shape"]["inertia3"] - 0.1) < 1e-12, rigid[0]["shape"]
assert rigid[0]["label"].startswith("mode 1, rigid: inertia1"), rigid[0]["label"]
PY

"$sim" linearize "$model" --modes -o "$work/first.m" || fail "linearize -o first.m exited $?"
grep -q "^states = {'inertia3.phi', " "$work/first.m" || fail "first.m has no states"
grep -q '^A = \[' "$work/first.m" || fail "first.m has no A"
grep -q '^mode_labels = {' "$work/first.m" || fail "first.m has no mode labels"

"$sim" linearize "$model" --measure nope -o "$work/bad.json" 2> "$work/err.txt"
[ $? -eq 2 ] || fail "an unknown output did not exit 2"
grep -q "no variable 'nope'" "$work/err.txt" || fail "message: $(cat "$work/err.txt")"
[ ! -e "$work/bad.json" ] || fail "bad.json written"
echo "linearize cli: ok"
