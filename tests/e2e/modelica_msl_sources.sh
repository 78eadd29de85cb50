#!/usr/bin/env bash
# MSL v4.0.0's own Rotational and Translational example sources, read as Modelica: every
# example of $FLANGE_MSL_SOURCES (a folder holding Modelica/Mechanics/{Rotational,
# Translational}/Examples, fetched from modelica/ModelicaStandardLibrary, tag v4.0.0; never
# part of the repository) must import, simulate straight from its .mo file and pass the
# reference kit as the models/msl JSON does, read back the same after being written as
# Modelica (export(import(f)) imports again to the same diagram), and agree with that JSON on instances,
# parameters, start values and connections (modelica_msl_differences.txt lists where it
# differs, and why). Without the sources: exit 77 (skipped).
# usage: modelica_msl_sources.sh FLANGE_SIM REPO_ROOT REFERENCE_KIT
set -u
sim=$1; root=$2; kit=$3
src=${FLANGE_MSL_SOURCES:-}
if [ -z "$src" ] || [ ! -d "$src/Modelica/Mechanics/Rotational/Examples" ]; then
  echo "skipped: FLANGE_MSL_SOURCES does not name a folder with Modelica/Mechanics/Rotational/Examples"
  exit 77
fi
if [ ! -f "$kit/compare.py" ]; then
  echo "skipped: no reference kit at $kit"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
grep -v '^#' "$root/tests/e2e/modelica_msl_differences.txt" | sed 's/ -- .*//' > "$work/allowed"
imported=0; passed=0; agreed=0; total=0; failures=""
for package in Rotational Translational; do
  for mo in "$src/Modelica/Mechanics/$package/Examples/"*.mo; do
    name=$(basename "$mo" .mo)
    [ "$name" = package ] && continue
    total=$((total + 1))
    example="$package/$name"
    if ! "$sim" convert "$mo" -o "$work/$name.json" > "$work/$name.convert" 2>&1; then
      failures+="$example: does not import: $(head -c 300 "$work/$name.convert")"$'\n'
      continue
    fi
    imported=$((imported + 1))
    # Written as Modelica and read again: the same diagram (numbers by value: 1e4 is read
    # as 10000.0, written as 10000).
    if ! "$sim" convert "$work/$name.json" -o "$work/$name.again.mo" > "$work/$name.again" 2>&1 ||
       ! "$sim" convert "$work/$name.again.mo" -o "$work/$name.again.json" >> "$work/$name.again" 2>&1 ||
       ! python3 -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
           "$work/$name.json" "$work/$name.again.json"; then
      failures+="$example: written as Modelica and read again, it is another diagram: $(head -c 300 "$work/$name.again")"$'\n'
    fi
    python3 "$root/tests/e2e/modelica_msl_agree.py" "$work/$name.json" "$root/models/msl/$example.json" \
      "$root/resources/components" | sed "s|^|$example |" > "$work/$name.diff"
    unexplained=$(grep -vxF -f "$work/allowed" "$work/$name.diff")
    if [ -n "$unexplained" ]; then
      failures+="$example: differs from models/msl/$example.json:"$'\n'"$unexplained"$'\n'
    else
      agreed=$((agreed + 1))
    fi
    if [ ! -f "$kit/$example/reference.csv" ]; then
      # Rotational/HeatLosses: the kit has no reference; it must still simulate.
      if "$sim" simulate "$mo" -o "$work/$name.csv" > "$work/$name.sim" 2>&1; then
        passed=$((passed + 1))
      else
        failures+="$example: does not simulate: $(head -c 300 "$work/$name.sim")"$'\n'
      fi
      continue
    fi
    if ! "$sim" simulate "$mo" -o "$work/$name.csv" > "$work/$name.sim" 2>&1; then
      failures+="$example: does not simulate: $(head -c 300 "$work/$name.sim")"$'\n'
      continue
    fi
    if python3 "$kit/compare.py" "$kit/$example/reference.csv" "$work/$name.csv" \
         --signals "$kit/$example/signals.txt" > "$work/$name.cmp" 2>&1; then
      passed=$((passed + 1))
    else
      failures+="$example: fails the reference kit: $(grep FAIL "$work/$name.cmp" | head -3)"$'\n'
    fi
  done
done
echo "$imported of $total MSL example sources import, $passed simulate and pass the reference kit" \
     "(Rotational/HeatLosses, which has no reference, by simulating), $agreed agree with models/msl"
if [ -n "$failures" ]; then
  printf '%s' "$failures"
  exit 1
fi
[ "$total" -eq 31 ] || { echo "FAIL: expected the 31 examples of MSL v4.0.0, found $total"; exit 1; }
