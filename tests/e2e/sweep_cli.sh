#!/usr/bin/env bash
# flange-sim sweep against flange-sim simulate --set: every run of a grid, and of a sweep
# file with a log range and seeded draws, writes the same rows as the lone run with the
# run's values from plan.csv; an interrupted sweep keeps its finished runs; unknown names
# are refused with exit 2.
#   sweep_cli.sh FLANGE_SIM SOURCE_DIR
set -u
sim=$1
model=$2/models/msl/Rotational/CoupledClutches.json
work=$(mktemp -d "${TMPDIR:-/tmp}/flange-sweep-cli-XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
signals=J1.w,J2.w,J4.w,clutch1.tau

# Each run against flange-sim simulate --set with plan.csv's values.
check_runs() {
  local dir=$1
  local header
  header=$(head -1 "$dir/plan.csv" | tr -d '"')
  IFS=, read -r -a names <<< "$header"
  local count=0
  while IFS=, read -r -a values; do
    local args=()
    for ((i = 1; i < ${#names[@]}; ++i)); do args+=(--set "${names[$i]}=${values[$i]}"); done
    "$sim" simulate "$model" "${args[@]}" --signals "$signals" -o "$work/lone.csv" || fail "simulate ${args[*]}"
    cmp -s "$work/lone.csv" "$dir/run-${values[0]}.csv" || fail "run ${values[0]} of $dir differs from simulate ${args[*]}"
    count=$((count + 1))
  done < <(tail -n +2 "$dir/plan.csv")
  [ "$count" -eq "$2" ] || fail "$dir: $count runs planned, $2 expected"
  [ "$(tail -n +2 "$dir/runs.csv" | grep -c ',"ok","",')" -eq "$2" ] || fail "$dir/runs.csv: not $2 runs ok"
}

"$sim" sweep "$model" --vary clutch1.fn_max=15,25 --vary 'J2.J=0.5:1.5:2' --metric 'lock=event("clutch1", "locked")' \
  --metric 'w=final(J1.w)' --signals "$signals" --jobs 2 -o "$work/grid" 2> "$work/err" || fail "grid sweep: $(cat "$work/err")"
grep -q 'sweep: 4 runs finished (0 failed)' "$work/err" || fail "grid summary: $(cat "$work/err")"
[ "$(head -1 "$work/grid/runs.csv")" = '"run","clutch1.fn_max","J2.J","lock","w","status","message","seconds"' ] ||
  fail "runs.csv header: $(head -1 "$work/grid/runs.csv")"
check_runs "$work/grid" 4

cat > "$work/sweep.json" <<'JSON'
{"format": "flange-sweep", "version": 1,
 "vary": [{"name": "J1.w.start", "spec": "50 rpm:200 rpm:2:log"},
          {"name": "clutch1.fn_max", "spec": "uniform(10,30)"}],
 "samples": 2, "seed": 7,
 "metrics": [{"name": "wmax", "expression": "max(J1.w)"}]}
JSON
"$sim" sweep "$model" --sweep "$work/sweep.json" --signals "$signals" -o "$work/file" 2> "$work/err" ||
  fail "sweep file: $(cat "$work/err")"
check_runs "$work/file" 4
"$sim" sweep "$model" --sweep "$work/sweep.json" -o "$work/again" 2> /dev/null || fail "sweep file again"
cmp -s "$work/file/plan.csv" "$work/again/plan.csv" || fail "the same seed gave another plan.csv"

# Interrupted: the finished runs stay, each a whole line; exit 130.
"$sim" sweep "$model" --vary 'clutch1.fn_max=10:30:20000' --metric 'w=final(J1.w)' --jobs 1 -o "$work/cut" 2> "$work/err" &
pid=$!
for _ in $(seq 1 300); do
  [ -f "$work/cut/runs.csv" ] && [ "$(wc -l < "$work/cut/runs.csv")" -ge 3 ] && break
  sleep 0.1
done
kill -INT "$pid"
wait "$pid"
status=$?
[ "$status" -eq 130 ] || fail "interrupted sweep: exit $status, not 130"
grep -q 'interrupted' "$work/err" || fail "no word of the interruption: $(cat "$work/err")"
finished=$(($(wc -l < "$work/cut/runs.csv") - 1))
[ "$finished" -ge 2 ] && [ "$finished" -lt 20000 ] || fail "interrupted sweep kept $finished runs"
[ "$(tail -n +2 "$work/cut/runs.csv" | grep -c ',"ok","",[0-9.e-]*$')" -eq "$finished" ] || fail "a run's line is cut"
[ "$(wc -l < "$work/cut/plan.csv")" -eq 20001 ] || fail "plan.csv lacks runs"

# Unknown names: exit 2 with the name.
"$sim" simulate "$model" --set clutch9.fn_max=1 -o /dev/null 2> "$work/err"
[ $? -eq 2 ] && grep -q "clutch9" "$work/err" || fail "--set of an unknown instance: $(cat "$work/err")"
"$sim" sweep "$model" --vary J1.K=1,2 -o "$work/bad" 2> "$work/err"
[ $? -eq 2 ] && grep -q "J1.K" "$work/err" || fail "--vary of an unknown parameter: $(cat "$work/err")"
echo "PASS"
