#!/usr/bin/env bash
# flange-sim convert IN.json -o OUT.mo (issue 38): every models/msl example is written as
# Modelica with its declarations, connects, parameters and experiment (modelica_convert.py);
# a diagram with a subsystem of its own (TwoGearboxes) is written as a package that
# simulates to the same results, as is one with components of Flange's own (the
# contact-law gallery: models written from their definitions); a name that is not .mo is
# refused (exit 2), as is a file that cannot be written (exit 5).
#   modelica_convert.sh FLANGE_SIM SOURCE_DIR
set -u
sim=$1; src=$2
dir=$(mktemp -d "${TMPDIR:-/tmp}/flange-modelica.XXXXXX")
trap 'rm -rf "$dir"' EXIT
fail=0; written=0; refused=0
for model in "$src"/models/msl/*/*.json; do
  name=$(basename "$(dirname "$model")")_$(basename "$model" .json)
  msg=$("$sim" convert "$model" -o "$dir/$name.mo" 2>&1); code=$?
  if [ $code -eq 0 ]; then
    if out=$(python3 "$src/tests/e2e/modelica_convert.py" "$model" "$dir/$name.mo"); then
      written=$((written + 1))
    else
      echo "FAIL $name: $out"; fail=1
    fi
  elif [ $code -eq 2 ] && grep -qE "component [A-Za-z0-9_]+ \(.*\): (a subsystem|a class the Modelica Standard Library does not have)" <<<"$msg"; then
    echo "refused $name: $msg"; refused=$((refused + 1))
  else
    echo "FAIL $name: exit $code: $msg"; fail=1
  fi
done
echo "$written examples written as Modelica, $refused refused"
[ "$refused" -eq 0 ] || { echo "FAIL $refused examples refused: every models/msl example is MSL classes only"; fail=1; }
grep -q "Modelica.Mechanics.Rotational.Components.Clutch clutch1(peak=1.1, fn_max=20)" "$dir/Rotational_CoupledClutches.mo" ||
  { echo "FAIL CoupledClutches: clutch1's modifiers"; fail=1; }
grep -q "parameter Real T2=0.4;" "$dir/Rotational_CoupledClutches.mo" || { echo "FAIL CoupledClutches: T2"; fail=1; }
msg=$("$sim" convert "$src/models/msl/Rotational/First.json" -o "$dir/first.txt" 2>&1); code=$?
[ $code -eq 2 ] && grep -qF "name a .mo file" <<<"$msg" || { echo "FAIL a .txt name: exit $code: $msg"; fail=1; }
msg=$("$sim" convert "$src/models/msl/Rotational/First.json" -o "$dir/none/first.mo" 2>&1); code=$?
[ $code -eq 5 ] && grep -qF "$dir/none/first.mo" <<<"$msg" || { echo "FAIL an unwritable file: exit $code: $msg"; fail=1; }
msg=$("$sim" convert "$src/models/gallery/TwoGearboxes.json" -o "$dir/two.mo" 2>&1); code=$?
[ $code -eq 0 ] && grep -q "^package TwoGearboxes$" "$dir/two.mo" && grep -q "^model GearboxWithBacklash " "$dir/two.mo" ||
  { echo "FAIL a subsystem: exit $code: $msg"; fail=1; }
"$sim" simulate "$dir/two.mo" -o "$dir/two_mo.csv" && "$sim" simulate "$src/models/gallery/TwoGearboxes.json" -o "$dir/two_json.csv" &&
  cmp -s "$dir/two_mo.csv" "$dir/two_json.csv" || { echo "FAIL TwoGearboxes.mo does not simulate as TwoGearboxes.json"; fail=1; }
msg=$("$sim" convert "$src/models/gallery/ElastoGapContactLaws.json" -o "$dir/gaps.mo" 2>&1); code=$?
[ $code -eq 0 ] && grep -qF '__Flange(type="Flange.ContactLaws.LinearElastoGap")' "$dir/gaps.mo" ||
  { echo "FAIL a Flange component: exit $code: $msg"; fail=1; }
"$sim" simulate "$dir/gaps.mo" -o "$dir/gaps_mo.csv" && "$sim" simulate "$src/models/gallery/ElastoGapContactLaws.json" -o "$dir/gaps_json.csv" &&
  cmp -s "$dir/gaps_mo.csv" "$dir/gaps_json.csv" || { echo "FAIL ElastoGapContactLaws.mo does not simulate as its JSON"; fail=1; }
[ $fail -eq 0 ] && echo "PASS"
exit $fail
