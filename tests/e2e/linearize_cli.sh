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
# The frequency response and the Campbell data, as scripts read them.
"$sim" linearize "$model" --input inertia1.flange_a --measure inertia3.w --bode 0.01:100:50 --orders 1,2 \
  --order-shaft inertia1 --rpm 10:1000:20 -o "$work/response.json" || fail "linearize --bode --orders exited $?"
python3 - "$work/response.json" <<'PY' || fail "response.json"
import json, sys
d = json.load(open(sys.argv[1]))
b = d["bode"]
assert len(b) == 1 and b[0]["input"] == "inertia1.flange_a" and b[0]["output"] == "inertia3.w", b
assert len(b[0]["frequency_hz"]) == 50 and len(b[0]["magnitude"]) == 50 and len(b[0]["phase_deg"]) == 50
assert b[0]["frequency_hz"][0] == 0.01 and b[0]["frequency_hz"][-1] == 100
c = d["campbell"]
assert c["shaft"] == "inertia1" and c["orders"] == [1, 2] and len(c["rpm"]) == 20, c.keys()
assert c["rpm"][0] == 10 and c["rpm"][-1] == 1000
for x in c["crossings"]:
    assert abs(x["rpm"] - 60 * x["frequency_hz"] / x["order"]) < 1e-9 * x["rpm"], x
assert len(c["response"]) == 2 and all(len(r["magnitude"]) == 20 for r in c["response"])
PY

# --steady: First's line at rest is its steady state; a torque on a free inertia has none.
"$sim" linearize "$model" --steady --measure inertia3.w -o "$work/steady.json" || fail "linearize --steady exited $?"
python3 -c "import json, sys; d = json.load(open(sys.argv[1])); assert d['steady'] is True and d['output_values'] == [0], d" \
  "$work/steady.json" || fail "steady.json"
"$sim" linearize "$model" --orders 1,2 -o "$work/bad.json" 2> "$work/err.txt"
[ $? -eq 2 ] || fail "--orders without --order-shaft did not exit 2"
grep -q "needs --order-shaft" "$work/err.txt" || fail "message: $(cat "$work/err.txt")"

# --lowest: a free chain of 1,200 inertias (beyond the dense analysis) by sparse shift-invert,
# against the closed form 2 sqrt(c/J) sin(k pi / 2N).
python3 - "$work/chain.json" <<'PY'
import json, sys
n = 1200
comps, cons = [], []
for i in range(1, n + 1):
    comps.append({"name": "inertia%d" % i, "type": "Rotational.Components.Inertia", "parameters": {"J": 0.5}})
    if i > 1:
        comps.append({"name": "spring%d" % i, "type": "Rotational.Components.Spring", "parameters": {"c": 2000}})
        cons.append({"from": "inertia%d.flange_b" % (i - 1), "to": "spring%d.flange_a" % i})
        cons.append({"from": "spring%d.flange_b" % i, "to": "inertia%d.flange_a" % i})
json.dump({"format": "flange-diagram", "version": 1, "name": "chain", "components": comps, "connections": cons},
          open(sys.argv[1], "w"))
PY
"$sim" linearize "$work/chain.json" --modes -o "$work/dense.json" 2> "$work/err.txt"
[ $? -eq 2 ] && grep -q -- "--lowest K" "$work/err.txt" || fail "a 1,200-inertia chain's dense analysis: $(cat "$work/err.txt")"
"$sim" linearize "$work/chain.json" --lowest 3 -o "$work/lowest.json" || fail "linearize --lowest exited $?"
python3 - "$work/lowest.json" <<'PY' || fail "lowest.json"
import json, math, sys
d = json.load(open(sys.argv[1]))
assert d["state_count"] == 2400 and d["zeros"] == 2 and len(d["modes"]) == 3, (d["state_count"], d["zeros"], d["modes"])
for k, m in enumerate(d["modes"], 1):
    f = 2 * math.sqrt(2000 / 0.5) * math.sin(k * math.pi / 2400) / (2 * math.pi)
    assert abs(m["frequency_hz"] - f) < 1e-8 * f, (k, m["frequency_hz"], f)
    assert m["label"] == "mode %d, %.3g Hz" % (k, f), m["label"]
PY

echo "linearize cli: ok"
