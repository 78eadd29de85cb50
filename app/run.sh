#!/usr/bin/env bash
# The run command: installs missing packages, builds, and simulates a bundled example
# (CoupledClutches by default; pass another diagram as the first argument).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/dev/build.sh
model=${1:-models/msl/Rotational/First.json}
out=build/$(basename "${model%.json}").csv
build/bin/flange-sim simulate "$model" -o "$out" --stats
echo "Result written to $out"
