#!/usr/bin/env bash
# flange-sim reads Modelica (tests/data/modelica, written by the project): simulate X.mo,
# --model, convert IN.mo -o OUT.json and back, and a refusal with file and line.
set -u
sim=$1; root=$2
data=$root/tests/data/modelica
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# J = 1, c = 4 pi^2: phi = 0.5 cos(2 pi t), so -0.5 at t = 0.5 and 0.5 again at t = 1.
"$sim" simulate "$data/Oscillator.mo" --signals J.phi -o "$work/osc.csv" || fail "Oscillator.mo does not simulate"
python3 - "$work/osc.csv" <<'PY' || fail "Oscillator.mo: phi is not 0.5 cos(2 pi t)"
import csv, sys
rows = {round(float(r["time"]), 6): float(r["J.phi"]) for r in csv.DictReader(open(sys.argv[1]))}
for t, want in ((0.0, 0.5), (0.5, -0.5), (1.0, 0.5)):
    assert abs(rows[t] - want) < 2e-3, (t, rows[t], want)
PY

# A package with a function building a table: the only model, or named.
"$sim" simulate "$data/Tables.mo" -o "$work/tables.csv" || fail "Tables.mo does not simulate"
"$sim" simulate "$data/Tables.mo" --model Tables.Sliding -o "$work/tables2.csv" || fail "--model Tables.Sliding"
cmp -s "$work/tables.csv" "$work/tables2.csv" || fail "--model Tables.Sliding gives other results"
msg=$("$sim" simulate "$data/Tables.mo" --model Nonesuch -o "$work/x.csv" 2>&1); rc=$?
[ $rc -eq 2 ] || fail "--model Nonesuch: exit $rc, not 2"
echo "$msg" | grep -qF -- "--model Nonesuch: no such model; the models: Tables.Sliding" || fail "--model Nonesuch: $msg"

# Modelica to a diagram and back: the diagram read again is the same file.
"$sim" convert "$data/Oscillator.mo" -o "$work/a.json" || fail "convert Oscillator.mo -o a.json"
"$sim" convert "$work/a.json" -o "$work/b.mo" || fail "convert a.json -o b.mo"
"$sim" convert "$work/b.mo" -o "$work/c.json" || fail "convert b.mo -o c.json"
cmp -s "$work/a.json" "$work/c.json" || { diff "$work/a.json" "$work/c.json" | head; fail "the diagram read back differs"; }

# Outside the subset: refused with file and line, exit 2, nothing written.
msg=$("$sim" convert "$data/Refused.mo" -o "$work/refused.json" 2>&1); rc=$?
[ $rc -eq 2 ] || fail "Refused.mo: exit $rc, not 2"
echo "$msg" | grep -qF "Refused.mo:6: a when-equation is not in the Modelica subset Flange reads" || fail "Refused.mo: $msg"
[ ! -e "$work/refused.json" ] || fail "Refused.mo: a diagram was written"
echo "ok"
