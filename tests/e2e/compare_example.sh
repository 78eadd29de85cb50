#!/usr/bin/env bash
# Simulates one example and compares it with Dymola's reference (compare.py, tol 2e-3).
# Exit 77 (skipped) when the reference kit is not beside the repository.
set -u
sim=$1; model=$2; ref=$3
if [ ! -f "$ref/reference.csv" ]; then
  echo "skipped: no reference at $ref"
  exit 77
fi
out=$(mktemp --suffix=.csv)
trap 'rm -f "$out"' EXIT
"$sim" simulate "$model" -o "$out" || { echo "flange-sim failed on $model"; exit 1; }
python3 "$ref/../../compare.py" "$ref/reference.csv" "$out" --signals "$ref/signals.txt"
